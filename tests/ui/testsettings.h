#pragma once

// The settings a GUI test's windows read and write: QStandardPaths' test
// locations under an organization of the tests' own, never the user's, and
// emptied first, so every run starts from the defaults whatever an earlier
// one saved.

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>

namespace informant::test {

inline void useEmptyTestSettings()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("InformantTest"));
    QSettings().clear();
}

} // namespace informant::test
