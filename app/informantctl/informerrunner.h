#pragma once

// InformerRunner: what `get`, `watch` and `dump` share: on a ClusterSession
// (connection and discovery), resolve KIND (plural, singular, Kind, short
// name, resource.group), build one SharedIndexInformer on the REST
// ListerWatcher with the selectors and transform asked for, wait for its
// sync with a clear failure message naming the context, and print the
// --stats line. With
// --stats (or `dump --until-events`) a DeliveryCounter counts the changes
// handed to handlers after the sync.
//
// Runs on informantctl's main thread; the informer's own threads do the
// network and cache work.

#include "clustersession.h"
#include "deliverycounter.h"
#include "globaloptions.h"
#include "resourcetable.h"

#include "informer/informers/sharedindexinformer.h"
#include "informer/kube/apiresource.h"
#include "informer/kube/clusterconnection.h"
#include "informer/printers/resourceprinter.h"

#include <QCommandLineParser>

namespace informantctl {

class InformerRunner
{
public:
    // Connects, resolves `kind` and creates (not starts) the informer. On
    // failure prints "error: ..." to stderr and returns null.
    // `deadlineMs`: as ClusterSession::open's.
    static std::unique_ptr<InformerRunner> create(const QCommandLineParser &parser,
                                                  const QString &kind, qint64 deadlineMs = -1);
    // The informer of `resource` on an open session (commands reading
    // several kinds connect and discover once). `onlyName`: watch just the
    // object of that name (a metadata.name field selector, as kubectl get
    // NAME -w). Prints "error: ..." and returns null on failure.
    static std::unique_ptr<InformerRunner> create(const QCommandLineParser &parser,
                                                  std::shared_ptr<const ClusterSession> session,
                                                  const informant::ApiResource &resource,
                                                  const QString &onlyName = {});
    ~InformerRunner();

    informant::SharedIndexInformer &informer() { return *m_informer; }
    // kubectl's columns for the resource: the built-in printer, or for a custom
    // resource its CRD's additionalPrinterColumns (fetched once at create());
    // NAME and AGE with --metadata-only.
    const informant::ResourcePrinter &printer() const;
    const informant::ApiResource &resource() const { return m_resource; }
    const GlobalOptions &options() const { return m_session->options(); }
    const ClusterSession &session() const { return *m_session; }
    // The namespace requests are limited to ("" for all / cluster-scoped).
    const QString &namespaceName() const { return m_namespace; }
    bool allNamespaces() const { return m_namespace.isEmpty() && m_resource.namespaced; }

    void start();
    // Waits for the first sync. `strict`: fail at once on errors that will
    // not heal by retrying (refused, unauthorised, forbidden, not found),
    // after kMaxErrorsBeforeSync failed attempts, and after
    // kRetriedErrorsBudgetMs of errors the informer retries on its own.
    // Prints the error.
    bool waitForSync(bool strict, qint64 timeoutMs);
    // With it, runFor() says on stderr when the informer stops watching
    // (and why) and when it watches again: a watch is never silently stale.
    void setReportsWatchHealth(bool reports) { m_reportsWatchHealth = reports; }
    // Runs the informer until `ms` passed (real time) or, with
    // untilDelivered > 0, until that many changes were delivered after the
    // sync. With --stats the sync is reported on stderr when it happens.
    void runFor(qint64 ms, qint64 untilDelivered = 0);
    // At the end of a --for period: if the informer is backing off after
    // errors, retry now and wait (up to maxWaitMs) until it watches again,
    // so the cache is as fresh as the server. False if it never recovered.
    bool catchUp(qint64 maxWaitMs);
    void stop();

    // What --stats reports of this informer's run.
    struct Stats
    {
        qint64 listedMs = -1; // the list's objects in the store, not yet processed
        qint64 syncedMs = -1;
        qint64 objects = 0;
        qint64 events = 0;
        double eventsPerSecond = 0;
        qint64 relists = 0;
        qint64 watchRestarts = 0;
        qint64 backlogPeak = 0;
        qint64 coalesced = 0;
        qint64 delivered = 0;
        qint64 relistUnchanged = 0;
        double deliveredPerSecond = 0;
        qint64 syncCpuMs = -1; // the process's CPU time when it synced
        qint64 runEndCpuMs = -1;
    };
    Stats stats() const;

    // The --stats JSON line (printed last, if --stats was given).
    void printStatsIfAsked();

    static constexpr int kMaxErrorsBeforeSync = 5;
    // Errors a streaming list retries without telling the error handler
    // (429, as client-go backs off on it) fail a sync after this long, about
    // when kubectl gives up after its ten 429 retries.
    static constexpr qint64 kRetriedErrorsBudgetMs = 10000;

private:
    InformerRunner() = default;
    void reportWatchHealth();
    // Records m_syncCpuMs the first time the informer is seen synced.
    void noteSyncCpu();

    std::shared_ptr<const ClusterSession> m_session;
    informant::ApiResource m_resource;
    QString m_namespace;
    // Declared before the informer, so its handler outlives it.
    std::unique_ptr<DeliveryCounter> m_delivered; // with --stats or --until-events
    std::unique_ptr<informant::SharedIndexInformer> m_informer;
    std::unique_ptr<informant::ResourcePrinter> m_crdPrinter;
    bool m_syncReported = false;
    bool m_reportsWatchHealth = false;
    bool m_reportedUnhealthy = false;
    int m_seenErrorCount = 0;
    QString m_seenLastError;
    std::shared_ptr<struct SyncErrors> m_errors;
    qint64 m_startMs = 0;
    // The process's CPU time (all threads) when the sync was first seen and
    // when runFor() ended, for --stats: how much of the two cores a sync or
    // a stream of changes took, beside how long.
    qint64 m_syncCpuMs = -1;
    qint64 m_runEndCpuMs = -1;
};

// With --stats, one JSON line for several kinds' runs, as the spec asks of
// every command: counts summed, the sync when the last kind synced.
void printStatsIfAsked(const QList<const InformerRunner *> &runners);

// The options of get/watch/dump (declared once, shared by the commands).
void addInformerCommandOptions(QCommandLineParser &parser);

// --no-headers and --show-labels, as get and watch read them.
TableOptions tableOptions(const QCommandLineParser &parser);

} // namespace informantctl
