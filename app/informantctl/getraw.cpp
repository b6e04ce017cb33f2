#include "getraw.h"

#include "connection.h"
#include "kubectlerror.h"
#include "standardoutput.h"

#include "informer/kube/restclient.h"

#include <QTextStream>
#include <QUrl>
#include <QUrlQuery>

using namespace informant;

namespace informantctl {

namespace {

const QString kRaw = QStringLiteral("raw");

// kubectl's GetOptions checks for --raw, or nothing when they pass.
std::optional<QString> rawUsageError(const QCommandLineParser &parser, const QStringList &args)
{
    if (!args.isEmpty())
        return QStringLiteral("arguments may not be passed when --raw is specified");
    if (parser.isSet(QStringLiteral("watch")) || parser.isSet(QStringLiteral("watch-only")) ||
        !parser.value(QStringLiteral("selector")).isEmpty())
        return QStringLiteral("--raw may not be specified with other flags that filter the "
                              "server request or alter the output");
    if (parser.isSet(QStringLiteral("output")) && !parser.value(QStringLiteral("output")).isEmpty())
        return QStringLiteral("--raw and --output are mutually exclusive");
    // Go's url.ParseRequestURI refuses a relative path (an absolute URL it
    // takes, informantctl does not: the request goes to the cluster's
    // server and nowhere else).
    const QString path = parser.value(kRaw);
    if (!path.startsWith(u'/'))
        return QStringLiteral("--raw must be a valid URL path: parse \"%1\": invalid URI for "
                              "request")
            .arg(path);
    return std::nullopt;
}

} // namespace

void addGetRawOption(QCommandLineParser &parser)
{
    parser.addOption({kRaw,
                      QStringLiteral("get: GET this path (with its query) on the server and print "
                                     "the body as it comes, like kubectl get --raw."),
                      QStringLiteral("path")});
}

bool isRawGet(const QCommandLineParser &parser)
{
    return !parser.value(kRaw).isEmpty();
}

int runGetRaw(const QCommandLineParser &parser, const QStringList &args)
{
    QTextStream err(stderr);
    if (const auto usage = rawUsageError(parser, args)) {
        err << "error: " << *usage << '\n';
        return 1;
    }
    auto connection = connectCluster(GlobalOptions::fromParser(parser));
    if (!connection) {
        err << connection.errorMessage() << '\n';
        return 1;
    }
    const QUrl url(parser.value(kRaw));
    RequestOptions options;
    options.accept = QByteArrayLiteral("application/json, */*"); // kubectl's for --raw
    options.timeoutMs = 0; // a watch may be quiet for long; --request-timeout bounds it
    options.maxBodyBytes = 0;
    options.bodySink = [](QByteArrayView chunk) {
        writeStandardOutput(chunk.toByteArray());
        return true;
    };
    RestClient client(*connection);
    const auto response = client.getBlocking(url.path(), QUrlQuery(url), options);
    if (!response) {
        const ClusterConfig &config = (*connection)->config;
        err << kubectlErrorLine(config, response.error())
                   .value_or(requestErrorLine(config, response.error()))
            << '\n';
        return 1;
    }
    return 0;
}

} // namespace informantctl
