#include "watchedkinds.h"

#include <QSettings>

namespace informant {

std::optional<WatchedKinds> watchedKindsFromString(const QString &text)
{
    if (text == QLatin1String("shown"))
        return WatchedKinds::Shown;
    if (text == QLatin1String("builtin"))
        return WatchedKinds::BuiltIn;
    if (text == QLatin1String("all"))
        return WatchedKinds::All;
    return std::nullopt;
}

WatchedKinds watchedKindsChoice(const QString &commandLine)
{
    const QString text = commandLine.isEmpty()
                             ? QSettings().value(QStringLiteral("tree/watchKinds")).toString()
                             : commandLine;
    return watchedKindsFromString(text).value_or(WatchedKinds::BuiltIn);
}

} // namespace informant
