#pragma once

#include "config/changelist.h"
#include "domain/workspace.h"
#include "util/result.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

class QSqlQuery;

namespace Store {

class Database;

// One saved version of the workspace: who saved it, when, and the changes the preview listed, as
// facts (R-UI-10).
struct VersionInfo
{
    int version = 0;
    QDateTime savedAt; // UTC
    QString author;
    QList<Config::Change> changes;

    bool operator==(const VersionInfo &) const = default;
};

// Whole-workspace snapshots with a change history (R-UI-10). Snapshots are serialised by
// core/config and never hold a secret: Stored credentials live in their own table and are filled in
// on load.
class ConfigStore
{
public:
    explicit ConfigStore(Database &db);

    bool isEmpty() const; // no version saved yet
    // The latest version, with stored secrets filled in.
    // The latest version; `version`, when given, receives its number (the one the content is of,
    // even when another process saves meanwhile).
    Util::Result<Domain::Workspace> load(int *version = nullptr) const;
    // One transaction: one new version row (changes as language-free JSON, author, time, full
    // snapshot) and the stored secrets. Returns the new version number. With `basedOn` (the
    // version the edit started from) it is a compare-and-swap: when another process saved since,
    // nothing is saved and the error is ErrorCode::ChangedElsewhere naming that version and its
    // author; two saves racing for the same number end the same way for the later one. On
    // PostgreSQL the new version is announced on kVersionChannel (its number as the payload).
    Util::Result<int> save(const Domain::Workspace &ws, const QList<Config::Change> &changes,
                           const QString &author, int basedOn = -1);
    static constexpr QLatin1StringView kVersionChannel { "switchboard_version" };
    QList<VersionInfo> versions() const; // newest first
    std::optional<VersionInfo> versionInfo(int version) const;
    int latestVersion() const; // 0 when empty, -1 when it cannot be read
    // An older version, with the current stored secrets filled in for connections that still have
    // one.
    Util::Result<Domain::Workspace> loadVersion(int version) const;

private:
    Util::Status fillSecrets(Domain::Workspace &ws) const;
    Util::Error changedElsewhere(int latest) const;
    // `insert` is the caller's, freed after the transaction ends.
    Util::Status writeSecrets(const QHash<QString, QString> &secrets, QSqlQuery &insert);

    Database &m_db;
};

} // namespace Store
