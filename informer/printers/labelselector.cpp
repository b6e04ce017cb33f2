#include "informer/printers/labelselector.h"

#include <algorithm>
#include <optional>

// The lexer and recursive-descent parser follow apimachinery's labels.Parse
// token for token, so that every input kubectl accepts is accepted here and
// every rejected input fails with the same message.

namespace informant {

namespace {

enum class Token {
    End,
    ClosedPar,
    Comma,
    Not,
    DoubleEquals,
    Equals,
    GreaterThan,
    Identifier,
    In,
    LessThan,
    NotEquals,
    NotIn,
    OpenPar,
};

struct Item
{
    Token token;
    QString literal;
};

std::optional<Token> keywordToken(const QString &text)
{
    static const QList<std::pair<QString, Token>> table = {
        {QStringLiteral(")"), Token::ClosedPar},  {QStringLiteral(","), Token::Comma},
        {QStringLiteral("!"), Token::Not},        {QStringLiteral("=="), Token::DoubleEquals},
        {QStringLiteral("="), Token::Equals},     {QStringLiteral(">"), Token::GreaterThan},
        {QStringLiteral("in"), Token::In},        {QStringLiteral("<"), Token::LessThan},
        {QStringLiteral("!="), Token::NotEquals}, {QStringLiteral("notin"), Token::NotIn},
        {QStringLiteral("("), Token::OpenPar},
    };
    for (const auto &[literal, token] : table) {
        if (literal == text)
            return token;
    }
    return std::nullopt;
}

bool isWhitespace(QChar c)
{
    return c == u' ' || c == u'\t' || c == u'\r' || c == u'\n';
}

bool isSpecial(QChar c)
{
    return c == u'=' || c == u'!' || c == u'(' || c == u')' || c == u',' || c == u'>' || c == u'<';
}

// Splits the whole input into tokens, ending with Token::End.
QList<Item> scan(const QString &text)
{
    QList<Item> items;
    qsizetype pos = 0;
    const qsizetype size = text.size();
    for (;;) {
        while (pos < size && isWhitespace(text[pos]))
            ++pos;
        if (pos >= size) {
            items.append({Token::End, QString()});
            return items;
        }
        if (isSpecial(text[pos])) {
            // Longest operator made of special characters ("!=" over "!").
            // Every single special character is itself a token.
            QString buffer;
            Item last{Token::End, QString()};
            while (pos < size && isSpecial(text[pos])) {
                buffer.append(text[pos]);
                const auto token = keywordToken(buffer);
                if (!token)
                    break;
                last = {*token, buffer};
                ++pos;
            }
            items.append(last);
            continue;
        }
        const qsizetype start = pos;
        while (pos < size && !isSpecial(text[pos]) && !isWhitespace(text[pos]))
            ++pos;
        const QString word = text.mid(start, pos - start);
        const auto token = keywordToken(word);
        items.append({token ? *token : Token::Identifier, word});
    }
}

bool isAlnum(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9');
}

// ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]
bool isQualifiedNamePart(const QString &text)
{
    if (text.isEmpty() || !isAlnum(text.front()) || !isAlnum(text.back()))
        return false;
    return std::all_of(text.begin(), text.end(),
                       [](QChar c) { return isAlnum(c) || c == u'-' || c == u'_' || c == u'.'; });
}

// [a-z0-9]([-a-z0-9]*[a-z0-9])? joined by '.'
bool isDns1123Subdomain(const QString &text)
{
    const QStringList labels = text.split(u'.');
    return std::all_of(labels.begin(), labels.end(), [](const QString &label) {
        auto lowerAlnum = [](QChar c) {
            return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9');
        };
        if (label.isEmpty() || !lowerAlnum(label.front()) || !lowerAlnum(label.back()))
            return false;
        return std::all_of(label.begin(), label.end(),
                           [&](QChar c) { return lowerAlnum(c) || c == u'-'; });
    });
}

const char kQualifiedNameMessage[] =
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for "
    "validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

const char kSubdomainMessage[] =
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or "
    "'.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used "
    "for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

const char kLabelValueMessage[] =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or "
    "'.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or "
    "'my_value',  or '12345', regex used for validation is "
    "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

// field.Invalid(path, value, detail).Error()
QString invalidValue(const QString &path, const QString &value, const QString &detail)
{
    return QStringLiteral("%1: Invalid value: %2: %3").arg(path, goQuote(value), detail);
}

// strconv.ParseInt(text, 10, 64)
std::optional<qint64> parseInt64(const QString &text)
{
    if (text.isEmpty())
        return std::nullopt;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        const bool sign = i == 0 && (c == u'+' || c == u'-') && text.size() > 1;
        if (!sign && !(c >= u'0' && c <= u'9'))
            return std::nullopt;
    }
    bool ok = false;
    const qint64 value = text.toLongLong(&ok, 10);
    return ok ? std::optional<qint64>(value) : std::nullopt;
}

using Op = LabelSelector::Requirement::Op;

// NewRequirement's checks on values, reported like a field.ErrorList
// aggregate: one message, or "[a, b]" for several. Empty when valid.
QString requirementError(const LabelSelector::Requirement &requirement)
{
    QStringList errors;
    const bool numeric = requirement.op == Op::GreaterThan || requirement.op == Op::LessThan;
    for (qsizetype i = 0; numeric && i < requirement.values.size(); ++i) {
        if (!parseInt64(requirement.values[i])) {
            errors.append(invalidValue(QStringLiteral("values[%1]").arg(i), requirement.values[i],
                                       QStringLiteral("for 'Gt', 'Lt' operators, the value must be "
                                                      "an integer")));
        }
    }
    for (qsizetype i = 0; i < requirement.values.size(); ++i) {
        if (const QStringList problems = labelValueErrors(requirement.values[i]);
            !problems.isEmpty()) {
            errors.append(invalidValue(QStringLiteral("values[%1][%2]").arg(i).arg(requirement.key),
                                       requirement.values[i], problems.join(u"; ")));
        }
    }
    errors.removeDuplicates();
    if (errors.size() > 1)
        return u'[' + errors.join(u", ") + u']';
    return errors.value(0);
}

class Parser
{
public:
    explicit Parser(const QString &text)
        : m_items(scan(text))
    {
    }

    Result<QList<LabelSelector::Requirement>> parse();

private:
    enum class Context { KeyAndOperator, Values };

    // In a value position the keywords "in"/"notin" are ordinary identifiers.
    Item lookahead(Context context) const { return adjust(m_items[m_pos], context); }
    Item consume(Context context)
    {
        const Item item = adjust(m_items[m_pos], context);
        if (m_pos + 1 < m_items.size())
            ++m_pos;
        return item;
    }
    static Item adjust(Item item, Context context)
    {
        if (context == Context::Values && (item.token == Token::In || item.token == Token::NotIn))
            item.token = Token::Identifier;
        return item;
    }

    Result<LabelSelector::Requirement> parseRequirement();
    Result<QStringList> parseValues();
    Result<QStringList> parseIdentifiersList();
    Result<QStringList> parseExactValue();

    QList<Item> m_items;
    qsizetype m_pos = 0;
};

Result<QList<LabelSelector::Requirement>> Parser::parse()
{
    QList<LabelSelector::Requirement> requirements;
    for (;;) {
        const Item next = lookahead(Context::Values);
        if (next.token == Token::End)
            return requirements;
        if (next.token != Token::Identifier && next.token != Token::Not) {
            return makeError(
                QStringLiteral("found '%1', expected: !, identifier, or 'end of string'")
                    .arg(next.literal));
        }
        auto requirement = parseRequirement();
        if (!requirement)
            return makeError(QStringLiteral("unable to parse requirement: ") +
                             requirement.errorMessage());
        requirements.append(requirement.value());
        const Item separator = consume(Context::Values);
        if (separator.token == Token::End)
            return requirements;
        if (separator.token != Token::Comma) {
            return makeError(QStringLiteral("found '%1', expected: ',' or 'end of string'")
                                 .arg(separator.literal));
        }
        const Item after = lookahead(Context::Values);
        if (after.token != Token::Identifier && after.token != Token::Not)
            return makeError(
                QStringLiteral("found '%1', expected: identifier after ','").arg(after.literal));
    }
}

Result<LabelSelector::Requirement> Parser::parseRequirement()
{
    LabelSelector::Requirement requirement;
    Item item = consume(Context::Values);
    bool negated = false;
    if (item.token == Token::Not) {
        negated = true;
        item = consume(Context::Values);
    }
    if (item.token != Token::Identifier)
        return makeError(QStringLiteral("found '%1', expected: identifier").arg(item.literal));
    if (const QStringList errors = labelKeyErrors(item.literal); !errors.isEmpty())
        return makeError(invalidValue(QStringLiteral("<nil>"), item.literal, errors.join(u"; ")));
    requirement.key = item.literal;
    const Token after = lookahead(Context::Values).token;
    if (negated || after == Token::End || after == Token::Comma) {
        requirement.op = negated ? Op::DoesNotExist : Op::Exists;
        return requirement;
    }

    const Item op = consume(Context::KeyAndOperator);
    Result<QStringList> values = QStringList();
    switch (op.token) {
    case Token::In:
    case Token::NotIn:
        requirement.op = op.token == Token::In ? Op::In : Op::NotIn;
        values = parseValues();
        break;
    case Token::Equals:
    case Token::DoubleEquals:
    case Token::NotEquals:
    case Token::GreaterThan:
    case Token::LessThan:
        requirement.op = op.token == Token::NotEquals     ? Op::NotEquals
                         : op.token == Token::GreaterThan ? Op::GreaterThan
                         : op.token == Token::LessThan    ? Op::LessThan
                                                          : Op::Equals;
        values = parseExactValue();
        break;
    default:
        return makeError(
            QStringLiteral("found '%1', expected: in, notin, =, ==, !=, gt, lt").arg(op.literal));
    }
    if (!values)
        return values.error();
    requirement.values = values.value();
    requirement.values.sort();
    requirement.values.removeDuplicates();

    if (const QString error = requirementError(requirement); !error.isEmpty())
        return makeError(error);
    return requirement;
}

Result<QStringList> Parser::parseValues()
{
    const Item open = consume(Context::Values);
    if (open.token != Token::OpenPar)
        return makeError(QStringLiteral("found '%1' expected: '('").arg(open.literal));
    const Item next = lookahead(Context::Values);
    switch (next.token) {
    case Token::Identifier:
    case Token::Comma: {
        auto values = parseIdentifiersList();
        if (!values)
            return values;
        if (consume(Context::Values).token != Token::ClosedPar)
            return makeError(QStringLiteral("found '%1', expected: ')'").arg(next.literal));
        return values;
    }
    case Token::ClosedPar: // "()" is the set holding the empty string
        consume(Context::Values);
        return QStringList{QString()};
    default:
        return makeError(
            QStringLiteral("found '%1', expected: ',', ')' or identifier").arg(next.literal));
    }
}

// A possibly empty list of possibly empty values: "(a,,b)", "(,a)", "(a,)".
Result<QStringList> Parser::parseIdentifiersList()
{
    QStringList values;
    for (;;) {
        const Item item = consume(Context::Values);
        if (item.token == Token::Identifier) {
            values.append(item.literal);
            const Item next = lookahead(Context::Values);
            if (next.token == Token::Comma)
                continue;
            if (next.token == Token::ClosedPar)
                return values;
            return makeError(QStringLiteral("found '%1', expected: ',' or ')'").arg(next.literal));
        }
        if (item.token != Token::Comma)
            return makeError(
                QStringLiteral("found '%1', expected: ',', or identifier").arg(item.literal));
        if (values.isEmpty())
            values.append(QString());
        const Token next = lookahead(Context::Values).token;
        if (next == Token::ClosedPar) {
            values.append(QString());
            return values;
        }
        if (next == Token::Comma)
            values.append(QString());
    }
}

Result<QStringList> Parser::parseExactValue()
{
    const Token next = lookahead(Context::Values).token;
    if (next == Token::End || next == Token::Comma)
        return QStringList{QString()};
    const Item item = consume(Context::Values);
    if (item.token == Token::Identifier)
        return QStringList{item.literal};
    return makeError(QStringLiteral("found '%1', expected: identifier").arg(item.literal));
}

const QString *findLabel(const QList<Label> &sortedLabels, const QString &key)
{
    const auto it =
        std::lower_bound(sortedLabels.begin(), sortedLabels.end(), key,
                         [](const Label &label, const QString &k) { return label.key < k; });
    if (it == sortedLabels.end() || it->key != key)
        return nullptr;
    return &it->value;
}

} // namespace

QStringList labelKeyErrors(const QString &key)
{
    QStringList errors;
    const QStringList parts = key.split(u'/');
    QString name;
    if (parts.size() == 1) {
        name = parts[0];
    } else if (parts.size() == 2) {
        const QString &prefix = parts[0];
        name = parts[1];
        if (prefix.isEmpty()) {
            errors.append(QStringLiteral("prefix part must be non-empty"));
        } else {
            if (prefix.toUtf8().size() > 253)
                errors.append(QStringLiteral("prefix part must be no more than 253 bytes"));
            if (!isDns1123Subdomain(prefix))
                errors.append(QStringLiteral("prefix part ") + QLatin1String(kSubdomainMessage));
        }
    } else {
        return {QStringLiteral("a valid label key ") + QLatin1String(kQualifiedNameMessage) +
                QStringLiteral(" with an optional DNS subdomain prefix and '/' (e.g. "
                               "'example.com/MyName')")};
    }
    if (name.isEmpty())
        errors.append(QStringLiteral("name part must be non-empty"));
    else if (name.toUtf8().size() > 63)
        errors.append(QStringLiteral("name part must be no more than 63 bytes"));
    if (!isQualifiedNamePart(name))
        errors.append(QStringLiteral("name part ") + QLatin1String(kQualifiedNameMessage));
    return errors;
}

QStringList labelValueErrors(const QString &value)
{
    QStringList errors;
    if (value.toUtf8().size() > 63)
        errors.append(QStringLiteral("must be no more than 63 bytes"));
    if (!value.isEmpty() && !isQualifiedNamePart(value))
        errors.append(QLatin1String(kLabelValueMessage));
    return errors;
}

QString goQuote(const QString &text)
{
    QString out;
    out.reserve(text.size() + 2);
    out.append(u'"');
    for (const QChar c : text) {
        if (c == u'"' || c == u'\\') {
            out.append(u'\\').append(c);
        } else if (c == u'\n') {
            out.append(QStringLiteral("\\n"));
        } else if (c == u'\t') {
            out.append(QStringLiteral("\\t"));
        } else if (c == u'\r') {
            out.append(QStringLiteral("\\r"));
        } else if (c.unicode() < 0x20 || c.unicode() == 0x7f) {
            out.append(QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0')));
        } else {
            out.append(c);
        }
    }
    out.append(u'"');
    return out;
}

bool LabelSelector::Requirement::matches(const QList<Label> &sortedLabels) const
{
    const QString *value = findLabel(sortedLabels, key);
    switch (op) {
    case Op::Equals:
    case Op::In:
        return value && values.contains(*value);
    case Op::NotEquals:
    case Op::NotIn:
        return !value || !values.contains(*value);
    case Op::Exists:
        return value != nullptr;
    case Op::DoesNotExist:
        return value == nullptr;
    case Op::GreaterThan:
    case Op::LessThan: {
        if (!value || values.size() != 1)
            return false;
        const auto actual = parseInt64(*value);
        const auto wanted = parseInt64(values.front());
        if (!actual || !wanted)
            return false;
        return op == Op::GreaterThan ? *actual > *wanted : *actual < *wanted;
    }
    }
    return false;
}

QString LabelSelector::Requirement::toString() const
{
    switch (op) {
    case Op::Exists:
        return key;
    case Op::DoesNotExist:
        return u'!' + key;
    case Op::Equals:
        return key + u'=' + values.value(0);
    case Op::NotEquals:
        return key + QStringLiteral("!=") + values.value(0);
    case Op::GreaterThan:
        return key + u'>' + values.value(0);
    case Op::LessThan:
        return key + u'<' + values.value(0);
    case Op::In:
        return key + QStringLiteral(" in (") + values.join(u',') + u')';
    case Op::NotIn:
        return key + QStringLiteral(" notin (") + values.join(u',') + u')';
    }
    return key;
}

LabelSelector::LabelSelector() = default;

Result<LabelSelector> LabelSelector::parse(const QString &text)
{
    Parser parser(text);
    auto requirements = parser.parse();
    if (!requirements)
        return requirements.error();
    LabelSelector selector;
    selector.m_requirements = std::move(requirements).value();
    std::stable_sort(selector.m_requirements.begin(), selector.m_requirements.end(),
                     [](const Requirement &a, const Requirement &b) { return a.key < b.key; });
    return selector;
}

bool LabelSelector::matches(const QList<Label> &sortedLabels) const
{
    return std::all_of(m_requirements.begin(), m_requirements.end(),
                       [&](const Requirement &r) { return r.matches(sortedLabels); });
}

QString LabelSelector::toString() const
{
    QStringList parts;
    parts.reserve(m_requirements.size());
    for (const Requirement &requirement : m_requirements)
        parts.append(requirement.toString());
    return parts.join(u',');
}

} // namespace informant
