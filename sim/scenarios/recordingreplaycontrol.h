#pragma once

// The controls of a recording's replay (informant-sim --replay FILE, the GUI's
// replay bar): pause, resume, speed and a move to any time of the recording,
// forward or backward. The position is recording time: milliseconds since the
// recording began (its initial state is t = 0), whatever the speed.
//
// Moving forward applies the recorded changes up to the new position, as
// playing would. Moving backward writes the stored objects back to the
// recorded state at the new position (creates, updates and deletes through
// Storage), so watches see ordinary events with growing resourceVersions and
// an informer's cache follows without a relist. Both happen in steps after
// the call returns, a bounded number of writes per step: requests, watch
// streams and the controls are served between steps, however many objects
// a move rewrites (a move backward through a large recording rewrites most
// of them); the state says `seeking` until a move is written.
// Server thread only: sim::Simulator calls it from other threads with
// blocking invocations.

#include "informer/core/result.h"

#include <QString>
#include <QStringList>

namespace informant::sim {

struct RecordingReplayState
{
    QString file;
    QString recordedAt; // RFC 3339 UTC, as the recording's header says; empty if unknown
    // The resources the recording holds, by qualified name ("pods",
    // "deployments.apps"), as its header declares them.
    QStringList resources;
    qint64 positionMs = 0;
    qint64 durationMs = 0; // the offset of the recording's last change
    double speed = 1;
    bool paused = false;
    // A move is still writing the objects to the recorded state at
    // positionMs (back, or forward through the changes up to it); the
    // position stays there until a move backward is done. Those writes are
    // the move's, not the recorded pace of changes.
    bool seeking = false;
    // The recorded changes now in effect (the first changesApplied of changes).
    qint64 changesApplied = 0;
    qint64 changes = 0;
    bool finished() const
    {
        return changesApplied == changes && positionMs >= durationMs && !seeking;
    }
};

class RecordingReplayControl
{
public:
    virtual ~RecordingReplayControl() = default;

    virtual RecordingReplayState replayState() const = 0;
    // A paused replay keeps its position until resumed or moved.
    virtual void setReplayPaused(bool paused) = 0;
    // Moves to `positionMs` (past the end: the end). Errors for a negative time.
    virtual Result<void> seekReplay(qint64 positionMs) = 0;
    // Plays `speed` times as fast as recorded from now on. Errors unless > 0.
    virtual Result<void> setReplaySpeed(double speed) = 0;
};

} // namespace informant::sim
