#include "sendqueue.h"

#include "tcpstream.h"

#include <QAbstractEventDispatcher>
#include <QThread>

namespace Gateway {

SendQueue::SendQueue(QObject *parent)
    : QObject(parent)
{
}

void SendQueue::add(TcpStream *socket)
{
    if (m_sockets.empty()) {
        if (!QAbstractEventDispatcher::instance(thread())) {
            socket->flush(); // no event loop on this thread yet
            return;
        }
        QMetaObject::invokeMethod(this, &SendQueue::sendAll, Qt::QueuedConnection);
    }
    if (m_sockets.empty() || m_sockets.back() != socket) // a stream's events in one turn: once
        m_sockets.emplace_back(socket);
}

void SendQueue::sendAll()
{
    // flush() may emit signals whose slots write again: those join the next batch.
    std::vector<QPointer<TcpStream>> sockets;
    sockets.swap(m_sockets);
    for (const QPointer<TcpStream> &socket : sockets) {
        if (socket)
            socket->flush();
    }
    if (m_sockets.empty()) {
        sockets.clear();
        m_sockets.swap(sockets); // keeps the capacity for the next turn
    }
}

} // namespace Gateway
