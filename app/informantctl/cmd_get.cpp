// informantctl get: kubectl get's idioms on informers. The resource
// arguments (resourceargs.h: KIND[,KIND...] [NAME...] or KIND/NAME...) are
// resolved through one discovery; each kind named syncs one informer (all
// at once), and the objects print as kubectl prints them: a table per kind
// (a blank line between tables, NAME as "kind.group/name" when several kinds
// print), names, or one List as JSON or YAML. With -w the one kind asked
// for is watched instead (resourcewatch.h).

#include "command.h"
#include "informerrunner.h"
#include "jsontext.h"
#include "listdocument.h"
#include "objectname.h"
#include "outputformat.h"
#include "resourceargs.h"
#include "resourcetable.h"
#include "resourcewatch.h"
#include "tabwriter.h"

#include "informer/printers/yamlwriter.h"

#include <QDateTime>
#include <QHash>
#include <QSet>
#include <QTextStream>

#include <algorithm>
#include <cstdio>

using namespace informant;

namespace informantctl {

namespace {

constexpr qint64 kSyncTimeoutMs = 120000;

void writeStdout(const QByteArray &bytes)
{
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    std::fflush(stdout);
}

// One table's worth of what was found: a kind's whole list (sorted by
// key), or the objects of one kind found by name one after another.
struct KindObjects
{
    InformerRunner *runner = nullptr;
    QList<KubeObject> objects;
    bool listed = false; // the whole kind was asked for, not names
};

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
        if (!resource) {
            QTextStream(stderr) << "error: " << resource.errorMessage() << '\n';
            return std::nullopt;
        }
        const QString id = resource->qualifiedName();
        if (args.kindList && seen.contains(id))
            continue;
        seen.insert(id);
        resolved.append({request, *resource});
    }
    return resolved;
}

// The objects named, in the order given, from the sorted list; each name
// not among them is reported as kubectl reports it.
QList<KubeObject> named(const QList<KubeObject> &objects, const QStringList &names,
                        const ApiResource &resource, bool &allFound)
{
    QHash<QString, KubeObject> byName;
    for (const KubeObject &object : objects)
        byName.insert(object.name(), object);
    QList<KubeObject> found;
    for (const QString &name : names) {
        if (const auto it = byName.constFind(name); it != byName.cend()) {
            found.append(*it);
        } else {
            allFound = false;
            QTextStream(stderr) << "Error from server (NotFound): " << resource.qualifiedName()
                                << " \"" << name << "\" not found\n";
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
// between them was not found. Missing names are reported on stderr.
QList<KindObjects> collect(const QList<ResolvedRequest> &requests, const SyncedKinds &synced,
                           bool &allFound)
{
    QList<KindObjects> kinds;
    for (const auto &[request, resource] : requests) {
        const auto list = synced.lists.constFind(resource.qualifiedName());
        if (list == synced.lists.cend())
            continue; // did not sync
        InformerRunner *runner = synced.runners.value(resource.qualifiedName()).get();
        if (request.names.isEmpty()) {
            kinds.append({runner, *list, true});
            continue;
        }
        const QList<KubeObject> found = named(*list, request.names, resource, allFound);
        if (found.isEmpty())
            continue;
        if (!kinds.isEmpty() && kinds.last().runner == runner)
            kinds.last().objects += found;
        else
            kinds.append({runner, found, false});
    }
    return kinds;
}

// A table per kind, as kubectl prints several: each aligned on its own, a
// blank line before every table but the first (none with --no-headers).
QString tables(const QList<KindObjects> &kinds, TableOptions options, bool allNamespaces)
{
    QString text;
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    for (const KindObjects &kind : kinds) {
        const ApiResource &resource = kind.runner->resource();
        // As kubectl's: under -A, once a namespaced kind has printed, the
        // tables after it keep the NAMESPACE column, cluster-scoped or not.
        options.withNamespace = options.withNamespace || (allNamespaces && resource.namespaced);
        if (kind.objects.isEmpty())
            continue;
        if (!text.isEmpty() && !options.noHeaders)
            text += QLatin1Char('\n');
        const ResourceTable table(kind.runner->printer(), resource, options);
        text += formatTable(table.rows(kind.objects, nowMs));
    }
    return text;
}

QString nameLines(const QList<KindObjects> &kinds)
{
    QString text;
    for (const KindObjects &kind : kinds) {
        const QString prefix = objectNamePrefix(kind.runner->resource());
        for (const KubeObject &object : kind.objects)
            text += prefix + object.name() + QLatin1Char('\n');
    }
    return text;
}

// kubectl says in which namespace it found nothing when every kind it read
// lives in namespaces.
void printNoResourcesFound(const QList<KindObjects> &kinds)
{
    const InformerRunner &first = *kinds.first().runner;
    const bool namespaced = std::all_of(kinds.cbegin(), kinds.cend(), [](const KindObjects &k) {
        return k.runner->resource().namespaced;
    });
    QTextStream err(stderr);
    if (namespaced && !first.namespaceName().isEmpty())
        err << "No resources found in " << first.namespaceName() << " namespace.\n";
    else
        err << "No resources found\n";
}

// Prints what was found in the format asked for (the kinds in argument
// order). `singleObject`: one object was named, printed alone in JSON/YAML.
void print(const QList<KindObjects> &kinds, OutputFormat format, TableOptions options,
           bool allNamespaces, bool singleObject)
{
    switch (format) {
    case OutputFormat::Table:
    case OutputFormat::Wide: {
        // "kind.group/name" once the output holds several kinds (a kind
        // listed counts even when empty, as it does for kubectl).
        QSet<QString> printedKinds;
        for (const KindObjects &kind : kinds)
            if (kind.listed || !kind.objects.isEmpty())
                printedKinds.insert(kind.runner->resource().qualifiedName());
        options.wide = format == OutputFormat::Wide;
        options.withKind = printedKinds.size() > 1;
        options.withNamespace = false;
        QTextStream(stdout) << tables(kinds, options, allNamespaces);
        break;
    }
    case OutputFormat::Name:
        QTextStream(stdout) << nameLines(kinds);
        break;
    case OutputFormat::Json:
    case OutputFormat::Yaml: {
        QList<ResourceObjects> items;
        for (const KindObjects &kind : kinds)
            items.append({kind.runner->resource(), kind.objects});
        QJsonObject document;
        if (singleObject) {
            if (kinds.isEmpty())
                return; // the NotFound error says it all
            document = typedObject(kinds.first().objects.first(), kinds.first().runner->resource());
        } else {
            document = listDocument(items);
        }
        writeStdout(format == OutputFormat::Json ? toIndentedJson(document)
                                                 : toYaml(document).toUtf8());
        break;
    }
    }
}

// get KIND [NAME] -w: the watch command's output in get's format. kubectl
// watches one kind, and one object of it at most.
int watch(const QCommandLineParser &parser, std::shared_ptr<const ClusterSession> session,
          const ResolvedRequest &resolved, OutputFormat format)
{
    auto runner = InformerRunner::create(parser, std::move(session), resolved.resource,
                                         resolved.request.names.value(0));
    if (!runner)
        return 1;
    WatchFormat watchFormat;
    watchFormat.table = tableOptions(parser);
    watchFormat.table.wide = format == OutputFormat::Wide;
    watchFormat.table.withNamespace = runner->allNamespaces();
    switch (format) {
    case OutputFormat::Table:
    case OutputFormat::Wide:
        watchFormat.output = WatchOutput::Table;
        break;
    case OutputFormat::Name:
        watchFormat.output = WatchOutput::Name;
        break;
    case OutputFormat::Json:
        watchFormat.output = WatchOutput::Json;
        break;
    case OutputFormat::Yaml:
        watchFormat.output = WatchOutput::Yaml;
        break;
    }
    return watchResource(*runner, watchFormat, FirstList::MustSucceed);
}

// -o, with kubectl's errors for a format it has no printer for, and for
// --show-labels beside one that is not a table.
std::optional<OutputFormat> outputFormat(const QCommandLineParser &parser)
{
    const QString name = parser.value(QStringLiteral("output"));
    const std::optional<OutputFormat> format = parseOutputFormat(name);
    QTextStream err(stderr);
    if (!format) {
        err << "error: " << unsupportedOutputFormatMessage(name) << '\n';
        return std::nullopt;
    }
    if (parser.isSet(QStringLiteral("show-labels")) && *format != OutputFormat::Table &&
        *format != OutputFormat::Wide) {
        err << "error: --show-labels option cannot be used with " << name << " printer\n";
        return std::nullopt;
    }
    return format;
}

int runGet(const QCommandLineParser &parser, const QStringList &args)
{
    QTextStream err(stderr);
    if (args.isEmpty()) {
        err << "error: get needs a KIND (e.g. informantctl get pods)\n";
        return 2;
    }
    const auto resourceArgs = parseResourceArgs(args);
    if (!resourceArgs) {
        err << "error: " << resourceArgs.errorMessage() << '\n';
        return 1;
    }
    const bool watching = parser.isSet(QStringLiteral("watch"));
    if (watching && resourceArgs->requests.size() > 1) {
        err << "error: you may only specify a single resource type\n";
        return 1;
    }
    auto session = ClusterSession::open(parser);
    if (!session)
        return 1;
    const auto requests = resolveRequests(*session, *resourceArgs);
    if (!requests)
        return 1;
    const bool byName = std::any_of(requests->cbegin(), requests->cend(),
                                    [](const auto &r) { return !r.request.names.isEmpty(); });
    if (byName && session->options().allNamespaces) {
        err << "error: a resource cannot be retrieved by name across all namespaces\n";
        return 1;
    }
    // Checked once the kinds are resolved but before listing, as kubectl
    // picks its printer after discovery (an unknown kind is reported first).
    const std::optional<OutputFormat> format = outputFormat(parser);
    if (!format)
        return 1;
    const bool oneObjectAtMost = requests->first().request.names.size() <= 1;
    if (watching && oneObjectAtMost)
        return watch(parser, std::move(session), requests->first(), *format);

    SyncedKinds synced = syncKinds(parser, session, *requests);
    if (!synced.created)
        return 1;
    bool allFound = true;
    const QList<KindObjects> kinds = collect(*requests, synced, allFound);
    const bool nothing = std::all_of(kinds.cbegin(), kinds.cend(), [](const KindObjects &kind) {
        return kind.objects.isEmpty();
    });
    // Like kubectl, a JSON or YAML list is printed even when empty, -o name
    // prints nothing, and a table says that nothing was found (unless names
    // were missing: their errors say it).
    const bool table = *format == OutputFormat::Table || *format == OutputFormat::Wide;
    if (nothing && table) {
        if (allFound && synced.allSynced)
            printNoResourcesFound(kinds);
    } else {
        print(kinds, *format, tableOptions(parser), session->options().allNamespaces,
              resourceArgs->singleObject);
    }
    for (const auto &runner : std::as_const(synced.inOrder))
        runner->printStatsIfAsked();
    if (watching) {
        err << "error: you may only watch a single resource or type of resource at a time\n";
        return 1;
    }
    return allFound && synced.allSynced ? 0 : 1;
}

const CommandRegistration registration(Command{
    QStringLiteral("get"),
    QStringLiteral("get KIND[,KIND...] [NAME...] | get KIND/NAME... [-o wide|name|json|yaml]\n"
                   "      [--no-headers] [--show-labels] [-w]\n"
                   "                                      sync, print like kubectl get, exit "
                   "(-w: then every change)"),
    addInformerCommandOptions,
    runGet,
});

} // namespace

} // namespace informantctl
