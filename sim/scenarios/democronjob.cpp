#include "sim/scenarios/democronjob.h"

#include "sim/objectwriter.h"
#include "sim/scenarios/workloadpods.h"

#include <QJsonArray>

#include <algorithm>

namespace informant::sim {

namespace {

const QString kCronJobs = QStringLiteral("batch/cronjobs");
const QString kJobs = QStringLiteral("batch/jobs");
const QString kPods = QStringLiteral("/pods");
const QString kNamespace = QStringLiteral("batch");
const QString kName = QStringLiteral("report");
const QString kImage = QStringLiteral("busybox:1.36");

ResourceType typeOf(ServerContext &context, const QString &storageId)
{
    return *context.table.findByStorage(storageId);
}

QString timestamp(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODate);
}

QJsonObject member(const QJsonObject &object, const char *name)
{
    return object.value(QLatin1String(name)).toObject();
}

QJsonObject reportContainer()
{
    return QJsonObject{{"name", "report"},
                       {"image", kImage},
                       {"command", QJsonArray{"sh", "-c", "generate-report"}}};
}

QJsonObject reportJobTemplate()
{
    return QJsonObject{
        {"metadata", QJsonObject{{"labels", QJsonObject{{"app", "report"}}}}},
        {"spec",
         QJsonObject{
             {"template",
              QJsonObject{{"spec", QJsonObject{{"restartPolicy", "Never"},
                                               {"containers", QJsonArray{reportContainer()}}}}}}}}};
}

// The run `name` scheduled at `scheduledAt`, as the cronjob controller's
// getJobFromTemplate makes it, running (the job controller's status).
QJsonObject reportJob(const QString &name, const StoredObject &cronJob, const QString &scheduledAt,
                      const QString &now)
{
    const QJsonObject jobTemplate = reportJobTemplate();
    QJsonObject spec = member(jobTemplate, "spec");
    spec.insert(QLatin1String("backoffLimit"), 6);
    QJsonObject metadata = member(jobTemplate, "metadata");
    metadata.insert(QLatin1String("name"), name);
    metadata.insert(QLatin1String("namespace"), cronJob.namespaceName);
    metadata.insert(QLatin1String("annotations"),
                    QJsonObject{{"batch.kubernetes.io/cronjob-scheduled-timestamp", scheduledAt}});
    metadata.insert(QLatin1String("ownerReferences"),
                    QJsonArray{WorkloadPods::ownerReference(cronJob, "CronJob", "batch/v1")});
    return QJsonObject{{"apiVersion", "batch/v1"},
                       {"kind", "Job"},
                       {"metadata", metadata},
                       {"spec", spec},
                       {"status", QJsonObject{{"active", 1},
                                              {"ready", 1},
                                              {"startTime", now},
                                              {"terminating", 0},
                                              {"uncountedTerminatedPods", QJsonObject()}}}};
}

struct ReportPod
{
    QString name;
    QString jobName;
    QString jobUid;
    QJsonObject labels; // the Job's generated template labels
    QString nodeName;
    QString startedAt;
    QString finishedAt; // empty: running
};

QJsonObject reportPod(const ReportPod &pod)
{
    const bool running = pod.finishedAt.isEmpty();
    const QJsonObject state =
        running ? QJsonObject{{"running", QJsonObject{{"startedAt", pod.startedAt}}}}
                : QJsonObject{{"terminated", QJsonObject{{"exitCode", 0},
                                                         {"reason", "Completed"},
                                                         {"startedAt", pod.startedAt},
                                                         {"finishedAt", pod.finishedAt}}}};
    const int node = pod.nodeName.section(u'-', -1).toInt();
    return QJsonObject{
        {"apiVersion", "v1"},
        {"kind", "Pod"},
        {"metadata",
         QJsonObject{{"name", pod.name},
                     {"generateName", pod.jobName + u'-'},
                     {"namespace", kNamespace},
                     {"labels", pod.labels},
                     {"ownerReferences", QJsonArray{QJsonObject{{"apiVersion", "batch/v1"},
                                                                {"kind", "Job"},
                                                                {"name", pod.jobName},
                                                                {"uid", pod.jobUid},
                                                                {"controller", true},
                                                                {"blockOwnerDeletion", true}}}}}},
        {"spec", QJsonObject{{"restartPolicy", "Never"},
                             {"nodeName", pod.nodeName},
                             {"containers", QJsonArray{reportContainer()}}}},
        {"status",
         QJsonObject{
             {"phase", running ? "Running" : "Succeeded"},
             {"hostIP", QStringLiteral("10.0.0.%1").arg(node + 10)},
             {"podIP", QStringLiteral("10.244.%1.%2").arg(node).arg(qHash(pod.name) % 250 + 2)},
             {"startTime", pod.startedAt},
             {"containerStatuses", QJsonArray{QJsonObject{{"name", "report"},
                                                          {"state", state},
                                                          {"ready", running},
                                                          {"restartCount", 0},
                                                          {"image", kImage}}}}}}};
}

QJsonObject templateLabels(const StoredObject &job)
{
    return member(member(member(ObjectWriter::toJson(job), "spec"), "template"), "metadata")
        .value(QLatin1String("labels"))
        .toObject();
}

QDateTime minuteOf(const QDateTime &time)
{
    const qint64 seconds = time.toSecsSinceEpoch();
    return QDateTime::fromSecsSinceEpoch(seconds - seconds % 60, Qt::UTC);
}

} // namespace

DemoCronJob::DemoCronJob(ServerContext &context, EventRecorder &events, quint32 seed, int nodeCount)
    : m_context(context)
    , m_events(events)
    , m_random(seed)
    , m_nodeCount(nodeCount)
{
}

ObjectPtr DemoCronJob::cronJob() const
{
    return m_context.storage.store(kCronJobs).get(kNamespace + u'/' + kName);
}

void DemoCronJob::create(const QDateTime &now)
{
    const QJsonObject cronJob{
        {"apiVersion", "batch/v1"},
        {"kind", "CronJob"},
        {"metadata", QJsonObject{{"name", kName}, {"namespace", kNamespace}}},
        {"spec", QJsonObject{{"schedule", "* * * * *"}, {"jobTemplate", reportJobTemplate()}}}};
    // Made kHistoryMinutes ago and run since, second by second, as the
    // controllers would have: the demo starts with the Jobs a cluster keeps
    // (successfulJobsHistoryLimit of them, done, with their pods) and this
    // minute's, each written at the time it happened.
    const QDateTime created = now.addSecs(-60 * kHistoryMinutes);
    (void)ObjectWriter(m_context, created)
        .create(typeOf(m_context, kCronJobs), cronJob, kNamespace);
    // As mostRecentScheduleTime from the creation time: the minute it was
    // made in has passed already.
    m_lastScheduled = minuteOf(created);
    for (QDateTime past = created.addSecs(1); past < now; past = past.addSecs(1))
        sync(past);
    sync(now);
}

void DemoCronJob::sync(const QDateTime &now)
{
    const ObjectPtr cron = cronJob();
    if (!cron || cron->beingDeleted)
        return;
    const auto ended = std::stable_partition(m_running.begin(), m_running.end(),
                                             [&now](const Run &run) { return run.endsAt > now; });
    const std::vector<Run> finished(ended, m_running.end());
    m_running.erase(ended, m_running.end());
    for (const Run &run : finished)
        finishRun(cron, run, now);
    const QDateTime scheduled = minuteOf(now);
    if (scheduled > m_lastScheduled) {
        m_lastScheduled = scheduled;
        startRun(cron, scheduled, now);
    }
}

// As the cronjob controller's syncCronJob (a Job, the SuccessfulCreate event,
// status.active and lastScheduleTime) and the job controller's first sync
// (the pod, generateName <job>-, with its own suffix).
void DemoCronJob::startRun(const ObjectPtr &cron, const QDateTime &scheduled, const QDateTime &now)
{
    ObjectWriter writer(m_context, now);
    // getTimeHashInMinutes: the scheduled time in minutes since the epoch.
    const QString name = kName + u'-' + QString::number(scheduled.toSecsSinceEpoch() / 60);
    const QString scheduledAt = timestamp(scheduled);
    const QString startedAt = timestamp(now);
    const auto created = writer.create(typeOf(m_context, kJobs),
                                       reportJob(name, *cron, scheduledAt, startedAt), kNamespace);
    if (!created.ok())
        return;
    const StoredObject &job = *created.value()->object;
    const EventSubject cronSubject =
        EventSubject::of(*cron, QStringLiteral("CronJob"), QStringLiteral("batch/v1"));
    m_events.normal(cronSubject, QStringLiteral("SuccessfulCreate"),
                    QStringLiteral("Created job %1").arg(name),
                    QStringLiteral("cronjob-controller"), now);
    const ReportPod pod{name + u'-' + m_random.randomSuffix(5),
                        name,
                        job.uid,
                        templateLabels(job),
                        QStringLiteral("node-%1").arg(m_random.next(quint32(m_nodeCount))),
                        startedAt,
                        QString()};
    const auto podCreated = writer.create(typeOf(m_context, kPods), reportPod(pod), kNamespace);
    if (podCreated.ok()) {
        m_events.normal(EventSubject::of(job, QStringLiteral("Job"), QStringLiteral("batch/v1")),
                        QStringLiteral("SuccessfulCreate"),
                        QStringLiteral("Created pod: %1").arg(pod.name),
                        QStringLiteral("job-controller"), now);
        EventSubject podSubject = EventSubject::of(*podCreated.value()->object,
                                                   QStringLiteral("Pod"), QStringLiteral("v1"));
        m_events.normal(podSubject, QStringLiteral("Scheduled"),
                        QStringLiteral("Successfully assigned %1/%2 to %3")
                            .arg(kNamespace, pod.name, pod.nodeName),
                        QStringLiteral("default-scheduler"), now);
        podSubject.fieldPath = QStringLiteral("spec.containers{report}");
        m_events.normal(
            podSubject, QStringLiteral("Pulled"),
            QStringLiteral("Container image \"%1\" already present on machine").arg(kImage),
            QStringLiteral("kubelet"), now);
        m_events.normal(podSubject, QStringLiteral("Created"),
                        QStringLiteral("Created container report"), QStringLiteral("kubelet"), now);
        m_events.normal(podSubject, QStringLiteral("Started"),
                        QStringLiteral("Started container report"), QStringLiteral("kubelet"), now);
    }
    updateStatus(name, scheduledAt, QString(), now);
    const int seconds =
        kMinRunSeconds + int(m_random.next(quint32(kMaxRunSeconds - kMinRunSeconds + 1)));
    m_running.push_back(Run{name, pod.name, now, now.addSecs(seconds)});
}

// As the job controller when the pod succeeds (the Complete condition), then
// the cronjob controller seeing it (SawCompletedJob, lastSuccessfulTime) and
// cleaning up its history.
void DemoCronJob::finishRun(const ObjectPtr &cron, const Run &run, const QDateTime &now)
{
    ObjectWriter writer(m_context, now);
    const ObjectPtr job = m_context.storage.store(kJobs).get(kNamespace + u'/' + run.job);
    if (!job)
        return;
    const QString finishedAt = timestamp(now);
    if (const ObjectPtr pod = m_context.storage.store(kPods).get(kNamespace + u'/' + run.pod)) {
        const ReportPod finished{run.pod,
                                 run.job,
                                 job->uid,
                                 templateLabels(*job),
                                 pod->field(QStringLiteral("spec.nodeName")),
                                 timestamp(run.startedAt),
                                 finishedAt};
        (void)writer.update(typeOf(m_context, kPods), reportPod(finished), pod,
                            UpdateScope::Everything);
    }
    QJsonObject object = ObjectWriter::toJson(*job);
    QJsonObject status = member(object, "status");
    status.remove(QLatin1String("active"));
    status.insert(QLatin1String("ready"), 0);
    status.insert(QLatin1String("succeeded"), 1);
    status.insert(QLatin1String("completionTime"), finishedAt);
    status.insert(QLatin1String("conditions"),
                  QJsonArray{QJsonObject{{"type", "Complete"},
                                         {"status", "True"},
                                         {"lastProbeTime", finishedAt},
                                         {"lastTransitionTime", finishedAt}}});
    object.insert(QLatin1String("status"), status);
    const auto updated = writer.update(typeOf(m_context, kJobs), object, job, UpdateScope::Status);
    if (!updated.ok())
        return;
    m_events.normal(EventSubject::of(*updated.value()->object, QStringLiteral("Job"),
                                     QStringLiteral("batch/v1")),
                    QStringLiteral("Completed"), QStringLiteral("Job completed"),
                    QStringLiteral("job-controller"), now);
    m_events.normal(EventSubject::of(*cron, QStringLiteral("CronJob"), QStringLiteral("batch/v1")),
                    QStringLiteral("SawCompletedJob"),
                    QStringLiteral("Saw completed job: %1, condition: Complete").arg(run.job),
                    QStringLiteral("cronjob-controller"), now);
    updateStatus(QString(), QString(), finishedAt, now);
    deleteJobsBeyondHistoryLimit(cron, now);
}

// As cleanupFinishedJobs: the oldest successful Jobs (by start time) beyond
// spec.successfulJobsHistoryLimit go, and the garbage collector takes their
// pods.
void DemoCronJob::deleteJobsBeyondHistoryLimit(const ObjectPtr &cron, const QDateTime &now)
{
    const int limit = member(ObjectWriter::toJson(*cron), "spec")
                          .value(QLatin1String("successfulJobsHistoryLimit"))
                          .toInt(3);
    std::vector<std::pair<QString, ObjectPtr>> succeeded; // by status.startTime
    for (const auto &[key, job] : m_context.storage.store(kJobs).objects()) {
        const QJsonObject status = member(ObjectWriter::toJson(*job), "status");
        if (job->ownerUids.contains(cron->uid) && !job->beingDeleted &&
            status.value(QLatin1String("succeeded")).toInt() > 0)
            succeeded.emplace_back(status.value(QLatin1String("startTime")).toString(), job);
    }
    if (int(succeeded.size()) <= limit)
        return;
    std::sort(succeeded.begin(), succeeded.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    ObjectWriter writer(m_context, now);
    const EventSubject cronSubject =
        EventSubject::of(*cron, QStringLiteral("CronJob"), QStringLiteral("batch/v1"));
    for (std::size_t i = 0; i + limit < succeeded.size(); ++i) {
        const ObjectPtr &job = succeeded[i].second;
        if (!writer.remove(typeOf(m_context, kJobs), job).ok())
            continue;
        m_events.normal(cronSubject, QStringLiteral("SuccessfulDelete"),
                        QStringLiteral("Deleted job %1").arg(job->name),
                        QStringLiteral("cronjob-controller"), now);
    }
}

// status.active lists `activeJob` (empty: none); lastScheduleTime and
// lastSuccessfulTime move when given.
void DemoCronJob::updateStatus(const QString &activeJob, const QString &scheduledAt,
                               const QString &succeededAt, const QDateTime &now)
{
    const ObjectPtr cron = cronJob();
    if (!cron)
        return;
    QJsonObject object = ObjectWriter::toJson(*cron);
    QJsonObject status = member(object, "status");
    const ObjectPtr running =
        activeJob.isEmpty() ? nullptr
                            : m_context.storage.store(kJobs).get(kNamespace + u'/' + activeJob);
    if (running)
        status.insert(
            QLatin1String("active"),
            QJsonArray{QJsonObject{{"apiVersion", "batch/v1"},
                                   {"kind", "Job"},
                                   {"name", running->name},
                                   {"namespace", running->namespaceName},
                                   {"resourceVersion", QString::number(running->resourceVersion)},
                                   {"uid", running->uid}}});
    else
        status.remove(QLatin1String("active"));
    if (!scheduledAt.isEmpty())
        status.insert(QLatin1String("lastScheduleTime"), scheduledAt);
    if (!succeededAt.isEmpty())
        status.insert(QLatin1String("lastSuccessfulTime"), succeededAt);
    object.insert(QLatin1String("status"), status);
    (void)ObjectWriter(m_context, now)
        .update(typeOf(m_context, kCronJobs), object, cron, UpdateScope::Status);
}

} // namespace informant::sim
