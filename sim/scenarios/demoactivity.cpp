// The demo scenario's background activity: the crash-looping pod, the
// pending pod and the periodic job.

#include "sim/objectwriter.h"
#include "sim/scenarios/demo.h"

#include <QJsonArray>

namespace informant::sim {

namespace {

constexpr int kJobRunMs = 8000;
constexpr int kJobsKept = 3;
const QString kPods = QStringLiteral("/pods");

QJsonObject jobPod(const QString &jobName, const QString &jobUid, const QString &phase,
                   const QString &now)
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
                     {"labels", QJsonObject{{"job-name", jobName},
                                            {"batch.kubernetes.io/job-name", jobName}}},
                     {"ownerReferences", QJsonArray{QJsonObject{{"apiVersion", "batch/v1"},
                                                                {"kind", "Job"},
                                                                {"name", jobName},
                                                                {"uid", jobUid},
                                                                {"controller", true},
                                                                {"blockOwnerDeletion", true}}}}}},
        {"spec",
         QJsonObject{{"restartPolicy", "Never"},
                     {"nodeName", "node-1"},
                     {"containers", QJsonArray{QJsonObject{
                                        {"name", "report"},
                                        {"image", "busybox:1.36"},
                                        {"command", QJsonArray{"sh", "-c", "generate-report"}}}}}}},
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

void DemoScenario::runJob()
{
    ObjectWriter writer(m_context);
    if (m_jobRun == 0) {
        const QJsonObject cronJob{
            {"apiVersion", "batch/v1"},
            {"kind", "CronJob"},
            {"metadata", QJsonObject{{"name", "report"}, {"namespace", "batch"}}},
            {"spec",
             QJsonObject{{"schedule", "*/30 * * * *"},
                         {"jobTemplate",
                          QJsonObject{{"spec", QJsonObject{{"template", QJsonObject()}}}}}}}};
        (void)writer.create(type("batch", "cronjobs"), cronJob, QStringLiteral("batch"));
    }
    const QString name = QStringLiteral("report-%1").arg(29000000 + ++m_jobRun);
    const QString now = nowTimestamp();
    const QJsonObject job{
        {"apiVersion", "batch/v1"},
        {"kind", "Job"},
        {"metadata", QJsonObject{{"name", name},
                                 {"namespace", "batch"},
                                 {"labels", QJsonObject{{"app", "report"}}}}},
        {"spec", QJsonObject{{"completions", 1}, {"parallelism", 1}, {"backoffLimit", 6}}},
        {"status", QJsonObject{{"active", 1}, {"startTime", now}}}};
    const auto created = writer.create(type("batch", "jobs"), job, QStringLiteral("batch"));
    if (!created.ok())
        return;
    const StoredObject &stored = *created.value()->object;
    (void)writer.create(type("", "pods"), jobPod(name, stored.uid, QStringLiteral("Running"), now),
                        QStringLiteral("batch"));
    m_events.normal(EventSubject::of(stored, QStringLiteral("Job"), QStringLiteral("batch/v1")),
                    QStringLiteral("SuccessfulCreate"),
                    QStringLiteral("Created pod: %1-x7k2p").arg(name),
                    QStringLiteral("job-controller"));
    QTimer::singleShot(kJobRunMs, this, [this, name] { finishJob(name); });
    // Keep the last few runs, as successfulJobsHistoryLimit does.
    const QString old = QStringLiteral("batch/report-%1").arg(29000000 + m_jobRun - kJobsKept);
    if (const ObjectPtr expired = m_context.storage.store(QStringLiteral("batch/jobs")).get(old))
        (void)writer.remove(type("batch", "jobs"), expired);
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
    (void)writer.update(type("", "pods"),
                        jobPod(jobName, job->uid, QStringLiteral("Succeeded"), now), pod,
                        UpdateScope::Everything);
    QJsonObject object = ObjectWriter::toJson(*job);
    QJsonObject status = object.value(QLatin1String("status")).toObject();
    status.remove(QLatin1String("active"));
    status.insert(QLatin1String("succeeded"), 1);
    status.insert(QLatin1String("completionTime"), now);
    status.insert(QLatin1String("conditions"),
                  QJsonArray{QJsonObject{{"type", "Complete"},
                                         {"status", "True"},
                                         {"lastProbeTime", now},
                                         {"lastTransitionTime", now}}});
    object.insert(QLatin1String("status"), status);
    const auto updated = writer.update(type("batch", "jobs"), object, job, UpdateScope::Status);
    if (updated.ok())
        m_events.normal(EventSubject::of(*updated.value()->object, QStringLiteral("Job"),
                                         QStringLiteral("batch/v1")),
                        QStringLiteral("Completed"), QStringLiteral("Job completed"),
                        QStringLiteral("job-controller"));
}

} // namespace informant::sim
