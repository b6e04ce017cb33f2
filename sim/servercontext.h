#pragma once

// Everything the request handlers share: the resource table, storage, fault
// injection, request log and settings. One per Simulator, owned by the server
// thread and used only there.

#include "sim/faults.h"
#include "sim/podterminator.h"
#include "sim/requestlog.h"
#include "sim/resourcetable.h"
#include "sim/storage.h"
#include "sim/storageprotection.h"

#include <functional>
#include <optional>

namespace informant::sim {

class RecordingReplayControl;

struct ServerSettings
{
    int bookmarkIntervalMs = 2000;
    qint64 continueTtlMs = 5 * 60 * 1000;  // etcd's default compaction interval
    int defaultWatchTimeoutSeconds = 1800; // kube-apiserver --min-request-timeout
    QString token;                         // required bearer token, if set
    QString serverUrl;
    // How long a gracefully deleted pod's containers take to stop (capped at
    // 3/4 of its grace period): long enough to see Terminating.
    int podStopMs = 4000;
    QStringList readableNamespaces; // SimOptions::readableNamespaces
};

// Where the `replay` scenario's pre-made changes are: a watch of `path` from
// `fromRv` streams them, ending at `toRv`.
struct ReplayInfo
{
    QString storageId;
    QString path;
    quint64 fromRv = 0;
    quint64 toRv = 0;
};

struct ServerContext
{
    explicit ServerContext(int historyLimit, quint32 seed)
        : storage(&table, historyLimit)
        , faults(seed)
        , baseHistoryLimit(historyLimit)
        , storageProtection(*this)
        , podTerminator(*this)
    {
    }

    ResourceTable table;
    Storage storage;
    Faults faults;
    RequestLog requestLog;
    ServerSettings settings;
    int baseHistoryLimit;
    std::optional<ReplayInfo> replay; // set by the replay scenario once its changes exist
    // Set by the replay scenario with --replay-on-request: makes the changes now.
    std::function<void()> startReplay;
    // The replay of a recording (--replay FILE) while it runs, else null.
    RecordingReplayControl *recordingReplay = nullptr;
    // Set by the running scenario (churn pause/resume); may be empty.
    std::function<void(bool paused)> setChurnPaused;
    // Set by the server: applies a new fault spec (timers, history limit).
    std::function<void(const FaultSpec &)> applyFaults;
    StorageProtection storageProtection;
    // Last, so that its pending stops go first.
    PodTerminator podTerminator;
};

} // namespace informant::sim
