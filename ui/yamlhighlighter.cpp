#include "ui/yamlhighlighter.h"

#include "models/yamlrenderer.h"

#include <QRegularExpression>

namespace informant {

YamlHighlighter::YamlHighlighter(QTextDocument *document, bool dark)
    : QSyntaxHighlighter(document)
{
    m_key.setForeground(dark ? QColor(0x7c, 0xb7, 0xff) : QColor(0x1f, 0x5f, 0xad));
    m_string.setForeground(dark ? QColor(0xa5, 0xd6, 0x8a) : QColor(0x2f, 0x7a, 0x32));
    m_number.setForeground(dark ? QColor(0xf0, 0xb0, 0x70) : QColor(0xa6, 0x5a, 0x00));
    m_keyword.setForeground(dark ? QColor(0xd3, 0x9b, 0xf0) : QColor(0x8a, 0x3f, 0xb0));
    m_comment.setForeground(QColor(0x8a, 0x8a, 0x8a));
    m_comment.setFontItalic(true);
    m_punct.setForeground(QColor(0x8a, 0x8a, 0x8a));
    m_masked.setForeground(QColor(0xd9, 0x3f, 0x3f));
}

void YamlHighlighter::highlightBlock(const QString &text)
{
    static const QRegularExpression line(
        QStringLiteral(R"(^(\s*)(- )?(("[^"]*"|[^\s"#][^:#]*?):)?(\s+(.*))?$)"));
    static const QRegularExpression number(QStringLiteral(R"(^-?\d+(\.\d+)?([eE][-+]?\d+)?$)"));
    const QString trimmed = text.trimmed();
    if (trimmed.startsWith(u'#')) {
        setFormat(0, int(text.size()), m_comment);
        return;
    }
    const QRegularExpressionMatch m = line.match(text);
    if (!m.hasMatch())
        return;
    if (m.capturedStart(2) >= 0)
        setFormat(int(m.capturedStart(2)), 1, m_punct);
    if (m.capturedStart(4) >= 0)
        setFormat(int(m.capturedStart(4)), int(m.capturedLength(4)), m_key);
    // A value after "key:" or "- ", or a continuation line of a block string.
    qsizetype start = m.capturedStart(6);
    QString value = m.captured(6);
    if (start < 0 && m.capturedStart(3) < 0) {
        start = m.capturedEnd(2) >= 0 ? m.capturedEnd(2) : m.capturedEnd(1);
        value = text.mid(start);
    }
    if (start < 0 || value.isEmpty())
        return;
    const int s = int(start);
    const int n = int(value.size());
    if (value == kMaskedValue)
        setFormat(s, n, m_masked);
    else if (value == QLatin1String("true") || value == QLatin1String("false") ||
             value == QLatin1String("null") || value == QLatin1String("|") ||
             value == QLatin1String("|-") || value == QLatin1String("{}") ||
             value == QLatin1String("[]"))
        setFormat(s, n, m_keyword);
    else if (number.match(value).hasMatch())
        setFormat(s, n, m_number);
    else
        setFormat(s, n, m_string);
}

} // namespace informant
