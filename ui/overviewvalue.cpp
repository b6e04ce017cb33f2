#include "ui/overviewvalue.h"

namespace informant {

namespace {

// As kubectl's printAnnotationsMultiline: one trailing newline (a YAML block
// scalar's "|") does not make another line.
QStringView withoutTrailingNewline(const QString &value)
{
    QStringView view(value);
    if (view.endsWith(u'\n'))
        view.chop(1);
    return view;
}

// Cut at `maxChars`, never between the two halves of a surrogate pair.
QStringView cut(QStringView text, qsizetype maxChars)
{
    if (text.size() <= maxChars)
        return text;
    QStringView head = text.left(maxChars);
    if (head.back().isHighSurrogate())
        head.chop(1);
    return head;
}

// Escaped twice on purpose: the tooltip is rich text (a <p> keeps its lines
// and wraps long ones), so the value is escaped inside it, and the whole is
// escaped again as the title attribute. QToolTip would show a value that
// merely looks like HTML ("<b>x</b>") as HTML otherwise.
QString tooltipAttribute(QStringView value)
{
    QStringView shown = cut(value, kOverviewTooltipMaxChars);
    qsizetype lineEnd = -1;
    for (qsizetype line = 0; line < kOverviewTooltipMaxLines; ++line) {
        lineEnd = shown.indexOf(u'\n', lineEnd + 1);
        if (lineEnd < 0)
            break;
    }
    if (lineEnd >= 0)
        shown = shown.left(lineEnd);
    QString html = shown.toString().toHtmlEscaped().replace(u'\n', QLatin1String("<br>"));
    if (shown.size() < value.size())
        html += QStringLiteral("<br>… <i>(the YAML tab has the whole value)</i>");
    return QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(html).toHtmlEscaped();
}

} // namespace

QString byteSizeText(qint64 bytes)
{
    constexpr qint64 kKiB = 1024;
    if (bytes == 1)
        return QStringLiteral("1 byte");
    if (bytes < kKiB)
        return QStringLiteral("%1 bytes").arg(bytes);
    if (bytes < kKiB * kKiB)
        return QStringLiteral("%1 KiB").arg(double(bytes) / kKiB, 0, 'f', 1);
    return QStringLiteral("%1 MiB").arg(double(bytes) / (kKiB * kKiB), 0, 'f', 1);
}

QString overviewValueHtml(const QString &value, qsizetype maxChars)
{
    const QStringView text = withoutTrailingNewline(value);
    const qsizetype firstNewline = text.indexOf(u'\n');
    QStringView firstLine = firstNewline < 0 ? text : text.left(firstNewline);
    if (firstLine.endsWith(u'\r'))
        firstLine.chop(1);
    if (firstNewline < 0 && firstLine.size() <= maxChars) {
        return QStringLiteral("<span style='white-space:pre-wrap'>%1</span>")
            .arg(firstLine.toString().toHtmlEscaped());
    }
    QString size = byteSizeText(value.toUtf8().size());
    if (firstNewline >= 0)
        size += QStringLiteral(", %1 lines").arg(text.count(u'\n') + 1);
    return QStringLiteral("<span style='white-space:pre-wrap' title=\"%1\">%2…</span> "
                          "<span style='color:gray'>(%3)</span>")
        .arg(tooltipAttribute(text), cut(firstLine, maxChars).toString().toHtmlEscaped(), size);
}

} // namespace informant
