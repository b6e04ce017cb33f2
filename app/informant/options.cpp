#include "options.h"

#include "ui/watchedkinds.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace informant {

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
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"),
                                        QStringLiteral("Path to the kubeconfig file."),
                                        QStringLiteral("file"));
    const QCommandLineOption context(QStringLiteral("context"),
                                     QStringLiteral("The kubeconfig context to open."),
                                     QStringLiteral("name"));
    const QCommandLineOption server(QStringLiteral("server"),
                                    QStringLiteral("The API server URL (instead of a kubeconfig)."),
                                    QStringLiteral("url"));
    const QCommandLineOption token(QStringLiteral("token"),
                                   QStringLiteral("Bearer token for the API server."),
                                   QStringLiteral("token"));
    const QCommandLineOption certificateAuthority(
        QStringLiteral("certificate-authority"),
        QStringLiteral("Path to a certificate file for the certificate authority."),
        QStringLiteral("file"));
    const QCommandLineOption insecure(
        QStringLiteral("insecure-skip-tls-verify"),
        QStringLiteral("Do not verify the server's certificate (insecure)."));
    const QCommandLineOption ns(QStringList{QStringLiteral("n"), QStringLiteral("namespace")},
                                QStringLiteral("Start filtered to this namespace (default: the "
                                               "context's namespace, if it sets one)."),
                                QStringLiteral("namespace"));
    const QCommandLineOption allNamespaces(
        QStringList{QStringLiteral("A"), QStringLiteral("all-namespaces")},
        QStringLiteral("Start with all namespaces shown, whatever the context's namespace."));
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
    parser.addOptions({kubeconfig, context, server, token, certificateAuthority, insecure, ns,
                       allNamespaces, noTransform, kind, sort, view, demo, screenshot, after, bench,
                       theme, watchKinds});
    parser.process(arguments);

    Options o;
    o.kubeconfig = parser.value(kubeconfig);
    o.context = parser.value(context);
    o.server = parser.value(server);
    o.token = parser.value(token);
    o.certificateAuthority = parser.value(certificateAuthority);
    o.insecureSkipTlsVerify = parser.isSet(insecure);
    o.namespaceName = parser.value(ns);
    o.allNamespaces = parser.isSet(allNamespaces);
    o.noTransform = parser.isSet(noTransform);
    o.kind = parser.value(kind);
    o.sort = parser.value(sort);
    o.view = parser.value(view);
    o.demo = parser.isSet(demo);
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
    if (o.demo && !o.server.isEmpty())
        o.error = QStringLiteral("--demo and --server cannot be used together");
    if (!o.certificateAuthority.isEmpty() && o.insecureSkipTlsVerify)
        o.error = QStringLiteral("--certificate-authority cannot be combined with "
                                 "--insecure-skip-tls-verify");
    return o;
}

} // namespace informant
