#include "informer/printers/jsonpath.h"

#include "informer/printers/jsonpatheval.h"

#include <algorithm>
#include <cmath>

namespace informant {

using printers_detail::JsonView;

struct JsonPath::Step
{
    enum class Kind { Field, Wildcard, Recursive, Index, Slice, Filter };
    Kind kind = Kind::Field;
    QString name;                // Field / Recursive (empty Recursive name: all)
    qint64 index = 0;            // Index
    std::optional<qint64> start; // Slice
    std::optional<qint64> end;   // Slice
    // Filter: @-relative path, operator ("" for existence) and literal.
    QList<Step> filterPath;
    QString op;
    enum class LiteralType { None, String, Number, Bool } literalType = LiteralType::None;
    QString literalString;
    double literalNumber = 0;
    bool literalBool = false;
};

namespace {

using Step = JsonPath::Step;

class PathParser
{
public:
    explicit PathParser(const QString &text)
        : m_text(text)
    {
    }

    Result<QList<Step>> parseAll()
    {
        QList<Step> steps;
        skipSpaces();
        if (peek() == u'$')
            ++m_pos;
        while (!atEnd()) {
            auto step = parseStep(steps);
            if (!step)
                return step.error();
        }
        return m_steps;
    }

    // Parses the steps of an "@..." path inside a filter, stopping at an
    // operator or the closing parenthesis.
    Result<QList<Step>> parseRelative()
    {
        QList<Step> unused;
        while (!atEnd()) {
            const QChar c = peek();
            if (c != u'.' && c != u'[')
                break;
            auto step = parseStep(unused);
            if (!step)
                return step.error();
        }
        return m_steps;
    }

    qsizetype position() const { return m_pos; }

private:
    bool atEnd() const { return m_pos >= m_text.size(); }
    QChar peek(qsizetype ahead = 0) const
    {
        return m_pos + ahead < m_text.size() ? m_text[m_pos + ahead] : QChar();
    }
    void skipSpaces()
    {
        while (!atEnd() && peek().isSpace())
            ++m_pos;
    }
    Error error(const QString &what) const
    {
        return makeError(QStringLiteral("invalid JSONPath %1 at position %2: %3")
                             .arg(m_text)
                             .arg(m_pos)
                             .arg(what));
    }

    static bool isNameChar(QChar c)
    {
        return !(c == u'.' || c == u'[' || c == u']' || c == u'(' || c == u')' || c == u'=' ||
                 c == u'!' || c == u'<' || c == u'>' || c == u' ' || c == u'"' || c == u'\'' ||
                 c == u',' || c == u'}' || c == u'{' || c.isNull());
    }

    QString readName()
    {
        const qsizetype start = m_pos;
        while (!atEnd() && isNameChar(peek()))
            ++m_pos;
        return m_text.mid(start, m_pos - start);
    }

    Result<bool> parseStep(QList<Step> &)
    {
        const QChar c = peek();
        if (c == u'.') {
            ++m_pos;
            if (peek() == u'.') {
                ++m_pos;
                Step step;
                step.kind = Step::Kind::Recursive;
                if (peek() == u'*')
                    ++m_pos;
                else if (peek() != u'[')
                    step.name = readName();
                // `..` right after a nameless `..` selects the same nodes
                // (each once more per ancestor): keep one, or a path like
                // `........x` costs time exponential in its length.
                if (!m_steps.isEmpty() && m_steps.last().kind == Step::Kind::Recursive &&
                    m_steps.last().name.isEmpty())
                    m_steps.removeLast();
                m_steps.append(step);
                return true;
            }
            if (peek() == u'*') {
                ++m_pos;
                Step step;
                step.kind = Step::Kind::Wildcard;
                m_steps.append(step);
                return true;
            }
            if (atEnd() || peek() == u'[')
                return true; // "." alone is the current node
            const QString name = readName();
            if (name.isEmpty())
                return error(QStringLiteral("expected a field name"));
            Step step;
            step.name = name;
            m_steps.append(step);
            return true;
        }
        if (c == u'[')
            return parseBracket();
        return error(QStringLiteral("unexpected '%1'").arg(c));
    }

    Result<QString> readQuoted()
    {
        const QChar quote = peek();
        ++m_pos;
        QString value;
        while (!atEnd() && peek() != quote) {
            if (peek() == u'\\' && m_pos + 1 < m_text.size())
                ++m_pos;
            value.append(peek());
            ++m_pos;
        }
        if (atEnd())
            return error(QStringLiteral("unterminated string"));
        ++m_pos;
        return value;
    }

    std::optional<qint64> readInteger()
    {
        const qsizetype start = m_pos;
        if (peek() == u'-')
            ++m_pos;
        while (!atEnd() && peek().isDigit())
            ++m_pos;
        bool ok = false;
        const qint64 value = m_text.mid(start, m_pos - start).toLongLong(&ok);
        if (!ok) {
            m_pos = start;
            return std::nullopt;
        }
        return value;
    }

    Result<bool> parseBracket()
    {
        ++m_pos; // '['
        skipSpaces();
        Step step;
        if (peek() == u'*') {
            ++m_pos;
            step.kind = Step::Kind::Wildcard;
        } else if (peek() == u'\'' || peek() == u'"') {
            auto name = readQuoted();
            if (!name)
                return name.error();
            step.name = name.value();
        } else if (peek() == u'?') {
            auto filter = parseFilter();
            if (!filter)
                return filter.error();
            step = filter.value();
        } else {
            const auto first = readInteger();
            skipSpaces();
            if (peek() == u':') {
                ++m_pos;
                step.kind = Step::Kind::Slice;
                step.start = first;
                skipSpaces();
                step.end = readInteger();
                skipSpaces();
                if (peek() == u':') { // step size: only 1 is meaningful for columns
                    ++m_pos;
                    readInteger();
                }
            } else if (first) {
                step.kind = Step::Kind::Index;
                step.index = *first;
            } else {
                return error(QStringLiteral("expected an index, slice, '*', name or filter"));
            }
        }
        skipSpaces();
        if (peek() != u']')
            return error(QStringLiteral("expected ']'"));
        ++m_pos;
        m_steps.append(step);
        return true;
    }

    Result<Step> parseFilter()
    {
        ++m_pos; // '?'
        if (peek() != u'(')
            return error(QStringLiteral("expected '(' after '?'"));
        ++m_pos;
        skipSpaces();
        if (peek() != u'@')
            return error(QStringLiteral("filter must start with '@'"));
        ++m_pos;
        PathParser inner(m_text);
        inner.m_pos = m_pos;
        auto relative = inner.parseRelative();
        if (!relative)
            return relative.error();
        m_pos = inner.position();
        Step step;
        step.kind = Step::Kind::Filter;
        step.filterPath = relative.value();
        skipSpaces();
        for (const char *op : {"==", "!=", "<=", ">=", "<", ">"}) {
            const QLatin1String text(op);
            if (m_text.mid(m_pos, text.size()) == text) {
                step.op = text;
                m_pos += text.size();
                break;
            }
        }
        if (step.op.isEmpty() && peek() == u'=') { // client-go accepts a single '='
            step.op = QStringLiteral("==");
            ++m_pos;
        }
        if (!step.op.isEmpty()) {
            skipSpaces();
            if (auto literal = parseLiteral(step); !literal)
                return literal.error();
        }
        skipSpaces();
        if (peek() != u')')
            return error(QStringLiteral("expected ')' to close the filter"));
        ++m_pos;
        return step;
    }

    Result<bool> parseLiteral(Step &step)
    {
        if (peek() == u'\'' || peek() == u'"') {
            auto text = readQuoted();
            if (!text)
                return text.error();
            step.literalType = Step::LiteralType::String;
            step.literalString = text.value();
            return true;
        }
        const qsizetype start = m_pos;
        while (!atEnd() && peek() != u')' && !peek().isSpace())
            ++m_pos;
        const QString word = m_text.mid(start, m_pos - start);
        if (word == QLatin1String("true") || word == QLatin1String("false")) {
            step.literalType = Step::LiteralType::Bool;
            step.literalBool = word == QLatin1String("true");
            return true;
        }
        bool ok = false;
        const double number = word.toDouble(&ok);
        if (!ok)
            return error(QStringLiteral("unrecognized literal '%1'").arg(word));
        step.literalType = Step::LiteralType::Number;
        step.literalNumber = number;
        return true;
    }

    QString m_text;
    qsizetype m_pos = 0;
    QList<Step> m_steps;
};

QList<JsonView> applySteps(const QList<Step> &steps, QList<JsonView> nodes);

void collectRecursive(JsonView node, const QString &name, QList<JsonView> &out)
{
    if (name.isEmpty()) {
        out.append(node);
    } else if (node.isObject()) {
        const QByteArray key = name.toUtf8();
        if (JsonView value = node[std::string_view(key.constData(), size_t(key.size()))];
            value.exists())
            out.append(value);
    }
    for (const JsonView &child : node.items())
        collectRecursive(child, name, out);
}

bool filterMatches(const Step &step, JsonView item)
{
    const QList<JsonView> lefts = applySteps(step.filterPath, {item});
    if (step.op.isEmpty())
        return !lefts.isEmpty();
    if (lefts.isEmpty())
        return false;
    const JsonView left = lefts.front();
    int order = 0;
    switch (step.literalType) {
    case Step::LiteralType::String: {
        if (!left.isString())
            return false;
        order = left.str().compare(step.literalString);
        break;
    }
    case Step::LiteralType::Number: {
        double value = 0;
        if (!left.isNumber() || left.element().get(value) != simdjson::SUCCESS)
            return false;
        order = value < step.literalNumber ? -1 : (value > step.literalNumber ? 1 : 0);
        break;
    }
    case Step::LiteralType::Bool:
        if (!left.isBool())
            return false;
        order = int(*left.boolean()) - int(step.literalBool);
        break;
    case Step::LiteralType::None:
        return false;
    }
    if (step.op == QLatin1String("=="))
        return order == 0;
    if (step.op == QLatin1String("!="))
        return order != 0;
    if (step.op == QLatin1String("<"))
        return order < 0;
    if (step.op == QLatin1String("<="))
        return order <= 0;
    if (step.op == QLatin1String(">"))
        return order > 0;
    return order >= 0;
}

void applyStep(const Step &step, JsonView node, QList<JsonView> &out)
{
    switch (step.kind) {
    case Step::Kind::Field: {
        const QByteArray key = step.name.toUtf8();
        if (JsonView value = node[std::string_view(key.constData(), size_t(key.size()))];
            value.exists())
            out.append(value);
        return;
    }
    case Step::Kind::Wildcard:
        out.append(node.items());
        return;
    case Step::Kind::Recursive:
        collectRecursive(node, step.name, out);
        return;
    case Step::Kind::Index: {
        const qint64 size = node.isArray() ? node.size() : 0;
        const qint64 index = step.index < 0 ? size + step.index : step.index;
        if (index >= 0 && index < size)
            out.append(node.at(index));
        return;
    }
    case Step::Kind::Slice: {
        if (!node.isArray())
            return;
        const qint64 size = node.size();
        auto clamp = [size](qint64 value) {
            return std::clamp(value < 0 ? size + value : value, qint64(0), size);
        };
        const qint64 begin = clamp(step.start.value_or(0));
        const qint64 end = clamp(step.end.value_or(size));
        for (qint64 i = begin; i < end; ++i)
            out.append(node.at(i));
        return;
    }
    case Step::Kind::Filter:
        if (!node.isArray())
            return;
        for (const JsonView &item : node.items()) {
            if (filterMatches(step, item))
                out.append(item);
        }
        return;
    }
}

// Intermediate results larger than this end the evaluation with no result,
// as a document too deep to parse does: recursive steps over nested keys of
// the same name (`..a..a..a`) otherwise grow as depth^steps.
constexpr qsizetype kMaxNodes = 100000;

QList<JsonView> applySteps(const QList<Step> &steps, QList<JsonView> nodes)
{
    for (const Step &step : steps) {
        QList<JsonView> next;
        for (const JsonView &node : nodes) {
            applyStep(step, node, next);
            if (next.size() > kMaxNodes)
                return {};
        }
        nodes = std::move(next);
        if (nodes.isEmpty())
            break;
    }
    return nodes;
}

} // namespace

JsonPath::JsonPath()
    : m_steps(std::make_shared<const QList<Step>>())
{
}
JsonPath::~JsonPath() = default;
JsonPath::JsonPath(const JsonPath &) = default;
JsonPath &JsonPath::operator=(const JsonPath &) = default;

Result<JsonPath> JsonPath::parse(const QString &expression)
{
    QString text = expression.trimmed();
    if (text.startsWith(u'{') && text.endsWith(u'}'))
        text = text.mid(1, text.size() - 2).trimmed();
    if (text.isEmpty())
        return makeError(
            QStringLiteral("invalid JSONPath \"%1\": empty expression").arg(expression));
    // client-go's "@" is the current node, as "$" is the root: a path is
    // always evaluated from the node it is given.
    if (text.front() == u'@')
        text[0] = u'$';
    if (text.front() != u'.' && text.front() != u'$' && text.front() != u'[')
        return makeError(
            QStringLiteral("invalid JSONPath \"%1\": must start with '.'").arg(expression));
    PathParser parser(text);
    auto steps = parser.parseAll();
    if (!steps)
        return steps.error();
    JsonPath path;
    path.m_expression = expression;
    path.m_steps = std::make_shared<const QList<Step>>(std::move(steps).value());
    return path;
}

const QList<JsonPath::Step> &JsonPath::steps() const
{
    return *m_steps;
}

QStringList JsonPath::evaluate(const QByteArray &json) const
{
    printers_detail::JsonDocument document(json);
    QStringList texts;
    if (!document.ok())
        return texts;
    for (const JsonView &value : printers_detail::evaluateJsonPath(*this, document.root()))
        texts.append(printers_detail::jsonPathText(value));
    return texts;
}

QList<QByteArray> JsonPath::evaluateJson(const QByteArray &json) const
{
    printers_detail::JsonDocument document(json);
    QList<QByteArray> texts;
    if (!document.ok())
        return texts;
    for (const JsonView &value : printers_detail::evaluateJsonPath(*this, document.root())) {
        const std::string text = simdjson::to_string(value.element());
        texts.append(QByteArray(text.data(), qsizetype(text.size())));
    }
    return texts;
}

namespace {

// Go's fmt "%v" of a value decoded from JSON into interface{} (what
// unstructured objects hold): maps print with sorted keys.
QString goValueText(JsonView value)
{
    if (value.isNull())
        return QStringLiteral("<nil>");
    if (value.isArray()) {
        QStringList items;
        for (const JsonView &item : value.items())
            items.append(goValueText(item));
        return u'[' + items.join(u' ') + u']';
    }
    if (value.isObject()) {
        QList<std::pair<QString, JsonView>> fields = value.fields();
        std::sort(fields.begin(), fields.end(),
                  [](const auto &a, const auto &b) { return a.first < b.first; });
        QStringList pairs;
        for (const auto &[key, field] : fields)
            pairs.append(key + u':' + goValueText(field));
        return QStringLiteral("map[") + pairs.join(u' ') + u']';
    }
    return printers_detail::jsonPathText(value);
}

} // namespace

QStringList JsonPath::evaluateGoValues(const QByteArray &json) const
{
    printers_detail::JsonDocument document(json);
    QStringList texts;
    if (!document.ok())
        return texts;
    for (const JsonView &value : printers_detail::evaluateJsonPath(*this, document.root()))
        texts.append(goValueText(value));
    return texts;
}

namespace printers_detail {

QList<JsonView> evaluateJsonPath(const JsonPath &path, JsonView root)
{
    return applySteps(path.steps(), {root});
}

} // namespace printers_detail

} // namespace informant
