#include "net/sendqueue.h"

#include "net/epolldispatcher.h"
#include "net/tcpstream.h"

#include <QAbstractEventDispatcher>
#include <QThread>
#include <algorithm>

namespace Gateway {

SendQueue::SendQueue(QObject *parent)
    : QObject(parent)
{
}

SendQueue::~SendQueue()
{
    if (EpollDispatcher *d = EpollDispatcher::of(thread()))
        d->cancelTurnEnd(this);
}

void SendQueue::add(TcpStream *socket)
{
    if (m_sockets.empty()) {
        QAbstractEventDispatcher *dispatcher = QAbstractEventDispatcher::instance(thread());
        if (!dispatcher) {
            socket->flush(); // no event loop on this thread yet
            return;
        }
        if (auto *epoll = qobject_cast<EpollDispatcher *>(dispatcher))
            epoll->atTurnEnd(this, [](void *q) { static_cast<SendQueue *>(q)->sendAll(); });
        else
            QMetaObject::invokeMethod(this, &SendQueue::sendAll, Qt::QueuedConnection);
    }
    if (m_sockets.empty() || m_sockets.back() != socket) // a stream's events in one turn: once
        m_sockets.emplace_back(socket);
}

void SendQueue::forget(TcpStream *socket)
{
    const auto clear = [socket](std::vector<TcpStream *> &sockets) {
        std::replace(sockets.begin(), sockets.end(), socket, static_cast<TcpStream *>(nullptr));
    };
    clear(m_sockets);
    for (Batch *batch = m_flushing; batch; batch = batch->outer)
        clear(batch->sockets);
}

void SendQueue::sendAll()
{
    // flush() may emit signals whose slots write again (those join the next batch), destroy a
    // socket of this batch (forget() clears its entry) or end a stop with closeAll(), which calls
    // sendAll() again.
    Batch batch { std::move(m_sockets), m_flushing };
    m_sockets.clear();
    m_flushing = &batch;
    for (TcpStream *const socket : batch.sockets) {
        if (socket)
            socket->flush();
    }
    m_flushing = batch.outer;
    if (m_sockets.empty()) {
        batch.sockets.clear();
        m_sockets.swap(batch.sockets); // keeps the capacity for the next turn
    }
}

} // namespace Gateway
