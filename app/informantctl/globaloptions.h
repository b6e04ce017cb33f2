#pragma once

// informantctl's global options (product spec §4), declared once in
// globaloptions.cpp and read by every command through GlobalOptions:
//   [--kubeconfig F] [--context C] [--server URL] [--token T]
//   [--certificate-authority F] [--insecure-skip-tls-verify]
//   [-n NS | -A] [-l SELECTOR] [--field-selector S] [--no-transform] [--stats]

#include <QCommandLineParser>
#include <QString>

namespace informantctl {

struct GlobalOptions
{
    QString kubeconfig;
    QString context;
    QString server;
    QString token;
    QString certificateAuthority;
    bool insecureSkipTlsVerify = false;
    QString namespaceName; // -n; "" when not given
    bool allNamespaces = false;
    QString labelSelector;
    QString fieldSelector;
    bool noTransform = false;
    bool stats = false;

    static GlobalOptions fromParser(const QCommandLineParser &parser);
};

// Declares the global options on `parser` (called once, by the registration
// in globaloptions.cpp).
void addGlobalOptions(QCommandLineParser &parser);

} // namespace informantctl
