#include "sortby.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>

#include <algorithm>
#include <numeric>

using namespace informant;

namespace informantctl {

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

Result<QList<qsizetype>> SortBy::order(const QList<QByteArray> &objects) const
{
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
            return a.toString().toUtf8() < b.toString().toUtf8();
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
