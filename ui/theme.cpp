#include "ui/theme.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

namespace informant {

namespace {

const char *const kThemeSetting = "appearance/theme";

Theme g_theme = Theme::System;
bool g_dark = false;

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x23, 0x25, 0x29);
    const QColor base(0x1b, 0x1d, 0x21);
    const QColor text(0xe3, 0xe5, 0xe8);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x22, 0x24, 0x29));
    p.setColor(QPalette::ToolTipBase, window);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xc4));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x7c, 0xb7, 0xff));
    p.setColor(QPalette::PlaceholderText, QColor(0x8a, 0x8f, 0x98));
    p.setColor(QPalette::Mid, QColor(0x3a, 0x3d, 0x44));
    p.setColor(QPalette::Dark, QColor(0x15, 0x16, 0x19));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x70, 0x74, 0x7c));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x70, 0x74, 0x7c));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x70, 0x74, 0x7c));
    return p;
}

QPalette lightPalette(const QPalette &platform)
{
    QPalette p = platform;
    p.setColor(QPalette::AlternateBase, QColor(0xf5, 0xf7, 0xfa));
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xc4));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x80, 0x86, 0x8f));
    return p;
}

// The desktop's palette as it was before a theme replaced the application's:
// System chosen after Dark must find the desktop's, not Dark's.
const QPalette &platformPalette()
{
    static const QPalette platform = QApplication::palette();
    return platform;
}

Theme themeNamed(const QString &name)
{
    if (name == QLatin1String("dark"))
        return Theme::Dark;
    if (name == QLatin1String("light"))
        return Theme::Light;
    return Theme::System;
}

// The one place a theme is applied, at start-up and from the menu alike.
void apply(Theme theme)
{
    const QPalette &platform = platformPalette();
    g_theme = theme;
    g_dark = theme == Theme::Dark ||
             (theme == Theme::System && platform.color(QPalette::Window).lightness() < 128);
    // Set once: a new style object repolishes every widget of every window.
    if (QApplication::style()->name() != QLatin1String("fusion"))
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(g_dark ? darkPalette() : lightPalette(platform));
}

} // namespace

bool applyTheme(const QString &requested)
{
    QString choice = requested == QLatin1String("auto") ? QString() : requested;
    if (choice.isEmpty())
        choice = qEnvironmentVariable("INFORMANT_THEME");
    if (choice.isEmpty())
        choice = QSettings().value(QLatin1String(kThemeSetting)).toString();
    apply(themeNamed(choice));
    return g_dark;
}

void chooseTheme(Theme theme)
{
    apply(theme);
    QSettings settings;
    if (theme == Theme::System)
        settings.remove(QLatin1String(kThemeSetting));
    else
        settings.setValue(QLatin1String(kThemeSetting),
                          theme == Theme::Dark ? QStringLiteral("dark") : QStringLiteral("light"));
}

Theme currentTheme()
{
    return g_theme;
}

bool isDarkTheme()
{
    return g_dark;
}

} // namespace informant
