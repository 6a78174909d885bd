#pragma once

#include <QObject>
#include <vector>

namespace Gateway {

class TcpStream;

// Sockets written to during one turn of the thread's event loop, handed to the kernel together at
// the end of the turn (EpollDispatcher::atTurnEnd; on another dispatcher, one event posted with the
// turn's first socket), when the turn's other events are done
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
    ~SendQueue() override;

    // Once per socket and turn.
    void add(TcpStream *socket);
    // A socket destroyed before its turn ended. Plain pointers rather than QPointer: guarding
    // each socket on every add read its QObject data, cold with thousands of calls in flight; a
    // destruction is rare and the list is one turn's.
    void forget(TcpStream *socket);
    void sendAll();

private:
    struct Batch // the sockets a sendAll() is going through; a nested sendAll() has its own
    {
        std::vector<TcpStream *> sockets;
        Batch *outer = nullptr;
    };
    std::vector<TcpStream *> m_sockets; // this turn's, not yet taken by sendAll()
    Batch *m_flushing = nullptr; // the innermost batch being flushed, if any
};

} // namespace Gateway
