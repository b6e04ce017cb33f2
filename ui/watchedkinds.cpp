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

QString unwatchedKindsReason(WatchedKinds kinds)
{
    switch (kinds) {
    case WatchedKinds::Shown:
        return QStringLiteral("kinds are watched once shown, or all built-in kinds with "
                              "--watch-kinds builtin");
    case WatchedKinds::BuiltIn:
        return QStringLiteral("custom and less common kinds are watched once shown, or all "
                              "kinds with --watch-kinds all");
    case WatchedKinds::Recorded:
        return QStringLiteral("not in this recording");
    case WatchedKinds::All:
        break;
    }
    return QStringLiteral("its informer is starting");
}

} // namespace informant
