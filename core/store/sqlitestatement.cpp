#include "sqlitestatement.h"

#include "storeutil.h"

#include <QSqlDriver>
#include <cstring>
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

char *SqliteStatement::textSpace(qsizetype size)
{
    if (m_used + size > m_capacity) {
        const qsizetype capacity = std::max<qsizetype>(m_used + size, 2 * m_capacity);
        auto buffer = std::make_unique<char[]>(size_t(capacity));
        if (m_used > 0)
            std::memcpy(buffer.get(), m_buffer.get(), size_t(m_used));
        m_buffer = std::move(buffer);
        m_capacity = capacity;
    }
    return m_buffer.get() + m_used;
}

void SqliteStatement::addText(qsizetype size)
{
    m_texts.push_back({ m_next++, int(size), m_used });
    m_used += size;
}

SqliteStatement &SqliteStatement::operator<<(const QString &value)
{
    if (value.isNull())
        return *this << nullptr;
    // Most texts are ASCII (ids, model and connection names): copied a code unit at a time; the
    // encoder takes over from the first other character on.
    const qsizetype length = value.size();
    char *const out = textSpace(length * 3);
    const char16_t *const in = reinterpret_cast<const char16_t *>(value.constData());
    qsizetype i = 0;
    for (; i < length && in[i] < 0x80; ++i)
        out[i] = char(in[i]);
    const qsizetype size = i == length
        ? length
        : m_encoder.appendToBuffer(out + i, QStringView(value).sliced(i)) - out;
    addText(size);
    return *this;
}

SqliteStatement &SqliteStatement::operator<<(QByteArrayView utf8)
{
    if (utf8.isNull())
        return *this << nullptr;
    if (!utf8.isEmpty())
        std::memcpy(textSpace(utf8.size()), utf8.data(), size_t(utf8.size()));
    addText(utf8.size());
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
    for (const Text &text : m_texts) {
        // An empty text still needs a pointer: a null one would bind NULL.
        const char *const utf8 = text.size > 0 ? m_buffer.get() + text.offset : "";
        const int rc = sqlite3_bind_text(m_stmt, text.parameter, utf8, text.size, SQLITE_STATIC);
        if (rc != SQLITE_OK && m_bindError == 0)
            m_bindError = rc;
    }
    m_texts.clear();
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
    m_used = 0;
    // A long text's room (an upstream's error message) is not kept; nothing may point into it.
    constexpr qsizetype kKeptBytes = 256 * 1024;
    if (m_capacity > kKeptBytes) {
        sqlite3_clear_bindings(m_stmt);
        m_buffer.reset();
        m_capacity = 0;
    }
    return m_error == 0;
}

qint64 SqliteStatement::lastInsertRowId() const
{
    return sqlite3_last_insert_rowid(m_db);
}

} // namespace Store
