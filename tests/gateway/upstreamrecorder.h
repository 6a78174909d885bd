#pragma once

#include "net/upstreamtransport.h"

#include <functional>
#include <memory>

// What an UpstreamCall reported to its receiver, with optional reactions (a test pausing the
// reading when the answer starts, say). Attach it right after UpstreamTransport::send().
struct UpstreamRecorder : Gateway::UpstreamCall::Receiver
{
    Gateway::UpstreamCall *call = nullptr;
    std::shared_ptr<Gateway::UpstreamCall> owned; // shared: a copy of the record keeps it
    int status = 0;
    Gateway::HeaderList headers;
    QByteArray body;
    bool finished = false;
    bool failed = false;
    Gateway::FailurePhase phase = Gateway::FailurePhase::Connect;
    QString message;
    std::function<void()> onStarted;
    std::function<void()> onBody;
    std::function<void()> onFinished;

    void attach(std::unique_ptr<Gateway::UpstreamCall> c)
    {
        owned = std::move(c);
        call = owned.get();
        call->setReceiver(this);
    }
    bool done() const { return finished || failed; }

    void upstreamStarted(int s, const Gateway::HeaderList &h) override
    {
        status = s;
        headers = h;
        if (onStarted)
            onStarted();
    }
    void upstreamBody(const QByteArray &data) override
    {
        body += data;
        if (onBody)
            onBody();
    }
    void upstreamFinished() override
    {
        finished = true;
        if (onFinished)
            onFinished();
    }
    void upstreamFailed(Gateway::FailurePhase p, const QString &m) override
    {
        failed = true;
        phase = p;
        message = m;
    }
};
