#pragma once

// ThemeMenu: View ▸ Theme: System, Light or Dark, the theme applied checked.
// A choice applies at once to every window (chooseTheme) and is the next
// start's, unless its --theme says otherwise. Every window's menu shows the
// theme of the moment, whichever window or flag chose it.

#include "ui/theme.h"

#include <QMenu>

class QActionGroup;

namespace informant {

class ThemeMenu final : public QMenu
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ThemeMenu)

public:
    explicit ThemeMenu(QWidget *parent = nullptr);

protected:
    void changeEvent(QEvent *event) override;

private:
    void checkCurrentTheme();

    QActionGroup *m_themes;
};

} // namespace informant
