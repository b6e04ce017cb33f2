#include "ui/lastcolumnshare.h"

#include <QEvent>
#include <QHeaderView>
#include <QTableView>

#include <algorithm>

namespace informant {

LastColumnShare::LastColumnShare(QTableView *view, double share)
    : QObject(view)
    , m_view(view)
    , m_viewport(view->viewport())
    , m_share(std::clamp(share, 0.0, 1.0))
{
    const QHeaderView *header = view->horizontalHeader();
    for (int column = 0; column + 1 < header->count(); ++column)
        m_preferred.append(header->sectionSize(column));
    // Fitted from the first resize: a view not yet laid out is tiny.
    m_viewport->installEventFilter(this);
}

bool LastColumnShare::eventFilter(QObject *watched, QEvent *event)
{
    // Compared with the pointer kept, not m_view->viewport(): the viewport
    // still gets events while the view is destroyed, when m_view is no
    // longer a QTableView.
    if (event->type() == QEvent::Resize && watched == m_viewport)
        fit();
    return QObject::eventFilter(watched, event);
}

void LastColumnShare::fit()
{
    QHeaderView *header = m_view->horizontalHeader();
    const int viewport = m_view->viewport()->width();
    if (viewport <= 0)
        return;
    const int minimum = header->minimumSectionSize();
    QList<int> widths = m_preferred;
    // Narrowed in proportion; a column that reaches the minimum stays there
    // and the others share what is left, until the rest fits its room.
    QList<bool> atMinimum(widths.size(), false);
    const int room = int(viewport * (1.0 - m_share));
    for (bool narrowed = true; narrowed;) {
        narrowed = false;
        int fixed = 0;
        int flexible = 0;
        for (qsizetype column = 0; column < widths.size(); ++column) {
            if (header->isSectionHidden(int(column)))
                continue;
            (atMinimum.at(column) ? fixed : flexible) +=
                atMinimum.at(column) ? minimum : m_preferred.at(column);
        }
        const double scale =
            flexible <= 0 ? 1.0 : std::min(1.0, double(std::max(0, room - fixed)) / flexible);
        for (qsizetype column = 0; column < widths.size(); ++column) {
            if (atMinimum.at(column))
                continue;
            widths[column] = int(m_preferred.at(column) * scale);
            if (widths.at(column) < minimum) {
                widths[column] = minimum;
                atMinimum[column] = true;
                narrowed = true;
            }
        }
    }
    for (qsizetype column = 0; column < widths.size(); ++column) {
        if (!header->isSectionHidden(int(column)))
            header->resizeSection(int(column), widths.at(column));
    }
}

} // namespace informant
