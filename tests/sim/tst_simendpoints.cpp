// The demo's endpoints controller: a Service with a selector gets Endpoints of
// its name and an EndpointSlice (<service>-<suffix>, kubernetes.io/service-name,
// owned by the Service) listing its ready pods, kept up to date as pods come,
// go and terminate; a Service without a selector gets none. The demo's
// Services target a container port of their pods (by name), and their
// Endpoints carry it; a headless Service lists a StatefulSet's pods with
// their hostnames.

#include "simfixtures.h"

#include <QSet>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

constexpr int kSettleMs = 10000;

QJsonArray items(quint16 port, const QByteArray &path)
{
    return get(port, path).json().value("items").toArray();
}

// podIP of every Running, ready, not terminating pod with label app=`app`.
QSet<QString> readyPodIps(quint16 port, const QByteArray &namespaceName, const QByteArray &app)
{
    QSet<QString> ips;
    for (const QJsonValue &value :
         items(port, "/api/v1/namespaces/" + namespaceName + "/pods?labelSelector=app%3D" + app)) {
        const QJsonObject pod = value.toObject();
        if (pod.value("metadata").toObject().contains("deletionTimestamp"))
            continue;
        for (const QJsonValue &condition :
             pod.value("status").toObject().value("conditions").toArray()) {
            if (condition.toObject().value("type") == QLatin1String("Ready") &&
                condition.toObject().value("status") == QLatin1String("True"))
                ips.insert(pod.value("status").toObject().value("podIP").toString());
        }
    }
    return ips;
}

QSet<QString> endpointsIps(quint16 port, const QByteArray &namespaceName, const QByteArray &name)
{
    QSet<QString> ips;
    const QJsonObject endpoints =
        get(port, "/api/v1/namespaces/" + namespaceName + "/endpoints/" + name).json();
    for (const QJsonValue &subset : endpoints.value("subsets").toArray()) {
        for (const QJsonValue &address : subset.toObject().value("addresses").toArray())
            ips.insert(address.toObject().value("ip").toString());
    }
    return ips;
}

QJsonArray slicesOf(quint16 port, const QByteArray &namespaceName, const QByteArray &service)
{
    return items(port, "/apis/discovery.k8s.io/v1/namespaces/" + namespaceName +
                           "/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3D" +
                           service);
}

QSet<QString> sliceReadyIps(quint16 port, const QByteArray &namespaceName,
                            const QByteArray &service)
{
    QSet<QString> ips;
    const QJsonArray slices = slicesOf(port, namespaceName, service);
    for (const QJsonValue &endpoint : slices.at(0).toObject().value("endpoints").toArray()) {
        if (endpoint.toObject().value("conditions").toObject().value("ready").toBool())
            ips.insert(endpoint.toObject().value("addresses").toArray().at(0).toString());
    }
    return ips;
}

QByteArray serviceBody(const QString &name, const QJsonObject &selector)
{
    QJsonObject spec{
        {"ports", QJsonArray{QJsonObject{
                      {"name", "web"}, {"port", 80}, {"targetPort", 9000}, {"protocol", "TCP"}}}}};
    if (!selector.isEmpty())
        spec.insert(QLatin1String("selector"), selector);
    return QJsonDocument(QJsonObject{{"apiVersion", "v1"},
                                     {"kind", "Service"},
                                     {"metadata", QJsonObject{{"name", name}}},
                                     {"spec", spec}})
        .toJson(QJsonDocument::Compact);
}

// The container ports of the pods `selector` picks in `namespaceName`, by
// name and by number (the name "" holds the unnamed ones' numbers).
QMultiHash<QString, int> containerPorts(quint16 port, const QByteArray &namespaceName,
                                        const QJsonObject &selector)
{
    QByteArray labelSelector;
    for (auto it = selector.begin(); it != selector.end(); ++it)
        labelSelector += (labelSelector.isEmpty() ? "" : "%2C") + it.key().toUtf8() + "%3D" +
                         it.value().toString().toUtf8();
    QMultiHash<QString, int> ports;
    for (const QJsonValue &pod : items(port, "/api/v1/namespaces/" + namespaceName +
                                                 "/pods?labelSelector=" + labelSelector)) {
        for (const QJsonValue &container :
             pod.toObject().value("spec").toObject().value("containers").toArray()) {
            for (const QJsonValue &value : container.toObject().value("ports").toArray())
                ports.insert(value.toObject().value("name").toString(),
                             value.toObject().value("containerPort").toInt());
        }
    }
    return ports;
}

QJsonArray endpointsPorts(quint16 port, const QByteArray &namespaceName, const QByteArray &name)
{
    return get(port, "/api/v1/namespaces/" + namespaceName + "/endpoints/" + name)
        .json()
        .value("subsets")
        .toArray()
        .at(0)
        .toObject()
        .value("ports")
        .toArray();
}

bool everyServiceHasAddresses(quint16 port)
{
    const QJsonArray services = items(port, "/api/v1/services");
    return !services.isEmpty() &&
           std::all_of(services.begin(), services.end(), [&](const QJsonValue &service) {
               const QJsonObject metadata = service.toObject().value("metadata").toObject();
               return !endpointsIps(port, metadata.value("namespace").toString().toUtf8(),
                                    metadata.value("name").toString().toUtf8())
                           .isEmpty();
           });
}

} // namespace

class TestSimEndpoints : public QObject
{
    Q_OBJECT

private slots:
    void demoServicesListTheirReadyPods();
    void endpointsFollowPodsAndGoWithTheService();
    void serviceWithoutSelectorGetsNoEndpoints();
    void demoServicesTargetAContainerPortOfTheirPods();
    void targetPortNameThePodsLackIsLeftOut();
    void headlessServiceListsStatefulSetPodsByHostname();
};

void TestSimEndpoints::demoServicesListTheirReadyPods()
{
    const auto sim = startSim();
    const quint16 port = sim->port();
    QTRY_VERIFY_WITH_TIMEOUT(!readyPodIps(port, "web", "frontend").isEmpty() &&
                                 endpointsIps(port, "web", "frontend") ==
                                     readyPodIps(port, "web", "frontend"),
                             kSettleMs);
    const QJsonArray slices = slicesOf(port, "web", "frontend");
    QCOMPARE(slices.size(), 1);
    const QJsonObject slice = slices.at(0).toObject();
    const QJsonObject metadata = slice.value("metadata").toObject();
    QVERIFY2(metadata.value("name").toString().startsWith(QLatin1String("frontend-")),
             qPrintable(metadata.value("name").toString()));
    const QString serviceUid = get(port, "/api/v1/namespaces/web/services/frontend")
                                   .json()
                                   .value("metadata")
                                   .toObject()
                                   .value("uid")
                                   .toString();
    QCOMPARE(metadata.value("ownerReferences").toArray().at(0).toObject().value("uid").toString(),
             serviceUid);
    QCOMPARE(slice.value("addressType").toString(), QStringLiteral("IPv4"));
    QCOMPARE(slice.value("ports").toArray().at(0).toObject().value("name").toString(),
             QStringLiteral("http"));
    QTRY_VERIFY_WITH_TIMEOUT(
        sliceReadyIps(port, "web", "frontend") == readyPodIps(port, "web", "frontend"), kSettleMs);
    // Every demo Service has its Endpoints.
    QCOMPARE(items(port, "/api/v1/endpoints").size(), items(port, "/api/v1/services").size());
}

void TestSimEndpoints::endpointsFollowPodsAndGoWithTheService()
{
    const auto sim = startSim();
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", "/api/v1/namespaces/web/services", {},
                     serviceBody(QStringLiteral("api-internal"), QJsonObject{{"app", "api"}}))
                 .status,
             201);
    QTRY_VERIFY_WITH_TIMEOUT(!readyPodIps(port, "web", "api").isEmpty() &&
                                 endpointsIps(port, "web", "api-internal") ==
                                     readyPodIps(port, "web", "api"),
                             kSettleMs);
    const QJsonObject endpoints = get(port, "/api/v1/namespaces/web/endpoints/api-internal").json();
    QCOMPARE(endpoints.value("subsets").toArray().at(0).toObject().value("ports").toArray(),
             (QJsonArray{QJsonObject{{"name", "web"}, {"port", 9000}, {"protocol", "TCP"}}}));
    // A deleted pod leaves the ready addresses at once: Terminating, then gone.
    const QJsonObject victim =
        items(port, "/api/v1/namespaces/web/pods?labelSelector=app%3Dapi").at(0).toObject();
    const QString victimName = victim.value("metadata").toObject().value("name").toString();
    const QString victimIp = victim.value("status").toObject().value("podIP").toString();
    QCOMPARE(request(port, "DELETE", "/api/v1/namespaces/web/pods/" + victimName.toUtf8()).status,
             200);
    QTRY_VERIFY_WITH_TIMEOUT(!endpointsIps(port, "web", "api-internal").contains(victimIp),
                             kSettleMs);
    QTRY_VERIFY_WITH_TIMEOUT(!sliceReadyIps(port, "web", "api-internal").contains(victimIp),
                             kSettleMs);
    // The replacement joins once it runs.
    QTRY_VERIFY_WITH_TIMEOUT(endpointsIps(port, "web", "api-internal").size() == 2 &&
                                 endpointsIps(port, "web", "api-internal") ==
                                     readyPodIps(port, "web", "api"),
                             kSettleMs);
    QCOMPARE(request(port, "DELETE", "/api/v1/namespaces/web/services/api-internal").status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(get(port, "/api/v1/namespaces/web/endpoints/api-internal").status,
                              404, kSettleMs);
    QCOMPARE(slicesOf(port, "web", "api-internal").size(), 0);
}

void TestSimEndpoints::serviceWithoutSelectorGetsNoEndpoints()
{
    const auto sim = startSim();
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", "/api/v1/namespaces/web/services", {},
                     serviceBody(QStringLiteral("external"), {}))
                 .status,
             201);
    QTest::qWait(2500); // two reconcile passes
    QCOMPARE(get(port, "/api/v1/namespaces/web/endpoints/external").status, 404);
    QCOMPARE(slicesOf(port, "web", "external").size(), 0);
}

void TestSimEndpoints::demoServicesTargetAContainerPortOfTheirPods()
{
    const auto sim = startSim();
    const quint16 port = sim->port();
    QTRY_VERIFY_WITH_TIMEOUT(everyServiceHasAddresses(port), kSettleMs);
    for (const QJsonValue &value : items(port, "/api/v1/services")) {
        const QJsonObject service = value.toObject();
        const QJsonObject metadata = service.value("metadata").toObject();
        const QByteArray namespaceName = metadata.value("namespace").toString().toUtf8();
        const QByteArray name = metadata.value("name").toString().toUtf8();
        const QJsonObject spec = service.value("spec").toObject();
        const QMultiHash<QString, int> offered =
            containerPorts(port, namespaceName, spec.value("selector").toObject());
        QJsonArray expected;
        for (const QJsonValue &servicePort : spec.value("ports").toArray()) {
            const QJsonValue target = servicePort.toObject().value("targetPort");
            // A port name the pods have, or a number one of their containers exposes.
            const int number =
                target.isString() ? offered.value(target.toString()) : target.toInt();
            QVERIFY2(number != 0 && offered.values().contains(number),
                     name + " targets " +
                         QJsonDocument(QJsonArray{target}).toJson(QJsonDocument::Compact));
            expected.append(QJsonObject{{"name", servicePort.toObject().value("name")},
                                        {"port", number},
                                        {"protocol", "TCP"}});
        }
        QCOMPARE(endpointsPorts(port, namespaceName, name), expected);
        QCOMPARE(slicesOf(port, namespaceName, name).at(0).toObject().value("ports").toArray(),
                 expected);
    }
}

void TestSimEndpoints::targetPortNameThePodsLackIsLeftOut()
{
    const auto sim = startSim();
    const quint16 port = sim->port();
    const QJsonObject spec{
        {"selector", QJsonObject{{"app", "api"}}},
        {"ports",
         QJsonArray{QJsonObject{{"name", "missing"}, {"port", 81}, {"targetPort", "no-such-port"}},
                    QJsonObject{{"name", "named"}, {"port", 80}, {"targetPort", "http"}}}}};
    const QByteArray body = QJsonDocument(QJsonObject{{"apiVersion", "v1"},
                                                      {"kind", "Service"},
                                                      {"metadata", QJsonObject{{"name", "api-2"}}},
                                                      {"spec", spec}})
                                .toJson(QJsonDocument::Compact);
    QCOMPARE(request(port, "POST", "/api/v1/namespaces/web/services", {}, body).status, 201);
    QTRY_VERIFY_WITH_TIMEOUT(!endpointsIps(port, "web", "api-2").isEmpty(), kSettleMs);
    const QJsonArray expected{QJsonObject{{"name", "named"}, {"port", 8080}, {"protocol", "TCP"}}};
    QCOMPARE(endpointsPorts(port, "web", "api-2"), expected);
    QCOMPARE(slicesOf(port, "web", "api-2").at(0).toObject().value("ports").toArray(), expected);
}

void TestSimEndpoints::headlessServiceListsStatefulSetPodsByHostname()
{
    const auto sim = startSim();
    const quint16 port = sim->port();
    QCOMPARE(get(port, "/api/v1/namespaces/payments/services/ledger-db")
                 .json()
                 .value("spec")
                 .toObject()
                 .value("clusterIP")
                 .toString(),
             QStringLiteral("None"));
    QTRY_COMPARE_WITH_TIMEOUT(endpointsIps(port, "payments", "ledger-db").size(), 2, kSettleMs);
    const QJsonObject endpoints =
        get(port, "/api/v1/namespaces/payments/endpoints/ledger-db").json();
    QVERIFY(endpoints.value("metadata")
                .toObject()
                .value("labels")
                .toObject()
                .contains("service.kubernetes.io/headless"));
    QSet<QString> hostnames;
    for (const QJsonValue &address :
         endpoints.value("subsets").toArray().at(0).toObject().value("addresses").toArray())
        hostnames.insert(address.toObject().value("hostname").toString());
    QCOMPARE(hostnames, (QSet<QString>{"ledger-db-0", "ledger-db-1"}));
    const QJsonObject slice = slicesOf(port, "payments", "ledger-db").at(0).toObject();
    QVERIFY(slice.value("metadata")
                .toObject()
                .value("labels")
                .toObject()
                .contains("service.kubernetes.io/headless"));
    hostnames.clear();
    for (const QJsonValue &endpoint : slice.value("endpoints").toArray())
        hostnames.insert(endpoint.toObject().value("hostname").toString());
    QCOMPARE(hostnames, (QSet<QString>{"ledger-db-0", "ledger-db-1"}));
    // Pods that are not the Service's subdomain get no hostname.
    const QJsonObject checkout = get(port, "/api/v1/namespaces/payments/endpoints/checkout").json();
    for (const QJsonValue &address :
         checkout.value("subsets").toArray().at(0).toObject().value("addresses").toArray())
        QVERIFY(!address.toObject().contains("hostname"));
}

QTEST_GUILESS_MAIN(TestSimEndpoints)
#include "tst_simendpoints.moc"
