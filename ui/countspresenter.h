#pragma once

// CountsPresenter: the window's informer counts and their freshness outside
// the table — the kind tree, the informers panel, the status bar's count,
// and the staleness of the filter pane's counts and the details pane.
//
// One count per kind on screen. The shown kind's is the table's: the objects
// its model has received (what the header counts), read on the CountsTick
// the header is refreshed at. The cache runs ahead of the table by the batch
// in flight, and 1,000 in the header beside 1,001 in the tree reads as
// drift. Other kinds (and the shown one until its table has its first
// batch) count their caches. The filter pane's facets count the table's
// objects too: it is handed the table's feed (over the timeline, they count
// its events).
//
// One rule for staleness, the table's (its rows are faded while the kind's
// informer is not watching, ui/resourceview.h): counts and the details pane
// say so too, with since when — the moment the informer was seen to leave
// watching. The filter pane's counts follow the informer of what they count:
// over the timeline, the events' (the status bar's source), not the table's
// kind behind it. In a window of several clusters the table fades each cluster's
// rows by its own informer: the details pane's freshness is its object's
// cluster's, the filter pane's counts are stale only while every cluster's
// rows are faded, and its cluster facet fades each cluster whose rows are.
// GUI thread.

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

namespace informant {

class ClusterSession;
class ClusterSidebar;
class DetailsPane;
class FilterPane;
class InformerStatusModel;
class KindSource;
class ResourceView;

class CountsPresenter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CountsPresenter)

public:
    struct Targets
    {
        ClusterSidebar *sidebar = nullptr;
        InformerStatusModel *panel = nullptr;
        FilterPane *filter = nullptr;
        DetailsPane *details = nullptr;
    };
    // `statusBarSource`: the source whose count the status bar shows (the
    // table's, or the events' over the timeline), whose freshness the filter
    // pane's counts have.
    CountsPresenter(ClusterSession *session, ResourceView *view,
                    std::function<KindSource *()> statusBarSource, Targets targets,
                    QObject *parent = nullptr);

    // Counts `source` on the ticks after its changes; follows its state.
    void watchSource(KindSource *source);
    // The table shows a new source (or the same with new columns).
    void tableChanged();
    // `statusBarSource` gives another source (the timeline shown or hidden).
    void shownSourceChanged();
    // Every informer's count, now.
    void refreshCounts();
    // The status bar's count of `source`: as last shown, counted now when
    // it was not the last one counted for the status bar.
    qint64 statusBarCount(KindSource *source);
    // Since when `source` has not been watching (wall clock ms); -1 while
    // watching.
    qint64 notWatchedSince(KindSource *source) const;
    // Where the object the details pane shows comes from: `source` (null:
    // the table's) and, in a window of several, `cluster`: its freshness is
    // that cluster's, not the least fresh one's (a healthy cluster's object
    // is live while another's watch is down).
    void setDetailsSource(KindSource *source, const QString &cluster);

Q_SIGNALS:
    // The counts were refreshed, or the status bar's source changed state:
    // the window re-words its status bar.
    void countsChanged();

private:
    void requestTick();
    void onStatusChanged(KindSource *source);
    // Since when a merged table's member has not been watching, for the
    // details pane of its cluster's objects.
    void watchMember(KindSource *merged, KindSource *member);
    void recordFreshness(KindSource *source);
    // The one count of `source` shown everywhere (the table's for its kind).
    qint64 countOf(KindSource *source) const;
    void countSource(KindSource *source);
    void showFreshness();

    ClusterSession *m_session;
    ResourceView *m_view;
    std::function<KindSource *()> m_statusBarSource;
    Targets m_targets;
    QHash<const KindSource *, qint64> m_notWatchedSince;
    QPointer<KindSource> m_detailsSource; // null: the table's
    QString m_detailsCluster;
    // The status bar's source's count as last read, for the status bar
    // between counts ticks, and the state it was read in.
    struct StatusBarCount
    {
        QPointer<KindSource> source;
        qint64 objects = 0;
        int state = -1;
        bool synced = false;
    } m_statusBarCount;
};

} // namespace informant
