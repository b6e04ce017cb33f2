#pragma once

// DockSizeKeeper: keeps a main window's dock sizes where the user put them.
// QMainWindow shrinks docks when the window gets too small for them, but
// gives all the room of a larger window to the central widget: after the
// window was made small and large again the docks stayed small. The keeper
// remembers each dock's size as first laid out and as the user sets it (a
// separator dragged with the mouse, by the window's size then), and after
// every window resize, when a dock is short of it, gives back what the
// window's new size allows: proportionally when smaller than then, all of
// it when as large. Sizes along the window's edge (a left dock's width), and
// across docks that share an area (the left area's heights).
//
// A dock with nothing to show (the details pane while no object is
// selected, setEmpty) gives its room to the table: it is narrowed to its
// minimum along the window's edge, and gets its kept size back when it has
// something to show. Its kept size, not the narrowed one, is what the
// window's saved state holds (given back when the window closes). GUI thread.

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QSize>

class QDockWidget;
class QMainWindow;

namespace informant {

class DockSizeKeeper final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DockSizeKeeper)

public:
    DockSizeKeeper(QMainWindow *window, const QList<QDockWidget *> &docks);

    // The size `dock` is given back (invalid until it was first laid out).
    QSize preferredSize(QDockWidget *dock) const;
    // Whether `dock` has nothing to show; see above.
    void setEmpty(QDockWidget *dock, bool empty);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void remember(QDockWidget *dock);
    // After the layout (a window resize, a dock now empty or not).
    void scheduleRestore();
    void restore();
    void restore(Qt::Orientation orientation);
    // Gives the empty docks their kept sizes, for the window's saved state.
    void expandEmptyDocks();
    // Whether `dock`'s size along `orientation` is the user's to keep: a
    // side dock's width, a top or bottom dock's height, and the height of
    // a dock that shares its side with others.
    bool keeps(QDockWidget *dock, Qt::Orientation orientation) const;
    // `orientation` is across the window's edge `dock` is on: a side dock's
    // width, a top or bottom dock's height.
    bool alongEdge(QDockWidget *dock, Qt::Orientation orientation) const;

    struct Preferred
    {
        QSize dock;   // the dock's size
        QSize window; // the window's size then
    };
    QMainWindow *m_window;
    QList<QPointer<QDockWidget>> m_docks;
    QHash<QDockWidget *, Preferred> m_preferred;
    QSet<QDockWidget *> m_empty;
    bool m_restorePending = false;
    bool m_windowResizing = false;
};

} // namespace informant
