// The demo's endpoints controller: a Service with a selector gets Endpoints of
// its name and an EndpointSlice (<service>-<suffix>, kubernetes.io/service-name,
// owned by the Service) listing its ready pods, kept up to date as pods come,
// go and terminate; a Service without a selector gets none.

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

} // namespace

class TestSimEndpoints : public QObject
{
    Q_OBJECT

private slots:
    void demoServicesListTheirReadyPods();
    void endpointsFollowPodsAndGoWithTheService();
    void serviceWithoutSelectorGetsNoEndpoints();
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

QTEST_GUILESS_MAIN(TestSimEndpoints)
#include "tst_simendpoints.moc"
