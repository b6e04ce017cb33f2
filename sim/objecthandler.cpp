#include "sim/objecthandler.h"

#include "sim/accessreview.h"
#include "sim/deletepropagation.h"
#include "sim/eventsview.h"
#include "sim/kubeletproxy.h"
#include "sim/mediatype.h"
#include "sim/objectfilter.h"
#include "sim/objectvalidation.h"
#include "sim/objectwriter.h"
#include "sim/partialmetadata.h"
#include "sim/patch.h"
#include "sim/protobufbody.h"
#include "sim/responder.h"
#include "sim/selfsubjectreview.h"
#include "sim/statuses.h"
#include "sim/tableresponse.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

namespace informant::sim {

namespace {

struct Call
{
    ServerContext &context;
    HttpConnection *connection;
    const HttpRequest &request;
    const RequestTarget &target;
    ResourceType storedType; // the type whose shape is stored (core Event for events.k8s.io)
    bool dryRun = false;
};

QString keyOf(const RequestTarget &target)
{
    return target.type.namespaced ? target.namespaceName + '/' + target.name : target.name;
}

void sendObject(const Call &call, int code, const StoredObject &object)
{
    const Representation representation = representationFromAccept(call.request.header("accept"));
    if (representation.kind == Representation::Kind::Table) {
        const auto include =
            TableRenderer::parseIncludeObject(call.request.param(QStringLiteral("includeObject")));
        const TableRenderer renderer(call.context.storage, call.target.type,
                                     representation.metaVersion,
                                     include.value_or(TableRenderer::IncludeObject::Metadata),
                                     QDateTime::currentMSecsSinceEpoch());
        const QByteArray metadata =
            "{\"resourceVersion\":\"" + QByteArray::number(object.resourceVersion) + "\"}";
        auto copy = std::make_shared<StoredObject>(object);
        return sendJson(call.connection, code, renderer.table({copy}, metadata));
    }
    if (representation.kind == Representation::Kind::PartialMetadata)
        return sendJson(call.connection, code,
                        partialObjectMetadata(objectBytes(object, call.target.type.view),
                                              representation.metaVersion));
    sendJson(call.connection, code, objectBytes(object, call.target.type.view));
}

// The request body as the stored shape (events.k8s.io Events become core Events).
Result<QJsonObject, ApiStatus> bodyObject(const Call &call)
{
    const QByteArray contentType =
        call.request.header("content-type").split(';').value(0).trimmed();
    QJsonObject object;
    if (contentType == kProtobufContentType) {
        Result<QJsonObject> decoded = protobufBodyToJson(call.request.body);
        if (!decoded.ok())
            return statuses::badRequest(decoded.errorMessage());
        object = std::move(decoded).value();
    } else {
        QJsonParseError error;
        const QJsonDocument document = QJsonDocument::fromJson(call.request.body, &error);
        if (!document.isObject())
            return statuses::badRequest(
                QStringLiteral("the body of the request was not a JSON object: %1")
                    .arg(error.errorString()));
        object = document.object();
    }
    if (call.target.type.view == ObjectView::EventsK8sIoV1)
        object = eventsV1ToCoreEvent(object);
    return object;
}

// The current object as the client sees it (for patches).
QJsonObject viewObject(const Call &call, const StoredObject &object)
{
    return QJsonDocument::fromJson(objectBytes(object, call.target.type.view)).object();
}

QJsonObject scaleOf(const StoredObject &object)
{
    const QJsonObject parent = ObjectWriter::toJson(object);
    const QJsonObject metadata = parent.value(QLatin1String("metadata")).toObject();
    const QJsonObject spec = parent.value(QLatin1String("spec")).toObject();
    QStringList selector;
    const QJsonObject labels = spec.value(QLatin1String("selector"))
                                   .toObject()
                                   .value(QLatin1String("matchLabels"))
                                   .toObject();
    for (auto it = labels.begin(); it != labels.end(); ++it)
        selector.append(it.key() + '=' + it.value().toString());
    QJsonObject scaleMetadata;
    for (const char *field : {"name", "namespace", "uid", "resourceVersion", "creationTimestamp"})
        scaleMetadata.insert(QLatin1String(field), metadata.value(QLatin1String(field)));
    return QJsonObject{
        {"kind", "Scale"},
        {"apiVersion", "autoscaling/v1"},
        {"metadata", scaleMetadata},
        {"spec", QJsonObject{{"replicas", spec.value(QLatin1String("replicas")).toInt(1)}}},
        {"status", QJsonObject{{"replicas", parent.value(QLatin1String("status"))
                                                .toObject()
                                                .value(QLatin1String("replicas"))
                                                .toInt()},
                               {"selector", selector.join(QLatin1Char(','))}}}};
}

Result<QJsonObject, ApiStatus> patched(const Call &call, const QJsonObject &current)
{
    const QByteArray contentType =
        call.request.header("content-type").split(';').value(0).trimmed();
    QJsonParseError error;
    const QJsonDocument patch = QJsonDocument::fromJson(call.request.body, &error);
    if (patch.isNull())
        return statuses::badRequest(
            QStringLiteral("error decoding patch: %1").arg(error.errorString()));
    const QJsonValue patchValue =
        patch.isArray() ? QJsonValue(patch.array()) : QJsonValue(patch.object());
    if (contentType == "application/merge-patch+json")
        return applyMergePatch(current, patchValue).toObject();
    if (contentType == "application/strategic-merge-patch+json")
        return applyStrategicMergePatch(current, patchValue).toObject();
    if (contentType == "application/apply-patch+yaml")
        return applyStrategicMergePatch(current, patchValue).toObject();
    if (contentType == "application/json-patch+json") {
        const Result<QJsonValue> result = applyJsonPatch(current, patchValue);
        if (!result.ok())
            return statuses::invalid(QString(), QString(), QStringLiteral("patch"),
                                     QStringLiteral("FieldValueInvalid"), result.errorMessage());
        return result->toObject();
    }
    return statuses::unsupportedMediaType(QString::fromUtf8(contentType));
}

void answer(const Call &call, const Result<EventPtr, ApiStatus> &result, int code)
{
    if (!result.ok())
        return sendStatus(call.connection, result.error());
    sendObject(call, code, *result.value()->object);
}

void handleScale(const Call &call, const QString &verb, const ObjectPtr &current)
{
    if (verb == QLatin1String("get"))
        return sendJson(call.connection, 200,
                        QJsonDocument(scaleOf(*current)).toJson(QJsonDocument::Compact));
    QJsonObject scale = scaleOf(*current);
    if (verb == QLatin1String("update")) {
        const QJsonDocument body = QJsonDocument::fromJson(call.request.body);
        scale = applyMergePatch(scale, body.object()).toObject();
    } else {
        const Result<QJsonObject, ApiStatus> result = patched(call, scale);
        if (!result.ok())
            return sendStatus(call.connection, result.error());
        scale = result.value();
    }
    QJsonObject parent = ObjectWriter::toJson(*current);
    QJsonObject spec = parent.value(QLatin1String("spec")).toObject();
    spec.insert(
        QLatin1String("replicas"),
        scale.value(QLatin1String("spec")).toObject().value(QLatin1String("replicas")).toInt());
    parent.insert(QLatin1String("spec"), spec);
    QJsonObject metadata = parent.value(QLatin1String("metadata")).toObject();
    metadata.insert(
        QLatin1String("resourceVersion"),
        scale.value(QLatin1String("metadata")).toObject().value(QLatin1String("resourceVersion")));
    parent.insert(QLatin1String("metadata"), metadata);
    const Result<EventPtr, ApiStatus> result =
        ObjectWriter(call.context)
            .update(call.storedType, parent, current, UpdateScope::Object, call.dryRun);
    if (!result.ok())
        return sendStatus(call.connection, result.error());
    sendJson(call.connection, 200,
             QJsonDocument(scaleOf(*result.value()->object)).toJson(QJsonDocument::Compact));
}

// DeleteOptions.gracePeriodSeconds, from the body or the query (kubectl
// --grace-period=0 --force sends 0); none when not given.
std::optional<int> requestedGracePeriod(const Call &call, const QJsonObject &options)
{
    const QJsonValue body = options.value(QLatin1String("gracePeriodSeconds"));
    if (body.isDouble())
        return body.toInt();
    bool ok = false;
    const int query = call.request.param(QStringLiteral("gracePeriodSeconds")).toInt(&ok);
    return ok ? std::optional<int>(query) : std::nullopt;
}

// A DELETE is a dry run when its query says so or its DeleteOptions do:
// kubectl --dry-run=server puts dryRun:["All"] in the body.
bool isDryRunDelete(const Call &call, const QJsonObject &options)
{
    return call.dryRun ||
           options.value(QLatin1String("dryRun")).toArray().contains(QLatin1String("All"));
}

void handleDelete(const Call &call, const ObjectPtr &current)
{
    const QJsonObject options = QJsonDocument::fromJson(call.request.body).object();
    const QJsonObject preconditions = options.value(QLatin1String("preconditions")).toObject();
    const QString uid = preconditions.value(QLatin1String("uid")).toString();
    const QString rv = preconditions.value(QLatin1String("resourceVersion")).toString();
    if ((!uid.isEmpty() && uid != current->uid) ||
        (!rv.isEmpty() && rv != QString::number(current->resourceVersion)))
        return sendStatus(
            call.connection,
            statuses::conflict(call.target.type.group, call.target.type.resource, current->name));
    const Result<std::optional<DeletePropagation>, ApiStatus> propagation =
        deletePropagation(call.request, options);
    if (!propagation.ok())
        return sendStatus(call.connection, propagation.error());
    const Result<ObjectPtr, ApiStatus> result =
        ObjectWriter(call.context)
            .remove(call.storedType, current, isDryRunDelete(call, options),
                    requestedGracePeriod(call, options), propagation.value());
    if (!result.ok())
        return sendStatus(call.connection, result.error());
    // An object that is only marked (finalizers, a grace period) is answered
    // with its new state, as kube-apiserver does.
    if (result.value()->beingDeleted)
        return sendObject(call, 200, *result.value());
    ApiStatus status;
    status.code = 200;
    status.status = QStringLiteral("Success");
    status.detailsName = current->name;
    status.detailsGroup = call.target.type.group;
    status.detailsKind = call.target.type.resource;
    QByteArray body = status.toJson();
    body.replace("\"message\":\"\",", "");
    sendJson(call.connection, 200, body);
}

void handleDeleteCollection(const Call &call)
{
    const Result<ObjectFilter> filter =
        ObjectFilter::fromRequest(call.request, call.target.type, call.target.namespaceName);
    if (!filter.ok())
        return sendStatus(call.connection, statuses::badRequest(filter.errorMessage()));
    std::vector<ObjectPtr> victims;
    for (const auto &[key, object] :
         call.context.storage.store(call.storedType.storageId).objects()) {
        if (filter->matches(*object))
            victims.push_back(object);
    }
    const QJsonObject options = QJsonDocument::fromJson(call.request.body).object();
    const Result<std::optional<DeletePropagation>, ApiStatus> propagation =
        deletePropagation(call.request, options);
    if (!propagation.ok())
        return sendStatus(call.connection, propagation.error());
    ObjectWriter writer(call.context);
    const std::optional<int> grace = requestedGracePeriod(call, options);
    const bool dryRun = isDryRunDelete(call, options);
    for (const ObjectPtr &victim : victims)
        (void)writer.remove(call.storedType, victim, dryRun, grace, propagation.value());
    sendJson(call.connection, 200,
             "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Success\"}");
}

void handleExisting(const Call &call, const QString &verb, const ObjectPtr &current)
{
    const QString sub = call.target.subresource;
    if (sub == QLatin1String("scale"))
        return handleScale(call, verb, current);
    if (verb == QLatin1String("get"))
        return sendObject(call, 200, *current);
    if (verb == QLatin1String("delete"))
        return handleDelete(call, current);
    const UpdateScope scope =
        sub == QLatin1String("status") ? UpdateScope::Status : UpdateScope::Object;
    ObjectWriter writer(call.context);
    // After the resourceVersion's check (ObjectWriter::update): a stale
    // write is a 409 whatever it changes.
    const auto refused = [&](const QJsonObject &object) {
        const QString rv = object.value(QLatin1String("metadata"))
                               .toObject()
                               .value(QLatin1String("resourceVersion"))
                               .toString();
        const bool stale = !rv.isEmpty() && rv != QString::number(current->resourceVersion);
        std::optional<ApiStatus> invalid;
        if (scope != UpdateScope::Status && !stale)
            invalid = invalidUpdate(call.storedType, *current, object);
        if (invalid)
            sendStatus(call.connection, *invalid);
        return invalid.has_value();
    };
    if (verb == QLatin1String("update")) {
        const Result<QJsonObject, ApiStatus> body = bodyObject(call);
        if (!body.ok())
            return sendStatus(call.connection, body.error());
        if (refused(body.value()))
            return;
        return answer(
            call, writer.update(call.storedType, body.value(), current, scope, call.dryRun), 200);
    }
    // patch: applied to the client's view, then stored in the stored shape.
    Result<QJsonObject, ApiStatus> result = patched(call, viewObject(call, *current));
    if (!result.ok())
        return sendStatus(call.connection, result.error());
    QJsonObject object = result.value();
    if (call.target.type.view == ObjectView::EventsK8sIoV1)
        object = eventsV1ToCoreEvent(object);
    if (refused(object))
        return;
    answer(call, writer.update(call.storedType, object, current, scope, call.dryRun), 200);
}

} // namespace

void handleObjectRequest(ServerContext &context, HttpConnection *connection,
                         const HttpRequest &request, const RequestTarget &target,
                         const QString &verb)
{
    Call call{context, connection, request, target, target.type};
    if (target.type.view != ObjectView::Stored)
        call.storedType = context.table.findByStorage(target.type.storageId).value_or(target.type);
    call.dryRun = request.param(QStringLiteral("dryRun")) == QLatin1String("All");
    if (isAccessReview(target))
        return handleAccessReview(context, connection, request, target);
    if (isSelfSubjectReview(target))
        return handleSelfSubjectReview(context, connection, request, target);
    if (isKubeletSubresource(target))
        return handleKubeletSubresource(context, connection, request, target);
    if (verb == QLatin1String("create") && !target.name.isEmpty())
        return sendStatus(connection, statuses::methodNotAllowed());
    const QString sub = target.subresource;
    if (!sub.isEmpty() && !target.type.subresources.contains(sub))
        return sendStatus(connection, statuses::pathNotFound());
    if (verb == QLatin1String("deletecollection"))
        return handleDeleteCollection(call);
    if (verb == QLatin1String("create")) {
        const Result<QJsonObject, ApiStatus> body = bodyObject(call);
        if (!body.ok())
            return sendStatus(connection, body.error());
        return answer(call,
                      ObjectWriter(context).create(call.storedType, body.value(),
                                                   target.namespaceName, call.dryRun),
                      201);
    }
    const ObjectPtr current = context.storage.store(target.type.storageId).get(keyOf(target));
    if (current)
        return handleExisting(call, verb, current);
    const QByteArray contentType = request.header("content-type").split(';').value(0).trimmed();
    if (verb == QLatin1String("patch") && contentType == "application/apply-patch+yaml" &&
        sub.isEmpty()) {
        // Server-side apply of a new object creates it.
        Result<QJsonObject, ApiStatus> body = bodyObject(call);
        if (!body.ok())
            return sendStatus(connection, body.error());
        return answer(call,
                      ObjectWriter(context).create(call.storedType, body.value(),
                                                   target.namespaceName, call.dryRun),
                      201);
    }
    sendStatus(connection,
               statuses::notFound(target.type.group, target.type.resource, target.name));
}

} // namespace informant::sim
