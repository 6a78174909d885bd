#pragma once

#include "util/result.h"

#include <QByteArrayView>
#include <QSqlDatabase>
#include <QString>
#include <QStringEncoder>
#include <memory>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

// A statement prepared once on the sqlite3 handle under a QSqlDatabase and bound through SQLite's
// own API. For the receipt writer's inserts only: Qt 6.4's QSqlQuery::bindValue formats a ":N"
// placeholder name and looks it up per bind, which dominated the writer's time per receipt
// (bench/README.md). Not part of the public API.
namespace Store {

class SqliteStatement
{
public:
    SqliteStatement() = default;
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement &) = delete;
    SqliteStatement &operator=(const SqliteStatement &) = delete;

    // The sqlite3 connection behind a QSQLITE database, or nullptr for another driver.
    static sqlite3 *connectionOf(const QSqlDatabase &db);

    Util::Status prepare(sqlite3 *db, const QString &sql);
    bool isPrepared() const { return m_stmt != nullptr; }

    // Binds values to the parameters in order, from the first: a null QString binds NULL.
    SqliteStatement &operator<<(const QString &value);
    SqliteStatement &operator<<(QByteArrayView utf8); // text already in UTF-8; null binds NULL
    SqliteStatement &operator<<(qint64 value);
    SqliteStatement &operator<<(int value) { return *this << qint64(value); }
    SqliteStatement &operator<<(bool value) { return *this << qint64(value ? 1 : 0); }
    SqliteStatement &operator<<(double value);
    SqliteStatement &operator<<(std::nullptr_t);

    // Runs the statement (to its first row, if it returns rows) and resets it for the next binds.
    // False on failure: then errorCode() is SQLite's extended result code and errorText() its
    // message.
    bool exec();
    bool foundRow() const { return m_foundRow; } // the last exec() gave a row
    int errorCode() const { return m_error; }
    QString errorText() const { return m_errorText; }
    qint64 lastInsertRowId() const;

private:
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
};

} // namespace Store
