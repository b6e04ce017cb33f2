#include "sim/requestlog.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>

namespace informant::sim {

namespace {

// Only the scheme: a header without one may be a bare token.
QString authorizationScheme(const QByteArray &authorization)
{
    for (const char *scheme : {"Bearer", "Basic"}) {
        if (authorization.startsWith(QByteArray(scheme) + ' '))
            return QLatin1String(scheme);
    }
    return QStringLiteral("other");
}

} // namespace

void RequestLog::record(const QByteArray &verb, const QByteArray &method, const QByteArray &target,
                        const QByteArray &userAgent, const QByteArray &authorization)
{
    QJsonObject line;
    line.insert(QLatin1String("time"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    line.insert(QLatin1String("verb"), QString::fromUtf8(verb));
    line.insert(QLatin1String("method"), QString::fromUtf8(method));
    line.insert(QLatin1String("path"), QString::fromUtf8(target));
    line.insert(QLatin1String("userAgent"), QString::fromUtf8(userAgent));
    if (!authorization.isEmpty())
        line.insert(QLatin1String("authorization"), authorizationScheme(authorization));
    m_lines.push_back(QJsonDocument(line).toJson(QJsonDocument::Compact));
    if (m_lines.size() > kMaxEntries)
        m_lines.pop_front();
}

QByteArray RequestLog::toJsonLines() const
{
    QByteArray out;
    for (const QByteArray &line : m_lines)
        out.append(line).append('\n');
    return out;
}

} // namespace informant::sim
