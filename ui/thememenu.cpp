#include "ui/thememenu.h"

#include <QActionGroup>
#include <QEvent>

#include <utility>

namespace informant {

ThemeMenu::ThemeMenu(QWidget *parent)
    : QMenu(QStringLiteral("T&heme"), parent)
    , m_themes(new QActionGroup(this))
{
    const std::pair<Theme, QString> themes[] = {{Theme::System, QStringLiteral("&System")},
                                                {Theme::Light, QStringLiteral("&Light")},
                                                {Theme::Dark, QStringLiteral("&Dark")}};
    for (const auto &[theme, text] : themes) {
        QAction *action = addAction(text);
        action->setCheckable(true);
        action->setData(QVariant::fromValue(static_cast<int>(theme)));
        m_themes->addAction(action);
        connect(action, &QAction::triggered, this, [theme] { chooseTheme(theme); });
    }
    m_themes->setExclusionPolicy(QActionGroup::ExclusionPolicy::Exclusive);
    checkCurrentTheme();
    // Light and System on a light desktop are the same palette: one chosen
    // in another window sends no PaletteChange here.
    connect(this, &QMenu::aboutToShow, this, &ThemeMenu::checkCurrentTheme);
}

void ThemeMenu::changeEvent(QEvent *event)
{
    // Another window's menu or a start-up flag may have applied it: every
    // theme applied changes the application's palette.
    if (event->type() == QEvent::PaletteChange)
        checkCurrentTheme();
    QMenu::changeEvent(event);
}

void ThemeMenu::checkCurrentTheme()
{
    for (QAction *action : m_themes->actions())
        action->setChecked(action->data().toInt() == static_cast<int>(currentTheme()));
}

} // namespace informant
