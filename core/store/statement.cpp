#include "statement.h"

#include "storeutil.h"

#include <QSqlDriver>
#include <QSqlError>
#include <cstring>
#include <sqlite3.h>
#include <utility>

using namespace Qt::StringLiterals;

namespace Store {

Statement::~Statement()
{
    sqlite3_finalize(m_stmt);
}

sqlite3 *Statement::connectionOf(const QSqlDatabase &db)
{
    // QSqlDriver::handle() documents this: the QSQLITE driver's handle is a QVariant of sqlite3*.
    const QVariant handle = db.driver() ? db.driver()->handle() : QVariant();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(handle.constData());
}

Util::Status Statement::prepare(sqlite3 *db, const QString &sql)
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

Util::Status Statement::prepare(const QSqlDatabase &db, const QString &sql)
{
    if (sqlite3 *connection = connectionOf(db))
        return prepare(connection, sql);
    sqlite3_finalize(m_stmt);
    m_stmt = nullptr;
    m_db = nullptr;
    m_query.emplace(db);
    if (!m_query->prepare(sql)) {
        const QString why = m_query->lastError().text();
        m_query.reset();
        return storeError(ErrorCode::CannotPrepare, { sql }, why);
    }
    return Util::Ok {};
}

void Statement::check(int rc)
{
    // A failed bind (out of range, too big) surfaces at exec(); the first failure wins.
    if (rc != SQLITE_OK && m_bindError == 0)
        m_bindError = rc;
    ++m_next;
}

char *Statement::textSpace(qsizetype size)
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

void Statement::addText(qsizetype size)
{
    m_texts.push_back({ m_next++, int(size), m_used });
    m_used += size;
}

Statement &Statement::operator<<(const QString &value)
{
    if (m_query) {
        m_query->bindValue(m_next++ - 1,
                           value.isNull() ? QVariant(QMetaType::fromType<QString>()) : value);
        return *this;
    }
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

Statement &Statement::operator<<(QByteArrayView utf8)
{
    if (m_query) {
        return *this << (utf8.isNull() ? QString() : QString::fromUtf8(utf8));
    }
    if (utf8.isNull())
        return *this << nullptr;
    if (!utf8.isEmpty())
        std::memcpy(textSpace(utf8.size()), utf8.data(), size_t(utf8.size()));
    addText(utf8.size());
    return *this;
}

Statement &Statement::operator<<(qint64 value)
{
    if (m_query) {
        m_query->bindValue(m_next++ - 1, value);
        return *this;
    }
    check(sqlite3_bind_int64(m_stmt, m_next, value));
    return *this;
}

Statement &Statement::operator<<(double value)
{
    if (m_query) {
        m_query->bindValue(m_next++ - 1, value);
        return *this;
    }
    check(sqlite3_bind_double(m_stmt, m_next, value));
    return *this;
}

Statement &Statement::operator<<(std::nullptr_t)
{
    if (m_query) {
        m_query->bindValue(m_next++ - 1, QVariant(QMetaType::fromType<QString>()));
        return *this;
    }
    check(sqlite3_bind_null(m_stmt, m_next));
    return *this;
}

bool Statement::exec()
{
    if (m_query)
        return execQuery();
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

// SQLSTATE class 23 is "integrity constraint violation" (unique, foreign key, not null, check).
bool Statement::execQuery()
{
    m_error = 0;
    m_errorText.clear();
    m_foundRow = false;
    m_returned.clear();
    m_next = 1;
    const bool ok = m_query->exec();
    if (ok) {
        while (m_query->next()) {
            m_foundRow = true;
            m_returned.push_back(m_query->value(0).toLongLong());
        }
    } else {
        const QSqlError error = m_query->lastError();
        m_error = error.nativeErrorCode().startsWith(u"23"_s) ? SQLITE_CONSTRAINT : SQLITE_ERROR;
        m_errorText = error.text();
    }
    m_query->finish();
    return ok;
}

qint64 Statement::lastInsertRowId() const
{
    if (m_query)
        return m_returned.empty() ? 0 : m_returned.front();
    return sqlite3_last_insert_rowid(m_db);
}

} // namespace Store
