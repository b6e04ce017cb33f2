#include "ui/docksizekeeper.h"

#include <QDockWidget>
#include <QEvent>
#include <QMainWindow>
#include <QMouseEvent>
#include <QTimer>

#include <algorithm>

namespace informant {

namespace {

int along(QSize size, Qt::Orientation orientation)
{
    return orientation == Qt::Horizontal ? size.width() : size.height();
}

} // namespace

DockSizeKeeper::DockSizeKeeper(QMainWindow *window, const QList<QDockWidget *> &docks)
    : QObject(window)
    , m_window(window)
{
    for (QDockWidget *dock : docks) {
        m_docks.append(dock);
        dock->installEventFilter(this);
    }
    window->installEventFilter(this);
}

QSize DockSizeKeeper::preferredSize(QDockWidget *dock) const
{
    return m_preferred.value(dock).dock;
}

void DockSizeKeeper::setPreferredSize(QDockWidget *dock, QSize size, QSize windowSize)
{
    m_preferred.insert(dock, Preferred{size, windowSize, int(m_window->dockWidgetArea(dock))});
    scheduleRestore();
}

void DockSizeKeeper::setEmpty(QDockWidget *dock, bool empty)
{
    if (m_empty.contains(dock) == empty)
        return;
    if (empty)
        m_empty.insert(dock);
    else
        m_empty.remove(dock);
    scheduleRestore();
}

bool DockSizeKeeper::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window) {
        windowEvent(event);
        return false;
    }
    if (event->type() != QEvent::Resize)
        return false;
    auto *dock = static_cast<QDockWidget *>(watched);
    if (m_separatorDragged && dock->isVisible() && !dock->isFloating()) {
        // The user's size, even for an empty dock: narrowing it again would
        // undo the drag.
        m_empty.remove(dock);
        remember(dock);
    } else {
        scheduleRestore();
    }
    return false;
}

void DockSizeKeeper::windowEvent(QEvent *event)
{
    switch (event->type()) {
    case QEvent::Close:
        // The window's closeEvent saves its state after this filter.
        expandEmptyDocks();
        break;
    case QEvent::MouseButtonPress: {
        // QMainWindow moves its separators itself, on a press on its own
        // surface. A click no child took comes here too, with a child under
        // it: not a drag.
        const auto *mouse = static_cast<QMouseEvent *>(event);
        m_separatorDragged =
            mouse->button() == Qt::LeftButton && !m_window->childAt(mouse->position().toPoint());
        break;
    }
    case QEvent::MouseButtonRelease:
        // QMainWindow drops a move not laid out yet on the release: none
        // comes after it.
        m_separatorDragged = false;
        break;
    case QEvent::Resize:        // the docks are laid out for it right after
    case QEvent::LayoutRequest: // a minimum changed: the centre's may have
        // Once laid out, the docks get their sizes back: scaled with the
        // window, or from a centre that squeezed them and now needs less.
        scheduleRestore();
        break;
    default:
        break;
    }
}

void DockSizeKeeper::scheduleRestore()
{
    if (!m_restorePending) {
        m_restorePending = true;
        QTimer::singleShot(0, this, [this] { restore(); });
    }
}

void DockSizeKeeper::remember(QDockWidget *dock)
{
    m_preferred.insert(
        dock, Preferred{dock->size(), m_window->size(), int(m_window->dockWidgetArea(dock))});
}

void DockSizeKeeper::restore()
{
    m_restorePending = false;
    // A dock first laid out (the window shown), or laid out in another area,
    // is kept at that size.
    for (QDockWidget *dock : std::as_const(m_docks)) {
        if (dock && dock->isVisible() && !dock->isFloating() &&
            m_preferred.value(dock, Preferred{{}, {}, -1}).area !=
                int(m_window->dockWidgetArea(dock)))
            remember(dock);
    }
    restore(Qt::Horizontal);
    restore(Qt::Vertical);
}

int DockSizeKeeper::target(QDockWidget *dock, Qt::Orientation orientation) const
{
    const Preferred p = m_preferred.value(dock);
    const int size = along(p.dock, orientation);
    const int window = along(p.window, orientation);
    if (size <= 0 || window <= 0)
        return 0;
    // Scaled down with the window, and no more than the user's size.
    const qint64 scaled = qint64(size) * along(m_window->size(), orientation) / window;
    return int(std::min<qint64>(size, scaled));
}

void DockSizeKeeper::restore(Qt::Orientation orientation)
{
    QList<QDockWidget *> docks;
    QList<int> sizes;
    QList<int> before;
    bool off = false;
    for (QDockWidget *dock : std::as_const(m_docks)) {
        if (!dock || !dock->isVisible() || dock->isFloating() || !keeps(dock, orientation))
            continue;
        const int size = along(dock->size(), orientation);
        before.append(size);
        if (m_empty.contains(dock) && alongEdge(dock, orientation)) {
            // Nothing to show: its room goes to the table (Qt keeps its minimum).
            off = off || size > along(dock->minimumSizeHint(), orientation);
            docks.append(dock);
            sizes.append(1);
            continue;
        }
        const int wanted = target(dock, orientation);
        if (wanted <= 0)
            continue;
        // Along the edge, nothing but the user widens a dock either. Across
        // an area, its docks share what it has: only a short one is helped.
        off = off || size < wanted || (alongEdge(dock, orientation) && size > wanted);
        docks.append(dock);
        sizes.append(wanted);
    }
    // All of them at once, when one is off (or an empty one is not
    // narrowed): docks that share an area split its room, and one given back
    // alone would take it from the other (which got the room meanwhile), not
    // from the table.
    if (!off)
        return;
    // Not again from where the last one left them, the minimums that kept
    // them off the same: the resize asks for a layout, which would ask for
    // this again.
    Attempt attempt{docks, sizes, before, m_window->minimumSizeHint()};
    Attempt &last = m_lastAttempt[orientation == Qt::Horizontal ? 0 : 1];
    if (attempt == last)
        return;
    last = std::move(attempt);
    m_window->resizeDocks(docks, sizes, orientation);
}

void DockSizeKeeper::expandEmptyDocks()
{
    for (QDockWidget *dock : std::as_const(m_empty)) {
        if (!dock->isVisible() || dock->isFloating())
            continue;
        const Qt::Orientation edge =
            alongEdge(dock, Qt::Horizontal) ? Qt::Horizontal : Qt::Vertical;
        if (const int size = target(dock, edge); size > 0)
            m_window->resizeDocks({dock}, {size}, edge);
    }
}

bool DockSizeKeeper::alongEdge(QDockWidget *dock, Qt::Orientation orientation) const
{
    const Qt::DockWidgetArea area = m_window->dockWidgetArea(dock);
    const bool side = area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea;
    return (orientation == Qt::Horizontal) == side;
}

bool DockSizeKeeper::keeps(QDockWidget *dock, Qt::Orientation orientation) const
{
    if (alongEdge(dock, orientation))
        return true;
    const Qt::DockWidgetArea area = m_window->dockWidgetArea(dock);
    // Across a side: kept only between docks that share it.
    return std::count_if(m_docks.cbegin(), m_docks.cend(), [&](const QPointer<QDockWidget> &d) {
               return d && d->isVisible() && !d->isFloating() &&
                      m_window->dockWidgetArea(d) == area;
           }) > 1;
}

} // namespace informant
