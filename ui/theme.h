#pragma once

// Theme: Informant follows the desktop — the platform palette decides light
// or dark (Qt 6.4 has no colour-scheme hint, so the window colour's lightness
// is the signal); `--theme`, INFORMANT_THEME=light|dark or the
// "appearance/theme" setting overrides it, in that order. The setting is what
// View ▸ Theme chose last. Fusion style for a consistent, compact look.
//
// A theme applied while windows are open reaches them as QEvent::PaletteChange:
// what picks colours by isDarkTheme() rather than by its palette picks them
// again there. GUI thread.

#include <QString>

namespace informant {

enum class Theme { System, Light, Dark };

// At start-up: applies style and palette; returns true for a dark theme.
// `choice`: "light", "dark", or empty/"auto" for the environment, the
// setting, then the desktop.
bool applyTheme(const QString &choice = {});
// Applies `theme` now and saves it for the next start (View ▸ Theme).
void chooseTheme(Theme theme);
// The theme applied last (System: the desktop's, whichever that is).
Theme currentTheme();
bool isDarkTheme();

} // namespace informant
