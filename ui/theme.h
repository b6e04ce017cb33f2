#pragma once

// Theme: Informant follows the desktop — the platform palette decides light
// or dark (Qt 6.4 has no colour-scheme hint, so the window colour's lightness
// is the signal); `--theme`, INFORMANT_THEME=light|dark or the
// "appearance/theme" setting overrides it, in that order. Fusion style for a
// consistent, compact look.

#include <QString>

class QApplication;

namespace informant {

// Applies style and palette; returns true for a dark theme.
// `choice`: "light", "dark", or empty/"auto" for the environment, the
// setting, then the desktop.
bool applyTheme(QApplication &app, const QString &choice = {});
bool isDarkTheme();

} // namespace informant
