#pragma once

#include "util/result.h"

#include <QByteArrayView>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QStringEncoder>
#include <QVariantList>
#include <memory>
#include <optional>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

// A statement prepared once and bound in order. On SQLite it is prepared on the sqlite3 handle
// under the QSqlDatabase and bound through SQLite's own API: Qt 6.4's QSqlQuery::bindValue formats
// a
// ":N" placeholder name and looks it up per bind, which dominated the writer's time per receipt
// (bench/README.md). On another engine (PostgreSQL) it is a prepared QSqlQuery. For the receipt
// writer's statements; not part of the public API.
namespace Store {

class Statement
{
public:
    Statement() = default;
    ~Statement();
    Statement(const Statement &) = delete;
    Statement &operator=(const Statement &) = delete;

    // The sqlite3 connection behind a QSQLITE database, or nullptr for another driver.
    static sqlite3 *connectionOf(const QSqlDatabase &db);

    Util::Status prepare(sqlite3 *db, const QString &sql);
    // SQLite's own API when db is SQLite's, a QSqlQuery otherwise.
    Util::Status prepare(const QSqlDatabase &db, const QString &sql);
    bool isPrepared() const { return m_stmt != nullptr || m_query.has_value(); }

    // Binds values to the parameters in order, from the first: a null QString binds NULL.
    Statement &operator<<(const QString &value);
    Statement &operator<<(QByteArrayView utf8); // text already in UTF-8; null binds NULL
    Statement &operator<<(qint64 value);
    Statement &operator<<(int value) { return *this << qint64(value); }
    Statement &operator<<(bool value) { return *this << qint64(value ? 1 : 0); }
    Statement &operator<<(double value);
    Statement &operator<<(std::nullptr_t);

    // Runs the statement (to its first row, if it returns rows) and resets it for the next binds.
    // False on failure: then errorCode() is SQLite's extended result code (another engine's
    // constraint violation, SQLSTATE class 23, as SQLITE_CONSTRAINT; its other errors as
    // SQLITE_ERROR) and errorText() its message.
    bool exec();
    bool foundRow() const { return m_foundRow; } // the last exec() gave a row
    int errorCode() const { return m_error; }
    QString errorText() const { return m_errorText; }
    // SQLite: the connection's last rowid. Another engine: the first column of the first row the
    // statement returned (INSERT … RETURNING id).
    qint64 lastInsertRowId() const;
    // Another engine: the first column of every row the last exec() returned, in order.
    const std::vector<qint64> &returnedIds() const { return m_returned; }

private:
    bool execQuery(); // another engine's exec()
    void check(int rc);
    // Room for size more bytes of text after the ones of this exec(); where they go.
    char *textSpace(qsizetype size);
    void addText(qsizetype size);

    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
    int m_next = 1;
    int m_bindError = 0; // the first failed bind since the last exec()
    int m_error = 0; // of the last exec()
    bool m_foundRow = false;
    // The UTF-8 of the texts bound since the last exec(), one after the other in one buffer that
    // keeps its capacity from row to row; bound by exec() once the buffer no longer moves.
    struct Text
    {
        int parameter;
        int size;
        qsizetype offset;
    };
    std::vector<Text> m_texts;
    std::unique_ptr<char[]> m_buffer;
    qsizetype m_capacity = 0;
    qsizetype m_used = 0;
    QStringEncoder m_encoder { QStringEncoder::Utf8, QStringEncoder::Flag::Stateless };
    QString m_errorText;
    std::optional<QSqlQuery> m_query; // another engine's statement
    std::vector<qint64> m_returned;
};

} // namespace Store
