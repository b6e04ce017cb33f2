#include "ui/docksizekeeper.h"

#include <QDockWidget>
#include <QEvent>
#include <QGuiApplication>
#include <QMainWindow>
#include <QTimer>

#include <algorithm>

namespace informant {

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
    // The window's closeEvent saves its state after this filter.
    if (watched == m_window && event->type() == QEvent::Close) {
        expandEmptyDocks();
        return false;
    }
    if (event->type() != QEvent::Resize)
        return false;
    if (watched == m_window) {
        // The docks are laid out for the new size right after this filter:
        // what they get then is the window's doing, not the user's. The
        // sizes are given back once the layout is done.
        m_windowResizing = true;
        scheduleRestore();
        return false;
    }
    // A separator dragged by the user (the mouse pressed, the window's size
    // unchanged) sets the size to keep. An empty dock's size is not a
    // choice (a click that clears the selection narrows it).
    auto *dock = static_cast<QDockWidget *>(watched);
    if (!m_windowResizing && !m_restorePending && !m_empty.contains(dock) &&
        QGuiApplication::mouseButtons().testFlag(Qt::LeftButton) && dock->isVisible() &&
        !dock->isFloating())
        remember(dock);
    return false;
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
    m_preferred.insert(dock, Preferred{dock->size(), m_window->size()});
}

void DockSizeKeeper::restore()
{
    m_restorePending = false;
    m_windowResizing = false;
    // A dock first laid out (the window shown) is kept at that size.
    for (QDockWidget *dock : std::as_const(m_docks)) {
        if (dock && dock->isVisible() && !dock->isFloating() && !m_preferred.contains(dock))
            remember(dock);
    }
    restore(Qt::Horizontal);
    restore(Qt::Vertical);
}

void DockSizeKeeper::restore(Qt::Orientation orientation)
{
    const auto along = [orientation](QSize s) {
        return orientation == Qt::Horizontal ? s.width() : s.height();
    };
    QList<QDockWidget *> docks;
    QList<int> sizes;
    bool short_ = false;
    for (QDockWidget *dock : std::as_const(m_docks)) {
        if (!dock || !dock->isVisible() || dock->isFloating() || !keeps(dock, orientation))
            continue;
        if (m_empty.contains(dock) && alongEdge(dock, orientation)) {
            // Nothing to show: its room goes to the table (Qt keeps its minimum).
            short_ = short_ || along(dock->size()) > along(dock->minimumSizeHint());
            docks.append(dock);
            sizes.append(1);
            continue;
        }
        const Preferred p = m_preferred.value(dock);
        if (!p.dock.isValid() || along(p.window) <= 0)
            continue;
        // Scaled down with the window, and no more than the user's size.
        const qint64 scaled = qint64(along(p.dock)) * along(m_window->size()) / along(p.window);
        const int target = int(std::min<qint64>(along(p.dock), scaled));
        short_ = short_ || along(dock->size()) < target;
        docks.append(dock);
        sizes.append(target);
    }
    // All of them at once, when one is short (or an empty one is not
    // narrowed): docks that share an area split its room, and one given back
    // alone would take it from the other (which got the room meanwhile), not
    // from the table.
    if (short_)
        m_window->resizeDocks(docks, sizes, orientation);
}

void DockSizeKeeper::expandEmptyDocks()
{
    for (QDockWidget *dock : std::as_const(m_empty)) {
        const Preferred p = m_preferred.value(dock);
        if (!p.dock.isValid() || !dock->isVisible() || dock->isFloating())
            continue;
        const Qt::Orientation edge =
            alongEdge(dock, Qt::Horizontal) ? Qt::Horizontal : Qt::Vertical;
        m_window->resizeDocks({dock}, {edge == Qt::Horizontal ? p.dock.width() : p.dock.height()},
                              edge);
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
