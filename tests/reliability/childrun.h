#pragma once

// runChild: runs one of this build's programs (informantctl, informant) to
// completion, or for a fixed time for programs that never end (watch), and
// returns everything it printed (startChild: starts it and returns). The child gets a private HOME
// and XDG_CONFIG_HOME (so it neither reads the developer's kubeconfig nor writes their settings)
// and the offscreen platform. Test thread only.

#include "simprocess.h"

#include <QProcess>
#include <QProcessEnvironment>

namespace reliability {

struct ChildResult
{
    bool started = false;
    bool finished = false; // ended by itself (not killed after runMs)
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

struct ChildOptions
{
    QString home;  // HOME and the root of XDG_CONFIG_HOME
    int runMs = 0; // > 0: kill after this long (for watch); else wait for the end
    int timeoutMs = 60000;
    QStringList extraEnv; // NAME=VALUE
};

// Starts `program` as runChild() does and returns at once (for a test that
// acts on the server while the child runs).
inline bool startChild(QProcess &process, const QString &program, const QStringList &args,
                       const ChildOptions &options)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("KUBECONFIG"));
    env.insert(QStringLiteral("HOME"), options.home);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), options.home + QStringLiteral("/.config"));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), options.home + QStringLiteral("/.cache"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), options.home + QStringLiteral("/.local/share"));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    for (const QString &pair : options.extraEnv) {
        const qsizetype eq = pair.indexOf(QLatin1Char('='));
        env.insert(pair.left(eq), pair.mid(eq + 1));
    }
    process.setProcessEnvironment(env);
    process.setWorkingDirectory(options.home);
    process.start(buildDir() + QStringLiteral("/app/") + program, args);
    return process.waitForStarted(10000);
}

inline ChildResult runChild(const QString &program, const QStringList &args,
                            const ChildOptions &options)
{
    QProcess process;
    ChildResult result;
    result.started = startChild(process, program, args, options);
    if (!result.started)
        return result;
    const int wait = options.runMs > 0 ? options.runMs : options.timeoutMs;
    result.finished = process.waitForFinished(wait);
    if (!result.finished) {
        process.terminate();
        if (!process.waitForFinished(5000)) {
            process.kill();
            process.waitForFinished(5000);
        }
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

} // namespace reliability
