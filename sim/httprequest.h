#pragma once

// One parsed HTTP/1.1 request as the simulator's handlers see it: method,
// decoded path, query parameters (form-decoded, last value wins), headers
// (names lower-cased) and the body. A plain value type.

#include <QByteArray>
#include <QHash>
#include <QString>

namespace informant::sim {

struct HttpRequest
{
    QByteArray method;
    QByteArray target; // as sent: path plus query
    QString path;      // percent-decoded, without the query
    QHash<QString, QString> query;
    QHash<QByteArray, QByteArray> headers; // lower-case names
    QByteArray body;

    QByteArray header(const QByteArray &lowerName) const { return headers.value(lowerName); }
    QString param(const QString &name) const { return query.value(name); }
    bool hasParam(const QString &name) const { return query.contains(name); }
    // "true"/"1" (Go's strconv.ParseBool accepts more; clients send these).
    bool flag(const QString &name) const;
    bool keepAlive() const;
};

// Splits "a=1&b=x+y" into decoded pairs ('+' is a space, as Go's ParseQuery).
QHash<QString, QString> parseQueryString(QByteArrayView query);

} // namespace informant::sim
