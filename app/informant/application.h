#pragma once

// Application: the informant process — connects (kubeconfig, --server, the
// embedded --demo simulator, or one replaying --replay FILE), opens one MainWindow per context the
// user opens, and runs the --screenshot and --bench-report modes.

#include "options.h"

#include "informer/kube/kubeconfig.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>

#include <memory>
#include <optional>

namespace informant {

namespace sim {
class Simulator;
}
class BenchRecorder;
class MainWindow;
class StartupProbe;

class Application final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Application)

public:
    explicit Application(Options options);
    ~Application() override;

    // Opens the first window; an error message when nothing could be opened.
    QString start();

private:
    QString startDemo(ClusterConfig &config);
    // The embedded simulator replaying --replay FILE; the window's name says so.
    QString startReplay(ClusterConfig &config, QString &name);
    // `namespaceName`: the namespace the filter pane starts on ("" = all).
    MainWindow *openWindow(const ClusterConfig &config, const QString &name,
                           const QString &namespaceName);
    void openContext(const QString &context);
    // One window over every --context given (more than one): their rows in
    // one table per kind. An error message when a context cannot be opened.
    QString openMultiClusterWindow(MainWindow *&window);
    // "credentials expire in 12 min" in the window's status bar.
    static void addCredentialExpiryField(MainWindow *window, const ClusterConfig &config);
    void addDemoMenu(MainWindow *window);
    // The bar that pauses the replay and moves it through time.
    void addReplayBar(MainWindow *window);
    void applyStartOptions(MainWindow *window);
    // The kind a replay opens on without --kind: one the recording holds (the
    // last kind shown, or pods, may not be in it).
    QString replayStartKind(const QString &lastShown) const;
    void startBenchWhenSynced(MainWindow *window);
    static bool tableSyncedWithRows(MainWindow *window);

    static constexpr int kBenchWarmupMs = 3000;

    Options m_options;
    std::unique_ptr<sim::Simulator> m_simulator;
    quint16 m_simPort = 0;
    // What --replay's recording holds ("pods", "deployments.apps"); nullopt
    // when not replaying.
    std::optional<QSet<QString>> m_recordedResources;
    Kubeconfig m_kubeconfig;
    QStringList m_contexts;
    QHash<QString, QPointer<MainWindow>> m_windows;
    BenchRecorder *m_bench = nullptr;
    StartupProbe *m_startup = nullptr;
};

} // namespace informant
