#pragma once

#include <QAtomicInteger>
#include <QCoreApplication>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QTest>
#include <QUrl>
#include <QUrlQuery>
#include <map>
#include <memory>
#include <tempdatabase.h>

// A fresh, empty PostgreSQL database per test, in the cluster that SB_TEST_POSTGRES names (a
// postgresql:// URL to a maintenance database; scripts/test starts a throwaway cluster and sets
// it). Created by the constructor as sbt_<pid>_<counter>, dropped by the destructor together with
// any connection still open to it. Without SB_TEST_POSTGRES nothing is created: a test calls
// REQUIRE_POSTGRES(db), which skips it then, or fails it under SB_REQUIRE_POSTGRES=1.
class PgDatabase
{
public:
    PgDatabase()
    {
        const QString cluster = qEnvironmentVariable("SB_TEST_POSTGRES");
        if (cluster.isEmpty())
            return;
        m_configured = true;
        const QUrl admin(cluster, QUrl::StrictMode);
        if (!admin.isValid() || admin.path().size() < 2) {
            m_error
                = QStringLiteral("SB_TEST_POSTGRES is not a postgresql://user@host:port/database "
                                 "URL: ")
                + cluster;
            return;
        }
        m_name
            = QStringLiteral("sbt_%1_%2").arg(QCoreApplication::applicationPid()).arg(++counter());
        // SB_TEST_POSTGRES_OPTIONS, when set, follows the name: e.g. another collation,
        // "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en' LOCALE 'C'" (PostgreSQL 15).
        const QString options = qEnvironmentVariable("SB_TEST_POSTGRES_OPTIONS");
        if (!run(admin,
                 QStringLiteral("CREATE DATABASE ") + m_name
                     + (options.isEmpty() ? QString() : QLatin1Char(' ') + options)))
            return;
        QUrl url = admin;
        url.setPassword({}); // the store refuses a location holding a password
        url.setPath(QLatin1Char('/') + m_name);
        m_url = url.toString();
        m_admin = admin;
    }
    ~PgDatabase()
    {
        if (!m_url.isEmpty())
            run(m_admin, QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_name));
    }
    PgDatabase(const PgDatabase &) = delete;
    PgDatabase &operator=(const PgDatabase &) = delete;

    // postgresql://user@host:port/sbt_…, without a password; empty when not created.
    QString url() const { return m_url; }
    QString name() const { return m_name; }
    bool isConfigured() const { return m_configured; } // SB_TEST_POSTGRES is set
    bool isValid() const { return !m_url.isEmpty(); }
    QString errorString() const { return m_error; }
    // One statement on the cluster's maintenance database (ALTER DATABASE, pg_terminate_backend).
    bool admin(const QString &sql) { return run(m_admin, sql); }
    // scripts/test sets SB_REQUIRE_POSTGRES=1: there, a missing cluster is a failure, not a skip.
    static bool isRequired() { return qEnvironmentVariableIntValue("SB_REQUIRE_POSTGRES") == 1; }

private:
    static QAtomicInteger<int> &counter()
    {
        static QAtomicInteger<int> value;
        return value;
    }

    // One statement on a short-lived connection to the maintenance database.
    bool run(const QUrl &admin, const QString &sql)
    {
        const QString connection = QStringLiteral("sb.test.pgadmin.%1").arg(++counter());
        bool ok = false;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connection);
            db.setDatabaseName(admin.path().mid(1));
            db.setHostName(admin.host());
            if (admin.port() > 0)
                db.setPort(admin.port());
            db.setUserName(admin.userName());
            db.setPassword(admin.password());
            QStringList options { QStringLiteral("connect_timeout=5") };
            const QUrlQuery query(admin);
            for (const auto &item : query.queryItems(QUrl::FullyDecoded))
                options << item.first + QLatin1Char('=') + item.second;
            db.setConnectOptions(options.join(QLatin1Char(';')));
            if (!db.open()) {
                m_error = QStringLiteral("cannot connect to SB_TEST_POSTGRES: ")
                    + db.lastError().text();
            } else {
                QSqlQuery q(db);
                ok = q.exec(sql);
                if (!ok)
                    m_error = sql + QStringLiteral(": ") + q.lastError().text();
                db.close();
            }
        }
        QSqlDatabase::removeDatabase(connection);
        if (!ok)
            qWarning("PgDatabase: %s", qPrintable(m_error));
        return ok;
    }

    bool m_configured = false;
    QString m_name;
    QString m_url;
    QString m_error;
    QUrl m_admin;
};

// Skips the test function when SB_TEST_POSTGRES is unset, or fails it under SB_REQUIRE_POSTGRES=1.
#define SKIP_WITHOUT_POSTGRES()                                                                    \
    do {                                                                                           \
        if (qEnvironmentVariableIsEmpty("SB_TEST_POSTGRES")) {                                     \
            if (PgDatabase::isRequired())                                                          \
                QFAIL("SB_REQUIRE_POSTGRES=1 but SB_TEST_POSTGRES is not set (a postgresql:// "    \
                      "URL to a test cluster's maintenance database)");                            \
            QSKIP(                                                                                 \
                "PostgreSQL not configured: set SB_TEST_POSTGRES=postgresql://user@host:port/db "  \
                "(scripts/pg-cluster start DIR prints one; scripts/test does it)");                \
        }                                                                                          \
    } while (false)

// In a test function: SKIP_WITHOUT_POSTGRES(), and a failure when the database could not be
// created.
#define REQUIRE_POSTGRES(pg)                                                                       \
    do {                                                                                           \
        SKIP_WITHOUT_POSTGRES();                                                                   \
        QVERIFY2((pg).isValid(), qPrintable((pg).errorString()));                                  \
    } while (false)

// For a store test that runs on both engines: initTestCase_data() calls addEngineRows(), so each
// test function runs once per engine, and init() calls REQUIRE_ENGINE() (skips the postgres rows
// as REQUIRE_POSTGRES does). EngineDatabase then is a fresh database of the row's engine: an
// SQLite file in a temporary folder, or a PgDatabase.
inline void addEngineRows()
{
    QTest::addColumn<QString>("engine");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgres") << QStringLiteral("postgres");
}

inline QString currentEngine()
{
    QFETCH_GLOBAL(QString, engine);
    return engine;
}

#define REQUIRE_ENGINE()                                                                           \
    do {                                                                                           \
        if (currentEngine() == QLatin1String("postgres"))                                          \
            SKIP_WITHOUT_POSTGRES();                                                               \
    } while (false)

// In a test function of an engine-driven test: skips the PostgreSQL row of what only SQLite has.
#define SQLITE_ONLY(why)                                                                           \
    do {                                                                                           \
        if (currentEngine() != QLatin1String("sqlite"))                                            \
            QSKIP("SQLite only: " why);                                                            \
    } while (false)

class EngineDatabase
{
public:
    EngineDatabase()
        : EngineDatabase(currentEngine())
    {
    }
    explicit EngineDatabase(const QString &engine)
    {
        if (engine == QLatin1String("postgres"))
            m_pg = std::make_unique<PgDatabase>();
        else
            m_sqlite = std::make_unique<TempDatabase>();
    }
    // The store's location: the SQLite file's path or the PostgreSQL database's URL.
    QString path() const { return m_pg ? m_pg->url() : m_sqlite->path(); }
    bool isPostgres() const { return m_pg != nullptr; }
    bool isValid() const { return m_pg ? m_pg->isValid() : m_sqlite->isValid(); }

private:
    std::unique_ptr<TempDatabase> m_sqlite;
    std::unique_ptr<PgDatabase> m_pg;
};

// For a test class that writes its data once and then reads it in every test function: one
// database per engine, made at the first test function of that engine's rows and kept to the end.
class EngineDatabases
{
public:
    // The current row's database; *fresh tells whether it was just made (and is still empty).
    EngineDatabase &current(bool *fresh = nullptr)
    {
        const QString engine = currentEngine();
        auto it = m_databases.find(engine);
        if (fresh)
            *fresh = it == m_databases.end();
        if (it == m_databases.end())
            it = m_databases.emplace(engine, std::make_unique<EngineDatabase>(engine)).first;
        return *it->second;
    }

private:
    std::map<QString, std::unique_ptr<EngineDatabase>> m_databases;
};
