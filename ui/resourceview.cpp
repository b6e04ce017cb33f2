#include "ui/resourceview.h"

#include "informer/printers/labelselector.h"
#include "models/countstick.h"
#include "models/freshness.h"
#include "models/mergedkindsource.h"
#include "models/secondclock.h"
#include "ui/celldelegate.h"
#include "ui/elidingheaderview.h"
#include "ui/freshnessbanner.h"
#include "ui/rowcopy.h"
#include "ui/rowtableview.h"
#include "ui/tableorder.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>
#include <utility>

namespace informant {

namespace {

constexpr int kQuickFilterDebounceMs = 120;
// Around a line edit's text: its frame, margins and clear button.
constexpr int kLineEditChrome = 36;

} // namespace

ResourceView::ResourceView(QWidget *parent)
    : QWidget(parent)
    , m_title(new ElidedLabel(this))
    , m_counts(new QLabel(this))
    , m_facetsLabel(new ElidedLabel(this))
    , m_quick(new QLineEdit(this))
    , m_selector(new QLineEdit(this))
    , m_selectorError(new QLabel(this))
    , m_banner(new FreshnessBanner(this))
    , m_table(new RowTableView(this))
    , m_emptyHint(new QLabel(m_table))
    , m_delegate(new CellDelegate(m_table))
    , m_quickDebounce(new QTimer(this))
    , m_selectorDebounce(new QTimer(this))
    , m_columns(m_table)
    , m_anchor(m_table)
{
    buildLayout();
    connect(SecondClock::instance(), &SecondClock::ticked, this, [this] {
        m_table->viewport()->update(); // the AGE column
        if (m_emptyHint->isVisible())
            updateEmptyHint(); // "reconnecting in 4 s" counts down
    });
    m_quickDebounce->setSingleShot(true);
    m_quickDebounce->setInterval(kQuickFilterDebounceMs);
    connect(m_quickDebounce, &QTimer::timeout, this, &ResourceView::applyQuickFilter);
    connect(m_quick, &QLineEdit::textChanged, m_quickDebounce, qOverload<>(&QTimer::start));
    // A selector is applied once typing pauses: each prefix of `app=web` is
    // valid, and `app=` alone would hide (and deselect) every row on the way.
    m_selectorDebounce->setSingleShot(true);
    m_selectorDebounce->setInterval(kQuickFilterDebounceMs);
    connect(m_selectorDebounce, &QTimer::timeout, this, &ResourceView::applySelector);
    connect(m_selector, &QLineEdit::textChanged, this, &ResourceView::onSelectorEdited);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        Q_EMIT objectActivated(index.data(ResourceTableModel::ObjectRole).value<KubeObject>());
    });
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        if (QMenu *menu = rowMenu(pos)) {
            menu->setAttribute(Qt::WA_DeleteOnClose);
            menu->popup(m_table->viewport()->mapToGlobal(pos));
        }
    });
    QHeaderView *header = m_table->horizontalHeader();
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QWidget::customContextMenuRequested, this, [this, header](const QPoint &pos) {
        if (QMenu *menu = columnsMenu()) {
            menu->setAttribute(Qt::WA_DeleteOnClose);
            menu->popup(header->mapToGlobal(pos));
        }
    });
    // Rows scrolled into view may have longer names.
    connect(m_table->verticalScrollBar(), &QScrollBar::valueChanged, this,
            [this] { m_columns.fitColumns(); });
    m_table->installEventFilter(this);
    m_quick->installEventFilter(this);
    m_selector->installEventFilter(this);
}

ResourceView::~ResourceView()
{
    saveColumns();
}

void ResourceView::buildLayout()
{
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_counts->setObjectName(QStringLiteral("counts"));
    m_counts->setForegroundRole(QPalette::PlaceholderText);
    m_facetsLabel->setForegroundRole(QPalette::PlaceholderText);
    // Only what the others leave: it is elided first.
    m_facetsLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_quick->setPlaceholderText(QStringLiteral("Filter   /"));
    m_quick->setClearButtonEnabled(true);
    m_quick->setToolTip(QStringLiteral("Quick filter: rows whose cells contain this text (/)"));
    // Narrow enough for a 1024 px window's docks (the header row is the
    // central widget's minimum width), and as wide as before when there is
    // room.
    m_quick->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("Filter   /")) +
                             kLineEditChrome);
    m_quick->setMaximumWidth(180);
    m_selector->setPlaceholderText(QStringLiteral("Label selector   Ctrl+L"));
    m_selector->setClearButtonEnabled(true);
    m_selector->setToolTip(
        QStringLiteral("kubectl label selector, e.g. app=web,tier!=db,env in (a,b),!canary"));
    m_selector->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("Label selector")) +
                                kLineEditChrome);
    m_selector->setMaximumWidth(240);
    m_selectorError->setObjectName(QStringLiteral("selectorError"));
    m_selectorError->setStyleSheet(QStringLiteral("color: #d93f3f;"));
    m_selectorError->setWordWrap(true);
    m_selectorError->hide();

    auto *bar = new QHBoxLayout;
    bar->setSpacing(10);
    bar->addWidget(m_title);
    bar->addWidget(m_counts);
    bar->addWidget(m_facetsLabel, 1);
    bar->addWidget(m_quick, 1);
    bar->addWidget(m_selector, 1);

    // Headers narrowed for their column's texts (TableColumns) end in "…".
    auto *columnHeader = new ElidingHeaderView(Qt::Horizontal, m_table);
    columnHeader->setSectionsClickable(true); // as QTableView's own header
    m_table->setHorizontalHeader(columnHeader);
    m_table->setItemDelegate(m_delegate);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setShowGrid(false);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_table->setSortingEnabled(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setVerticalScrollMode(QAbstractItemView::ScrollPerItem);
    m_table->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_table->horizontalHeader()->setSectionsMovable(true);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_table->horizontalHeader()->setHighlightSections(false);
    // Fitting NAME measures the rows in view only: by default Qt measures up
    // to 1000 rows around them, each formatted on the GUI thread.
    m_table->horizontalHeader()->setResizeContentsPrecision(0);
    QHeaderView *header = m_table->horizontalHeader();
    connect(header, &QHeaderView::sortIndicatorChanged, this,
            [header] { header->setSortIndicatorShown(true); });
    m_table->setFrameShape(QFrame::NoFrame);

    // An empty table says why it is empty: still listing, none in the
    // cluster, or all hidden by the filters. The label lies over the
    // viewport, not in it (the viewport's children scroll with it), and
    // clicks go through to the view.
    m_emptyHint->setObjectName(QStringLiteral("emptyHint"));
    m_emptyHint->setForegroundRole(QPalette::PlaceholderText);
    m_emptyHint->setAlignment(Qt::AlignCenter);
    m_emptyHint->setWordWrap(true);
    m_emptyHint->setMargin(24);
    m_emptyHint->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_emptyHint->hide();
    m_table->viewport()->installEventFilter(this);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 0);
    layout->setSpacing(6);
    layout->addLayout(bar);
    layout->addWidget(m_selectorError);
    layout->addWidget(m_banner);
    layout->addWidget(m_table, 1);
    connect(m_banner, &FreshnessBanner::retryRequested, this, [this] {
        if (KindSource *s = source())
            s->retryNow();
    });
}

KindSource *ResourceView::source() const
{
    return m_feed ? m_feed->source() : nullptr;
}

void ResourceView::setSource(KindSource *source, std::shared_ptr<const RowFormatter> formatter,
                             TableFeed::Threading threading)
{
    // The old feed goes only once the view shows the new model: in Qt 6
    // setModel(nullptr) gives the view and both headers a selection model on
    // Qt's never-destroyed empty model, three more objects at every switch.
    // Deleting a shown model is safe: the view drops it (without one).
    std::unique_ptr<TableFeed> old(m_feed);
    if (old) {
        saveColumns();
        disconnect(old->source(), nullptr, this, nullptr);
        disconnect(old->model(), nullptr, this, nullptr);
        disconnect(m_table->selectionModel(), nullptr, this, nullptr);
        m_feed = nullptr;
        m_columns.clear();
    }
    m_lastCurrent = KubeObject();
    m_lastCurrentKey.clear();
    m_hiddenKey.clear();
    m_hiddenUid.clear();
    if (!source) {
        old.reset();
        m_title->clear();
        m_counts->clear();
        m_emptyHint->hide();
        updateFreshness(); // no rows to fade
        return;
    }
    // What the boxes and the filter pane say applies from the first batch.
    TableQuery query;
    query.quickText = m_quick->text().trimmed();
    if (const auto selector = LabelSelector::parse(m_selector->text()); selector.ok())
        query.selector = selector.value();
    query.facets = m_facets;
    // The order the user last chose for the kind, else its own (events:
    // newest first).
    const TableOrder order = rememberedTableOrder(source->kind(), *formatter);
    query.sortColumn = order.column;
    query.order = order.order;
    m_feed = new TableFeed(source, std::move(formatter), query, threading, this);
    ResourceTableModel *model = m_feed->model();
    m_table->setModel(model);
    old.reset();
    m_title->setText(source->kind().pluralTitle());
    restoreColumns(source->kind().id());
    // Connected once the header shows the kind's order: what it asks for
    // from now on is the user's.
    connect(model, &ResourceTableModel::sortRequested, this,
            [this](int column, Qt::SortOrder sortOrder) {
                rememberTableOrder(m_feed->source()->kind(), m_feed->model()->formatter(),
                                   TableOrder{column, sortOrder});
            });
    connect(model, &ResourceTableModel::batchAboutToBeApplied, this,
            [this] { m_anchor.remember(*m_feed->model()); });
    connect(model, &ResourceTableModel::batchApplied, this, [this] {
        m_columns.fitColumns();
        m_anchor.restore(*m_feed->model());
        updateEmptyHint();
        // A new label text relayouts the bar: at most a few times a second
        // while a storm delivers a batch every 50 ms, and on the tick the
        // tree and the facets recount at, so the three agree.
        CountsTick::instance()->request(this, [this] { updateCounts(); });
        reselectHiddenRow();
        emitCurrentIfChanged();
    });
    // Both: Ctrl+click selects or deselects the current row without moving it.
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ResourceView::emitCurrentIfChanged);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ResourceView::emitCurrentIfChanged);
    connect(source, &KindSource::statusChanged, this, &ResourceView::updateFreshness);
    applySelector(); // the box's error, if any, stays shown
    updateCounts();
    updateFreshness();
    if (!m_quick->hasFocus() && !m_selector->hasFocus())
        m_table->setFocus();
}

void ResourceView::restoreColumns(const QString &kindId)
{
    // The header's saved state, and its sort arrow as a model without rows
    // has it, must not sort the new feed (each re-sort of a big kind is a
    // pass over its cache on the worker): sorting is off while they are
    // restored, and back on at the feed's order, which then sorts nothing.
    m_table->setSortingEnabled(false);
    m_columns.restore(m_feed->model(), kindId);
    const TableQuery &query = m_feed->query();
    QHeaderView *header = m_table->horizontalHeader();
    header->setSortIndicator(query.sortColumn, query.order);
    m_table->setSortingEnabled(true);
    header->setSortIndicatorShown(query.sortColumn >= 0);
}

void ResourceView::updateCounts()
{
    if (!m_feed)
        return;
    // A kind a replay did not record, or not listed yet, has no count: 0
    // would read as none (the tree says "—" too).
    const InformerStatus status = m_feed->source()->status();
    if (status.state == InformerStatus::State::NotRecorded || !status.synced) {
        m_counts->setText(QStringLiteral("—"));
        m_counts->setToolTip(status.synced ? QString() : QStringLiteral("Not listed yet"));
        updateEmptyHint();
        return;
    }
    m_counts->setToolTip(QString());
    const ResourceTableModel *model = m_feed->model();
    const QLocale locale;
    const qint64 shown = model->rowCount();
    const qint64 total = model->totalObjects();
    m_counts->setText(
        shown == total
            ? locale.toString(total)
            : QStringLiteral("%1 of %2").arg(locale.toString(shown), locale.toString(total)));
    updateEmptyHint();
}

void ResourceView::updateEmptyHint()
{
    KindSource *s = source();
    const qint64 total = m_feed ? m_feed->model()->totalObjects() : 0;
    // Rows shown, or the cache has objects the table has not received yet
    // (a kind just opened): nothing to explain.
    if (!s || m_feed->model()->rowCount() > 0 || (total == 0 && s->indexer().size() > 0)) {
        m_emptyHint->hide();
        return;
    }
    const QString plural = s->kind().plural;
    const InformerStatus status = s->status();
    const QString state = freshnessText(status, SecondClock::nowMs());
    QString text;
    if (total > 0)
        text = QStringLiteral("No %1 match the filters (%2 in all).")
                   .arg(plural, QLocale().toString(total));
    else if (status.state == InformerStatus::State::Gone)
        text = QStringLiteral("The cluster no longer serves %1.").arg(plural);
    else if (status.state == InformerStatus::State::NotRecorded)
        text = QStringLiteral("%1 were not recorded in this replay.").arg(s->kind().pluralTitle());
    else if (status.synced)
        text = QStringLiteral("No %1.").arg(plural);
    else if (status.state == InformerStatus::State::Listing)
        text = QStringLiteral("Listing %1…").arg(plural);
    else if (status.state == InformerStatus::State::WaitingForSignIn)
        // The wait itself is the news: "Waiting for the list of pods:
        // waiting for sign-in." said it twice.
        text = QStringLiteral("Waiting for you to sign in before listing %1.").arg(plural);
    else if (freshnessLevel(status) == FreshnessLevel::Failed)
        text = QStringLiteral("Could not list %1: %2.").arg(plural, state);
    else
        text = QStringLiteral("Waiting for the list of %1: %2.").arg(plural, state);
    m_emptyHint->setText(text);
    m_emptyHint->show();
    m_emptyHint->raise();
}

void ResourceView::updateFreshness()
{
    bool live = true;
    QStringList notLiveClusters;
    if (KindSource *s = source()) {
        const QString what = s->origin().isEmpty()
                                 ? s->kind().plural
                                 : QStringLiteral("%1 in %2").arg(s->kind().plural, s->origin());
        const InformerStatus status = s->status();
        m_banner->setStatus(status, what);
        live = freshnessLevel(status) == FreshnessLevel::Fresh;
        // One cluster's watch down leaves the other clusters' rows live.
        if (const auto *merged = qobject_cast<const MergedKindSource *>(s)) {
            const QStringList notLive = merged->notLiveClusters();
            if (!notLive.isEmpty() && notLive.size() < merged->clusters().size()) {
                notLiveClusters = notLive;
                live = true;
            }
        }
    }
    // Rows that look live while the watch is down pass for the cluster's
    // state: faded as long as they are the last known state (or a first
    // list not done), as they were the moment the watch is back.
    if (m_delegate->isDimmed() == live || m_delegate->dimmedClusters() != notLiveClusters) {
        m_delegate->setDimmed(!live);
        m_delegate->setDimmedClusters(notLiveClusters);
        m_table->viewport()->update();
    }
    if (m_feed) {
        updateEmptyHint();
        // The first sync ends the "—", on the tick the tree counts at.
        CountsTick::instance()->request(this, [this] { updateCounts(); });
    }
}

void ResourceView::applyQuickFilter()
{
    m_quickDebounce->stop();
    if (m_feed)
        m_feed->setQuickText(m_quick->text().trimmed());
}

bool ResourceView::applyPendingFilters()
{
    const bool quick = m_quickDebounce->isActive();
    const bool selector = m_selectorDebounce->isActive();
    if (quick)
        applyQuickFilter();
    if (selector)
        applySelector();
    return quick || selector;
}

void ResourceView::onSelectorEdited()
{
    if (showSelectorError())
        m_selectorDebounce->start();
    else
        m_selectorDebounce->stop(); // the last valid selector stays applied
}

bool ResourceView::showSelectorError()
{
    const auto parsed = LabelSelector::parse(m_selector->text());
    if (!parsed.ok()) {
        m_selectorError->setText(QStringLiteral("Label selector: ") + parsed.errorMessage());
        m_selectorError->show();
        m_selector->setStyleSheet(QStringLiteral("QLineEdit { border: 1px solid #d93f3f; }"));
        return false;
    }
    m_selectorError->hide();
    m_selectorError->clear();
    m_selector->setStyleSheet(QString());
    return true;
}

void ResourceView::applySelector()
{
    m_selectorDebounce->stop();
    if (!showSelectorError() || !m_feed)
        return;
    m_feed->setSelector(LabelSelector::parse(m_selector->text()).value());
}

void ResourceView::focusQuickFilter()
{
    m_quick->setFocus(Qt::ShortcutFocusReason);
    m_quick->selectAll();
}

void ResourceView::focusSelector()
{
    m_selector->setFocus(Qt::ShortcutFocusReason);
    m_selector->selectAll();
}

bool ResourceView::clearFilters()
{
    QLineEdit *focused =
        m_selector->hasFocus() ? m_selector : (m_quick->hasFocus() ? m_quick : nullptr);
    if (focused && !focused->text().isEmpty()) {
        focused->clear();
        return true;
    }
    if (focused) {
        m_table->setFocus();
        return true;
    }
    if (!m_quick->text().isEmpty()) {
        m_quick->clear();
        return true;
    }
    if (!m_selector->text().isEmpty()) {
        m_selector->clear();
        return true;
    }
    return false;
}

bool ResourceView::rowsDimmed() const
{
    return m_delegate->isDimmed();
}

bool ResourceView::filtersActive() const
{
    if (!m_feed)
        return false;
    const TableQuery &query = m_feed->query();
    return !query.quickText.isEmpty() || !query.selector.isEmpty() || !query.facets.isEmpty();
}

void ResourceView::setFacets(const FacetSelection &facets, const QString &description)
{
    m_facets = facets;
    m_facetsLabel->setText(description.isEmpty() ? QString() : QStringLiteral("· ") + description);
    if (m_feed)
        m_feed->setFacets(facets);
}

KubeObject ResourceView::currentObject() const
{
    // A current row that is not selected was not chosen: on focus-in with no
    // current row (after a menu or a dialog closes) Qt makes the first row
    // current without selecting it (QAbstractItemView::focusInEvent).
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid() || !m_table->selectionModel()->isRowSelected(current.row()))
        return {};
    return current.data(ResourceTableModel::ObjectRole).value<KubeObject>();
}

QList<KubeObject> ResourceView::selectedObjects() const
{
    QList<KubeObject> objects;
    if (!m_feed)
        return objects;
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    objects.reserve(rows.size());
    for (const QModelIndex &row : std::as_const(rows))
        objects.append(m_feed->model()->objectAt(row.row()));
    return objects;
}

QStringList ResourceView::selectedKeys() const
{
    QStringList keys;
    if (!m_feed)
        return keys;
    QModelIndexList rows = m_table->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(),
              [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    keys.reserve(rows.size());
    for (const QModelIndex &row : std::as_const(rows))
        keys.append(m_feed->model()->keyAt(row.row()));
    return keys;
}

bool ResourceView::copiesNamespaces() const
{
    const KindSource *s = source();
    return s && s->kind().namespaced && m_facets.namespaces.size() != 1;
}

void ResourceView::copySelection() const
{
    const QList<KubeObject> objects = selectedObjects();
    if (!objects.isEmpty())
        copyToClipboard(copiedRows(objects, selectedKeys(), copiesNamespaces()));
}

QMenu *ResourceView::rowMenu(const QPoint &viewportPos)
{
    const QModelIndex index = m_table->indexAt(viewportPos);
    if (!index.isValid() || !m_feed)
        return nullptr;
    // A right click outside the selection selects the row it is on, as file
    // managers do; inside it, the menu is about every selected row.
    if (!m_table->selectionModel()->isRowSelected(index.row()))
        m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                              QItemSelectionModel::Rows);
    return createRowMenu(selectedObjects(), selectedKeys(), source()->kind(), m_kubectlTargets,
                         this);
}

QMenu *ResourceView::columnsMenu()
{
    return m_columns.createMenu(this);
}

void ResourceView::saveColumns() const
{
    m_columns.save();
}

bool ResourceView::selectKey(const QString &key)
{
    if (!m_feed)
        return false;
    const int row = m_feed->model()->rowOfKey(key);
    if (row < 0)
        return false;
    m_table->setCurrentIndex(m_feed->model()->index(row, 0));
    m_table->selectRow(row);
    m_table->scrollTo(m_feed->model()->index(row, 0), QAbstractItemView::PositionAtCenter);
    return true;
}

bool ResourceView::sortByColumnName(const QString &name, Qt::SortOrder order)
{
    if (!m_feed)
        return false;
    const int column = m_feed->model()->formatter().columnOf(name.toUpper());
    if (column < 0)
        return false;
    m_table->sortByColumn(column, order);
    return true;
}

void ResourceView::emitCurrentIfChanged()
{
    if (m_clearingCurrent)
        return;
    const KubeObject current = currentObject();
    if (current.sameAs(m_lastCurrent))
        return;
    // Only the model removes rows: the shown object's row is gone when its
    // key has none any more, whatever row Qt made current instead.
    if (!m_lastCurrent.isNull() && m_feed && m_feed->model()->rowOfKey(m_lastCurrentKey) < 0) {
        const KubeObject gone = std::exchange(m_lastCurrent, KubeObject());
        const QString goneKey = std::exchange(m_lastCurrentKey, QString());
        {
            const QScopedValueRollback clearing(m_clearingCurrent, true);
            m_table->selectionModel()->clear();
        }
        const bool deleted = !m_feed->source()->indexer().getByKey(goneKey).has_value();
        m_hiddenKey = deleted ? QString() : goneKey;
        m_hiddenUid = deleted ? QString() : gone.uid();
        Q_EMIT currentObjectGone(gone, deleted);
        return;
    }
    if (!current.isNull()) { // the user's choice now
        m_hiddenKey.clear();
        m_hiddenUid.clear();
    }
    m_lastCurrent = current;
    m_lastCurrentKey = current.isNull()
                           ? QString()
                           : m_table->currentIndex().data(ResourceTableModel::KeyRole).toString();
    Q_EMIT currentObjectChanged(current);
}

void ResourceView::reselectHiddenRow()
{
    if (m_hiddenKey.isEmpty() || !currentObject().isNull())
        return;
    const int row = m_feed->model()->rowOfKey(m_hiddenKey);
    // The same object: another of its name, made while it was hidden, was
    // not the one chosen.
    if (row < 0 || m_feed->model()->objectAt(row).uid() != m_hiddenUid)
        return;
    const QModelIndex current = m_table->currentIndex();
    const QModelIndex index = m_feed->model()->index(row, current.isValid() ? current.column() : 0);
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                          QItemSelectionModel::Rows);
    m_table->scrollTo(index);
}

bool ResourceView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table->viewport() &&
        (event->type() == QEvent::Resize || event->type() == QEvent::Move)) {
        m_emptyHint->setGeometry(m_table->viewport()->geometry());
        if (event->type() == QEvent::Resize)
            m_columns.fitColumns(); // more room, or more rows in view
    }
    if (watched == m_table && event->type() == QEvent::Show)
        m_columns.fitColumns(); // batches that came while it was hidden did not
    if (event->type() != QEvent::KeyPress)
        return QWidget::eventFilter(watched, event);
    auto *key = static_cast<QKeyEvent *>(event);
    if (watched == m_table && (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter)) {
        Q_EMIT objectActivated(currentObject());
        return true;
    }
    if (watched == m_table && key->matches(QKeySequence::Copy)) {
        copySelection(); // Qt's own copies the current cell's text only
        return true;
    }
    if ((watched == m_quick || watched == m_selector) &&
        (key->key() == Qt::Key_Down || key->key() == Qt::Key_Return ||
         key->key() == Qt::Key_Enter)) {
        // A selector that does not parse is not applied: entering it stays
        // with its error, rather than going to rows it did not choose.
        if (watched == m_selector && key->key() != Qt::Key_Down &&
            !LabelSelector::parse(m_selector->text()).ok())
            return true;
        m_table->setFocus();
        const auto selectFirstRow = [this] {
            if (currentObject().isNull() && m_feed && m_feed->model()->rowCount() > 0)
                m_table->setCurrentIndex(m_feed->model()->index(0, 0));
        };
        // What was typed applies now, not after its debounce, and the first
        // row is chosen among the rows it keeps, once they arrive.
        if (applyPendingFilters() && m_feed)
            connect(m_feed->model(), &ResourceTableModel::batchApplied, this, selectFirstRow,
                    Qt::SingleShotConnection);
        else
            selectFirstRow();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace informant
