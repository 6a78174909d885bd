#include "net/sendqueue.h"
#include "net/tcpstream.h"

#include <QTest>
#include <functional>
#include <memory>
#include <sys/socket.h>
#include <unistd.h>

using namespace Gateway;

// What one turn of the event loop writes goes out at the turn's end, and a flush survives what
// the slots it triggers do: write again, forget a socket (its connection is being destroyed) or
// send everything at once (closeAll() ending a stop).
class tst_SendQueue : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void writesOfOneTurnGoOutAtItsEnd();
    void writtenDuringAFlushGoesInTheNextBatch();
    void forgottenDuringAFlushIsNotFlushed();
    void nestedSendAllDuringAFlushLosesNothing();
};

namespace {

// A TcpStream on one end of a socket pair; the test reads the other end. onWritten runs when the
// stream reports bytes sent, as HttpConnection hears them.
struct Peer : TcpStream::Reader
{
    int fd[2] = { -1, -1 };
    std::unique_ptr<TcpStream> stream;
    std::function<void()> onWritten;
    Peer()
    {
        ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, fd);
        stream = std::make_unique<TcpStream>(fd[0]); // owns fd[0]
        stream->setReader(this);
        stream->reportWrites(true);
    }
    void streamReadable() override { }
    void streamWritten(qint64) override
    {
        if (onWritten)
            onWritten();
    }
    ~Peer()
    {
        stream.reset();
        ::close(fd[1]);
    }
    // Written and handed to the queue, as HttpConnection does.
    void write(SendQueue &queue, const QByteArray &data)
    {
        stream->write(data);
        queue.add(stream.get());
    }
    // Everything that arrived so far (QTRY_COMPARE evaluates it more than once).
    QByteArray received()
    {
        char buf[256];
        ssize_t n;
        while ((n = ::read(fd[1], buf, sizeof buf)) > 0)
            got.append(buf, n);
        return got;
    }
    QByteArray got;
};

} // namespace

void tst_SendQueue::writesOfOneTurnGoOutAtItsEnd()
{
    SendQueue queue;
    Peer a, b;
    a.write(queue, "one");
    b.write(queue, "two");
    a.write(queue, "+");
    QCOMPARE(a.received(), QByteArray()); // the turn has not ended
    QTRY_COMPARE(b.received(), QByteArray("two"));
    QCOMPARE(a.received(), QByteArray("one+"));
}

void tst_SendQueue::writtenDuringAFlushGoesInTheNextBatch()
{
    SendQueue queue;
    Peer a, c;
    a.onWritten = [&] { c.write(queue, "reply"); };
    a.write(queue, "first");
    QTRY_COMPARE(a.received(), QByteArray("first"));
    QTRY_COMPARE(c.received(), QByteArray("reply"));
}

void tst_SendQueue::forgottenDuringAFlushIsNotFlushed()
{
    SendQueue queue;
    Peer a, b, c;
    a.onWritten
        = [&] { queue.forget(b.stream.get()); }; // as ~HttpConnection does before deleting it
    for (Peer *p : { &a, &b, &c })
        p->write(queue, "x");
    QTRY_COMPARE(c.received(), QByteArray("x"));
    QCOMPARE(a.received(), QByteArray("x"));
    QCOMPARE(b.received(), QByteArray()); // skipped, never touched
}

void tst_SendQueue::nestedSendAllDuringAFlushLosesNothing()
{
    SendQueue queue;
    Peer a, b, c;
    bool once = true;
    a.onWritten = [&] {
        if (!std::exchange(once, false))
            return;
        c.write(queue, "late");
        queue.sendAll(); // closeAll() at the end of a stop
        QCOMPARE(c.received(), QByteArray("late")); // flushed by the nested sendAll()
        c.write(queue, " and later");
    };
    a.write(queue, "a");
    b.write(queue, "b");
    QTRY_COMPARE(b.received(), QByteArray("b")); // the outer batch went on after the nested one
    QTRY_COMPARE(c.received(), QByteArray("late and later"));
    QCOMPARE(a.received(), QByteArray("a"));
}

QTEST_GUILESS_MAIN(tst_SendQueue)
#include "tst_sendqueue.moc"
