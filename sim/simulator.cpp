#include "sim/simulator.h"

#include "sim/apiserver.h"

#include <QFile>
#include <QSaveFile>
#include <QThread>

namespace informant::sim {

Simulator::Simulator(QObject *parent)
    : QObject(parent)
{
}

Simulator::~Simulator()
{
    stop();
}

Result<void> Simulator::start(const SimOptions &options, const QHostAddress &address, quint16 port)
{
    if (m_server)
        return makeError(QStringLiteral("the simulator is already running"));
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("informant-sim"));
    m_anchor = new QObject;
    m_anchor->moveToThread(m_thread);
    m_thread->start();
    Result<quint16> started = makeError(QString());
    QString url;
    std::optional<ReplayInfo> replay;
    ApiServer *server = nullptr;
    QMetaObject::invokeMethod(
        m_anchor,
        [&] {
            server = new ApiServer(options);
            started = server->start(address, port);
            if (started.ok()) {
                url = server->context().settings.serverUrl;
                replay = server->context().replay;
            } else {
                delete server;
                server = nullptr;
            }
        },
        Qt::BlockingQueuedConnection);
    if (!started.ok()) {
        stop();
        return started.error();
    }
    m_server = server;
    m_port = started.value();
    m_url = url;
    m_replay = replay;
    return {};
}

void Simulator::stop()
{
    if (!m_thread)
        return;
    ApiServer *server = std::exchange(m_server, nullptr);
    QObject *anchor = std::exchange(m_anchor, nullptr);
    QMetaObject::invokeMethod(
        anchor,
        [server, anchor] {
            delete server;
            delete anchor;
        },
        Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    m_port = 0;
    m_url.clear();
    m_replay.reset();
}

Result<void> Simulator::withRecordingReplay(
    const std::function<Result<void>(RecordingReplayControl &)> &action) const
{
    if (!m_server)
        return makeError(QStringLiteral("the simulator is not running"));
    Result<void> result = makeError(QStringLiteral("the simulator replays no recording"));
    ApiServer *server = m_server;
    QMetaObject::invokeMethod(
        m_anchor,
        [&] {
            if (RecordingReplayControl *replay = server->context().recordingReplay)
                result = action(*replay);
        },
        Qt::BlockingQueuedConnection);
    return result;
}

std::optional<RecordingReplayState> Simulator::recordingReplayState() const
{
    std::optional<RecordingReplayState> state;
    const Result<void> read = withRecordingReplay([&](RecordingReplayControl &replay) {
        state = replay.replayState();
        return Result<void>{};
    });
    return read.ok() ? state : std::nullopt;
}

Result<void> Simulator::setRecordingReplayPaused(bool paused)
{
    return withRecordingReplay([paused](RecordingReplayControl &replay) {
        replay.setReplayPaused(paused);
        return Result<void>{};
    });
}

Result<void> Simulator::seekRecordingReplay(qint64 positionMs)
{
    return withRecordingReplay(
        [positionMs](RecordingReplayControl &replay) { return replay.seekReplay(positionMs); });
}

Result<void> Simulator::setRecordingReplaySpeed(double speed)
{
    return withRecordingReplay(
        [speed](RecordingReplayControl &replay) { return replay.setReplaySpeed(speed); });
}

Result<void> writeKubeconfig(const QString &path, const KubeconfigFor &client)
{
    // kubectl (client-go) sends no credentials to an http server: such a
    // kubeconfig would only ever get "You must be logged in".
    if (!client.token.isEmpty() && !client.url.startsWith(QLatin1String("https://")))
        return makeError(
            QStringLiteral(
                "--write-kubeconfig with --token needs --tls-cert and --tls-key: kubectl and "
                "informant send a token only over https, never to %1")
                .arg(client.url));
    const auto embed = [](const char *field, const QString &file) -> Result<QByteArray> {
        QFile pem(file);
        if (!pem.open(QIODevice::ReadOnly))
            return makeError(QStringLiteral("cannot read %1: %2").arg(file, pem.errorString()));
        return "    " + QByteArray(field) + "-data: " + pem.readAll().toBase64() + '\n';
    };
    QByteArray cluster = "    server: " + client.url.toUtf8() + '\n';
    if (!client.caFile.isEmpty()) {
        const auto ca = embed("certificate-authority", client.caFile);
        if (!ca.ok())
            return ca.error();
        cluster += *ca;
    }
    QByteArray fields;
    if (!client.token.isEmpty())
        fields += "    token: " + client.token.toUtf8() + '\n';
    if (!client.clientCertFile.isEmpty()) {
        const auto cert = embed("client-certificate", client.clientCertFile);
        const auto key = embed("client-key", client.clientKeyFile);
        if (!cert.ok())
            return cert.error();
        if (!key.ok())
            return key.error();
        fields += *cert + *key;
    }
    const QByteArray user = fields.isEmpty() ? QByteArray("  user: {}\n") : "  user:\n" + fields;
    const QByteArray text = "apiVersion: v1\nkind: Config\nclusters:\n- name: informant-sim\n"
                            "  cluster:\n" +
                            cluster +
                            "contexts:\n- name: informant-sim\n  context:\n"
                            "    cluster: informant-sim\n    user: informant-sim\n"
                            "current-context: informant-sim\nusers:\n- name: informant-sim\n" +
                            user + "preferences: {}\n";
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    file.write(text);
    if (!file.commit())
        return makeError(QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    return {};
}

} // namespace informant::sim
