#include "options.h"

#include "informer/kube/connectionoptions.h"
#include "ui/watchedkinds.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cmath>

namespace informant {

namespace {

// The GUI's words for kubectl's flags: -n and -A choose where the first
// window starts, not where a command works as in informantctl.
ConnectionOptionHelp connectionHelp()
{
    return {.kubeconfig = QStringLiteral("Path to the kubeconfig file."),
            .context = QStringLiteral("The kubeconfig context to open; given again, one window "
                                      "shows each kind of every context given in one table."),
            .server = QStringLiteral("The API server URL (instead of a kubeconfig)."),
            .token = QStringLiteral("Bearer token for the API server."),
            .namespaceName = QStringLiteral("Start filtered to this namespace (default: the "
                                            "context's namespace, if it sets one)."),
            .namespaceValueName = QStringLiteral("namespace"),
            .allNamespaces = QStringLiteral(
                "Start with all namespaces shown, whatever the context's namespace.")};
}

} // namespace

Options parseOptions(const QCoreApplication &app)
{
    return parseOptions(app.arguments());
}

Options parseOptions(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Informant: watch Kubernetes clusters live.\n"
                       "Without options it opens the current context of your kubeconfig."));
    parser.addHelpOption();
    parser.addVersionOption();
    addConnectionOptions(parser, connectionHelp());
    const QCommandLineOption noTransform(
        QStringLiteral("no-transform"),
        QStringLiteral("Keep metadata.managedFields (no default transform)."));
    const QCommandLineOption kind(QStringLiteral("kind"),
                                  QStringLiteral("Kind to show first (pods, deploy, svc, ...)."),
                                  QStringLiteral("kind"));
    const QCommandLineOption sort(QStringLiteral("sort"),
                                  QStringLiteral("Sort the table by this column (AGE, NAME:desc)."),
                                  QStringLiteral("column"));
    const QCommandLineOption view(QStringLiteral("view"), QStringLiteral("table or timeline."),
                                  QStringLiteral("view"), QStringLiteral("table"));
    const QCommandLineOption demo(QStringLiteral("demo"),
                                  QStringLiteral("Start a simulated demo cluster in-process and "
                                                 "connect to it."));
    const QCommandLineOption replay(
        QStringLiteral("replay"),
        QStringLiteral("Open a recording made by informantctl record: a simulated cluster "
                       "replays it in-process, with a bar to pause it and move through time."),
        QStringLiteral("file"));
    const QCommandLineOption replaySpeed(
        QStringLiteral("replay-speed"),
        QStringLiteral("With --replay: play the recorded changes X times as fast."),
        QStringLiteral("X"), QStringLiteral("1"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Save the main window as PNG, then quit."),
                                        QStringLiteral("file"));
    const QCommandLineOption after(QStringLiteral("after"),
                                   QStringLiteral("Delay before --screenshot (ms)."),
                                   QStringLiteral("ms"), QStringLiteral("3000"));
    const QCommandLineOption bench(QStringLiteral("bench-report"),
                                   QStringLiteral("Write GUI stall and change-to-screen latency "
                                                  "percentiles as JSON on exit."),
                                   QStringLiteral("file"));
    const QCommandLineOption theme(QStringLiteral("theme"),
                                   QStringLiteral("light, dark or auto (follow the desktop)."),
                                   QStringLiteral("theme"), QStringLiteral("auto"));
    const QCommandLineOption watchKinds(
        QStringLiteral("watch-kinds"),
        QStringLiteral("Kinds to keep watching for the tree's counts: builtin (default), all "
                       "(custom resources too) or shown (only kinds you open)."),
        QStringLiteral("which"));
    parser.addOptions({noTransform, kind, sort, view, demo, replay, replaySpeed, screenshot, after,
                       bench, theme, watchKinds});
    parser.process(arguments);

    Options o;
    static_cast<ConnectionFlags &>(o) = connectionFlagsFromParser(parser);
    o.contexts = parser.values(QStringLiteral("context"));
    o.noTransform = parser.isSet(noTransform);
    o.kind = parser.value(kind);
    o.sort = parser.value(sort);
    o.view = parser.value(view);
    o.demo = parser.isSet(demo);
    o.replayFile = parser.value(replay);
    o.screenshot = parser.value(screenshot);
    o.benchReport = parser.value(bench);
    o.theme = parser.value(theme);
    o.watchKinds = parser.value(watchKinds);
    bool ok = false;
    o.afterMs = parser.value(after).toInt(&ok);
    if (!ok || o.afterMs < 0)
        o.error =
            QStringLiteral("--after: expected milliseconds, got \"%1\"").arg(parser.value(after));
    if (o.view != QLatin1String("table") && o.view != QLatin1String("timeline"))
        o.error = QStringLiteral("--view: expected table or timeline, got \"%1\"").arg(o.view);
    if (o.theme != QLatin1String("auto") && o.theme != QLatin1String("light") &&
        o.theme != QLatin1String("dark"))
        o.error = QStringLiteral("--theme: expected light, dark or auto, got \"%1\"").arg(o.theme);
    if (!o.watchKinds.isEmpty() && !watchedKindsFromString(o.watchKinds))
        o.error = QStringLiteral("--watch-kinds: expected builtin, all or shown, got \"%1\"")
                      .arg(o.watchKinds);
    if (o.contexts.size() > 1 && (o.demo || !o.replayFile.isEmpty() || !o.server.isEmpty()))
        o.error = QStringLiteral("--context given more than once goes with neither --demo, "
                                 "--replay nor --server");
    if (o.demo && !o.server.isEmpty())
        o.error = QStringLiteral("--demo and --server cannot be used together");
    o.replaySpeed = parser.value(replaySpeed).toDouble(&ok);
    if (!ok || !(o.replaySpeed > 0) || !std::isfinite(o.replaySpeed))
        o.error = QStringLiteral("--replay-speed: expected a positive number, got \"%1\"")
                      .arg(parser.value(replaySpeed));
    else if (parser.isSet(replaySpeed) && !parser.isSet(replay))
        o.error = QStringLiteral("--replay-speed goes with --replay FILE");
    if (parser.isSet(replay) && o.replayFile.isEmpty())
        o.error = QStringLiteral("--replay: expected a recording file (made by informantctl "
                                 "record), got \"\"");
    if (!o.replayFile.isEmpty() && o.demo)
        o.error = QStringLiteral("--replay and --demo cannot be used together");
    if (!o.replayFile.isEmpty() && !o.server.isEmpty())
        o.error = QStringLiteral("--replay and --server cannot be used together");
    if (!o.certificateAuthority.isEmpty() && o.insecureSkipTlsVerify)
        o.error = QStringLiteral("--certificate-authority cannot be combined with "
                                 "--insecure-skip-tls-verify");
    return o;
}

} // namespace informant
