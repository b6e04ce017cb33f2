// The demo's StatefulSet claims and volume provisioning: a StatefulSet with
// volumeClaimTemplates gets a PersistentVolumeClaim <template>-<set>-<ordinal>
// per pod, labelled with its selector, mounted by the pod and bound to a
// provisioned PersistentVolume pvc-<claim uid>; claims stay when the set
// scales down and are reused when it scales up again; a deleted claim's
// volume goes with it (reclaim policy Delete); claims of a class whose
// provisioner does not run stay Pending; the retention policy's Delete
// removes claims on scale-down or with the set.

#include "simfixtures.h"

#include <QSet>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

constexpr int kSettleMs = 15000;

const QByteArray kMergePatch = "application/merge-patch+json";

std::unique_ptr<Simulator> startDemo()
{
    SimOptions options;
    options.podStopMs = 300;
    return startSim(options);
}

QJsonObject member(const QJsonObject &object, const char *name)
{
    return object.value(QLatin1String(name)).toObject();
}

QString uidOf(const QJsonObject &object)
{
    return member(object, "metadata").value("uid").toString();
}

QJsonArray claimsWith(quint16 port, const QByteArray &namespaceName, const QByteArray &app)
{
    return get(port, "/api/v1/namespaces/" + namespaceName +
                         "/persistentvolumeclaims?labelSelector=app%3D" + app)
        .json()
        .value("items")
        .toArray();
}

QJsonObject claim(quint16 port, const QByteArray &namespaceName, const QByteArray &name)
{
    return get(port, "/api/v1/namespaces/" + namespaceName + "/persistentvolumeclaims/" + name)
        .json();
}

QString phaseOf(const QJsonObject &object)
{
    return member(object, "status").value("phase").toString();
}

QJsonObject statusOf(quint16 port, const QByteArray &path)
{
    return get(port, path).json().value("status").toObject();
}

// StatefulSet `name` in "web", selecting app=`name`, with claim template
// "data" (labelled tier=db, naming no StorageClass) and, when given, that
// persistentVolumeClaimRetentionPolicy.
QByteArray statefulSet(const QString &name, int replicas,
                       const QJsonObject &retentionPolicy = QJsonObject())
{
    const QJsonObject labels{{"app", name}};
    const QJsonObject container{
        {"name", "c"},
        {"image", "i"},
        {"volumeMounts", QJsonArray{QJsonObject{{"name", "data"}, {"mountPath", "/data"}}}}};
    const QJsonObject podTemplate{{"metadata", QJsonObject{{"labels", labels}}},
                                  {"spec", QJsonObject{{"containers", QJsonArray{container}}}}};
    const QJsonObject claimTemplate{
        {"metadata", QJsonObject{{"name", "data"}, {"labels", QJsonObject{{"tier", "db"}}}}},
        {"spec",
         QJsonObject{{"accessModes", QJsonArray{"ReadWriteOnce"}},
                     {"resources", QJsonObject{{"requests", QJsonObject{{"storage", "1Gi"}}}}}}}};
    QJsonObject spec{{"replicas", replicas},
                     {"serviceName", name},
                     {"selector", QJsonObject{{"matchLabels", labels}}},
                     {"template", podTemplate},
                     {"volumeClaimTemplates", QJsonArray{claimTemplate}}};
    if (!retentionPolicy.isEmpty())
        spec.insert(QLatin1String("persistentVolumeClaimRetentionPolicy"), retentionPolicy);
    return QJsonDocument(QJsonObject{{"apiVersion", "apps/v1"},
                                     {"kind", "StatefulSet"},
                                     {"metadata", QJsonObject{{"name", name}}},
                                     {"spec", spec}})
        .toJson(QJsonDocument::Compact);
}

QByteArray claimBody(const QString &name, const QString &storageClass)
{
    QJsonObject spec{{"accessModes", QJsonArray{"ReadWriteOnce"}},
                     {"resources", QJsonObject{{"requests", QJsonObject{{"storage", "2Gi"}}}}}};
    if (!storageClass.isEmpty())
        spec.insert(QLatin1String("storageClassName"), storageClass);
    return QJsonDocument(QJsonObject{{"apiVersion", "v1"},
                                     {"kind", "PersistentVolumeClaim"},
                                     {"metadata", QJsonObject{{"name", name}}},
                                     {"spec", spec}})
        .toJson(QJsonDocument::Compact);
}

// The claim each pod of `app` mounts as volume "data", by pod name.
QMap<QString, QString> mountedClaims(quint16 port, const QByteArray &namespaceName,
                                     const QByteArray &app)
{
    QMap<QString, QString> out;
    const QJsonArray pods =
        get(port, "/api/v1/namespaces/" + namespaceName + "/pods?labelSelector=app%3D" + app)
            .json()
            .value("items")
            .toArray();
    for (const QJsonValue &pod : pods) {
        for (const QJsonValue &volume : member(pod.toObject(), "spec").value("volumes").toArray()) {
            if (volume.toObject().value("name") == QLatin1String("data"))
                out.insert(member(pod.toObject(), "metadata").value("name").toString(),
                           member(volume.toObject(), "persistentVolumeClaim")
                               .value("claimName")
                               .toString());
        }
    }
    return out;
}

} // namespace

class TestSimVolumes : public QObject
{
    Q_OBJECT

private slots:
    void demoStatefulSetPodsMountBoundClaims();
    void claimsStayWhenTheSetScalesDownAndAreReusedWhenItScalesUp();
    void aDeletedClaimTakesItsVolumeAndUnprovisionedClassesStayPending();
    void whenScaledDeleteRemovesTheClaimsOfRemovedPodsOnly();
    void whenDeletedDeleteRemovesTheClaimsWithTheSet();
};

void TestSimVolumes::demoStatefulSetPodsMountBoundClaims()
{
    const auto sim = startDemo();
    const quint16 port = sim->port();
    const QJsonArray claims = claimsWith(port, "payments", "ledger-db");
    QCOMPARE(namesOf(claims), (QStringList{"data-ledger-db-0", "data-ledger-db-1"}));
    QCOMPARE(mountedClaims(port, "payments", "ledger-db"),
             (QMap<QString, QString>{{"ledger-db-0", "data-ledger-db-0"},
                                     {"ledger-db-1", "data-ledger-db-1"}}));
    for (const QJsonValue &value : claims) {
        const QJsonObject pvc = value.toObject();
        QCOMPARE(phaseOf(pvc), QStringLiteral("Bound"));
        // Retain: nothing owns the claim, so the set's deletion leaves it.
        QVERIFY(!member(pvc, "metadata").contains("ownerReferences"));
        const QString volumeName = member(pvc, "spec").value("volumeName").toString();
        QCOMPARE(volumeName, QStringLiteral("pvc-") + uidOf(pvc));
        QCOMPARE(member(pvc, "spec").value("storageClassName").toString(),
                 QStringLiteral("standard"));
        QCOMPARE(member(member(pvc, "status"), "capacity").value("storage").toString(),
                 QStringLiteral("10Gi"));
        const QJsonObject pv = get(port, "/api/v1/persistentvolumes/" + volumeName.toUtf8()).json();
        QCOMPARE(phaseOf(pv), QStringLiteral("Bound"));
        QCOMPARE(member(member(pv, "spec"), "claimRef").value("uid").toString(), uidOf(pvc));
        QCOMPARE(member(member(pv, "spec"), "capacity").value("storage").toString(),
                 QStringLiteral("10Gi"));
    }
    const QJsonArray classes =
        get(port, "/apis/storage.k8s.io/v1/storageclasses").json().value("items").toArray();
    QCOMPARE(namesOf(classes), QStringList{"standard"});
}

void TestSimVolumes::claimsStayWhenTheSetScalesDownAndAreReusedWhenItScalesUp()
{
    const auto sim = startDemo();
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", "/apis/apps/v1/namespaces/web/statefulsets", {},
                     statefulSet(QStringLiteral("cache"), 2))
                 .status,
             201);
    const QByteArray set = "/apis/apps/v1/namespaces/web/statefulsets/cache";
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(port, set).value("readyReplicas").toInt(), 2, kSettleMs);
    const QJsonObject first = claim(port, "web", "data-cache-0");
    QCOMPARE(phaseOf(first), QStringLiteral("Bound"));
    // The template's labels and the selector's; the default class, assigned.
    QCOMPARE(member(member(first, "metadata"), "labels"),
             (QJsonObject{{"app", "cache"}, {"tier", "db"}}));
    QCOMPARE(member(first, "spec").value("storageClassName").toString(),
             QStringLiteral("standard"));
    QCOMPARE(phaseOf(claim(port, "web", "data-cache-1")), QStringLiteral("Bound"));
    QCOMPARE(mountedClaims(port, "web", "cache"),
             (QMap<QString, QString>{{"cache-0", "data-cache-0"}, {"cache-1", "data-cache-1"}}));

    QCOMPARE(
        request(port, "PATCH", set, {{"Content-Type", kMergePatch}}, R"({"spec":{"replicas":0}})")
            .status,
        200);
    QTRY_COMPARE_WITH_TIMEOUT(mountedClaims(port, "web", "cache").size(), 0, kSettleMs);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(port, set).value("replicas").toInt(), 0, kSettleMs);
    QCOMPARE(namesOf(claimsWith(port, "web", "cache")),
             (QStringList{"data-cache-0", "data-cache-1"}));

    QCOMPARE(
        request(port, "PATCH", set, {{"Content-Type", kMergePatch}}, R"({"spec":{"replicas":1}})")
            .status,
        200);
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(port, set).value("readyReplicas").toInt(), 1, kSettleMs);
    QCOMPARE(mountedClaims(port, "web", "cache"),
             (QMap<QString, QString>{{"cache-0", "data-cache-0"}}));
    const QJsonObject again = claim(port, "web", "data-cache-0");
    QCOMPARE(uidOf(again), uidOf(first));
    QCOMPARE(member(again, "spec").value("volumeName"), member(first, "spec").value("volumeName"));
    QCOMPARE(claimsWith(port, "web", "cache").size(), 2);
}

void TestSimVolumes::aDeletedClaimTakesItsVolumeAndUnprovisionedClassesStayPending()
{
    const auto sim = startDemo();
    const quint16 port = sim->port();
    QCOMPARE(
        request(port, "POST", "/apis/storage.k8s.io/v1/storageclasses", {},
                R"({"apiVersion":"storage.k8s.io/v1","kind":"StorageClass",)"
                R"("metadata":{"name":"manual"},"provisioner":"kubernetes.io/no-provisioner"})")
            .status,
        201);
    const QByteArray claims = "/api/v1/namespaces/web/persistentvolumeclaims";
    QCOMPARE(request(port, "POST", claims, {},
                     claimBody(QStringLiteral("by-hand"), QStringLiteral("manual")))
                 .status,
             201);
    QCOMPARE(
        request(port, "POST", claims, {}, claimBody(QStringLiteral("scratch"), QString())).status,
        201);
    QTRY_COMPARE_WITH_TIMEOUT(phaseOf(claim(port, "web", "scratch")), QStringLiteral("Bound"),
                              kSettleMs);
    // The passes that bound "scratch" saw "by-hand" too.
    QCOMPARE(phaseOf(claim(port, "web", "by-hand")), QStringLiteral("Pending"));
    QVERIFY(member(claim(port, "web", "by-hand"), "spec").value("volumeName").isUndefined());

    const QByteArray volume =
        "/api/v1/persistentvolumes/" +
        member(claim(port, "web", "scratch"), "spec").value("volumeName").toString().toUtf8();
    QCOMPARE(member(member(get(port, volume).json(), "spec"), "capacity").value("storage"),
             QJsonValue("2Gi"));
    QCOMPARE(request(port, "DELETE", claims + "/scratch").status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(get(port, volume).status, 404, kSettleMs);
}

// As the statefulset controller with StatefulSetAutoDeletePVC (GA in 1.32): a
// condemned pod's claims get a controller reference to the pod, so the
// garbage collector deletes them after it; the claims of the pods that stay
// are not touched.
void TestSimVolumes::whenScaledDeleteRemovesTheClaimsOfRemovedPodsOnly()
{
    const auto sim = startDemo();
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", "/apis/apps/v1/namespaces/web/statefulsets", {},
                     statefulSet(QStringLiteral("scaled"), 2,
                                 QJsonObject{{"whenScaled", "Delete"}, {"whenDeleted", "Retain"}}))
                 .status,
             201);
    const QByteArray set = "/apis/apps/v1/namespaces/web/statefulsets/scaled";
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(port, set).value("readyReplicas").toInt(), 2, kSettleMs);
    const QJsonObject second = claim(port, "web", "data-scaled-1");
    QCOMPARE(phaseOf(second), QStringLiteral("Bound"));
    QVERIFY(!member(second, "metadata").contains("ownerReferences"));
    const QByteArray volume = "/api/v1/persistentvolumes/" +
                              member(second, "spec").value("volumeName").toString().toUtf8();

    QCOMPARE(
        request(port, "PATCH", set, {{"Content-Type", kMergePatch}}, R"({"spec":{"replicas":1}})")
            .status,
        200);
    QTRY_COMPARE_WITH_TIMEOUT(
        get(port, "/api/v1/namespaces/web/persistentvolumeclaims/data-scaled-1").status, 404,
        kSettleMs);
    QTRY_COMPARE_WITH_TIMEOUT(get(port, volume).status, 404, kSettleMs);
    const QJsonObject first = claim(port, "web", "data-scaled-0");
    QCOMPARE(phaseOf(first), QStringLiteral("Bound"));
    QVERIFY(!member(first, "metadata").contains("ownerReferences"));
    QCOMPARE(mountedClaims(port, "web", "scaled"),
             (QMap<QString, QString>{{"scaled-0", "data-scaled-0"}}));
}

// whenDeleted: Delete gives every claim a controller reference to the set;
// deleting the set takes the claims too, each once its pod is gone
// (pvc-protection).
void TestSimVolumes::whenDeletedDeleteRemovesTheClaimsWithTheSet()
{
    const auto sim = startDemo();
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", "/apis/apps/v1/namespaces/web/statefulsets", {},
                     statefulSet(QStringLiteral("owned"), 2,
                                 QJsonObject{{"whenScaled", "Retain"}, {"whenDeleted", "Delete"}}))
                 .status,
             201);
    const QByteArray set = "/apis/apps/v1/namespaces/web/statefulsets/owned";
    QTRY_COMPARE_WITH_TIMEOUT(statusOf(port, set).value("readyReplicas").toInt(), 2, kSettleMs);
    const QString setUid = uidOf(get(port, set).json());
    for (const QJsonValue &value : claimsWith(port, "web", "owned")) {
        const QJsonArray owners =
            member(value.toObject(), "metadata").value("ownerReferences").toArray();
        QCOMPARE(owners.size(), 1);
        const QJsonObject owner = owners.first().toObject();
        QCOMPARE(owner.value("kind").toString(), QStringLiteral("StatefulSet"));
        QCOMPARE(owner.value("uid").toString(), setUid);
        QCOMPARE(owner.value("controller").toBool(), true);
    }
    QCOMPARE(claimsWith(port, "web", "owned").size(), 2);

    QCOMPARE(request(port, "DELETE", set).status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(claimsWith(port, "web", "owned").size(), 0, kSettleMs);
    QCOMPARE(mountedClaims(port, "web", "owned").size(), 0);
}

QTEST_GUILESS_MAIN(TestSimVolumes)
#include "tst_simvolumes.moc"
