#pragma once

#include "faultlab/faultlab.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>

class QNetworkAccessManager;
class QNetworkReply;

namespace FaultLab {

// The lab's caller: one real HTTP call to the private gateway, the answer read the way a client
// SDK reads it (status, error code, the headers the rules read; for a stream its SSE events).
class LabCaller : public QObject
{
    Q_OBJECT
public:
    explicit LabCaller(QObject *parent = nullptr);
    ~LabCaller() override;

    // address: "127.0.0.1:port"; path "/v1/chat/completions" or "/v1/messages". giveUpMs: the
    // lab stops waiting (a transport error) after it.
    void call(const QString &address, const QString &path, const QString &secret,
              const QByteArray &body, bool stream, int giveUpMs);
    void abort();

Q_SIGNALS:
    void finished(const FaultLab::CallerView &seen, qint64 elapsedMs);

private:
    void handleFinished();

    QNetworkAccessManager *m_network = nullptr;
    QPointer<QNetworkReply> m_reply;
    QTimer m_giveUp;
    QElapsedTimer m_clock;
    bool m_stream = false;
    bool m_gaveUp = false;
};

// Reads an answer body into `seen` (errorCode, model; for a stream events, errorEventCode,
// doneSeen). Pure, for tests.
void readBody(const QByteArray &body, bool stream, CallerView &seen);

} // namespace FaultLab
