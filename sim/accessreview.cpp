#include "sim/accessreview.h"

#include "sim/protobufbody.h"
#include "sim/responder.h"
#include "sim/statuses.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace informant::sim {

namespace {

const QStringList kReadVerbs = {"get", "list", "watch"};

bool restricted(const ServerSettings &settings)
{
    return !settings.readableNamespaces.isEmpty();
}

QJsonObject rule(const QStringList &verbs)
{
    return QJsonObject{{"verbs", QJsonArray::fromStringList(verbs)},
                       {"apiGroups", QJsonArray{"*"}},
                       {"resources", QJsonArray{"*"}}};
}

// Whether `resource` of `group` is namespaced; unknown resources count as
// namespaced (RBAC answers for names it does not know).
bool namespacedResource(const ResourceTable &table, const QString &group, const QString &resource)
{
    for (const ResourceType &type : table.types()) {
        if (type.group == group && type.resource == resource)
            return type.namespaced;
    }
    return true;
}

QJsonObject accessReviewStatus(const ServerContext &context, const QJsonObject &spec)
{
    if (!spec.contains(QLatin1String("resourceAttributes")))
        return QJsonObject{{"allowed", true}}; // non-resource URLs: all served to everyone
    const QJsonObject attributes = spec.value(QLatin1String("resourceAttributes")).toObject();
    const QString verb = attributes.value(QLatin1String("verb")).toString();
    // "*" includes the reads, so it is refused wherever they are.
    const QString asked = verb == QLatin1String("*") ? QStringLiteral("get") : verb;
    const bool namespaced =
        namespacedResource(context.table, attributes.value(QLatin1String("group")).toString(),
                           attributes.value(QLatin1String("resource")).toString());
    return QJsonObject{
        {"allowed", accessAllowed(context.settings, asked, namespaced,
                                  attributes.value(QLatin1String("namespace")).toString())}};
}

QJsonObject rulesReviewStatus(const ServerSettings &settings, const QJsonObject &spec)
{
    const QString namespaceName = spec.value(QLatin1String("namespace")).toString();
    QJsonArray resourceRules;
    if (!restricted(settings) || settings.readableNamespaces.contains(namespaceName))
        resourceRules.append(rule({QStringLiteral("*")}));
    else
        resourceRules.append(rule({"create", "delete", "deletecollection", "patch", "update"}));
    const QJsonArray nonResourceRules{
        QJsonObject{{"verbs", QJsonArray{"*"}}, {"nonResourceURLs", QJsonArray{"*"}}}};
    return QJsonObject{{"resourceRules", resourceRules},
                       {"nonResourceRules", nonResourceRules},
                       {"incomplete", false}};
}

} // namespace

bool accessAllowed(const ServerSettings &settings, const QString &verb, bool namespaced,
                   const QString &namespaceName)
{
    if (!restricted(settings) || !kReadVerbs.contains(verb))
        return true;
    return namespaced && settings.readableNamespaces.contains(namespaceName);
}

Result<QJsonObject, ApiStatus> reviewBody(const HttpRequest &request)
{
    if (request.header("content-type").split(';').value(0).trimmed() == kProtobufContentType) {
        Result<QJsonObject> decoded = protobufBodyToJson(request.body);
        if (!decoded.ok())
            return statuses::badRequest(decoded.errorMessage());
        return std::move(decoded).value();
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(request.body, &error);
    if (!document.isObject())
        return statuses::badRequest(
            QStringLiteral("the body of the request was not a JSON object: %1")
                .arg(error.errorString()));
    return document.object();
}

bool isAccessReview(const RequestTarget &target)
{
    return target.type.group == QLatin1String("authorization.k8s.io");
}

void handleAccessReview(ServerContext &context, HttpConnection *connection,
                        const HttpRequest &request, const RequestTarget &target)
{
    Result<QJsonObject, ApiStatus> body = reviewBody(request);
    if (!body.ok())
        return sendStatus(connection, body.error());
    QJsonObject review = std::move(body).value();
    const QJsonObject spec = review.value(QLatin1String("spec")).toObject();
    review.insert(QLatin1String("kind"), target.type.kind);
    review.insert(QLatin1String("apiVersion"), target.type.apiVersion());
    review.insert(QLatin1String("metadata"), QJsonObject{{"creationTimestamp", QJsonValue()}});
    review.insert(QLatin1String("status"),
                  target.type.resource == QLatin1String("selfsubjectrulesreviews")
                      ? rulesReviewStatus(context.settings, spec)
                      : accessReviewStatus(context, spec));
    sendJson(connection, 201, QJsonDocument(review).toJson(QJsonDocument::Compact));
}

} // namespace informant::sim
