#include "jsonpathtemplate.h"

#include "jsontext.h"

#include <QJsonArray>
#include <QJsonDocument>

using namespace informant;

namespace informantctl {

namespace {

// The end of the action opening at `open` (its '}'), skipping quoted text
// (a literal "}" or a filter's '}' string); -1 when unclosed.
qsizetype actionEnd(const QString &text, qsizetype open)
{
    QChar quote;
    for (qsizetype i = open + 1; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (!quote.isNull()) {
            if (c == u'\\')
                ++i;
            else if (c == quote)
                quote = QChar();
        } else if (c == u'"' || c == u'\'') {
            quote = c;
        } else if (c == u'}') {
            return i;
        }
    }
    return -1;
}

// A Go string literal's value ("\n", "\t", "\\", "\"" and the rest verbatim).
QString unquote(const QString &literal)
{
    QString value;
    for (qsizetype i = 1; i + 1 < literal.size(); ++i) {
        QChar c = literal.at(i);
        if (c == u'\\' && i + 2 < literal.size()) {
            c = literal.at(++i);
            if (c == u'n')
                c = u'\n';
            else if (c == u't')
                c = u'\t';
            else if (c == u'r')
                c = u'\r';
        }
        value.append(c);
    }
    return value;
}

// A JSON value from compact JSON text (QJsonDocument reads only objects
// and arrays at the top).
QJsonValue jsonValue(const QByteArray &json)
{
    return QJsonDocument::fromJson('[' + json + ']').array().first();
}

} // namespace

Result<JsonPathTemplate> JsonPathTemplate::parse(const QString &text)
{
    const auto parseError = [&text](const QString &reason) {
        return makeError(QStringLiteral("error parsing jsonpath %1, %2").arg(text, reason));
    };
    JsonPathTemplate parsed;
    QList<qsizetype> openRanges;
    qsizetype pos = 0;
    while (pos < text.size()) {
        const qsizetype open = text.indexOf(u'{', pos);
        if (open != pos) {
            Node node;
            node.text = text.mid(pos, open < 0 ? -1 : open - pos);
            parsed.m_nodes.append(node);
            if (open < 0)
                break;
        }
        const qsizetype close = actionEnd(text, open);
        if (close < 0)
            return parseError(QStringLiteral("unclosed action"));
        const QString action = text.mid(open + 1, close - open - 1).trimmed();
        pos = close + 1;
        Node node;
        if (action.startsWith(u'"') && action.endsWith(u'"') && action.size() >= 2) {
            node.text = unquote(action);
        } else if (action == QLatin1String("end")) {
            if (openRanges.isEmpty())
                return makeError(QStringLiteral("error executing jsonpath \"%1\": Error executing "
                                                "template: not in range, nothing to end")
                                     .arg(text));
            node.kind = Node::Kind::End;
            parsed.m_nodes[openRanges.takeLast()].end = parsed.m_nodes.size();
        } else {
            const bool range = action.startsWith(QLatin1String("range "));
            auto path = JsonPath::parse(range ? action.mid(6) : action);
            if (!path)
                return parseError(path.errorMessage());
            node.kind = range ? Node::Kind::Range : Node::Kind::Path;
            node.path = std::move(path).value();
            if (range)
                openRanges.append(parsed.m_nodes.size());
        }
        parsed.m_nodes.append(node);
    }
    // As client-go, a range left open runs to the end of the template.
    for (const qsizetype open : std::as_const(openRanges))
        parsed.m_nodes[open].end = parsed.m_nodes.size();
    return parsed;
}

// Calls visit(const Node &, QList<QByteArray> results) for each text or path
// node in order, running ranges over their results.
template<typename Visit>
void JsonPathTemplate::run(qsizetype begin, qsizetype end, const QByteArray &json,
                           const Visit &visit) const
{
    for (qsizetype i = begin; i < end; ++i) {
        const Node &node = m_nodes.at(i);
        switch (node.kind) {
        case Node::Kind::Text:
            visit(node, {});
            break;
        case Node::Kind::Path:
            visit(node, node.path.evaluateJson(json));
            break;
        case Node::Kind::Range:
            for (const QByteArray &item : node.path.evaluateJson(json))
                run(i + 1, node.end, item, visit);
            i = node.end; // its End
            break;
        case Node::Kind::End:
            break;
        }
    }
}

QString JsonPathTemplate::execute(const QByteArray &json) const
{
    QString out;
    run(0, m_nodes.size(), json, [&out](const Node &node, const QList<QByteArray> &results) {
        if (node.kind == Node::Kind::Text) {
            out += node.text;
            return;
        }
        // The texts again, as kubectl prints them (strings unquoted, objects
        // with sorted keys), joined by spaces as client-go's PrintResults.
        static const JsonPath self = JsonPath::parse(QStringLiteral("@")).value();
        for (qsizetype r = 0; r < results.size(); ++r) {
            if (r > 0)
                out += u' ';
            out += self.evaluate(results.at(r)).join(u' ');
        }
    });
    return out;
}

QByteArray JsonPathTemplate::executeAsJson(const QByteArray &json) const
{
    QByteArray out;
    run(0, m_nodes.size(), json, [&out](const Node &node, const QList<QByteArray> &results) {
        QJsonArray array;
        if (node.kind == Node::Kind::Text)
            array.append(node.text);
        for (const QByteArray &result : results)
            array.append(jsonValue(result));
        out += toIndentedJson(array);
    });
    return out;
}

} // namespace informantctl
