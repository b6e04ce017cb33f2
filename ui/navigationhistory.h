#pragma once

// NavigationHistory: Back and Forward between the places a window showed, as
// a browser has them. A place is the kind shown, the table or the timeline,
// and the row (or lane) selected there; the filters are no part of it (they
// stay as the user left them). The window runs each navigation the user makes
// (a link followed, a timeline lane, another kind or view chosen) through
// navigate(): when it took the window elsewhere, the place it left is Back's
// and Forward's places are dropped. Going back or forward is not recorded
// as a navigation. At most kMaxPlaces each way: the oldest go.
//
// Back and Forward are QActions for a menu (QKeySequence::Back/Forward:
// Alt+Left, Alt+Right), enabled as the history allows and naming the place
// they go to; the mouse's back and forward buttons anywhere in the window do
// the same. GUI thread.

#include <QObject>
#include <QString>

#include <functional>

class QAction;
class QWidget;

namespace informant {

struct NavigationPlace
{
    QString kindId;        // KindInfo::id() of the kind shown (behind the timeline too)
    bool timeline = false; // the event timeline in place of the table
    QString objectKey;     // the selected row's key, or the timeline's selected lane's
    QString label;         // how Back and Forward name it ("Pods (shop/web-1)"); not compared

    bool operator==(const NavigationPlace &other) const
    {
        return kindId == other.kindId && timeline == other.timeline && objectKey == other.objectKey;
    }
};

class NavigationHistory final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NavigationHistory)

public:
    static constexpr qsizetype kMaxPlaces = 50;

    // `here`: where the window is now; `goTo` takes it to a place. The
    // mouse's back and forward buttons count in `window`'s widgets.
    NavigationHistory(std::function<NavigationPlace()> here,
                      std::function<void(const NavigationPlace &)> goTo, QWidget *window);
    ~NavigationHistory() override;

    QAction *backAction() const { return m_backAction; }
    QAction *forwardAction() const { return m_forwardAction; }

    // Runs `navigation`; when the window is elsewhere after it, the place it
    // left becomes Back's.
    void navigate(const std::function<void()> &navigation);
    // `slot` run as a navigation, for connect().
    template<typename Slot> auto navigation(Slot slot)
    {
        return [this, slot](const auto &...args) { navigate([&] { slot(args...); }); };
    }
    bool canGoBack() const { return !m_back.isEmpty(); }
    bool canGoForward() const { return !m_forward.isEmpty(); }
    void goBack();
    void goForward();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // Takes the window to the last place of `from` that is not where it is,
    // the place it leaves going on `to`.
    void step(QList<NavigationPlace> &from, QList<NavigationPlace> &to);
    static void push(QList<NavigationPlace> &places, const NavigationPlace &place);
    void updateActions();

    std::function<NavigationPlace()> m_here;
    std::function<void(const NavigationPlace &)> m_goTo;
    QWidget *m_window;
    QAction *m_backAction;
    QAction *m_forwardAction;
    QList<NavigationPlace> m_back;    // the last is the nearest
    QList<NavigationPlace> m_forward; // the last is the nearest
};

} // namespace informant
