#pragma once

// A state as the Overview writes it: HTML-escaped, in its status tone's
// colour (statustone.h), green when it is a healthy one ("Running",
// "Bound"), so a CrashLoopBackOff stands out in the pane as in the table.

#include <QString>

namespace informant {

QString tonedHtml(const QString &status);

} // namespace informant
