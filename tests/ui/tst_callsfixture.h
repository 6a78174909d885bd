#pragma once

// Receipts of five typical calls (served first time, failed over 503 → 200, fell
// back to another model, failed on every attempt, rejected by region constraints), and a database
// that holds them, written through the real Store::ReceiptWriter. Shared by the Calls UI tests.

#include "tempdatabase.h"

#include <QDateTime>
#include <QList>
#include <domain/receipt.h>
#include <memory>
#include <store/database.h>
#include <store/receiptreader.h>
#include <store/receiptwriter.h>

namespace CallsFixture {

using namespace Qt::StringLiterals;

inline QDateTime baseTime()
{
    return QDateTime(QDate(2026, 11, 29), QTime(12, 0, 0), Qt::UTC);
}

inline Domain::Attempt attempt(int index, const QString &deployment, const QString &connection,
                               const QString &region, int status)
{
    Domain::Attempt a;
    a.index = index;
    a.model = u"demo/chat"_s;
    a.deployment = deployment;
    a.connection = connection;
    a.upstreamModel = u"gpt-4o"_s;
    a.region = region;
    a.httpStatus = status;
    a.served = status == 200;
    a.latencyMs = 100 + index * 10;
    a.bytesSent = 300;
    a.bytesReceived = status == 200 ? 900 : 120;
    if (status == 200) {
        a.decision = Domain::fact(Domain::FactCode::AttemptServed, {},
                                  { Domain::fact(Domain::FactCode::Served) });
    } else {
        a.errorClass = Domain::ErrorClass::Overloaded;
        a.retryable = true;
        a.decision = Domain::fact(Domain::FactCode::AttemptRetried, {},
                                  { Domain::fact(Domain::FactCode::StatusTransient, { 503 }) });
    }
    return a;
}

inline Domain::Receipt base(const QString &requestId, int secondsAfterBase)
{
    Domain::Receipt r;
    r.requestId = requestId;
    r.startedAt = baseTime().addSecs(secondsAfterBase);
    r.modelAsked = u"demo/chat"_s;
    r.modelResolved = u"demo/chat"_s;
    r.keyId = u"key_demo"_s;
    r.projectId = u"default"_s;
    return r;
}

inline Domain::Receipt servedFirstTime()
{
    Domain::Receipt r = base(u"req_first"_s, 0);
    r.attempts = { attempt(1, u"openai-2/gpt-4o"_s, u"openai-2"_s, u"us-east-1"_s, 200) };
    r.modelServed = u"demo/chat"_s;
    r.servedBy = u"openai-2"_s;
    r.httpStatus = 200;
    r.usage = { 120, 45 };
    r.cost = 0.0012;
    r.holdTotal = 0.004;
    r.latencyMs = 310;
    r.firstByteMs = 305;
    return r;
}

inline Domain::Receipt failedOver()
{
    Domain::Receipt r = base(u"req_failover"_s, 10);
    Domain::Attempt second = attempt(2, u"azure-eu/gpt-4o"_s, u"azure-eu"_s, u"eu-west-1"_s, 200);
    second.waitMs = 100;
    second.waitReason = Domain::WaitReason::Backoff;
    second.startOffsetMs = 230;
    r.attempts = { attempt(1, u"openai-2/gpt-4o"_s, u"openai-2"_s, u"us-east-1"_s, 503), second };
    r.modelServed = u"demo/chat"_s;
    r.servedBy = u"azure-eu"_s;
    r.httpStatus = 200;
    r.statusClass = Domain::StatusClass::RetriedOk;
    r.errorClass = Domain::ErrorClass::Overloaded;
    r.usage = { 100, 20 };
    r.cost = 0.0009;
    r.latencyMs = 1240;
    return r;
}

inline Domain::Receipt fellBack()
{
    Domain::Receipt r = base(u"req_fallback"_s, 20);
    r.modelAsked = u"org/fast"_s;
    r.alias = u"org/fast"_s;
    Domain::Attempt first = attempt(1, u"openai-2/gpt-4o"_s, u"openai-2"_s, u"us-east-1"_s, 503);
    Domain::Attempt last = attempt(2, u"sim-east/small"_s, u"sim-east"_s, u"us-east-1"_s, 200);
    last.model = u"demo/small"_s;
    last.fallback = true;
    last.waitMs = 100;
    last.waitReason = Domain::WaitReason::Backoff;
    r.attempts = { first, last };
    r.modelServed = u"demo/small"_s;
    r.servedBy = u"sim-east"_s;
    r.fallbackModel = u"demo/small"_s;
    r.fallbackReason = Domain::fact(Domain::FactCode::NoCandidateLeft, { u"demo/chat"_s });
    r.httpStatus = 200;
    r.statusClass = Domain::StatusClass::FellBack;
    r.errorClass = Domain::ErrorClass::Overloaded;
    r.latencyMs = 640;
    return r;
}

inline Domain::Receipt failedEverywhere()
{
    Domain::Receipt r = base(u"req_failed"_s, 30);
    Domain::Attempt a2 = attempt(2, u"openai-2/gpt-4o"_s, u"openai-2"_s, u"us-east-1"_s, 503);
    a2.waitMs = 5000;
    a2.waitReason = Domain::WaitReason::Cooldown;
    Domain::Attempt a3 = attempt(3, u"openai-2/gpt-4o"_s, u"openai-2"_s, u"us-east-1"_s, 0);
    a3.transportError = { Domain::TransportFailure::ConnectRefused, u"Connection refused"_s };
    a3.errorClass = Domain::ErrorClass::Transport;
    a3.waitMs = 2000;
    a3.waitReason = Domain::WaitReason::RetryAfter;
    a3.decision
        = Domain::fact(Domain::FactCode::AttemptFinalGaveUp, {},
                       { Domain::fact(Domain::FactCode::TransportTransient, { u"transport"_s }),
                         Domain::fact(Domain::FactCode::NoAttemptLeft) });
    r.attempts = { attempt(1, u"openai-2/gpt-4o"_s, u"openai-2"_s, u"us-east-1"_s, 503), a2, a3 };
    r.servedBy = u"openai-2"_s;
    r.httpStatus = 503;
    r.errorCode = u"no_healthy_route"_s;
    r.errorMessage = u"Every attempt failed; the last: connection refused"_s;
    r.statusClass = Domain::StatusClass::Failed;
    r.errorClass = Domain::ErrorClass::Transport;
    r.latencyMs = 7400;
    return r;
}

inline Domain::Receipt regionRejected()
{
    Domain::Receipt r = base(u"req_region"_s, 40);
    r.regionHeader = u"ap-south-1"_s;
    r.httpStatus = 400;
    r.errorCode = u"route_constraints_unmet"_s;
    r.errorMessage = u"No authorized deployment meets the route constraints."_s;
    r.statusClass = Domain::StatusClass::Failed;
    r.errorClass = Domain::ErrorClass::None;
    Domain::Skip s1 { u"demo/chat"_s,
                      u"openai-2/gpt-4o"_s,
                      u"openai-2"_s,
                      Domain::SkipReason::OutOfRegion,
                      Domain::DirectiveLevel::None,
                      Domain::fact(Domain::FactCode::RegionNotInHeader,
                                   { u"us-east-1"_s, QStringList { u"ap-south-1"_s } }) };
    Domain::Skip s2 { u"demo/chat"_s,
                      u"azure-eu/gpt-4o"_s,
                      u"azure-eu"_s,
                      Domain::SkipReason::PolicyDenied,
                      Domain::DirectiveLevel::Project,
                      Domain::fact(Domain::FactCode::ProviderDenied,
                                   { u"azure"_s, u"project"_s }) };
    r.skips = { s1, s2 };
    r.latencyMs = 2;
    return r;
}

// The five, oldest first (so the table shows them newest first: region, failed, fallback, …).
inline QList<Domain::Receipt> fiveCalls()
{
    return { servedFirstTime(), failedOver(), fellBack(), failedEverywhere(), regionRejected() };
}

// A database with receipts written through the real writer, and the UI thread's read connection.
struct Store
{
    TempDatabase temp;
    std::unique_ptr<::Store::ReceiptWriter> writer;
    std::unique_ptr<::Store::Database> db;
    std::unique_ptr<::Store::ReceiptReader> reader;

    bool open(const QList<Domain::Receipt> &receipts)
    {
        writer = std::make_unique<::Store::ReceiptWriter>(temp.path());
        if (!writer->start().ok())
            return false;
        if (!write(receipts))
            return false;
        auto opened = ::Store::Database::open(temp.path(), ::Store::Database::Mode::ReadOnly);
        if (!opened.ok())
            return false;
        db = std::move(opened).value();
        reader = std::make_unique<::Store::ReceiptReader>(*db);
        return true;
    }

    bool write(const QList<Domain::Receipt> &receipts)
    {
        for (const Domain::Receipt &r : receipts)
            writer->submit(r);
        return writer->flush().ok();
    }
};

} // namespace CallsFixture
