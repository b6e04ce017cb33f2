#include "sim/scenarios/jobcontroller.h"

#include "sim/objectwriter.h"

#include <QDateTime>
#include <QJsonArray>

#include <algorithm>
#include <vector>

namespace informant::sim {

namespace {

const QString kJobs = QStringLiteral("batch/jobs");

QJsonObject member(const QJsonObject &object, const char *name)
{
    return object.value(QLatin1String(name)).toObject();
}

QString phaseOf(const StoredObject &pod)
{
    return pod.field(QStringLiteral("status.phase"));
}

bool hasCondition(const QJsonObject &status, const char *type)
{
    for (const QJsonValue &condition : status.value(QLatin1String("conditions")).toArray()) {
        const QJsonObject fields = condition.toObject();
        if (fields.value(QLatin1String("type")) == QLatin1String(type) &&
            fields.value(QLatin1String("status")) == QLatin1String("True"))
            return true;
    }
    return false;
}

QJsonObject trueCondition(const char *type, const QString &reason, const QString &message,
                          const QString &now)
{
    return QJsonObject{{"type", type},       {"status", "True"},     {"reason", reason},
                       {"message", message}, {"lastProbeTime", now}, {"lastTransitionTime", now}};
}

} // namespace

void JobController::reconcile()
{
    std::vector<ObjectPtr> jobs;
    for (const auto &[key, job] : m_context.storage.store(kJobs).objects()) {
        // The Jobs a CronJob scheduled are DemoCronJob's to run; one made
        // from it by hand (kubectl create job --from=cronjob/...) is not.
        const bool scheduled =
            !jsonMember(job->json, {"metadata", "annotations",
                                    "batch.kubernetes.io/cronjob-scheduled-timestamp"})
                 .isEmpty();
        if (!job->beingDeleted && !scheduled)
            jobs.push_back(job);
    }
    for (const ObjectPtr &job : jobs)
        reconcileJob(job);
}

void JobController::reconcileJob(const ObjectPtr &job)
{
    const QJsonObject object = ObjectWriter::toJson(*job);
    const QJsonObject spec = member(object, "spec");
    QJsonObject status = member(object, "status");
    if (spec.value(QLatin1String("suspend")).toBool() || hasCondition(status, "Complete") ||
        hasCondition(status, "Failed"))
        return;
    for (const ObjectPtr &pod : m_pods.podsOf(job->uid)) {
        if (phaseOf(*pod) == QLatin1String("Pending"))
            m_pods.start(pod); // on its node by now, or still waiting for one
        else if (phaseOf(*pod) == QLatin1String("Running"))
            finishIfDone(pod);
    }
    const int completions = spec.value(QLatin1String("completions")).toInt(1);
    const int parallelism = spec.value(QLatin1String("parallelism")).toInt(1);
    int succeeded = 0, active = 0, ready = 0;
    for (const ObjectPtr &pod : m_pods.podsOf(job->uid)) {
        const QString phase = phaseOf(*pod);
        succeeded += phase == QLatin1String("Succeeded") ? 1 : 0;
        active += phase == QLatin1String("Pending") || phase == QLatin1String("Running") ? 1 : 0;
        ready += WorkloadPods::isReady(*pod) ? 1 : 0;
    }
    const int wanted = std::min(parallelism, completions - succeeded) - active;
    for (int i = 0; i < wanted; ++i) {
        if (m_pods.create(job, "Job", QStringLiteral("job-controller"), member(spec, "template"),
                          QString(), job->name + u'-', QJsonObject()))
            ++active;
    }
    const QString now = nowTimestamp();
    if (!status.contains(QLatin1String("startTime")))
        status.insert(QLatin1String("startTime"), now);
    status.insert(QLatin1String("active"), active);
    status.insert(QLatin1String("ready"), ready);
    status.insert(QLatin1String("terminating"), 0);
    status.insert(QLatin1String("uncountedTerminatedPods"), QJsonObject());
    if (succeeded > 0)
        status.insert(QLatin1String("succeeded"), succeeded);
    if (active == 0)
        status.remove(QLatin1String("active"));
    const bool complete = succeeded >= completions;
    if (complete) {
        status.insert(QLatin1String("completionTime"), now);
        status.insert(
            QLatin1String("conditions"),
            QJsonArray{trueCondition("SuccessCriteriaMet", QStringLiteral("CompletionsReached"),
                                     QStringLiteral("Reached expected number of "
                                                    "succeeded pods"),
                                     now),
                       trueCondition("Complete", QStringLiteral("CompletionsReached"),
                                     QStringLiteral("Reached expected number of "
                                                    "succeeded pods"),
                                     now)});
    }
    m_pods.updateStatus(job, QStringLiteral("batch"), QStringLiteral("jobs"), status);
    if (complete)
        m_events.normal(EventSubject::of(*job, QStringLiteral("Job"), QStringLiteral("batch/v1")),
                        QStringLiteral("Completed"), QStringLiteral("Job completed"),
                        QStringLiteral("job-controller"));
}

void JobController::finishIfDone(const ObjectPtr &pod)
{
    QJsonObject object = ObjectWriter::toJson(*pod);
    QJsonObject status = member(object, "status");
    QJsonArray containers;
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (const QJsonValue &value : status.value(QLatin1String("containerStatuses")).toArray()) {
        QJsonObject container = value.toObject();
        const QString startedAt = member(member(container, "state"), "running")
                                      .value(QLatin1String("startedAt"))
                                      .toString();
        const QDateTime started = QDateTime::fromString(startedAt, Qt::ISODate);
        if (!started.isValid() || started.msecsTo(now) < kRunMs)
            return; // still running
        container.insert(QLatin1String("state"),
                         QJsonObject{{"terminated", QJsonObject{{"exitCode", 0},
                                                                {"reason", "Completed"},
                                                                {"startedAt", startedAt},
                                                                {"finishedAt", nowTimestamp()}}}});
        container.insert(QLatin1String("ready"), false);
        container.insert(QLatin1String("started"), false);
        containers.append(container);
    }
    if (containers.isEmpty())
        return;
    QJsonArray conditions;
    for (const QJsonValue &value : status.value(QLatin1String("conditions")).toArray()) {
        QJsonObject condition = value.toObject();
        const QString type = condition.value(QLatin1String("type")).toString();
        if (type == QLatin1String("Ready") || type == QLatin1String("ContainersReady")) {
            condition.insert(QLatin1String("status"), QStringLiteral("False"));
            condition.insert(QLatin1String("reason"), QStringLiteral("PodCompleted"));
            condition.insert(QLatin1String("lastTransitionTime"), nowTimestamp());
        }
        conditions.append(condition);
    }
    status.insert(QLatin1String("phase"), QStringLiteral("Succeeded"));
    status.insert(QLatin1String("conditions"), conditions);
    status.insert(QLatin1String("containerStatuses"), containers);
    object.insert(QLatin1String("status"), status);
    (void)ObjectWriter(m_context).update(*m_context.table.findByStorage(QStringLiteral("/pods")),
                                         object, pod, UpdateScope::Everything);
}

} // namespace informant::sim
