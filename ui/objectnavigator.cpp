#include "ui/objectnavigator.h"

#include "models/clusterrowkey.h"
#include "models/clustersession.h"
#include "models/freshness.h"
#include "models/resourcetablemodel.h"
#include "models/secondclock.h"
#include "ui/noticebar.h"
#include "ui/resourceview.h"

#include <QTableView>

#include <memory>
#include <utility>

namespace informant {

ObjectNavigator::ObjectNavigator(ClusterSession *session, ResourceView *view, NoticeBar *notice,
                                 std::function<bool(const KindInfo &)> showKind,
                                 std::function<KindInfo()> shownKind, QObject *parent)
    : QObject(parent)
    , m_session(session)
    , m_view(view)
    , m_notice(notice)
    , m_showKind(std::move(showKind))
    , m_shownKind(std::move(shownKind))
{
}

// The wish lives with the table's model, which may outlive the navigator.
ObjectNavigator::~ObjectNavigator()
{
    delete m_pendingSelection.data();
}

void ObjectNavigator::showKindNamed(const QString &name)
{
    m_requestedKind = name;
    resolveRequestedKind();
}

void ObjectNavigator::onKindsChanged()
{
    if (!m_requestedKind.isEmpty())
        resolveRequestedKind();
}

void ObjectNavigator::resolveRequestedKind()
{
    const KindInfo requested = m_session->findKind(m_requestedKind);
    if (requested.isValid() && m_showKind(requested)) {
        m_requestedKind.clear();
        return;
    }
    if (!m_session->kindsDiscovered())
        return; // custom kinds come with discovery: onKindsChanged asks again
    const QString name = std::exchange(m_requestedKind, QString());
    const QList<KindInfo> close = m_session->similarKinds(name);
    if (!close.isEmpty())
        m_showKind(close.first());
    QString text = QStringLiteral("No kind \"%1\" on this cluster.").arg(name);
    const KindInfo shown = m_shownKind();
    if (!close.isEmpty()) {
        QStringList others;
        for (const KindInfo &k : close.mid(1)) {
            if (k.plural != close.first().plural && !others.contains(k.plural))
                others.append(k.plural);
        }
        text += QStringLiteral(" Showing %1, the closest name").arg(close.first().plural);
        text += others.isEmpty() ? QStringLiteral(".")
                                 : QStringLiteral(" (also close: %1).").arg(others.join(u", "));
    } else if (shown.isValid()) {
        text += QStringLiteral(" Showing %1.").arg(shown.plural);
    }
    text += QStringLiteral(" Ctrl+K lists the kinds.");
    m_notice->showNotice(text);
}
void ObjectNavigator::followLink(const QString &apiVersion, const QString &kind, const QString &ns,
                                 const QString &name)
{
    // In a table of several clusters, a link goes to the object in the
    // linking row's own cluster (read before another kind is shown).
    const QString cluster =
        clusterOfRowKey(
            m_view->table()->currentIndex().data(ResourceTableModel::KeyRole).toString())
            .toString();
    followLinkIn(cluster, apiVersion, kind, ns, name);
}

void ObjectNavigator::followLinkIn(const QString &cluster, const QString &apiVersion,
                                   const QString &kind, const QString &ns, const QString &name)
{
    const KindInfo target = m_session->kindOf(apiVersion, kind);
    // "Pod shop/web-1": the same name may be in several namespaces.
    const QString what =
        kind + u' ' +
        (ns.isEmpty() || (target.isValid() && !target.namespaced) ? name : ns + u'/' + name);
    if (!target.isValid() || !m_showKind(target)) {
        explainUnfollowed(
            QStringLiteral("%1: this cluster does not serve %2.").arg(what, apiVersion));
        return;
    }
    const QString key = ns.isEmpty() || !target.namespaced ? name : ns + u'/' + name;
    selectWhenPopulated(cluster.isEmpty() ? key : clusterRowKey(cluster, key), what);
}

void ObjectNavigator::selectWhenPopulated(const QString &key, const QString &what)
{
    delete m_pendingSelection.data();
    // What the last wish said is answered by this one.
    m_notice->withdrawNotice(std::exchange(m_selectionNotice, QString()));
    TableFeed *feed = m_view->feed();
    if (!feed || m_view->selectKey(key))
        return;
    // Rows arrive from the worker shortly after a kind switch, and a kind
    // just started lists first. The wish lives with the table's model, so
    // another kind shown drops it.
    auto *pending = new QObject(feed->model());
    m_pendingSelection = pending;
    // A signal may still come between settling and the deferred delete.
    auto settled = std::make_shared<bool>(false);
    auto attempt = [this, pending, feed, key, what, settled] {
        if (*settled)
            return;
        const auto explain = [this](const QString &text) {
            m_selectionNotice = text;
            m_notice->showNotice(text);
        };
        const auto settle = [pending, settled] {
            *settled = true;
            pending->deleteLater();
        };
        KindSource *source = feed->source();
        const InformerStatus status = source->status();
        if (m_view->selectKey(key)) {
            // An early word (the list failed, the filters) was overtaken.
            m_notice->withdrawNotice(std::exchange(m_selectionNotice, QString()));
            settle();
        } else if (status.synced && !source->indexer().getByKey(key)) {
            explain(QStringLiteral("%1 is not in the cluster any more.").arg(what));
            settle();
        } else if (!status.synced && freshnessLevel(status) == FreshnessLevel::Failed) {
            // The informer retries: selected still if its list comes.
            explain(
                QStringLiteral("%1 is not loaded: the list of %2 failed (%3).")
                    .arg(what, source->kind().plural, freshnessText(status, SecondClock::nowMs())));
        } else if (status.synced && feed->isPopulated() && m_view->filtersActive()) {
            // In the cache and past the first batch, yet not in the table.
            explain(QStringLiteral("%1 is hidden by the filters.").arg(what));
        }
    };
    connect(feed->model(), &ResourceTableModel::batchApplied, pending, attempt);
    connect(feed->source(), &KindSource::statusChanged, pending, attempt);
    attempt();
}

void ObjectNavigator::explainUnfollowed(const QString &text)
{
    delete m_pendingSelection.data();
    m_notice->withdrawNotice(m_selectionNotice);
    m_selectionNotice = text;
    m_notice->showNotice(text);
}

void ObjectNavigator::selectFirstRowWhenPopulated()
{
    ResourceTableModel *model = m_view->feed() ? m_view->feed()->model() : nullptr;
    if (!model)
        return;
    auto select = [this, model] {
        if (model->rowCount() == 0 || m_view->table()->currentIndex().isValid())
            return;
        m_view->table()->setCurrentIndex(model->index(0, 0));
        m_view->table()->selectRow(0);
    };
    select();
    connect(model, &ResourceTableModel::batchApplied, this, select);
}

} // namespace informant
