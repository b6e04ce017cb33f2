// informant-sim: a simulated Kubernetes API server (see sim/simulator.h).

#include "sim/faults.h"
#include "sim/simulator.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSaveFile>
#include <QSocketNotifier>

#include <csignal>
#include <cstdio>
#include <unistd.h>

namespace {

using informant::sim::SimOptions;

int g_signalPipe[2] = {-1, -1};

void onSignal(int)
{
    const char byte = 1;
    (void)!::write(g_signalPipe[1], &byte, 1);
}

int fail(const QString &message)
{
    std::fprintf(stderr, "informant-sim: %s\n", qPrintable(message));
    return 2;
}

struct Listen
{
    QHostAddress address = QHostAddress::LocalHost;
    quint16 port = 0;
};

std::optional<Listen> parseListen(const QString &text)
{
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    if (colon < 0)
        return std::nullopt;
    QString host = text.left(colon);
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    bool ok = false;
    const uint port = text.mid(colon + 1).toUInt(&ok);
    Listen listen;
    if (!ok || port > 65535 ||
        !listen.address.setAddress(host.isEmpty() ? QStringLiteral("127.0.0.1") : host))
        return std::nullopt;
    listen.port = quint16(port);
    return listen;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("informant-sim"));
    QCoreApplication::setApplicationVersion(QStringLiteral(INFORMANT_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "A simulated Kubernetes API server.\n\n"
        "Scenarios:\n"
        "  demo    a small live cluster (deployments rolling, a crash-looping pod, jobs,\n"
        "          events, a CRD with custom resources)\n"
        "  empty   only the base namespaces\n"
        "  scale   --pods realistic pods (default 10000) over --namespaces namespaces\n"
        "  churn   scale with --pods 1000 and --churn 100 by default\n"
        "  replay  --pods pods (default 1000), then --changes MODIFIED events (default\n"
        "          1000000) made at start-up; a watch of /api/v1/pods from the\n"
        "          resourceVersion printed at start (also GET /sim/v1/replay) streams\n"
        "          them back-to-back at full speed, e.g.\n"
        "          curl -N 'URL/api/v1/pods?watch=1&resourceVersion=RV'\n"
        "          With --replay-on-request the changes are made at\n"
        "          POST /sim/v1/replay/start: watches open then (an informer\n"
        "          that has listed) receive all of them.\n"
        "          With --replay FILE (which implies --scenario replay) it serves a\n"
        "          recording made by informantctl record instead: the recorded state\n"
        "          at start-up, then the recorded changes at their times\n"
        "          (--replay-speed 10 plays them ten times faster). It can be paused,\n"
        "          resumed, sped up and moved to any time, back or forth: GET\n"
        "          /sim/v1/recording says where it is; POST /sim/v1/recording/pause,\n"
        "          /resume, /seek?t=MS (ms since the recording began), /speed?x=X.\n"
        "--churn R adds R changes/s (80 % updates, deletes and creates) to any\n"
        "scenario; demo and empty churn --pods pods (default 200) in namespace churn.\n"
        "--crds N adds N CustomResourceDefinitions (3 objects each) to any scenario:\n"
        "the built-in 27 kinds plus 13 make the 40 of a cluster with operators.\n\n"
        "Control endpoints: GET /sim/v1/snapshot?resource=pods[&namespace=NS],\n"
        "GET /sim/v1/requests, POST /sim/v1/churn/pause|resume, POST /sim/v1/faults\n"
        "(body: a --faults spec), POST /sim/v1/faults/off, GET /sim/v1/replay,\n"
        "POST /sim/v1/replay/start, GET /sim/v1/recording,\n"
        "POST /sim/v1/recording/pause|resume, POST /sim/v1/recording/seek?t=MS,\n"
        "POST /sim/v1/recording/speed?x=X."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption listen(QStringLiteral("listen"),
                                    QStringLiteral("Address and port to listen on."),
                                    QStringLiteral("host:port"), QStringLiteral("127.0.0.1:0"));
    const QCommandLineOption portFile(QStringLiteral("port-file"),
                                      QStringLiteral("Write the port to this file once listening."),
                                      QStringLiteral("file"));
    const QCommandLineOption scenario(QStringLiteral("scenario"),
                                      QStringLiteral("demo, empty, scale, churn or replay."),
                                      QStringLiteral("name"), QStringLiteral("demo"));
    const QCommandLineOption pods(QStringLiteral("pods"),
                                  QStringLiteral("Pods (scale, churn, replay; churning pods of "
                                                 "demo and empty)."),
                                  QStringLiteral("N"));
    const QCommandLineOption namespaces(QStringLiteral("namespaces"),
                                        QStringLiteral("Namespaces (scale, churn, replay)."),
                                        QStringLiteral("N"));
    const QCommandLineOption churn(QStringLiteral("churn"),
                                   QStringLiteral("Changes per second (any scenario)."),
                                   QStringLiteral("events_per_s"));
    const QCommandLineOption changes(QStringLiteral("changes"),
                                     QStringLiteral("Changes made at start-up for replay."),
                                     QStringLiteral("N"));
    const QCommandLineOption replayOnRequest(
        QStringLiteral("replay-on-request"),
        QStringLiteral("replay: make the changes only at POST /sim/v1/replay/start, so "
                       "clients already watching receive them."));
    const QCommandLineOption replayFile(
        QStringLiteral("replay"),
        QStringLiteral("Serve this recording (informantctl record); implies --scenario replay."),
        QStringLiteral("file"));
    const QCommandLineOption replaySpeed(
        QStringLiteral("replay-speed"),
        QStringLiteral("With --replay: play the recorded changes X times as fast."),
        QStringLiteral("X"), QStringLiteral("1"));
    const QCommandLineOption crds(
        QStringLiteral("crds"),
        QStringLiteral("Add N CustomResourceDefinitions with 3 objects each (any scenario)."),
        QStringLiteral("N"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Random seed."),
                                  QStringLiteral("S"), QStringLiteral("1"));
    const QCommandLineOption history(QStringLiteral("history"),
                                     QStringLiteral("Watch history kept per resource, in events."),
                                     QStringLiteral("N"), QStringLiteral("10000"));
    const QCommandLineOption tlsCert(QStringLiteral("tls-cert"),
                                     QStringLiteral("Serve HTTPS with this PEM certificate."),
                                     QStringLiteral("file"));
    const QCommandLineOption tlsKey(QStringLiteral("tls-key"),
                                    QStringLiteral("PEM private key of --tls-cert."),
                                    QStringLiteral("file"));
    const QCommandLineOption clientCa(
        QStringLiteral("client-ca"),
        QStringLiteral("Require client certificates signed by this CA."), QStringLiteral("file"));
    const QCommandLineOption tlsCa(
        QStringLiteral("tls-ca"),
        QStringLiteral("CA of --tls-cert, written by --write-kubeconfig (default: --tls-cert "
                       "itself, right for a self-signed certificate)."),
        QStringLiteral("file"));
    const QCommandLineOption clientCert(
        QStringLiteral("client-cert"),
        QStringLiteral("Client certificate written by --write-kubeconfig (with --client-ca)."),
        QStringLiteral("file"));
    const QCommandLineOption clientKey(QStringLiteral("client-key"),
                                       QStringLiteral("PEM private key of --client-cert."),
                                       QStringLiteral("file"));
    const QCommandLineOption token(QStringLiteral("token"),
                                   QStringLiteral("Require this bearer token."),
                                   QStringLiteral("token"));
    const QCommandLineOption readableNamespaces(
        QStringLiteral("readable-namespaces"),
        QStringLiteral("Allow reads only in these namespaces (comma-separated), as for a user "
                       "whose RBAC Role binds there alone: all-namespace and cluster-scoped "
                       "reads are forbidden."),
        QStringLiteral("namespaces"));
    const QCommandLineOption faults(
        QStringLiteral("faults"),
        QStringLiteral("Faults to inject, e.g. drop-watch=3s,error429=0.05."),
        QStringLiteral("spec"));
    const QCommandLineOption kubeconfig(QStringLiteral("write-kubeconfig"),
                                        QStringLiteral("Write a kubeconfig for this server."),
                                        QStringLiteral("file"));
    const QCommandLineOption bookmarks(QStringLiteral("bookmark-interval"),
                                       QStringLiteral("Watch bookmark interval."),
                                       QStringLiteral("duration"), QStringLiteral("2s"));
    parser.addOptions({listen,  portFile,        scenario, pods,       namespaces, churn,
                       changes, replayOnRequest, crds,     seed,       history,    tlsCert,
                       tlsKey,  tlsCa,           clientCa, clientCert, clientKey,  token,
                       faults,  kubeconfig,      bookmarks});
    parser.addOptions({replayFile, replaySpeed, readableNamespaces});
    parser.process(app);

    SimOptions options;
    options.scenario = parser.value(scenario);
    options.pods = parser.value(pods).toInt();
    options.namespaces = parser.value(namespaces).toInt();
    options.churnPerSecond = parser.value(churn).toDouble();
    options.replayChanges = parser.value(changes).toLongLong();
    options.replayOnRequest = parser.isSet(replayOnRequest);
    options.replayFile = parser.value(replayFile);
    if (parser.isSet(replayFile) && !parser.isSet(scenario))
        options.scenario = QStringLiteral("replay");
    bool speedOk = false;
    options.replaySpeed = parser.value(replaySpeed).toDouble(&speedOk);
    if (!speedOk || !(options.replaySpeed > 0))
        return fail(QStringLiteral("--replay-speed: expected a positive number, got \"%1\"")
                        .arg(parser.value(replaySpeed)));
    options.crds = parser.value(crds).toInt();
    options.seed = parser.value(seed).toUInt();
    options.history = parser.value(history).toInt();
    options.faults = parser.value(faults);
    options.tlsCert = parser.value(tlsCert);
    options.tlsKey = parser.value(tlsKey);
    options.clientCa = parser.value(clientCa);
    options.token = parser.value(token);
    options.readableNamespaces =
        parser.value(readableNamespaces).split(QLatin1Char(','), Qt::SkipEmptyParts);
    const auto interval = informant::sim::parseDurationMs(parser.value(bookmarks));
    if (!interval)
        return fail(QStringLiteral("--bookmark-interval: expected a duration like 2s"));
    options.bookmarkIntervalMs = int(*interval);
    if (options.history <= 0)
        return fail(QStringLiteral("--history must be positive"));
    if (options.crds < 0 || options.crds > 1000)
        return fail(QStringLiteral("--crds must be between 0 and 1000"));
    if (parser.isSet(clientCert) != parser.isSet(clientKey))
        return fail(QStringLiteral("--client-cert and --client-key go together"));
    const auto where = parseListen(parser.value(listen));
    if (!where)
        return fail(
            QStringLiteral("--listen: expected host:port, got \"%1\"").arg(parser.value(listen)));

    QElapsedTimer clock;
    clock.start();
    informant::sim::Simulator simulator;
    const auto started = simulator.start(options, where->address, where->port);
    if (!started.ok())
        return fail(started.errorMessage());
    std::fprintf(stderr, "informant-sim: scenario %s serving %s (ready in %lld ms)\n",
                 qPrintable(options.scenario), qPrintable(simulator.url()), clock.elapsed());
    if (const auto replay = simulator.replay())
        std::fprintf(stderr,
                     "informant-sim: replay: %llu changes; watch %s from resourceVersion %llu "
                     "(last %llu)\n",
                     static_cast<unsigned long long>(replay->toRv - replay->fromRv),
                     qPrintable(replay->path), static_cast<unsigned long long>(replay->fromRv),
                     static_cast<unsigned long long>(replay->toRv));
    if (parser.isSet(kubeconfig)) {
        informant::sim::KubeconfigFor client;
        client.url = simulator.url();
        client.token = options.token;
        client.caFile = parser.isSet(tlsCa) ? parser.value(tlsCa) : options.tlsCert;
        client.clientCertFile = parser.value(clientCert);
        client.clientKeyFile = parser.value(clientKey);
        const auto written = informant::sim::writeKubeconfig(parser.value(kubeconfig), client);
        if (!written.ok())
            return fail(written.errorMessage());
    }
    if (parser.isSet(portFile)) {
        QSaveFile file(parser.value(portFile));
        if (!file.open(QIODevice::WriteOnly) ||
            file.write(QByteArray::number(simulator.port()) + '\n') < 0 || !file.commit())
            return fail(QStringLiteral("cannot write --port-file %1").arg(parser.value(portFile)));
    }

    // Quit cleanly on SIGINT/SIGTERM (threads joined, sockets closed).
    if (::pipe(g_signalPipe) == 0) {
        std::signal(SIGINT, onSignal);
        std::signal(SIGTERM, onSignal);
        auto *notifier = new QSocketNotifier(g_signalPipe[0], QSocketNotifier::Read, &app);
        QObject::connect(notifier, &QSocketNotifier::activated, &app, &QCoreApplication::quit);
    }
    const int code = app.exec();
    simulator.stop();
    return code;
}
