#include "informer/printers/jsonpatheval.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

// kubectl's text for JSON values: Go's fmt for numbers and booleans, and Go's
// encoding/json for objects and arrays (which sorts map keys).

namespace informant::printers_detail {

namespace {

QString jsonString(const QString &text)
{
    // encoding/json: quotes, backslashes and control characters escaped; HTML
    // characters as \u003c, \u003e, \u0026.
    QString out = QStringLiteral("\"");
    for (const QChar c : text) {
        switch (c.unicode()) {
        case '"':
            out += QStringLiteral("\\\"");
            break;
        case '\\':
            out += QStringLiteral("\\\\");
            break;
        case '\n':
            out += QStringLiteral("\\n");
            break;
        case '\r':
            out += QStringLiteral("\\r");
            break;
        case '\t':
            out += QStringLiteral("\\t");
            break;
        case '<':
            out += QStringLiteral("\\u003c");
            break;
        case '>':
            out += QStringLiteral("\\u003e");
            break;
        case '&':
            out += QStringLiteral("\\u0026");
            break;
        default:
            if (c.unicode() < 0x20)
                out += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
            else
                out += c;
        }
    }
    return out + u'"';
}

QString goJson(JsonView value)
{
    if (value.isObject()) {
        auto fields = value.fields();
        std::stable_sort(fields.begin(), fields.end(),
                         [](const auto &a, const auto &b) { return a.first < b.first; });
        QStringList parts;
        for (const auto &[key, child] : fields)
            parts.append(jsonString(key) + u':' + goJson(child));
        return u'{' + parts.join(u',') + u'}';
    }
    if (value.isArray()) {
        QStringList parts;
        for (const JsonView &child : value.items())
            parts.append(goJson(child));
        return u'[' + parts.join(u',') + u']';
    }
    if (value.isString())
        return jsonString(value.str());
    return jsonPathText(value);
}

} // namespace

QString goFloatText(double value)
{
    if (std::isnan(value))
        return QStringLiteral("NaN");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("+Inf") : QStringLiteral("-Inf");
    // Shortest round-trip digits, then Go's %v layout: exponent form when
    // the decimal exponent is < -4 or >= 21.
    const QString e = QString::number(value, 'e', QLocale::FloatingPointShortest);
    const qsizetype ePos = e.indexOf(u'e');
    QString mantissa = e.left(ePos);
    const int exponent = e.mid(ePos + 1).toInt();
    const bool negative = mantissa.startsWith(u'-');
    if (negative)
        mantissa.remove(0, 1);
    QString digits = mantissa;
    digits.remove(u'.');
    QString out;
    if (exponent < -4 || exponent >= 21) {
        out = digits.left(1);
        if (digits.size() > 1)
            out += u'.' + digits.mid(1);
        out += (exponent < 0 ? QStringLiteral("e-") : QStringLiteral("e+")) +
               QStringLiteral("%1").arg(std::abs(exponent), 2, 10, QLatin1Char('0'));
    } else if (exponent < 0) {
        out = QStringLiteral("0.") + QString(-exponent - 1, u'0') + digits;
    } else if (digits.size() <= exponent + 1) {
        out = digits + QString(exponent + 1 - digits.size(), u'0');
    } else {
        out = digits.left(exponent + 1) + u'.' + digits.mid(exponent + 1);
    }
    return negative ? u'-' + out : out;
}

QString jsonPathText(JsonView value)
{
    if (!value.exists())
        return QString();
    switch (value.element().type()) {
    case simdjson::dom::element_type::STRING:
        return value.str();
    case simdjson::dom::element_type::INT64:
    case simdjson::dom::element_type::UINT64:
        return QString::number(value.intOr(0));
    case simdjson::dom::element_type::DOUBLE: {
        double number = 0;
        if (value.element().get(number) != simdjson::SUCCESS)
            return QString();
        return goFloatText(number);
    }
    case simdjson::dom::element_type::BOOL:
        return value.boolean().value_or(false) ? QStringLiteral("true") : QStringLiteral("false");
    case simdjson::dom::element_type::NULL_VALUE:
        return QStringLiteral("null");
    case simdjson::dom::element_type::ARRAY:
    case simdjson::dom::element_type::OBJECT:
        return goJson(value);
    }
    return QString();
}

} // namespace informant::printers_detail
