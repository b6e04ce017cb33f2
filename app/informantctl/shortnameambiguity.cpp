#include "shortnameambiguity.h"

#include <optional>

using namespace informant;

namespace informantctl {

namespace {

// A resource as typed, split as kubectl's schema.ParseResourceArg splits it.
struct TypedResource
{
    QString resource;
    QString group; // "" for any group
};

QList<TypedResource> readings(const QString &typed)
{
    QList<TypedResource> out;
    if (typed.count(QLatin1Char('.')) >= 2) { // resource.version.group
        const QStringList parts = typed.split(QLatin1Char('.'));
        out.append({parts.at(0), parts.mid(2).join(QLatin1Char('.'))});
    }
    const qsizetype dot = typed.indexOf(QLatin1Char('.'));
    out.append(dot < 0 ? TypedResource{typed, {}}
                       : TypedResource{typed.left(dot), typed.mid(dot + 1)});
    return out;
}

bool inGroup(const TypedResource &typed, const ApiResource &resource)
{
    return typed.group.isEmpty() || typed.group == resource.group;
}

// Go's escape for a control character in %q, or 0 for \xNN.
char goEscapeLetter(char16_t c)
{
    switch (c) {
    case u'\a':
        return 'a';
    case u'\b':
        return 'b';
    case u'\f':
        return 'f';
    case u'\n':
        return 'n';
    case u'\r':
        return 'r';
    case u'\t':
        return 't';
    case u'\v':
        return 'v';
    default:
        return 0;
    }
}

// Go's %q for the name kubectl quotes: quotes, backslashes and ASCII
// controls escaped, the rest as it is.
QString goQuoted(const QString &text)
{
    QString quoted = QStringLiteral("\"");
    for (const QChar c : text) {
        const char16_t code = c.unicode();
        if (code == u'"' || code == u'\\')
            quoted += u'\\' + QString(c);
        else if (const char letter = goEscapeLetter(code))
            quoted += u'\\' + QString(QLatin1Char(letter));
        else if (code < 0x20 || code == 0x7f)
            quoted += QStringLiteral("\\x%1").arg(uint(code), 2, 16, QLatin1Char('0'));
        else
            quoted += c;
    }
    return quoted + u'"';
}

// Every resource of every group version, in discovery's priority order:
// client-go's ServerGroupsAndResources.
QList<const ApiResource *> inPriorityOrder(const DiscoveryResult &discovery)
{
    QList<const ApiResource *> out;
    for (const ApiGroup &group : discovery.groups) {
        for (const QString &version : group.versions) {
            for (const ApiResource &resource : discovery.resources) {
                if (resource.group == group.name && resource.version == version)
                    out.append(&resource);
            }
        }
    }
    return out;
}

// The warnings for one reading; nullopt when no resource answers to it
// (kubectl then tries the next reading).
std::optional<QStringList> ambiguities(const QList<const ApiResource *> &resources,
                                       const TypedResource &typed)
{
    for (const ApiResource *resource : resources) {
        if (inGroup(typed, *resource) &&
            (resource->name == typed.resource || resource->singularName == typed.resource))
            return QStringList(); // a full name: no short name to expand
    }
    const ApiResource *winner = nullptr;
    QStringList warned; // "resource.group" of each lower-priority match
    QStringList warnings;
    for (const ApiResource *resource : resources) {
        if (!inGroup(typed, *resource) || !resource->shortNames.contains(typed.resource))
            continue;
        if (!winner) {
            winner = resource;
            continue;
        }
        const QString other = resource->qualifiedName();
        if (other == winner->qualifiedName() || warned.contains(other))
            continue; // another version of the winner, or warned already
        warned.append(other);
        warnings.append(QStringLiteral("short name %1 could also match lower priority resource %2")
                            .arg(goQuoted(typed.resource), other));
    }
    if (!winner)
        return std::nullopt;
    return warnings;
}

} // namespace

QStringList shortNameAmbiguities(const DiscoveryResult &discovery, const QString &typed)
{
    const QList<const ApiResource *> resources = inPriorityOrder(discovery);
    for (const TypedResource &reading : readings(typed)) {
        if (auto warnings = ambiguities(resources, reading))
            return *warnings;
    }
    return {};
}

} // namespace informantctl
