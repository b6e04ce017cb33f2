// The demo opens on a cluster that has run for weeks, not one made a moment
// ago: nodes and namespaces days old, the services hours to weeks, each
// object made after what it comes from (its owner, its node, its namespace),
// the crash-looping pod as old as its restarts took, and no Event older than
// the API server keeps them (DemoHistory).

#include "simfixtures.h"

#include "sim/scenarios/crashloopingpod.h"

#include <QDateTime>

#include <limits>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

constexpr qint64 kDaySeconds = 24 * 3600;
constexpr qint64 kEventTtlSeconds = 3600; // kube-apiserver's --event-ttl default

// From a crash-looping pod's start to its container's exit after `restarts`
// restarts, on the kubelet's schedule: each run, and the back-off before
// each restart.
qint64 crashLoopSeconds(int restarts)
{
    qint64 seconds = (restarts + 1) * CrashLoopingPod::kRunMs / 1000;
    for (int restart = 0; restart < restarts; ++restart)
        seconds += CrashLoopingPod::backOffSeconds(restart);
    return seconds;
}

// What the demo's objects are listed at, by kind.
const char *const kListPaths[] = {
    "/api/v1/namespaces",
    "/api/v1/nodes",
    "/api/v1/pods",
    "/api/v1/services",
    "/api/v1/endpoints",
    "/api/v1/configmaps",
    "/api/v1/secrets",
    "/api/v1/serviceaccounts",
    "/api/v1/persistentvolumeclaims",
    "/api/v1/persistentvolumes",
    "/apis/apps/v1/deployments",
    "/apis/apps/v1/replicasets",
    "/apis/apps/v1/statefulsets",
    "/apis/apps/v1/daemonsets",
    "/apis/batch/v1/cronjobs",
    "/apis/batch/v1/jobs",
    "/apis/discovery.k8s.io/v1/endpointslices",
    "/apis/storage.k8s.io/v1/storageclasses",
    "/apis/demo.informant.io/v1/widgets",
};

struct Listed
{
    QString what; // "Kind namespace/name"
    QJsonObject object;
    QDateTime created;
};

QJsonObject member(const QJsonObject &object, const char *name)
{
    return object.value(QLatin1String(name)).toObject();
}

QDateTime createdOf(const QJsonObject &object)
{
    return QDateTime::fromString(
        member(object, "metadata").value(QLatin1String("creationTimestamp")).toString(),
        Qt::ISODate);
}

// Every object the demo lists, by uid.
QHash<QString, Listed> listAll(quint16 port)
{
    QHash<QString, Listed> out;
    for (const char *path : kListPaths) {
        const QJsonObject list = get(port, path).json();
        const QString kind = list.value(QLatin1String("kind")).toString().chopped(4); // "List"
        for (const QJsonValue &item : list.value(QLatin1String("items")).toArray()) {
            const QJsonObject object = item.toObject();
            const QJsonObject metadata = member(object, "metadata");
            const QString ns = metadata.value(QLatin1String("namespace")).toString();
            const QString name = metadata.value(QLatin1String("name")).toString();
            out.insert(metadata.value(QLatin1String("uid")).toString(),
                       Listed{kind + u' ' + (ns.isEmpty() ? name : ns + u'/' + name), object,
                              createdOf(object)});
        }
    }
    return out;
}

const Listed *find(const QHash<QString, Listed> &objects, const QString &what)
{
    for (const Listed &listed : objects) {
        if (listed.what == what)
            return &listed;
    }
    return nullptr;
}

qint64 ageSeconds(const Listed &listed)
{
    return listed.created.secsTo(QDateTime::currentDateTimeUtc());
}

} // namespace

class TestSimDemoHistory : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void nodesAndNamespacesAreDaysOld();
    void servicesAreHoursToWeeksOld();
    void everythingIsYoungerThanWhatItComesFrom();
    void theCrashLoopingPodIsAsOldAsItsRestarts();

private:
    std::unique_ptr<Simulator> m_sim;
    QHash<QString, Listed> m_objects;
};

void TestSimDemoHistory::initTestCase()
{
    m_sim = startSim();
    QVERIFY(m_sim->port() != 0);
    m_objects = listAll(m_sim->port());
    QVERIFY(m_objects.size() > 50);
}

void TestSimDemoHistory::nodesAndNamespacesAreDaysOld()
{
    int nodes = 0;
    int namespaces = 0;
    for (const Listed &listed : std::as_const(m_objects)) {
        const bool node = listed.what.startsWith(QLatin1String("Node "));
        const bool ns = listed.what.startsWith(QLatin1String("Namespace "));
        if (!node && !ns)
            continue;
        nodes += node;
        namespaces += ns;
        QVERIFY2(
            ageSeconds(listed) >= kDaySeconds,
            qPrintable(QStringLiteral("%1 is %2 s old").arg(listed.what).arg(ageSeconds(listed))));
    }
    QCOMPARE(nodes, 3);
    QVERIFY(namespaces >= 8);
}

// Not all made at once: the newest service hours old, the oldest weeks.
void TestSimDemoHistory::servicesAreHoursToWeeksOld()
{
    qint64 youngest = std::numeric_limits<qint64>::max();
    qint64 oldest = 0;
    for (const Listed &listed : std::as_const(m_objects)) {
        if (!listed.what.startsWith(QLatin1String("Deployment ")))
            continue;
        youngest = qMin(youngest, ageSeconds(listed));
        oldest = qMax(oldest, ageSeconds(listed));
    }
    QVERIFY2(youngest >= 3600 && youngest < kDaySeconds, qPrintable(QString::number(youngest)));
    QVERIFY2(oldest >= 14 * kDaySeconds, qPrintable(QString::number(oldest)));
    // What a Deployment made stays as old as it, not "0s".
    const Listed *coredns = find(m_objects, QStringLiteral("Deployment kube-system/coredns"));
    QVERIFY(coredns);
    for (const Listed &listed : std::as_const(m_objects)) {
        if (listed.what.startsWith(QLatin1String("ReplicaSet kube-system/coredns-")))
            QVERIFY2(ageSeconds(listed) >= ageSeconds(*coredns) - 60, qPrintable(listed.what));
        if (listed.what.startsWith(QLatin1String("Pod kube-system/coredns-")) ||
            listed.what.startsWith(QLatin1String("Pod payments/ledger-db-")))
            QVERIFY2(ageSeconds(listed) >= kDaySeconds, qPrintable(listed.what));
    }
}

// An owner is never younger than what it owns, a namespace than what is in
// it, a node than a pod on it, a claim than its volume, a Service than its
// Endpoints, an object than an Event about it. Events are from when they
// happened (a pod's Scheduled from when it was made), and none is older
// than the API server keeps them.
void TestSimDemoHistory::everythingIsYoungerThanWhatItComesFrom()
{
    QStringList wrong;
    const auto notBefore = [&](const Listed &object, const Listed *origin, const char *as) {
        if (origin && object.created < origin->created)
            wrong.append(QStringLiteral("%1 (%2) is older than its %3 %4 (%5)")
                             .arg(object.what, object.created.toString(Qt::ISODate),
                                  QLatin1String(as), origin->what,
                                  origin->created.toString(Qt::ISODate)));
    };
    for (const Listed &listed : std::as_const(m_objects)) {
        const QJsonObject metadata = member(listed.object, "metadata");
        const QString ns = metadata.value(QLatin1String("namespace")).toString();
        if (!ns.isEmpty()) {
            const Listed *namespaceObject = find(m_objects, QStringLiteral("Namespace ") + ns);
            QVERIFY2(namespaceObject, qPrintable(listed.what));
            notBefore(listed, namespaceObject, "namespace");
        }
        for (const QJsonValue &owner : metadata.value(QLatin1String("ownerReferences")).toArray()) {
            const QString uid = owner.toObject().value(QLatin1String("uid")).toString();
            notBefore(listed, m_objects.contains(uid) ? &m_objects[uid] : nullptr, "owner");
        }
        const QJsonObject spec = member(listed.object, "spec");
        const QString node = spec.value(QLatin1String("nodeName")).toString();
        if (listed.what.startsWith(QLatin1String("Pod ")) && !node.isEmpty())
            notBefore(listed, find(m_objects, QStringLiteral("Node ") + node), "node");
        const QString claimUid = member(spec, "claimRef").value(QLatin1String("uid")).toString();
        if (listed.what.startsWith(QLatin1String("PersistentVolume ")) && !claimUid.isEmpty())
            notBefore(listed, m_objects.contains(claimUid) ? &m_objects[claimUid] : nullptr,
                      "claim");
        if (listed.what.startsWith(QLatin1String("Endpoints ")))
            notBefore(listed, find(m_objects, QStringLiteral("Service ") + listed.what.mid(10)),
                      "Service");
    }
    // Events moved with what they are about; those then older than the API
    // server keeps them are gone.
    const QJsonArray events = get(m_sim->port(), "/api/v1/events").json().value("items").toArray();
    QVERIFY(!events.isEmpty());
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const QJsonValue &value : events) {
        const QJsonObject event = value.toObject();
        const QJsonObject about = member(event, "involvedObject");
        const QString what = QStringLiteral("Event %1 about %2")
                                 .arg(event.value(QLatin1String("reason")).toString(),
                                      about.value(QLatin1String("name")).toString());
        const QDateTime first = QDateTime::fromString(
            event.value(QLatin1String("firstTimestamp")).toString(), Qt::ISODate);
        const QDateTime last = QDateTime::fromString(
            event.value(QLatin1String("lastTimestamp")).toString(), Qt::ISODate);
        const QString uid = about.value(QLatin1String("uid")).toString();
        const Listed *object = m_objects.contains(uid) ? &m_objects[uid] : nullptr;
        notBefore(Listed{what, event, first}, object, "object");
        // A pod is scheduled as it is made, not days later.
        if (object && event.value(QLatin1String("reason")) == QLatin1String("Scheduled") &&
            object->created.secsTo(first) > 60)
            wrong.append(
                QStringLiteral("%1 is from %2, the pod from %3")
                    .arg(what, first.toString(Qt::ISODate), object->created.toString(Qt::ISODate)));
        if (last.secsTo(now) > kEventTtlSeconds + 60)
            wrong.append(QStringLiteral("%1 is from %2").arg(what, last.toString(Qt::ISODate)));
    }
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u'\n')));
}

// kubectl shows "4 (70s ago)" under RESTARTS of a pod made as long before as
// the four runs and their back-offs took, not a day ago or a moment ago.
void TestSimDemoHistory::theCrashLoopingPodIsAsOldAsItsRestarts()
{
    const Listed *crashing = nullptr;
    for (const Listed &listed : std::as_const(m_objects)) {
        if (listed.what.startsWith(QLatin1String("Pod payments/ledger-worker-")))
            crashing = &listed;
    }
    QVERIFY(crashing);
    const QJsonObject container =
        member(crashing->object, "status").value("containerStatuses").toArray().at(0).toObject();
    const int restarts = container.value(QLatin1String("restartCount")).toInt();
    const QDateTime lastExit = QDateTime::fromString(
        member(member(container, "lastState"), "terminated").value("finishedAt").toString(),
        Qt::ISODate);
    QVERIFY(restarts > 0 && lastExit.isValid());
    QCOMPARE(crashing->created.secsTo(lastExit), crashLoopSeconds(restarts));
}

QTEST_GUILESS_MAIN(TestSimDemoHistory)
#include "tst_simdemohistory.moc"
