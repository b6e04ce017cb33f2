#include "ui/overviewconfigmap.h"

#include "ui/overviewvalue.h"

namespace informant {

namespace {

// About a line and a half of the pane at its usual width: enough for a
// URL, a host:port list or a feature-flag string whole.
constexpr qsizetype kDataValueMaxChars = 120;

} // namespace

// QJsonObject keeps its keys sorted (UTF-16 order: byte order for the
// [-._a-zA-Z0-9] of ConfigMap keys).
QList<OverviewRow> configMapDataRows(const QJsonObject &configMap)
{
    QList<OverviewRow> rows;
    const QJsonObject data = configMap.value(QLatin1String("data")).toObject();
    for (auto it = data.begin(); it != data.end(); ++it) {
        const QString value = it.value().toString();
        rows.append(OverviewRow{it.key(), value.isEmpty()
                                              ? QStringLiteral("<i style='color:gray'>empty</i>")
                                              : overviewValueHtml(value, kDataValueMaxChars)});
    }
    return rows;
}

QList<OverviewRow> configMapBinaryDataRows(const QJsonObject &configMap)
{
    QList<OverviewRow> rows;
    const QJsonObject data = configMap.value(QLatin1String("binaryData")).toObject();
    for (auto it = data.begin(); it != data.end(); ++it) {
        const auto decoded = QByteArray::fromBase64Encoding(
            it.value().toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        rows.append(OverviewRow{it.key(), decoded
                                              ? byteSizeText(decoded.decoded.size()).toHtmlEscaped()
                                              : QStringLiteral("<i>not valid base64</i>")});
    }
    return rows;
}

} // namespace informant
