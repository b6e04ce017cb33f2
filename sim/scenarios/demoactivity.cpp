// The demo scenario's background activity: the crash-looping pod, the
// pending pod and the periodic job.

#include "sim/objectwriter.h"
#include "sim/scenarios/demo.h"
#include "sim/scenarios/workloadpods.h"

#include <QJsonArray>

namespace informant::sim {

namespace {

constexpr int kJobRunMs = 8000;
constexpr int kJobsKept = 3;
const QString kPods = QStringLiteral("/pods");

QJsonObject reportContainer()
{
    return QJsonObject{{"name", "report"},
                       {"image", "busybox:1.36"},
                       {"command", QJsonArray{"sh", "-c", "generate-report"}}};
}

QJsonObject templateLabels(const StoredObject &job)
{
    return ObjectWriter::toJson(job)
        .value(QLatin1String("spec"))
        .toObject()
        .value(QLatin1String("template"))
        .toObject()
        .value(QLatin1String("metadata"))
        .toObject()
        .value(QLatin1String("labels"))
        .toObject();
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

// Run `name` of CronJob `cronJob`, as the cronjob controller's
// getJobFromTemplate makes it, running (the job controller's status).
QJsonObject reportJob(const QString &name, const StoredObject &cronJob, const QString &now)
{
    const QJsonObject jobTemplate = reportJobTemplate();
    QJsonObject spec = jobTemplate.value(QLatin1String("spec")).toObject();
    spec.insert(QLatin1String("backoffLimit"), 6);
    QJsonObject metadata = jobTemplate.value(QLatin1String("metadata")).toObject();
    metadata.insert(QLatin1String("name"), name);
    metadata.insert(QLatin1String("namespace"), cronJob.namespaceName);
    metadata.insert(QLatin1String("annotations"),
                    QJsonObject{{"batch.kubernetes.io/cronjob-scheduled-timestamp", now}});
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

// The pod of Job `jobName`, labelled as its (generated) template is.
QJsonObject jobPod(const QString &jobName, const QString &jobUid, const QJsonObject &labels,
                   const QString &phase, const QString &now)
{
    const QJsonObject state = phase == QLatin1String("Running")
                                  ? QJsonObject{{"running", QJsonObject{{"startedAt", now}}}}
                                  : QJsonObject{{"terminated", QJsonObject{{"exitCode", 0},
                                                                           {"reason", "Completed"},
                                                                           {"startedAt", now},
                                                                           {"finishedAt", now}}}};
    return QJsonObject{
        {"apiVersion", "v1"},
        {"kind", "Pod"},
        {"metadata",
         QJsonObject{{"name", jobName + QStringLiteral("-x7k2p")},
                     {"namespace", "batch"},
                     {"labels", labels},
                     {"ownerReferences", QJsonArray{QJsonObject{{"apiVersion", "batch/v1"},
                                                                {"kind", "Job"},
                                                                {"name", jobName},
                                                                {"uid", jobUid},
                                                                {"controller", true},
                                                                {"blockOwnerDeletion", true}}}}}},
        {"spec", QJsonObject{{"restartPolicy", "Never"},
                             {"nodeName", "node-1"},
                             {"containers", QJsonArray{reportContainer()}}}},
        {"status", QJsonObject{{"phase", phase},
                               {"podIP", "10.244.1.77"},
                               {"startTime", now},
                               {"containerStatuses",
                                QJsonArray{QJsonObject{{"name", "report"},
                                                       {"state", state},
                                                       {"ready", phase == QLatin1String("Running")},
                                                       {"restartCount", 0},
                                                       {"image", "busybox:1.36"}}}}}}};
}

} // namespace

// Four restarts behind it, the last 70 s ago: the next comes after the
// 2m40s back-off, then every 5 min, as the kubelet would have it.
void DemoScenario::createCrashLoopingPod()
{
    m_crashLoop = std::make_unique<CrashLoopingPod>(
        m_context, m_events,
        m_factory.makePod(QStringLiteral("payments"), QStringLiteral("ledger-worker"), 3));
    m_crashLoop->create(4, 70);
}

void DemoScenario::createPendingPod()
{
    PodParams pod = m_factory.makePod(QStringLiteral("web"), QStringLiteral("gpu-inference"), 3);
    pod.nodeName.clear();
    pod.ready = false;
    const EventPtr stored = m_context.storage.putBuilt(
        kPods, [&pod](quint64 rv) { return PodFactory::podObject(pod, rv); });
    m_events.warning(EventSubject::of(*stored->object, QStringLiteral("Pod"), QStringLiteral("v1")),
                     QStringLiteral("FailedScheduling"),
                     QStringLiteral("0/3 nodes are available: 3 Insufficient nvidia.com/gpu. "
                                    "preemption: 0/3 nodes are available: 3 No preemption victims "
                                    "found for incoming pod."),
                     QStringLiteral("default-scheduler"));
}

// As the cronjob controller: each run is a Job owned by CronJob "report",
// made from its jobTemplate (the API server adds the Job's selector and
// labels), listed in the CronJob's status.active while it runs; the job
// controller runs its pod and reports it ready. The last few runs are kept,
// as successfulJobsHistoryLimit does.
void DemoScenario::runJob()
{
    ObjectWriter writer(m_context);
    if (m_jobRun == 0) {
        const QJsonObject cronJob{
            {"apiVersion", "batch/v1"},
            {"kind", "CronJob"},
            {"metadata", QJsonObject{{"name", "report"}, {"namespace", "batch"}}},
            {"spec",
             QJsonObject{{"schedule", "*/30 * * * *"}, {"jobTemplate", reportJobTemplate()}}}};
        (void)writer.create(type("batch", "cronjobs"), cronJob, QStringLiteral("batch"));
    }
    const ObjectPtr cronJob = m_context.storage.store(QStringLiteral("batch/cronjobs"))
                                  .get(QStringLiteral("batch/report"));
    if (!cronJob)
        return;
    const QString name = QStringLiteral("report-%1").arg(29000000 + ++m_jobRun);
    const QString now = nowTimestamp();
    const QJsonObject job = reportJob(name, *cronJob, now);
    const auto created = writer.create(type("batch", "jobs"), job, QStringLiteral("batch"));
    if (!created.ok())
        return;
    const StoredObject &stored = *created.value()->object;
    (void)writer.create(
        type("", "pods"),
        jobPod(name, stored.uid, templateLabels(stored), QStringLiteral("Running"), now),
        QStringLiteral("batch"));
    const EventSubject cronSubject =
        EventSubject::of(*cronJob, QStringLiteral("CronJob"), QStringLiteral("batch/v1"));
    m_events.normal(cronSubject, QStringLiteral("SuccessfulCreate"),
                    QStringLiteral("Created job %1").arg(name),
                    QStringLiteral("cronjob-controller"));
    m_events.normal(EventSubject::of(stored, QStringLiteral("Job"), QStringLiteral("batch/v1")),
                    QStringLiteral("SuccessfulCreate"),
                    QStringLiteral("Created pod: %1-x7k2p").arg(name),
                    QStringLiteral("job-controller"));
    updateCronJobStatus(&stored, now, QString());
    QTimer::singleShot(kJobRunMs, this, [this, name] { finishJob(name); });
    const QString old = QStringLiteral("batch/report-%1").arg(29000000 + m_jobRun - kJobsKept);
    if (const ObjectPtr expired = m_context.storage.store(QStringLiteral("batch/jobs")).get(old)) {
        (void)writer.remove(type("batch", "jobs"), expired);
        m_events.normal(cronSubject, QStringLiteral("SuccessfulDelete"),
                        QStringLiteral("Deleted job %1").arg(expired->name),
                        QStringLiteral("cronjob-controller"));
    }
}

// The CronJob's status: `running` (null: none) in status.active, and the
// times of the last run scheduled and (when `succeededAt` is set) succeeded.
void DemoScenario::updateCronJobStatus(const StoredObject *running, const QString &scheduledAt,
                                       const QString &succeededAt)
{
    const ObjectPtr cronJob = m_context.storage.store(QStringLiteral("batch/cronjobs"))
                                  .get(QStringLiteral("batch/report"));
    if (!cronJob)
        return;
    QJsonObject object = ObjectWriter::toJson(*cronJob);
    QJsonObject status = object.value(QLatin1String("status")).toObject();
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
    (void)ObjectWriter(m_context).update(type("batch", "cronjobs"), object, cronJob,
                                         UpdateScope::Status);
}

void DemoScenario::finishJob(const QString &jobName)
{
    ObjectWriter writer(m_context);
    const ObjectPtr job = m_context.storage.store(QStringLiteral("batch/jobs"))
                              .get(QStringLiteral("batch/") + jobName);
    const ObjectPtr pod = m_context.storage.store(kPods).get(QStringLiteral("batch/") + jobName +
                                                             QStringLiteral("-x7k2p"));
    if (!job || !pod)
        return;
    const QString now = nowTimestamp();
    (void)writer.update(
        type("", "pods"),
        jobPod(jobName, job->uid, templateLabels(*job), QStringLiteral("Succeeded"), now), pod,
        UpdateScope::Everything);
    QJsonObject object = ObjectWriter::toJson(*job);
    QJsonObject status = object.value(QLatin1String("status")).toObject();
    status.remove(QLatin1String("active"));
    status.insert(QLatin1String("ready"), 0);
    status.insert(QLatin1String("succeeded"), 1);
    status.insert(QLatin1String("completionTime"), now);
    status.insert(QLatin1String("conditions"),
                  QJsonArray{QJsonObject{{"type", "Complete"},
                                         {"status", "True"},
                                         {"lastProbeTime", now},
                                         {"lastTransitionTime", now}}});
    object.insert(QLatin1String("status"), status);
    const auto updated = writer.update(type("batch", "jobs"), object, job, UpdateScope::Status);
    if (!updated.ok())
        return;
    m_events.normal(EventSubject::of(*updated.value()->object, QStringLiteral("Job"),
                                     QStringLiteral("batch/v1")),
                    QStringLiteral("Completed"), QStringLiteral("Job completed"),
                    QStringLiteral("job-controller"));
    if (const ObjectPtr cronJob = m_context.storage.store(QStringLiteral("batch/cronjobs"))
                                      .get(QStringLiteral("batch/report"))) {
        m_events.normal(
            EventSubject::of(*cronJob, QStringLiteral("CronJob"), QStringLiteral("batch/v1")),
            QStringLiteral("SawCompletedJob"),
            QStringLiteral("Saw completed job: %1, condition: Complete").arg(jobName),
            QStringLiteral("cronjob-controller"));
        updateCronJobStatus(nullptr, QString(), now);
    }
}

} // namespace informant::sim
