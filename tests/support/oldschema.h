#pragma once

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <store/migrations.h>

// A file of schema 3 with `receipts` receipts; receipt i has i % 3 attempts and, when i % 4 == 0,
// one skip. Written with SQL alone, so that a test can afford several of the migration's ranges.
inline bool writeSchema3(const QString &path, int receipts)
{
    using namespace Qt::StringLiterals;
    const QString name = u"schema3"_s;
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(path);
        ok = db.open();
        QSqlQuery q(db);
        for (int version = 0; ok && version < 3; ++version) {
            for (const QString &sql : Store::schemaMigrations().at(version))
                ok = ok && q.exec(sql);
        }
        const QString series = u"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
                               "WHERE i < %1) "_s.arg(receipts);
        ok = ok && q.exec(u"PRAGMA user_version = 3"_s) && db.transaction()
            && q.exec(series
                      + u"INSERT INTO receipt (id, request_id, endpoint, stream, http_status, "
                        "error_class, status_class, attempts_count, input_tokens, output_tokens, "
                        "cost, hold_total, latency_ms, first_byte_ms) SELECT i, 'r' || i, "
                        "'chat', 0, 200, 'none', 'ok', i % 3, 1, 1, 0, 0, 10, -1 FROM n"_s)
            && q.exec(series
                      + u"INSERT INTO attempt SELECT i, k, k + 1, 'm', 'd', 'c', 'u', 'r', 0, "
                        "'none', 0, 200, NULL, 'none', 1, 0, NULL, 10, 1, 1, 0, 0.25, 0 FROM n, "
                        "(SELECT 0 AS k UNION ALL SELECT 1) WHERE k < i % 3"_s)
            && q.exec(series
                      + u"INSERT INTO skip SELECT i, 0, 'm', 'x', 'c', 'disabled', 'model', "
                        "NULL FROM n WHERE i % 4 = 0"_s)
            && db.commit();
    }
    QSqlDatabase::removeDatabase(name);
    return ok;
}
