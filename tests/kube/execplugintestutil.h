#pragma once

// Exec credential plugins for the authentication tests: a shell plugin that
// counts its runs, the config that runs it, and what an observer heard.

#include "authtestutil.h"
#include "fakeapiserver.h"

#include "informer/kube/execplugin.h"

#include <QFile>
#include <QMutex>
#include <QStringList>

namespace informant::authtest {

// A plugin that counts its runs in `counter`, logs KUBERNETES_EXEC_INFO to
// `info`, and prints a token "exec-<run>" valid for $1 seconds.
inline QByteArray pluginScript(const QString &dir, const QString &apiVersion)
{
    return QStringLiteral(
               "#!/bin/sh\n"
               "n=$(cat '%1/counter' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '%1/counter'\n"
               "printf '%s' \"$KUBERNETES_EXEC_INFO\" > '%1/info'\n"
               "exp=$(date -u -d \"@$(( $(date +%s) + ${1:-3600} ))\" +%Y-%m-%dT%H:%M:%SZ)\n"
               "printf "
               "'{\"kind\":\"ExecCredential\",\"apiVersion\":\"%2\",\"status\":{\"token\":\"exec-%"
               "s\",\"expirationTimestamp\":\"%s\"}}' $n $exp\n")
        .arg(dir, apiVersion)
        .toUtf8();
}

// A cluster over TLS whose user signs in with pluginScript, written in `dir`.
inline ClusterConfig countingExecConfig(const FakeApiServer &server, const QString &dir,
                                        const QString &apiVersion, const QStringList &args = {})
{
    const QString plugin = dir + QStringLiteral("/plugin.sh");
    writeFile(plugin, pluginScript(dir, apiVersion), true);
    ClusterConfig config = tlsConfig(server);
    config.user.exec = ExecConfig{apiVersion, plugin, args, {}, QStringLiteral("Never"), true, {}};
    return config;
}

// How many times the plugin of `dir` ran.
inline int pluginRuns(const QString &dir)
{
    QFile file(dir + QStringLiteral("/counter"));
    return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed().toInt() : 0;
}

// What an ExecPlugin::Observer heard, in order: "started: <command>", each
// stderr line, "finished: <error>". The observer runs in the plugin's
// helper thread.
class HeardFromPlugin
{
public:
    ExecPlugin::Observer observer()
    {
        ExecPlugin::Observer observer;
        observer.started = [this](const QString &name) { add(QStringLiteral("started: ") + name); };
        observer.stderrLine = [this](const QString &line) { add(line); };
        observer.finished = [this](const QString &error) {
            add(QStringLiteral("finished: ") + error);
        };
        return observer;
    }
    QStringList lines() const
    {
        QMutexLocker lock(&m_mutex);
        return m_lines;
    }

private:
    void add(const QString &line)
    {
        QMutexLocker lock(&m_mutex);
        m_lines << line;
    }

    mutable QMutex m_mutex;
    QStringList m_lines;
};

} // namespace informant::authtest
