#include "sortby.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>

using namespace informant;

namespace informantctl {

namespace {

// A resource.Quantity's value ("512Mi", "1.5", "100m", "2e3"), or nullopt
// when `text` is not one (apimachinery's grammar).
std::optional<long double> quantityValue(const QString &text)
{
    static const QRegularExpression grammar(
        QStringLiteral("^([+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+))(Ki|Mi|Gi|Ti|Pi|Ei|[eE][+-]?[0-9]"
                       "+|[numkMGTPE])?$"));
    const QRegularExpressionMatch match = grammar.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    long double value = match.captured(1).toDouble();
    const QString suffix = match.captured(2);
    static const QHash<QString, long double> multipliers{{"n", 1e-9L},
                                                         {"u", 1e-6L},
                                                         {"m", 1e-3L},
                                                         {"k", 1e3L},
                                                         {"M", 1e6L},
                                                         {"G", 1e9L},
                                                         {"T", 1e12L},
                                                         {"P", 1e15L},
                                                         {"E", 1e18L},
                                                         {"Ki", 1024.0L},
                                                         {"Mi", 1048576.0L},
                                                         {"Gi", 1073741824.0L},
                                                         {"Ti", 1099511627776.0L},
                                                         {"Pi", 1125899906842624.0L},
                                                         {"Ei", 1152921504606846976.0L}};
    if (suffix.startsWith(u'e') || suffix.startsWith(u'E'))
        value *= std::pow(10.0L, suffix.mid(1).toInt());
    else if (!suffix.isEmpty())
        value *= multipliers.value(suffix);
    return value;
}

// kubectl's isLess for two strings: as quantities when both are ("2" <
// "512Mi" < "1Gi"), else byte by byte ("cm-10" < "cm-9", as kubectl 1.32
// prints them; no natural order). Where kubectl compares a quantity with
// another string byte by byte, quantities come first here: mixing the two
// rules is no order at all ("2" < "10" < "1a" < "2"), and std::stable_sort
// needs one.
bool stringLess(const QString &a, const QString &b)
{
    const std::optional<long double> qa = quantityValue(a), qb = quantityValue(b);
    if (qa && qb)
        return *qa < *qb;
    if (qa.has_value() != qb.has_value())
        return qa.has_value();
    return a.toUtf8() < b.toUtf8();
}

} // namespace

Result<SortBy> SortBy::parse(const QString &field)
{
    // kubectl's RelaxedJSONPathExpression.
    QString path = field.trimmed();
    if (path.startsWith(u'{') && path.endsWith(u'}'))
        path = path.mid(1, path.size() - 2);
    if (!path.startsWith(u'.') && !path.startsWith(u'$') && !path.startsWith(u'@'))
        path.prepend(u'.');
    auto parsed = JsonPath::parse(path);
    if (!parsed)
        return parsed.error();
    SortBy sortBy;
    sortBy.m_field = u'{' + path + u'}';
    sortBy.m_path = std::move(parsed).value();
    return sortBy;
}

SortBy SortBy::unparsable(const QString &field, const QString &error)
{
    SortBy sortBy;
    sortBy.m_field = field;
    sortBy.m_error = error;
    return sortBy;
}

bool SortBy::foundIn(const QList<QByteArray> &objects) const
{
    if (!m_error.isEmpty())
        return false;
    return std::any_of(objects.cbegin(), objects.cend(), [this](const QByteArray &json) {
        return !m_path.evaluateJson(json).isEmpty();
    });
}

Result<QList<qsizetype>> SortBy::order(const QList<QByteArray> &objects) const
{
    if (!m_error.isEmpty())
        return makeError(m_error);
    // Each object's first value (Undefined when it has none).
    QList<QJsonValue> keys;
    keys.reserve(objects.size());
    bool foundOnce = false;
    for (const QByteArray &json : objects) {
        const QList<QByteArray> results = m_path.evaluateJson(json);
        QJsonValue key(QJsonValue::Undefined);
        if (!results.isEmpty())
            key = QJsonDocument::fromJson('[' + results.first() + ']').array().first();
        if (key.isObject() || key.isArray())
            return makeError(QStringLiteral("Field %1 in the list of objects is an unsortable "
                                            "type: %2")
                                 .arg(m_field, key.isObject() ? QStringLiteral("map")
                                                              : QStringLiteral("slice")));
        foundOnce = foundOnce || !key.isUndefined();
        keys.append(key);
    }
    if (!objects.isEmpty() && !foundOnce)
        return makeError(
            QStringLiteral("couldn't find any field with path \"%1\" in the list of objects")
                .arg(m_field));
    // kubectl's isLess. Values of different types (which kubectl cannot
    // compare) order by type, so that the order stays a strict weak one.
    const auto rank = [](const QJsonValue &value) {
        return value.isUndefined() ? 0
               : value.isNull()    ? 1
               : value.isBool()    ? 2
               : value.isDouble()  ? 3
                                   : 4;
    };
    const auto less = [&rank](const QJsonValue &a, const QJsonValue &b) {
        if (rank(a) != rank(b))
            return rank(a) < rank(b);
        if (a.isDouble())
            return a.toDouble() < b.toDouble();
        if (a.isString())
            return stringLess(a.toString(), b.toString());
        if (a.isBool())
            return !a.toBool() && b.toBool();
        return false;
    };
    QList<qsizetype> order(objects.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](qsizetype a, qsizetype b) { return less(keys.at(a), keys.at(b)); });
    return order;
}

} // namespace informantctl
