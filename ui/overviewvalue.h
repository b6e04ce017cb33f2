#pragma once

// One text value as the details pane's Overview shows it (a ConfigMap's data
// value, an annotation's value): whole when it is short and on one line;
// otherwise its first line, cut to a number of characters, with "…" and its
// size ("2.3 KiB, 40 lines"), the whole value in a tooltip (up to
// kOverviewTooltipMaxChars: beyond, the YAML tab has it). Everything is
// HTML-escaped, in the value and in the tooltip alike.

#include <QString>

namespace informant {

// A tooltip of a 1 MiB ConfigMap value would cover the screen and make the
// Overview's HTML (rebuilt every second for the ages) that much bigger.
constexpr qsizetype kOverviewTooltipMaxChars = 3000;
constexpr qsizetype kOverviewTooltipMaxLines = 40;

// "24 bytes", "2.3 KiB", "1.1 MiB".
QString byteSizeText(qint64 bytes);

// HTML of `value` shown in at most `maxChars` characters of its first line.
QString overviewValueHtml(const QString &value, qsizetype maxChars);

} // namespace informant
