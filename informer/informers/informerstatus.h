#pragma once

// InformerStatus: the live freshness of one informer, as the status bar, the
// informers panel and `informantctl --stats` show it. A plain value, published
// by the informer's thread and copied by readers.

#include <QMetaType>
#include <QString>

namespace informant {

struct InformerStatus
{
    enum class State {
        Pending,      // not started
        Listing,      // initial list or relist in progress (itemsListed so far)
        Watching,     // synced and watching: fresh
        BackingOff,   // waiting until retryAtMs before the next attempt
        Unauthorized, // 401: the server did not accept the credentials; retrying
        Forbidden,    // 403: the credentials may not list or watch; retrying
        Error,        // the last attempt failed; lastError says why
        Stopped,
        // The cluster's credential plugin waits for the user to sign in
        // (a device code, a browser login), and this informer's list waits
        // for its credential. The informer itself sees only a slow request:
        // the GUI's session, which hears the plugin's prompts, sets it.
        WaitingForSignIn,
        // The cluster no longer serves the kind (its CRD was deleted, or its
        // API went away): the watch is stopped, not failing. Set by the GUI's
        // session, which hears it from discovery.
        Gone,
        // A watch request is out and its response has not started (no
        // headers yet): not watching, whatever the last stream was. After
        // ReflectorOptions::watchAnswerTimeoutMs without an answer the state
        // turns to Error, naming the silence.
        Connecting,
        // The cluster is a replay of a recording that holds nothing of the
        // kind (informant --replay): there is no informer and nothing to
        // list, and an empty list would read as "none in the cluster". Set
        // by the GUI's session, from the recording's header.
        NotRecorded,
    };

    State state = State::Pending;
    bool synced = false;
    qint64 itemsListed = 0; // during Listing
    qint64 objects = 0;     // in the cache
    QString lastResourceVersion;
    double eventsPerSecond = 0; // over the last few seconds
    double bytesPerSecond = 0;
    qint64 events = 0; // watch events that changed objects, since start (not bookmarks)
    qint64 relists = 0;
    qint64 watchRestarts = 0;
    qint64 lastEventMs = -1; // wall clock of the last such event, -1 if none
    qint64 retryAtMs = -1;   // wall clock of the next attempt when BackingOff
    qint64 listedMs = -1;    // time from start to the first list's Replace (before processing it)
    qint64 syncedMs = -1;    // time from start to first sync
    // Changes waiting for a consumer: deltas in the informer's queue plus
    // notifications/changes in its handlers' buffers. A consumer slower than
    // the change rate makes them coalesce per object (O(objects), not
    // O(changes)) instead of growing without bound.
    qint64 backlog = 0;     // waiting now
    qint64 backlogPeak = 0; // the queue's peak plus each handler buffer's peak
    qint64 coalesced = 0;   // changes merged into a newer one of the same object
    QString lastError;      // server Status message or transport error
    // lastError came after the informer last watched: it explains the
    // present state, not one it recovered from.
    bool lastErrorCurrent = false;
    // The requests carry none of the user's credentials: the server is not
    // https, and as with kubectl they go only over https (credentials.h).
    // An Unauthorized then means the server wants credentials, not that it
    // refused the ones sent. Set by the GUI's session, which knows the server.
    bool credentialsWithheld = false;

    static QString stateName(State state); // "listing", "watching", ...
    // Nothing to fix or wait for: watching, or deliberately not (Gone, NotRecorded).
    bool healthy() const
    {
        return state == State::Watching || state == State::Gone || state == State::NotRecorded;
    }
};

} // namespace informant

Q_DECLARE_METATYPE(informant::InformerStatus)
