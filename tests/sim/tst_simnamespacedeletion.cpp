// A namespace's deletion as kube-apiserver and the namespace controller do
// it: the DELETE marks it Terminating (its spec.finalizers keep it), nothing
// new may be created in it (403), its contents are deleted (a running pod
// gracefully), and once nothing is left its finalizer is removed and it
// goes. A watcher sees the namespace modified, its finalizer removed, then
// deleted. And in the demo, whose controllers run, a namespace made gets its
// default ServiceAccount, made again when deleted.

#include "simfixtures.h"

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

constexpr int kStopMs = 400;
const QByteArray kNamespaces = "/api/v1/namespaces";
const QByteArray kGone = "/api/v1/namespaces/gone";

QByteArray namedObject(const char *kind, const QString &name, const QJsonObject &extra = {})
{
    QJsonObject object{
        {"apiVersion", "v1"}, {"kind", kind}, {"metadata", QJsonObject{{"name", name}}}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        object.insert(it.key(), it.value());
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

// A pod a kubelet runs: deleted gracefully, gone once its containers stopped.
QByteArray runningPod(const QString &name)
{
    return namedObject(
        "Pod", name,
        {{"spec",
          QJsonObject{{"nodeName", "node-0"},
                      {"containers", QJsonArray{QJsonObject{{"name", "c"}, {"image", "i"}}}}}},
         {"status", QJsonObject{{"phase", "Running"}}}});
}

QString phaseOf(const QJsonObject &object)
{
    return object.value("status").toObject().value("phase").toString();
}

} // namespace

class TestSimNamespaceDeletion : public QObject
{
    Q_OBJECT

private slots:
    void aDeletedNamespaceTerminatesThenGoesWithItsContents();
    void aNewNamespaceGetsItsDefaultServiceAccount();
};

void TestSimNamespaceDeletion::aNewNamespaceGetsItsDefaultServiceAccount()
{
    SimOptions options;
    options.scenario = QStringLiteral("demo");
    const auto sim = startSim(options);
    const quint16 port = sim->port();
    // The demo's own namespaces have theirs, as old as they are.
    const QJsonObject web = get(port, "/api/v1/namespaces/web").json();
    const QJsonObject webAccount =
        get(port, "/api/v1/namespaces/web/serviceaccounts/default").json();
    QCOMPARE(webAccount.value("metadata").toObject().value("creationTimestamp"),
             web.value("metadata").toObject().value("creationTimestamp"));
    QCOMPARE(get(port, "/api/v1/namespaces/kube-public/serviceaccounts/default").status, 200);

    const QByteArray account = "/api/v1/namespaces/team-x/serviceaccounts/default";
    QCOMPARE(get(port, account).status, 404);
    QCOMPARE(request(port, "POST", kNamespaces, {}, namedObject("Namespace", "team-x")).status,
             201);
    QTRY_COMPARE_WITH_TIMEOUT(get(port, account).status, 200, 5000);
    QCOMPARE(get(port, account).json().value("kind").toString(), QStringLiteral("ServiceAccount"));

    // Deleted, it is made again: a new object, made now (not backdated to
    // its namespace's creation, 58 days ago).
    const QByteArray webPath = "/api/v1/namespaces/web/serviceaccounts/default";
    QCOMPARE(request(port, "DELETE", webPath).status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(get(port, webPath).status, 200, 5000);
    const QJsonObject again = get(port, webPath).json().value("metadata").toObject();
    QVERIFY(again.value("uid") != webAccount.value("metadata").toObject().value("uid"));
    const QDateTime created =
        QDateTime::fromString(again.value("creationTimestamp").toString(), Qt::ISODate);
    QVERIFY2(created.secsTo(QDateTime::currentDateTimeUtc()) < 30,
             qPrintable(again.value("creationTimestamp").toString()));
}

void TestSimNamespaceDeletion::aDeletedNamespaceTerminatesThenGoesWithItsContents()
{
    SimOptions options;
    options.scenario = QStringLiteral("empty");
    options.podStopMs = kStopMs;
    const auto sim = startSim(options);
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", kNamespaces, {}, namedObject("Namespace", "gone")).status, 201);
    QCOMPARE(request(port, "POST", kGone + "/configmaps", {}, namedObject("ConfigMap", "settings"))
                 .status,
             201);
    QCOMPARE(request(port, "POST", kGone + "/pods", {}, runningPod("web")).status, 201);
    Watch watch(port, kNamespaces + "?watch=1&fieldSelector=metadata.name%3Dgone&resourceVersion=" +
                          listResourceVersion(port, kNamespaces).toUtf8());
    QVERIFY(watch.ok());

    const Response deleted = request(port, "DELETE", kGone);
    QCOMPARE(deleted.status, 200);
    QCOMPARE(phaseOf(deleted.json()), QStringLiteral("Terminating"));
    QVERIFY(deleted.json().value("metadata").toObject().contains("deletionTimestamp"));
    // The configmap went at once; the pod is stopping, and holds the namespace.
    QCOMPARE(get(port, kGone + "/configmaps/settings").status, 404);
    QVERIFY(get(port, kGone + "/pods/web")
                .json()
                .value("metadata")
                .toObject()
                .contains("deletionTimestamp"));
    const Response terminating = get(port, kGone);
    QCOMPARE(terminating.status, 200);
    QCOMPARE(phaseOf(terminating.json()), QStringLiteral("Terminating"));

    const Response refused =
        request(port, "POST", kGone + "/configmaps", {}, namedObject("ConfigMap", "late"));
    QCOMPARE(refused.status, 403);
    QCOMPARE(refused.json().value("message").toString(),
             QStringLiteral("configmaps \"late\" is forbidden: unable to create new content in "
                            "namespace gone because it is being terminated"));

    QTRY_COMPARE_WITH_TIMEOUT(get(port, kGone).status, 404, 10000);
    QCOMPARE(get(port, kGone + "/pods/web").status, 404);
    const QList<QJsonObject> events = watch.next(3);
    QCOMPARE(events.size(), 3);
    QCOMPARE(events[0].value("type").toString(), QStringLiteral("MODIFIED"));
    QCOMPARE(phaseOf(events[0].value("object").toObject()), QStringLiteral("Terminating"));
    QCOMPARE(events[1].value("type").toString(), QStringLiteral("MODIFIED"));
    QVERIFY(events[1]
                .value("object")
                .toObject()
                .value("spec")
                .toObject()
                .value("finalizers")
                .toArray()
                .isEmpty());
    QCOMPARE(events[2].value("type").toString(), QStringLiteral("DELETED"));
}

QTEST_GUILESS_MAIN(TestSimNamespaceDeletion)
#include "tst_simnamespacedeletion.moc"
