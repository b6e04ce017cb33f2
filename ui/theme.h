#pragma once

// Theme: Informant follows the desktop — the platform palette decides light
// or dark (Qt 6.4 has no colour-scheme hint, so the window colour's lightness
// is the signal); INFORMANT_THEME=light|dark or the "appearance/theme"
// setting overrides it. Fusion style for a consistent, compact look.

class QApplication;

namespace informant {

// Applies style and palette; returns true for a dark theme.
bool applyTheme(QApplication &app);
bool isDarkTheme();

} // namespace informant
