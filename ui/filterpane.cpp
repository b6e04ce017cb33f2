#include "ui/filterpane.h"

#include "informer/cache/indexfuncs.h"
#include "models/countstick.h"
#include "models/kindsource.h"
#include "models/labelfacetmodel.h"
#include "models/namespacefacetmodel.h"
#include "ui/theme.h"

#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

namespace informant {

namespace {

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
    view->header()->setStretchLastSection(false);
    view->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    view->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    if (isDarkTheme()) {
        // Fusion outlines check boxes with a darker shade of the window
        // colour: invisible on a dark base. Boxes the user can see instead:
        // an outline, filled when checked, half-filled for part of a key.
        view->setStyleSheet(QStringLiteral(
            "QTreeView::indicator { width: 11px; height: 11px; border: 1px solid #8a8f98;"
            " border-radius: 2px; background: #1b1d21; }"
            "QTreeView::indicator:checked { background: #4f8fe4; border-color: #7cb7ff; }"
            "QTreeView::indicator:indeterminate { background: #2a4a72; border-color: #7cb7ff; }"));
    }
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
    , m_namespaces(new NamespaceFacetModel(this))
    , m_labels(new LabelFacetModel(this))
    , m_namespaceView(makeFacetView(m_namespaces, false, this))
    , m_labelView(makeFacetView(m_labels, true, this))
    , m_namespaceTitle(sectionTitle(QStringLiteral("Namespaces"), this))
{
    // Its text must not set the dock's width: a cluster-scoped kind's longer
    // title widened the Cluster dock, which kept that width after.
    m_namespaceTitle->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto *clear = new QPushButton(QStringLiteral("Clear"), this);
    clear->setFlat(true);
    clear->setToolTip(QStringLiteral("Clear the namespace and label filters"));
    connect(clear, &QPushButton::clicked, this, &FilterPane::clear);

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
    layout->addWidget(split);

    m_pool.setMaxThreadCount(1);
    connect(m_namespaces, &NamespaceFacetModel::checkedChanged, this, &FilterPane::emitSelection);
    // The label counts are of the namespaces chosen.
    connect(m_namespaces, &NamespaceFacetModel::checkedChanged, this, &FilterPane::refreshNow);
    connect(m_labels, &LabelFacetModel::checkedChanged, this, &FilterPane::emitSelection);
}

void FilterPane::setSource(KindSource *source)
{
    if (m_source)
        disconnect(m_source, nullptr, this, nullptr);
    m_source = source;
    ++m_generation;
    if (source) {
        // On the tick the header and the tree recount at, so the three agree.
        connect(source, &KindSource::contentChanged, this,
                [this] { CountsTick::instance()->request(this, [this] { refreshNow(); }); });
        connect(source, &QObject::destroyed, this, [this] { m_source = nullptr; });
    }
    const bool namespaced = source && source->kind().namespaced;
    m_namespaceView->setEnabled(namespaced);
    // Short enough for the dock's width: the title no longer widens it.
    m_namespaceTitle->setText(namespaced ? QStringLiteral("Namespaces")
                                         : QStringLiteral("No namespaces"));
    m_namespaceTitle->setToolTip(namespaced
                                     ? QString()
                                     : QStringLiteral("%1 are cluster-scoped: in no namespace")
                                           .arg(source->kind().pluralTitle()));
    refreshNow();
}

FilterPane::~FilterPane()
{
    m_pool.waitForDone();
}

namespace {

// The "labels" index counts (as Indexer::indexValueCounts gives them) of the
// objects in `namespaces` only: a label facet says how many rows ticking it
// would leave, and the namespace facet narrows the rows first. Every label
// of the kind keeps its entry (0 when none of these objects has it), so a
// ticked label never vanishes from the pane while it still filters.
QList<std::pair<QString, qsizetype>> labelCountsIn(const Indexer &indexer,
                                                   const QSet<QString> &namespaces)
{
    QHash<QString, qsizetype> counts;
    for (const QString &namespaceName : namespaces) {
        const auto objects = indexer.byIndex(QString(kNamespaceIndex), namespaceName);
        if (!objects.ok())
            continue;
        for (const KubeObject &object : objects.value())
            for (const QString &value : labelsIndexFunc(object))
                ++counts[value];
    }
    QList<std::pair<QString, qsizetype>> all = indexer.indexValueCounts(QString(kLabelsIndex));
    for (auto &[value, count] : all)
        count = counts.value(value);
    return all;
}

} // namespace

void FilterPane::refreshNow()
{
    if (!m_source) {
        ++m_generation;
        m_namespaces->refresh({});
        m_labels->refresh({});
        return;
    }
    if (m_counting) {
        m_recount = true;
        return;
    }
    m_counting = true;
    const Indexer *indexer = &m_source->indexer();
    const int generation = m_generation;
    const QSet<QString> chosenNamespaces =
        m_source->kind().namespaced ? m_namespaces->checked() : QSet<QString>();
    const QMap<QString, QSet<QString>> tickedLabels = m_labels->checked();
    QPointer<FilterPane> self(this);
    m_pool.start([indexer, generation, chosenNamespaces, tickedLabels, self] {
        auto namespaces = indexer->indexValueCounts(QString(kNamespaceIndex));
        namespaces.removeIf([](const auto &entry) { return entry.first.isEmpty(); });
        const auto labels = LabelFacetModel::group(
            chosenNamespaces.isEmpty() ? indexer->indexValueCounts(QString(kLabelsIndex))
                                       : labelCountsIn(*indexer, chosenNamespaces),
            tickedLabels);
        QMetaObject::invokeMethod(
            qApp,
            [self, generation, namespaces, labels] {
                if (self)
                    self->applyCounts(generation, namespaces, labels);
            },
            Qt::QueuedConnection);
    });
}

void FilterPane::applyCounts(int generation, const QList<std::pair<QString, qsizetype>> &namespaces,
                             const LabelFacetModel::Grouped &labels)
{
    m_counting = false;
    if (generation == m_generation) {
        m_namespaces->refresh(namespaces);
        m_labels->refreshGrouped(labels);
        Q_EMIT countsRefreshed();
    } else {
        m_recount = true;
    }
    if (m_recount) {
        m_recount = false;
        refreshNow();
    }
}

void FilterPane::setStale(const QString &why)
{
    m_namespaces->setStale(why);
    m_labels->setStale(why);
}

FacetSelection FilterPane::selection() const
{
    FacetSelection s;
    if (!m_source || m_source->kind().namespaced)
        s.namespaces = m_namespaces->checked();
    s.labels = m_labels->checked();
    return s;
}

void FilterPane::clear()
{
    const QSignalBlocker a(m_namespaces);
    const QSignalBlocker b(m_labels);
    m_namespaces->setChecked({});
    m_labels->setChecked({});
    m_namespaceView->viewport()->update();
    m_labelView->viewport()->update();
    emitSelection();
}

void FilterPane::emitSelection()
{
    const FacetSelection s = selection();
    Q_EMIT selectionChanged(s, s.describe());
}

} // namespace informant
