#pragma once

// The demo's CronJob batch/report and its Jobs, as kube-controller-manager's
// cronjob and job controllers run them: the schedule "* * * * *" starts a
// Job at each minute, named report-<minutes since the epoch of its scheduled
// time> (so the Overview's schedule, last schedule time and the Jobs agree);
// the Job's pod, report-<minutes>-<a suffix of its own>, runs for a while
// (seeded, under a minute) and succeeds; completed Jobs beyond
// spec.successfulJobsHistoryLimit are deleted, oldest first, their pods
// with them. It starts as one made minutes before would be, with that
// history (kHistoryMinutes). Time comes from the caller, so a test can run
// hours of it.
// Server thread only.

#include "sim/scenarios/eventrecorder.h"
#include "sim/scenarios/podfactory.h"
#include "sim/servercontext.h"

#include <QDateTime>

#include <vector>

namespace informant::sim {

class DemoCronJob
{
public:
    static constexpr int kMinRunSeconds = 15;
    static constexpr int kMaxRunSeconds = 40;
    // How long before create()'s time the CronJob was made: enough runs for a
    // full history (successfulJobsHistoryLimit, 3 by default) and one more.
    static constexpr int kHistoryMinutes = 5;

    DemoCronJob(ServerContext &context, EventRecorder &events, quint32 seed, int nodeCount);

    // Stores the CronJob as made kHistoryMinutes before `now`, with what its
    // runs since then left: the Jobs and pods of the last minutes, done, and
    // the one of `now`'s minute (running, or done already).
    void create(const QDateTime &now);
    // What the controllers do by `now`: completes the runs whose time is up,
    // then starts the run of the latest minute not yet run (only that one
    // after a pause, as the controller skips missed schedules but the last).
    void sync(const QDateTime &now);

private:
    struct Run
    {
        QString job;
        QString pod;
        QDateTime startedAt;
        QDateTime endsAt;
    };

    ObjectPtr cronJob() const;
    void startRun(const ObjectPtr &cronJob, const QDateTime &scheduled, const QDateTime &now);
    void finishRun(const ObjectPtr &cronJob, const Run &run, const QDateTime &now);
    void deleteJobsBeyondHistoryLimit(const ObjectPtr &cronJob, const QDateTime &now);
    void updateStatus(const QString &activeJob, const QString &scheduledAt,
                      const QString &succeededAt, const QDateTime &now);

    ServerContext &m_context;
    EventRecorder &m_events;
    PodFactory m_random;
    int m_nodeCount;
    QDateTime m_lastScheduled; // the latest minute run (or the creation's minute)
    std::vector<Run> m_running;
};

} // namespace informant::sim
