#include "faultlab/faultlab.h"
#include "faultlab/judge.h"
#include "faultlab/labcaller.h"
#include "faultlab/labsetup.h"
#include "gateway/gatewayservice.h"
#include "store/database.h"
#include "store/receiptreader.h"
#include "store/receiptwriter.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QPointer>
#include <QRandomGenerator>

using namespace Qt::StringLiterals;

Q_LOGGING_CATEGORY(lcFaultLab, "sb.faultlab")

namespace FaultLab {
namespace {

// How long past the scaled deadline the lab's caller waits before it gives up on an answer.
constexpr int kGiveUpSlackMs = 5000;
// One caller at a time: a small limit, well inside any open-file limit.
constexpr int kMaxConnections = 16;

QString errorText(const Util::Error &e)
{
    if (e.code == u"faultlab.unknownModel"_s)
        return u"no model named %1"_s.arg(e.name(0));
    if (e.code == u"faultlab.noKey"_s) {
        return e.name(0).isEmpty() ? u"no caller key to copy: create one first"_s
                                   : u"no caller key with id %1"_s.arg(e.name(0));
    }
    if (e.code == u"faultlab.refused"_s) {
        return u"the gateway would refuse the call before any attempt: %1 %2 %3"_s.arg(e.number(0))
            .arg(e.name(1), e.message);
    }
    return Util::logText(e);
}

} // namespace

class RunnerPrivate
{
public:
    explicit RunnerPrivate(Runner *q)
        : q(q)
    {
    }

    void fail(const QString &message);
    bool openStore(const Options &options);
    void startCase();
    void handleStarted(const QString &address);
    void handleAnswered(const CallerView &seen, qint64 elapsedMs);
    void handleStopped();
    void finishCase();
    void finishRun();

    Runner *q;
    Report report;
    QList<Case> cases;
    std::optional<LabSetup> lab;
    Options options;
    bool running = false;
    bool cancelled = false;
    int index = -1;
    CaseResult current;
    QElapsedTimer clock;
    std::unique_ptr<Store::ReceiptWriter> ownWriter;
    Store::ReceiptWriter *writer = nullptr;
    std::unique_ptr<Store::Database> db;
    std::unique_ptr<Store::ReceiptReader> reader;
    QPointer<Gateway::GatewayService> gateway;
    LabCaller *caller = nullptr;
};

void RunnerPrivate::fail(const QString &message)
{
    report.error = message;
    QMetaObject::invokeMethod(
        q, [this] { finishRun(); }, Qt::QueuedConnection);
}

bool RunnerPrivate::openStore(const Options &opts)
{
    writer = opts.writer;
    if (!writer) {
        if (opts.databasePath.isEmpty()) {
            fail(u"no database for the rehearsal's receipts"_s);
            return false;
        }
        ownWriter = std::make_unique<Store::ReceiptWriter>(opts.databasePath);
        if (const Util::Status s = ownWriter->start(); !s) {
            fail(Util::logText(s.error()));
            return false;
        }
        writer = ownWriter.get();
    }
    auto opened = Store::Database::open(writer->path(), Store::Database::Mode::ReadOnly);
    if (!opened) {
        fail(Util::logText(opened.error()));
        return false;
    }
    db = std::move(opened).value();
    reader = std::make_unique<Store::ReceiptReader>(*db);
    return true;
}

void RunnerPrivate::startCase()
{
    ++index;
    if (cancelled || index >= cases.size())
        return finishRun();
    current = {};
    current.testCase = cases.at(index);
    Q_EMIT q->caseStarted(index);
    Gateway::GatewayOptions go;
    go.address = QHostAddress::LocalHost;
    go.port = 0;
    go.shutdownGraceMs = 0;
    go.maxConnections = kMaxConnections;
    go.callKind = Domain::CallKind::Rehearsal;
    go.injectedFaults = faultsFor(*lab, current.testCase);
    const quint64 seed
        = options.seed ? options.seed + quint64(index) : QRandomGenerator::system()->generate64();
    go.routingSeed = seed;
    go.simulatorSeed = quint32(seed) | 1u;
    gateway = new Gateway::GatewayService(q);
    gateway->setReceiptWriter(writer);
    QObject::connect(gateway, &Gateway::GatewayService::started, q,
                     [this](const QString &address) { handleStarted(address); });
    QObject::connect(gateway, &Gateway::GatewayService::failed, q, [this](const QString &m) {
        current.error = u"the lab's gateway did not start: %1"_s.arg(m);
        finishCase();
    });
    QObject::connect(gateway, &Gateway::GatewayService::stopped, q, [this] { handleStopped(); });
    gateway->start(go, std::make_shared<const Domain::Workspace>(lab->workspace));
}

void RunnerPrivate::handleStarted(const QString &address)
{
    const Case &c = current.testCase;
    const QString path = lab->endpoint == Domain::Endpoint::Messages ? u"/v1/messages"_s
                                                                     : u"/v1/chat/completions"_s;
    caller->call(address, path, lab->secret, requestBody(*lab, c.stream), c.stream,
                 lab->plan.recovery.deadlineMs + kGiveUpSlackMs);
}

void RunnerPrivate::handleAnswered(const CallerView &seen, qint64 elapsedMs)
{
    current.seen = seen;
    current.elapsedMs = elapsedMs;
    current.requestId = seen.header(u"x-request-id"_s);
    if (gateway)
        gateway->stop(); // every receipt is submitted before stopped()
}

void RunnerPrivate::handleStopped()
{
    if (const Util::Status s = writer->flush(); !s)
        current.error = u"receipts not written: %1"_s.arg(Util::logText(s.error()));
    else if (!current.requestId.isEmpty())
        current.receipt = reader->receiptByRequestId(current.requestId);
    if (current.receipt) {
        const Domain::Receipt &r = *current.receipt;
        current.attempts = int(r.attempts.size());
        for (const Domain::Attempt &a : r.attempts) {
            current.waitsMs << a.waitMs;
            if (a.served) {
                current.servedBy = a.connection;
                current.servedDeployment = a.deployment;
            }
        }
        current.fallbackModel = r.fallbackModel;
    } else if (current.error.isEmpty()) {
        current.error = current.seen.transportError.isEmpty()
            ? u"no receipt for request id \"%1\""_s.arg(current.requestId)
            : current.seen.transportError;
    }
    current.checks = judge(*lab, current.testCase, current);
    finishCase();
}

void RunnerPrivate::finishCase()
{
    if (gateway) {
        gateway->disconnect(q);
        gateway->deleteLater();
        gateway = nullptr;
    }
    report.results << current;
    Q_EMIT q->caseFinished(index, current);
    QMetaObject::invokeMethod(
        q, [this] { startCase(); }, Qt::QueuedConnection);
}

void RunnerPrivate::finishRun()
{
    running = false;
    report.cancelled = cancelled;
    report.elapsedMs = clock.isValid() ? clock.elapsed() : 0;
    reader.reset();
    db.reset();
    if (ownWriter)
        ownWriter->stop();
    ownWriter.reset();
    writer = nullptr;
    Q_EMIT q->finished();
}

Runner::Runner(QObject *parent)
    : QObject(parent)
    , d(std::make_unique<RunnerPrivate>(this))
{
    d->caller = new LabCaller(this);
    connect(d->caller, &LabCaller::finished, this,
            [this](const CallerView &seen, qint64 ms) { d->handleAnswered(seen, ms); });
}

Runner::~Runner()
{
    d->cancelled = true;
    d->caller->disconnect(this);
    d->caller->abort();
    delete d->gateway; // ends its calls at once and joins its thread
}

void Runner::start(Domain::WorkspaceSnapshot workspace, const QString &model,
                   const Options &options)
{
    if (d->running)
        return;
    d->running = true;
    d->cancelled = false;
    d->index = -1;
    d->options = options;
    d->report = {};
    d->report.model = model;
    d->report.scale = qMax(1, options.scale);
    d->report.minimumMs = qMax(1, options.minimumMs);
    d->clock.start();
    d->lab.reset();
    d->cases.clear();
    if (!workspace)
        return d->fail(u"no workspace"_s);
    auto lab = makeLab(*workspace, model, options);
    if (!lab)
        return d->fail(errorText(lab.error()));
    d->lab = std::move(lab).value();
    d->report.keyId = d->lab->keyId;
    d->report.relaxed = d->lab->relaxed;
    d->cases = options.cases.isEmpty() ? casesFor(*workspace, model) : options.cases;
    if (!d->openStore(options))
        return;
    qCDebug(lcFaultLab) << "rehearsing" << model << d->cases.size() << "cases";
    QMetaObject::invokeMethod(
        this, [this] { d->startCase(); }, Qt::QueuedConnection);
}

void Runner::cancel()
{
    if (!d->running)
        return;
    d->cancelled = true; // the case in progress finishes and is judged; none starts after it
}

bool Runner::isRunning() const
{
    return d->running;
}

QList<Case> Runner::cases() const
{
    return d->cases;
}

const Report &Runner::report() const
{
    return d->report;
}

} // namespace FaultLab
