#pragma once

// A small stand-in for kube-controller-manager's endpoints and endpointslice
// controllers: every Service with a selector gets an Endpoints object of its
// name (ready pods under addresses, the others under notReadyAddresses;
// terminating pods left out) and one EndpointSlice named <service>-<suffix>
// with label kubernetes.io/service-name and an owner reference to it (ready,
// serving and terminating conditions per pod); ports are the Service's, their
// targetPort resolved against the pod's container ports (a name the pods lack
// leaves the port out; no pod, no ports). A headless Service's objects carry
// service.kubernetes.io/headless, and a pod whose subdomain is the Service
// is listed with its hostname (a StatefulSet's pods). Objects change only
// when their content does; those of a deleted Service go. Used by the demo
// scenario only. Server thread only.

#include "sim/servercontext.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>

namespace informant::sim {

class EndpointsController
{
public:
    explicit EndpointsController(ServerContext &context)
        : m_context(context)
    {
    }

    // One pass over every Service and the pods it selects.
    void reconcile();

private:
    struct Member
    {
        ObjectPtr pod;
        QString ip;
        QString nodeName;
        QString hostname; // the pod's, when its subdomain is the Service
        bool ready = false;
        bool terminating = false;
    };

    std::vector<Member> membersOf(const QString &namespaceName, const QString &serviceName,
                                  const QJsonObject &selector) const;
    QJsonArray portsOf(const QJsonObject &serviceSpec, const std::vector<Member> &members) const;
    void syncEndpoints(const ObjectPtr &service, const QJsonObject &serviceJson,
                       const std::vector<Member> &members, const QJsonArray &ports);
    void syncSlice(const ObjectPtr &service, const QJsonObject &serviceJson,
                   const std::vector<Member> &members, const QJsonArray &ports);
    void write(const QString &storageId, const QJsonObject &object, const ObjectPtr &current);
    void removeOrphans(const QSet<QString> &serviceKeys);

    ServerContext &m_context;
    QSet<QString> m_managedEndpoints; // keys of the Endpoints this controller wrote
};

} // namespace informant::sim
