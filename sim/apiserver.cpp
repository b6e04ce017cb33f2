#include "sim/apiserver.h"

#include "sim/scenarios/customresources.h"

#include <QFile>
#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>

namespace informant::sim {

ApiServer::ApiServer(const SimOptions &options)
    : m_options(options)
    , m_context(options.history, options.seed)
    , m_router(m_context)
{
    m_context.settings.token = options.token;
    m_context.settings.bookmarkIntervalMs = options.bookmarkIntervalMs;
    m_context.settings.continueTtlMs = options.continueTtlMs;
    m_context.settings.podStopMs = options.podStopMs;
    m_context.settings.readableNamespaces = options.readableNamespaces;
    m_context.applyFaults = [this](const FaultSpec &spec) { applyFaults(spec); };
    connect(&m_restartTimer, &QTimer::timeout, this, &ApiServer::cutAllConnections);
}

ApiServer::~ApiServer()
{
    m_context.setChurnPaused = nullptr;
    m_context.applyFaults = nullptr;
    m_context.startReplay = nullptr;
    for (HttpConnection *connection : std::as_const(m_connections)) {
        disconnect(connection, nullptr, this, nullptr);
        delete connection;
    }
    m_connections.clear();
    delete m_server;
    m_scenario.reset();
}

Result<void> ApiServer::setUpTls()
{
    QFile certFile(m_options.tlsCert);
    QFile keyFile(m_options.tlsKey);
    if (!certFile.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("cannot read --tls-cert %1: %2")
                             .arg(m_options.tlsCert, certFile.errorString()));
    if (!keyFile.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("cannot read --tls-key %1: %2")
                             .arg(m_options.tlsKey, keyFile.errorString()));
    const QList<QSslCertificate> chain = QSslCertificate::fromData(certFile.readAll(), QSsl::Pem);
    const QByteArray keyPem = keyFile.readAll();
    QSslKey key(keyPem, QSsl::Rsa, QSsl::Pem);
    if (key.isNull())
        key = QSslKey(keyPem, QSsl::Ec, QSsl::Pem);
    if (chain.isEmpty() || key.isNull())
        return makeError(
            QStringLiteral("--tls-cert/--tls-key: no PEM certificate or RSA/EC key found"));
    QSslConfiguration configuration = QSslConfiguration::defaultConfiguration();
    configuration.setLocalCertificateChain(chain);
    configuration.setPrivateKey(key);
    configuration.setPeerVerifyMode(QSslSocket::VerifyNone);
    if (!m_options.clientCa.isEmpty()) {
        const QList<QSslCertificate> cas = QSslCertificate::fromPath(m_options.clientCa, QSsl::Pem);
        if (cas.isEmpty())
            return makeError(
                QStringLiteral("--client-ca %1: no PEM certificate found").arg(m_options.clientCa));
        configuration.setCaCertificates(cas);
        configuration.setPeerVerifyMode(QSslSocket::VerifyPeer);
    }
    auto *server = new QSslServer(this);
    server->setSslConfiguration(configuration);
    m_server = server;
    return {};
}

Result<quint16> ApiServer::start(const QHostAddress &address, quint16 port)
{
    const Result<FaultSpec> faults = FaultSpec::parse(m_options.faults);
    if (!faults.ok())
        return faults.error();
    if (!m_options.clientCa.isEmpty() && m_options.tlsCert.isEmpty())
        return makeError(QStringLiteral("--client-ca requires --tls-cert and --tls-key"));
    Result<std::unique_ptr<Scenario>> scenario = createScenario(m_context, m_options);
    if (!scenario.ok())
        return scenario.error();
    m_scenario = std::move(scenario.value());
    const Result<void> populated = m_scenario->populate();
    if (!populated.ok())
        return populated.error();
    if (m_options.crds > 0) {
        const Result<void> custom = createCustomResources(m_context, m_options.crds);
        if (!custom.ok())
            return custom.error();
    }
    m_context.setChurnPaused = [this](bool paused) { m_scenario->setPaused(paused); };
    if (!m_options.tlsCert.isEmpty() || !m_options.tlsKey.isEmpty()) {
        const Result<void> tls = setUpTls();
        if (!tls.ok())
            return tls.error();
    } else {
        m_server = new QTcpServer(this);
    }
    m_server->setMaxPendingConnections(1024);
    m_server->setListenBacklogSize(1024);
    connect(m_server, &QTcpServer::pendingConnectionAvailable, this,
            &ApiServer::onPendingConnection);
    if (!m_server->listen(address, port))
        return makeError(QStringLiteral("cannot listen on %1:%2: %3")
                             .arg(address.toString())
                             .arg(port)
                             .arg(m_server->errorString()));
    const QString scheme =
        m_options.tlsCert.isEmpty() ? QStringLiteral("http") : QStringLiteral("https");
    const QString host = address.protocol() == QAbstractSocket::IPv6Protocol
                             ? '[' + address.toString() + ']'
                             : address.toString();
    m_context.settings.serverUrl =
        QStringLiteral("%1://%2:%3").arg(scheme, host).arg(m_server->serverPort());
    applyFaults(faults.value());
    m_scenario->start();
    return m_server->serverPort();
}

void ApiServer::onPendingConnection()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        auto *connection = new HttpConnection(
            socket, [this](HttpConnection *c, const HttpRequest &r) { m_router.handle(c, r); },
            this);
        m_connections.insert(connection);
        connect(connection, &QObject::destroyed, this,
                [this, connection] { m_connections.remove(connection); });
    }
}

void ApiServer::applyFaults(const FaultSpec &spec)
{
    m_context.faults.setSpec(spec);
    m_context.storage.setHistoryLimit(spec.compact > 0 ? spec.compact : m_context.baseHistoryLimit);
    if (spec.restartMs > 0)
        m_restartTimer.start(std::chrono::milliseconds(spec.restartMs));
    else
        m_restartTimer.stop();
}

void ApiServer::cutAllConnections()
{
    const QSet<HttpConnection *> connections = m_connections;
    for (HttpConnection *connection : connections)
        connection->abort();
}

} // namespace informant::sim
