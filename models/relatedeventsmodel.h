#pragma once

// RelatedEventsModel: the events about one object (core/v1 involvedObject or
// events.k8s.io regarding), looked up in the events cache's "involvedObject"
// index by the object's uid — never a scan of all events — in the object's
// own cluster (a window of several holds every cluster's events). Newest first.
// Only the few events of the selected object are decoded (Qt JSON DOM).
// Columns: Type, Reason, Last seen, Count, From, Message; a Warning's Type
// is drawn in the Events table's tone for it (statustone.h's cellTone); the
// Message cell shows the message on one line, its tooltip the whole of it
// (rich text, so it wraps). GUI thread.

#include "informer/cache/indexer.h"
#include "informer/core/kubeobject.h"

#include <QAbstractTableModel>
#include <QList>

namespace informant {

class RelatedEventsModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RelatedEventsModel)

public:
    struct Event
    {
        // metadata.uid; the cache key when the server sent none. Orders events
        // seen at the same time, which would otherwise swap between refreshes.
        QString uid;
        QString type; // Normal, Warning
        QString reason;
        QString message;
        QString source;
        qint64 lastSeenMs = -1;
        qint64 count = 1;

        friend bool operator==(const Event &, const Event &) = default;
    };
    enum Column {
        TypeColumn,
        ReasonColumn,
        LastSeenColumn,
        CountColumn,
        FromColumn,
        MessageColumn,
        ColumnCount
    };

    explicit RelatedEventsModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // Re-reads the events whose involved object has one of `involvedUids`
    // from `events` (null: none), of `cluster` only: in a window of several
    // clusters the cache's keys name each event's cluster
    // (models/clusterrowkey.h), in a window of one none does (empty).
    // Rows that did not change stay put, so the view keeps its selection and
    // scroll.
    void refresh(const Indexer *events, const QStringList &involvedUids, QStringView cluster = {});
    static Event decode(const KubeObject &event);
    const QList<Event> &events() const { return m_events; }
    void setFixedNowMs(qint64 nowMs) { m_fixedNowMs = nowMs; }

private:
    QList<Event> m_events;
    qint64 m_fixedNowMs = 0;
};

} // namespace informant
