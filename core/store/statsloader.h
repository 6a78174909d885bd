#pragma once

#include "receiptstats.h"

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

class QThread;

namespace Store {

class Database;

// One dashboard question (R-UI-7): the buckets of a window, for all calls or one model or
// connection.
struct StatsQuery
{
    QDateTime from; // UTC, the first bucket's start
    qint64 bucketMs = 60000;
    int count = 0;
    StatsFilter filter;
    // The Keys screen's mixed-model session figures per key, over the same window (days long
    // there: past the Dashboard's limits, whose figures are then left out).
    bool sessions = false;

    bool operator==(const StatsQuery &) const = default;
};

// Its answer: the buckets, or an error.
struct StatsAnswer
{
    StatsQuery query;
    QList<StatsBucket> buckets;
    QList<EndpointStats> endpoints; // the whole window's calls per endpoint
    std::optional<Util::Error> error;
    qint64 elapsedMs = 0; // how long the worker took
    QList<KindStats> notCallerTraffic; // the window's probes and rehearsals, with their cost
    QList<DeploymentFailures> failures; // the window's cost of failure per deployment
    QList<Store::KeySessionStats> sessions; // only when query.sessions; by key id
    // The gateway instances of the newest receipts (ReceiptReader::recentInstances), with the
    // Dashboard's figures: its scope offers them when there are several.
    QStringList instances;
};

// Runs on the loader's thread with its own read-only connection, opened there on first use (a
// connection is used only by the thread that opened it).
class StatsWorker : public QObject
{
    Q_OBJECT
public:
    explicit StatsWorker(QString databasePath);
    ~StatsWorker() override;
    void run(const StatsQuery &query);

Q_SIGNALS:
    void answered(const Store::StatsAnswer &answer);

private:
    QString m_path;
    std::unique_ptr<Database> m_db;
};

// Answers StatsQuery off the caller's (UI) thread, so a day of receipts never freezes the studio.
// While one query runs, a newer request replaces any waiting one: the charts get the latest
// question answered, not every intermediate one.
class StatsLoader : public QObject
{
    Q_OBJECT
public:
    explicit StatsLoader(const QString &databasePath, QObject *parent = nullptr);
    ~StatsLoader() override; // waits for a running query

    void request(const StatsQuery &query);
    bool isBusy() const;

Q_SIGNALS:
    void answered(const Store::StatsAnswer &answer);

private:
    void dispatch(const StatsQuery &query);
    void handleAnswer(const StatsAnswer &answer);

    QThread *m_thread;
    StatsWorker *m_worker;
    bool m_busy = false;
    std::optional<StatsQuery> m_waiting;
};

} // namespace Store
