#pragma once

#include <QObject>
#include <QPointer>
#include <vector>

namespace Gateway {

class TcpStream;

// Sockets written to during one turn of the thread's event loop, handed to the kernel together by
// one event posted with the turn's first socket, delivered when the turn's other events are done
// (and whichever way the loop runs: a test's processEvents() never blocks). Two things follow:
// - one system call per answer, however many pieces it was written in;
// - everything a slot does after writing an answer happens before the caller can see the answer's
//   last byte (the call's receipt is queued first: README "Durability").
// Without a dispatcher (no event loop on the thread yet) a socket is flushed at once.
class SendQueue : public QObject
{
    Q_OBJECT
public:
    explicit SendQueue(QObject *parent = nullptr);

    // Once per socket and turn; the socket may be destroyed before the turn ends.
    void add(TcpStream *socket);
    void sendAll();

private:
    std::vector<QPointer<TcpStream>> m_sockets;
};

} // namespace Gateway
