#pragma once

// YamlHighlighter: syntax colours for the details pane's YAML — keys, strings,
// numbers and booleans, comments, list dashes and masked Secret values —
// picked for contrast on both light and dark palettes.

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace informant {

class YamlHighlighter final : public QSyntaxHighlighter
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(YamlHighlighter)

public:
    YamlHighlighter(QTextDocument *document, bool dark);

protected:
    void highlightBlock(const QString &text) override;

private:
    QTextCharFormat m_key;
    QTextCharFormat m_string;
    QTextCharFormat m_number;
    QTextCharFormat m_keyword;
    QTextCharFormat m_comment;
    QTextCharFormat m_punct;
    QTextCharFormat m_masked;
};

} // namespace informant
