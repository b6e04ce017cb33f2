#pragma once

// DockSizeKeeper: keeps a main window's dock sizes where the user put them.
// Only the user sets them: by dragging a separator (a press on the window's
// own surface, between its docks and central widget; a click on a checkbox
// in a dock, with its consequences, is not one), or by resizing the window,
// which scales them. Whatever else resized a dock -- the central widget's
// minimum grown with a long text, a dock's content wider for a while, Qt
// giving a smaller window's room to the central widget first -- is undone
// once laid out: each dock is given its size back, scaled down with the
// window when it is smaller than when the size was set, as set when it is as
// large or larger. Sizes along the window's edge (a left dock's width) are
// given exactly; across docks that share an area (the left area's heights),
// a dock short of its size gets it back.
//
// A dock's size is, until the user sets one, the one given to
// setPreferredSize (a first start's layout, for a window of a given size)
// or else the one it has when the window is first laid out (a restored
// state). A dock moved to another area starts afresh from its size there.
//
// A dock with nothing to show (the details pane while no object is
// selected, setEmpty) gives its room to the table: it is narrowed to its
// minimum along the window's edge, and gets its kept size back when it has
// something to show (or when the user drags it). Its kept size, not the
// narrowed one, is what the window's saved state holds (given back when the
// window closes). GUI thread.

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

    // The size `dock` is given back, in a window as large as when it was set
    // (invalid until it was first laid out).
    QSize preferredSize(QDockWidget *dock) const;
    // `dock`'s size, as the user would have set it in a window of
    // `windowSize`; 0 along a side that is not kept (a right dock's height).
    void setPreferredSize(QDockWidget *dock, QSize size, QSize windowSize);
    // Whether `dock` has nothing to show; see above.
    void setEmpty(QDockWidget *dock, bool empty);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void windowEvent(QEvent *event);
    void remember(QDockWidget *dock);
    // After the layout (a window resize, a dock resized by anything but the
    // user, a dock now empty or not).
    void scheduleRestore();
    void restore();
    void restore(Qt::Orientation orientation);
    // The size `dock` is to have along `orientation` in the window's current
    // size (0: none kept).
    int target(QDockWidget *dock, Qt::Orientation orientation) const;
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
        int area = 0; // the Qt::DockWidgetArea it was on
    };
    QMainWindow *m_window;
    QList<QPointer<QDockWidget>> m_docks;
    QHash<QDockWidget *, Preferred> m_preferred;
    QSet<QDockWidget *> m_empty;
    // The last resize asked for along each orientation: the sizes asked
    // for, the sizes before, and the window's minimum then.
    struct Attempt
    {
        QList<QDockWidget *> docks;
        QList<int> sizes;
        QList<int> before;
        QSize windowMinimum;
        bool operator==(const Attempt &) const = default;
    };
    Attempt m_lastAttempt[2];
    bool m_restorePending = false;
    bool m_separatorDragged = false;
};

} // namespace informant
