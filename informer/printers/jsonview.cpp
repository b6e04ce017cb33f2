#include "informer/printers/jsonview.h"

#include "informer/core/kubeobject.h"

#include <cmath>

namespace informant::printers_detail {

namespace {

QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

thread_local simdjson::dom::parser t_parser;
thread_local bool t_parserBusy = false;

} // namespace

JsonView JsonView::operator[](std::string_view key) const
{
    simdjson::dom::object object;
    if (!m_present || m_element.get(object) != simdjson::SUCCESS)
        return {};
    simdjson::dom::element value;
    if (object.at_key(key).get(value) != simdjson::SUCCESS)
        return {};
    return JsonView(value);
}

JsonView JsonView::at(qsizetype index) const
{
    simdjson::dom::array array;
    if (!m_present || index < 0 || m_element.get(array) != simdjson::SUCCESS)
        return {};
    simdjson::dom::element value;
    if (array.at(size_t(index)).get(value) != simdjson::SUCCESS)
        return {};
    return JsonView(value);
}

QList<JsonView> JsonView::items() const
{
    QList<JsonView> result;
    if (!m_present)
        return result;
    simdjson::dom::array array;
    simdjson::dom::object object;
    if (m_element.get(array) == simdjson::SUCCESS) {
        for (simdjson::dom::element value : array)
            result.append(JsonView(value));
    } else if (m_element.get(object) == simdjson::SUCCESS) {
        for (auto field : object)
            result.append(JsonView(field.value));
    }
    return result;
}

QList<std::pair<QString, JsonView>> JsonView::fields() const
{
    QList<std::pair<QString, JsonView>> result;
    simdjson::dom::object object;
    if (!m_present || m_element.get(object) != simdjson::SUCCESS)
        return result;
    for (auto field : object)
        result.append({toQString(field.key), JsonView(field.value)});
    return result;
}

qsizetype JsonView::size() const
{
    if (!m_present)
        return 0;
    simdjson::dom::array array;
    simdjson::dom::object object;
    if (m_element.get(array) == simdjson::SUCCESS)
        return qsizetype(array.size());
    if (m_element.get(object) == simdjson::SUCCESS)
        return qsizetype(object.size());
    return 0;
}

QString JsonView::str() const
{
    return optionalString().value_or(QString());
}

std::optional<QString> JsonView::optionalString() const
{
    std::string_view text;
    if (!m_present || m_element.get(text) != simdjson::SUCCESS)
        return std::nullopt;
    return toQString(text);
}

std::optional<qint64> JsonView::integer() const
{
    if (!m_present)
        return std::nullopt;
    int64_t signedValue = 0;
    if (m_element.get(signedValue) == simdjson::SUCCESS)
        return qint64(signedValue);
    uint64_t unsignedValue = 0;
    if (m_element.get(unsignedValue) == simdjson::SUCCESS)
        return qint64(unsignedValue);
    double real = 0;
    if (m_element.get(real) == simdjson::SUCCESS && std::isfinite(real) &&
        real == std::trunc(real) && std::fabs(real) < 9.2e18)
        return qint64(real);
    return std::nullopt;
}

std::optional<bool> JsonView::boolean() const
{
    bool value = false;
    if (!m_present || m_element.get(value) != simdjson::SUCCESS)
        return std::nullopt;
    return value;
}

qint64 JsonView::timestampMs() const
{
    std::string_view text;
    if (!m_present || m_element.get(text) != simdjson::SUCCESS || text.empty())
        return -1;
    return parseKubeTimestampMs(QByteArrayView(text.data(), qsizetype(text.size())));
}

JsonDocument::JsonDocument(const QByteArray &json)
{
    if (!t_parserBusy) {
        t_parserBusy = true;
        m_parser = &t_parser;
    } else {
        m_parser = new simdjson::dom::parser;
        m_ownsParser = true;
    }
    simdjson::dom::element root;
    if (m_parser->parse(json.constData(), size_t(json.size()), true).get(root) == simdjson::SUCCESS)
        m_root = JsonView(root);
}

JsonDocument::~JsonDocument()
{
    if (m_ownsParser)
        delete m_parser;
    else
        t_parserBusy = false;
}

} // namespace informant::printers_detail
