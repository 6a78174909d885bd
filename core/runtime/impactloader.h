#pragma once

#include "domain/workspace.h"
#include "routing/cooldownbook.h"
#include "routing/impact.h"
#include "store/pastrequests.h"
#include "util/result.h"

#include <QDate>
#include <QObject>
#include <QString>
#include <memory>
#include <optional>

class QThread;

namespace Store {
class Database;
}

namespace Runtime {

// One impact question: the last `count` caller calls replayed through the saved and the edited
// configuration under the health of `health` at `nowMs` (none: every candidate free).
struct ImpactQuery
{
    Domain::Workspace before;
    Domain::Workspace after;
    int count = 1000;
    std::optional<Routing::CooldownBook> health;
    qint64 nowMs = 0;
    QDate todayUtc;
    quint64 serial = 0; // the asker's own number, given back with the answer
};

struct ImpactAnswer
{
    quint64 serial = 0;
    Routing::Impact impact; // impact.calls == 0: no calls to replay yet
    std::optional<Util::Error> error;
    qint64 readMs = 0; // reading the receipts
    qint64 replayMs = 0; // replaying them
};

// The store's past requests as the planner reads them.
QList<Routing::ReplayCall> replayCalls(const QList<Store::PastRequest> &past);

// Runs on the loader's thread with its own read-only connection, opened there on first use.
class ImpactWorker : public QObject
{
    Q_OBJECT
public:
    explicit ImpactWorker(QString databasePath);
    ~ImpactWorker() override;
    void run(const ImpactQuery &query);

Q_SIGNALS:
    void answered(const Runtime::ImpactAnswer &answer);

private:
    QString m_path;
    std::unique_ptr<Store::Database> m_db;
};

// Answers ImpactQuery off the caller's (UI) thread. While one runs, a newer request replaces any
// waiting one, and the running one's answer is dropped when a newer question waits: the latest
// edit wins and typing never waits for a replay.
class ImpactLoader : public QObject
{
    Q_OBJECT
public:
    explicit ImpactLoader(const QString &databasePath, QObject *parent = nullptr);
    ~ImpactLoader() override; // waits for a running replay

    void request(ImpactQuery query);
    bool isBusy() const;

Q_SIGNALS:
    void answered(const Runtime::ImpactAnswer &answer);

private:
    void dispatch(ImpactQuery query);
    void handleAnswer(const ImpactAnswer &answer);

    QThread *m_thread;
    ImpactWorker *m_worker;
    bool m_busy = false;
    std::optional<ImpactQuery> m_waiting;
};

} // namespace Runtime
