#include "startfailure.h"

#include "ui/startupfailuredialog.h"

#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QGuiApplication>
#include <QTimer>

#include <cstdio>

namespace informant {

namespace {

// Platforms no user looks at: a modal dialog there would wait forever.
bool interactivePlatform()
{
    const QString platform = QGuiApplication::platformName();
    return platform != QLatin1String("offscreen") && platform != QLatin1String("minimal");
}

// --screenshot: the dialog is what the user would see, so it is what the
// screenshot shows.
void grabDialog(StartupFailureDialog &dialog, const Options &options)
{
    dialog.show();
    QEventLoop loop;
    QTimer::singleShot(options.afterMs, &loop, [&dialog, &loop, path = options.screenshot] {
        if (!dialog.grab().save(path, "PNG"))
            std::fprintf(stderr, "informant: cannot write %s\n", qPrintable(path));
        loop.quit();
    });
    loop.exec();
}

} // namespace

Options optionsForDemo(const Options &failed)
{
    Options next = failed;
    next.demo = true;
    // --demo excludes --server and --replay.
    next.server.clear();
    next.replayFile.clear();
    next.replaySpeed = 1;
    return next;
}

Options optionsForKubeconfig(const Options &failed, const QString &kubeconfig)
{
    Options next = failed;
    next.kubeconfig = kubeconfig;
    next.context.clear(); // the new file's current context
    // A kubeconfig means the live cluster it names, not a recording nor the
    // demo; --server would override its context's address.
    next.replayFile.clear();
    next.replaySpeed = 1;
    next.demo = false;
    next.server.clear();
    return next;
}

std::optional<Options> askAfterStartFailure(const QString &error, const Options &options)
{
    StartupFailureDialog dialog(error, options.replayFile.isEmpty()
                                           ? StartupFailureDialog::Attempt::Cluster
                                           : StartupFailureDialog::Attempt::Replay);
    if (!options.screenshot.isEmpty()) {
        grabDialog(dialog, options);
        return std::nullopt;
    }
    if (!interactivePlatform())
        return std::nullopt;
    for (;;) {
        dialog.exec();
        switch (dialog.choice()) {
        case StartupFailureDialog::Choice::Quit:
            return std::nullopt;
        case StartupFailureDialog::Choice::OpenDemo:
            return optionsForDemo(options);
        case StartupFailureDialog::Choice::ChooseKubeconfig: {
            const QString file =
                QFileDialog::getOpenFileName(&dialog, QStringLiteral("Choose a kubeconfig file"),
                                             QDir::home().filePath(QStringLiteral(".kube")));
            if (file.isEmpty())
                continue; // cancelled: back to the choices
            return optionsForKubeconfig(options, file);
        }
        }
    }
}

} // namespace informant
