#include "ui/overviewannotations.h"

#include "models/yamlrenderer.h"
#include "ui/overviewvalue.h"

#include <QStringList>

namespace informant {

namespace {

constexpr qsizetype kAnnotationValueMaxChars = 80;
constexpr qsizetype kLastAppliedValueMaxChars = 32;
constexpr QLatin1String kLastAppliedAnnotation("kubectl.kubernetes.io/last-applied-configuration");

QString valueHtml(const QString &key, const QString &value, bool mask)
{
    if (mask) {
        return QStringLiteral("%1 &nbsp;<span style='color:gray'>%2</span>")
            .arg(kMaskedValue, byteSizeText(value.toUtf8().size()));
    }
    return overviewValueHtml(value, key == kLastAppliedAnnotation ? kLastAppliedValueMaxChars
                                                                  : kAnnotationValueMaxChars);
}

} // namespace

QString annotationsHtml(const QJsonObject &annotations, bool maskValues)
{
    // QJsonObject keeps its keys sorted: kubectl's sort.Strings order for
    // the ASCII of annotation keys.
    QStringList lines;
    for (auto it = annotations.begin(); it != annotations.end(); ++it) {
        lines.append(QStringLiteral("<code>%1=%2</code>")
                         .arg(it.key().toHtmlEscaped(),
                              valueHtml(it.key(), it.value().toString(), maskValues)));
    }
    return lines.join(QStringLiteral("<br>"));
}

} // namespace informant
