#include "globaloptions.h"

#include "verbosity.h"

#include "informer/kube/connectionoptions.h"

namespace informantctl {

namespace {

const QString kSelector = QStringLiteral("selector");
const QString kFieldSelector = QStringLiteral("field-selector");
const QString kNoTransform = QStringLiteral("no-transform");
const QString kStats = QStringLiteral("stats");
const QString kMetadataOnly = QStringLiteral("metadata-only");
const QString kRequestTimeout = QStringLiteral("request-timeout");

} // namespace

void addGlobalOptions(QCommandLineParser &parser)
{
    informant::addConnectionOptions(
        parser, {.kubeconfig = QStringLiteral(
                     "Path to the kubeconfig file (else $KUBECONFIG, else ~/.kube/config)."),
                 .context = QStringLiteral("The kubeconfig context to use."),
                 .server = QStringLiteral(
                     "The address of the Kubernetes API server (works without a kubeconfig)."),
                 .token = QStringLiteral("Bearer token for authentication to the API server."),
                 .namespaceName = QStringLiteral("The namespace to use."),
                 .namespaceValueName = QStringLiteral("ns"),
                 .allNamespaces = QStringLiteral("Use all namespaces.")});
    parser.addOptions({
        {{QStringLiteral("l"), kSelector},
         QStringLiteral("Label selector to filter on."),
         QStringLiteral("selector")},
        {kFieldSelector, QStringLiteral("Field selector to filter on."),
         QStringLiteral("selector")},
        {kNoTransform, QStringLiteral("Keep metadata.managedFields (no default transform).")},
        {kStats, QStringLiteral("Print statistics as one JSON line at the end (and report the sync "
                                "on stderr when it happens).")},
        {kMetadataOnly,
         QStringLiteral("Read the objects' metadata only (PartialObjectMetadata, as client-go's "
                        "metadata client asks for it): get and watch print NAME and AGE, "
                        "-o json/yaml the PartialObjectMetadata objects.")},
        {kRequestTimeout,
         QStringLiteral("How long each request to the server may take before it is given up, "
                        "like kubectl's: seconds, or a duration with its unit (5s, 2m, 1h); "
                        "0 for no limit. A watch ends once it has run that long."),
         QStringLiteral("duration"), QStringLiteral("0")},
    });
}

GlobalOptions GlobalOptions::fromParser(const QCommandLineParser &parser)
{
    GlobalOptions options;
    static_cast<informant::ConnectionFlags &>(options) =
        informant::connectionFlagsFromParser(parser);
    options.labelSelector = parser.value(kSelector);
    options.fieldSelector = parser.value(kFieldSelector);
    // get --show-managed-fields (kubectl's) asks for what --no-transform
    // keeps. Declared with the informer commands' options, not here: asked
    // among the options given, so a parser without it does not warn.
    options.noTransform = parser.isSet(kNoTransform) ||
                          parser.optionNames().contains(QStringLiteral("show-managed-fields"));
    options.stats = parser.isSet(kStats);
    options.metadataOnly = parser.isSet(kMetadataOnly);
    options.requestTimeout = parser.value(kRequestTimeout);
    options.verbosity = informantctl::verbosity(parser);
    return options;
}

} // namespace informantctl
