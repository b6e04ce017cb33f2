#include "resourceargs.h"

#include <algorithm>

using namespace informant;

namespace informantctl {

namespace {

Result<ResourceArgs> parseSlashForm(const QStringList &args)
{
    ResourceArgs parsed;
    for (const QString &arg : args) {
        const QStringList parts = arg.split(QLatin1Char('/'));
        if (parts.size() == 1)
            return makeError(QStringLiteral(
                "there is no need to specify a resource type as a separate argument when "
                "passing arguments in resource/name form (e.g. 'kubectl get "
                "resource/<resource_name>' instead of 'kubectl get resource "
                "resource/<resource_name>'"));
        if (parts.size() > 2)
            return makeError(
                QStringLiteral("arguments in resource/name form may not have more than one slash"));
        const QString &kind = parts.at(0);
        const QString &name = parts.at(1);
        if (kind.isEmpty() || name.isEmpty() || kind.contains(QLatin1Char(',')))
            return makeError(QStringLiteral(
                "arguments in resource/name form must have a single resource and name"));
        if (!parsed.requests.isEmpty() && parsed.requests.last().kind == kind)
            parsed.requests.last().names.append(name);
        else
            parsed.requests.append({kind, {name}});
    }
    parsed.singleObject = args.size() == 1;
    return parsed;
}

Result<ResourceArgs> parseKindList(const QStringList &args)
{
    ResourceArgs parsed;
    parsed.kindList = true;
    const QStringList names = args.mid(1);
    for (const QString &kind : args.first().split(QLatin1Char(','))) {
        const bool listed = std::any_of(parsed.requests.cbegin(), parsed.requests.cend(),
                                        [&](const ResourceRequest &r) { return r.kind == kind; });
        if (!listed)
            parsed.requests.append({kind, names});
    }
    parsed.singleObject = parsed.requests.size() == 1 && names.size() == 1;
    return parsed;
}

} // namespace

Result<ResourceArgs> parseResourceArgs(const QStringList &args)
{
    if (args.isEmpty())
        return makeError(QStringLiteral("Required resource not specified."));
    const bool slashForm = std::any_of(args.cbegin(), args.cend(), [](const QString &arg) {
        return arg.contains(QLatin1Char('/'));
    });
    return slashForm ? parseSlashForm(args) : parseKindList(args);
}

Result<void> checkSelectorsBesideNames(const ResourceArgs &args, bool selectorGiven)
{
    if (!selectorGiven)
        return {};
    // kubectl's wording for each form (resource.Builder.visitorResult).
    if (!args.kindList)
        return makeError(QStringLiteral(
            "selectors and the all flag cannot be used when passing resource/name arguments"));
    const bool named = std::any_of(args.requests.cbegin(), args.requests.cend(),
                                   [](const ResourceRequest &r) { return !r.names.isEmpty(); });
    if (named)
        return makeError(QStringLiteral("name cannot be provided when a selector is specified"));
    return {};
}

} // namespace informantctl
