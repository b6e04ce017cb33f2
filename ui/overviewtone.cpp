#include "ui/overviewtone.h"

#include "models/statustone.h"

#include <QColor>

namespace informant {

QString tonedHtml(const QString &status)
{
    if (statusTone(status) == StatusTone::Good)
        return QStringLiteral("<span style='color:#2ea043'>%1</span>").arg(status.toHtmlEscaped());
    const QColor c = statusToneColor(status);
    return c.isValid() ? QStringLiteral("<span style='color:%1'>%2</span>")
                             .arg(c.name(), status.toHtmlEscaped())
                       : status.toHtmlEscaped();
}

} // namespace informant
