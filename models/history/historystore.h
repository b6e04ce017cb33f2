#pragma once

// HistoryStore: every revision of the objects of the kinds it is fed, as
// observed from the watch since it started (spec §3, History): the object, the
// time it was observed, its resourceVersion and the field changes from the
// revision before (FieldChange, noise left out).
//
// Fed with the same ChangeBatches the tables get (applyBatch with the kind).
// Its first observation of an object (the list) is kept aside, not counted as
// a revision; when the object first changes, that state becomes its first
// revision ("first seen", at the time it was observed) and the change the
// second. An object that never changed gets its first revision when the user
// opens it (openObject), so the History tab is never empty. A relist that no
// longer has an object records its deletion.
//
// The field changes are computed when the revisions are read, not when they
// arrive: a change storm records at the cost of a hash insert, and only the
// object on screen is parsed and compared.
//
// Bounded twice: at most perObjectLimit revisions per object (oldest dropped
// first) and totalLimit in all (the globally oldest revision dropped first);
// a revision whose predecessor was dropped before its changes were read says
// so. An observation with the resourceVersion already recorded is not a new
// revision. GUI-thread object, not thread-safe.

#include "informer/informers/changebatch.h"
#include "models/history/fieldchange.h"

#include <QHash>
#include <QObject>
#include <QQueue>
#include <QSet>

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

    explicit HistoryStore(QObject *parent = nullptr);
    ~HistoryStore() override;

    void setLimits(int perObject, int total);
    int perObjectLimit() const { return m_perObjectLimit; }
    int totalLimit() const { return m_totalLimit; }
    void setClock(std::function<qint64()> nowMs);

    void applyBatch(const QString &kind, const ChangeBatch &batch);
    // One observation of kind/key; true if it recorded a revision (false for
    // the first observation and for a resourceVersion already recorded).
    bool observe(const QString &kind, const QString &key, const KubeObject &object,
                 bool deleted = false);
    // The user opened kind/key: an object without revisions gets its last
    // observed state (or `current`, if never observed) as the first.
    void openObject(const QString &kind, const QString &key, const KubeObject &current = {});

    // Oldest first, with their field changes.
    QList<ObjectRevision> revisions(const QString &kind, const QString &key) const;
    qsizetype totalRevisions() const { return m_total; }

Q_SIGNALS:
    // New revisions recorded or old ones dropped for kind/key.
    void revisionsChanged(const QString &kind, const QString &key);

private:
    // The last observed state of a live object.
    struct Observed
    {
        KubeObject object;
        qint64 seenMs = 0;
        bool recorded = false; // is its object's newest revision
    };
    struct KindHistory
    {
        QHash<QString, Observed> latest;                 // key -> live objects
        QHash<QString, QList<ObjectRevision>> revisions; // key -> oldest first
    };
    struct Recorded
    {
        QString kind;
        QString key;
        quint64 sequence;
    };

    void append(const QString &kind, const QString &key, const KubeObject &object,
                qint64 observedMs, bool deleted);
    void recordDeletionsMissingFrom(const QString &kind, const ChangeBatch &snapshot);
    void enforceTotal();
    // Drops the oldest revision of kind/key (`it` in its kind's revisions).
    void dropOldest(KindHistory &history, QHash<QString, QList<ObjectRevision>>::iterator it);

    // mutable: field changes are filled in when first read.
    mutable QHash<QString, KindHistory> m_kinds;
    QQueue<Recorded> m_order; // oldest first; may name revisions dropped since
    std::function<qint64()> m_clock;
    quint64 m_nextSequence = 1;
    qsizetype m_total = 0;
    int m_perObjectLimit = kDefaultPerObjectLimit;
    int m_totalLimit = kDefaultTotalLimit;
};

} // namespace informant
