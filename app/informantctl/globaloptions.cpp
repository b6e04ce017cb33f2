#include "globaloptions.h"

namespace informantctl {

namespace {

const QString kKubeconfig = QStringLiteral("kubeconfig");
const QString kContext = QStringLiteral("context");
const QString kServer = QStringLiteral("server");
const QString kToken = QStringLiteral("token");
const QString kCertificateAuthority = QStringLiteral("certificate-authority");
const QString kInsecure = QStringLiteral("insecure-skip-tls-verify");
const QString kNamespace = QStringLiteral("namespace");
const QString kAllNamespaces = QStringLiteral("all-namespaces");
const QString kSelector = QStringLiteral("selector");
const QString kFieldSelector = QStringLiteral("field-selector");
const QString kNoTransform = QStringLiteral("no-transform");
const QString kStats = QStringLiteral("stats");

} // namespace

void addGlobalOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        {kKubeconfig,
         QStringLiteral("Path to the kubeconfig file (else $KUBECONFIG, else ~/.kube/config)."),
         QStringLiteral("file")},
        {kContext, QStringLiteral("The kubeconfig context to use."), QStringLiteral("name")},
        {kServer,
         QStringLiteral("The address of the Kubernetes API server (works without a kubeconfig)."),
         QStringLiteral("url")},
        {kToken, QStringLiteral("Bearer token for authentication to the API server."),
         QStringLiteral("token")},
        {kCertificateAuthority,
         QStringLiteral("Path to a certificate file for the certificate authority."),
         QStringLiteral("file")},
        {kInsecure, QStringLiteral("Do not verify the server's certificate (insecure).")},
        {{QStringLiteral("n"), kNamespace},
         QStringLiteral("The namespace to use."),
         QStringLiteral("ns")},
        {{QStringLiteral("A"), kAllNamespaces}, QStringLiteral("Use all namespaces.")},
        {{QStringLiteral("l"), kSelector},
         QStringLiteral("Label selector to filter on."),
         QStringLiteral("selector")},
        {kFieldSelector, QStringLiteral("Field selector to filter on."),
         QStringLiteral("selector")},
        {kNoTransform, QStringLiteral("Keep metadata.managedFields (no default transform).")},
        {kStats, QStringLiteral("Print statistics as one JSON line at the end (and report the sync "
                                "on stderr when it happens).")},
    });
}

GlobalOptions GlobalOptions::fromParser(const QCommandLineParser &parser)
{
    GlobalOptions options;
    options.kubeconfig = parser.value(kKubeconfig);
    options.context = parser.value(kContext);
    options.server = parser.value(kServer);
    options.token = parser.value(kToken);
    options.certificateAuthority = parser.value(kCertificateAuthority);
    options.insecureSkipTlsVerify = parser.isSet(kInsecure);
    options.namespaceName = parser.value(kNamespace);
    options.allNamespaces = parser.isSet(kAllNamespaces);
    options.labelSelector = parser.value(kSelector);
    options.fieldSelector = parser.value(kFieldSelector);
    options.noTransform = parser.isSet(kNoTransform);
    options.stats = parser.isSet(kStats);
    return options;
}

} // namespace informantctl
