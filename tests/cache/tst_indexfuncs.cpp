// Built-in index functions (reference §4.3) and the default indexers.

#include "testobjects.h"

#include "informer/cache/indexfuncs.h"

#include <QTest>

using namespace informant;
using namespace informant::test;

class TestIndexFuncs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void indexFuncsComputeExpectedValues_data();
    void indexFuncsComputeExpectedValues();
    void defaultIndexersDependOnKind_data();
    void defaultIndexersDependOnKind();
};

void TestIndexFuncs::indexFuncsComputeExpectedValues_data()
{
    QTest::addColumn<QString>("index");
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("expected");

    const QByteArray pod =
        R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-1","namespace":"shop",)"
        R"("labels":{"tier":"front","app":"web"},"ownerReferences":[)"
        R"({"apiVersion":"apps/v1","kind":"ReplicaSet","name":"web-x","uid":"rs-1"},)"
        R"({"apiVersion":"v1","kind":"Node","name":"n","uid":"node-9"}]},)"
        R"("spec":{"containers":[{"name":"c","env":[{"name":"nodeName","value":"decoy"}]}],)"
        R"("nodeName":"node-a"},"status":{"nominatedNodeName":"node-b"}})";
    const QByteArray pendingPod =
        R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","namespace":"shop"},"spec":{}})";
    const QByteArray node = R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"node-a"},)"
                            R"("spec":{"nodeName":"not-a-pod"}})";
    const QByteArray coreEvent =
        R"({"apiVersion":"v1","kind":"Event","metadata":{"name":"e.1","namespace":"shop"},)"
        R"("involvedObject":{"kind":"Pod","name":"web-1","uid":"pod-uid-1"},"reason":"Pulled"})";
    const QByteArray eventsEvent =
        R"({"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":{"name":"e.2",)"
        R"("namespace":"shop"},"regarding":{"kind":"Pod","uid":"pod-uid-2"},)"
        R"("involvedObject":{"uid":"ignored"}})";
    const QByteArray eventWithoutUid =
        R"({"apiVersion":"v1","kind":"Event","metadata":{"name":"e.3","namespace":"shop"},)"
        R"("involvedObject":{"kind":"Node","name":"n"}})";

    auto row = [](const char *name, const char *index, const QByteArray &json,
                  const QStringList &expected) {
        QTest::newRow(name) << QString::fromLatin1(index) << json << expected;
    };
    row("namespaceOfNamespacedObject", "namespace", pod, {"shop"});
    row("namespaceOfClusterScopedObjectIsEmpty", "namespace", node, {""});
    row("labelsGiveKeyValueAndBareKey", "labels", pod, {"app=web", "app", "tier=front", "tier"});
    row("labelsOfUnlabelledObjectAreNone", "labels", node, {});
    row("ownerUidsOfEveryOwnerReference", "owner", pod, {"rs-1", "node-9"});
    row("ownerOfUnownedObjectIsNone", "owner", node, {});
    row("nodeOfScheduledPodIsSpecNodeName", "node", pod, {"node-a"});
    row("nodeOfPendingPodIsEmpty", "node", pendingPod, {""});
    row("nodeIsOnlyForPods", "node", node, {});
    row("involvedObjectOfCoreEvent", "involvedObject", coreEvent, {"pod-uid-1"});
    row("regardingOfEventsK8sIoEvent", "involvedObject", eventsEvent, {"pod-uid-2"});
    row("involvedObjectWithoutUidIsNone", "involvedObject", eventWithoutUid, {});
    row("involvedObjectIsOnlyForEvents", "involvedObject", pod, {});
}

void TestIndexFuncs::indexFuncsComputeExpectedValues()
{
    QFETCH(QString, index);
    QFETCH(QByteArray, json);
    QFETCH(QStringList, expected);
    const KubeObject object = fromJsonOrDie(json);
    const IndexFunc func = index == u"namespace" ? namespaceIndexFunc
                           : index == u"labels"  ? labelsIndexFunc
                           : index == u"owner"   ? ownerIndexFunc
                           : index == u"node"    ? nodeIndexFunc
                                                 : involvedObjectIndexFunc;
    QCOMPARE(func(object), expected);
}

void TestIndexFuncs::defaultIndexersDependOnKind_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("pod") << "Pod" << QStringList{"labels", "namespace", "node", "owner"};
    QTest::newRow("event") << "Event"
                           << QStringList{"involvedObject", "labels", "namespace", "owner"};
    QTest::newRow("deployment") << "Deployment" << QStringList{"labels", "namespace", "owner"};
}

void TestIndexFuncs::defaultIndexersDependOnKind()
{
    QFETCH(QString, kind);
    QFETCH(QStringList, expected);
    QStringList names = defaultIndexers(kind).keys();
    names.sort();
    QCOMPARE(names, expected);
    QCOMPARE(QString(kNodeIndex), QStringLiteral("node"));
}

QTEST_GUILESS_MAIN(TestIndexFuncs)
#include "tst_indexfuncs.moc"
