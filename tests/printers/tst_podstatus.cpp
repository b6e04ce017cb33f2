// Pod READY, STATUS and RESTARTS exactly as kubectl computes them
// (printPod in kubernetes/pkg/printers/internalversion). The clock is fixed
// at 12:00:00; pods were created at 10:00:00.

#include "informer/printers/resourceprinter.h"

#include <QTest>

using namespace informant;

namespace {

const qint64 kNowMs = parseKubeTimestampMs("2024-05-01T12:00:00Z");

QByteArray ts(const char *hhmmss)
{
    return QByteArray("\"2024-05-01T") + hhmmss + "Z\"";
}

QByteArray running()
{
    return R"({"running":{"startedAt":"2024-05-01T10:00:05Z"}})";
}

QByteArray waiting(const char *reason)
{
    return QByteArray(R"({"waiting":{"reason":")") + reason + "\"}}";
}

QByteArray terminated(const char *reason, int exitCode, int signal = 0)
{
    QByteArray out = R"({"terminated":{"exitCode":)" + QByteArray::number(exitCode);
    if (reason[0])
        out += QByteArray(R"(,"reason":")") + reason + "\"";
    if (signal)
        out += ",\"signal\":" + QByteArray::number(signal);
    return out + "}}";
}

// One container status. `extra` is appended inside the object (",\"started\":true").
QByteArray status(const char *name, const QByteArray &state, bool ready = false, int restarts = 0,
                  const char *lastFinished = nullptr, const char *extra = "")
{
    QByteArray out = QByteArray("{\"name\":\"") + name +
                     "\",\"ready\":" + (ready ? "true" : "false") +
                     ",\"restartCount\":" + QByteArray::number(restarts) + ",\"state\":" + state;
    if (lastFinished)
        out +=
            R"(,"lastState":{"terminated":{"exitCode":1,"finishedAt":)" + ts(lastFinished) + "}}";
    return out + extra + "}";
}

QByteArray containers(std::initializer_list<const char *> names, const char *field = "containers")
{
    QByteArrayList list;
    for (const char *name : names)
        list.append(QByteArray("{\"name\":\"") + name + "\",\"image\":\"img\"}");
    return QByteArray("\"") + field + "\":[" + list.join(',') + "]";
}

QByteArray sidecars(std::initializer_list<const char *> names)
{
    QByteArrayList list;
    for (const char *name : names)
        list.append(QByteArray("{\"name\":\"") + name +
                    R"(","image":"img","restartPolicy":"Always"})");
    return "\"initContainers\":[" + list.join(',') + "]";
}

QByteArray list(const char *field, std::initializer_list<QByteArray> items)
{
    return QByteArray("\"") + field + "\":[" + QByteArrayList(items).join(',') + "]";
}

QByteArray condition(const char *type, const char *statusValue, const char *reason = "")
{
    QByteArray out = QByteArray("{\"type\":\"") + type + "\",\"status\":\"" + statusValue + "\"";
    if (reason[0])
        out += QByteArray(",\"reason\":\"") + reason + "\"";
    return out + "}";
}

// A Pod with the given spec and status members (comma-separated JSON).
QByteArray pod(const QByteArray &spec, const QByteArray &statusMembers,
               const QByteArray &metadataExtra = {})
{
    return R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"web-0","namespace":"default",)"
           R"("creationTimestamp":"2024-05-01T10:00:00Z")" +
           metadataExtra + "},\"spec\":{" + spec + "},\"status\":{" + statusMembers + "}}";
}

const QByteArray kDeleted = R"(,"deletionTimestamp":"2024-05-01T11:59:00Z")";

} // namespace

class TestPodStatus : public QObject
{
    Q_OBJECT

private slots:
    void readyStatusAndRestartsMatchKubectl_data();
    void readyStatusAndRestartsMatchKubectl();
};

void TestPodStatus::readyStatusAndRestartsMatchKubectl_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("ready");
    QTest::addColumn<QString>("statusText");
    QTest::addColumn<QString>("restarts");

    const QByteArray one = containers({"app"});
    const QByteArray two = containers({"app", "sidecar"});
    const QByteArray ph = "\"phase\":\"Running\",";
    const QByteArray pending = "\"phase\":\"Pending\",";
    const QByteArray readyTrue = list("conditions", {condition("Ready", "True")});

    // Plain containers.
    QTest::newRow("pending without statuses") << pod(one, R"("phase":"Pending")") << "0/1"
                                              << "Pending"
                                              << "0";
    QTest::newRow("running ready")
        << pod(one, ph + list("containerStatuses", {status("app", running(), true)})) << "1/1"
        << "Running"
        << "0";
    QTest::newRow("running not ready")
        << pod(one, ph + list("containerStatuses", {status("app", running(), false)})) << "0/1"
        << "Running"
        << "0";
    QTest::newRow("container creating")
        << pod(one,
               pending + list("containerStatuses", {status("app", waiting("ContainerCreating"))}))
        << "0/1"
        << "ContainerCreating"
        << "0";
    QTest::newRow("image pull backoff")
        << pod(one,
               pending + list("containerStatuses", {status("app", waiting("ImagePullBackOff"))}))
        << "0/1"
        << "ImagePullBackOff"
        << "0";
    QTest::newRow("err image pull")
        << pod(one, pending + list("containerStatuses", {status("app", waiting("ErrImagePull"))}))
        << "0/1"
        << "ErrImagePull"
        << "0";
    QTest::newRow("crash loop with last restart")
        << pod(one, ph + list("containerStatuses",
                              {status("app", waiting("CrashLoopBackOff"), false, 5, "11:55:00")}))
        << "0/1"
        << "CrashLoopBackOff"
        << "5 (5m ago)";
    QTest::newRow("completed") << pod(one, R"("phase":"Succeeded",)" +
                                               list("containerStatuses",
                                                    {status("app", terminated("Completed", 0))}))
                               << "0/1"
                               << "Completed"
                               << "0";
    QTest::newRow("error") << pod(one, R"("phase":"Failed",)" +
                                           list("containerStatuses",
                                                {status("app", terminated("Error", 1))}))
                           << "0/1"
                           << "Error"
                           << "0";
    QTest::newRow("oom killed") << pod(one,
                                       ph + list("containerStatuses",
                                                 {status("app", terminated("OOMKilled", 137))}))
                                << "0/1"
                                << "OOMKilled"
                                << "0";
    QTest::newRow("terminated exit code without reason")
        << pod(one, ph + list("containerStatuses", {status("app", terminated("", 137))})) << "0/1"
        << "ExitCode:137"
        << "0";
    QTest::newRow("terminated by signal without reason")
        << pod(one, ph + list("containerStatuses", {status("app", terminated("", 137, 9))}))
        << "0/1"
        << "Signal:9"
        << "0";
    QTest::newRow("container status unknown")
        << pod(one, ph + list("containerStatuses",
                              {status("app", terminated("ContainerStatusUnknown", 137))}))
        << "0/1"
        << "ContainerStatusUnknown"
        << "0";
    QTest::newRow("second container crashing")
        << pod(two, ph + list("containerStatuses",
                              {status("app", running(), true),
                               status("sidecar", waiting("CrashLoopBackOff"), false, 2)}))
        << "1/2"
        << "CrashLoopBackOff"
        << "2";
    QTest::newRow("first container crashing")
        << pod(two,
               ph + list("containerStatuses", {status("app", waiting("CrashLoopBackOff"), false, 3),
                                               status("sidecar", running(), true)}))
        << "1/2"
        << "CrashLoopBackOff"
        << "3";
    QTest::newRow("completed container with running one and ready")
        << pod(two, ph +
                        list("containerStatuses", {status("app", running(), true),
                                                   status("sidecar", terminated("Completed", 0))}) +
                        "," + readyTrue)
        << "1/2"
        << "Running"
        << "0";
    QTest::newRow("completed container with running one not ready")
        << pod(two, ph +
                        list("containerStatuses", {status("app", running(), true),
                                                   status("sidecar", terminated("Completed", 0))}) +
                        "," + list("conditions", {condition("Ready", "False")}))
        << "1/2"
        << "NotReady"
        << "0";
    QTest::newRow("waiting without reason keeps phase")
        << pod(one, pending + list("containerStatuses", {status("app", R"({"waiting":{}})")}))
        << "0/1"
        << "Pending"
        << "0";
    QTest::newRow("no status at all") << pod(one, "") << "0/1"
                                      << ""
                                      << "0";

    // Restarts.
    QTest::newRow("restarts without last state")
        << pod(one, ph + list("containerStatuses", {status("app", running(), true, 2)})) << "1/1"
        << "Running"
        << "2";
    QTest::newRow("restart seconds ago")
        << pod(one, ph + list("containerStatuses", {status("app", running(), true, 1, "11:59:30")}))
        << "1/1"
        << "Running"
        << "1 (30s ago)";
    QTest::newRow("restarts summed, latest wins")
        << pod(two,
               ph + list("containerStatuses", {status("app", running(), true, 3, "11:50:00"),
                                               status("sidecar", running(), true, 4, "10:30:00")}))
        << "2/2"
        << "Running"
        << "7 (10m ago)";
    QTest::newRow("restart hours ago")
        << pod(one, ph + list("containerStatuses", {status("app", running(), true, 1, "08:30:00")}))
        << "1/1"
        << "Running"
        << "1 (3h30m ago)";

    // Init containers.
    const QByteArray init2 = containers({"init-a", "init-b"}, "initContainers");
    const QByteArray init1 = containers({"init-a"}, "initContainers");
    const QByteArray appWaiting =
        list("containerStatuses", {status("app", waiting("PodInitializing"))});
    QTest::newRow("init first running")
        << pod(init2 + "," + one,
               pending +
                   list("initContainerStatuses", {status("init-a", running()),
                                                  status("init-b", waiting("PodInitializing"))}) +
                   "," + appWaiting)
        << "0/1"
        << "Init:0/2"
        << "0";
    QTest::newRow("init second running")
        << pod(init2 + "," + one,
               pending +
                   list("initContainerStatuses", {status("init-a", terminated("Completed", 0)),
                                                  status("init-b", running())}) +
                   "," + appWaiting)
        << "0/1"
        << "Init:1/2"
        << "0";
    QTest::newRow("init pod initializing counts as progress")
        << pod(init1 + "," + one,
               pending +
                   list("initContainerStatuses", {status("init-a", waiting("PodInitializing"))}) +
                   "," + appWaiting)
        << "0/1"
        << "Init:0/1"
        << "0";
    QTest::newRow("init crash loop")
        << pod(init1 + "," + one,
               pending +
                   list("initContainerStatuses",
                        {status("init-a", waiting("CrashLoopBackOff"), false, 3, "11:00:00")}) +
                   "," + appWaiting)
        << "0/1"
        << "Init:CrashLoopBackOff"
        << "3 (60m ago)";
    QTest::newRow("init error") << pod(init1 + "," + one,
                                       pending +
                                           list("initContainerStatuses",
                                                {status("init-a", terminated("Error", 1))}) +
                                           "," + appWaiting)
                                << "0/1"
                                << "Init:Error"
                                << "0";
    QTest::newRow("init exit code without reason")
        << pod(init1 + "," + one,
               pending + list("initContainerStatuses", {status("init-a", terminated("", 2))}) +
                   "," + appWaiting)
        << "0/1"
        << "Init:ExitCode:2"
        << "0";
    QTest::newRow("init signal without reason")
        << pod(init1 + "," + one,
               pending + list("initContainerStatuses", {status("init-a", terminated("", 137, 9))}) +
                   "," + appWaiting)
        << "0/1"
        << "Init:Signal:9"
        << "0";
    QTest::newRow("init image pull backoff")
        << pod(init1 + "," + one,
               pending +
                   list("initContainerStatuses", {status("init-a", waiting("ImagePullBackOff"))}) +
                   "," + appWaiting)
        << "0/1"
        << "Init:ImagePullBackOff"
        << "0";
    QTest::newRow("init done then running")
        << pod(init2 + "," + one,
               ph +
                   list("initContainerStatuses", {status("init-a", terminated("Completed", 0)),
                                                  status("init-b", terminated("Completed", 0))}) +
                   "," + list("containerStatuses", {status("app", running(), true)}))
        << "1/1"
        << "Running"
        << "0";
    QTest::newRow("finished init restarts are not counted")
        << pod(init1 + "," + one,
               ph +
                   list("initContainerStatuses",
                        {status("init-a", terminated("Completed", 0), false, 2, "10:01:00")}) +
                   "," + list("containerStatuses", {status("app", running(), true)}))
        << "1/1"
        << "Running"
        << "0";
    QTest::newRow("initialized pod with restarting init container")
        << pod(init1 + "," + one,
               ph +
                   list("initContainerStatuses",
                        {status("init-a", waiting("CrashLoopBackOff"), false, 2, "11:58:00")}) +
                   "," + list("containerStatuses", {status("app", running(), true)}) + "," +
                   list("conditions", {condition("Initialized", "True")}))
        << "1/1"
        << "Init:CrashLoopBackOff"
        << "0";

    // Restartable init containers (sidecars).
    QTest::newRow("sidecar started and ready")
        << pod(sidecars({"proxy"}) + "," + one,
               ph +
                   list("initContainerStatuses",
                        {status("proxy", running(), true, 0, nullptr, ",\"started\":true")}) +
                   "," + list("containerStatuses", {status("app", running(), true)}))
        << "2/2"
        << "Running"
        << "0";
    QTest::newRow("sidecar started not ready")
        << pod(sidecars({"proxy"}) + "," + one,
               ph +
                   list("initContainerStatuses",
                        {status("proxy", running(), false, 0, nullptr, ",\"started\":true")}) +
                   "," + list("containerStatuses", {status("app", running(), true)}))
        << "1/2"
        << "Running"
        << "0";
    QTest::newRow("sidecar not yet started")
        << pod(sidecars({"proxy"}) + "," + one,
               pending +
                   list("initContainerStatuses",
                        {status("proxy", running(), false, 0, nullptr, ",\"started\":false")}) +
                   "," + appWaiting)
        << "0/2"
        << "Init:0/1"
        << "0";
    QTest::newRow("sidecar restarts are counted")
        << pod(sidecars({"proxy"}) + "," + one,
               ph +
                   list("initContainerStatuses",
                        {status("proxy", running(), true, 4, "11:58:00", ",\"started\":true")}) +
                   "," + list("containerStatuses", {status("app", running(), true, 1, "11:50:00")}))
        << "2/2"
        << "Running"
        << "5 (2m ago)";
    QTest::newRow("sidecar crash loop while initializing")
        << pod(sidecars({"proxy"}) + "," + one,
               pending +
                   list("initContainerStatuses",
                        {status("proxy", waiting("CrashLoopBackOff"), false, 6, "11:59:00",
                                ",\"started\":false")}) +
                   "," + appWaiting)
        << "0/2"
        << "Init:CrashLoopBackOff"
        << "6 (60s ago)";

    // Deletion, node loss, scheduling.
    QTest::newRow("terminating running pod")
        << pod(one, ph + list("containerStatuses", {status("app", running(), true)}), kDeleted)
        << "1/1"
        << "Terminating"
        << "0";
    QTest::newRow("terminating pending pod") << pod(one, R"("phase":"Pending")", kDeleted) << "0/1"
                                             << "Terminating"
                                             << "0";
    QTest::newRow("deleted succeeded pod stays completed")
        << pod(one,
               R"("phase":"Succeeded",)" +
                   list("containerStatuses", {status("app", terminated("Completed", 0))}),
               kDeleted)
        << "0/1"
        << "Completed"
        << "0";
    QTest::newRow("deleted failed pod stays error")
        << pod(one,
               R"("phase":"Failed",)" +
                   list("containerStatuses", {status("app", terminated("Error", 2))}),
               kDeleted)
        << "0/1"
        << "Error"
        << "0";
    QTest::newRow("deleted pod on lost node is unknown")
        << pod(one,
               R"("phase":"Running","reason":"NodeLost",)" +
                   list("containerStatuses", {status("app", running(), true)}),
               kDeleted)
        << "1/1"
        << "Unknown"
        << "0";
    QTest::newRow("node lost reason without deletion")
        << pod(one, R"("phase":"Unknown","reason":"NodeLost")") << "0/1"
        << "NodeLost"
        << "0";
    QTest::newRow("evicted") << pod(one, R"("phase":"Failed","reason":"Evicted")") << "0/1"
                             << "Evicted"
                             << "0";
    QTest::newRow("scheduling gated")
        << pod(one, pending +
                        list("conditions", {condition("PodScheduled", "False", "SchedulingGated")}))
        << "0/1"
        << "SchedulingGated"
        << "0";
    QTest::newRow("unschedulable stays pending")
        << pod(one,
               pending + list("conditions", {condition("PodScheduled", "False", "Unschedulable")}))
        << "0/1"
        << "Pending"
        << "0";
}

void TestPodStatus::readyStatusAndRestartsMatchKubectl()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, ready);
    QFETCH(QString, statusText);
    QFETCH(QString, restarts);
    const auto object = KubeObject::fromJson(json);
    QVERIFY2(object.ok(), qPrintable(object.errorMessage()));
    const QStringList cells = printerFor(QString(), QStringLiteral("Pod")).cells(*object, kNowMs);
    QCOMPARE(cells.size(), 9);
    QCOMPARE(cells[0], QStringLiteral("web-0"));
    QCOMPARE(cells[1], ready);
    QCOMPARE(cells[2], statusText);
    QCOMPARE(cells[3], restarts);
    QCOMPARE(cells[4], QStringLiteral("120m"));
}

QTEST_GUILESS_MAIN(TestPodStatus)
#include "tst_podstatus.moc"
