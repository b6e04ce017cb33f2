#pragma once

// Runs the real kubectl against a simulator for the kubectl-driven tests: a
// kubeconfig for the simulator's URL and a cache directory in a temporary
// directory, every command with a request timeout; and the simulator those
// tests start (startSimulatorForKubectl). Test thread only.

#include "simfixtures.h"

#include "sim/simulator.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace simtest {

class KubectlRunner
{
public:
    // False when kubectl is not installed or the kubeconfig cannot be written.
    bool setUp(const QString &serverUrl)
    {
        informant::sim::KubeconfigFor client;
        client.url = serverUrl;
        return setUp(client);
    }
    bool setUp(const informant::sim::KubeconfigFor &client)
    {
        m_kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
        return !m_kubectl.isEmpty() && m_dir.isValid() &&
               informant::sim::writeKubeconfig(m_dir.filePath(QStringLiteral("config")), client)
                   .ok();
    }
    bool installed() const { return !m_kubectl.isEmpty(); }

    // kubectl `arguments`; its stdout and stderr together.
    QString run(const QStringList &arguments, int *exitCode = nullptr, int timeoutMs = 30000)
    {
        QProcess process;
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(
            m_kubectl,
            QStringList{QStringLiteral("--kubeconfig"), m_dir.filePath(QStringLiteral("config")),
                        QStringLiteral("--cache-dir"), m_dir.filePath(QStringLiteral("cache")),
                        QStringLiteral("--request-timeout"), QStringLiteral("20s")} +
                arguments);
        if (!process.waitForFinished(timeoutMs)) {
            process.kill();
            process.waitForFinished();
        }
        if (exitCode)
            *exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        return QString::fromUtf8(process.readAll());
    }

    // Writes `yaml` to a file in the temporary directory and returns its path.
    QString file(const QString &name, const QByteArray &yaml)
    {
        QFile out(m_dir.filePath(name));
        if (out.open(QIODevice::WriteOnly))
            out.write(yaml);
        return out.fileName();
    }

private:
    QString m_kubectl;
    QTemporaryDir m_dir;
};

// The start of a kubectl-driven test case: `sim` is a demo simulator whose
// pods take 300 ms to stop (long enough to be seen Terminating, short enough
// for a test to wait out), and `kubectl` is set up against it. Fails the
// test case, or skips it when kubectl is not installed, and then returns
// false: an initTestCase with more to do returns at once.
inline bool startSimulatorForKubectl(std::unique_ptr<informant::sim::Simulator> &sim,
                                     KubectlRunner &kubectl)
{
    bool started = false;
    // QVERIFY and QSKIP return from the lambda; `started` says whether they did.
    [&] {
        informant::sim::SimOptions options;
        options.podStopMs = 300;
        sim = startSim(options);
        QVERIFY(sim->port() != 0);
        const bool ready = kubectl.setUp(sim->url());
        if (!kubectl.installed())
            QSKIP("kubectl is not installed: this test drives the real kubectl");
        QVERIFY(ready);
        started = true;
    }();
    return started;
}

} // namespace simtest
