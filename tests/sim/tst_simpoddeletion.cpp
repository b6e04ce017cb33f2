// Graceful pod deletion against the simulated API server, as kube-apiserver
// and the kubelet do it: a DELETE marks the pod (deletionTimestamp,
// deletionGracePeriodSeconds; Terminating) and the kubelet deletes it once its
// containers stopped; gracePeriodSeconds=0, unscheduled and finished pods go at
// once; a second DELETE may only shorten the grace period; finalizers still hold.

#include "simfixtures.h"

#include <QDateTime>
#include <QElapsedTimer>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

constexpr int kStopMs = 400;
const QByteArray kPods = "/api/v1/namespaces/default/pods";

QByteArray podBody(const QString &name, const QJsonObject &extraSpec = {},
                   const QJsonObject &extraMetadata = {}, const QString &phase = {})
{
    QJsonObject spec{{"nodeName", "node-0"},
                     {"containers", QJsonArray{QJsonObject{{"name", "c"}, {"image", "i"}}}}};
    for (auto it = extraSpec.begin(); it != extraSpec.end(); ++it)
        spec.insert(it.key(), it.value());
    QJsonObject metadata{{"name", name}};
    for (auto it = extraMetadata.begin(); it != extraMetadata.end(); ++it)
        metadata.insert(it.key(), it.value());
    QJsonObject pod{{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", metadata}, {"spec", spec}};
    if (!phase.isEmpty())
        pod.insert(QLatin1String("status"), QJsonObject{{"phase", phase}});
    return QJsonDocument(pod).toJson(QJsonDocument::Compact);
}

QJsonObject metadataOf(const Response &response)
{
    return response.json().value("metadata").toObject();
}

std::unique_ptr<Simulator> startEmpty()
{
    SimOptions options;
    options.scenario = QStringLiteral("empty");
    options.podStopMs = kStopMs;
    return startSim(options);
}

} // namespace

class TestSimPodDeletion : public QObject
{
    Q_OBJECT

private slots:
    void deleteMarksThePodTerminatingThenTheKubeletRemovesIt();
    void gracePeriodZeroDeletesAtOnce_data();
    void gracePeriodZeroDeletesAtOnce();
    void podsWithoutARunningKubeletAreDeletedAtOnce_data();
    void podsWithoutARunningKubeletAreDeletedAtOnce();
    void terminationGracePeriodSecondsIsTheDefault();
    void aSecondDeleteOnlyShortensTheGracePeriod();
    void updatingATerminatingPodKeepsIt();
    void finalizersHoldAPodAfterItsContainersStopped();
};

void TestSimPodDeletion::deleteMarksThePodTerminatingThenTheKubeletRemovesIt()
{
    const auto sim = startEmpty();
    const quint16 port = sim->port();
    QJsonObject pod = QJsonDocument::fromJson(podBody(QStringLiteral("p"))).object();
    pod.insert(
        QLatin1String("status"),
        QJsonObject{
            {"phase", "Running"},
            {"conditions", QJsonArray{QJsonObject{{"type", "Ready"}, {"status", "True"}}}},
            {"containerStatuses",
             QJsonArray{QJsonObject{
                 {"name", "c"},
                 {"ready", true},
                 {"state", QJsonObject{{"running",
                                        QJsonObject{{"startedAt", "2026-01-01T00:00:00Z"}}}}}}}}});
    const Response created =
        request(port, "POST", kPods, {}, QJsonDocument(pod).toJson(QJsonDocument::Compact));
    QCOMPARE(created.status, 201);
    Watch watch(port, kPods + "?watch=1&resourceVersion=" + rvOf(created.json()).toUtf8());
    QVERIFY(watch.ok());
    QElapsedTimer clock;
    clock.start();
    const Response deleted = request(port, "DELETE", kPods + "/p");
    QCOMPARE(deleted.status, 200);
    QCOMPARE(deleted.json().value("kind").toString(), QStringLiteral("Pod"));
    const QJsonObject metadata = metadataOf(deleted);
    QCOMPARE(metadata.value("deletionGracePeriodSeconds").toInt(), 30);
    // deletionTimestamp is when the grace period ends.
    const QDateTime deadline =
        QDateTime::fromString(metadata.value("deletionTimestamp").toString(), Qt::ISODate);
    QVERIFY(deadline.isValid());
    QVERIFY2(qAbs(QDateTime::currentDateTimeUtc().secsTo(deadline) - 30) <= 2,
             qPrintable(deadline.toString(Qt::ISODate)));
    const Response terminating = get(port, kPods + "/p");
    QCOMPARE(terminating.status, 200);
    QCOMPARE(metadataOf(terminating).value("deletionTimestamp"),
             metadata.value("deletionTimestamp"));
    const Response table = get(port, kPods, {{"Accept", kTable}});
    QVERIFY2(table.body.contains("\"Terminating\""), table.body.constData());

    // Marked, then the kubelet reports the containers stopped, then deletes it.
    const QList<QJsonObject> events = watch.next(3, 10000);
    QCOMPARE(events.size(), 3);
    QCOMPARE(events[0].value("type").toString(), QStringLiteral("MODIFIED"));
    QVERIFY(events[0]
                .value("object")
                .toObject()
                .value("metadata")
                .toObject()
                .contains("deletionTimestamp"));
    QCOMPARE(events[1].value("type").toString(), QStringLiteral("MODIFIED"));
    const QJsonObject stopped = events[1].value("object").toObject().value("status").toObject();
    const QJsonObject container = stopped.value("containerStatuses").toArray().at(0).toObject();
    QCOMPARE(container.value("ready").toBool(true), false);
    const QJsonObject terminated =
        container.value("state").toObject().value("terminated").toObject();
    QCOMPARE(terminated.value("reason").toString(), QStringLiteral("Completed"));
    QCOMPARE(terminated.value("startedAt").toString(), QStringLiteral("2026-01-01T00:00:00Z"));
    QCOMPARE(stopped.value("conditions").toArray().at(0).toObject().value("status").toString(),
             QStringLiteral("False"));
    QCOMPARE(events[2].value("type").toString(), QStringLiteral("DELETED"));
    QVERIFY2(clock.elapsed() >= kStopMs - 50, qPrintable(QString::number(clock.elapsed())));
    QCOMPARE(get(port, kPods + "/p").status, 404);
}

void TestSimPodDeletion::gracePeriodZeroDeletesAtOnce_data()
{
    QTest::addColumn<QByteArray>("query");
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("kubectl --grace-period=0 --force")
        << QByteArray()
        << QByteArray(R"({"kind":"DeleteOptions","apiVersion":"v1","gracePeriodSeconds":0,)"
                      R"("propagationPolicy":"Background"})");
    QTest::newRow("query") << QByteArray("?gracePeriodSeconds=0") << QByteArray();
}

void TestSimPodDeletion::gracePeriodZeroDeletesAtOnce()
{
    QFETCH(QByteArray, query);
    QFETCH(QByteArray, body);
    const auto sim = startEmpty();
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", kPods, {}, podBody(QStringLiteral("p"))).status, 201);
    QCOMPARE(request(port, "DELETE", kPods + "/p" + query, {}, body).status, 200);
    QCOMPARE(get(port, kPods + "/p").status, 404);
}

void TestSimPodDeletion::podsWithoutARunningKubeletAreDeletedAtOnce_data()
{
    QTest::addColumn<QByteArray>("pod");
    QTest::newRow("unscheduled") << podBody(QStringLiteral("p"), QJsonObject{{"nodeName", ""}});
    QTest::newRow("succeeded") << podBody(QStringLiteral("p"), {}, {}, QStringLiteral("Succeeded"));
    QTest::newRow("failed") << podBody(QStringLiteral("p"), {}, {}, QStringLiteral("Failed"));
}

void TestSimPodDeletion::podsWithoutARunningKubeletAreDeletedAtOnce()
{
    QFETCH(QByteArray, pod);
    const auto sim = startEmpty();
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", kPods, {}, pod).status, 201);
    QCOMPARE(request(port, "DELETE", kPods + "/p").status, 200);
    QCOMPARE(get(port, kPods + "/p").status, 404);
}

void TestSimPodDeletion::terminationGracePeriodSecondsIsTheDefault()
{
    const auto sim = startEmpty();
    const quint16 port = sim->port();
    QCOMPARE(
        request(port, "POST", kPods, {},
                podBody(QStringLiteral("p"), QJsonObject{{"terminationGracePeriodSeconds", 5}}))
            .status,
        201);
    const Response deleted = request(port, "DELETE", kPods + "/p");
    QCOMPARE(metadataOf(deleted).value("deletionGracePeriodSeconds").toInt(), 5);
    QCOMPARE(request(port, "POST", kPods, {}, podBody(QStringLiteral("q"))).status, 201);
    const Response asked =
        request(port, "DELETE", kPods + "/q", {}, R"({"gracePeriodSeconds":12})");
    QCOMPARE(metadataOf(asked).value("deletionGracePeriodSeconds").toInt(), 12);
    QTRY_COMPARE_WITH_TIMEOUT(get(port, kPods + "/q").status, 404, 5000);
}

void TestSimPodDeletion::aSecondDeleteOnlyShortensTheGracePeriod()
{
    const auto sim = startEmpty();
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", kPods, {}, podBody(QStringLiteral("p"))).status, 201);
    const Response first = request(port, "DELETE", kPods + "/p");
    const Response again =
        request(port, "DELETE", kPods + "/p", {}, R"({"gracePeriodSeconds":60})");
    QCOMPARE(again.status, 200);
    QCOMPARE(metadataOf(again).value("deletionGracePeriodSeconds").toInt(), 30);
    QCOMPARE(metadataOf(again).value("deletionTimestamp"),
             metadataOf(first).value("deletionTimestamp"));
    const Response shorter =
        request(port, "DELETE", kPods + "/p", {}, R"({"gracePeriodSeconds":10})");
    QCOMPARE(metadataOf(shorter).value("deletionGracePeriodSeconds").toInt(), 10);
    QCOMPARE(request(port, "DELETE", kPods + "/p?gracePeriodSeconds=0").status, 200);
    QCOMPARE(get(port, kPods + "/p").status, 404);
}

void TestSimPodDeletion::updatingATerminatingPodKeepsIt()
{
    const auto sim = startEmpty();
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", kPods, {}, podBody(QStringLiteral("p"))).status, 201);
    QCOMPARE(request(port, "DELETE", kPods + "/p").status, 200);
    const Response patched =
        request(port, "PATCH", kPods + "/p", {{"Content-Type", "application/merge-patch+json"}},
                R"({"metadata":{"labels":{"seen":"yes"},"deletionGracePeriodSeconds":0}})");
    QCOMPARE(patched.status, 200);
    QCOMPARE(metadataOf(patched).value("deletionGracePeriodSeconds").toInt(), 30);
    QCOMPARE(get(port, kPods + "/p").status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(get(port, kPods + "/p").status, 404, 5000);
}

void TestSimPodDeletion::finalizersHoldAPodAfterItsContainersStopped()
{
    const auto sim = startEmpty();
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", kPods, {},
                     podBody(QStringLiteral("p"), {},
                             QJsonObject{{"finalizers", QJsonArray{"example.com/hold"}}}))
                 .status,
             201);
    QCOMPARE(metadataOf(request(port, "DELETE", kPods + "/p"))
                 .value("deletionGracePeriodSeconds")
                 .toInt(),
             30);
    // The kubelet's DELETE with grace 0 leaves the pod to its finalizer.
    QTRY_COMPARE_WITH_TIMEOUT(
        metadataOf(get(port, kPods + "/p")).value("deletionGracePeriodSeconds").toInt(-1), 0, 5000);
    QCOMPARE(request(port, "PATCH", kPods + "/p",
                     {{"Content-Type", "application/merge-patch+json"}},
                     R"({"metadata":{"finalizers":null}})")
                 .status,
             200);
    QCOMPARE(get(port, kPods + "/p").status, 404);
}

QTEST_GUILESS_MAIN(TestSimPodDeletion)
#include "tst_simpoddeletion.moc"
