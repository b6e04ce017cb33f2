#include "informer/kube/connectionoptions.h"

namespace informant {

namespace {

const QString kKubeconfig = QStringLiteral("kubeconfig");
const QString kContext = QStringLiteral("context");
const QString kServer = QStringLiteral("server");
const QString kToken = QStringLiteral("token");
const QString kCertificateAuthority = QStringLiteral("certificate-authority");
const QString kInsecure = QStringLiteral("insecure-skip-tls-verify");
const QString kNamespace = QStringLiteral("namespace");
const QString kAllNamespaces = QStringLiteral("all-namespaces");

} // namespace

void addConnectionOptions(QCommandLineParser &parser, const ConnectionOptionHelp &help)
{
    parser.addOptions({
        {kKubeconfig, help.kubeconfig, QStringLiteral("file")},
        {kContext, help.context, QStringLiteral("name")},
        {kServer, help.server, QStringLiteral("url")},
        {kToken, help.token, QStringLiteral("token")},
        {kCertificateAuthority,
         QStringLiteral("Path to a certificate file for the certificate authority."),
         QStringLiteral("file")},
        {kInsecure, QStringLiteral("Do not verify the server's certificate (insecure).")},
        {{QStringLiteral("n"), kNamespace}, help.namespaceName, help.namespaceValueName},
        {{QStringLiteral("A"), kAllNamespaces}, help.allNamespaces},
    });
}

ConnectionFlags connectionFlagsFromParser(const QCommandLineParser &parser)
{
    ConnectionFlags flags;
    flags.kubeconfig = parser.value(kKubeconfig);
    flags.context = parser.value(kContext);
    flags.server = parser.value(kServer);
    flags.token = parser.value(kToken);
    flags.certificateAuthority = parser.value(kCertificateAuthority);
    flags.insecureSkipTlsVerify = parser.isSet(kInsecure);
    flags.namespaceName = parser.value(kNamespace);
    flags.allNamespaces = parser.isSet(kAllNamespaces);
    return flags;
}

} // namespace informant
