#pragma once

// HistoryStore: every revision of the objects of the kinds it is fed, as
// observed since their watch started (spec §3, History): the object, the time
// it was observed, its resourceVersion and the field changes from the
// revision before (FieldChange, noise left out).
//
// Fed every change of each kind, unmerged, with the object it replaced
// (KindSource::changesObserved). Nothing is kept for an object until it
// changes: then the state it replaced becomes its first revision ("first
// seen", at the time its kind was listed, or its creation if later) and the
// change the next. An object the user opens that never changed gets its
// current state as the first revision (openObject), so the tab is never
// empty. Deletions are recorded for objects with revisions.
//
// Revisions belong to one object, identified as the timeline identifies it
// (objectKey(): its uid; a Node, or an object without one, by its name, in a
// window of several clusters after its cluster's: each has its node-1). Such
// a window feeds every cluster's changes under row keys that name the
// cluster (models/clusterrowkey.h); the `key`s below are those keys. A
// pod deleted and created again under the same name (a StatefulSet's, a
// `kubectl replace --force`) is another object, with a new uid and a history
// of its own: the new one's History does not continue the old one's after
// its "deleted". It names the earlier object instead
// (earlierObject): its uid and when it was deleted, remembered for a bounded
// number of names per kind even when the earlier one had no revisions.
//
// The field changes are computed when the revisions are read, not when they
// arrive: a change storm costs a few hash look-ups per change, and only the object
// on screen is parsed and compared.
//
// Bounded: at most perObjectLimit revisions per object, and totalLimit
// revisions and totalBytes of objects in all. Over the total, the kind that
// holds the most revisions gives up its oldest, so a noisy kind (leases,
// events) does not wipe a quiet kind's history; the open object's revisions
// are never given up for others. A revision whose predecessor was dropped
// before its changes were read says so. Kinds are named by KindInfo::id(),
// objects by identityOf().
// GUI-thread object, not thread-safe.

#include "informer/informers/changebatch.h"
#include "models/history/fieldchange.h"

#include <QHash>
#include <QObject>
#include <QQueue>

#include <functional>

namespace informant {

struct ObjectRevision
{
    quint64 sequence = 0;  // store-wide, increasing: identifies the revision
    qint64 observedMs = 0; // the cluster's time (SecondClock) when it reached the GUI
    QString resourceVersion;
    KubeObject object;
    bool deleted = false;
    // Deleted: no watch event said so; it was missing from a relist (a
    // restored or failed-over API server, a watch away while it went).
    bool missingFromRelist = false;
    bool first = false; // first seen (no predecessor to compare)
    // The state the user opened, not yet confirmed by a change the watch
    // delivered (replaced by the watch's account at the first).
    bool openedAs = false;
    // `changes` and `omittedChanges` are filled: the predecessor was still
    // kept when they were asked for.
    bool changesKnown = false;
    QList<FieldChange> changes; // from the previous revision
    int omittedChanges = 0;

    // "status.containerStatuses[0].restartCount 3→4; …" or a note.
    QString changeSummary(int maxItems = 3) const;
};

// The object a name held before the current one: deleted (or replaced
// while the watch was away) at deletedMs, the cluster's time.
struct EarlierObject
{
    QString uid;
    qint64 deletedMs = -1;
    // No watch event said it was deleted: it was missing from the relist at
    // deletedMs (a DeletedFinalStateUnknown, or a relist that handed over
    // another object under its name).
    bool missingFromRelist = false;

    bool isNull() const { return deletedMs < 0; }
};

class HistoryStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryStore)

public:
    static constexpr int kDefaultPerObjectLimit = 100;
    static constexpr int kDefaultTotalLimit = 20'000;
    static constexpr qint64 kDefaultTotalBytes = 256LL * 1024 * 1024;
    // Deletions remembered per kind for earlierObject() (names and uids:
    // about a megabyte at most).
    static constexpr int kEndedPerKindLimit = 4096;

    // Which object `object` of `cluster` (empty in a window of one) is: its
    // uid, or the timeline's name key for a Node or an object without one,
    // after the cluster (objectKey() of its reference in `cluster`).
    static QString identityOf(const KubeObject &object, QStringView cluster = {});

    explicit HistoryStore(QObject *parent = nullptr);
    ~HistoryStore() override;

    void setLimits(int perObject, int total, qint64 totalBytes = kDefaultTotalBytes);
    // Default: the cluster's time, SecondClock::clusterTimeAt() the wall clock.
    void setClock(std::function<qint64()> nowMs);

    // Every change of `kind`, in order (a snapshot batch is the state, not a
    // change, and only marks when the kind was listed).
    void applyBatch(const QString &kind, const ChangeBatch &batch);
    // The user opened the object `identity` of `kind`: its revisions are
    // kept whatever other kinds do until another is opened or closeObject();
    // without revisions yet, `current` (that object) becomes the first.
    // `rowKey`: the key its changes come under, if not current.key() (a
    // window of several clusters').
    void openObject(const QString &kind, const QString &identity, const KubeObject &current,
                    const QString &rowKey = {});
    void closeObject();

    // Oldest first, with their field changes.
    QList<ObjectRevision> revisions(const QString &kind, const QString &identity) const;
    // The object under `key` the watch last recorded revisions of, if any.
    QString latestIdentity(const QString &kind, const QString &key) const;
    // What the name of `identity` held before it, if it was seen to go.
    EarlierObject earlierObject(const QString &kind, const QString &identity) const;
    // How the object `identity` went from under `key` (namespace/name), if
    // this store saw it go: as the last object to go under its name, or as
    // one with revisions. Null when it did not see that.
    EarlierObject endOf(const QString &kind, const QString &key, const QString &identity) const;
    qsizetype totalRevisions() const { return m_total; }
    qint64 totalBytes() const { return m_bytes; }

Q_SIGNALS:
    // New revisions recorded or old ones dropped for the object `identity`.
    void revisionsChanged(const QString &kind, const QString &identity);

private:
    struct Recorded
    {
        QString identity;
        quint64 sequence;
    };
    struct ObjectHistory
    {
        QString key;                     // namespace/name
        QList<ObjectRevision> revisions; // oldest first
        EarlierObject earlier;           // what its name held before it, once known
    };
    struct Ended
    {
        QString identity;
        EarlierObject object;
        QString successor; // the next object the watch saw under the name
        quint64 stamp = 0; // which endedOrder entry is this one's
    };
    struct EndedEntry
    {
        QString key;
        quint64 stamp;
    };
    struct KindHistory
    {
        qint64 listedMs = -1;
        QHash<QString, ObjectHistory> objects; // by identity
        // key -> the identity the watch last recorded under it, while alive.
        QHash<QString, QString> live;
        // key -> the last object seen to go under it; endedOrder bounds it.
        QHash<QString, Ended> ended;
        QQueue<EndedEntry> endedOrder; // oldest first; may name entries replaced since
        QQueue<Recorded> order;        // oldest first; may name revisions dropped since
        // The open object's entries met at the front of `order`, set aside
        // while it is open (skipping them in place made each drop O(n)).
        QList<Recorded> held;
        qsizetype count = 0;
        qint64 bytes = 0;
    };

    // False if the change recorded nothing.
    bool record(const QString &kind, KindHistory &history, const ObjectChange &change, qint64 now);
    bool recordDelete(const QString &kind, KindHistory &history, const ObjectChange &change,
                      qint64 now);
    // The object `identity` went from under `key` at `now` (deleted, or
    // missing from a relist: replaced by another while the watch was away);
    // `finalState` is its last state if the change carried it. False if it
    // recorded no revision.
    bool recordEnd(const QString &kind, KindHistory &history, const QString &key,
                   const QString &identity, const KubeObject &finalState, QString uid, qint64 now,
                   bool missingFromRelist);
    // `identity` is the first object seen under `key` since the last ended.
    void noteSuccessor(const QString &kind, KindHistory &history, const QString &key,
                       const QString &identity);
    void trimEnded(KindHistory &history);
    void append(KindHistory &history, const QString &identity, const QString &key,
                const KubeObject &object, qint64 observedMs, bool deleted);
    void dropFirst(KindHistory &history, QList<ObjectRevision> &list);
    void rebuildOrder(KindHistory &history);
    qint64 firstSeenMs(const KindHistory &history, const KubeObject &object, qint64 now) const;
    void enforceLimits();
    // Drops kind's oldest revision not of the open object; false if none.
    bool dropOldest(const QString &kind, KindHistory &history);
    qint64 openShare(const QString &kind, const KindHistory &history, bool bytes) const;
    // Puts the entries held for the open object back in front of the order.
    void releaseHeld();

    // mutable: field changes are filled in when first read.
    mutable QHash<QString, KindHistory> m_kinds;
    QString m_openKind;
    QString m_openIdentity;
    std::function<qint64()> m_clock;
    quint64 m_nextSequence = 1;
    quint64 m_nextEndedStamp = 1;
    qsizetype m_total = 0;
    qint64 m_bytes = 0;
    int m_perObjectLimit = kDefaultPerObjectLimit;
    int m_totalLimit = kDefaultTotalLimit;
    qint64 m_byteLimit = kDefaultTotalBytes;
};

} // namespace informant
