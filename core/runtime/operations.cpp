#include "operations.h"

#include "config/changelist.h"
#include "config/demo.h"
#include "probes/probeset.h"
#include "store/configstore.h"
#include "store/database.h"
#include "store/probestore.h"

#include <QSaveFile>

using namespace Qt::StringLiterals;

namespace Runtime {

Util::Result<Config::NewKey> addKey(Domain::Workspace &ws, const QString &projectId,
                                    const QString &name, const QDateTime &now)
{
    if (name.trimmed().isEmpty())
        return Util::Error { u"runtime.noKeyName"_s };
    if (!ws.project(projectId))
        return Util::Error { u"runtime.noProject"_s, {}, { projectId } };
    Config::NewKey key = Config::makeKey(projectId, name, now);
    ws.keys.append(key.key);
    return key;
}

Util::Result<Domain::Key> revokeKey(Domain::Workspace &ws, const QString &keyId)
{
    for (Domain::Key &key : ws.keys) {
        if (key.id == keyId) {
            key.revoked = true;
            return key;
        }
    }
    return Util::Error { u"runtime.noKey"_s, {}, { keyId } };
}

Util::Status writeWorkspaceFile(const Domain::Workspace &ws, const QString &path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(Config::exportWorkspace(ws)) < 0
        || !file.commit())
        return Util::Error { u"runtime.cannotWrite"_s, {}, { path }, file.errorString() };
    return Util::Ok {};
}

Operations::Operations(std::unique_ptr<Store::Database> db, QString author)
    : m_db(std::move(db))
    , m_store(std::make_unique<Store::ConfigStore>(*m_db))
    , m_author(std::move(author))
{
}

Operations::~Operations() = default;

Util::Result<std::unique_ptr<Operations>>
Operations::open(const QString &path, const QString &author, const Util::Progress &progress)
{
    auto db = Store::Database::open(path, Store::Database::Mode::ReadWrite, progress);
    if (!db)
        return db.error();
    return std::unique_ptr<Operations>(new Operations(std::move(db).value(), author));
}

QString Operations::databasePath() const
{
    return m_db->path();
}

bool Operations::isEmpty() const
{
    return m_store->isEmpty();
}

Util::Result<Domain::Workspace> Operations::workspace(int *version) const
{
    return m_store->load(version);
}

Util::Result<QString> Operations::createDemoWorkspace()
{
    Domain::Workspace ws = Config::demoWorkspace();
    const QString project = ws.projects.isEmpty() ? u"default"_s : ws.projects.first().id;
    Config::NewKey key = Config::makeKey(project, u"demo"_s, QDateTime::currentDateTimeUtc());
    key.key.limits.requestsPerMinute = 600; // the x-ratelimit-* headers show on the first call
    ws.keys.append(key.key);
    // History holds facts in fixed English, whichever program created the workspace.
    const Util::Result<int> saved
        = m_store->save(ws, { Config::workspaceCreated(ws.name) }, m_author);
    if (!saved)
        return saved.error();
    return key.secret;
}

Util::Result<Operations::Imported> Operations::importWorkspace(const QByteArray &json,
                                                               const QString &source,
                                                               const Util::Progress &progress)
{
    std::optional<Domain::Workspace> current;
    if (!m_store->isEmpty()) {
        Util::Result<Domain::Workspace> loaded = m_store->load();
        if (!loaded)
            return loaded.error();
        current = std::move(loaded).value();
    }
    bool stop = false;
    const Config::ImportResult checked
        = Config::importWorkspace(json, current ? &*current : nullptr, [&](qint64 done, qint64) {
              stop = stop || !Util::report(progress, done, kImportSteps);
              return !stop;
          });
    Imported out;
    out.problems = checked.problems;
    out.cancelled = stop || checked.cancelled;
    if (out.cancelled || !checked.workspace)
        return out;
    QList<Config::Change> changes
        = Config::changeList(current.value_or(Domain::Workspace {}), *checked.workspace);
    if (changes.isEmpty())
        changes << Config::Change {
            Config::Change::Entity::Workspace, checked.workspace->name, u"import"_s, {}, {}, source
        };
    const Util::Result<int> saved = m_store->save(*checked.workspace, changes, m_author);
    if (!saved)
        return saved.error();
    out.version = *saved;
    Util::report(progress, kImportSteps, kImportSteps);
    return out;
}

Util::Status Operations::exportWorkspace(const QString &path) const
{
    Util::Result<Domain::Workspace> ws = workspace();
    if (!ws)
        return ws.error();
    // SPEC §5: the offerings' recent probe results go with their declared capabilities.
    const qint64 windowStart
        = QDateTime::currentMSecsSinceEpoch() - qint64(ws->probeWindowHours) * 3600 * 1000;
    if (const auto recent = Store::ProbeStore(*m_db).since(windowStart))
        Store::applyProbeCounts(ws.value(), *recent, Probes::probeSet().version);
    return writeWorkspaceFile(*ws, path);
}

Util::Result<Operations::KeyChange> Operations::createKey(const QString &projectId,
                                                          const QString &name)
{
    Util::Result<Domain::Workspace> loaded = workspace();
    if (!loaded)
        return loaded.error();
    Domain::Workspace ws = *loaded;
    const Util::Result<Config::NewKey> created
        = addKey(ws, projectId, name, QDateTime::currentDateTimeUtc());
    if (!created)
        return created.error();
    const Util::Result<int> saved = save(*loaded, ws);
    if (!saved)
        return saved.error();
    return KeyChange { created->key, created->secret, *saved };
}

Util::Result<Operations::KeyChange> Operations::revokeKey(const QString &keyId)
{
    Util::Result<Domain::Workspace> loaded = workspace();
    if (!loaded)
        return loaded.error();
    Domain::Workspace ws = *loaded;
    const Util::Result<Domain::Key> revoked = ::Runtime::revokeKey(ws, keyId);
    if (!revoked)
        return revoked.error();
    const Util::Result<int> saved = save(*loaded, ws);
    if (!saved)
        return saved.error();
    return KeyChange { *revoked, {}, *saved };
}

// A version per change; a change that changes nothing (a key revoked twice) saves none.
Util::Result<int> Operations::save(const Domain::Workspace &before, const Domain::Workspace &after)
{
    const QList<Config::Change> changes = Config::changeList(before, after);
    if (changes.isEmpty())
        return m_store->latestVersion();
    return m_store->save(after, changes, m_author);
}

} // namespace Runtime
