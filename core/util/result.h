#pragma once

#include <QString>
#include <optional>
#include <utility>
#include <variant>

namespace Util {

// What core returns instead of throwing (STYLE.md "Errors"): a code a caller can branch on and a
// message a user can read.
struct Error
{
    QString code;
    QString message;
};

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
