#pragma once

#include <QObject>
#include <QPointer>
#include <vector>

class QTcpSocket;

namespace Gateway {

// Sockets written to during one turn of the thread's event loop, handed to the kernel together
// just before the loop waits again (the dispatcher's aboutToBlock). Two things follow:
// - QAbstractSocket would otherwise wait for its write notifier: a turn of the loop and two
//   epoll_ctl calls per answer later;
// - everything a slot does after writing an answer happens before the caller can see the answer's
//   last byte (the call's receipt is queued first: README "Durability").
// A socket not sent here (a nested loop that never blocks) still goes out through Qt's own write
// notifier.
class SendQueue : public QObject
{
    Q_OBJECT
public:
    explicit SendQueue(QObject *parent = nullptr);

    // Once per socket and turn; the socket may be destroyed before the turn ends.
    void add(QTcpSocket *socket);
    void sendAll();

private:
    bool m_connected = false;
    std::vector<QPointer<QTcpSocket>> m_sockets;
};

} // namespace Gateway
