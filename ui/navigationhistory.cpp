#include "ui/navigationhistory.h"

#include <QAction>
#include <QCoreApplication>
#include <QKeySequence>
#include <QMouseEvent>
#include <QWidget>

#include <utility>

namespace informant {

NavigationHistory::NavigationHistory(std::function<NavigationPlace()> here,
                                     std::function<void(const NavigationPlace &)> goTo,
                                     QWidget *window)
    : QObject(window)
    , m_here(std::move(here))
    , m_goTo(std::move(goTo))
    , m_window(window)
    , m_backAction(new QAction(this))
    , m_forwardAction(new QAction(this))
{
    m_backAction->setShortcuts(QKeySequence::Back);
    m_forwardAction->setShortcuts(QKeySequence::Forward);
    connect(m_backAction, &QAction::triggered, this, &NavigationHistory::goBack);
    connect(m_forwardAction, &QAction::triggered, this, &NavigationHistory::goForward);
    updateActions();
    // The buttons' press goes to the widget under the cursor, and a table
    // takes every press it gets: seen before any widget does.
    QCoreApplication::instance()->installEventFilter(this);
}

NavigationHistory::~NavigationHistory() = default;

void NavigationHistory::navigate(const std::function<void()> &navigation)
{
    const NavigationPlace left = m_here();
    navigation();
    if (m_here() == left)
        return;
    push(m_back, left);
    m_forward.clear();
    updateActions();
}

void NavigationHistory::goBack()
{
    step(m_back, m_forward);
}

void NavigationHistory::goForward()
{
    step(m_forward, m_back);
}

void NavigationHistory::step(QList<NavigationPlace> &from, QList<NavigationPlace> &to)
{
    const NavigationPlace here = m_here();
    // A place the user came back to by other means is no step at all.
    while (!from.isEmpty() && from.constLast() == here)
        from.removeLast();
    if (from.isEmpty()) {
        updateActions();
        return;
    }
    const NavigationPlace target = from.takeLast();
    push(to, here);
    updateActions();
    m_goTo(target);
}

void NavigationHistory::push(QList<NavigationPlace> &places, const NavigationPlace &place)
{
    if (!places.isEmpty() && places.constLast() == place) {
        places.last() = place; // its label as it is now
        return;
    }
    places.append(place);
    if (places.size() > kMaxPlaces)
        places.removeFirst();
}

void NavigationHistory::updateActions()
{
    const auto name = [](QAction *action, const QString &text,
                         const QList<NavigationPlace> &places) {
        const QString label = places.isEmpty() ? QString() : places.constLast().label;
        action->setText(label.isEmpty() ? text : QStringLiteral("%1 to %2").arg(text, label));
        action->setEnabled(!places.isEmpty());
    };
    name(m_backAction, tr("&Back"), m_back);
    name(m_forwardAction, tr("&Forward"), m_forward);
}

bool NavigationHistory::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::MouseButtonPress && event->type() != QEvent::MouseButtonDblClick)
        return false;
    const Qt::MouseButton button = static_cast<QMouseEvent *>(event)->button();
    if (button != Qt::BackButton && button != Qt::ForwardButton)
        return false;
    const auto *widget = qobject_cast<const QWidget *>(watched);
    if (!widget || widget->window() != m_window)
        return false;
    if (button == Qt::BackButton)
        goBack();
    else
        goForward();
    event->accept();
    return true;
}

} // namespace informant
