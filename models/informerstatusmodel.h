#pragma once

// InformerStatusModel: one row per informer (kind) of a cluster with its live
// freshness — state, objects, events/s, relists, watch restarts and the last
// error — for the informers panel. Rows are added as informers start; a
// status change is one dataChanged for its row. A window over several
// clusters has one informer per cluster and kind behind each table
// (MergedKindSource): each is a row of its own, its cluster named, a kind's
// clusters side by side, so one cluster down reads as that cluster down (in
// the panel's first rows) and not as every kind failing. tick() refreshes the
// time-based texts ("reconnecting in N s", last event age).
// Events/s counts per second of the cluster's time (SecondClock), as the
// ages do: in a replay, of the recording's, the pace its cluster had, at
// whatever speed it plays (at 10x, not ten times it); paused, or at its
// end, the rate of that moment, still as the clock is (on the wall clock it
// fell to 0 within seconds, as if the cluster had gone quiet). A replay's
// move to another time (setReplayMoving) writes many objects at once: those
// changes are its jump, not a rate of cluster changes, and stay out of
// events/s.
// Columns: Cluster (empty in a one-cluster window), Kind, State, Objects, Events/s, Restarts, Last
// event, Message. GUI thread.

#include "models/kindsource.h"

#include <QAbstractTableModel>
#include <QList>
#include <QPointer>

#include <functional>

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
    // The time the rates are counted in (for tests); default: the cluster's
    // time, SecondClock::clusterTimeAt() the wall clock.
    void setClock(std::function<qint64()> nowMs) { m_clock = std::move(nowMs); }
    // A replay is moving to another time (ReplayPosition::seeking), or has
    // stopped moving: the changes applied meanwhile are left out of the
    // rates, which count from the end of the move.
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
        qint64 expectedObjects = 0; // objects before a relist, for progress
        qint64 objectCount = -1;    // setObjectCount(); -1: not read yet
        // The events applied by a moment of m_clock, oldest first: from the
        // newest one a rate window old (eventRate's base) on.
        struct EventsAt
        {
            qint64 clockMs = 0;
            qint64 events = 0;
        };
        QList<EventsAt> eventsAt;
    };
    qint64 nowMs() const;
    void addEntry(KindSource *source, const QString &cluster, KindSource *merged);
    // Where a new row of `merged` goes: after that kind's last row.
    int insertionRow(const KindSource *merged) const;
    void onStatus(KindSource *source, const InformerStatus &status);
    static int progressOf(const Entry &e);
    // Notes `events` applied by now, for the rates.
    void sampleEvents(Entry &e, qint64 events) const;
    // Events/s by `live`'s count of events, in m_clock's time.
    double eventRate(const Entry &e, const InformerStatus &live) const;

    QList<Entry> m_entries;
    QList<QPointer<KindSource>> m_mergedSources; // added, as their members' rows
    qint64 m_fixedNowMs = 0;
    std::function<qint64()> m_clock;
    bool m_replayMoving = false;
};

} // namespace informant
