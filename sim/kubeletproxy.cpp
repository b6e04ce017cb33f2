#include "sim/kubeletproxy.h"

#include "sim/responder.h"
#include "sim/statuses.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace informant::sim {

namespace {

QStringList containerNames(const QJsonObject &spec, const char *field)
{
    QStringList names;
    for (const QJsonValue &container : spec.value(QLatin1String(field)).toArray())
        names.append(container.toObject().value(QLatin1String("name")).toString());
    return names;
}

// The container a request is for, as the pod registry's resolution: the one
// named, or the pod's only container.
Result<QString, ApiStatus> containerFor(const HttpRequest &request, const QString &podName,
                                        const QJsonObject &spec)
{
    const QStringList containers = containerNames(spec, "containers");
    const QString named = request.param(QStringLiteral("container"));
    if (named.isEmpty()) {
        if (containers.size() == 1)
            return containers.first();
        QString message = QStringLiteral("a container name must be specified for pod %1, "
                                         "choose one of: [%2]")
                              .arg(podName, containers.join(QLatin1Char(' ')));
        const QStringList initContainers = containerNames(spec, "initContainers");
        if (!initContainers.isEmpty())
            message += QStringLiteral(" or one of the init containers: [%1]")
                           .arg(initContainers.join(QLatin1Char(' ')));
        return statuses::badRequest(message);
    }
    if (!containers.contains(named) && !containerNames(spec, "initContainers").contains(named) &&
        !containerNames(spec, "ephemeralContainers").contains(named))
        return statuses::badRequest(
            QStringLiteral("container %1 is not valid for pod %2").arg(named, podName));
    return named;
}

ApiStatus noKubelet(const QString &nodeName, const QString &what)
{
    // No reason: kube-apiserver's answer for an error that is not an API
    // status, as a kubelet it cannot reach.
    return ApiStatus::failure(500, QString(),
                              QStringLiteral("node \"%1\" is simulated: informant-sim runs no "
                                             "kubelet to %2")
                                  .arg(nodeName, what));
}

} // namespace

bool isKubeletSubresource(const RequestTarget &target)
{
    static const QStringList kSubresources = {"log", "exec", "attach", "portforward"};
    return target.type.group.isEmpty() && target.type.resource == QLatin1String("pods") &&
           !target.name.isEmpty() && kSubresources.contains(target.subresource);
}

void handleKubeletSubresource(ServerContext &context, HttpConnection *connection,
                              const HttpRequest &request, const RequestTarget &target)
{
    const QString &sub = target.subresource;
    const bool stream = sub != QLatin1String("log"); // exec, attach, portforward
    if (request.method != "GET" && !(stream && request.method == "POST"))
        return sendStatus(connection, statuses::methodNotAllowed());
    const ObjectPtr pod =
        context.storage.store(target.type.storageId).get(target.namespaceName + '/' + target.name);
    if (!pod)
        return sendStatus(connection,
                          statuses::notFound(QString(), target.type.resource, target.name));
    const QJsonObject spec =
        QJsonDocument::fromJson(pod->json).object().value(QLatin1String("spec")).toObject();
    const QString nodeName = spec.value(QLatin1String("nodeName")).toString();
    if (sub == QLatin1String("portforward")) {
        if (nodeName.isEmpty())
            return sendStatus(
                connection,
                statuses::badRequest(
                    QStringLiteral("pod %1 does not have a host assigned").arg(target.name)));
        return sendStatus(
            connection,
            noKubelet(nodeName,
                      QStringLiteral("forward the ports of pod \"%1\"").arg(target.name)));
    }
    const Result<QString, ApiStatus> container = containerFor(request, target.name, spec);
    if (!container.ok())
        return sendStatus(connection, container.error());
    if (sub == QLatin1String("log")) {
        if (nodeName.isEmpty())
            return connection->sendResponse(200, "text/plain", QByteArray());
        return sendStatus(
            connection,
            noKubelet(nodeName,
                      QStringLiteral("serve the log of container \"%1\"").arg(container.value())));
    }
    if (nodeName.isEmpty())
        return sendStatus(
            connection,
            statuses::badRequest(
                QStringLiteral("pod %1 does not have a host assigned").arg(target.name)));
    sendStatus(connection, noKubelet(nodeName, QStringLiteral("%1 container \"%2\"")
                                                   .arg(sub == QLatin1String("exec")
                                                            ? QStringLiteral("exec in")
                                                            : QStringLiteral("attach to"),
                                                        container.value())));
}

} // namespace informant::sim
