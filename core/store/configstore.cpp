#include "configstore.h"

#include "config/workspacejson.h"
#include "database.h"
#include "storeutil.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>

using namespace Qt::StringLiterals;

namespace Store {
namespace {

using Domain::Credential;

// Takes the Stored secrets out of ws (R-SEC-3): they go to connection_secret, never into a
// snapshot.
QHash<QString, QString> takeSecrets(Domain::Workspace &ws)
{
    QHash<QString, QString> secrets;
    for (Domain::Connection &c : ws.connections) {
        if (c.credential.kind == Credential::Kind::Stored)
            secrets.insert(c.name, c.credential.secret);
        c.credential.secret.clear();
    }
    return secrets;
}

VersionInfo readVersionInfo(const QSqlQuery &q)
{
    return VersionInfo { q.value(0).toInt(),
                         QDateTime::fromString(q.value(1).toString(), Qt::ISODateWithMs),
                         q.value(2).toString(),
                         Config::changesFromJson(q.value(3).toString().toUtf8()) };
}

} // namespace

ConfigStore::ConfigStore(Database &db)
    : m_db(db)
{
}

bool ConfigStore::isEmpty() const
{
    return latestVersion() == 0;
}

int ConfigStore::latestVersion() const
{
    QSqlQuery q(m_db.handle());
    if (!q.exec(u"SELECT COALESCE(MAX(version), 0) FROM workspace_version"_s) || !q.next()) {
        qCWarning(lcStore) << "cannot read the latest workspace version:" << q.lastError().text();
        return -1;
    }
    return q.value(0).toInt();
}

Util::Result<Domain::Workspace> ConfigStore::load(int *version) const
{
    const int latest = latestVersion();
    if (latest == 0)
        return storeError(ErrorCode::NothingSaved);
    if (version)
        *version = latest;
    return loadVersion(latest);
}

Util::Result<Domain::Workspace> ConfigStore::loadVersion(int version) const
{
    QSqlQuery q(m_db.handle());
    q.prepare(u"SELECT snapshot FROM workspace_version WHERE version = ?"_s);
    q.bindValue(0, version);
    if (!q.exec())
        return sqlError(ErrorCode::CannotReadVersion, { qint64(version) }, q.lastError());
    if (!q.next())
        return storeError(ErrorCode::NoSuchVersion, { qint64(version) });
    Config::ImportResult imported
        = Config::importWorkspace(q.value(0).toString().toUtf8(), nullptr);
    if (!imported.workspace) {
        // What is wrong with a snapshot this store wrote, in its stable form: for a report.
        const QString what
            = imported.problems.isEmpty() ? QString() : Config::describe(imported.problems.first());
        return storeError(ErrorCode::UnreadableSnapshot, { qint64(version) }, what);
    }
    Domain::Workspace ws = std::move(*imported.workspace);
    if (Util::Status filled = fillSecrets(ws); !filled)
        return filled.error();
    return ws;
}

Util::Status ConfigStore::fillSecrets(Domain::Workspace &ws) const
{
    QSqlQuery q(m_db.handle());
    if (!q.exec(u"SELECT connection, secret FROM connection_secret"_s))
        return sqlError(ErrorCode::CannotReadSecrets, {}, q.lastError());
    QHash<QString, QString> secrets;
    while (q.next())
        secrets.insert(q.value(0).toString(), q.value(1).toString());
    for (Domain::Connection &c : ws.connections) {
        if (c.credential.kind == Credential::Kind::Stored)
            c.credential.secret = secrets.value(c.name);
    }
    return Util::Ok {};
}

Util::Result<int> ConfigStore::save(const Domain::Workspace &ws,
                                    const QList<Config::Change> &changes, const QString &author,
                                    int basedOn)
{
    Domain::Workspace snapshot = ws;
    const QHash<QString, QString> secrets = takeSecrets(snapshot);
    const QByteArray json
        = QJsonDocument(Config::workspaceToJson(snapshot)).toJson(QJsonDocument::Compact);
    int version = 0;
    // Outside the transaction: PostgreSQL frees a prepared statement only outside a failed one.
    QSqlQuery insert(m_db.handle());
    QSqlQuery insertSecret(m_db.handle());
    Util::Status status = m_db.transaction([&]() -> Util::Status {
        const int latest = latestVersion();
        if (latest < 0)
            return storeError(ErrorCode::CannotSaveWorkspace, {}, u"cannot read the version"_s);
        if (basedOn >= 0 && latest != basedOn)
            return changedElsewhere(latest);
        version = latest + 1;
        insert.prepare(u"INSERT INTO workspace_version (version, saved_at, author, changes, "
                       "snapshot) VALUES (?, ?, ?, ?, ?)"_s);
        insert.bindValue(0, version);
        insert.bindValue(1, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
        insert.bindValue(2, author);
        insert.bindValue(3, QString::fromUtf8(Config::changesToJson(changes)));
        insert.bindValue(4, QString::fromUtf8(json));
        if (!insert.exec()) {
            // Another process saved the same version number first (PostgreSQL: its insert held
            // the key until it committed); SQLite's BEGIN IMMEDIATE lets only one in at a time.
            if (insert.lastError().nativeErrorCode().startsWith(u"23"_s)
                || insert.lastError().nativeErrorCode() == u"19"_s
                || insert.lastError().nativeErrorCode() == u"1555"_s
                || insert.lastError().nativeErrorCode() == u"2067"_s)
                return storeError(ErrorCode::ChangedElsewhere, { qint64(version), QString() });
            return sqlError(ErrorCode::CannotSaveWorkspace, {}, insert.lastError());
        }
        if (Util::Status s = writeSecrets(secrets, insertSecret); !s)
            return s;
        // Every gateway and studio on a shared database hears of it when this commits.
        return m_db.notify(QString::fromLatin1(kVersionChannel), QString::number(version));
    });
    // Lost the race for the number: the winner's author can be read only now, PostgreSQL having
    // aborted the transaction that found out.
    if (!status && version > 0 && errorCodeOf(status.error()) == ErrorCode::ChangedElsewhere
        && status.error().name(1).isEmpty())
        status = changedElsewhere(version);
    if (!status) {
        qCWarning(lcStore).noquote() << "workspace not saved:" << logText(status.error());
        return status.error();
    }
    // Each front end says what it saved (studio, import, keys): the store only traces it.
    qCDebug(lcStore) << "saved workspace version" << version << "by" << author << "with"
                     << changes.size() << "changes";
    return version;
}

Util::Error ConfigStore::changedElsewhere(int latest) const
{
    const std::optional<VersionInfo> info = versionInfo(latest);
    return storeError(ErrorCode::ChangedElsewhere,
                      { qint64(latest), info ? info->author : QString() });
}

// The secrets table mirrors the latest version: a connection removed or no longer Stored loses its
// secret.
Util::Status ConfigStore::writeSecrets(const QHash<QString, QString> &secrets, QSqlQuery &insert)
{
    QSqlQuery clear(m_db.handle());
    if (!clear.exec(u"DELETE FROM connection_secret"_s))
        return sqlError(ErrorCode::CannotUpdateSecrets, {}, clear.lastError());
    insert.prepare(u"INSERT INTO connection_secret (connection, secret) VALUES (?, ?)"_s);
    for (auto it = secrets.cbegin(); it != secrets.cend(); ++it) {
        insert.bindValue(0, it.key());
        insert.bindValue(1, it.value().isNull() ? u""_s : it.value());
        if (Util::Status s = execQuery(insert, ErrorCode::CannotStoreSecret, { it.key() }); !s)
            return s;
    }
    return Util::Ok {};
}

QList<VersionInfo> ConfigStore::versions() const
{
    QList<VersionInfo> result;
    QSqlQuery q(m_db.handle());
    q.setForwardOnly(true);
    if (!q.exec(u"SELECT version, saved_at, author, changes FROM workspace_version "
                "ORDER BY version DESC"_s)) {
        qCWarning(lcStore) << "cannot list workspace versions:" << q.lastError().text();
        return result;
    }
    while (q.next())
        result << readVersionInfo(q);
    return result;
}

std::optional<VersionInfo> ConfigStore::versionInfo(int version) const
{
    QSqlQuery q(m_db.handle());
    q.prepare(
        u"SELECT version, saved_at, author, changes FROM workspace_version WHERE version = ?"_s);
    q.bindValue(0, version);
    if (!q.exec() || !q.next())
        return std::nullopt;
    return readVersionInfo(q);
}

} // namespace Store
