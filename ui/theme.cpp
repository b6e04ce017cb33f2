#include "ui/theme.h"

#include <QApplication>
#include <QPalette>
#include <QSettings>
#include <QStyleFactory>

namespace informant {

namespace {

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

} // namespace

bool applyTheme(QApplication &app, const QString &requested)
{
    const QPalette platform = QApplication::palette();
    QString choice = requested == QLatin1String("auto") ? QString() : requested;
    if (choice.isEmpty())
        choice = qEnvironmentVariable("INFORMANT_THEME");
    if (choice.isEmpty())
        choice = QSettings().value(QStringLiteral("appearance/theme")).toString();
    if (choice == QLatin1String("dark"))
        g_dark = true;
    else if (choice == QLatin1String("light"))
        g_dark = false;
    else
        g_dark = platform.color(QPalette::Window).lightness() < 128;
    app.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    app.setPalette(g_dark ? darkPalette() : lightPalette(platform));
    return g_dark;
}

bool isDarkTheme()
{
    return g_dark;
}

} // namespace informant
