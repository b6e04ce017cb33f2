#pragma once

// Errors are values: Result<T> holds either a value or an Error with a message
// that names the context (file, request, field) and, for API errors, the
// server's Status. No exceptions cross Qt event boundaries.

#include <QString>

#include <utility>
#include <variant>

namespace informant {

struct Error
{
    QString message;
};

template<typename T, typename E = Error> class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_data(std::in_place_index<0>, std::move(value))
    {
    }
    Result(E error)
        : m_data(std::in_place_index<1>, std::move(error))
    {
    }

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }

    const T &value() const & { return std::get<0>(m_data); }
    T &value() & { return std::get<0>(m_data); }
    T &&value() && { return std::get<0>(std::move(m_data)); }
    const T *operator->() const { return &value(); }
    const T &operator*() const & { return value(); }

    const E &error() const { return std::get<1>(m_data); }
    QString errorMessage() const { return ok() ? QString() : error().message; }

private:
    std::variant<T, E> m_data;
};

// Result<void>: success or an error.
template<typename E> class [[nodiscard]] Result<void, E>
{
public:
    Result() = default;
    Result(E error)
        : m_error(std::move(error))
        , m_ok(false)
    {
    }

    bool ok() const { return m_ok; }
    explicit operator bool() const { return m_ok; }
    const E &error() const { return m_error; }
    QString errorMessage() const { return m_error.message; }

private:
    E m_error;
    bool m_ok = true;
};

inline Error makeError(QString message)
{
    return Error{std::move(message)};
}

} // namespace informant
