#include "application.h"
#include "clusterflags.h"

#include "informer/kube/credentials.h"
#include "models/clustersession.h"
#include "models/informerstatusmodel.h"
#include "models/kindsource.h"
#include "models/liveclustersession.h"
#include "models/multiclustersession.h"
#include "models/namespacefacetmodel.h"
#include "sim/simulator.h"
#include "ui/benchrecorder.h"
#include "ui/credentialexpiryfield.h"
#include "ui/filterpane.h"
#include "ui/mainwindow.h"
#include "ui/metadataonlychoice.h"
#include "ui/replaybar.h"
#include "ui/resourceview.h"
#include "ui/startupprobe.h"

#include <QApplication>
#include <QFileInfo>
#include <QMenuBar>
#include <QPointer>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>

#include <cstdio>

namespace informant {

namespace {

// The flags that make kubectl reach the cluster informant reached with
// `options` (no --token: a secret has no place on the clipboard).
KubectlTarget kubectlTargetFor(const Options &options, const ClusterConfig &config)
{
    KubectlTarget target;
    if (options.demo) {
        // The demo's context exists only in informant; the simulator answers kubectl too.
        target.server = config.server.toString(QUrl::RemoveUserInfo);
    } else if (!options.replayFile.isEmpty()) {
        target.unavailableReason = QStringLiteral(
            "A replay of a recording: there is no cluster for kubectl to read these objects from");
    } else {
        target.kubeconfig = options.kubeconfig;
        target.context = config.contextName;
        target.server = !options.server.isEmpty() || config.contextName.isEmpty()
                            ? config.server.toString(QUrl::RemoveUserInfo)
                            : QString();
        target.certificateAuthority = options.certificateAuthority;
        target.insecureSkipTlsVerify = options.insecureSkipTlsVerify;
    }
    return target;
}

} // namespace

Application::Application(Options options)
    : m_options(std::move(options))
{
}

Application::~Application()
{
    for (const QPointer<MainWindow> &w : std::as_const(m_windows))
        delete w.data();
    m_windows.clear();
    if (m_simulator)
        m_simulator->stop();
}

QString Application::startDemo(ClusterConfig &config)
{
    m_simulator = std::make_unique<sim::Simulator>();
    sim::SimOptions options;
    options.scenario = QStringLiteral("demo");
    const auto started = m_simulator->start(options);
    if (!started.ok())
        return QStringLiteral("Could not start the demo cluster: ") + started.errorMessage();
    m_simPort = m_simulator->port();
    config.contextName = QStringLiteral("demo");
    config.server = QUrl(m_simulator->url());
    return {};
}

QString Application::startReplay(ClusterConfig &config, QString &name)
{
    m_simulator = std::make_unique<sim::Simulator>();
    sim::SimOptions options;
    options.scenario = QStringLiteral("replay");
    options.replayFile = m_options.replayFile;
    options.replaySpeed = m_options.replaySpeed;
    const auto started = m_simulator->start(options);
    if (!started.ok())
        return QStringLiteral("Could not replay the recording: ") + started.errorMessage();
    m_simPort = m_simulator->port();
    const auto state = m_simulator->recordingReplayState();
    const QStringList recorded = state ? state->resources : QStringList();
    m_recordedResources = QSet<QString>(recorded.begin(), recorded.end());
    config.contextName = QStringLiteral("replay");
    config.server = QUrl(m_simulator->url());
    name = QStringLiteral("replay of %1").arg(QFileInfo(m_options.replayFile).fileName());
    return {};
}

QString Application::start()
{
    if (!m_options.benchReport.isEmpty()) {
        m_bench = new BenchRecorder(this);
        m_startup = new StartupProbe(this);
        m_bench->addSection(QStringLiteral("startup"),
                            [probe = m_startup] { return probe->toJson(); });
        const QString path = m_options.benchReport;
        connect(qApp, &QCoreApplication::aboutToQuit, this, [this, path] {
            if (!m_bench->writeReport(path))
                std::fprintf(stderr, "informant: cannot write %s\n", qPrintable(path));
        });
    }
    ClusterConfig config;
    QString name;
    MainWindow *window = nullptr;
    if (m_options.demo) {
        if (const QString error = startDemo(config); !error.isEmpty())
            return error;
        StartupProbe::mark("demo_cluster_started");
        name = QStringLiteral("demo");
    } else if (!m_options.replayFile.isEmpty()) {
        if (const QString error = startReplay(config, name); !error.isEmpty())
            return error;
    } else if (m_options.contexts.size() > 1) {
        if (const QString error = openMultiClusterWindow(window); !error.isEmpty())
            return error;
    } else {
        auto resolved = resolveClusterConfig(m_options);
        if (!resolved.ok())
            return resolved.errorMessage();
        config = resolved.value();
        // The context switcher offers the kubeconfig's contexts (resolving
        // read it already, unless --server stood alone without one).
        if (auto loaded = Kubeconfig::loadDefault(m_options.kubeconfig); loaded.ok()) {
            m_kubeconfig = loaded.value();
            m_contexts = m_kubeconfig.contexts.keys();
        }
        name = config.contextName.isEmpty() ? config.server.host() : config.contextName;
    }
    if (!window) {
        window = openWindow(config, name, initialNamespace(m_options, config));
        window->resourceView()->setKubectlTarget(kubectlTargetFor(m_options, config));
    }
    StartupProbe::mark("window_shown");
    applyStartOptions(window);
    window->setTimelineVisible(m_options.view == QLatin1String("timeline"));
    if (m_bench) {
        m_startup->watch(window, window->resourceView()->table()->viewport(),
                         [window] { return tableSyncedWithRows(window); });
        startBenchWhenSynced(window);
    }
    return {};
}

MainWindow *Application::openWindow(const ClusterConfig &config, const QString &name,
                                    const QString &namespaceName)
{
    LiveSessionOptions sessionOptions;
    sessionOptions.keepManagedFields = m_options.noTransform;
    // A user allowed one namespace only (whatever -A says) is shown that one.
    sessionOptions.fallbackNamespace =
        m_options.namespaceName.isEmpty() ? config.namespaceName : m_options.namespaceName;
    sessionOptions.recordedResources = m_recordedResources;
    sessionOptions.metadataOnlyKinds = MetadataOnlyChoice::chosenKinds();
    auto *session = new LiveClusterSession(config, name, sessionOptions);
    auto *window = new MainWindow(session, m_contexts,
                                  [this](const QString &context) { openContext(context); });
    session->setParent(window);
    window->setAttribute(Qt::WA_DeleteOnClose);
    m_windows.insert(name, window);
    addCredentialExpiryField(window, config);
    if (m_simulator && m_options.demo)
        addDemoMenu(window);
    else if (m_simulator)
        addReplayBar(window);
    if (m_bench)
        window->setBenchRecorder(m_bench);
    window->setWatchedKinds(m_recordedResources ? WatchedKinds::Recorded
                                                : watchedKindsChoice(m_options.watchKinds));
    // The informers watch every namespace; the namespace only ticks the
    // filter pane, which the user can widen.
    if (!namespaceName.isEmpty())
        window->filterPane()->namespaceModel()->setChecked({namespaceName});
    session->discover();
    window->show();
    return window;
}

QString Application::openMultiClusterWindow(MainWindow *&window)
{
    if (auto loaded = Kubeconfig::loadDefault(m_options.kubeconfig); loaded.ok()) {
        m_kubeconfig = loaded.value();
        m_contexts = m_kubeconfig.contexts.keys();
    }
    LiveSessionOptions sessionOptions;
    sessionOptions.keepManagedFields = m_options.noTransform;
    sessionOptions.metadataOnlyKinds = MetadataOnlyChoice::chosenKinds();
    QList<LiveClusterSession *> live;
    KubectlTargets kubectlTargets; // each row's command reaches its own cluster
    for (const QString &context : std::as_const(m_options.contexts)) {
        Options one = m_options;
        one.context = context;
        auto resolved = resolveClusterConfig(one);
        if (!resolved.ok()) {
            qDeleteAll(live);
            return context + QStringLiteral(": ") + resolved.errorMessage();
        }
        kubectlTargets.byCluster.insert(context, kubectlTargetFor(one, resolved.value()));
        LiveSessionOptions options = sessionOptions;
        options.fallbackNamespace = m_options.namespaceName.isEmpty()
                                        ? resolved.value().namespaceName
                                        : m_options.namespaceName;
        live.append(new LiveClusterSession(resolved.value(), context, options));
    }
    auto *session = new MultiClusterSession(QList<ClusterSession *>(live.begin(), live.end()));
    window = new MainWindow(session, m_contexts,
                            [this](const QString &context) { openContext(context); });
    session->setParent(window);
    window->setAttribute(Qt::WA_DeleteOnClose);
    m_windows.insert(session->name(), window);
    if (m_bench)
        window->setBenchRecorder(m_bench);
    window->setWatchedKinds(watchedKindsChoice(m_options.watchKinds));
    window->resourceView()->setKubectlTargets(kubectlTargets);
    if (!m_options.namespaceName.isEmpty())
        window->filterPane()->namespaceModel()->setChecked({m_options.namespaceName});
    for (LiveClusterSession *member : std::as_const(live))
        member->discover();
    window->show();
    return {};
}

void Application::addCredentialExpiryField(MainWindow *window, const ClusterConfig &config)
{
    // The session keeps its connection to itself. A Credentials of the same
    // config shares the session's exec plugin (execplugincache.h), so it
    // sees each run's expiry; reading it runs nothing.
    auto credentials = std::make_shared<Credentials>(config);
    auto *field = new CredentialExpiryField([credentials] { return credentials->expiry(); },
                                            window->statusBar());
    window->statusBar()->addPermanentWidget(field);
}

void Application::openContext(const QString &context)
{
    if (MainWindow *existing = m_windows.value(context)) {
        existing->raise();
        existing->activateWindow();
        return;
    }
    auto resolved = m_kubeconfig.resolve(context);
    if (!resolved.ok()) {
        for (const QPointer<MainWindow> &w : std::as_const(m_windows)) {
            if (w)
                w->statusBar()->showMessage(resolved.errorMessage(), 10000);
        }
        return;
    }
    MainWindow *window = openWindow(resolved.value(), context, resolved.value().namespaceName);
    KubectlTarget target;
    target.kubeconfig = m_options.kubeconfig;
    target.context = context;
    window->resourceView()->setKubectlTarget(target);
}

bool Application::tableSyncedWithRows(MainWindow *window)
{
    const KindSource *source = window->resourceView()->source();
    const TableFeed *feed = window->resourceView()->feed();
    return source && feed && source->status().synced && feed->model()->rowCount() > 0;
}

void Application::startBenchWhenSynced(MainWindow *window)
{
    // Steady state is measured: from kBenchWarmupMs after the shown table's
    // informer has synced and the table has rows (the first batch may be an
    // empty snapshot taken while the list is still running).
    auto *poll = new QTimer(this);
    poll->setInterval(100);
    QPointer<MainWindow> target(window);
    connect(poll, &QTimer::timeout, this, [this, poll, target] {
        if (target && !tableSyncedWithRows(target))
            return;
        poll->deleteLater();
        QTimer::singleShot(kBenchWarmupMs, this, [this] { m_bench->start(); });
    });
    poll->start();
}

void Application::addDemoMenu(MainWindow *window)
{
    QMenu *demo = window->menuBar()->addMenu(QStringLiteral("&Demo"));
    QAction *stop = demo->addAction(QStringLiteral("&Stop the simulated cluster"));
    QAction *start = demo->addAction(QStringLiteral("S&tart the simulated cluster"));
    start->setEnabled(false);
    connect(stop, &QAction::triggered, this, [this, stop, start, window] {
        m_simulator->stop();
        stop->setEnabled(false);
        start->setEnabled(true);
        window->statusBar()->showMessage(QStringLiteral("Simulated cluster stopped"), 5000);
    });
    connect(start, &QAction::triggered, this, [this, stop, start, window] {
        sim::SimOptions options;
        options.scenario = QStringLiteral("demo");
        const auto started = m_simulator->start(options, QHostAddress::LocalHost, m_simPort);
        if (!started.ok()) {
            window->statusBar()->showMessage(started.errorMessage(), 10000);
            return;
        }
        stop->setEnabled(true);
        start->setEnabled(false);
        // The informers' backoff waits for a server that may come back at
        // any time; this one is back now (as "Reconnect all" does).
        for (KindSource *source : window->session()->sources()) {
            if (!source->status().healthy())
                source->retryNow();
        }
        window->statusBar()->showMessage(QStringLiteral("Simulated cluster started"), 5000);
    });
}

void Application::addReplayBar(MainWindow *window)
{
    sim::Simulator *simulator = m_simulator.get();
    // A move's changes are its jump, not the recorded pace: kept out of events/s.
    QPointer<InformerStatusModel> informers = window->informerModel();
    ReplayControls controls;
    controls.position = [simulator, informers]() -> std::optional<ReplayPosition> {
        const auto state = simulator->recordingReplayState();
        if (informers)
            informers->setReplayMoving(state && state->seeking);
        if (!state)
            return std::nullopt;
        return ReplayPosition{state->positionMs,
                              state->durationMs,
                              state->speed,
                              state->paused,
                              QDateTime::fromString(state->recordedAt, Qt::ISODateWithMs),
                              state->seeking};
    };
    const auto report = [window](const Result<void> &done) {
        if (!done.ok())
            window->statusBar()->showMessage(done.errorMessage(), 10000);
    };
    controls.setPaused = [simulator, report](bool paused) {
        report(simulator->setRecordingReplayPaused(paused));
    };
    controls.seek = [simulator, report, informers](qint64 positionMs) {
        if (informers)
            informers->setReplayMoving(true);
        report(simulator->seekRecordingReplay(positionMs));
    };
    controls.setSpeed = [simulator, report](double speed) {
        report(simulator->setRecordingReplaySpeed(speed));
    };
    window->addToolBar(Qt::BottomToolBarArea, new ReplayBar(std::move(controls), window));
}

QString Application::replayStartKind(const QString &lastShown) const
{
    if (!m_recordedResources || m_recordedResources->isEmpty())
        return {};
    for (const QString &kind : {lastShown, QStringLiteral("pods")}) {
        if (m_recordedResources->contains(kind))
            return kind;
    }
    QStringList recorded(m_recordedResources->begin(), m_recordedResources->end());
    recorded.sort(); // the same kind at every start
    return recorded.first();
}

void Application::applyStartOptions(MainWindow *window)
{
    if (const QString kind =
            m_options.kind.isEmpty()
                ? replayStartKind(MainWindow::lastKindShownIn(window->session()->name()))
                : m_options.kind;
        !kind.isEmpty())
        window->showKindNamed(kind);
    if (!m_options.sort.isEmpty()) {
        const QStringList parts = m_options.sort.split(QLatin1Char(':'));
        const Qt::SortOrder order =
            parts.value(1) == QLatin1String("desc") ? Qt::DescendingOrder : Qt::AscendingOrder;
        if (!window->resourceView()->sortByColumnName(parts.first(), order))
            std::fprintf(stderr, "informant: --sort: no column %s\n", qPrintable(parts.first()));
    }
    if (!m_options.screenshot.isEmpty()) {
        window->selectFirstRowWhenPopulated();
        const QString path = m_options.screenshot;
        QTimer::singleShot(m_options.afterMs, window, [window, path] {
            const bool ok = window->grab().save(path, "PNG");
            if (!ok)
                std::fprintf(stderr, "informant: cannot write %s\n", qPrintable(path));
            QCoreApplication::exit(ok ? 0 : 1);
        });
    }
}

} // namespace informant
