#include "ui/tablecolumns.h"

#include "models/resourcetablemodel.h"
#include "ui/columnsmenu.h"

#include <QHash>
#include <QHeaderView>
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

QString headerKey(const QString &kindId)
{
    return QStringLiteral("tables/%1/header").arg(kindId);
}

QString widthsByUserKey(const QString &kindId)
{
    return QStringLiteral("tables/%1/widthsByUser").arg(kindId);
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
    QHeaderView *header = m_table->horizontalHeader();
    applyDefaultWidths();
    const QSettings settings;
    const QByteArray state = settings.value(headerKey(kindId)).toByteArray();
    if (!state.isEmpty())
        header->restoreState(state);
    // The header's state is saved at every switch, widths the user never
    // touched too (a kind first shown empty or still listing kept its
    // sample-text NAME width for good, and long names were cut short while
    // other columns had room). Only widths the user set are kept as they are.
    const QString byUser = widthsByUserKey(kindId);
    const int name = model->formatter().nameColumn();
    if (settings.contains(byUser)) {
        m_widthsByUser = settings.value(byUser).toBool();
    } else {
        // Saved before the user's widths were told apart: a NAME width other
        // than the sample one was the user's choice (or fitted once).
        m_widthsByUser = !state.isEmpty() && name >= 0 &&
                         header->sectionSize(name) !=
                             defaultColumnWidth(QStringLiteral("NAME"), m_table->fontMetrics());
    }
    m_fitName = !m_widthsByUser;
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

bool TableColumns::userChangedWidths() const
{
    const QHeaderView *header = m_table->horizontalHeader();
    if (m_ownWidths.size() != header->count())
        return false;
    // The last shown column stretches with the window: its width is not a
    // choice.
    int last = -1;
    for (int v = header->count() - 1; v >= 0 && last < 0; --v) {
        if (!header->isSectionHidden(header->logicalIndex(v)))
            last = header->logicalIndex(v);
    }
    for (int c = 0; c < header->count(); ++c) {
        if (c != last && !header->isSectionHidden(c) && header->sectionSize(c) != m_ownWidths[c])
            return true;
    }
    return false;
}

void TableColumns::fitName()
{
    // Generated pod names are longer than any sample width; NAME grows to
    // the names in view (the visible rows only, so it stays cheap) as rows
    // arrive and the view grows, up to the room the other columns leave (at
    // least 2/5 of the view), so they stay on screen. It never shrinks (no
    // jumping while scrolling), and the user's own widths are kept.
    const int column = m_model ? m_model->formatter().nameColumn() : -1;
    // Hidden, the table would measure every row (Qt's sizeHintForColumn).
    if (!m_fitName || column < 0 || m_model->rowCount() == 0 || !m_table->isVisible() ||
        m_table->viewport()->width() < 200) // not laid out yet
        return;
    if (userChangedWidths()) {
        m_fitName = false;
        return;
    }
    QHeaderView *header = m_table->horizontalHeader();
    const RowFormatter &formatter = m_model->formatter();
    const QFontMetrics fm = m_table->fontMetrics();
    const int lastVisual = [header] {
        for (int v = header->count() - 1; v >= 0; --v) {
            if (!header->isSectionHidden(header->logicalIndex(v)))
                return v;
        }
        return -1;
    }();
    int others = 0;
    for (int c = 0; c < header->count(); ++c) {
        if (c == column || header->isSectionHidden(c))
            continue;
        // The stretched last column counts at its own width, not the stretch.
        others += header->visualIndex(c) == lastVisual
                      ? defaultColumnWidth(formatter.columns().at(c).name, fm)
                      : header->sectionSize(c);
    }
    const int viewport = m_table->viewport()->width();
    const int cap = qMax(viewport * 2 / 5, viewport - others);
    const int before = header->sectionSize(column);
    m_table->resizeColumnToContents(column); // the rows in view (precision 0)
    header->resizeSection(column, qBound(before, header->sectionSize(column), qMax(before, cap)));
    rememberOwnWidths();
}

void TableColumns::save() const
{
    if (!m_model)
        return;
    QSettings settings;
    settings.setValue(headerKey(m_kindId), m_table->horizontalHeader()->saveState());
    settings.setValue(widthsByUserKey(m_kindId), m_widthsByUser || userChangedWidths());
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
    // is the view's own, not a change by the user that would stop NAME from
    // fitting the names.
    if (userChangedWidths())
        m_widthsByUser = true;
    m_fitName = !m_widthsByUser;
    rememberOwnWidths();
    fitName();
    save();
}

} // namespace informant
