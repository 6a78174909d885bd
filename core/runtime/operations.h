#pragma once

#include "config/keys.h"
#include "config/problem.h"
#include "config/workspacejson.h"
#include "domain/workspace.h"
#include "util/progress.h"
#include "util/result.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <memory>

namespace Store {
class ConfigStore;
class Database;
} // namespace Store

namespace Runtime {

// The workspace rules both front ends share: the studio applies them as undoable edits of its
// session, the headless commands through Operations, saved at once.

// A new caller key for an existing project; only its hash is kept, the secret is shown once
// (R-SEC-3). "runtime.noProject" when the workspace has no such project.
Util::Result<Config::NewKey> addKey(Domain::Workspace &ws, const QString &projectId,
                                    const QString &name, const QDateTime &now);
// Marks the key revoked and returns it; "runtime.noKey" when there is no such key.
Util::Result<Domain::Key> revokeKey(Domain::Workspace &ws, const QString &keyId);

// Writes the export format (no secrets) to `path` atomically; "runtime.cannotWrite" with the
// system's reason.
Util::Status writeWorkspaceFile(const Domain::Workspace &ws, const QString &path);

// The headless commands on one database file (R-CLI-1, R-CLI-2): it opens (creating and
// migrating) the file, starts nothing, and saves each change as a version by `author`. Runtime
// uses it for its store; the mains only parse arguments and word the results.
class Operations
{
public:
    // Opens the database read-write. A migration of an older file reports its receipts as
    // progress and stops (rolled back) when progress says so.
    static Util::Result<std::unique_ptr<Operations>>
    open(const QString &path, const QString &author, const Util::Progress &progress = {});
    ~Operations();

    QString databasePath() const;
    Store::Database *database() const { return m_db.get(); }
    Store::ConfigStore *configStore() const { return m_store.get(); }
    bool isEmpty() const; // no workspace saved yet

    // The latest saved workspace (the store's NothingSaved on an empty database).
    Util::Result<Domain::Workspace> workspace(int *version = nullptr) const;
    // Saves the demo workspace with a new caller key, as the first version; returns the key's
    // secret.
    Util::Result<QString> createDemoWorkspace();

    struct Imported
    {
        QList<Config::Problem> problems; // warnings, or the errors that refused the file
        int version = 0; // the version saved; 0 when refused or cancelled
        bool cancelled = false;
    };
    // Checks the file (Config::importWorkspace) and saves it as one version (an identical file
    // still saves one, naming `source`). Progress counts kImportSteps: read, checked, saved. An
    // error only when the store fails.
    Util::Result<Imported> importWorkspace(const QByteArray &json, const QString &source,
                                           const Util::Progress &progress = {});
    static constexpr qint64 kImportSteps = Config::kImportSteps + 1;
    Util::Status exportWorkspace(const QString &path) const;

    struct KeyChange
    {
        Domain::Key key;
        QString secret; // a created key's, shown once; empty for a revoked one
        int version = 0;
    };
    Util::Result<KeyChange> createKey(const QString &projectId, const QString &name);
    Util::Result<KeyChange> revokeKey(const QString &keyId);

private:
    Operations(std::unique_ptr<Store::Database> db, QString author);
    Util::Result<int> save(const Domain::Workspace &before, const Domain::Workspace &after);

    std::unique_ptr<Store::Database> m_db;
    std::unique_ptr<Store::ConfigStore> m_store;
    QString m_author;
};

} // namespace Runtime
