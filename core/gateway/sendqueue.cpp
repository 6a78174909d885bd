#include "sendqueue.h"

#include "tcpstream.h"

#include <QAbstractEventDispatcher>
#include <QThread>
#include <algorithm>

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

void SendQueue::forget(TcpStream *socket)
{
    std::replace(m_sockets.begin(), m_sockets.end(), socket, static_cast<TcpStream *>(nullptr));
}

void SendQueue::sendAll()
{
    // flush() may emit signals whose slots write again: those sockets join this pass, flushed
    // after the slot returned. By index: the list may grow meanwhile (or be emptied by a nested
    // sendAll(), closeAll() at the end of a stop).
    for (size_t i = 0; i < m_sockets.size(); ++i) {
        if (TcpStream *const socket = m_sockets[i])
            socket->flush();
    }
    m_sockets.clear(); // keeps the capacity for the next turn
}

} // namespace Gateway
