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
// empty. Deletions are recorded for objects with revisions; an object
// re-created under the same name continues its list.
//
// The field changes are computed when the revisions are read, not when they
// arrive: a change storm costs a hash insert per change, and only the object
// on screen is parsed and compared.
//
// Bounded: at most perObjectLimit revisions per object, and totalLimit
// revisions and totalBytes of objects in all. Over the total, the kind that
// holds the most revisions gives up its oldest, so a noisy kind (leases,
// events) does not wipe a quiet kind's history; the open object's revisions
// are never given up for others. A revision whose predecessor was dropped
// before its changes were read says so. Kinds are named by KindInfo::id().
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
    qint64 observedMs = 0; // wall clock when it reached the GUI
    QString resourceVersion;
    KubeObject object;
    bool deleted = false;
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

class HistoryStore final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HistoryStore)

public:
    static constexpr int kDefaultPerObjectLimit = 100;
    static constexpr int kDefaultTotalLimit = 20'000;
    static constexpr qint64 kDefaultTotalBytes = 256LL * 1024 * 1024;

    explicit HistoryStore(QObject *parent = nullptr);
    ~HistoryStore() override;

    void setLimits(int perObject, int total, qint64 totalBytes = kDefaultTotalBytes);
    void setClock(std::function<qint64()> nowMs);

    // Every change of `kind`, in order (a snapshot batch is the state, not a
    // change, and only marks when the kind was listed).
    void applyBatch(const QString &kind, const ChangeBatch &batch);
    // The user opened kind/key: its revisions are kept whatever other kinds
    // do until another is opened or closeObject(); without revisions yet,
    // `current` becomes the first.
    void openObject(const QString &kind, const QString &key, const KubeObject &current);
    void closeObject();

    // Oldest first, with their field changes.
    QList<ObjectRevision> revisions(const QString &kind, const QString &key) const;
    qsizetype totalRevisions() const { return m_total; }
    qint64 totalBytes() const { return m_bytes; }

Q_SIGNALS:
    // New revisions recorded or old ones dropped for kind/key.
    void revisionsChanged(const QString &kind, const QString &key);

private:
    struct Recorded
    {
        QString key;
        quint64 sequence;
    };
    struct KindHistory
    {
        qint64 listedMs = -1;
        QHash<QString, QList<ObjectRevision>> revisions; // key -> oldest first
        QQueue<Recorded> order; // oldest first; may name revisions dropped since
        // The open object's entries met at the front of `order`, set aside
        // while it is open (skipping them in place made each drop O(n)).
        QList<Recorded> held;
        qsizetype count = 0;
        qint64 bytes = 0;
    };

    // False if the change recorded nothing.
    bool record(KindHistory &history, const ObjectChange &change, qint64 now);
    void append(KindHistory &history, const QString &key, const KubeObject &object,
                qint64 observedMs, bool deleted);
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
    QString m_openKey;
    std::function<qint64()> m_clock;
    quint64 m_nextSequence = 1;
    qsizetype m_total = 0;
    qint64 m_bytes = 0;
    int m_perObjectLimit = kDefaultPerObjectLimit;
    int m_totalLimit = kDefaultTotalLimit;
    qint64 m_byteLimit = kDefaultTotalBytes;
};

} // namespace informant
