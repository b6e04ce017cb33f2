#pragma once

// informantctl's global options (product spec §4), declared once in
// globaloptions.cpp and read by every command through GlobalOptions:
//   [--kubeconfig F] [--context C] [--server URL] [--token T]
//   [--certificate-authority F] [--insecure-skip-tls-verify]
//   [-n NS | -A] [-l SELECTOR] [--field-selector S] [--no-transform] [--stats]
//   [--metadata-only] [--request-timeout DURATION] [-v LEVEL]
// The connection flags (up to -A) are the GUI's too: declared and read by
// informer/kube/connectionoptions.h.

#include "informer/kube/connectionflags.h"

#include <QCommandLineParser>
#include <QString>

namespace informantctl {

struct GlobalOptions : informant::ConnectionFlags
{
    QString labelSelector;
    QString fieldSelector;
    bool noTransform = false;
    bool stats = false;
    // Informers read PartialObjectMetadata, as client-go's metadata client
    // (informer/core/metadataonly.h); kubectl has no such flag.
    bool metadataOnly = false;
    // As given ("0" by default); read by connectCluster (requesttimeout.h).
    QString requestTimeout;
    // kubectl's -v (verbosity.h); from kRequestLogLevel every request is
    // logged (requestlog.h).
    int verbosity = 0;

    static GlobalOptions fromParser(const QCommandLineParser &parser);
};

// Declares the global options on `parser` (called once, by the registration
// in globaloptions.cpp).
void addGlobalOptions(QCommandLineParser &parser);

} // namespace informantctl
