#pragma once

// InformerStatusModel: one row per informer (kind) of a cluster with its live
// freshness — state, objects, events/s, relists, watch restarts and the last
// error — for the informers panel. Rows are added as informers start; a
// status change is one dataChanged for its row. A window over several
// clusters has one informer per cluster and kind behind each table
// (MergedKindSource): each is a row of its own, its cluster named, a kind's
// clusters side by side, so one cluster down reads as that cluster down (in
// the panel's first rows) and not as every kind failing. tick() refreshes the
// time-based texts ("reconnecting in N s", last event age). A replay's move
// to another time (setReplayMoving) writes many objects at once: those
// changes are its jump, not a rate of cluster changes, and stay out of
// events/s.
// Columns: Cluster (empty in a one-cluster window), Kind, State, Objects, Events/s, Restarts, Last
// event, Message. GUI thread.

#include "informer/informers/clock.h"
#include "models/kindsource.h"

#include <QAbstractTableModel>
#include <QList>
#include <QPointer>

namespace informant {

class InformerStatusModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InformerStatusModel)

public:
    enum Column {
        ClusterColumn,
        KindColumn,
        StateColumn,
        ObjectsColumn,
        RateColumn,
        RestartsColumn,
        LastEventColumn,
        MessageColumn,
        ColumnCount
    };
    enum Role {
        LevelRole = Qt::UserRole + 1, // FreshnessLevel as int
        ProgressRole,                 // 0..100 while listing, -1 otherwise
        StatusRole,                   // InformerStatus
    };

    explicit InformerStatusModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // A MergedKindSource is its members' rows, one per cluster, and those of
    // the members it takes later.
    void addSource(KindSource *source);
    // The informer of `row`: a merged source's member, not the merged source.
    KindSource *sourceAt(int row) const;
    QString clusterAt(int row) const;
    // Some row names its cluster (a window over several clusters).
    bool hasClusters() const;
    // ProgressRole's value for `source`: 0..100 while a relist is under way
    // (it knows how many objects to expect), -1 otherwise. For a merged
    // source, the least of its listing members'.
    int listingProgress(const KindSource *source) const;
    // The size of `source`'s cache as the window last read it, for the Objects
    // column: the tree and the status bar show the same read (the status's
    // own count is taken at other moments, and under churn the two differed).
    // A merged source's members count their own caches at the same moment.
    void setObjectCount(KindSource *source, qint64 count);
    void setFixedNowMs(qint64 nowMs) { m_fixedNowMs = nowMs; }
    void tick(); // time-based texts changed; the rates are read again
    // The clock the informers' rates are measured on (InformerStatusTracker's).
    void setRateClock(std::shared_ptr<Clock> clock) { m_rateClock = std::move(clock); }
    // A replay is moving to another time (ReplayPosition::seeking), or has
    // stopped moving: the changes applied meanwhile are left out of the
    // rates, which count from the end of the move until their window no
    // longer holds it.
    void setReplayMoving(bool moving);

    // Informers that are not watching.
    int unhealthyCount() const;
    // The status bar's word on all the informers, as rich text: "27 informers
    // watching", or "3 of 27 informers not watching" in amber, with the
    // clusters they are in when rows name them ("9 of 18 informers not
    // watching — west"). While lists wait for the user to sign in it says
    // that instead of counting them: they are not failing, and the sign-in
    // banner says what to do.
    QString summaryText() const;

Q_SIGNALS:
    void summaryChanged();

private:
    struct Entry
    {
        QPointer<KindSource> source;
        QString cluster;             // empty in a one-cluster window
        QPointer<KindSource> merged; // the table's source `source` is a member of
        InformerStatus status;
        qint64 expectedObjects = 0;  // objects before a relist, for progress
        qint64 objectCount = -1;     // setObjectCount(); -1: not read yet
        qint64 eventsAtMoveEnd = -1; // applied when the last replay move ended
    };
    qint64 nowMs() const;
    void addEntry(KindSource *source, const QString &cluster, KindSource *merged);
    // Where a new row of `merged` goes: after that kind's last row.
    int insertionRow(const KindSource *merged) const;
    void onStatus(KindSource *source, const InformerStatus &status);
    static int progressOf(const Entry &e);
    // `live`'s events/s without the changes of a replay's move.
    double eventRate(const Entry &e, const InformerStatus &live) const;

    QList<Entry> m_entries;
    QList<QPointer<KindSource>> m_mergedSources; // added, as their members' rows
    qint64 m_fixedNowMs = 0;
    std::shared_ptr<Clock> m_rateClock = SystemClock::shared();
    bool m_replayMoving = false;
    qint64 m_moveEndMs = -1; // m_rateClock's time; -1: no move yet
};

} // namespace informant
