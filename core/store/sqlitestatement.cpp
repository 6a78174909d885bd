#include "sqlitestatement.h"

#include "storeutil.h"

#include <QSqlDriver>
#include <sqlite3.h>
#include <utility>

using namespace Qt::StringLiterals;

namespace Store {

SqliteStatement::~SqliteStatement()
{
    sqlite3_finalize(m_stmt);
}

sqlite3 *SqliteStatement::connectionOf(const QSqlDatabase &db)
{
    // QSqlDriver::handle() documents this: the QSQLITE driver's handle is a QVariant of sqlite3*.
    const QVariant handle = db.driver() ? db.driver()->handle() : QVariant();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(handle.constData());
}

Util::Status SqliteStatement::prepare(sqlite3 *db, const QString &sql)
{
    sqlite3_finalize(m_stmt);
    m_stmt = nullptr;
    m_db = db;
    if (!db)
        return storeError(ErrorCode::NotSqlite);
    const int rc = sqlite3_prepare16_v3(db, sql.utf16(), int(sql.size() * sizeof(char16_t)),
                                        SQLITE_PREPARE_PERSISTENT, &m_stmt, nullptr);
    if (rc != SQLITE_OK)
        return storeError(ErrorCode::CannotPrepare, { sql }, QString::fromUtf8(sqlite3_errmsg(db)));
    return Util::Ok {};
}

void SqliteStatement::check(int rc)
{
    // A failed bind (out of range, too big) surfaces at exec(); the first failure wins.
    if (rc != SQLITE_OK && m_bindError == 0)
        m_bindError = rc;
    ++m_next;
}

SqliteStatement &SqliteStatement::operator<<(const QString &value)
{
    if (value.isNull())
        return *this << nullptr;
    if (m_texts.size() < m_next)
        m_texts.resize(m_next);
    // Encoded into the parameter's own buffer, which keeps its capacity from row to row (toUtf8()
    // allocated one per value); a long text's buffer (an upstream's error message) is not kept.
    constexpr qsizetype kKeptBytes = 16 * 1024;
    QByteArray &utf8 = m_texts[m_next - 1];
    if (utf8.capacity() > kKeptBytes)
        utf8 = QByteArray();
    utf8.resize(value.size() * 3);
    char *const begin = utf8.data();
    const qsizetype size = m_encoder.appendToBuffer(begin, value) - begin;
    utf8.truncate(size);
    check(sqlite3_bind_text(m_stmt, m_next, begin, int(size), SQLITE_STATIC));
    return *this;
}

SqliteStatement &SqliteStatement::operator<<(const QByteArray &utf8)
{
    if (utf8.isNull())
        return *this << nullptr;
    if (m_texts.size() < m_next)
        m_texts.resize(m_next);
    m_texts[m_next - 1] = utf8; // shared, not copied: alive until exec()
    check(sqlite3_bind_text(m_stmt, m_next, utf8.constData(), int(utf8.size()), SQLITE_STATIC));
    return *this;
}

SqliteStatement &SqliteStatement::operator<<(qint64 value)
{
    check(sqlite3_bind_int64(m_stmt, m_next, value));
    return *this;
}

SqliteStatement &SqliteStatement::operator<<(double value)
{
    check(sqlite3_bind_double(m_stmt, m_next, value));
    return *this;
}

SqliteStatement &SqliteStatement::operator<<(std::nullptr_t)
{
    check(sqlite3_bind_null(m_stmt, m_next));
    return *this;
}

bool SqliteStatement::exec()
{
    m_next = 1;
    m_error = std::exchange(m_bindError, 0);
    m_errorText.clear();
    m_foundRow = false;
    if (m_error != 0) {
        m_errorText = QString::fromUtf8(sqlite3_errstr(m_error));
    } else if (const int rc = sqlite3_step(m_stmt); rc == SQLITE_ROW) {
        m_foundRow = true;
    } else if (rc != SQLITE_DONE) {
        m_error = sqlite3_extended_errcode(m_db);
        m_errorText = QString::fromUtf8(sqlite3_errmsg(m_db));
    }
    sqlite3_reset(m_stmt);
    return m_error == 0;
}

qint64 SqliteStatement::lastInsertRowId() const
{
    return sqlite3_last_insert_rowid(m_db);
}

} // namespace Store
