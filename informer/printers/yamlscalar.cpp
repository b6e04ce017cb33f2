#include "informer/printers/yamlscalar.h"

#include "informer/printers/yamlresolver.h"

#include <QHash>
#include <QList>

#include <algorithm>
#include <string_view>
#include <vector>

namespace informant::printers_detail {

namespace {

// go-yaml writes a longer key (counted in UTF-8 bytes) as a complex "? " key.
constexpr qsizetype kSimpleKeyMaxBytes = 128;

// ---- go-yaml v2's emitter: which scalar styles a string allows -------------

bool isBreak(char32_t c)
{
    return c == U'\n' || c == U'\r' || c == 0x85 || c == 0x2028 || c == 0x2029;
}

// libyaml's printable set; the rest (tab, CR, C1 controls, BOM, characters
// beyond the BMP) is escaped in double quotes.
bool isPrintable(char32_t c)
{
    return c == U'\n' || (c >= 0x20 && c <= 0x7E) || (c >= 0xA0 && c <= 0xD7FF) ||
           (c >= 0xE000 && c <= 0xFFFD && c != 0xFEFF);
}

struct ScalarAnalysis
{
    bool multiline = false;
    bool plainAllowed = true;
    bool singleQuotedAllowed = true;
    bool blockAllowed = true;
};

// Indicators go-yaml checks at the start and inside a block-context plain scalar.
bool hasBlockIndicator(const std::vector<char32_t> &text)
{
    const auto followedByBlank = [&text](size_t i) {
        return i + 1 >= text.size() || text[i + 1] == U' ' || text[i + 1] == U'\t';
    };
    if (text.size() >= 3 && ((text[0] == U'-' && text[1] == U'-' && text[2] == U'-') ||
                             (text[0] == U'.' && text[1] == U'.' && text[2] == U'.')))
        return true;
    const std::u32string_view alwaysFirst = U"#,[]{}&*!|>'\"%@`";
    if (alwaysFirst.find(text[0]) != std::u32string_view::npos)
        return true;
    if ((text[0] == U'?' || text[0] == U'-') && followedByBlank(0))
        return true;
    bool precededByWhitespace = true;
    for (size_t i = 0; i < text.size(); ++i) {
        const char32_t c = text[i];
        if ((c == U':' && followedByBlank(i)) || (i > 0 && c == U'#' && precededByWhitespace))
            return true;
        precededByWhitespace = c == U' ' || c == U'\t' || c == 0 || isBreak(c);
    }
    return false;
}

ScalarAnalysis analyze(const std::vector<char32_t> &text)
{
    ScalarAnalysis a;
    if (text.empty()) {
        a.blockAllowed = false;
        return a;
    }
    bool specialCharacters = false, breakSpace = false, spaceBreak = false;
    bool previousSpace = false, previousBreak = false;
    for (const char32_t c : text) {
        specialCharacters = specialCharacters || !isPrintable(c);
        breakSpace = breakSpace || (c == U' ' && previousBreak);
        spaceBreak = spaceBreak || (isBreak(c) && previousSpace);
        a.multiline = a.multiline || isBreak(c);
        previousSpace = c == U' ';
        previousBreak = isBreak(c);
    }
    const bool edgeSpace = text.front() == U' ' || text.back() == U' ';
    const bool edgeBreak = isBreak(text.front()) || isBreak(text.back());
    a.plainAllowed = !(edgeSpace || edgeBreak || breakSpace || spaceBreak || specialCharacters ||
                       a.multiline || hasBlockIndicator(text));
    a.singleQuotedAllowed = !(breakSpace || spaceBreak || specialCharacters);
    a.blockAllowed = !(text.back() == U' ' || spaceBreak || specialCharacters);
    return a;
}

enum class ScalarStyle { Plain, SingleQuoted, DoubleQuoted, Literal };

// go-yaml's choice: a string of several lines asks for a literal block, one
// that plain would read as another type for double quotes, others for plain;
// then each falls back (plain to single to double quotes, a block to double
// quotes) when the text does not allow it. A simple key is never a block.
ScalarStyle styleFor(const QString &text, const std::vector<char32_t> &ucs4, bool simpleKey)
{
    const ScalarAnalysis analysis = analyze(ucs4);
    ScalarStyle style = text.contains(u'\n')     ? ScalarStyle::Literal
                        : resolvesToString(text) ? ScalarStyle::Plain
                                                 : ScalarStyle::DoubleQuoted;
    if (simpleKey && analysis.multiline)
        style = ScalarStyle::DoubleQuoted;
    if (style == ScalarStyle::Plain && (!analysis.plainAllowed || (text.isEmpty() && simpleKey)))
        style = ScalarStyle::SingleQuoted;
    if (style == ScalarStyle::SingleQuoted && !analysis.singleQuotedAllowed)
        style = ScalarStyle::DoubleQuoted;
    if (style == ScalarStyle::Literal && (!analysis.blockAllowed || simpleKey))
        style = ScalarStyle::DoubleQuoted;
    return style;
}

// ---- Writing scalars -------------------------------------------------------

void appendCodePoint(QString &out, char32_t c)
{
    if (QChar::requiresSurrogates(c)) {
        out += QChar(QChar::highSurrogate(c));
        out += QChar(QChar::lowSurrogate(c));
    } else {
        out += QChar(char16_t(c));
    }
}

// A plain or quoted string written as go-yaml's emitter writes it, knowing
// its column: go-yaml may turn a space into a line break.
class FlowScalarText
{
public:
    explicit FlowScalarText(const YamlScalarPlacement &placement)
        : m_placement(placement)
        , m_column(placement.column)
    {
    }

    void append(char32_t c)
    {
        appendCodePoint(m_text, c);
        ++m_column;
    }
    void append(QLatin1StringView text)
    {
        m_text += text;
        m_column += int(text.size());
    }

    // go-yaml folds at a space once the line is longer than the width, and
    // only at the first of several spaces (each style adds conditions of its
    // own about the characters around it).
    bool mayFoldAt(const std::vector<char32_t> &text, size_t i) const
    {
        return text[i] == U' ' && (i == 0 || text[i - 1] != U' ') &&
               m_column > m_placement.lineWidthChars;
    }
    void breakLine()
    {
        m_text += u'\n';
        m_column = 0;
        indentLine();
    }
    // A line separator written as is (U+2028, U+2029) starts a line too:
    // go-yaml counts columns from it and indents what follows.
    void appendLineSeparator(char32_t c)
    {
        appendCodePoint(m_text, c);
        m_column = 0;
    }
    void indentLine()
    {
        m_text += QString(std::max(0, m_placement.indent - m_column), u' ');
        m_column = std::max(m_column, m_placement.indent);
    }

    QString text() const { return m_text; }

private:
    YamlScalarPlacement m_placement;
    int m_column = 0;
    QString m_text;
};

QString plainScalar(const std::vector<char32_t> &text, const YamlScalarPlacement &placement)
{
    FlowScalarText out(placement);
    for (size_t i = 0; i < text.size(); ++i) {
        // Not before another space: the next line would start with it.
        if (out.mayFoldAt(text, i) && i + 1 < text.size() && text[i + 1] != U' ') {
            out.breakLine();
            continue;
        }
        out.append(text[i]);
    }
    return out.text();
}

QByteArray escapeSequence(char32_t c)
{
    static const QHash<char32_t, char> named{{0x00, '0'},   {0x07, 'a'},  {0x08, 'b'},  {0x09, 't'},
                                             {0x0A, 'n'},   {0x0B, 'v'},  {0x0C, 'f'},  {0x0D, 'r'},
                                             {0x1B, 'e'},   {0x22, '"'},  {0x5C, '\\'}, {0x85, 'N'},
                                             {0x2028, 'L'}, {0x2029, 'P'}};
    if (const auto it = named.find(c); it != named.end())
        return QByteArray("\\") + it.value();
    if (c <= 0xFF)
        return "\\x" + QByteArray::number(uint(c), 16).toUpper().rightJustified(2, '0');
    if (c <= 0xFFFF)
        return "\\u" + QByteArray::number(uint(c), 16).toUpper().rightJustified(4, '0');
    return "\\U" + QByteArray::number(uint(c), 16).toUpper().rightJustified(8, '0');
}

QString doubleQuoted(const std::vector<char32_t> &text, const YamlScalarPlacement &placement)
{
    FlowScalarText out(placement);
    out.append(U'"');
    for (size_t i = 0; i < text.size(); ++i) {
        const char32_t c = text[i];
        if (out.mayFoldAt(text, i) && i > 0 && i + 1 < text.size()) {
            out.breakLine();
            // A line's leading spaces would be read as indentation: an
            // escaped space keeps the next one.
            if (text[i + 1] == U' ')
                out.append(U'\\');
            continue;
        }
        if (isPrintable(c) && !isBreak(c) && c != U'"' && c != U'\\')
            out.append(c);
        else
            out.append(QLatin1StringView(escapeSequence(c)));
    }
    out.append(U'"');
    return out.text();
}

QString singleQuoted(const std::vector<char32_t> &text, const YamlScalarPlacement &placement)
{
    FlowScalarText out(placement);
    out.append(U'\'');
    bool afterBreak = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char32_t c = text[i];
        if (out.mayFoldAt(text, i) && i > 0 && i + 1 < text.size() && text[i + 1] != U' ') {
            out.breakLine();
            continue;
        }
        // Only U+2028 and U+2029 get here: with "\n" a string is a literal
        // block, or double-quoted; with a space beside it, double-quoted.
        if (isBreak(c)) {
            out.appendLineSeparator(c);
            afterBreak = true;
            continue;
        }
        if (afterBreak)
            out.indentLine();
        afterBreak = false;
        if (c == U'\'')
            out.append(U'\'');
        out.append(c);
    }
    out.append(U'\'');
    return out.text();
}

// "|" keeps one final newline, "|-" none, "|+" several; "|2" says the
// indentation when the first line starts with a space or is empty. go-yaml
// never folds a literal block's lines.
QString literalBlock(const std::vector<char32_t> &text, int indent)
{
    QString out(1, u'|');
    if (text.front() == U' ' || isBreak(text.front()))
        out += QString::number(kYamlIndentSpaces);
    if (!isBreak(text.back()))
        out += u'-';
    else if (text.size() == 1 || isBreak(text[text.size() - 2]))
        out += u'+';
    out += u'\n';
    bool lineStart = true;
    for (const char32_t c : text) {
        if (isBreak(c)) {
            appendCodePoint(out, c);
            lineStart = true;
            continue;
        }
        if (lineStart)
            out += QString(indent, u' ');
        lineStart = false;
        appendCodePoint(out, c);
    }
    if (!isBreak(text.back()))
        out += u'\n';
    return out;
}

} // namespace

QString yamlString(const QString &text, const YamlScalarPlacement &at, bool simpleKey)
{
    const QList<uint> codePoints = text.toUcs4();
    const std::vector<char32_t> ucs4(codePoints.begin(), codePoints.end());
    YamlScalarPlacement placement = at;
    if (simpleKey)
        placement.lineWidthChars = kUnlimitedLineWidthChars;
    switch (styleFor(text, ucs4, simpleKey)) {
    case ScalarStyle::Plain:
        return placement.lineWidthChars == kUnlimitedLineWidthChars ? text
                                                                    : plainScalar(ucs4, placement);
    case ScalarStyle::SingleQuoted:
        return singleQuoted(ucs4, placement);
    case ScalarStyle::DoubleQuoted:
        return doubleQuoted(ucs4, placement);
    case ScalarStyle::Literal:
        return literalBlock(ucs4, placement.indent);
    }
    return text;
}

bool isSimpleYamlKey(const QString &key)
{
    const bool multiline =
        std::any_of(key.begin(), key.end(), [](QChar c) { return isBreak(c.unicode()); });
    return !multiline && key.toUtf8().size() <= kSimpleKeyMaxBytes;
}

} // namespace informant::printers_detail
