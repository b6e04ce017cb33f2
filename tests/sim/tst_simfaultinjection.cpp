// Every --faults fault against a running simulator, the fault control
// endpoint, TLS with client certificates, and what is said of tokens: the
// request log names the scheme a client sent, a written kubeconfig carries a
// token only for https.

#include "simclient.h"

#include "sim/simulator.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QSslKey>
#include <QSslSocket>
#include <QTest>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

class TestSimFaultInjection : public QObject
{
    Q_OBJECT

private slots:
    void requestFaultsAnswerWithTheirStatus_data();
    void requestFaultsAnswerWithTheirStatus();
    void faultsNeverApplyToTheControlEndpoint();
    void delayedAnswersStillArrive();
    void dropWatchCutsWatchStreams();
    void cutFrameEndsTheStreamMidFrame();
    void compactShrinksTheHistory();
    void restartCutsConnectionsAndKeepsState();
    void unknownFaultsAreRejected();
    void tlsRequiresAClientCertificateWhenAskedTo();
    void kubeconfigPointsAtTheServer();
    void kubeconfigWithATokenNeedsHttps();
    void requestLogNamesTheAuthorizationSchemeOnly();

private:
    std::unique_ptr<Simulator> startSim(const QString &faults, int history = 10000);
};

namespace {
QString data(const char *name)
{
    return qEnvironmentVariable("INFORMANT_SOURCE_DIR", QStringLiteral(".")) +
           QStringLiteral("/tests/sim/data/") + QLatin1String(name);
}
const QByteArray kConfigMap = R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x"}})";
} // namespace

std::unique_ptr<Simulator> TestSimFaultInjection::startSim(const QString &faults, int history)
{
    SimOptions options;
    options.scenario = QStringLiteral("empty");
    options.faults = faults;
    options.history = history;
    auto simulator = std::make_unique<Simulator>();
    const auto started = simulator->start(options);
    if (!started.ok())
        qWarning("start failed: %s", qPrintable(started.errorMessage()));
    return simulator;
}

void TestSimFaultInjection::requestFaultsAnswerWithTheirStatus_data()
{
    QTest::addColumn<QString>("faults");
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("reason");
    QTest::newRow("gone on list") << "gone=1" << QByteArray("/api/v1/pods") << 410 << "Expired";
    QTest::newRow("gone on watch")
        << "gone=1" << QByteArray("/api/v1/pods?watch=1") << 410 << "Expired";
    QTest::newRow("429") << "error429=1" << QByteArray("/api/v1/pods") << 429 << "TooManyRequests";
    QTest::newRow("500") << "error500=1" << QByteArray("/api/v1/pods?watch=1") << 500
                         << "InternalError";
    QTest::newRow("504") << "error504=1" << QByteArray("/api/v1/pods") << 504 << "Timeout";
}

void TestSimFaultInjection::requestFaultsAnswerWithTheirStatus()
{
    QFETCH(QString, faults);
    QFETCH(QByteArray, target);
    QFETCH(int, code);
    QFETCH(QString, reason);
    const auto sim = startSim(faults);
    QVERIFY(sim->isRunning());
    const Response response = get(sim->port(), target);
    QCOMPARE(response.status, code);
    QCOMPARE(response.json().value("kind").toString(), QStringLiteral("Status"));
    QCOMPARE(response.json().value("code").toInt(), code);
    QCOMPARE(response.json().value("reason").toString(), reason);
    if (code == 429) {
        QCOMPARE(response.headers.value("retry-after"), QByteArray("1"));
        QCOMPARE(response.json().value("details").toObject().value("retryAfterSeconds").toInt(), 1);
    }
    // Not a list or watch: no fault.
    QCOMPARE(get(sim->port(), "/api/v1/namespaces/default").status, 200);
    QCOMPARE(request(sim->port(), "POST", "/sim/v1/faults/off").status, 200);
    QCOMPARE(
        get(sim->port(), target.contains("watch") ? QByteArray("/api/v1/pods") : target).status,
        200);
}

void TestSimFaultInjection::faultsNeverApplyToTheControlEndpoint()
{
    const auto sim = startSim(QString());
    QCOMPARE(request(sim->port(), "POST", "/sim/v1/faults", {}, "error500=1").status, 200);
    QCOMPARE(get(sim->port(), "/sim/v1/faults").json().value("faults").toString(),
             QStringLiteral("error500=1"));
    QCOMPARE(get(sim->port(), "/sim/v1/snapshot?resource=namespaces").status, 200);
    QCOMPARE(get(sim->port(), "/sim/v1/requests").status, 200);
    QCOMPARE(get(sim->port(), "/api/v1/namespaces").status, 500);
}

void TestSimFaultInjection::delayedAnswersStillArrive()
{
    const auto sim = startSim(QStringLiteral("delay=300ms"));
    const Response response = get(sim->port(), "/api/v1/namespaces");
    QCOMPARE(response.status, 200);
    QCOMPARE(response.json().value("items").toArray().size(), 4);
    QCOMPARE(get(sim->port(), "/sim/v1/faults").json().value("faults").toString(),
             QStringLiteral("delay=300ms"));
}

void TestSimFaultInjection::dropWatchCutsWatchStreams()
{
    const auto sim = startSim(QStringLiteral("drop-watch=200ms"));
    Watch watch(sim->port(), "/api/v1/configmaps?watch=1&timeoutSeconds=60");
    QCOMPARE(watch.status(), 200);
    bool clean = true;
    QVERIFY(watch.waitForEnd(20000, &clean));
    QVERIFY(!clean);
}

void TestSimFaultInjection::cutFrameEndsTheStreamMidFrame()
{
    const auto sim = startSim(QStringLiteral("cut-frame=1"));
    const QString rv = get(sim->port(), "/api/v1/configmaps")
                           .json()
                           .value("metadata")
                           .toObject()
                           .value("resourceVersion")
                           .toString();
    Watch watch(sim->port(), "/api/v1/configmaps?watch=1&resourceVersion=" + rv.toUtf8());
    QCOMPARE(request(sim->port(), "POST", "/api/v1/namespaces/default/configmaps", {}, kConfigMap)
                 .status,
             201);
    QCOMPARE(watch.next(1, 3000).size(), 0); // half a frame never decodes
    bool clean = true;
    QVERIFY(watch.waitForEnd(5000, &clean));
    QVERIFY(!clean);
}

void TestSimFaultInjection::compactShrinksTheHistory()
{
    const auto sim = startSim(QStringLiteral("compact=2"));
    const quint16 port = sim->port();
    const QString early = get(port, "/api/v1/configmaps")
                              .json()
                              .value("metadata")
                              .toObject()
                              .value("resourceVersion")
                              .toString();
    for (int i = 0; i < 5; ++i) {
        const QByteArray body =
            QByteArray(kConfigMap).replace("\"x\"", "\"x" + QByteArray::number(i) + "\"");
        QCOMPARE(request(port, "POST", "/api/v1/namespaces/default/configmaps", {}, body).status,
                 201);
    }
    Watch watch(port, "/api/v1/configmaps?watch=1&resourceVersion=" + early.toUtf8());
    const QList<QJsonObject> events = watch.next(1);
    QCOMPARE(events.size(), 1);
    QCOMPARE(events[0].value("type").toString(), QStringLiteral("ERROR"));
    QCOMPARE(events[0].value("object").toObject().value("code").toInt(), 410);
    QCOMPARE(request(port, "POST", "/sim/v1/faults/off").status, 200);
}

void TestSimFaultInjection::restartCutsConnectionsAndKeepsState()
{
    const auto sim = startSim(QString());
    const quint16 port = sim->port();
    QCOMPARE(request(port, "POST", "/api/v1/namespaces/default/configmaps", {}, kConfigMap).status,
             201);
    const QByteArray before = get(port, "/sim/v1/snapshot?resource=configmaps").body;
    Watch watch(port, "/api/v1/configmaps?watch=1&timeoutSeconds=60");
    QCOMPARE(watch.status(), 200);
    QCOMPARE(request(port, "POST", "/sim/v1/faults", {}, "restart=300ms").status, 200);
    bool clean = true;
    QVERIFY(watch.waitForEnd(10000, &clean));
    QVERIFY(!clean);
    // A request can itself be cut by the next restart: retry until one lands.
    int status = 0;
    for (int attempt = 0; attempt < 10 && status != 200; ++attempt)
        status = request(port, "POST", "/sim/v1/faults/off").status;
    QCOMPARE(status, 200);
    QCOMPARE(get(port, "/sim/v1/snapshot?resource=configmaps").body, before);
}

void TestSimFaultInjection::unknownFaultsAreRejected()
{
    Simulator simulator;
    SimOptions options;
    options.scenario = QStringLiteral("empty");
    options.faults = QStringLiteral("meteor=1");
    const auto started = simulator.start(options);
    QVERIFY(!started.ok());
    QVERIFY(started.errorMessage().contains(QStringLiteral("unknown fault \"meteor\"")));
    QVERIFY(!simulator.isRunning());
    const auto sim = startSim(QString());
    const Response response = request(sim->port(), "POST", "/sim/v1/faults", {}, "meteor=1");
    QCOMPARE(response.status, 400);
}

void TestSimFaultInjection::tlsRequiresAClientCertificateWhenAskedTo()
{
    if (!QSslSocket::supportsSsl())
        QSKIP("Qt was built without TLS support: the TLS server cannot be tested here");
    SimOptions options;
    options.scenario = QStringLiteral("empty");
    options.tlsCert = data("server.crt");
    options.tlsKey = data("server.key");
    options.clientCa = data("ca.crt");
    Simulator simulator;
    const auto started = simulator.start(options);
    QVERIFY2(started.ok(), qPrintable(started.errorMessage()));
    QVERIFY(simulator.url().startsWith(QStringLiteral("https://127.0.0.1:")));
    const auto fetch = [&](bool withClientCertificate) {
        QSslSocket socket;
        QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
        configuration.setCaCertificates(QSslCertificate::fromPath(data("ca.crt")));
        if (withClientCertificate) {
            configuration.setLocalCertificate(
                QSslCertificate::fromPath(data("client.crt")).value(0));
            QFile key(data("client.key"));
            key.open(QIODevice::ReadOnly);
            configuration.setPrivateKey(QSslKey(key.readAll(), QSsl::Rsa));
        }
        socket.setSslConfiguration(configuration);
        socket.connectToHostEncrypted(QStringLiteral("127.0.0.1"), simulator.port());
        if (!socket.waitForEncrypted(5000))
            return QByteArray();
        socket.write("GET /version HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        QByteArray answer;
        while (socket.waitForReadyRead(5000))
            answer += socket.readAll();
        return answer + socket.readAll();
    };
    QVERIFY(fetch(true).startsWith("HTTP/1.1 200 OK"));
    QVERIFY(!fetch(false).startsWith("HTTP/1.1 200 OK"));
}

void TestSimFaultInjection::kubeconfigPointsAtTheServer()
{
    const QString path = QDir::temp().filePath(QStringLiteral("tst_simfaultinjection-kubeconfig"));
    KubeconfigFor client;
    client.url = QStringLiteral("https://127.0.0.1:1234");
    client.token = QStringLiteral("t0k");
    client.caFile = data("ca.crt");
    client.clientCertFile = data("client.crt");
    client.clientKeyFile = data("client.key");
    QVERIFY(writeKubeconfig(path, client).ok());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("server: https://127.0.0.1:1234"));
    QVERIFY(text.contains("token: t0k"));
    QVERIFY(text.contains("certificate-authority-data: "));
    QVERIFY(text.contains("client-certificate-data: "));
    QVERIFY(text.contains("client-key-data: "));
    QVERIFY(text.contains("current-context: informant-sim"));
    QFile::remove(path);

    client.clientKeyFile = data("missing.key");
    const auto missing = writeKubeconfig(path, client);
    QVERIFY(!missing.ok());
    QVERIFY2(missing.errorMessage().contains(QStringLiteral("missing.key")),
             qPrintable(missing.errorMessage()));
}

// No client sends a token to an http server (client-go reads a user's
// credentials only for https): such a kubeconfig could only fail.
void TestSimFaultInjection::kubeconfigWithATokenNeedsHttps()
{
    const QString path = QDir::temp().filePath(QStringLiteral("tst_simfaultinjection-http"));
    QFile::remove(path);
    KubeconfigFor client;
    client.url = QStringLiteral("http://127.0.0.1:1234");
    client.token = QStringLiteral("t0k");
    const auto written = writeKubeconfig(path, client);
    QVERIFY(!written.ok());
    QVERIFY2(written.errorMessage().contains(QStringLiteral("--tls-cert")),
             qPrintable(written.errorMessage()));
    QVERIFY(!written.errorMessage().contains(QStringLiteral("t0k")));
    QVERIFY(!QFile::exists(path));

    client.token.clear(); // an anonymous http kubeconfig is fine
    QVERIFY(writeKubeconfig(path, client).ok());
    QFile::remove(path);
}

void TestSimFaultInjection::requestLogNamesTheAuthorizationSchemeOnly()
{
    SimOptions options;
    options.scenario = QStringLiteral("empty");
    options.token = QStringLiteral("t0k");
    Simulator sim;
    const auto started = sim.start(options);
    QVERIFY2(started.ok(), qPrintable(started.errorMessage()));
    const quint16 port = sim.port();
    QCOMPARE(get(port, "/api/v1/configmaps", {{"Authorization", "Bearer t0k"}}).status, 200);
    QCOMPARE(get(port, "/api/v1/configmaps").status, 401);
    QCOMPARE(get(port, "/api/v1/configmaps", {{"Authorization", "t0k"}}).status, 401);
    QCOMPARE(get(port, "/api/v1/configmaps", {{"Authorization", "Basic dTpw"}}).status, 401);
    const QByteArray log = get(port, "/sim/v1/requests", {{"Authorization", "Bearer t0k"}}).body;
    QVERIFY2(!log.contains("t0k") && !log.contains("dTpw"), log.constData());
    QStringList schemes;
    for (const QByteArray &line : log.trimmed().split('\n')) {
        const QJsonObject entry = QJsonDocument::fromJson(line).object();
        schemes << (entry.contains(QLatin1String("authorization"))
                        ? entry.value(QLatin1String("authorization")).toString()
                        : QStringLiteral("none"));
    }
    QCOMPARE(schemes, (QStringList{QStringLiteral("Bearer"), QStringLiteral("none"),
                                   QStringLiteral("other"), QStringLiteral("Basic")}));
}

QTEST_GUILESS_MAIN(TestSimFaultInjection)
#include "tst_simfaultinjection.moc"
