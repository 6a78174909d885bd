#pragma once

#include <QList>
#include <QString>
#include <optional>
#include <utility>
#include <variant>

namespace Util {

// A typed argument of an error's code: a count or a name (a path, a request id, a statement).
using ErrorArg = std::variant<qint64, QString>;

// What core returns instead of throwing (STYLE.md "Errors"): a code a caller can branch on. A part
// that states facts leaves message empty and gives the code's arguments and the system's own words
// (SQLite's, the OS's) as detail: the studio and the CLI word the code. Elsewhere message is the
// sentence.
struct Error
{
    QString code;
    QString message;
    QList<ErrorArg> args;
    QString detail;

    qint64 number(qsizetype i) const;
    QString name(qsizetype i) const;
};

// For logs, never shown as a sentence: the message, else the code, its arguments and the detail
// ("store.cannotOpen(/tmp/x.sqlite): unable to open database file").
QString logText(const Error &e);

template<typename T> class Result
{
public:
    Result(T value)
        : m_data(std::move(value))
    {
    }
    Result(Error error)
        : m_data(std::move(error))
    {
    }

    bool ok() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return ok(); }

    const T &value() const & { return std::get<T>(m_data); }
    T &value() & { return std::get<T>(m_data); }
    T &&value() && { return std::get<T>(std::move(m_data)); }
    const T &operator*() const & { return value(); }
    const T *operator->() const { return &value(); }

    const Error &error() const { return std::get<Error>(m_data); }

private:
    std::variant<T, Error> m_data;
};

// For operations that return nothing but can fail.
struct Ok
{
};
using Status = Result<Ok>;

} // namespace Util
