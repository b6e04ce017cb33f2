#include "apiresourceselection.h"

#include "tristateflags.h"

#include <algorithm>

using namespace informant;

namespace informantctl {

namespace {

const QString kNamespaced = QStringLiteral("namespaced");
const QString kApiGroup = QStringLiteral("api-group");
const QString kVerbs = QStringLiteral("verbs");
const QString kCategories = QStringLiteral("categories");
const QString kCached = QStringLiteral("cached");
const QString kSortBy = QStringLiteral("sort-by");

// A pflag string slice: each occurrence split at commas; an empty value is
// no element at all.
QStringList sliceValues(const QCommandLineParser &parser, const QString &name)
{
    QStringList values;
    for (const QString &value : parser.values(name)) {
        if (!value.isEmpty())
            values += value.split(QLatin1Char(','));
    }
    return values;
}

bool containsAll(const QStringList &have, const QStringList &wanted)
{
    return std::all_of(wanted.cbegin(), wanted.cend(),
                       [&](const QString &each) { return have.contains(each); });
}

} // namespace

void addApiResourceSelectionOptions(QCommandLineParser &parser)
{
    addTriStateFlag(parser, kNamespaced,
                    QStringLiteral("api-resources: only namespaced (true) or cluster-scoped "
                                   "(false) resources."));
    parser.addOption({kApiGroup,
                      QStringLiteral("api-resources: only the resources of this API group."),
                      QStringLiteral("group")});
    parser.addOption({kVerbs,
                      QStringLiteral("api-resources: only resources that support these verbs."),
                      QStringLiteral("verb,...")});
    parser.addOption(
        {kCategories,
         QStringLiteral("api-resources: only resources that belong to these categories."),
         QStringLiteral("category,...")});
    parser.addOption({kCached, QStringLiteral("api-resources: accepted for kubectl's sake; "
                                              "discovery is always read from the server.")});
}

Result<ApiResourceSelection> ApiResourceSelection::fromParser(const QCommandLineParser &parser)
{
    ApiResourceSelection selection;
    auto namespaced = triStateFlag(parser, kNamespaced);
    if (!namespaced)
        return namespaced.error();
    selection.namespaced = *namespaced;
    if (parser.isSet(kApiGroup))
        selection.apiGroup = parser.value(kApiGroup);
    selection.verbs = sliceValues(parser, kVerbs);
    selection.categories = sliceValues(parser, kCategories);
    const QString sortBy = parser.isSet(kSortBy) ? parser.value(kSortBy) : QString();
    if (sortBy == QLatin1String("name"))
        selection.sortBy = SortBy::Name;
    else if (sortBy == QLatin1String("kind"))
        selection.sortBy = SortBy::Kind;
    else if (!sortBy.isEmpty())
        return makeError(QStringLiteral("--sort-by accepts only name or kind"));
    return selection;
}

QList<ApiResource> ApiResourceSelection::select(const DiscoveryResult &discovery) const
{
    QList<ApiResource> selected;
    // From discovery's order: kubectl sorts stably, so resources that tie
    // (events and events.events.k8s.io by name) keep the server's order.
    for (const ApiResource &resource : discovery.preferredResourcesInServerOrder()) {
        if (resource.verbs.isEmpty())
            continue;
        if ((apiGroup && resource.group != *apiGroup) ||
            (namespaced && resource.namespaced != *namespaced) ||
            !containsAll(resource.verbs, verbs) || !containsAll(resource.categories, categories))
            continue;
        selected.append(resource);
    }
    const auto key = [this](const ApiResource &resource) -> const QString & {
        switch (sortBy) {
        case SortBy::Name:
            return resource.name;
        case SortBy::Kind:
            return resource.kind;
        case SortBy::Group:
            break;
        }
        return resource.group;
    };
    // kubectl's strings.Compare; names and kinds are ASCII, so UTF-16 order
    // is its byte order.
    std::stable_sort(selected.begin(), selected.end(),
                     [&key](const ApiResource &a, const ApiResource &b) {
                         const int byKey = QString::compare(key(a), key(b));
                         return byKey != 0 ? byKey < 0 : a.name < b.name;
                     });
    return selected;
}

} // namespace informantctl
