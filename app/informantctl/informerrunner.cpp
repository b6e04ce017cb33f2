#include "informerrunner.h"

#include "connection.h"
#include "kubectlerror.h"
#include "outputformat.h"
#include "requesttimeout.h"
#include "standardoutput.h"

#include "informer/informers/selectorlisterwatcher.h"
#include "informer/kube/discovery.h"
#include "informer/kube/restlisterwatcher.h"
#include "informer/printers/labelselector.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QTextStream>
#include <QThread>

#include <sys/resource.h>

#include <algorithm>
#include <ctime>

#include <mutex>

using namespace informant;

namespace informantctl {

struct SyncErrors
{
    std::mutex mutex;
    int count = 0;
    bool fatal = false;
    QString last;
    // kubectl's own line for the last error, printed alone as kubectl does:
    // for a request that ran out of --request-timeout, a selector the
    // server refused (BadRequest) or a user it refused (401, 403); else
    // empty.
    QString lastAsKubectl;
};

namespace {

qint64 processCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return qint64(t.tv_sec) * 1000 + t.tv_nsec / 1000000;
}

// How the notices of a watch the informer retries begin: with the context,
// as errors name it, but without "error: ": a retry is no error (the
// command goes on, and ends with status 0).
QString noticePrefix(const ClusterConfig &config)
{
    if (config.contextName.isEmpty())
        return {};
    return QStringLiteral("context \"%1\": ").arg(config.contextName);
}

// Errors kubectl reports at once: those retrying will not fix, and a server
// error (5xx) or 429. A server that asked to be asked again (Retry-After) has
// been already, up to ten times, by RestClient as by client-go's request;
// kubectl fails on what is left, where the reflector would back off and
// relist, leaving a one-shot `get` silent for ten seconds.
bool isFatalBeforeSync(const ApiError &error)
{
    if (error.kind == ApiError::Kind::ConnectionRefused)
        return true;
    if (!error.isStatus())
        return false;
    const int code = error.status.code;
    return code == 400 || code == 401 || code == 403 || code == 404 || code == 422 || code == 429 ||
           code >= 500;
}

// Whether -o shows the objects' managedFields: kubectl hides them only in
// its JSON and YAML printers (unless --show-managed-fields); a JSONPath
// template or a custom column reads the objects as the server sent them.
// kubectl's error for a list the server refused as a bad request (its
// resource helper wraps the server's message): the GroupVersionResource as
// Go prints it ("/v1, Resource=pods") and the selectors as typed.
QString badRequestLine(const ApiResource &resource, const GlobalOptions &options,
                       const ApiError &error)
{
    const QString groupVersionResource =
        QStringLiteral("%1/%2, Resource=%3").arg(resource.group, resource.version, resource.name);
    return QStringLiteral("Error from server (BadRequest): Unable to find %1 that match label "
                          "selector %2, field selector %3: %4")
        .arg(goQuote(groupVersionResource), goQuote(options.labelSelector),
             goQuote(options.fieldSelector), error.status.message);
}

bool printsManagedFields(const QCommandLineParser &parser)
{
    const std::optional<OutputFormat> format =
        parseOutputFormat(parser.value(QStringLiteral("output")));
    return format == OutputFormat::JsonPath || format == OutputFormat::JsonPathAsJson ||
           format == OutputFormat::CustomColumns;
}

} // namespace

void addInformerCommandOptions(QCommandLineParser &parser)
{
    // Shared by get, watch and dump: declared for the first of them only.
    static const QCommandLineParser *declaredOn = nullptr;
    if (declaredOn == &parser)
        return;
    declaredOn = &parser;
    parser.addOption(
        {{QStringLiteral("o"), QStringLiteral("output")},
         QStringLiteral("Output format. get: wide, name, json, yaml, jsonpath=TEMPLATE, "
                        "jsonpath-as-json=TEMPLATE or custom-columns=SPEC (default: "
                        "the table). watch: table or json. version: json or yaml."),
         QStringLiteral("format"),
         QStringLiteral("table")});
    parser.addOption({{QStringLiteral("w"), QStringLiteral("watch")},
                      QStringLiteral("get: after the objects, print every change as it arrives "
                                     "(what the watch command does), like kubectl get -w.")});
    parser.addOption({QStringLiteral("watch-only"),
                      QStringLiteral("get: print every change as it arrives, without the "
                                     "objects first, like kubectl get --watch-only.")});
    parser.addOption({QStringLiteral("output-watch-events"),
                      QStringLiteral("get -w, --watch-only: print each change as its watch "
                                     "event (type and object; the objects first as ADDED).")});
    parser.addOption({QStringLiteral("no-headers"),
                      QStringLiteral("get, watch: print the table without its header line.")});
    parser.addOption({QStringLiteral("show-kind"),
                      QStringLiteral("get, watch: NAME as \"kind.group/name\" even for one kind, "
                                     "like kubectl get --show-kind.")});
    parser.addOption({QStringLiteral("show-labels"),
                      QStringLiteral("get, watch: add each object's labels as the last column.")});
    parser.addOption({{QStringLiteral("L"), QStringLiteral("label-columns")},
                      QStringLiteral("get, watch: a column per label key (comma-separated; the "
                                     "option may repeat), like kubectl get -L."),
                      QStringLiteral("keys")});
    parser.addOption({QStringLiteral("sort-by"),
                      QStringLiteral("get: sort by the value of a JSONPath, like kubectl get "
                                     "--sort-by (e.g. .metadata.creationTimestamp)."),
                      QStringLiteral("path")});
    parser.addOption({QStringLiteral("ignore-not-found"),
                      QStringLiteral("get: an object named that does not exist is no error "
                                     "(nothing printed for it, exit 0), and finding nothing "
                                     "prints nothing at all, like kubectl get "
                                     "--ignore-not-found.")});
    parser.addOption({QStringLiteral("show-managed-fields"),
                      QStringLiteral("get: keep metadata.managedFields in -o json/yaml (what "
                                     "--no-transform does), like kubectl.")});
    parser.addOption({QStringLiteral("chunk-size"),
                      QStringLiteral("get: accepted for kubectl's scripts and checked, but "
                                     "without effect: an informer lists as it does (a streaming "
                                     "list, else pages of 500)."),
                      QStringLiteral("n")});
    parser.addOption({QStringLiteral("until-synced"),
                      QStringLiteral("dump: write the cache once it has synced.")});
    parser.addOption({QStringLiteral("for"),
                      QStringLiteral("dump: keep watching SECONDS, then write the cache."),
                      QStringLiteral("seconds")});
    parser.addOption({QStringLiteral("until-events"),
                      QStringLiteral("dump: keep watching until N changes arrived after the sync "
                                     "(with --for: whichever comes first), then write the cache."),
                      QStringLiteral("n")});
    parser.addOption({QStringLiteral("out"),
                      QStringLiteral("dump: write to FILE instead of standard output."),
                      QStringLiteral("file")});
}

TableOptions tableOptions(const QCommandLineParser &parser)
{
    TableOptions options;
    options.noHeaders = parser.isSet(QStringLiteral("no-headers"));
    options.showLabels = parser.isSet(QStringLiteral("show-labels"));
    options.withKind = parser.isSet(QStringLiteral("show-kind"));
    // kubectl splits each -L on commas and keeps the keys as written (an
    // untrimmed " tier" is a key no label has).
    for (const QString &keys : parser.values(QStringLiteral("label-columns")))
        options.labelColumns += keys.split(u',', Qt::SkipEmptyParts);
    return options;
}

// Custom resources print their CRD's additionalPrinterColumns, as kubectl
// shows them (the server's Table); null for built-in kinds or when the CRD
// cannot be read (then NAME, AGE).
static std::unique_ptr<ResourcePrinter> crdPrinter(RestClient &client, const ApiResource &resource)
{
    if (resource.group.isEmpty() || hasBuiltinPrinter(resource.group, resource.kind))
        return nullptr;
    const QString path =
        QStringLiteral("/apis/apiextensions.k8s.io/v1/customresourcedefinitions/") + resource.name +
        QLatin1Char('.') + resource.group;
    auto response = client.getBlocking(path, {});
    if (!response || response->httpStatus != 200)
        return nullptr;
    auto crd = KubeObject::fromJson(response->body);
    if (!crd)
        return nullptr;
    return printerFromCrd(*crd, resource.version);
}

const ResourcePrinter &InformerRunner::printer() const
{
    // As kubectl prints objects without columns of their own.
    if (options().metadataOnly)
        return defaultPrinter();
    return m_crdPrinter ? *m_crdPrinter : printerFor(m_resource.group, m_resource.kind);
}

std::unique_ptr<InformerRunner> InformerRunner::create(const QCommandLineParser &parser,
                                                       const QString &kind, qint64 deadlineMs)
{
    auto session = ClusterSession::open(parser, deadlineMs);
    if (!session)
        return nullptr;
    auto resource = session->resolve(kind);
    if (!resource) {
        QTextStream(stderr) << "error: " << resource.errorMessage() << '\n';
        return nullptr;
    }
    return create(parser, std::move(session), *resource);
}

std::unique_ptr<InformerRunner>
InformerRunner::create(const QCommandLineParser &parser,
                       std::shared_ptr<const ClusterSession> session, const ApiResource &resource,
                       const QString &onlyName)
{
    QTextStream err(stderr);
    std::unique_ptr<InformerRunner> runner(new InformerRunner);
    runner->m_session = std::move(session);
    runner->m_resource = resource;
    const GlobalOptions &globalOptions = runner->m_session->options();
    const auto &connection = runner->m_session->connection();
    if (!globalOptions.metadataOnly) { // else NAME and AGE only: no CRD's columns to read
        RestClient client(connection);
        runner->m_crdPrinter = crdPrinter(client, runner->m_resource);
    }
    runner->m_namespace = runner->m_resource.namespaced
                              ? effectiveNamespace(globalOptions, connection->config)
                              : QString();

    const bool transform = !globalOptions.noTransform && !printsManagedFields(parser);
    DecodeOptions decode;
    decode.dropManagedFields = transform; // the default transform, done while decoding
    auto rest = std::make_shared<RestListerWatcher>(
        connection, runner->m_resource.path(runner->m_namespace), decode);
    if (globalOptions.metadataOnly)
        rest->setMetadataOnlyKind(runner->m_resource.kind);
    std::shared_ptr<ListerWatcher> listerWatcher = std::move(rest);
    QString fieldSelector = globalOptions.fieldSelector;
    if (!onlyName.isEmpty()) {
        if (!fieldSelector.isEmpty())
            fieldSelector += QLatin1Char(',');
        fieldSelector += QStringLiteral("metadata.name=") + onlyName;
    }
    if (!globalOptions.labelSelector.isEmpty() || !fieldSelector.isEmpty())
        listerWatcher = std::make_shared<SelectorListerWatcher>(
            std::move(listerWatcher), globalOptions.labelSelector, fieldSelector);
    SharedIndexInformerOptions options;
    options.name = runner->m_resource.qualifiedName();
    // INFORMANT_WATCH_LIST=0 forces the paged list (for comparisons). So
    // does --request-timeout, which bounds kubectl's list requests: a
    // streaming list is a watch, which the timeout would end as closed.
    const bool requestTimeout = connection->config.requestTimeoutMs > 0;
    if (qEnvironmentVariable("INFORMANT_WATCH_LIST") == QLatin1String("0") || requestTimeout)
        options.reflector.useWatchList = false;
    // INFORMANT_COALESCE_BACKLOG=N sets the backlog past which a slow
    // consumer's changes coalesce per object (0: never, as client-go).
    bool backlogSet = false;
    const int backlog = qEnvironmentVariableIntValue("INFORMANT_COALESCE_BACKLOG", &backlogSet);
    if (backlogSet && backlog >= 0)
        options.coalesceBacklog = backlog;
    runner->m_informer = std::make_unique<SharedIndexInformer>(listerWatcher, options);
    if (!transform)
        (void)runner->m_informer->setTransform({});

    if (globalOptions.stats || parser.isSet(QStringLiteral("until-events"))) {
        runner->m_delivered = std::make_unique<DeliveryCounter>();
        if (auto attached = runner->m_delivered->attachTo(*runner->m_informer); !attached) {
            err << "error: " << attached.errorMessage() << '\n';
            return nullptr;
        }
    }

    auto errors = std::make_shared<SyncErrors>();
    runner->m_errors = errors;
    (void)runner->m_informer->setWatchErrorHandler([errors, requestTimeout, connection,
                                                    resource = runner->m_resource,
                                                    globalOptions](const ApiError &error) {
        // kubectl gives up on the first request that ran out of its time.
        const bool timedOut = requestTimeout && error.kind == ApiError::Kind::Timeout;
        const bool badRequest = error.isStatus() && error.status.code == 400;
        std::lock_guard lock(errors->mutex);
        ++errors->count;
        errors->fatal = errors->fatal || isFatalBeforeSync(error) || timedOut;
        errors->last = error.message;
        errors->lastAsKubectl = timedOut     ? requestTimeoutMessage(error)
                                : badRequest ? badRequestLine(resource, globalOptions, error)
                                : isRefusedUser(error)
                                    ? kubectlErrorLine(*connection, error).value_or(QString())
                                    : QString();
    });
    return runner;
}

InformerRunner::~InformerRunner()
{
    stop();
}

void InformerRunner::start()
{
    QElapsedTimer timer;
    timer.start();
    m_startMs = timer.msecsSinceReference();
    m_informer->start();
}

bool InformerRunner::waitForSync(bool strict, qint64 timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    qint64 retriedErrorSinceMs = -1;
    while (!m_informer->hasSynced()) {
        QString failure;
        {
            std::lock_guard lock(m_errors->mutex);
            if (strict && (m_errors->fatal || m_errors->count >= kMaxErrorsBeforeSync)) {
                if (!m_errors->lastAsKubectl.isEmpty()) {
                    QTextStream(stderr) << m_errors->lastAsKubectl << '\n';
                    return false;
                }
                failure = m_errors->last;
            }
        }
        if (const QString retried = m_informer->status().lastError;
            strict && failure.isEmpty() && !retried.isEmpty()) {
            if (retriedErrorSinceMs < 0)
                retriedErrorSinceMs = timer.elapsed();
            else if (timer.elapsed() - retriedErrorSinceMs >= kRetriedErrorsBudgetMs)
                failure = QStringLiteral("failed to sync %1: %2")
                              .arg(m_resource.qualifiedName(), retried);
        }
        if (failure.isEmpty() && timer.elapsed() >= timeoutMs) {
            std::lock_guard lock(m_errors->mutex);
            failure =
                QStringLiteral("timed out waiting for %1 to sync").arg(m_resource.qualifiedName());
            if (!m_errors->last.isEmpty())
                failure += QStringLiteral(" (last error: %1)").arg(m_errors->last);
        }
        if (!failure.isEmpty()) {
            QTextStream(stderr) << m_session->errorPrefix() << failure << '\n';
            return false;
        }
        QThread::msleep(2);
    }
    noteSyncCpu();
    return true;
}

void InformerRunner::noteSyncCpu()
{
    if (m_syncCpuMs < 0 && m_informer->hasSynced())
        m_syncCpuMs = processCpuMs();
}

void InformerRunner::runFor(qint64 ms, qint64 untilDelivered)
{
    QElapsedTimer timer;
    timer.start();
    // `left` is read once per round: the work above the sleep can take longer
    // than what was left (a loaded machine, a sanitizer build), and a
    // negative count handed to msleep's unsigned parameter sleeps for ever.
    for (qint64 left = ms; left > 0; left = ms - timer.elapsed()) {
        noteSyncCpu();
        if (m_reportsWatchHealth)
            reportWatchHealth();
        if (!m_syncReported && options().stats && m_informer->hasSynced()) {
            m_syncReported = true;
            QTextStream(stderr) << "synced " << m_resource.qualifiedName() << ": "
                                << m_informer->indexer().size() << " objects in "
                                << m_informer->status().syncedMs << " ms\n";
        }
        if (untilDelivered > 0 && m_delivered && m_delivered->count() >= untilDelivered)
            break;
        QThread::msleep(std::min<qint64>(10, left));
    }
    m_runEndCpuMs = processCpuMs();
}

void InformerRunner::reportWatchHealth()
{
    const InformerStatus status = m_informer->status();
    int errors = 0;
    QString handlerError;
    {
        std::lock_guard lock(m_errors->mutex);
        errors = m_errors->count;
        handlerError = m_errors->last;
    }
    // A failure is a new error, told to the error handler or (retried on
    // its own, such as a 429) only to the status; a watch that ends as
    // watches do is none. lastError outlives the failure, so only a change
    // of it counts.
    const bool failed = errors != m_seenErrorCount || status.lastError != m_seenLastError;
    m_seenErrorCount = errors;
    m_seenLastError = status.lastError;
    if (failed && !m_reportedUnhealthy && status.state != InformerStatus::State::Watching) {
        m_reportedUnhealthy = true;
        QTextStream(stderr) << noticePrefix(m_session->connection()->config) << "watch of "
                            << m_resource.qualifiedName() << " interrupted, retrying: "
                            << (status.lastError.isEmpty() ? handlerError : status.lastError)
                            << '\n';
    } else if (m_reportedUnhealthy && status.state == InformerStatus::State::Watching) {
        m_reportedUnhealthy = false;
        QTextStream(stderr) << noticePrefix(m_session->connection()->config) << "watch of "
                            << m_resource.qualifiedName() << " resumed\n";
    }
}

bool InformerRunner::catchUp(qint64 maxWaitMs)
{
    constexpr qint64 kSettleMs = 300;
    QElapsedTimer timer;
    timer.start();
    qint64 watchingSince = -1;
    while (timer.elapsed() < maxWaitMs) {
        const bool watching = m_informer->hasSynced() &&
                              m_informer->status().state == InformerStatus::State::Watching;
        if (!watching) {
            watchingSince = -1;
            m_informer->retryNow();
        } else if (watchingSince < 0) {
            watchingSince = timer.elapsed();
        } else if (timer.elapsed() - watchingSince >= kSettleMs) {
            return true;
        }
        QThread::msleep(20);
    }
    return false;
}

void InformerRunner::stop()
{
    if (m_informer)
        m_informer->stop();
}

InformerRunner::Stats InformerRunner::stats() const
{
    const InformerStatus status = m_informer->status();
    QElapsedTimer timer;
    timer.start();
    const double seconds = double(timer.msecsSinceReference() - m_startMs) / 1000.0;
    Stats stats;
    stats.listedMs = status.listedMs;
    stats.syncedMs = status.syncedMs;
    stats.objects = m_informer->indexer().size();
    stats.events = status.events;
    stats.eventsPerSecond =
        seconds > 0 && status.syncedMs >= 0
            ? double(status.events) / qMax(0.001, seconds - double(status.syncedMs) / 1000.0)
            : 0.0;
    stats.relists = status.relists;
    stats.watchRestarts = status.watchRestarts;
    stats.backlogPeak = status.backlogPeak;
    stats.coalesced = status.coalesced;
    stats.delivered = m_delivered ? m_delivered->count() : 0;
    stats.relistUnchanged = m_delivered ? m_delivered->relistUnchanged() : 0;
    stats.deliveredPerSecond = m_delivered ? m_delivered->perSecond() : 0.0;
    stats.syncCpuMs = m_syncCpuMs;
    stats.runEndCpuMs = m_runEndCpuMs;
    return stats;
}

namespace {

void printStats(const InformerRunner::Stats &stats)
{
    struct rusage usage = {};
    getrusage(RUSAGE_SELF, &usage);
    const qint64 watchCpuMs = stats.syncCpuMs >= 0 && stats.runEndCpuMs >= stats.syncCpuMs
                                  ? stats.runEndCpuMs - stats.syncCpuMs
                                  : 0;
    writeStandardOutput(QStringLiteral("{\"synced_ms\":%1,\"objects\":%2,\"events\":%3,"
                                       "\"events_per_s\":%4,\"relists\":%5,"
                                       "\"watch_restarts\":%6,\"backlog_peak\":%7,"
                                       "\"coalesced\":%8,\"delivered\":%9,"
                                       "\"delivered_per_s\":%10,\"relist_unchanged\":%11,"
                                       "\"peak_rss_kb\":%12,\"sync_cpu_ms\":%13,"
                                       "\"watch_cpu_ms\":%14,\"listed_ms\":%15}\n")
                            .arg(stats.syncedMs)
                            .arg(stats.objects)
                            .arg(stats.events)
                            .arg(QString::number(stats.eventsPerSecond, 'f', 1))
                            .arg(stats.relists)
                            .arg(stats.watchRestarts)
                            .arg(stats.backlogPeak)
                            .arg(stats.coalesced)
                            .arg(stats.delivered)
                            .arg(QString::number(stats.deliveredPerSecond, 'f', 1))
                            .arg(stats.relistUnchanged)
                            .arg(qint64(usage.ru_maxrss))
                            .arg(stats.syncCpuMs)
                            .arg(watchCpuMs)
                            .arg(stats.listedMs));
}

} // namespace

void InformerRunner::printStatsIfAsked()
{
    if (options().stats)
        printStats(stats());
}

void printStatsIfAsked(const QList<const InformerRunner *> &runners)
{
    if (runners.isEmpty() || !runners.first()->options().stats)
        return;
    InformerRunner::Stats all;
    bool allSynced = true;
    bool allListed = true;
    for (const InformerRunner *runner : runners) {
        const InformerRunner::Stats one = runner->stats();
        allSynced = allSynced && one.syncedMs >= 0;
        allListed = allListed && one.listedMs >= 0;
        all.listedMs = qMax(all.listedMs, one.listedMs);
        all.syncedMs = qMax(all.syncedMs, one.syncedMs);
        all.objects += one.objects;
        all.events += one.events;
        all.eventsPerSecond += one.eventsPerSecond;
        all.relists += one.relists;
        all.watchRestarts += one.watchRestarts;
        all.backlogPeak = qMax(all.backlogPeak, one.backlogPeak);
        all.coalesced += one.coalesced;
        all.delivered += one.delivered;
        all.relistUnchanged += one.relistUnchanged;
        all.deliveredPerSecond += one.deliveredPerSecond;
        // Process-wide CPU times: at the last sync, and at the last end.
        all.syncCpuMs = qMax(all.syncCpuMs, one.syncCpuMs);
        all.runEndCpuMs = qMax(all.runEndCpuMs, one.runEndCpuMs);
    }
    if (!allSynced)
        all.syncedMs = -1;
    if (!allListed)
        all.listedMs = -1;
    printStats(all);
}

} // namespace informantctl
