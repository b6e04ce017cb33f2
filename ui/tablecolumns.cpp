#include "ui/tablecolumns.h"

#include "models/resourcetablemodel.h"
#include "ui/columnsmenu.h"

#include <QCryptographicHash>
#include <QHash>
#include <QHeaderView>
#include <QScrollBar>
#include <QSettings>
#include <QTableView>

namespace informant {

namespace {

int defaultColumnWidth(const QString &name, const QFontMetrics &fm)
{
    // Sample texts instead of ResizeToContents over every row (Wireshark's
    // setRecentColumnWidth habit).
    static const QHash<QString, QString> samples{
        {QStringLiteral("NAMESPACE"), QStringLiteral("kube-system")},
        {QStringLiteral("NAME"), QStringLiteral("frontend-7d9c6b5f4-abcde-x")},
        {QStringLiteral("READY"), QStringLiteral("READY_")},
        {QStringLiteral("STATUS"), QStringLiteral("CrashLoopBackOf")},
        {QStringLiteral("RESTARTS"), QStringLiteral("12 (3m ago)")},
        {QStringLiteral("AGE"), QStringLiteral("AGE 12d")},
        {QStringLiteral("IP"), QStringLiteral("10.244.100.100")},
        {QStringLiteral("NODE"), QStringLiteral("worker-node-03")},
        {QStringLiteral("TYPE"), QStringLiteral("ClusterIP_")},
        {QStringLiteral("CLUSTER-IP"), QStringLiteral("10.96.100.100")},
        {QStringLiteral("EXTERNAL-IP"), QStringLiteral("<none>_____")},
        {QStringLiteral("PORT(S)"), QStringLiteral("80/TCP,443/TCP")},
        {QStringLiteral("MESSAGE"), QStringLiteral("Back-off restarting failed container xx")},
    };
    const QString sample = samples.value(name, name + QStringLiteral("_xxxx"));
    return qMax(fm.horizontalAdvance(sample), fm.horizontalAdvance(name) + 20) + 12;
}

// The header's state, one per column layout: QHeaderView restores by
// position, so another layout's state (a table of several clusters has
// CLUSTER first; a CRD's printer columns change) would give each column its
// neighbour's width and visibility.
QString headerKey(const QString &kindId, const RowFormatter &formatter)
{
    QStringList names;
    for (const RowFormatter::Column &column : formatter.columns())
        names.append(column.name);
    const QByteArray layout =
        QCryptographicHash::hash(names.join(u',').toUtf8(), QCryptographicHash::Sha1)
            .toHex()
            .left(12);
    return QStringLiteral("tables/%1/headers/%2").arg(kindId, QLatin1String(layout));
}

// Before layouts were told apart: saved by one cluster's tables, so only
// those take it up.
QString legacyHeaderKey(const QString &kindId)
{
    return QStringLiteral("tables/%1/header").arg(kindId);
}

// The names of the columns whose widths the user set.
QString userWidthsKey(const QString &kindId)
{
    return QStringLiteral("tables/%1/userWidths").arg(kindId);
}

// Before the columns were told apart: one flag for all of them.
QString legacyWidthsByUserKey(const QString &kindId)
{
    return QStringLiteral("tables/%1/widthsByUser").arg(kindId);
}

QSet<QString> columnNames(const RowFormatter &formatter)
{
    QSet<QString> names;
    for (const RowFormatter::Column &column : formatter.columns())
        names.insert(column.name);
    return names;
}

} // namespace

TableColumns::TableColumns(QTableView *table)
    : m_table(table)
{
}

void TableColumns::restore(const ResourceTableModel *model, const QString &kindId)
{
    m_model = model;
    m_kindId = kindId;
    m_narrowedLast = -1;
    m_fittedViewportWidth = 0;
    QHeaderView *header = m_table->horizontalHeader();
    applyDefaultWidths();
    const QSettings settings;
    const QString key = headerKey(kindId, model->formatter());
    const QByteArray state =
        settings
            .value(settings.contains(key) || model->formatter().clusterColumn() >= 0
                       ? key
                       : legacyHeaderKey(kindId))
            .toByteArray();
    if (!state.isEmpty())
        header->restoreState(state);
    // The header's state is saved at every switch, widths the user never
    // touched too (a kind first shown empty or still listing kept its
    // sample-text widths for good, and long texts were cut short while
    // other columns had room). Only widths the user set are kept as they are.
    const int name = model->formatter().nameColumn();
    if (settings.contains(userWidthsKey(kindId))) {
        const QStringList names = settings.value(userWidthsKey(kindId)).toStringList();
        m_userColumns = QSet<QString>(names.begin(), names.end());
    } else if (settings.contains(legacyWidthsByUserKey(kindId))) {
        m_userColumns = settings.value(legacyWidthsByUserKey(kindId)).toBool()
                            ? columnNames(model->formatter())
                            : QSet<QString>();
    } else if (!state.isEmpty() && name >= 0 &&
               header->sectionSize(name) !=
                   defaultColumnWidth(QStringLiteral("NAME"), m_table->fontMetrics())) {
        // Saved before the user's widths were told apart: a NAME width other
        // than the sample one was the user's choice (or fitted once).
        m_userColumns = columnNames(model->formatter());
    } else {
        m_userColumns.clear();
    }
    rememberOwnWidths();
    header->setSortIndicator(model->sortColumn(), model->sortOrder());
    if (model->sortColumn() < 0)
        header->setSortIndicatorShown(false);
}

void TableColumns::clear()
{
    m_model = nullptr;
    m_kindId.clear();
}

void TableColumns::applyDefaultWidths()
{
    const RowFormatter &formatter = m_model->formatter();
    QHeaderView *header = m_table->horizontalHeader();
    const QFontMetrics fm = m_table->fontMetrics();
    for (int c = 0; c < formatter.columnCount(); ++c) {
        const RowFormatter::Column &column = formatter.columns().at(c);
        header->resizeSection(c, defaultColumnWidth(column.name, fm));
        header->setSectionHidden(c, column.priority > 0);
    }
}

void TableColumns::rememberOwnWidths()
{
    const QHeaderView *header = m_table->horizontalHeader();
    m_ownWidths.clear();
    for (int c = 0; c < header->count(); ++c)
        m_ownWidths.append(header->sectionSize(c));
}

int TableColumns::lastVisibleColumn() const
{
    const QHeaderView *header = m_table->horizontalHeader();
    for (int v = header->count() - 1; v >= 0; --v) {
        if (!header->isSectionHidden(header->logicalIndex(v)))
            return header->logicalIndex(v);
    }
    return -1;
}

QSet<QString> TableColumns::userSizedColumns() const
{
    const QHeaderView *header = m_table->horizontalHeader();
    QSet<QString> sized;
    if (!m_model || m_ownWidths.size() != header->count())
        return sized;
    // The last shown column stretches with the window: its width is not a
    // choice.
    const int last = lastVisibleColumn();
    for (int c = 0; c < header->count(); ++c) {
        if (c != last && !header->isSectionHidden(c) && header->sectionSize(c) != m_ownWidths[c])
            sized.insert(m_model->formatter().columns().value(c).name);
    }
    return sized;
}

void TableColumns::noteUserWidths()
{
    m_userColumns.unite(userSizedColumns());
}

void TableColumns::fitColumns()
{
    // Texts longer than the samples (generated pod names, "4 (2m14s ago)",
    // pvc-<uid>) were cut short while other columns had room. Measured on
    // the rows in view only (precision 0), so it stays cheap; the user's
    // own widths are kept, the last column stretches.
    // Hidden, the table would measure every row (Qt's sizeHintForColumn).
    if (!m_model || m_model->rowCount() == 0 || !m_table->isVisible() ||
        m_table->viewport()->width() < 200) // not laid out yet
        return;
    noteUserWidths();
    QHeaderView *header = m_table->horizontalHeader();
    const RowFormatter &formatter = m_model->formatter();
    const int last = lastVisibleColumn();
    const auto fits = [&](int c) {
        return c >= 0 && c != last && !header->isSectionHidden(c) &&
               !m_userColumns.contains(formatter.columns().at(c).name);
    };
    const QFontMetrics fm = m_table->fontMetrics();
    // The samples are for a table without rows. Once rows are in view, a
    // column is no wider than its texts and header (a PVC's CAPACITY "10Gi"
    // held a sample's room while its VOLUME was cut), and grows from there.
    // Again when the view narrowed (the details pane opened, the window
    // shrank) so that the columns overflow it: widths chosen for the wider
    // view would push the last columns off screen.
    const int viewportWidth = m_table->viewport()->width();
    if (m_fittedViewportWidth == 0 ||
        (viewportWidth < m_fittedViewportWidth && header->length() > viewportWidth))
        shrinkToTexts(fits);
    m_fittedViewportWidth = viewportWidth;
    // NAME first: the room it may take depends on the others' widths as
    // they are, and it matters most.
    const int name = formatter.nameColumn();
    if (fits(name))
        fitColumn(name, nameCap(name));
    // The others, left to right, in the room left beside the last column at
    // its minimum (an event's MESSAGE stays on screen, elided, its tooltip
    // whole). When the columns overflow the view already (a PVC's nine in a
    // narrow view), none grows: a long VOLUME (pvc-<uid>) would push
    // CAPACITY, STORAGECLASS and AGE off screen; it stays cut, whole in its
    // tooltip. Never wider than the view allows at the time: a view still
    // being laid out grows its columns later, not too far now.
    if (last >= 0 && last != m_narrowedLast) {
        // A stretched last section squeezed by the others keeps the width
        // it had before it stretched (its sample's, MESSAGE's ~40
        // characters): the table scrolled sideways while the room kept for
        // it was less. It gets that minimum, and still stretches.
        m_table->horizontalHeader()->resizeSection(last, lastColumnMinimum(last));
        m_narrowedLast = last;
    }
    // Texts first, headers after: a CLAIM cut short is worse than a RECLAIM
    // POLICY header elided over its "Delete" (the columns menu names it).
    int room = roomBesideLastColumn(); // < 0: the columns overflow already
    for (const Fit fit : {Fit::Texts, Fit::TextsAndHeader}) {
        for (int v = 0; v < header->count() && room > 0; ++v) {
            const int c = header->logicalIndex(v);
            if (c == last)
                break;
            if (header->isSectionHidden(c) || c == name || !fits(c))
                continue;
            const int cap = qMax(defaultColumnWidth(formatter.columns().at(c).name, fm),
                                 fm.averageCharWidth() * kMaxFittedChars);
            room -= fitColumn(c, qMin(cap, header->sectionSize(c) + room), fit);
        }
    }
    rememberOwnWidths();
}

void TableColumns::shrinkToTexts(const std::function<bool(int)> &fits)
{
    QHeaderView *header = m_table->horizontalHeader();
    const QFontMetrics fm = m_table->fontMetrics();
    for (int c = 0; c < header->count(); ++c) {
        if (!fits(c))
            continue;
        // The whole header comes back from the room left (fitColumns).
        const int texts = wantedWidth(c, Fit::Texts);
        const int sample = defaultColumnWidth(m_model->formatter().columns().at(c).name, fm);
        header->resizeSection(c, qMin(texts, sample));
    }
}

int TableColumns::lastColumnMinimum(int last) const
{
    // Its header and some twenty characters, or its sample width if less.
    const QFontMetrics fm = m_table->fontMetrics();
    const QString name = m_model->formatter().columns().at(last).name;
    return qMin(defaultColumnWidth(name, fm),
                qMax(fm.horizontalAdvance(name) + 20, fm.averageCharWidth() * kMinLastColumnChars));
}

int TableColumns::roomBesideLastColumn() const
{
    const QHeaderView *header = m_table->horizontalHeader();
    const int last = lastVisibleColumn();
    if (last < 0)
        return 0;
    int used = lastColumnMinimum(last);
    for (int c = 0; c < header->count(); ++c) {
        if (c != last && !header->isSectionHidden(c))
            used += header->sectionSize(c);
    }
    // More rows may bring the vertical scroll bar, and the view narrows by
    // its width after the columns have grown (they never shrink).
    if (!m_table->verticalScrollBar()->isVisible())
        used += m_table->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_table);
    return m_table->viewport()->width() - used;
}

int TableColumns::nameCap(int nameColumn) const
{
    // Up to the room the other columns leave (at least 2/5 of the view), so
    // they stay on screen.
    const QHeaderView *header = m_table->horizontalHeader();
    const QFontMetrics fm = m_table->fontMetrics();
    const int last = lastVisibleColumn();
    int others = 0;
    for (int c = 0; c < header->count(); ++c) {
        if (c == nameColumn || header->isSectionHidden(c))
            continue;
        // The stretched last column counts at its own width, not the stretch.
        others += c == last ? defaultColumnWidth(m_model->formatter().columns().at(c).name, fm)
                            : header->sectionSize(c);
    }
    const int viewport = m_table->viewport()->width();
    return qMax(viewport * 2 / 5, viewport - others);
}

int TableColumns::compactHeaderWidth(int column) const
{
    const QHeaderView *header = m_table->horizontalHeader();
    const QString name = m_model->formatter().columns().at(column).name;
    const int whole = header->sectionSizeHint(column);
    if (name.size() <= kMinHeaderChars)
        return whole;
    // The hint less the characters left out: the margins and the sort
    // indicator's room stay.
    const QFontMetrics fm = header->fontMetrics();
    const int cut = fm.horizontalAdvance(name) -
                    fm.horizontalAdvance(name.left(kMinHeaderChars) + QChar(0x2026));
    return qMin(whole, whole - cut);
}

int TableColumns::wantedWidth(int column, Fit fit) const
{
    // QTableView::sizeHintForColumn is protected there, public in the base:
    // the widest of the rows in view (the delegate's cached text widths).
    const QAbstractItemView *view = m_table;
    const int header = fit == Fit::Texts ? compactHeaderWidth(column)
                                         : m_table->horizontalHeader()->sectionSizeHint(column);
    return qMax(view->sizeHintForColumn(column), header);
}

int TableColumns::fitColumn(int column, int cap, Fit fit)
{
    QHeaderView *header = m_table->horizontalHeader();
    const int before = header->sectionSize(column);
    const int wanted = wantedWidth(column, fit);
    // It never shrinks: no jumping while scrolling.
    const int width = qBound(before, wanted, qMax(before, cap));
    if (width != before)
        header->resizeSection(column, width);
    return width - before;
}

void TableColumns::save() const
{
    if (!m_model)
        return;
    QSettings settings;
    settings.setValue(headerKey(m_kindId, m_model->formatter()),
                      m_table->horizontalHeader()->saveState());
    if (m_model->formatter().clusterColumn() < 0)
        settings.remove(legacyHeaderKey(m_kindId));
    QStringList names = (m_userColumns | userSizedColumns()).values();
    names.sort();
    settings.setValue(userWidthsKey(m_kindId), names);
    settings.remove(legacyWidthsByUserKey(m_kindId));
}

QMenu *TableColumns::createMenu(QWidget *parent)
{
    if (!m_model)
        return nullptr;
    return createColumnsMenu(
        m_table->horizontalHeader(), m_model->formatter(), [this] { onVisibilityChanged(); },
        parent);
}

void TableColumns::onVisibilityChanged()
{
    // Widths the user set before stay the user's; the shown column's width
    // is the view's own, not a change by the user that would stop it from
    // fitting its texts.
    noteUserWidths();
    rememberOwnWidths();
    fitColumns();
    save();
}

} // namespace informant
