#pragma once

// kubectl's connection flags on a QCommandLineParser, declared and read back
// here for both informant and informantctl, so the two programs cannot drift
// apart in a flag's spelling, value or meaning: --kubeconfig, --context,
// --server, --token, --certificate-authority, --insecure-skip-tls-verify,
// -n/--namespace and -A/--all-namespaces. Each program words the help of the
// flags it means differently (the GUI's -n picks where the first window
// starts, informantctl's the namespace a command works in), so it passes
// that text in. Plain functions, no network access.

#include "informer/kube/connectionflags.h"

#include <QCommandLineParser>

namespace informant {

// The help text each program gives in its own words; the rest is shared.
struct ConnectionOptionHelp
{
    QString kubeconfig;
    QString context;
    QString server;
    QString token;
    QString namespaceName;
    QString namespaceValueName; // the placeholder in `-n, --namespace <ns>`
    QString allNamespaces;
};

// Adds the connection flags to `parser`, in kubectl's order as above, after
// whatever it already holds (--help then lists them in that order).
void addConnectionOptions(QCommandLineParser &parser, const ConnectionOptionHelp &help);

// The flags' values once `parser` has parsed the arguments: "" and false for
// those not given.
ConnectionFlags connectionFlagsFromParser(const QCommandLineParser &parser);

} // namespace informant
