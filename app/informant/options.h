#pragma once

// The informant command line: kubectl's connection flags (declared and read
// by informer/kube/connectionoptions.h) plus the GUI's own.

#include "informer/kube/connectionflags.h"

#include <QString>
#include <QStringList>

class QCoreApplication;

namespace informant {

// The connection flags are the base: -n (namespaceName) and -A
// (allNamespaces) pick the namespace the first window starts filtered to.
struct Options : ConnectionFlags
{
    bool noTransform = false; // keep metadata.managedFields
    // Every --context given: more than one opens one window of them all.
    QStringList contexts;
    QString kind;
    QString sort; // "AGE" or "NAME:desc"
    QString view = QStringLiteral("table");
    bool demo = false;
    QString replayFile;     // --replay: a recording (informantctl record) to open
    double replaySpeed = 1; // --replay-speed: how fast it plays at first
    QString screenshot;
    int afterMs = 3000;
    QString benchReport;
    QString theme;      // light, dark or auto (empty: auto)
    QString watchKinds; // shown, builtin or all (empty: the setting)
    QString error;      // set when the command line is invalid
};

Options parseOptions(const QCoreApplication &app);
// The same from an argument list (arguments[0] is the program); --help and
// --version print and exit, as with the application.
Options parseOptions(const QStringList &arguments);

} // namespace informant
