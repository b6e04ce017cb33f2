// The demo cluster keeps the pace of a small real one: one of the team's
// Deployments rolls out at a time, minutes apart (the first a few seconds in,
// so the demo is seen changing at once); the CronJob "* * * * *" runs a Job
// at each minute, named for its scheduled minute, whose pod has a suffix of
// its own, and keeps successfulJobsHistoryLimit succeeded Jobs with their
// pods; it starts with that history, written at the times it happened. The
// CronJob runs on a clock the test turns (DemoCronJob::sync).

#include "simfixtures.h"

#include "sim/objectwriter.h"
#include "sim/scenarios/clusterobjects.h"
#include "sim/scenarios/democronjob.h"
#include "sim/servercontext.h"

#include <QRegularExpression>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

// "namespace/deployment" -> how many ReplicaSets it owns.
QMap<QString, int> replicaSetsPerDeployment(quint16 port)
{
    QMap<QString, int> out;
    const QJsonArray items = get(port, "/apis/apps/v1/replicasets").json().value("items").toArray();
    for (const QJsonValue &item : items) {
        const QJsonObject metadata = item.toObject().value("metadata").toObject();
        const QString owner =
            metadata.value("ownerReferences").toArray().at(0).toObject().value("name").toString();
        ++out[metadata.value("namespace").toString() + u'/' + owner];
    }
    return out;
}

int sum(const QMap<QString, int> &counts)
{
    int total = 0;
    for (const int count : counts)
        total += count;
    return total;
}

// The stored objects of `storageId`, by name.
QMap<QString, QJsonObject> objectsOf(ServerContext &context, const QString &storageId)
{
    QMap<QString, QJsonObject> out;
    for (const auto &[key, object] : context.storage.store(storageId).objects())
        out.insert(object->name, ObjectWriter::toJson(*object));
    return out;
}

QDateTime at(int hour, int minute, int second)
{
    return QDateTime(QDate(2026, 11, 27), QTime(hour, minute, second), Qt::UTC);
}

QJsonObject member(const QJsonObject &object, const char *name)
{
    return object.value(QLatin1String(name)).toObject();
}

// A DemoCronJob on a clock the test turns, a second at a time.
struct CronJobOnATestClock
{
    explicit CronJobOnATestClock(const QDateTime &created)
        : context(1000, 1)
        , events(context)
        , cronJob(context, events, 1, 3)
        , now(created)
    {
        (void)ObjectWriter(context).create(
            *context.table.findByStorage(QStringLiteral("/namespaces")),
            objects::namespaceObject(QStringLiteral("batch")), QString());
        cronJob.create(created);
    }

    void runUntil(const QDateTime &until)
    {
        while (now < until) {
            now = now.addSecs(1);
            cronJob.sync(now);
        }
    }

    QMap<QString, QJsonObject> jobs() { return objectsOf(context, QStringLiteral("batch/jobs")); }
    QMap<QString, QJsonObject> pods() { return objectsOf(context, QStringLiteral("/pods")); }
    QJsonObject cronJobObject()
    {
        return objectsOf(context, QStringLiteral("batch/cronjobs")).value(QStringLiteral("report"));
    }

    ServerContext context;
    EventRecorder events;
    DemoCronJob cronJob;
    QDateTime now;
};

} // namespace

class TestSimDemoActivity : public QObject
{
    Q_OBJECT

private slots:
    void oneDeploymentOfTheTeamsRollsOutAtATime();
    void theCronJobStartsWithTheHistoryOfTheLastMinutes();
    void theCronJobRunsAJobAtEachMinute();
    void succeededJobsBeyondTheHistoryLimitGoWithTheirPods();
    void eachJobsPodHasASuffixOfItsOwn();
};

void TestSimDemoActivity::oneDeploymentOfTheTeamsRollsOutAtATime()
{
    const auto sim = startSim();
    const quint16 port = sim->port();
    const QMap<QString, int> before = replicaSetsPerDeployment(port);
    // The team's five, and the two whose pods fail (never rolled out).
    QCOMPARE(before.size(), 7);
    QCOMPARE(sum(before), 7);
    // The first rollout comes a few seconds in.
    QTRY_COMPARE_WITH_TIMEOUT(sum(replicaSetsPerDeployment(port)), 8, 20000);
    const QMap<QString, int> rolled = replicaSetsPerDeployment(port);
    const QString deployment = rolled.key(2);
    QVERIFY2((QStringList{"web/frontend", "web/api", "payments/checkout"}.contains(deployment)),
             qPrintable(deployment));
    // No other rollout while it goes, nor for minutes after.
    QTest::qWait(20000);
    QCOMPARE(replicaSetsPerDeployment(port), rolled);
}

// As on a cluster where it has run for a while: at 03:20:35 the Jobs of the
// minutes before are done and kept (successfulJobsHistoryLimit), their pods
// Completed, each made at its minute; 03:20's has started.
void TestSimDemoActivity::theCronJobStartsWithTheHistoryOfTheLastMinutes()
{
    CronJobOnATestClock cron(at(3, 20, 35));
    const QJsonObject cronJob = cron.cronJobObject();
    const int limit = member(cronJob, "spec").value("successfulJobsHistoryLimit").toInt();
    QCOMPARE(limit, 3);
    const QDateTime created = QDateTime::fromString(
        member(cronJob, "metadata").value("creationTimestamp").toString(), Qt::ISODate);
    QCOMPARE(created, at(3, 20, 35).addSecs(-60 * DemoCronJob::kHistoryMinutes));

    const QString current = QStringLiteral("report-%1").arg(at(3, 20, 0).toSecsSinceEpoch() / 60);
    const QMap<QString, QJsonObject> jobs = cron.jobs();
    QStringList succeeded;
    for (auto it = jobs.cbegin(); it != jobs.cend(); ++it) {
        const QJsonObject metadata = member(it.value(), "metadata");
        const QString scheduled = member(metadata, "annotations")
                                      .value("batch.kubernetes.io/cronjob-scheduled-timestamp")
                                      .toString();
        QCOMPARE(QStringLiteral("report-%1")
                     .arg(QDateTime::fromString(scheduled, Qt::ISODate).toSecsSinceEpoch() / 60),
                 it.key());
        QCOMPARE(metadata.value("creationTimestamp").toString(), scheduled);
        if (member(it.value(), "status").value("succeeded").toInt() == 1)
            succeeded.append(it.key());
        else
            QCOMPARE(it.key(), current); // only this minute's may still run
    }
    QCOMPARE(succeeded.size(), limit);
    const qint64 lastDone = succeeded.contains(current) ? at(3, 20, 0).toSecsSinceEpoch() / 60
                                                        : at(3, 19, 0).toSecsSinceEpoch() / 60;
    QCOMPARE(succeeded, (QStringList{QStringLiteral("report-%1").arg(lastDone - 2),
                                     QStringLiteral("report-%1").arg(lastDone - 1),
                                     QStringLiteral("report-%1").arg(lastDone)}));
    QVERIFY(jobs.contains(current));
    for (const QJsonObject &pod : cron.pods()) {
        const QString job = member(pod, "metadata").value("generateName").toString().chopped(1);
        if (job == current)
            continue;
        QCOMPARE(member(pod, "status").value("phase").toString(), QStringLiteral("Succeeded"));
        QCOMPARE(
            member(
                member(member(pod, "status").value("containerStatuses").toArray().at(0).toObject(),
                       "state"),
                "terminated")
                .value("reason")
                .toString(),
            QStringLiteral("Completed"));
    }
    const QJsonObject status = member(cronJob, "status");
    QCOMPARE(status.value("lastScheduleTime").toString(), QStringLiteral("2026-11-27T03:20:00Z"));
    const QDateTime lastSuccessful =
        QDateTime::fromString(status.value("lastSuccessfulTime").toString(), Qt::ISODate);
    QVERIFY2(lastSuccessful > at(3, 19, 0) && lastSuccessful <= at(3, 20, 35),
             qPrintable(status.value("lastSuccessfulTime").toString()));
}

void TestSimDemoActivity::theCronJobRunsAJobAtEachMinute()
{
    CronJobOnATestClock cron(at(3, 20, 35));
    const QJsonObject cronJob = cron.cronJobObject();
    QCOMPARE(member(cronJob, "spec").value("schedule").toString(), QStringLiteral("* * * * *"));
    // At 03:20:35, 03:20's has run: the next is 03:21's.
    const QString name = QStringLiteral("report-%1").arg(at(3, 21, 0).toSecsSinceEpoch() / 60);
    cron.runUntil(at(3, 20, 59));
    QVERIFY(!cron.jobs().contains(name));
    cron.runUntil(at(3, 21, 0));
    QVERIFY(cron.jobs().contains(name));
    const QJsonObject job = cron.jobs().value(name);
    QCOMPARE(member(member(job, "metadata"), "annotations")
                 .value("batch.kubernetes.io/cronjob-scheduled-timestamp")
                 .toString(),
             QStringLiteral("2026-11-27T03:21:00Z"));
    QCOMPARE(member(job, "status").value("active").toInt(), 1);
    QJsonObject status = member(cron.cronJobObject(), "status");
    QCOMPARE(status.value("lastScheduleTime").toString(), QStringLiteral("2026-11-27T03:21:00Z"));
    QCOMPARE(status.value("active").toArray().at(0).toObject().value("name").toString(), name);
    // It runs less than a minute; the next starts at 03:22:00, not before.
    cron.runUntil(at(3, 21, 59));
    QCOMPARE(member(cron.jobs().value(name), "status").value("succeeded").toInt(), 1);
    status = member(cron.cronJobObject(), "status");
    QVERIFY(!status.contains("active"));
    QVERIFY(!status.value("lastSuccessfulTime").toString().isEmpty());
    QCOMPARE(cron.jobs().size(), 3);
    cron.runUntil(at(3, 22, 0));
    QCOMPARE(member(cron.cronJobObject(), "status").value("lastScheduleTime").toString(),
             QStringLiteral("2026-11-27T03:22:00Z"));
    QCOMPARE(cron.jobs().size(), 4);
}

void TestSimDemoActivity::succeededJobsBeyondTheHistoryLimitGoWithTheirPods()
{
    CronJobOnATestClock cron(at(3, 20, 35));
    QCOMPARE(member(cron.cronJobObject(), "spec").value("successfulJobsHistoryLimit").toInt(), 3);
    // Six runs, 03:21 to 03:26, all done by 03:26:59.
    cron.runUntil(at(3, 26, 59));
    const qint64 first = at(3, 21, 0).toSecsSinceEpoch() / 60;
    const QStringList kept{QStringLiteral("report-%1").arg(first + 3),
                           QStringLiteral("report-%1").arg(first + 4),
                           QStringLiteral("report-%1").arg(first + 5)};
    const QMap<QString, QJsonObject> jobs = cron.jobs();
    QCOMPARE(jobs.keys(), kept);
    for (const QJsonObject &job : jobs)
        QCOMPARE(member(job, "status").value("succeeded").toInt(), 1);
    const QMap<QString, QJsonObject> pods = cron.pods();
    QCOMPARE(pods.size(), 3);
    for (auto it = pods.cbegin(); it != pods.cend(); ++it) {
        QCOMPARE(member(it.value(), "status").value("phase").toString(),
                 QStringLiteral("Succeeded"));
        QVERIFY2(kept.contains(it.key().section(u'-', 0, 1)), qPrintable(it.key()));
    }
    // The next run starts beside the three kept.
    cron.runUntil(at(3, 27, 0));
    QCOMPARE(cron.jobs().size(), 4);
}

void TestSimDemoActivity::eachJobsPodHasASuffixOfItsOwn()
{
    CronJobOnATestClock cron(at(3, 20, 35));
    QSet<QString> suffixes;
    const QRegularExpression podName(
        QStringLiteral("^(report-\\d+)-([bcdfghjklmnpqrstvwxz2456789]{5})$"));
    for (int minute = 21; minute <= 26; ++minute) {
        cron.runUntil(at(3, minute, 0));
        const QString job =
            QStringLiteral("report-%1").arg(at(3, minute, 0).toSecsSinceEpoch() / 60);
        int found = 0;
        for (const QString &name : cron.pods().keys()) {
            const QRegularExpressionMatch match = podName.match(name);
            QVERIFY2(match.hasMatch(), qPrintable(name));
            if (match.captured(1) != job)
                continue;
            ++found;
            suffixes.insert(match.captured(2));
        }
        QCOMPARE(found, 1);
    }
    QCOMPARE(suffixes.size(), 6);
}

QTEST_GUILESS_MAIN(TestSimDemoActivity)
#include "tst_simdemoactivity.moc"
