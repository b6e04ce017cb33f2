#include "getraw.h"

#include "connection.h"
#include "kubectlerror.h"
#include "standardoutput.h"

#include "informer/core/result.h"
#include "informer/kube/restclient.h"

#include <QTextStream>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>

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
    return std::nullopt;
}

// Go's getScheme: letters, then letters, digits, '+', '-' or '.', up to
// the first ':'. Empty when the text has none (a path); an error for a
// ':' with nothing before it.
informant::Result<QString> goScheme(const QString &raw)
{
    for (qsizetype i = 0; i < raw.size(); ++i) {
        const QChar c = raw.at(i);
        const bool letter = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
        const bool later = c.isDigit() || c == u'+' || c == u'-' || c == u'.';
        if (letter || (later && i > 0))
            continue;
        if (c == u':') {
            if (i == 0)
                return informant::Error{QStringLiteral("missing protocol scheme")};
            return raw.left(i);
        }
        return QString();
    }
    return QString();
}

// What client-go's RequestURI keeps of --raw: the path, and the query as
// url.Values encodes it (by key, in byte order; a key's values in their
// order). An opaque URL ("x:y") has no path: the server's root is asked.
struct RawRequest
{
    QString path;
    QUrlQuery query;
};

informant::Result<RawRequest> rawRequest(const QString &raw)
{
    const auto invalid = [&raw](const QString &why) {
        return informant::Error{
            QStringLiteral("--raw must be a valid URL path: parse \"%1\": %2").arg(raw, why)};
    };
    QString scheme;
    if (!raw.startsWith(u'/')) {
        const auto found = goScheme(raw);
        if (!found)
            return invalid(found.errorMessage());
        if (found->isEmpty())
            return invalid(QStringLiteral("invalid URI for request"));
        scheme = *found;
    }
    const QUrl url(raw);
    if (!url.isValid())
        return invalid(url.errorString());
    const bool opaque = !scheme.isEmpty() && !raw.mid(scheme.size() + 1).startsWith(u'/');
    QList<QPair<QString, QString>> items = QUrlQuery(url).queryItems(QUrl::FullyEncoded);
    std::stable_sort(items.begin(), items.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    RawRequest request;
    request.path = opaque ? QString() : url.path(QUrl::FullyEncoded);
    request.query.setQueryItems(items);
    return request;
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
    const auto request = rawRequest(parser.value(kRaw));
    if (!request) {
        err << "error: " << request.errorMessage() << '\n';
        return 1;
    }
    auto connection = connectCluster(GlobalOptions::fromParser(parser));
    if (!connection) {
        err << connection.errorMessage() << '\n';
        return 1;
    }
    RequestOptions options;
    options.accept = QByteArrayLiteral("application/json, */*"); // kubectl's for --raw
    options.timeoutMs = 0; // a watch may be quiet for long; --request-timeout bounds it
    options.maxBodyBytes = 0;
    options.bodySink = [](QByteArrayView chunk) {
        writeStandardOutput(chunk.toByteArray());
        return true;
    };
    RestClient client(*connection);
    const auto response = client.getBlocking(request->path, request->query, options);
    if (!response) {
        err << kubectlErrorLine(**connection, response.error())
                   .value_or(requestErrorLine(**connection, response.error()))
            << '\n';
        return 1;
    }
    return 0;
}

} // namespace informantctl
