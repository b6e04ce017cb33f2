#include "informer/printers/fieldselector.h"

#include "informer/printers/jsonpatheval.h"
#include "informer/printers/jsonview.h"

#include <algorithm>

namespace informant {

namespace {

// Splits on commas not escaped by a backslash (fields.splitTerms).
QStringList splitTerms(const QString &text)
{
    QStringList terms;
    QString current;
    bool escaped = false;
    for (const QChar c : text) {
        if (escaped) {
            current.append(c);
            escaped = false;
        } else if (c == u'\\') {
            current.append(c);
            escaped = true;
        } else if (c == u',') {
            terms.append(current);
            current.clear();
        } else {
            current.append(c);
        }
    }
    terms.append(current);
    return terms;
}

Result<QString> unescapeValue(const QString &text)
{
    QString out;
    bool inSlash = false;
    for (const QChar c : text) {
        if (inSlash) {
            if (c != u'\\' && c != u',' && c != u'=')
                return makeError(
                    QStringLiteral("invalid field selector: invalid escape sequence: \\%1").arg(c));
            out.append(c);
            inSlash = false;
        } else if (c == u'\\') {
            inSlash = true;
        } else if (c == u',' || c == u'=') {
            // Go prints the rune with %v, i.e. as its number.
            return makeError(
                QStringLiteral("invalid field selector: unescaped character in value: %1")
                    .arg(c.unicode()));
        } else {
            out.append(c);
        }
    }
    if (inSlash)
        return makeError(QStringLiteral("invalid field selector: invalid escape sequence: \\"));
    return out;
}

QString escapeValue(const QString &value)
{
    QString out;
    for (const QChar c : value) {
        if (c == u'\\' || c == u',' || c == u'=')
            out.append(u'\\');
        out.append(c);
    }
    return out;
}

} // namespace

FieldSelector::FieldSelector() = default;

Result<FieldSelector> FieldSelector::parse(const QString &text)
{
    QStringList terms = splitTerms(text);
    terms.sort();
    FieldSelector selector;
    for (const QString &term : std::as_const(terms)) {
        if (term.isEmpty())
            continue;
        // The first position where "!=", "==" or "=" starts splits the term.
        qsizetype at = -1;
        qsizetype length = 0;
        Requirement::Op op = Requirement::Op::Equals;
        for (qsizetype i = 0; i < term.size() && at < 0; ++i) {
            const QString pair = term.mid(i, 2);
            if (pair == QLatin1String("!=") || pair == QLatin1String("==")) {
                at = i;
                length = 2;
                if (pair.front() == u'!')
                    op = Requirement::Op::NotEquals;
            } else if (term[i] == u'=') {
                at = i;
                length = 1;
            }
        }
        if (at < 0)
            return makeError(
                QStringLiteral("invalid selector: '%1'; can't understand '%2'").arg(text, term));
        auto value = unescapeValue(term.mid(at + length));
        if (!value)
            return value.error();
        selector.m_requirements.append({term.left(at), op, value.value()});
    }
    return selector;
}

bool FieldSelector::matches(const Lookup &lookup) const
{
    return std::all_of(m_requirements.begin(), m_requirements.end(), [&](const Requirement &r) {
        const QString actual = lookup(r.field).value_or(QString());
        return (actual == r.value) == (r.op == Requirement::Op::Equals);
    });
}

bool FieldSelector::matches(const KubeObject &object) const
{
    return matches([&](const QString &field) { return fieldValue(object, field); });
}

QString FieldSelector::toString() const
{
    QStringList parts;
    for (const Requirement &r : m_requirements) {
        const char *op = r.op == Requirement::Op::Equals ? "=" : "!=";
        parts.append(r.field + QLatin1String(op) + escapeValue(r.value));
    }
    return parts.join(u',');
}

std::optional<QString> FieldSelector::requiresExactMatch(const QString &field) const
{
    for (const Requirement &r : m_requirements) {
        if (r.field == field && r.op == Requirement::Op::Equals)
            return r.value;
    }
    return std::nullopt;
}

std::optional<QString> fieldValue(const KubeObject &object, const QString &field)
{
    if (field == QLatin1String("metadata.name"))
        return object.name();
    if (field == QLatin1String("metadata.namespace"))
        return object.namespaceName();
    printers_detail::JsonDocument document(object.json());
    printers_detail::JsonView node = document.root();
    if (field == QLatin1String("source") && object.kind() == QLatin1String("Event"))
        return node["source"]["component"].str();
    for (const QString &part : field.split(u'.')) {
        const QByteArray key = part.toUtf8();
        node = node[std::string_view(key.constData(), size_t(key.size()))];
        if (!node.exists())
            return std::nullopt;
    }
    if (node.isObject() || node.isArray() || node.isNull())
        return std::nullopt;
    return printers_detail::jsonPathText(node);
}

} // namespace informant
