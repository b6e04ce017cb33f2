#pragma once

// Internal to informer-printers: a small read-only view over a simdjson DOM
// element, forgiving the way kubectl's typed printers are: a missing field or
// a field of the wrong type reads as absent (zero value), never an error.

#include <simdjson.h>

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <string_view>

namespace informant::printers_detail {

class JsonView
{
public:
    JsonView() = default; // absent
    explicit JsonView(simdjson::dom::element element)
        : m_element(element)
        , m_present(true)
    {
    }

    bool exists() const { return m_present; }
    bool isNull() const { return m_present && m_element.is_null(); }
    bool isObject() const { return m_present && m_element.is_object(); }
    bool isArray() const { return m_present && m_element.is_array(); }
    bool isString() const { return m_present && m_element.is_string(); }
    bool isBool() const { return m_present && m_element.is_bool(); }
    bool isNumber() const { return m_present && m_element.is_number(); }
    simdjson::dom::element element() const { return m_element; }

    JsonView operator[](std::string_view key) const;
    JsonView at(qsizetype index) const;
    // Elements of an array, or values of an object; empty otherwise.
    QList<JsonView> items() const;
    QList<std::pair<QString, JsonView>> fields() const; // object fields in order
    qsizetype size() const;                             // elements or fields; 0 otherwise

    QString str() const; // a string's text; empty otherwise
    std::optional<QString> optionalString() const;
    std::optional<qint64> integer() const; // integral numbers (and whole doubles)
    qint64 intOr(qint64 fallback) const { return integer().value_or(fallback); }
    std::optional<bool> boolean() const;
    // A Kubernetes timestamp string as ms since the epoch; -1 if absent/invalid.
    qint64 timestampMs() const;

private:
    simdjson::dom::element m_element;
    bool m_present = false;
};

// Parses JSON for reading. The view stays valid as long as the document.
// Reuses a per-thread simdjson parser when no other document is alive on the
// thread (the common case: one row at a time), else uses a private one, so
// documents may nest and every thread may parse concurrently.
class JsonDocument
{
public:
    explicit JsonDocument(const QByteArray &json);
    ~JsonDocument();
    JsonDocument(const JsonDocument &) = delete;
    JsonDocument &operator=(const JsonDocument &) = delete;

    bool ok() const { return m_root.exists(); }
    JsonView root() const { return m_root; }

private:
    simdjson::dom::parser *m_parser = nullptr;
    bool m_ownsParser = false;
    JsonView m_root;
};

} // namespace informant::printers_detail
