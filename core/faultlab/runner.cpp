#include "faultlab/faultlab.h"

namespace FaultLab {

class RunnerPrivate
{
public:
    Report report;
    QList<Case> cases;
    bool running = false;
};

Runner::Runner(QObject *parent)
    : QObject(parent)
    , d(std::make_unique<RunnerPrivate>())
{
}

Runner::~Runner() = default;

void Runner::start(Domain::WorkspaceSnapshot, const QString &model, const Options &)
{
    d->report = {};
    d->report.model = model;
    d->report.error = QStringLiteral("not implemented");
    QMetaObject::invokeMethod(this, &Runner::finished, Qt::QueuedConnection);
}

void Runner::cancel() { }

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

QList<Case> casesFor(const Domain::Workspace &, const QString &)
{
    return {};
}

QJsonObject toJson(const Report &)
{
    return {};
}

QByteArray toJsonBytes(const Report &)
{
    return {};
}

std::optional<Report> reportFromJson(const QJsonObject &)
{
    return std::nullopt;
}

} // namespace FaultLab
