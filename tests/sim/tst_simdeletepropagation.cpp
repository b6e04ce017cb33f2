// DeleteOptions.propagationPolicy on objects already being deleted, and the
// garbage collector's release of an owner waiting in foreground deletion, as
// kube-apiserver's registry and kube-controller-manager's garbage collector
// do them: a DELETE of an object that has a deletionTimestamp (and no grace
// period pending) updates its finalizers for the policy it asks for
// (Foreground adds foregroundDeletion and deletes the dependents, Background
// and Orphan take it away, no policy leaves them), and an owner waiting for
// its dependents goes once none blocks it, whether the last one was deleted
// or an update dropped its ownerReference or its blockOwnerDeletion. An
// Orphan delete marks the owner with the orphan finalizer; the collector then
// orphans the dependents and removes the finalizer, and the owner goes.

#include "simfixtures.h"

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

const QByteArray kConfigMaps = "/api/v1/namespaces/default/configmaps";
const QString kHold = QStringLiteral("example.com/hold");
const QString kForeground = QStringLiteral("foregroundDeletion");
const QString kOrphan = QStringLiteral("orphan");

// Creates ConfigMap `name` with `finalizers`, owned by `owner` (none when
// empty) with blockOwnerDeletion; returns its uid.
QString createConfigMap(quint16 port, const QString &name, const QStringList &finalizers,
                        const QJsonObject &owner = {})
{
    QJsonObject metadata{{"name", name}};
    if (!finalizers.isEmpty())
        metadata.insert("finalizers", QJsonArray::fromStringList(finalizers));
    if (!owner.isEmpty())
        metadata.insert("ownerReferences", QJsonArray{owner});
    const QJsonObject object{{"apiVersion", "v1"}, {"kind", "ConfigMap"}, {"metadata", metadata}};
    const Response created = request(port, "POST", kConfigMaps, {},
                                     QJsonDocument(object).toJson(QJsonDocument::Compact));
    return created.status == 201
               ? created.json().value("metadata").toObject().value("uid").toString()
               : QString();
}

QJsonObject ownerReference(const QString &name, const QString &uid, bool block = true)
{
    return QJsonObject{{"apiVersion", "v1"},
                       {"kind", "ConfigMap"},
                       {"name", name},
                       {"uid", uid},
                       {"blockOwnerDeletion", block}};
}

// DELETE of ConfigMap `name` with `policy` in its DeleteOptions (none when empty).
Response deleteConfigMap(quint16 port, const QString &name, const QString &policy = {})
{
    const QByteArray body = policy.isEmpty()
                                ? QByteArray()
                                : QJsonDocument(QJsonObject{{"kind", "DeleteOptions"},
                                                            {"apiVersion", "v1"},
                                                            {"propagationPolicy", policy}})
                                      .toJson(QJsonDocument::Compact);
    return request(port, "DELETE", kConfigMaps + '/' + name.toUtf8(),
                   {{"Content-Type", "application/json"}}, body);
}

QJsonObject metadataOf(const QJsonObject &object)
{
    return object.value("metadata").toObject();
}

QJsonObject configMapMetadata(quint16 port, const QString &name)
{
    return metadataOf(get(port, kConfigMaps + '/' + name.toUtf8()).json());
}

QStringList finalizersOf(const QJsonObject &metadata)
{
    QStringList out;
    for (const QJsonValue &finalizer : metadata.value("finalizers").toArray())
        out.append(finalizer.toString());
    return out;
}

int statusOf(quint16 port, const QString &name)
{
    return get(port, kConfigMaps + '/' + name.toUtf8()).status;
}

Response releaseHold(quint16 port, const QString &name)
{
    return mergePatch(port, kConfigMaps + '/' + name.toUtf8(),
                      R"({"metadata":{"finalizers":null}})");
}

} // namespace

class TestSimDeletePropagation : public QObject
{
    Q_OBJECT

private slots:
    void foregroundDeleteOfAnObjectBeingDeletedAddsTheFinalizer_data();
    void foregroundDeleteOfAnObjectBeingDeletedAddsTheFinalizer();
    void backgroundDeleteOfAnOwnerWaitingInForegroundDeletesItNow();
    void ownerWaitingInForegroundGoesWhenAnUpdateUnblocksItsLastDependent_data();
    void ownerWaitingInForegroundGoesWhenAnUpdateUnblocksItsLastDependent();
    void orphanDeleteMarksTheOwnerThenOrphansItsDependentsThenDeletesIt_data();
    void orphanDeleteMarksTheOwnerThenOrphansItsDependentsThenDeletesIt();
};

void TestSimDeletePropagation::foregroundDeleteOfAnObjectBeingDeletedAddsTheFinalizer_data()
{
    QTest::addColumn<QString>("firstPolicy");
    QTest::newRow("after a delete with no policy") << QString();
    QTest::newRow("after a Background delete") << QStringLiteral("Background");
    QTest::newRow("after an Orphan delete") << QStringLiteral("Orphan");
}

// As the registry's Delete: an object with a deletionTimestamp and no grace
// period pending has its finalizers updated for the policy
// (deletionFinalizersForGarbageCollection); the garbage collector then
// deletes its dependents before it.
void TestSimDeletePropagation::foregroundDeleteOfAnObjectBeingDeletedAddsTheFinalizer()
{
    QFETCH(QString, firstPolicy);
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    const QString ownerUid = createConfigMap(port, "owner", {kHold});
    QVERIFY(!ownerUid.isEmpty());
    QVERIFY(
        !createConfigMap(port, "dependent", {kHold}, ownerReference("owner", ownerUid)).isEmpty());
    const bool orphaned = firstPolicy == QLatin1String("Orphan");

    const Response first = deleteConfigMap(port, "owner", firstPolicy);
    QCOMPARE(first.status, 200);
    QVERIFY(metadataOf(first.json()).contains("deletionTimestamp"));
    QCOMPARE(finalizersOf(configMapMetadata(port, "owner")), QStringList{kHold});
    QVERIFY(!configMapMetadata(port, "dependent").contains("deletionTimestamp"));
    QCOMPARE(configMapMetadata(port, "dependent").contains("ownerReferences"), !orphaned);

    const Response second = deleteConfigMap(port, "owner", QStringLiteral("Foreground"));
    QCOMPARE(second.status, 200);
    QCOMPARE(finalizersOf(metadataOf(second.json())), (QStringList{kHold, kForeground}));
    if (orphaned) {
        // Nothing depends on it any more: the collector is done at once.
        QCOMPARE(finalizersOf(configMapMetadata(port, "owner")), QStringList{kHold});
        QVERIFY(!configMapMetadata(port, "dependent").contains("deletionTimestamp"));
    } else {
        // The dependent is deleted and, held by its finalizer, still blocks.
        QCOMPARE(finalizersOf(configMapMetadata(port, "owner")), (QStringList{kHold, kForeground}));
        QVERIFY(configMapMetadata(port, "dependent").contains("deletionTimestamp"));
        QCOMPARE(releaseHold(port, "dependent").status, 200);
        QCOMPARE(statusOf(port, "dependent"), 404);
        QCOMPARE(finalizersOf(configMapMetadata(port, "owner")), QStringList{kHold});
    }
    QCOMPARE(releaseHold(port, "owner").status, 200);
    QCOMPARE(statusOf(port, "owner"), 404);
}

// The other way round: an explicit Background (kubectl delete's default)
// takes foregroundDeletion away; with no finalizer left the owner goes now and
// its dependents after it.
void TestSimDeletePropagation::backgroundDeleteOfAnOwnerWaitingInForegroundDeletesItNow()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    const QString ownerUid = createConfigMap(port, "owner", {});
    QVERIFY(!ownerUid.isEmpty());
    QVERIFY(
        !createConfigMap(port, "dependent", {kHold}, ownerReference("owner", ownerUid)).isEmpty());
    QCOMPARE(deleteConfigMap(port, "owner", QStringLiteral("Foreground")).status, 200);
    QCOMPARE(finalizersOf(configMapMetadata(port, "owner")), QStringList{kForeground});

    // No policy changes nothing.
    QCOMPARE(deleteConfigMap(port, "owner").status, 200);
    QCOMPARE(finalizersOf(configMapMetadata(port, "owner")), QStringList{kForeground});

    QCOMPARE(deleteConfigMap(port, "owner", QStringLiteral("Background")).status, 200);
    QCOMPARE(statusOf(port, "owner"), 404);
    QVERIFY(configMapMetadata(port, "dependent").contains("deletionTimestamp"));
    QCOMPARE(releaseHold(port, "dependent").status, 200);
    QCOMPARE(statusOf(port, "dependent"), 404);
}

void TestSimDeletePropagation::
    ownerWaitingInForegroundGoesWhenAnUpdateUnblocksItsLastDependent_data()
{
    QTest::addColumn<bool>("dropReference"); // else: blockOwnerDeletion false
    QTest::newRow("ownerReference removed") << true;
    QTest::newRow("blockOwnerDeletion turned off") << false;
}

// As the garbage collector's graph builder: an owner waiting for its
// dependents is looked at again when a dependent's ownerReferences change,
// not only when one is deleted.
void TestSimDeletePropagation::ownerWaitingInForegroundGoesWhenAnUpdateUnblocksItsLastDependent()
{
    QFETCH(bool, dropReference);
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    const QString ownerUid = createConfigMap(port, "owner", {});
    QVERIFY(!ownerUid.isEmpty());
    for (const char *name : {"first", "second"})
        QVERIFY(!createConfigMap(port, name, {kHold}, ownerReference("owner", ownerUid)).isEmpty());
    QCOMPARE(deleteConfigMap(port, "owner", QStringLiteral("Foreground")).status, 200);
    // Both dependents are being deleted, held by their finalizer: they block.
    QVERIFY(configMapMetadata(port, "first").contains("deletionTimestamp"));
    QVERIFY(configMapMetadata(port, "second").contains("deletionTimestamp"));
    QCOMPARE(finalizersOf(configMapMetadata(port, "owner")), QStringList{kForeground});

    const QByteArray unblock =
        dropReference
            ? QByteArray(R"({"metadata":{"ownerReferences":null}})")
            : QJsonDocument(
                  QJsonObject{{"metadata",
                               QJsonObject{{"ownerReferences", QJsonArray{ownerReference(
                                                                   "owner", ownerUid, false)}}}}})
                  .toJson(QJsonDocument::Compact);
    QCOMPARE(mergePatch(port, kConfigMaps + "/first", unblock).status, 200);
    QCOMPARE(finalizersOf(configMapMetadata(port, "owner")), QStringList{kForeground});
    QCOMPARE(mergePatch(port, kConfigMaps + "/second", unblock).status, 200);
    QCOMPARE(statusOf(port, "owner"), 404);
    // The dependents stay, held by their own finalizer.
    QCOMPARE(statusOf(port, "first"), 200);
    QCOMPARE(statusOf(port, "second"), 200);
}

void TestSimDeletePropagation::orphanDeleteMarksTheOwnerThenOrphansItsDependentsThenDeletesIt_data()
{
    QTest::addColumn<QString>("policy");
    QTest::addColumn<QStringList>("ownFinalizers");
    QTest::newRow("Orphan") << QStringLiteral("Orphan") << QStringList();
    // A finalizer the owner was given itself is honoured as the policy's.
    QTest::newRow("its own orphan finalizer, no policy") << QString() << QStringList{kOrphan};
}

// As the registry and kube-controller-manager's garbage collector: the
// DELETE is answered with the owner marked (deletionTimestamp, the orphan
// finalizer); an informer then sees the owner modified, the dependent lose
// its ownerReference, and the owner deleted, in that order.
void TestSimDeletePropagation::orphanDeleteMarksTheOwnerThenOrphansItsDependentsThenDeletesIt()
{
    QFETCH(QString, policy);
    QFETCH(QStringList, ownFinalizers);
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    const QString ownerUid = createConfigMap(port, "owner", ownFinalizers);
    QVERIFY(!ownerUid.isEmpty());
    QVERIFY(!createConfigMap(port, "dependent", {}, ownerReference("owner", ownerUid)).isEmpty());
    Watch watch(port, kConfigMaps + "?watch=1&resourceVersion=" +
                          listResourceVersion(port, kConfigMaps).toUtf8());
    QVERIFY(watch.ok());

    const Response deleted = deleteConfigMap(port, "owner", policy);
    QCOMPARE(deleted.status, 200);
    QCOMPARE(deleted.json().value("kind").toString(), QStringLiteral("ConfigMap"));
    QVERIFY(metadataOf(deleted.json()).contains("deletionTimestamp"));
    QCOMPARE(finalizersOf(metadataOf(deleted.json())), QStringList{kOrphan});

    const QList<QJsonObject> events = watch.next(3);
    QCOMPARE(events.size(), 3);
    const auto typeAndName = [](const QJsonObject &event) {
        return event.value("type").toString() + ' ' +
               metadataOf(event.value("object").toObject()).value("name").toString();
    };
    QCOMPARE(typeAndName(events[0]), QStringLiteral("MODIFIED owner"));
    QCOMPARE(finalizersOf(metadataOf(events[0].value("object").toObject())), QStringList{kOrphan});
    QCOMPARE(typeAndName(events[1]), QStringLiteral("MODIFIED dependent"));
    QVERIFY(!metadataOf(events[1].value("object").toObject()).contains("ownerReferences"));
    QCOMPARE(typeAndName(events[2]), QStringLiteral("DELETED owner"));
    QCOMPARE(statusOf(port, "owner"), 404);
    QVERIFY(!configMapMetadata(port, "dependent").contains("deletionTimestamp"));
}

QTEST_GUILESS_MAIN(TestSimDeletePropagation)
#include "tst_simdeletepropagation.moc"
