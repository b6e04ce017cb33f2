#include "sim/scenarios/endpointscontroller.h"

#include "sim/objectwriter.h"

#include <QJsonDocument>

#include <algorithm>

namespace informant::sim {

namespace {

const QString kPods = QStringLiteral("/pods");
const QString kServices = QStringLiteral("/services");
const QString kEndpoints = QStringLiteral("/endpoints");
const QString kSlices = QStringLiteral("discovery.k8s.io/endpointslices");
const QString kServiceNameLabel = QStringLiteral("kubernetes.io/service-name");
const QString kHeadlessLabel = QStringLiteral("service.kubernetes.io/headless");

bool sameJson(const QJsonValue &a, const QJsonValue &b)
{
    return QJsonDocument(QJsonArray{a}).toJson(QJsonDocument::Compact) ==
           QJsonDocument(QJsonArray{b}).toJson(QJsonDocument::Compact);
}

bool hasLabels(const StoredObject &object, const QJsonObject &selector)
{
    for (auto it = selector.begin(); it != selector.end(); ++it) {
        const bool found =
            std::any_of(object.labels.begin(), object.labels.end(), [&](const Label &label) {
                return label.key == it.key() && label.value == it.value().toString();
            });
        if (!found)
            return false;
    }
    return true;
}

bool podReady(const QJsonObject &pod)
{
    const QJsonArray conditions =
        pod.value(QLatin1String("status")).toObject().value(QLatin1String("conditions")).toArray();
    return std::any_of(conditions.begin(), conditions.end(), [](const QJsonValue &value) {
        const QJsonObject condition = value.toObject();
        return condition.value(QLatin1String("type")) == QLatin1String("Ready") &&
               condition.value(QLatin1String("status")) == QLatin1String("True");
    });
}

// The Service's labels, and service.kubernetes.io/headless on those of a
// headless Service, as both controllers label their objects.
QJsonObject labelsFor(const QJsonObject &serviceJson)
{
    QJsonObject labels = serviceJson.value(QLatin1String("metadata"))
                             .toObject()
                             .value(QLatin1String("labels"))
                             .toObject();
    if (serviceJson.value(QLatin1String("spec")).toObject().value(QLatin1String("clusterIP")) ==
        QLatin1String("None"))
        labels.insert(kHeadlessLabel, QString());
    return labels;
}

QJsonObject targetRef(const StoredObject &pod)
{
    return QJsonObject{
        {"kind", "Pod"}, {"namespace", pod.namespaceName}, {"name", pod.name}, {"uid", pod.uid}};
}

// The port a Service's targetPort names in `pod` (a number, or a container port's name).
int resolveTargetPort(const QJsonValue &targetPort, int servicePort, const QJsonObject &pod)
{
    if (targetPort.isDouble())
        return targetPort.toInt();
    if (!targetPort.isString())
        return servicePort;
    const QString name = targetPort.toString();
    bool numeric = false;
    const int number = name.toInt(&numeric);
    if (numeric)
        return number;
    const QJsonArray containers =
        pod.value(QLatin1String("spec")).toObject().value(QLatin1String("containers")).toArray();
    for (const QJsonValue &container : containers) {
        for (const QJsonValue &port :
             container.toObject().value(QLatin1String("ports")).toArray()) {
            if (port.toObject().value(QLatin1String("name")).toString() == name)
                return port.toObject().value(QLatin1String("containerPort")).toInt();
        }
    }
    return 0;
}

} // namespace

void EndpointsController::reconcile()
{
    std::vector<ObjectPtr> services;
    for (const auto &[key, service] : m_context.storage.store(kServices).objects())
        services.push_back(service);
    QSet<QString> serviceKeys;
    for (const ObjectPtr &service : services) {
        serviceKeys.insert(service->key);
        const QJsonObject json = ObjectWriter::toJson(*service);
        const QJsonObject spec = json.value(QLatin1String("spec")).toObject();
        const QJsonObject selector = spec.value(QLatin1String("selector")).toObject();
        if (selector.isEmpty() || service->beingDeleted)
            continue; // no selector: its endpoints are the user's to write
        const std::vector<Member> members =
            membersOf(service->namespaceName, service->name, selector);
        const QJsonArray ports = portsOf(spec, members);
        syncEndpoints(service, json, members, ports);
        syncSlice(service, json, members, ports);
    }
    removeOrphans(serviceKeys);
}

std::vector<EndpointsController::Member>
EndpointsController::membersOf(const QString &namespaceName, const QString &serviceName,
                               const QJsonObject &selector) const
{
    std::vector<Member> members;
    const auto &pods = m_context.storage.store(kPods).objects();
    for (auto it = pods.lower_bound(namespaceName + '/');
         it != pods.end() && it->second->namespaceName == namespaceName; ++it) {
        const ObjectPtr &pod = it->second;
        const QString ip = pod->field(QStringLiteral("status.podIP"));
        const QString phase = pod->field(QStringLiteral("status.phase"));
        if (ip.isEmpty() || phase == QLatin1String("Succeeded") ||
            phase == QLatin1String("Failed") || !hasLabels(*pod, selector))
            continue;
        const QJsonObject json = ObjectWriter::toJson(*pod);
        const QJsonObject spec = json.value(QLatin1String("spec")).toObject();
        // ShouldSetHostname: a pod named in the DNS of the Service it is a subdomain of.
        const QString hostname = spec.value(QLatin1String("subdomain")).toString() == serviceName
                                     ? spec.value(QLatin1String("hostname")).toString()
                                     : QString();
        members.push_back(Member{pod, ip, pod->field(QStringLiteral("spec.nodeName")), hostname,
                                 podReady(json), pod->beingDeleted});
    }
    std::sort(members.begin(), members.end(),
              [](const Member &a, const Member &b) { return a.ip < b.ip; });
    return members;
}

QJsonArray EndpointsController::portsOf(const QJsonObject &serviceSpec,
                                        const std::vector<Member> &members) const
{
    QJsonArray ports;
    if (members.empty())
        return ports; // as the controllers' placeholder: no pod, no port
    const QJsonObject pod = ObjectWriter::toJson(*members[0].pod);
    for (const QJsonValue &value : serviceSpec.value(QLatin1String("ports")).toArray()) {
        const QJsonObject port = value.toObject();
        const int servicePort = port.value(QLatin1String("port")).toInt();
        const int target =
            resolveTargetPort(port.value(QLatin1String("targetPort")), servicePort, pod);
        if (target == 0)
            continue; // a port name the pod lacks: the controllers leave the port out
        QJsonObject out{
            {"port", target},
            {"protocol", port.value(QLatin1String("protocol")).toString(QStringLiteral("TCP"))}};
        if (port.contains(QLatin1String("name")))
            out.insert(QLatin1String("name"), port.value(QLatin1String("name")));
        ports.append(out);
    }
    return ports;
}

void EndpointsController::syncEndpoints(const ObjectPtr &service, const QJsonObject &serviceJson,
                                        const std::vector<Member> &members, const QJsonArray &ports)
{
    QJsonArray ready;
    QJsonArray notReady;
    for (const Member &member : members) {
        if (member.terminating)
            continue; // as the endpoints controller without publishNotReadyAddresses
        QJsonObject address{{"ip", member.ip},
                            {"nodeName", member.nodeName},
                            {"targetRef", targetRef(*member.pod)}};
        if (!member.hostname.isEmpty())
            address.insert(QLatin1String("hostname"), member.hostname);
        (member.ready ? ready : notReady).append(address);
    }
    QJsonObject subset;
    if (!ready.isEmpty())
        subset.insert(QLatin1String("addresses"), ready);
    if (!notReady.isEmpty())
        subset.insert(QLatin1String("notReadyAddresses"), notReady);
    const ObjectPtr current = m_context.storage.store(kEndpoints).get(service->key);
    QJsonObject endpoints =
        current ? ObjectWriter::toJson(*current)
                : QJsonObject{{"apiVersion", "v1"},
                              {"kind", "Endpoints"},
                              {"metadata", QJsonObject{{"name", service->name},
                                                       {"namespace", service->namespaceName}}}};
    QJsonObject metadata = endpoints.value(QLatin1String("metadata")).toObject();
    const QJsonObject labels = labelsFor(serviceJson);
    if (labels.isEmpty())
        metadata.remove(QLatin1String("labels"));
    else
        metadata.insert(QLatin1String("labels"), labels);
    endpoints.insert(QLatin1String("metadata"), metadata);
    if (subset.isEmpty()) {
        endpoints.remove(QLatin1String("subsets"));
    } else {
        subset.insert(QLatin1String("ports"), ports);
        endpoints.insert(QLatin1String("subsets"), QJsonArray{subset});
    }
    m_managedEndpoints.insert(service->key);
    write(kEndpoints, endpoints, current);
}

void EndpointsController::syncSlice(const ObjectPtr &service, const QJsonObject &serviceJson,
                                    const std::vector<Member> &members, const QJsonArray &ports)
{
    QJsonArray endpoints;
    for (const Member &member : members) {
        QJsonObject endpoint{
            {"addresses", QJsonArray{member.ip}},
            {"conditions", QJsonObject{{"ready", member.ready && !member.terminating},
                                       {"serving", member.ready},
                                       {"terminating", member.terminating}}},
            {"nodeName", member.nodeName},
            {"targetRef", targetRef(*member.pod)}};
        if (!member.hostname.isEmpty())
            endpoint.insert(QLatin1String("hostname"), member.hostname);
        endpoints.append(endpoint);
    }
    ObjectPtr current;
    for (const auto &[key, slice] : m_context.storage.store(kSlices).objects()) {
        if (slice->namespaceName == service->namespaceName &&
            slice->ownerUids.contains(service->uid)) {
            current = slice;
            break;
        }
    }
    QJsonObject labels = labelsFor(serviceJson);
    labels.insert(kServiceNameLabel, service->name);
    labels.insert(QLatin1String("endpointslice.kubernetes.io/managed-by"),
                  QStringLiteral("endpointslice-controller.k8s.io"));
    QJsonObject slice =
        current
            ? ObjectWriter::toJson(*current)
            : QJsonObject{{"apiVersion", "discovery.k8s.io/v1"},
                          {"kind", "EndpointSlice"},
                          {"metadata",
                           QJsonObject{{"generateName", service->name + '-'},
                                       {"namespace", service->namespaceName},
                                       {"ownerReferences",
                                        QJsonArray{QJsonObject{{"apiVersion", "v1"},
                                                               {"kind", "Service"},
                                                               {"name", service->name},
                                                               {"uid", service->uid},
                                                               {"controller", true},
                                                               {"blockOwnerDeletion", true}}}}}}};
    QJsonObject metadata = slice.value(QLatin1String("metadata")).toObject();
    metadata.insert(QLatin1String("labels"), labels);
    slice.insert(QLatin1String("metadata"), metadata);
    slice.insert(QLatin1String("addressType"), QStringLiteral("IPv4"));
    slice.insert(QLatin1String("endpoints"), endpoints);
    slice.insert(QLatin1String("ports"), ports);
    write(kSlices, slice, current);
}

void EndpointsController::write(const QString &storageId, const QJsonObject &object,
                                const ObjectPtr &current)
{
    const auto type = m_context.table.findByStorage(storageId);
    if (!type)
        return;
    ObjectWriter writer(m_context);
    if (!current) {
        const QString namespaceName = object.value(QLatin1String("metadata"))
                                          .toObject()
                                          .value(QLatin1String("namespace"))
                                          .toString();
        (void)writer.create(*type, object, namespaceName);
        return;
    }
    QJsonObject before = ObjectWriter::toJson(*current);
    if (sameJson(before, object))
        return;
    (void)writer.update(*type, object, current, UpdateScope::Everything);
}

// As the endpoints controller on a Service's deletion (slices go with their
// owner through garbage collection).
void EndpointsController::removeOrphans(const QSet<QString> &serviceKeys)
{
    const auto type = m_context.table.findByStorage(kEndpoints);
    for (auto it = m_managedEndpoints.begin(); it != m_managedEndpoints.end();) {
        if (serviceKeys.contains(*it)) {
            ++it;
            continue;
        }
        if (const ObjectPtr orphan = m_context.storage.store(kEndpoints).get(*it); orphan && type)
            (void)ObjectWriter(m_context).remove(*type, orphan);
        it = m_managedEndpoints.erase(it);
    }
}

} // namespace informant::sim
