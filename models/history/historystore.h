#pragma once

// HistoryStore: every revision of the objects the user opened (and, when
// asked, of every object of a kind), as observed from the watch: the object,
// the time it was observed, its resourceVersion and the field changes from
// the revision before (FieldChange, noise left out).
//
// Fed with the same ChangeBatches the tables get (applyBatch with the kind),
// only tracked keys are kept. Bounded twice: at most perObjectLimit revisions
// per object (oldest dropped first) and totalLimit in all (the globally
// oldest revision dropped first). An upsert with the resourceVersion already
// recorded is not a new revision. GUI-thread object, not thread-safe.

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
    bool first = false;         // first revision seen (no predecessor to compare)
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

    // Starts keeping revisions of kind/key; `current` (if not null) is
    // recorded as the first revision, so the History tab is never empty.
    void track(const QString &kind, const QString &key, const KubeObject &current = {});
    void untrack(const QString &kind, const QString &key); // drops its revisions
    void trackKind(const QString &kind, bool track);
    bool isTracked(const QString &kind, const QString &key) const;

    void applyBatch(const QString &kind, const ChangeBatch &batch);
    // Records one observation of a tracked object; false if not tracked or
    // not a new revision.
    bool record(const QString &kind, const QString &key, const KubeObject &object,
                bool deleted = false);

    // Oldest first.
    QList<ObjectRevision> revisions(const QString &kind, const QString &key) const;
    qsizetype totalRevisions() const { return m_total; }

Q_SIGNALS:
    // New revisions recorded or old ones dropped for kind/key.
    void revisionsChanged(const QString &kind, const QString &key);

private:
    static QString id(const QString &kind, const QString &key) { return kind + u'\x1f' + key; }
    void enforceTotal();

    QHash<QString, QList<ObjectRevision>> m_revisions; // id -> oldest first
    QHash<QString, QSet<QString>> m_trackedKeys;       // kind -> tracked keys
    QSet<QString> m_trackedKinds;
    QQueue<std::pair<QString, quint64>> m_order; // (id, sequence), oldest first
    std::function<qint64()> m_clock;
    quint64 m_nextSequence = 1;
    qsizetype m_total = 0;
    int m_perObjectLimit = kDefaultPerObjectLimit;
    int m_totalLimit = kDefaultTotalLimit;
};

} // namespace informant
