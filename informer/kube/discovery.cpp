#include "informer/kube/discovery.h"

#include <simdjson.h>

namespace informant {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

QString str(object o, std::string_view key)
{
    std::string_view text;
    if (o.at_key(key).get(text) != simdjson::SUCCESS)
        return {};
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

QStringList strings(object o, std::string_view key)
{
    QStringList out;
    array items;
    if (o.at_key(key).get(items) != simdjson::SUCCESS)
        return out;
    for (element item : items) {
        std::string_view text;
        if (item.get(text) == simdjson::SUCCESS)
            out << QString::fromUtf8(text.data(), qsizetype(text.size()));
    }
    return out;
}

// One parser per call: discovery is rare and may run on any thread.
Result<object> parseObject(simdjson::dom::parser &parser, QByteArrayView json, const char *what)
{
    element root;
    // An empty body: simdjson would copy from its null pointer.
    const auto error =
        json.isEmpty() ? simdjson::EMPTY : parser.parse(json.data(), size_t(json.size())).get(root);
    if (error)
        return makeError(
            QStringLiteral("invalid %1 JSON: %2")
                .arg(QLatin1String(what), QLatin1String(simdjson::error_message(error))));
    object o;
    if (root.get(o) != simdjson::SUCCESS)
        return makeError(
            QStringLiteral("invalid %1: expected a JSON object").arg(QLatin1String(what)));
    return o;
}

ApiResource aggregatedResource(object r, const QString &group, const QString &version)
{
    ApiResource resource;
    resource.group = group;
    resource.version = version;
    resource.name = str(r, "resource");
    resource.singularName = str(r, "singularResource");
    object responseKind;
    if (r.at_key("responseKind").get(responseKind) == simdjson::SUCCESS)
        resource.kind = str(responseKind, "kind");
    resource.namespaced = str(r, "scope") == QLatin1String("Namespaced");
    resource.verbs = strings(r, "verbs");
    resource.shortNames = strings(r, "shortNames");
    resource.categories = strings(r, "categories");
    return resource;
}

ApiError wrap(const QString &request, const QString &message)
{
    return ApiError{ApiError::Kind::Decode, request + QLatin1String(": ") + message, {}};
}

} // namespace

bool Discovery::isAggregated(QByteArrayView json)
{
    simdjson::dom::parser parser;
    auto root = parseObject(parser, json, "discovery");
    return root && str(*root, "kind") == QLatin1String("APIGroupDiscoveryList");
}

Result<void> Discovery::parseAggregated(QByteArrayView json, DiscoveryResult &out)
{
    simdjson::dom::parser parser;
    auto root = parseObject(parser, json, "APIGroupDiscoveryList");
    if (!root)
        return root.error();
    array items;
    if (root->at_key("items").get(items) != simdjson::SUCCESS)
        return makeError(QStringLiteral("invalid APIGroupDiscoveryList: no items"));
    for (element itemElement : items) {
        object item;
        if (itemElement.get(item) != simdjson::SUCCESS)
            continue;
        ApiGroup group;
        object metadata;
        if (item.at_key("metadata").get(metadata) == simdjson::SUCCESS)
            group.name = str(metadata, "name");
        array versions;
        if (item.at_key("versions").get(versions) != simdjson::SUCCESS)
            continue;
        for (element versionElement : versions) {
            object version;
            if (versionElement.get(version) != simdjson::SUCCESS)
                continue;
            const QString name = str(version, "version");
            // As client-go's aggregated discovery: a stale group version (its
            // APIService is unavailable, so the server serves its last known
            // resources) is a failure, left out of the group and its resources.
            if (str(version, "freshness") == QLatin1String("Stale")) {
                const QString gv =
                    group.name.isEmpty() ? name : group.name + QLatin1Char('/') + name;
                out.failures << gv + QLatin1String(
                                         ": stale: the API server could not refresh "
                                         "its discovery (its APIService may be unavailable)");
                continue;
            }
            group.versions << name;
            array resources;
            if (version.at_key("resources").get(resources) != simdjson::SUCCESS)
                continue;
            for (element resourceElement : resources) {
                object resource;
                if (resourceElement.get(resource) == simdjson::SUCCESS)
                    out.resources.append(aggregatedResource(resource, group.name, name));
            }
        }
        // The list is in preference order: the first fresh version is preferred.
        group.preferredVersion = group.versions.value(0);
        out.groups.append(group);
    }
    out.aggregated = true;
    return {};
}

Result<ApiGroup> Discovery::parseApiVersions(QByteArrayView json)
{
    simdjson::dom::parser parser;
    auto root = parseObject(parser, json, "APIVersions");
    if (!root)
        return root.error();
    ApiGroup core;
    core.versions = strings(*root, "versions");
    core.preferredVersion = core.versions.value(0);
    return core;
}

Result<QList<ApiGroup>> Discovery::parseGroupList(QByteArrayView json)
{
    simdjson::dom::parser parser;
    auto root = parseObject(parser, json, "APIGroupList");
    if (!root)
        return root.error();
    QList<ApiGroup> out;
    array groups;
    if (root->at_key("groups").get(groups) != simdjson::SUCCESS)
        return out;
    for (element groupElement : groups) {
        object g;
        if (groupElement.get(g) != simdjson::SUCCESS)
            continue;
        ApiGroup group;
        group.name = str(g, "name");
        array versions;
        if (g.at_key("versions").get(versions) == simdjson::SUCCESS)
            for (element v : versions) {
                object version;
                if (v.get(version) == simdjson::SUCCESS)
                    group.versions << str(version, "version");
            }
        object preferred;
        if (g.at_key("preferredVersion").get(preferred) == simdjson::SUCCESS)
            group.preferredVersion = str(preferred, "version");
        if (group.preferredVersion.isEmpty())
            group.preferredVersion = group.versions.value(0);
        out.append(group);
    }
    return out;
}

Result<QList<ApiResource>> Discovery::parseResourceList(QByteArrayView json, const QString &group,
                                                        const QString &version)
{
    simdjson::dom::parser parser;
    auto root = parseObject(parser, json, "APIResourceList");
    if (!root)
        return root.error();
    QList<ApiResource> out;
    array resources;
    if (root->at_key("resources").get(resources) != simdjson::SUCCESS)
        return out;
    for (element resourceElement : resources) {
        object r;
        if (resourceElement.get(r) != simdjson::SUCCESS)
            continue;
        ApiResource resource;
        resource.group = group;
        resource.version = version;
        resource.name = str(r, "name");
        if (resource.name.contains(QLatin1Char('/')))
            continue; // a subresource
        resource.singularName = str(r, "singularName");
        resource.kind = str(r, "kind");
        bool namespaced = false;
        resource.namespaced =
            r.at_key("namespaced").get(namespaced) == simdjson::SUCCESS && namespaced;
        resource.verbs = strings(r, "verbs");
        resource.shortNames = strings(r, "shortNames");
        resource.categories = strings(r, "categories");
        out.append(resource);
    }
    return out;
}

ApiResult<DiscoveryResult> Discovery::fetch(RestClient &client, Interrupter *interrupter)
{
    RequestOptions aggregated;
    aggregated.accept = QByteArray(kAggregatedAccept);
    auto api = client.getBlocking(QStringLiteral("/api"), {}, aggregated, interrupter);
    if (!api)
        return api.error();
    DiscoveryResult result;
    if (isAggregated(api->body)) {
        if (auto ok = parseAggregated(api->body, result); !ok)
            return wrap(client.describe(QStringLiteral("/api")), ok.errorMessage());
        auto apis = client.getBlocking(QStringLiteral("/apis"), {}, aggregated, interrupter);
        if (!apis)
            return apis.error();
        if (auto ok = parseAggregated(apis->body, result); !ok)
            return wrap(client.describe(QStringLiteral("/apis")), ok.errorMessage());
        return result;
    }

    // Legacy discovery.
    auto core = parseApiVersions(api->body);
    if (!core)
        return wrap(client.describe(QStringLiteral("/api")), core.errorMessage());
    result.groups.append(*core);
    auto apis = client.getBlocking(QStringLiteral("/apis"), {}, {}, interrupter);
    if (!apis)
        return apis.error();
    auto groups = parseGroupList(apis->body);
    if (!groups)
        return wrap(client.describe(QStringLiteral("/apis")), groups.errorMessage());
    result.groups.append(*groups);
    for (const ApiGroup &group : std::as_const(result.groups)) {
        for (const QString &version : group.versions) {
            const QString path = group.name.isEmpty()
                                     ? QStringLiteral("/api/") + version
                                     : QStringLiteral("/apis/%1/%2").arg(group.name, version);
            const QString gv =
                group.name.isEmpty() ? version : group.name + QLatin1Char('/') + version;
            auto list = client.getBlocking(path, {}, {}, interrupter);
            if (!list) {
                if (list.error().kind == ApiError::Kind::Cancelled)
                    return list.error();
                result.failures << gv + QLatin1String(": ") + list.error().message;
                continue;
            }
            auto resources = parseResourceList(list->body, group.name, version);
            if (!resources) {
                result.failures << gv + QLatin1String(": ") + resources.errorMessage();
                continue;
            }
            result.resources.append(*resources);
        }
    }
    return result;
}

} // namespace informant
