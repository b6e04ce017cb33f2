// The Overview of what `kubectl describe` shows first: of a
// PersistentVolumeClaim, a PersistentVolume and a StorageClass (objects as
// informant-sim's demo serves them, StatefulSet ledger-db's claims), with the
// volume, claim and class as links; of a crash-looping pod's containers
// (current state and last termination), of workloads' images, a CronJob's
// schedule and runs, and a Node's resources, versions, taints and conditions
// (pressure conditions False are healthy).

#include "ui/overviewhtml.h"

#include <QAbstractTextDocumentLayout>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QTextTable>

using namespace informant;

namespace {

constexpr qint64 kNowMs = 1714600000000; // 2024-05-01T21:46:40Z

KubeObject decode(const char *json)
{
    return KubeObject::fromJson(QByteArray(json)).value();
}

const char kClaim[] =
    R"({"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"name":"data-ledger-db-0",)"
    R"("namespace":"payments","uid":"afa3e1d9","resourceVersion":"91",)"
    R"("creationTimestamp":"2024-05-01T10:00:00Z","labels":{"app":"ledger-db"}},)"
    R"("spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"10Gi"}},)"
    R"("storageClassName":"standard","volumeMode":"Filesystem",)"
    R"("volumeName":"pvc-afa3e1d9-7987-4d61-b2ef-2ad7d2b4ade8"},)"
    R"("status":{"accessModes":["ReadWriteMany","ReadWriteOnce"],"capacity":{"storage":"10Gi"},)"
    R"("phase":"Bound"}})";

const char kPendingClaim[] =
    R"({"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"name":"scratch",)"
    R"("namespace":"batch","uid":"u2","resourceVersion":"7",)"
    R"("annotations":{"volume.beta.kubernetes.io/storage-class":"slow"}},)"
    R"("spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}},)"
    R"("status":{"phase":"Pending"}})";

const char kVolume[] =
    R"({"apiVersion":"v1","kind":"PersistentVolume","metadata":{)"
    R"("name":"pvc-afa3e1d9-7987-4d61-b2ef-2ad7d2b4ade8","uid":"14e9c4a0","resourceVersion":"90",)"
    R"("creationTimestamp":"2024-05-01T10:00:00Z"},)"
    R"("spec":{"accessModes":["ReadWriteOnce"],"capacity":{"storage":"10Gi"},)"
    R"("claimRef":{"apiVersion":"v1","kind":"PersistentVolumeClaim","name":"data-ledger-db-0",)"
    R"("namespace":"payments"},"persistentVolumeReclaimPolicy":"Delete",)"
    R"("storageClassName":"standard","volumeMode":"Filesystem"},"status":{"phase":"Bound"}})";

const char kClass[] =
    R"({"allowVolumeExpansion":true,"apiVersion":"storage.k8s.io/v1","kind":"StorageClass",)"
    R"("metadata":{"annotations":{"storageclass.kubernetes.io/is-default-class":"true"},)"
    R"("name":"standard","uid":"60d11541","resourceVersion":"36"},)"
    R"("provisioner":"hostpath.csi.k8s.io","reclaimPolicy":"Delete",)"
    R"("volumeBindingMode":"WaitForFirstConsumer"})";

const char kOtherClass[] =
    R"({"apiVersion":"storage.k8s.io/v1","kind":"StorageClass",)"
    R"("metadata":{"name":"slow","uid":"u3","resourceVersion":"3"},)"
    R"("provisioner":"example.com/nfs","reclaimPolicy":"Retain","volumeBindingMode":"Immediate"})";

// As informant-sim's demo serves its crash-looping pod (podfactory.cpp):
// waiting to restart, its last run ended 2m ago with exit code 1.
const char kCrashLoopingPod[] =
    R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"checkout-7d9f8b6c5d-x2x9q",)"
    R"("namespace":"payments","uid":"p-1","resourceVersion":"40",)"
    R"("creationTimestamp":"2024-05-01T20:00:00Z"},)"
    R"("spec":{"nodeName":"node-2","initContainers":[{"name":"migrate","image":"migrate:3"}],)"
    R"("containers":[{"name":"app","image":"ghcr.io/example/checkout:1.9.0"}]},)"
    R"("status":{"phase":"Running",)"
    R"("initContainerStatuses":[{"name":"migrate","state":{"terminated":{"exitCode":0,)"
    R"("reason":"Completed","finishedAt":"2024-05-01T20:00:05Z"}},"lastState":{},)"
    R"("ready":true,"restartCount":0,"image":"migrate:3"}],)"
    R"("containerStatuses":[{"name":"app","state":{"waiting":{"reason":"CrashLoopBackOff",)"
    R"("message":"back-off 2m40s restarting failed container=app"}},)"
    R"("lastState":{"terminated":{"exitCode":1,"reason":"Error",)"
    R"("startedAt":"2024-05-01T21:44:30Z","finishedAt":"2024-05-01T21:44:40Z"}},)"
    R"("ready":false,"restartCount":5,"image":"ghcr.io/example/checkout:1.9.0"}]}})";

// Ready and ContainersReady False while its container crash-loops, as the
// kubelet reports them.
const char kNotReadyPod[] =
    R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"ledger-worker-7d9f8c590-gvdk5",)"
    R"("namespace":"payments","uid":"p-3","resourceVersion":"42",)"
    R"("creationTimestamp":"2024-05-01T20:00:00Z"},"spec":{"nodeName":"node-2",)"
    R"("containers":[{"name":"app","image":"ghcr.io/example/ledger-worker:1.9.0"}]},)"
    R"("status":{"phase":"Running","conditions":[{"type":"PodReadyToStartContainers",)"
    R"("status":"True","lastTransitionTime":"2024-05-01T20:00:05Z"},{"type":"Initialized",)"
    R"("status":"True","lastTransitionTime":"2024-05-01T20:00:05Z"},{"type":"Ready",)"
    R"("status":"False","reason":"ContainersNotReady","message":"containers with unready )"
    R"(status: [app]","lastTransitionTime":"2024-05-01T20:00:05Z"},{"type":"ContainersReady",)"
    R"("status":"False","reason":"ContainersNotReady","message":"containers with unready )"
    R"(status: [app]","lastTransitionTime":"2024-05-01T20:00:05Z"},{"type":"PodScheduled",)"
    R"("status":"True","lastTransitionTime":"2024-05-01T20:00:00Z"}]}})";

// Killed by the kernel for its memory limit, then pulling a new image fails.
const char kImagePullPod[] =
    R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"api-0","namespace":"web",)"
    R"("uid":"p-2","resourceVersion":"41"},)"
    R"("spec":{"containers":[{"name":"api","image":"ghcr.io/example/api:2.15.0"}]},)"
    R"("status":{"phase":"Pending","containerStatuses":[{"name":"api",)"
    R"("state":{"waiting":{"reason":"ImagePullBackOff"}},)"
    R"("lastState":{"terminated":{"exitCode":137,"signal":9,"reason":"OOMKilled",)"
    R"("finishedAt":"2024-05-01T19:46:40Z"}},"ready":false,"restartCount":1}]}})";

const char kDeployment[] =
    R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"api","namespace":"web",)"
    R"("uid":"d-1","resourceVersion":"50"},"spec":{"replicas":2,)"
    R"("selector":{"matchLabels":{"app":"api"}},"template":{"metadata":{"labels":{"app":"api"}},)"
    R"("spec":{"containers":[{"name":"api","image":"ghcr.io/example/api:2.14.1"},)"
    R"({"name":"envoy","image":"envoyproxy/envoy:v1.31.0"}]}}},)"
    R"("status":{"readyReplicas":2}})";

const char kStatefulSet[] =
    R"({"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"ledger-db",)"
    R"("namespace":"payments","uid":"s-1","resourceVersion":"51"},"spec":{"replicas":1,)"
    R"("template":{"spec":{"initContainers":[{"name":"init-perms","image":"busybox:1.36"}],)"
    R"("containers":[{"name":"postgres","image":"postgres:16.4"}]}}}})";

const char kDaemonSet[] =
    R"({"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"name":"node-exporter",)"
    R"("namespace":"monitoring","uid":"ds-1","resourceVersion":"52"},)"
    R"("spec":{"template":{"spec":{"containers":[{"name":"node-exporter",)"
    R"("image":"quay.io/prometheus/node-exporter:v1.8.2"}]}}}})";

// As informant-sim's demo runs CronJob report (demoactivity.cpp): a run
// scheduled 5m ago still active.
const char kCronJob[] =
    R"({"apiVersion":"batch/v1","kind":"CronJob","metadata":{"name":"report","namespace":"batch",)"
    R"("uid":"cj-1","resourceVersion":"60","creationTimestamp":"2024-05-01T10:00:00Z"},)"
    R"("spec":{"schedule":"*/30 * * * *","suspend":false,"jobTemplate":{"spec":{"template":{)"
    R"("spec":{"containers":[{"name":"report","image":"busybox:1.36"}]}}}}},)"
    R"("status":{"active":[{"apiVersion":"batch/v1","kind":"Job","name":"report-29000003",)"
    R"("namespace":"batch","uid":"j-3"}],"lastScheduleTime":"2024-05-01T21:41:40Z",)"
    R"("lastSuccessfulTime":"2024-05-01T21:12:10Z"}})";

const char kSuspendedCronJob[] =
    R"({"apiVersion":"batch/v1","kind":"CronJob","metadata":{"name":"cleanup","namespace":"batch",)"
    R"("uid":"cj-2","resourceVersion":"61"},)"
    R"("spec":{"schedule":"0 3 * * *","timeZone":"Europe/Berlin","suspend":true},"status":{}})";

QByteArray nodeJson(const char *readyStatus, const char *memoryPressure, const char *taints)
{
    return QByteArray(R"({"apiVersion":"v1","kind":"Node","metadata":{"name":"node-1","uid":"n-1",)"
                      R"("resourceVersion":"70","creationTimestamp":"2024-04-20T10:00:00Z"},)"
                      R"("spec":{"podCIDR":"10.244.1.0/24")") +
           taints +
           R"(},"status":{"capacity":{"cpu":"8","memory":"32863392Ki","pods":"110",)"
           R"("ephemeral-storage":"101430960Ki"},"allocatable":{"cpu":"7910m",)"
           R"("memory":"31737992Ki","pods":"110"},"conditions":[{"type":"MemoryPressure",)"
           R"("status":")" +
           memoryPressure +
           R"(","reason":"KubeletHasSufficientMemory","message":"kubelet has sufficient memory )"
           R"(available","lastTransitionTime":"2024-04-20T10:00:00Z"},{"type":"DiskPressure",)"
           R"("status":"False","reason":"KubeletHasNoDiskPressure","message":"kubelet has no )"
           R"(disk pressure","lastTransitionTime":"2024-04-20T10:00:00Z"},{"type":"PIDPressure",)"
           R"("status":"False","reason":"KubeletHasSufficientPID","message":"kubelet has )"
           R"(sufficient PID available","lastTransitionTime":"2024-04-20T10:00:00Z"},)"
           R"({"type":"Ready","status":")" +
           readyStatus +
           R"(","reason":"KubeletReady","message":"kubelet is posting ready status",)"
           R"("lastTransitionTime":"2024-04-20T10:00:00Z"}],"addresses":[{"type":"InternalIP",)"
           R"("address":"10.0.0.11"},{"type":"Hostname","address":"node-1"}],)"
           R"("nodeInfo":{"kubeletVersion":"v1.32.0","containerRuntimeVersion":)"
           R"("containerd://1.7.22","osImage":"Ubuntu 24.04.1 LTS",)"
           R"("kernelVersion":"6.8.0-45-generic","operatingSystem":"linux",)"
           R"("architecture":"amd64"}}})";
}

const char kNoTaints[] = "";
// A cordoned node the node controller found unreachable.
const char kUnreachableTaints[] =
    R"(,"unschedulable":true,"taints":[{"key":"node.kubernetes.io/unreachable","effect":"NoSchedule"},)"
    R"({"key":"dedicated","value":"gpu","effect":"NoExecute"}])";

// The text of the value cell next to the cell `key`, its lines joined with
// '\n' (a <br> in a cell is a line separator), as a user reads it.
QString valueOf(const QString &html, const QString &key)
{
    QTextDocument document;
    document.setHtml(html);
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        if (block.text() == key && block.next().isValid())
            return block.next().text().replace(QChar::LineSeparator, u'\n');
    }
    return QStringLiteral("<no %1>").arg(key);
}

// The colour the Conditions table's Status cell of condition `type` is
// drawn in (its block follows the type's).
QColor conditionStatusColor(const QString &html, const QString &type)
{
    QTextDocument document;
    document.setHtml(html);
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        if (block.text() == type && block.next().isValid())
            return block.next().begin().fragment().charFormat().foreground().color();
    }
    return {};
}

// "Key: value" lines of the Overview's first table, as a user reads them.
QStringList fieldLines(const QString &html)
{
    QTextDocument document;
    document.setHtml(html);
    // Each table cell is a block: a key's block is followed by its value's.
    const QStringList blocks = document.toPlainText().split(u'\n', Qt::SkipEmptyParts);
    QStringList lines;
    for (qsizetype i = 0; i + 1 < blocks.size(); i += 2)
        lines.append(blocks.at(i) + QStringLiteral(": ") + blocks.at(i + 1));
    return lines;
}

// Empty when `lines` hold every one of `expected` in that order (others may
// stand between); else which is missing, and `lines`.
QString firstMissingInOrder(const QStringList &lines, const QStringList &expected)
{
    qsizetype at = 0;
    for (const QString &line : expected) {
        const qsizetype found = lines.indexOf(line, at);
        if (found < 0) {
            return QStringLiteral("no \"%1\" (after line %2) in:\n%3")
                .arg(line)
                .arg(at)
                .arg(lines.join(u'\n'));
        }
        at = found + 1;
    }
    return {};
}

} // namespace

class TestOverviewHtml : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void storageObjectsShowWhatKubectlDescribeShowsFirst_data();
    void storageObjectsShowWhatKubectlDescribeShowsFirst();
    void boundClaimLinksItsVolumeAndClassAndTheVolumeItsClaim();
    void podContainersShowStateAndLastTermination_data();
    void podContainersShowStateAndLastTermination();
    void workloadsShowTheirContainersImages_data();
    void workloadsShowTheirContainersImages();
    void cronJobShowsScheduleSuspendLastScheduleAndActiveJobs();
    void cronJobLinksItsActiveJobs();
    void nodeShowsResourcesAddressesVersionsAndTaints();
    void nodeConditionsAreBadOnlyWhenNotReadyOrUnderPressure_data();
    void nodeConditionsAreBadOnlyWhenNotReadyOrUnderPressure();
    void conditionsBreakOnlyInTheirMessages_data();
    void conditionsBreakOnlyInTheirMessages();
    void replicaFailureIsBadWhenTrue();
};

void TestOverviewHtml::storageObjectsShowWhatKubectlDescribeShowsFirst_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("expected"); // in this order, among the other lines
    QTest::newRow("bound claim") << QByteArray(kClaim)
                                 << QStringList{"Status: Bound",
                                                "Volume: pvc-afa3e1d9-7987-4d61-b2ef-2ad7d2b4ade8",
                                                "Capacity: 10Gi", "Access modes: RWO,RWX",
                                                "Storage class: standard"};
    // Not bound: no volume, capacity or access modes yet (kubectl prints
    // them empty); the class from the beta annotation.
    QTest::newRow("pending claim")
        << QByteArray(kPendingClaim) << QStringList{"Status: Pending", "Storage class: slow"};
    QTest::newRow("volume") << QByteArray(kVolume)
                            << QStringList{
                                   "Status: Bound",          "Claim: payments/data-ledger-db-0",
                                   "Reclaim policy: Delete", "Capacity: 10Gi",
                                   "Access modes: RWO",      "Storage class: standard"};
    QTest::newRow("default class")
        << QByteArray(kClass)
        << QStringList{"Provisioner: hostpath.csi.k8s.io", "Reclaim policy: Delete",
                       "Volume binding mode: WaitForFirstConsumer", "Default class: Yes"};
    QTest::newRow("other class") << QByteArray(kOtherClass)
                                 << QStringList{
                                        "Provisioner: example.com/nfs", "Reclaim policy: Retain",
                                        "Volume binding mode: Immediate", "Default class: No"};
}

void TestOverviewHtml::storageObjectsShowWhatKubectlDescribeShowsFirst()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, expected);
    const QStringList lines = fieldLines(overviewHtml(decode(json.constData()), {}, kNowMs, false));
    const QString missing = firstMissingInOrder(lines, expected);
    QVERIFY2(missing.isEmpty(), qPrintable(missing));
    if (json == kPendingClaim) {
        for (const QString &line : lines) {
            QVERIFY2(!line.startsWith(QLatin1String("Volume:")) &&
                         !line.startsWith(QLatin1String("Capacity:")),
                     qPrintable(line));
        }
    }
}

void TestOverviewHtml::boundClaimLinksItsVolumeAndClassAndTheVolumeItsClaim()
{
    const QString claim = overviewHtml(decode(kClaim), {}, kNowMs, false);
    QVERIFY2(claim.contains(ObjectLink{QStringLiteral("v1"), QStringLiteral("PersistentVolume"),
                                       QString(),
                                       QStringLiteral("pvc-afa3e1d9-7987-4d61-b2ef-2ad7d2b4ade8")}
                                .toUrl()),
             qPrintable(claim));
    QVERIFY(claim.contains(ObjectLink{QStringLiteral("storage.k8s.io/v1"),
                                      QStringLiteral("StorageClass"), QString(),
                                      QStringLiteral("standard")}
                               .toUrl()));
    const QString volume = overviewHtml(decode(kVolume), {}, kNowMs, false);
    QVERIFY(
        volume.contains(ObjectLink{QStringLiteral("v1"), QStringLiteral("PersistentVolumeClaim"),
                                   QStringLiteral("payments"), QStringLiteral("data-ledger-db-0")}
                            .toUrl()));
}

void TestOverviewHtml::podContainersShowStateAndLastTermination_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("expected");
    // kubectl describe: "State: Waiting, Reason: CrashLoopBackOff ... Last
    // State: Terminated, Reason: Error, Exit Code: 1, Finished: ...".
    QTest::newRow("crash-looping")
        << QByteArray(kCrashLoopingPod) << QStringLiteral("Container app")
        << QStringLiteral("ghcr.io/example/checkout:1.9.0 — CrashLoopBackOff, 5 restarts\n"
                          "Last terminated: Error, exit code 1, 2m ago");
    QTest::newRow("init container done")
        << QByteArray(kCrashLoopingPod) << QStringLiteral("Init container migrate")
        << QStringLiteral("migrate:3 — Completed, exit code 0, ready, 0 restarts");
    QTest::newRow("image pull after OOM kill")
        << QByteArray(kImagePullPod) << QStringLiteral("Container api")
        << QStringLiteral("ghcr.io/example/api:2.15.0 — ImagePullBackOff, 1 restarts\n"
                          "Last terminated: OOMKilled, exit code 137, signal 9, 120m ago");
}

void TestOverviewHtml::podContainersShowStateAndLastTermination()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, key);
    QFETCH(QString, expected);
    const QString html = overviewHtml(decode(json.constData()), {}, kNowMs, false);
    QCOMPARE(valueOf(html, key), expected);
}

void TestOverviewHtml::workloadsShowTheirContainersImages_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("expected"); // in this order, among the other lines
    QTest::newRow("deployment") << QByteArray(kDeployment)
                                << QStringList{"Container api: ghcr.io/example/api:2.14.1",
                                               "Container envoy: envoyproxy/envoy:v1.31.0"};
    QTest::newRow("statefulset") << QByteArray(kStatefulSet)
                                 << QStringList{"Init container init-perms: busybox:1.36",
                                                "Container postgres: postgres:16.4"};
    QTest::newRow("daemonset") << QByteArray(kDaemonSet)
                               << QStringList{"Container node-exporter: "
                                              "quay.io/prometheus/node-exporter:v1.8.2"};
    QTest::newRow("cronjob") << QByteArray(kCronJob)
                             << QStringList{"Container report: busybox:1.36"};
}

void TestOverviewHtml::workloadsShowTheirContainersImages()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, expected);
    const QStringList lines = fieldLines(overviewHtml(decode(json.constData()), {}, kNowMs, false));
    const QString missing = firstMissingInOrder(lines, expected);
    QVERIFY2(missing.isEmpty(), qPrintable(missing));
}

void TestOverviewHtml::cronJobShowsScheduleSuspendLastScheduleAndActiveJobs()
{
    const QString html = overviewHtml(decode(kCronJob), {}, kNowMs, false);
    QCOMPARE(valueOf(html, QStringLiteral("Schedule")), QStringLiteral("*/30 * * * *"));
    QCOMPARE(valueOf(html, QStringLiteral("Suspend")), QStringLiteral("No"));
    QCOMPARE(valueOf(html, QStringLiteral("Last schedule")), QStringLiteral("5m ago"));
    QCOMPARE(valueOf(html, QStringLiteral("Last successful")), QStringLiteral("34m ago"));
    QCOMPARE(valueOf(html, QStringLiteral("Active jobs")), QStringLiteral("1: report-29000003"));

    const QString suspended = overviewHtml(decode(kSuspendedCronJob), {}, kNowMs, false);
    QCOMPARE(valueOf(suspended, QStringLiteral("Schedule")),
             QStringLiteral("0 3 * * * (Europe/Berlin)"));
    QCOMPARE(valueOf(suspended, QStringLiteral("Suspend")), QStringLiteral("Yes"));
    QCOMPARE(valueOf(suspended, QStringLiteral("Last schedule")), QStringLiteral("Never"));
    QCOMPARE(valueOf(suspended, QStringLiteral("Active jobs")), QStringLiteral("0"));
}

void TestOverviewHtml::cronJobLinksItsActiveJobs()
{
    const QString html = overviewHtml(decode(kCronJob), {}, kNowMs, false);
    QVERIFY2(html.contains(ObjectLink{QStringLiteral("batch/v1"), QStringLiteral("Job"),
                                      QStringLiteral("batch"), QStringLiteral("report-29000003")}
                               .toUrl()),
             qPrintable(html));
}

void TestOverviewHtml::nodeShowsResourcesAddressesVersionsAndTaints()
{
    const QString html =
        overviewHtml(decode(nodeJson("True", "False", kNoTaints).constData()), {}, kNowMs, false);
    QCOMPARE(valueOf(html, QStringLiteral("Addresses")),
             QStringLiteral("InternalIP 10.0.0.11\nHostname node-1"));
    QCOMPARE(valueOf(html, QStringLiteral("Capacity")),
             QStringLiteral("cpu 8 · memory 31.3 GiB · pods 110"));
    QCOMPARE(valueOf(html, QStringLiteral("Allocatable")),
             QStringLiteral("cpu 7910m · memory 30.3 GiB · pods 110"));
    QCOMPARE(valueOf(html, QStringLiteral("Kubelet version")), QStringLiteral("v1.32.0"));
    QCOMPARE(valueOf(html, QStringLiteral("OS image")), QStringLiteral("Ubuntu 24.04.1 LTS"));
    QCOMPARE(valueOf(html, QStringLiteral("Container runtime")),
             QStringLiteral("containerd://1.7.22"));
    QCOMPARE(valueOf(html, QStringLiteral("Taints")), QStringLiteral("None"));
    QCOMPARE(valueOf(html, QStringLiteral("Unschedulable")), QStringLiteral("No"));

    const QString tainted = overviewHtml(
        decode(nodeJson("Unknown", "False", kUnreachableTaints).constData()), {}, kNowMs, false);
    QCOMPARE(valueOf(tainted, QStringLiteral("Taints")),
             QStringLiteral("node.kubernetes.io/unreachable:NoSchedule\ndedicated=gpu:NoExecute"));
    QCOMPARE(valueOf(tainted, QStringLiteral("Unschedulable")), QStringLiteral("Yes"));
}

void TestOverviewHtml::nodeConditionsAreBadOnlyWhenNotReadyOrUnderPressure_data()
{
    QTest::addColumn<QByteArray>("ready");
    QTest::addColumn<QByteArray>("memoryPressure");
    QTest::addColumn<QString>("type");
    QTest::addColumn<bool>("healthy");
    QTest::newRow("no memory pressure")
        << QByteArray("True") << QByteArray("False") << QStringLiteral("MemoryPressure") << true;
    QTest::newRow("no disk pressure")
        << QByteArray("True") << QByteArray("False") << QStringLiteral("DiskPressure") << true;
    QTest::newRow("no PID pressure")
        << QByteArray("True") << QByteArray("False") << QStringLiteral("PIDPressure") << true;
    QTest::newRow("ready") << QByteArray("True") << QByteArray("False") << QStringLiteral("Ready")
                           << true;
    QTest::newRow("memory pressure")
        << QByteArray("True") << QByteArray("True") << QStringLiteral("MemoryPressure") << false;
    QTest::newRow("not ready") << QByteArray("False") << QByteArray("False")
                               << QStringLiteral("Ready") << false;
    QTest::newRow("ready unknown")
        << QByteArray("Unknown") << QByteArray("False") << QStringLiteral("Ready") << false;
    QTest::newRow("memory pressure unknown") << QByteArray("Unknown") << QByteArray("Unknown")
                                             << QStringLiteral("MemoryPressure") << false;
}

void TestOverviewHtml::nodeConditionsAreBadOnlyWhenNotReadyOrUnderPressure()
{
    QFETCH(QByteArray, ready);
    QFETCH(QByteArray, memoryPressure);
    QFETCH(QString, type);
    QFETCH(bool, healthy);
    const QString html = overviewHtml(
        decode(nodeJson(ready.constData(), memoryPressure.constData(), kNoTaints).constData()), {},
        kNowMs, false);
    const QColor color = conditionStatusColor(html, type);
    QVERIFY2(color.isValid(), qPrintable(html));
    QCOMPARE(color.name(), healthy ? QStringLiteral("#2ea043") : QStringLiteral("#d08c12"));
}

// The pane wraps at word boundaries or anywhere (QTextEdit's default), and
// a table wider than the pane is laid out again wrapping anywhere: a narrow
// pane broke "False", "Status" and "ContainersNotReady" mid-word, and types
// before them. Only the messages may wrap.
void TestOverviewHtml::conditionsBreakOnlyInTheirMessages_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("reasons");
    QTest::addColumn<int>("width");
    const QByteArray node = nodeJson("True", "False", kNoTaints);
    const QStringList nodeReasons{
        QStringLiteral("KubeletHasSufficientMemory"), QStringLiteral("KubeletHasNoDiskPressure"),
        QStringLiteral("KubeletHasSufficientPID"), QStringLiteral("KubeletReady")};
    const QStringList podReasons{QStringLiteral("ContainersNotReady"),
                                 QStringLiteral("ContainersNotReady")};
    for (const int width : {180, 300, 420, 800}) {
        QTest::addRow("node, %d px", width) << node << nodeReasons << width;
        QTest::addRow("pod, %d px", width) << QByteArray(kNotReadyPod) << podReasons << width;
    }
}

void TestOverviewHtml::conditionsBreakOnlyInTheirMessages()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, reasons);
    QFETCH(int, width);
    QTextDocument document;
    QTextOption option = document.defaultTextOption();
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    document.setDefaultTextOption(option);
    document.setHtml(overviewHtml(decode(json.constData()), {}, kNowMs, false));
    document.setTextWidth(width);
    (void)document.size(); // lays the document out
    const QList<QTextFrame *> tables = document.rootFrame()->childFrames();
    QVERIFY(!tables.isEmpty());
    auto *conditions = qobject_cast<QTextTable *>(tables.constLast());
    QVERIFY(conditions);
    QCOMPARE(conditions->columns(), 3);
    QStringList unbrokenReasons;
    for (int row = 0; row < conditions->rows(); ++row) {
        for (int column = 0; column < conditions->columns(); ++column) {
            const QTextTableCell cell = conditions->cellAt(row, column);
            if (cell.column() != column)
                continue; // a later column of a cell spanning the row
            // Only a message (in a row of its own, across the table) wraps.
            const bool whyRow = cell.columnSpan() == conditions->columns();
            const QTextBlock end = cell.lastCursorPosition().block().next();
            for (QTextBlock block = cell.firstCursorPosition().block(); block != end;
                 block = block.next()) {
                const bool reason = whyRow && reasons.contains(block.text());
                if (whyRow && !reason)
                    continue;
                QVERIFY2(block.layout()->lineCount() <= 1,
                         qPrintable(QStringLiteral("\"%1\" broken in %2 lines")
                                        .arg(block.text())
                                        .arg(block.layout()->lineCount())));
                if (reason)
                    unbrokenReasons.append(block.text());
            }
        }
    }
    // From the pane's default width up, the table fits: nothing to scroll
    // sideways to.
    if (width >= 300) {
        const qreal tableWidth = document.documentLayout()->frameBoundingRect(conditions).width();
        QVERIFY2(tableWidth <= width,
                 qPrintable(QStringLiteral("the table is %1 px wide").arg(tableWidth)));
    }
    // Each reason a line of its own, the message under it.
    QCOMPARE(unbrokenReasons, reasons);
}

// A Deployment's ReplicaFailure (its ReplicaSet cannot create pods: quota
// exceeded) says something wrong when True, as a Node's pressure does.
void TestOverviewHtml::replicaFailureIsBadWhenTrue()
{
    const char json[] =
        R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"api","namespace":"web",)"
        R"("uid":"d-2","resourceVersion":"53"},"spec":{"replicas":2},"status":{"conditions":[)"
        R"({"type":"Available","status":"True","reason":"MinimumReplicasAvailable"},)"
        R"({"type":"ReplicaFailure","status":"True","reason":"FailedCreate",)"
        R"("message":"pods \"api-7c9\" is forbidden: exceeded quota"}]}})";
    const QString html = overviewHtml(decode(json), {}, kNowMs, false);
    QCOMPARE(conditionStatusColor(html, QStringLiteral("Available")).name(),
             QStringLiteral("#2ea043"));
    QCOMPARE(conditionStatusColor(html, QStringLiteral("ReplicaFailure")).name(),
             QStringLiteral("#d08c12"));
}

QTEST_MAIN(TestOverviewHtml)
#include "tst_overviewhtml.moc"
