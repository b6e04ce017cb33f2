#include "ui/countspresenter.h"

#include "models/clustersession.h"
#include "models/countstick.h"
#include "models/freshness.h"
#include "models/informerstatusmodel.h"
#include "models/kindsource.h"
#include "models/mergedkindsource.h"
#include "models/secondclock.h"
#include "models/tablefeed.h"
#include "ui/clustersidebar.h"
#include "ui/detailspane.h"
#include "ui/filterpane.h"
#include "ui/resourceview.h"

#include <utility>

namespace informant {

CountsPresenter::CountsPresenter(ClusterSession *session, ResourceView *view,
                                 std::function<KindSource *()> statusBarSource, Targets targets,
                                 QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_view(view)
    , m_statusBarSource(std::move(statusBarSource))
    , m_targets(targets)
{
}

void CountsPresenter::watchSource(KindSource *source)
{
    // On the tick the table's header and the facets recount at, so that
    // they agree during a rollout.
    connect(source, &KindSource::contentChanged, this, &CountsPresenter::requestTick);
    connect(source, &KindSource::statusChanged, this, [this, source] { onStatusChanged(source); });
    connect(source, &QObject::destroyed, this,
            [this, source] { m_notWatchedSince.remove(source); });
    if (freshnessLevel(source->status()) != FreshnessLevel::Fresh)
        m_notWatchedSince.insert(source, SecondClock::nowMs());
    if (auto *merged = qobject_cast<MergedKindSource *>(source)) {
        for (const QString &cluster : merged->clusters()) {
            if (KindSource *member = merged->memberSource(cluster))
                watchMember(merged, member);
        }
        connect(
            merged, &MergedKindSource::memberAdded, this,
            [this, merged](const QString &, KindSource *member) { watchMember(merged, member); });
    }
}

void CountsPresenter::requestTick()
{
    CountsTick::instance()->request(this, [this] { refreshCounts(); });
}

void CountsPresenter::onStatusChanged(KindSource *source)
{
    const InformerStatus status = source->status();
    recordFreshness(source);
    if (source == m_view->source() || source == m_statusBarSource() || source == m_detailsSource)
        showFreshness();
    if (source == m_statusBarSource()) {
        // A new state (listed, lost) shows its count at once; the rates
        // published every 250 ms while watching leave it to the tick.
        if (int(status.state) != m_statusBarCount.state || status.synced != m_statusBarCount.synced)
            countSource(source);
        Q_EMIT countsChanged();
    }
    requestTick();
}

void CountsPresenter::watchMember(KindSource *merged, KindSource *member)
{
    // The merged source hears of the change first (connected before this)
    // and the table's freshness is shown then without this member's lapse:
    // it is shown again once that is recorded.
    connect(member, &KindSource::statusChanged, this, [this, merged, member] {
        recordFreshness(member);
        if (merged == m_view->source() || merged == m_statusBarSource())
            showFreshness();
    });
    connect(member, &QObject::destroyed, this,
            [this, member] { m_notWatchedSince.remove(member); });
    if (freshnessLevel(member->status()) != FreshnessLevel::Fresh)
        m_notWatchedSince.insert(member, SecondClock::nowMs());
}

void CountsPresenter::recordFreshness(KindSource *source)
{
    // Since the first status seen off watching: later ones (reconnecting,
    // relisting) are the same lapse.
    if (freshnessLevel(source->status()) == FreshnessLevel::Fresh)
        m_notWatchedSince.remove(source);
    else if (!m_notWatchedSince.contains(source))
        m_notWatchedSince.insert(source, SecondClock::nowMs());
}

qint64 CountsPresenter::notWatchedSince(KindSource *source) const
{
    return m_notWatchedSince.value(source, -1);
}

void CountsPresenter::tableChanged()
{
    // The facets count the table's objects, as the header and the shown
    // kind's count here do.
    m_targets.filter->setFeed(m_view->feed());
    if (TableFeed *feed = m_view->feed()) {
        // The header recounts on the tick after each batch: so do the
        // others, or they would keep the count before it.
        connect(feed->model(), &ResourceTableModel::batchApplied, this,
                &CountsPresenter::requestTick);
    }
    showFreshness();
    refreshCounts(); // the kind shown before counts its cache again
}

qint64 CountsPresenter::countOf(KindSource *source) const
{
    const TableFeed *feed = m_view->feed();
    if (feed && feed->source() == source && feed->isPopulated())
        return feed->model()->totalObjects();
    return source->indexer().size();
}

void CountsPresenter::refreshCounts()
{
    for (KindSource *s : m_session->sources())
        countSource(s);
    Q_EMIT countsChanged();
}

void CountsPresenter::countSource(KindSource *source)
{
    // Read once and shown in every place: under churn reads at different
    // moments differ.
    const qint64 objects = countOf(source);
    m_targets.sidebar->showCount(source, objects, notWatchedSince(source));
    m_targets.panel->setObjectCount(source, objects);
    if (source == m_statusBarSource()) {
        const InformerStatus status = source->status();
        m_statusBarCount = StatusBarCount{source, objects, int(status.state), status.synced};
    }
}

qint64 CountsPresenter::statusBarCount(KindSource *source)
{
    if (m_statusBarCount.source != source)
        countSource(source);
    return m_statusBarCount.objects;
}

void CountsPresenter::setDetailsSource(KindSource *source, const QString &cluster)
{
    if (source == m_detailsSource && cluster == m_detailsCluster)
        return;
    m_detailsSource = source;
    m_detailsCluster = cluster;
    showFreshness();
}

void CountsPresenter::shownSourceChanged()
{
    showFreshness();
}

void CountsPresenter::showFreshness()
{
    // The facets count what is on screen: the table's rows, or over the
    // timeline its events, which the events' informer brings (it faded by
    // the table's kind's behind it). The details pane shows a row's object.
    KindSource *facetsSource = m_statusBarSource();
    InformerStatus status;
    status.state = InformerStatus::State::Watching; // nothing shown: nothing stale
    if (facetsSource)
        status = facetsSource->status();
    // The facets count every cluster's rows: they are stale when the table
    // fades all of them, not while one cluster's rows alone are faded.
    bool facetsStale = freshnessLevel(status) != FreshnessLevel::Fresh;
    QHash<QString, QString> clustersNotLive;
    if (const auto *merged = qobject_cast<const MergedKindSource *>(facetsSource)) {
        const QStringList notLive = merged->notLiveClusters();
        facetsStale = facetsStale && notLive.size() >= merged->clusters().size();
        for (const QString &cluster : notLive) {
            if (KindSource *member = merged->memberSource(cluster))
                clustersNotLive.insert(cluster,
                                       notWatchedText(member->status(), notWatchedSince(member)));
        }
    }
    m_targets.filter->setClustersNotLive(clustersNotLive);
    m_targets.filter->setStale(facetsStale ? notWatchedText(status, notWatchedSince(facetsSource))
                                           : QString());

    KindSource *detailsSource = m_detailsSource ? m_detailsSource.data() : m_view->source();
    if (const auto *merged = qobject_cast<const MergedKindSource *>(detailsSource)) {
        if (KindSource *member = merged->memberSource(m_detailsCluster))
            detailsSource = member;
    }
    InformerStatus detailsStatus;
    detailsStatus.state = InformerStatus::State::Watching; // no source: nothing stale
    if (detailsSource)
        detailsStatus = detailsSource->status();
    m_targets.details->setFreshness(detailsStatus,
                                    detailsSource ? notWatchedSince(detailsSource) : -1);
}

} // namespace informant
