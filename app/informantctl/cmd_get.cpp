// informantctl get: kubectl get's idioms on informers. The resource
// arguments (resourceargs.h: KIND[,KIND...] [NAME...] or KIND/NAME...) are
// resolved through one discovery; each kind named syncs one informer (all
// at once), and the objects print as kubectl prints them: a table per kind
// (a blank line between tables, NAME as "kind.group/name" when several kinds
// print), names, or one List as JSON or YAML. With -w (or --watch-only)
// the one kind asked for is watched instead (resourcewatch.h), printing
// each change in any of get's formats.
//
// Errors come in kubectl's order: usage (no resource; --show-labels beside
// a printer without columns), the arguments, discovery, then what reading
// the objects found missing or failed, and only then an -o it cannot print
// (kubectl picks its printer once it holds the objects).
//
// Of kubectl get's script flags, --ignore-not-found drops NotFound errors
// (and with nothing found prints nothing at all), --show-managed-fields is
// --no-transform, and --chunk-size is checked and accepted without effect
// (an informer's list pages its own way). --request-timeout, a global
// flag, bounds each request (requesttimeout.h) and ends a watch, as
// kubectl's.
//
// --show-kind names the kind in NAME for one kind too, and --raw PATH skips
// all of the above for one GET printed as served (getraw.h). -o template
// and --template are not offered: informantctl has no go-template printer.

#include "command.h"
#include "flagerrors.h"
#include "getoutput.h"
#include "getprint.h"
#include "getraw.h"
#include "informerrunner.h"
#include "notfound.h"
#include "outputformat.h"
#include "resourceargs.h"
#include "resourcetable.h"
#include "resourcewatch.h"
#include "sortby.h"
#include "tablesort.h"

#include <QHash>
#include <QSet>
#include <QTextStream>

#include <algorithm>

using namespace informant;

namespace informantctl {

namespace {

constexpr qint64 kSyncTimeoutMs = 120000;

// kubectl get's usage errors without a resource argument: its Complete()'s
// for a list, its resource builder's for a watch.
constexpr char kNoResourceMessage[] =
    "You must specify the type of resource to get. Use \"kubectl api-resources\" for a "
    "complete list of supported resources.\n\nerror: Required resource not specified.\n"
    "Use \"kubectl explain <resource>\" for a detailed description of that resource (e.g. "
    "kubectl explain pods).\nSee 'kubectl get -h' for help and examples\n";
constexpr char kNoWatchedResourceMessage[] =
    "error: You must provide one or more resources by argument or filename.\n"
    "Example resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n"
    "   '<resource> <name>'\n   '<resource>'\n";

struct ResolvedRequest
{
    ResourceRequest request;
    ApiResource resource;
};

// The kinds asked for, resolved, in order. A KIND[,KIND...] argument reads
// each resource once however it is spelled (`deploy,deployments`).
std::optional<QList<ResolvedRequest>> resolveRequests(const ClusterSession &session,
                                                      const ResourceArgs &args)
{
    QList<ResolvedRequest> resolved;
    QSet<QString> seen;
    for (const ResourceRequest &request : args.requests) {
        auto resource = session.resolve(request.kind);
        // Not a resource: a category (`get all`) stands for its members.
        QList<ApiResource> resources =
            resource ? QList<ApiResource>{*resource} : session.category(request.kind);
        if (resources.isEmpty()) {
            QTextStream(stderr) << "error: " << resource.errorMessage() << '\n';
            return std::nullopt;
        }
        for (const ApiResource &each : std::as_const(resources)) {
            const QString id = each.qualifiedName();
            if (args.kindList && seen.contains(id))
                continue;
            seen.insert(id);
            resolved.append({request, each});
        }
    }
    return resolved;
}

// -w or --watch-only: kubectl watches instead of listing.
bool isWatching(const QCommandLineParser &parser)
{
    return parser.isSet(QStringLiteral("watch")) || parser.isSet(QStringLiteral("watch-only"));
}

// The objects named, in the order given, from the sorted list; each name
// not among them adds kubectl's error to `notFound` (null: not an error,
// --ignore-not-found).
QList<KubeObject> named(const QList<KubeObject> &objects, const QStringList &names,
                        const InformerRunner &runner, QStringList *notFound)
{
    QHash<QString, KubeObject> byName;
    for (const KubeObject &object : objects)
        byName.insert(object.name(), object);
    QList<KubeObject> found;
    for (const QString &name : names) {
        if (const auto it = byName.constFind(name); it != byName.cend()) {
            found.append(*it);
        } else if (notFound) {
            notFound->append(notFoundMessage(runner, name));
        }
    }
    return found;
}

// The informers of the resources asked for, one per resource, all syncing
// at once.
struct SyncedKinds
{
    bool created = false; // false: one could not be made (the error is printed)
    QHash<QString, std::shared_ptr<InformerRunner>> runners; // by qualified name
    QList<std::shared_ptr<InformerRunner>> inOrder;
    QHash<QString, QList<KubeObject>> lists; // sorted by key; the kinds that synced
    bool allSynced = true;
};

// A kind that fails to sync is reported and left out; the others still
// print, as kubectl prints what it could read besides its errors.
SyncedKinds syncKinds(const QCommandLineParser &parser,
                      const std::shared_ptr<const ClusterSession> &session,
                      const QList<ResolvedRequest> &requests)
{
    SyncedKinds synced;
    for (const ResolvedRequest &resolved : requests) {
        const QString id = resolved.resource.qualifiedName();
        if (synced.runners.contains(id))
            continue;
        std::shared_ptr<InformerRunner> runner =
            InformerRunner::create(parser, session, resolved.resource);
        if (!runner)
            return synced;
        runner->start();
        synced.runners.insert(id, runner);
        synced.inOrder.append(runner);
    }
    synced.created = true;
    for (const auto &runner : std::as_const(synced.inOrder)) {
        if (!runner->waitForSync(true, kSyncTimeoutMs)) {
            synced.allSynced = false;
            runner->stop();
            continue;
        }
        QList<KubeObject> objects = runner->informer().indexer().list();
        runner->stop();
        std::sort(objects.begin(), objects.end(),
                  [](const KubeObject &a, const KubeObject &b) { return a.key() < b.key(); });
        synced.lists.insert(runner->resource().qualifiedName(), std::move(objects));
    }
    return synced;
}

// What was found, in argument order. As kubectl's, objects found by name of
// one kind after another share a table, even when a name of another kind
// between them was not found. Missing names add to `notFound`, in order
// (null: they are not errors).
QList<KindObjects> collect(const QList<ResolvedRequest> &requests, const SyncedKinds &synced,
                           QStringList *notFound)
{
    QList<KindObjects> kinds;
    for (const auto &[request, resource] : requests) {
        const auto list = synced.lists.constFind(resource.qualifiedName());
        if (list == synced.lists.cend())
            continue; // did not sync
        InformerRunner *runner = synced.runners.value(resource.qualifiedName()).get();
        if (request.names.isEmpty()) {
            kinds.append({runner, *list, true, runner->informer().lastSyncResourceVersion()});
            continue;
        }
        const QList<KubeObject> found = named(*list, request.names, *runner, notFound);
        if (found.isEmpty())
            continue;
        if (!kinds.isEmpty() && kinds.last().runner == runner)
            kinds.last().objects += found;
        else
            kinds.append({runner, found, false, {}});
    }
    return kinds;
}

WatchOutput watchOutputFor(OutputFormat format)
{
    switch (format) {
    case OutputFormat::Table:
    case OutputFormat::Wide:
        break;
    case OutputFormat::Name:
        return WatchOutput::Name;
    case OutputFormat::Json:
        return WatchOutput::Json;
    case OutputFormat::Yaml:
        return WatchOutput::Yaml;
    case OutputFormat::JsonPath:
        return WatchOutput::JsonPath;
    case OutputFormat::JsonPathAsJson:
        return WatchOutput::JsonPathAsJson;
    case OutputFormat::CustomColumns:
        return WatchOutput::CustomColumns;
    }
    return WatchOutput::Table;
}

// get -w's format: get's -o, with the watch's own flags.
WatchFormat watchFormatFor(const QCommandLineParser &parser, const InformerRunner &runner,
                           const Result<GetOutput> &format, const std::optional<SortBy> &sortBy)
{
    WatchFormat watchFormat;
    watchFormat.table = tableOptions(parser);
    watchFormat.table.wide = format && format->format == OutputFormat::Wide;
    watchFormat.table.withNamespace = runner.allNamespaces();
    watchFormat.output = format ? watchOutputFor(format->format) : WatchOutput::Table;
    if (format) {
        watchFormat.jsonPath = format->jsonPath;
        watchFormat.columns = format->columns;
    }
    watchFormat.watchOnly = parser.isSet(QStringLiteral("watch-only"));
    watchFormat.events = parser.isSet(QStringLiteral("output-watch-events"));
    watchFormat.tableSort = sortBy;
    return watchFormat;
}

// get KIND [NAME] -w: the watch command's output in get's format. kubectl
// watches one kind, and one object of it at most. As kubectl's, the object
// named (or the kind) is read first: a missing object is its NotFound error
// and the end, before an -o it cannot print is reported.
int watch(const QCommandLineParser &parser, std::shared_ptr<const ClusterSession> session,
          const ResolvedRequest &resolved, const Result<GetOutput> &format,
          const std::optional<SortBy> &sortBy)
{
    const QString name = resolved.request.names.value(0);
    auto runner = InformerRunner::create(parser, std::move(session), resolved.resource, name);
    if (!runner)
        return 1;
    const WatchFormat watchFormat = watchFormatFor(parser, *runner, format, sortBy);
    InformerRunner &watched = *runner;
    const auto printable = [&] {
        QTextStream err(stderr);
        if (!name.isEmpty()) {
            // The informer lists only that name (a field selector).
            const QList<KubeObject> listed = watched.informer().indexer().list();
            if (std::none_of(listed.cbegin(), listed.cend(),
                             [&](const KubeObject &o) { return o.name() == name; })) {
                err << notFoundMessage(watched, name) << '\n';
                return false;
            }
        }
        if (!format)
            err << "error: " << format.errorMessage() << '\n';
        return format.ok();
    };
    return watchResource(watched, watchFormat, printable);
}

// kubectl's check (GetOptions.Validate, before anything is read) of
// --show-labels beside an -o that prints no table, known or not.
bool showLabelsFitsOutput(const QCommandLineParser &parser)
{
    const QString name = parser.value(QStringLiteral("output"));
    const std::optional<OutputFormat> format = parseOutputFormat(name);
    const bool table = format == OutputFormat::Table || format == OutputFormat::Wide;
    if (!parser.isSet(QStringLiteral("show-labels")) || table)
        return true;
    QTextStream(stderr) << "error: --show-labels option cannot be used with " << name
                        << " printer\n";
    return false;
}

// --sort-by, when given. As kubectl's, a path that does not parse fails
// only where it sorts, after reading (SortBy::unparsable()).
std::optional<SortBy> sortByOption(const QCommandLineParser &parser)
{
    if (!parser.isSet(QStringLiteral("sort-by")))
        return std::nullopt;
    const QString field = parser.value(QStringLiteral("sort-by"));
    auto sortBy = SortBy::parse(field);
    if (!sortBy)
        return SortBy::unparsable(field, sortBy.errorMessage());
    return std::move(sortBy).value();
}

bool foundNothing(const QList<KindObjects> &kinds)
{
    return std::all_of(kinds.cbegin(), kinds.cend(),
                       [](const KindObjects &kind) { return kind.objects.isEmpty(); });
}

void printLines(const QStringList &lines)
{
    QTextStream err(stderr);
    for (const QString &line : lines)
        err << line << '\n';
}

// Lists the kinds and prints what was found, then the errors. With -w
// (several names of one kind) kubectl reads the names one after another and
// stops at the first missing; it prints what it read, then refuses to watch.
int listAndPrint(const QCommandLineParser &parser,
                 const std::shared_ptr<const ClusterSession> &session, const ResourceArgs &args,
                 const QList<ResolvedRequest> &requests, const Result<GetOutput> &format,
                 const std::optional<SortBy> &sortBy)
{
    const bool watching = isWatching(parser);
    SyncedKinds synced = syncKinds(parser, session, requests);
    if (!synced.created)
        return 1;
    // As kubectl's, --ignore-not-found does not apply to a watch (whose
    // object must exist), and only to NotFound: a kind that failed to sync
    // is still an error.
    const bool ignoreNotFound = !watching && parser.isSet(QStringLiteral("ignore-not-found"));
    QStringList notFound;
    QList<KindObjects> kinds = collect(requests, synced, ignoreNotFound ? nullptr : &notFound);
    const bool failed = !notFound.isEmpty() || !synced.allSynced;
    if (watching)
        notFound = notFound.mid(0, 1);
    // As kubectl's printGeneric: one object named that could not be read is
    // reported rather than the -o it could not have printed anyway.
    if (failed && (watching || !format)) {
        printLines(notFound);
        return 1;
    }
    if (!format) {
        // kubectl with --ignore-not-found stops before it picks a printer
        // when there is nothing to print.
        if (ignoreNotFound && !failed && foundNothing(kinds))
            return 0;
        QTextStream(stderr) << "error: " << format.errorMessage() << '\n';
        return 1;
    }
    const bool table = format->isTable();
    // As kubectl's printGeneric, one object named is printed alone, unsorted.
    if (sortBy && !watching && (table || !args.singleObject)) {
        auto sorted = table ? sortedTables(kinds, *sortBy) : sortedKinds(kinds, *sortBy);
        if (!sorted) {
            QTextStream(stderr) << "error: " << sorted.errorMessage() << '\n';
            return 1;
        }
        kinds = std::move(sorted).value();
    }
    // Like kubectl, a JSON or YAML list is printed even when empty, -o name
    // prints nothing, and a table says that nothing was found (unless
    // something failed: its errors say it). Sorting may have left a table
    // out (tablesort.h). With --ignore-not-found nothing at all is printed
    // then: no message, no empty list, no custom columns' header.
    const bool nothing = foundNothing(kinds);
    if (nothing && (table || ignoreNotFound)) {
        if (!failed && !ignoreNotFound)
            printNoResourcesFound(kinds);
    } else {
        printKinds(kinds, *format, tableOptions(parser), session->options().allNamespaces,
                   args.singleObject);
    }
    printLines(notFound);
    QList<const InformerRunner *> runs;
    for (const auto &runner : std::as_const(synced.inOrder))
        runs.append(runner.get());
    printStatsIfAsked(runs);
    if (watching) {
        QTextStream(stderr)
            << "error: you may only watch a single resource or type of resource at a time\n";
        return 1;
    }
    return failed ? 1 : 0;
}

// The checks kubectl makes before it reads discovery: usage, then the
// resource arguments. Prints the error; nothing when they pass.
std::optional<ResourceArgs> checkedResourceArgs(const QCommandLineParser &parser,
                                                const QStringList &args)
{
    QTextStream err(stderr);
    const bool watching = isWatching(parser);
    if (args.isEmpty() && !watching) {
        err << kNoResourceMessage;
        return std::nullopt;
    }
    if (!showLabelsFitsOutput(parser))
        return std::nullopt;
    if (parser.isSet(QStringLiteral("output-watch-events")) && !watching) {
        err << "error: --output-watch-events option can only be used with --watch or "
               "--watch-only\n";
        return std::nullopt;
    }
    if (args.isEmpty()) {
        err << kNoWatchedResourceMessage;
        return std::nullopt;
    }
    auto resourceArgs = parseResourceArgs(args);
    if (!resourceArgs) {
        err << "error: " << resourceArgs.errorMessage() << '\n';
        return std::nullopt;
    }
    if (watching && resourceArgs->requests.size() > 1) {
        err << "error: you may only specify a single resource type\n";
        return std::nullopt;
    }
    const GlobalOptions options = GlobalOptions::fromParser(parser);
    const bool selector = !options.labelSelector.isEmpty() || !options.fieldSelector.isEmpty();
    if (auto fits = checkSelectorsBesideNames(*resourceArgs, selector); !fits) {
        err << "error: " << fits.errorMessage() << '\n';
        return std::nullopt;
    }
    return std::move(*resourceArgs);
}

// --chunk-size must be an int64, as pflag reads it (the value is not used).
std::optional<QString> chunkSizeError(const QCommandLineParser &parser)
{
    const QString name = QStringLiteral("chunk-size");
    if (!parser.isSet(name))
        return std::nullopt;
    return int64ValueError(QStringLiteral("--chunk-size"), parser.value(name));
}

int runGet(const QCommandLineParser &parser, const QStringList &args)
{
    if (isRawGet(parser))
        return runGetRaw(parser, args);
    if (const auto badChunkSize = chunkSizeError(parser)) {
        QTextStream(stderr) << flagErrorText(*badChunkSize, QStringLiteral("get"));
        return 1;
    }
    const std::optional<ResourceArgs> resourceArgs = checkedResourceArgs(parser, args);
    if (!resourceArgs)
        return 1;
    auto session = ClusterSession::open(parser);
    if (!session)
        return 1;
    const auto requests = resolveRequests(*session, *resourceArgs);
    if (!requests)
        return 1;
    const bool byName = std::any_of(requests->cbegin(), requests->cend(),
                                    [](const auto &r) { return !r.request.names.isEmpty(); });
    if (byName && session->options().allNamespaces) {
        QTextStream(stderr)
            << "error: a resource cannot be retrieved by name across all namespaces\n";
        return 1;
    }
    const Result<GetOutput> format = GetOutput::fromParser(parser);
    const bool watching = isWatching(parser);
    const std::optional<SortBy> sortBy = sortByOption(parser);
    if (watching && sortBy)
        QTextStream(stderr) << (parser.isSet(QStringLiteral("watch"))
                                    ? "warning: --watch requested, --sort-by will be ignored for "
                                      "watch events received\n"
                                    : "warning: --watch-only requested, --sort-by will be "
                                      "ignored\n");
    if (watching && requests->first().request.names.size() <= 1)
        return watch(parser, std::move(session), requests->first(), format, sortBy);
    // Whatever the lists hold, kubectl's printGeneric then fails on the -o
    // (only one object named reports its own error first): no need to list.
    if (!format && !watching && !resourceArgs->singleObject &&
        !parser.isSet(QStringLiteral("ignore-not-found"))) {
        QTextStream(stderr) << "error: " << format.errorMessage() << '\n';
        return 1;
    }
    return listAndPrint(parser, session, *resourceArgs, *requests, format, sortBy);
}

const CommandRegistration registration(Command{
    QStringLiteral("get"),
    QStringLiteral(
        "get KIND[,KIND...] [NAME...] | get KIND/NAME...\n"
        "      [-o wide|name|json|yaml|jsonpath=T|jsonpath-as-json=T|custom-columns=SPEC]"
        "\n      [--no-headers] [--show-labels] [-L KEY,...] [--sort-by=PATH]\n"
        "      [-w | --watch-only] [--output-watch-events]\n"
        "      [--ignore-not-found] [--show-managed-fields] [--chunk-size=N] [--show-kind]\n"
        "    | get --raw PATH\n"
        "                                      sync, print like kubectl get, exit "
        "(-w: then every change)"),
    [](QCommandLineParser &parser) {
        addInformerCommandOptions(parser);
        addGetRawOption(parser);
    },
    runGet,
});

} // namespace

} // namespace informantctl
