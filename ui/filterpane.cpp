#include "ui/filterpane.h"

#include "models/clusterfacetmodel.h"
#include "models/countstick.h"
#include "models/kindsource.h"
#include "models/labelfacetmodel.h"
#include "models/mergedkindsource.h"
#include "models/namespacefacetmodel.h"
#include "models/tablefeed.h"
#include "ui/elidedlabel.h"
#include "ui/theme.h"
#include "ui/timeline/timelinefacets.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace informant {

namespace {

// Fusion outlines check boxes with a darker shade of the window colour:
// invisible on a dark base. Boxes the user can see instead: an outline,
// filled when checked, half-filled for part of a key. Again for each theme
// applied, as View ▸ Theme may change it while the pane is open.
void styleCheckBoxes(QTreeView *view)
{
    const QString sheet =
        isDarkTheme()
            ? QStringLiteral(
                  "QTreeView::indicator { width: 11px; height: 11px; border: 1px solid #8a8f98;"
                  " border-radius: 2px; background: #1b1d21; }"
                  "QTreeView::indicator:checked { background: #4f8fe4; border-color: #7cb7ff; }"
                  "QTreeView::indicator:indeterminate { background: #2a4a72; border-color: "
                  "#7cb7ff; }")
            : QString();
    if (view->styleSheet() != sheet)
        view->setStyleSheet(sheet);
}

QTreeView *makeFacetView(QAbstractItemModel *model, bool tree, QWidget *parent)
{
    auto *view = new QTreeView(parent);
    view->setModel(model);
    view->setRootIsDecorated(tree);
    view->setUniformRowHeights(true);
    view->setHeaderHidden(true);
    view->setAlternatingRowColors(false);
    view->setSelectionMode(QAbstractItemView::NoSelection);
    view->setFrameShape(QFrame::NoFrame);
    view->setIndentation(tree ? 14 : 0);
    // Label keys share their prefix ("batch.kubernetes.io/job-name",
    // "batch.kubernetes.io/controller-uid"): in a narrow dock their ends tell
    // them apart.
    if (tree)
        view->setTextElideMode(Qt::ElideMiddle);
    view->header()->setStretchLastSection(false);
    view->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    view->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    styleCheckBoxes(view);
    // Clicking the text toggles too, not only the tiny check box.
    QObject::connect(view, &QTreeView::clicked, view, [model](const QModelIndex &index) {
        const QModelIndex cell = index.siblingAtColumn(0);
        if (!(cell.flags() & Qt::ItemIsUserCheckable) || index.column() == 0)
            return;
        const bool on = cell.data(Qt::CheckStateRole).toInt() != Qt::Checked;
        model->setData(cell, on ? Qt::Checked : Qt::Unchecked, Qt::CheckStateRole);
    });
    return view;
}

QLabel *sectionTitle(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

} // namespace

FilterPane::FilterPane(QWidget *parent)
    : QWidget(parent)
    , m_clusters(new ClusterFacetModel(this))
    , m_namespaces(new NamespaceFacetModel(this))
    , m_labels(new LabelFacetModel(this))
    , m_clusterSection(new QWidget(this))
    , m_clusterView(makeFacetView(m_clusters, false, m_clusterSection))
    , m_namespaceView(makeFacetView(m_namespaces, false, this))
    , m_labelView(makeFacetView(m_labels, true, this))
    , m_namespaceTitle(new ElidedLabel(this))
{
    // Its text must not set the dock's width (a cluster-scoped kind's longer
    // title widened the Cluster dock, which kept that width after), and in a
    // narrow dock it ends in "…" rather than mid-letter.
    QFont titleFont = m_namespaceTitle->font();
    titleFont.setBold(true);
    m_namespaceTitle->setFont(titleFont);
    auto *clear = new QPushButton(QStringLiteral("Clear"), this);
    clear->setFlat(true);
    clear->setToolTip(QStringLiteral("Clear the cluster, namespace and label filters"));
    connect(clear, &QPushButton::clicked, this, &FilterPane::clear);

    auto *clusterLayout = new QVBoxLayout(m_clusterSection);
    clusterLayout->setContentsMargins(0, 0, 0, 4);
    clusterLayout->setSpacing(2);
    clusterLayout->addWidget(sectionTitle(QStringLiteral("Clusters"), m_clusterSection));
    clusterLayout->addWidget(m_clusterView);
    m_clusterSection->hide();
    fitClusterView();

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->setSpacing(2);
    auto *titleRow = new QHBoxLayout;
    titleRow->addWidget(m_namespaceTitle, 1); // all the room the button leaves
    titleRow->addWidget(clear);
    topLayout->addLayout(titleRow);
    topLayout->addWidget(m_namespaceView);

    auto *bottom = new QWidget(this);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 4, 0, 0);
    bottomLayout->setSpacing(2);
    bottomLayout->addWidget(sectionTitle(QStringLiteral("Labels"), this));
    bottomLayout->addWidget(m_labelView);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(bottom);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(m_clusterSection);
    layout->addWidget(split, 1);

    connect(m_clusters, &ClusterFacetModel::checkedChanged, this, &FilterPane::emitSelection);
    connect(m_namespaces, &NamespaceFacetModel::checkedChanged, this, &FilterPane::emitSelection);
    connect(m_labels, &LabelFacetModel::checkedChanged, this, &FilterPane::emitSelection);
}

void FilterPane::setSource(KindSource *source)
{
    if (m_source)
        disconnect(m_source, nullptr, this, nullptr);
    if (source != m_source) {
        // Another kind's counts go at once; this one's come with its table.
        m_shownRevision.reset();
        m_clusters->refresh({});
        m_namespaces->refresh({});
        m_labels->refreshGrouped({});
    }
    m_source = source;
    if (source)
        connect(source, &QObject::destroyed, this, [this] { m_source = nullptr; });
    m_clusterSection->setVisible(showsClusters());
    updateNamespaceSection();
    refreshNow();
}

void FilterPane::updateNamespaceSection()
{
    // The timeline's events are namespaced, whatever the table behind shows.
    const bool namespaced = m_timeline || (m_source && m_source->kind().namespaced);
    m_namespaceView->setEnabled(namespaced);
    // Short enough for the dock's width: the title no longer widens it.
    m_namespaceTitle->setText(namespaced ? QStringLiteral("Namespaces")
                                         : QStringLiteral("No namespaces"));
    m_namespaceView->setToolTip(namespaced || !m_source
                                    ? QString()
                                    : QStringLiteral("%1 are cluster-scoped: in no namespace")
                                          .arg(m_source->kind().pluralTitle()));
}

void FilterPane::setTimeline(TimelineFacets *timeline)
{
    if (timeline == m_timeline)
        return;
    const FacetSelection before = selection();
    if (m_timeline)
        disconnect(m_timeline, nullptr, this, nullptr);
    m_timeline = timeline;
    if (timeline) {
        connect(timeline, &TimelineFacets::changed, this,
                [this] { CountsTick::instance()->request(this, [this] { refreshNow(); }); });
    }
    updateNamespaceSection();
    // Back on the table, its counts at once, though they did not change.
    m_shownRevision.reset();
    refreshNow();
    // The namespaces ticked over the timeline do not filter a table of a
    // cluster-scoped kind, nor those ticked over that table the timeline.
    if (selection() != before)
        emitSelection();
}

void FilterPane::setFeed(TableFeed *feed)
{
    if (m_feed)
        disconnect(m_feed->model(), nullptr, this, nullptr);
    m_feed = feed;
    m_shownRevision.reset();
    if (feed) {
        // On the tick the table's header and the tree recount at, so the
        // three agree; the counts are the table's, so they agree with its
        // rows at any moment.
        connect(feed->model(), &ResourceTableModel::batchApplied, this, [this] {
            if (!m_timeline) // not the table's counts on screen
                CountsTick::instance()->request(this, [this] { refreshNow(); });
        });
    }
    refreshNow();
}

void FilterPane::refreshNow()
{
    if (m_timeline) {
        showCounts(m_timeline->counts(selection()));
        Q_EMIT countsRefreshed();
        return;
    }
    // Until the table of the kind has its first batch, what is shown stays:
    // nothing for a new kind, the last counts for new columns of the same.
    if (!m_source || !m_feed || m_feed->source() != m_source || !m_feed->isPopulated())
        return;
    if (m_shownRevision != m_feed->facetRevision()) {
        m_shownRevision = m_feed->facetRevision();
        showCounts(m_feed->facetCounts());
    }
    Q_EMIT countsRefreshed();
}

void FilterPane::showCounts(const FacetCounts &counts)
{
    m_clusters->refresh(counts.clusterCounts());
    fitClusterView();
    m_namespaces->refresh(counts.namespaceCounts());
    m_labels->refreshGrouped(
        counts.labelCounts(m_labels->checked(), LabelFacetModel::kMaxValuesPerKey));
}

void FilterPane::setStale(const QString &why)
{
    m_clusters->setStale(why);
    m_namespaces->setStale(why);
    m_labels->setStale(why);
}

void FilterPane::setClustersNotLive(const QHash<QString, QString> &whyByCluster)
{
    m_clusters->setNotLive(whyByCluster);
}

FacetSelection FilterPane::selection() const
{
    FacetSelection s;
    if (showsClusters())
        s.clusters = m_clusters->checked();
    if (m_timeline || !m_source || m_source->kind().namespaced)
        s.namespaces = m_namespaces->checked();
    s.labels = m_labels->checked();
    return s;
}

void FilterPane::clear()
{
    const QSignalBlocker a(m_namespaces);
    const QSignalBlocker b(m_labels);
    const QSignalBlocker c(m_clusters);
    m_clusters->setChecked({});
    m_namespaces->setChecked({});
    m_labels->setChecked({});
    m_clusterView->viewport()->update();
    m_namespaceView->viewport()->update();
    m_labelView->viewport()->update();
    emitSelection();
}

void FilterPane::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange) {
        for (QTreeView *view : {m_clusterView, m_namespaceView, m_labelView})
            styleCheckBoxes(view);
    }
    QWidget::changeEvent(event);
}

void FilterPane::fitClusterView()
{
    // A few clusters: as tall as its rows, not a splitter's share of the
    // pane, which the namespaces and labels need.
    constexpr int kMaxRowsShown = 6;
    const int rows = std::clamp(m_clusters->rowCount(), 1, kMaxRowsShown);
    const int rowHeight = m_clusters->rowCount() > 0 ? m_clusterView->sizeHintForRow(0)
                                                     : m_clusterView->fontMetrics().height() + 4;
    m_clusterView->setFixedHeight(rows * rowHeight + 2 * m_clusterView->frameWidth());
}

bool FilterPane::showsClusters() const
{
    // Each kind of a window of several clusters is merged, even one that
    // only one cluster serves: the window's facets stay in place.
    return qobject_cast<const MergedKindSource *>(m_source) != nullptr;
}

void FilterPane::emitSelection()
{
    const FacetSelection s = selection();
    Q_EMIT selectionChanged(s, s.describe());
}

} // namespace informant
