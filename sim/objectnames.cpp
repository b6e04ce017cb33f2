#include "sim/objectnames.h"

#include <QRegularExpression>

namespace informant::sim {

namespace {

struct NameRule
{
    const char *pattern;  // as the message quotes it
    const char *what;     // the message's description of the rule
    const char *examples; // the message's examples
    int maxLength;
};

// apimachinery's validation messages (validation.IsDNS1123Subdomain,
// IsDNS1123Label, IsDNS1035Label).
const NameRule kSubdomain{
    "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*",
    "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or "
    "'.', and must start and end with an alphanumeric character",
    "'example.com'", 253};
const NameRule kLabel{"[a-z0-9]([-a-z0-9]*[a-z0-9])?",
                      "a lowercase RFC 1123 label must consist of lower case alphanumeric "
                      "characters or '-', and must start and end with an alphanumeric character",
                      "'my-name',  or '123-abc'", 63};
const NameRule kDns1035Label{"[a-z]([-a-z0-9]*[a-z0-9])?",
                             "a DNS-1035 label must consist of lower case alphanumeric characters "
                             "or '-', start with an alphabetic character, and end with an "
                             "alphanumeric character",
                             "'my-name',  or 'abc-123'", 63};

const NameRule &ruleFor(const ResourceType &type)
{
    if (type.group.isEmpty() && type.resource == QLatin1String("namespaces"))
        return kLabel;
    if (type.group.isEmpty() && type.resource == QLatin1String("services"))
        return kDns1035Label;
    return kSubdomain;
}

} // namespace

std::optional<QString> invalidNameReason(const ResourceType &type, const QString &name)
{
    if (type.custom)
        return std::nullopt;
    const NameRule &rule = ruleFor(type);
    const QString invalid = QStringLiteral("Invalid value: \"%1\": ").arg(name);
    if (name.size() > rule.maxLength)
        return invalid + QStringLiteral("must be no more than %1 characters").arg(rule.maxLength);
    const QRegularExpression whole(
        QRegularExpression::anchoredPattern(QLatin1String(rule.pattern)));
    if (whole.match(name).hasMatch())
        return std::nullopt;
    return invalid + QStringLiteral("%1 (e.g. %2, regex used for validation is '%3')")
                         .arg(QLatin1String(rule.what), QLatin1String(rule.examples),
                              QLatin1String(rule.pattern));
}

} // namespace informant::sim
