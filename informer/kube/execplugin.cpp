#include "informer/kube/execplugin.h"

#include "informer/kube/credentialexpiry.h"
#include "informer/kube/processtree.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSslCertificate>
#include <QStandardPaths>
#include <QThread>

#include <csignal>

#include <unistd.h>
#ifdef Q_OS_LINUX
#include <sys/prctl.h>
#endif

namespace informant {

namespace {

constexpr int kPluginTimeoutMs = 120 * 1000; // a plugin may wait for a browser login
// The end of a plugin's stderr kept to explain its failure; also the longest
// line handed over whole (a longer one is cut, so no line grows unbounded).
constexpr qsizetype kStderrTailBytes = 4096;

// Refresh a little before the expiry, as client-go does not but servers with
// clock skew make advisable.
constexpr qint64 kExpirySlackMs = 10 * 1000;
// How often a waiting run checks whether its ExecPlugin is being destroyed.
constexpr int kStopPollMs = 100;

QString pluginName(const ExecConfig &config)
{
    return QFileInfo(config.command).fileName();
}

// A plugin's stderr as it arrives: whole lines go to the handler at once,
// the last kStderrTailBytes are kept for the messages.
class StderrReader
{
public:
    StderrReader(std::function<void(const QString &line)> handler,
                 std::function<void(const QByteArray &chunk)> chunkHandler)
        : m_handler(std::move(handler))
        , m_chunkHandler(std::move(chunkHandler))
    {
    }

    void add(const QByteArray &chunk)
    {
        if (chunk.isEmpty())
            return;
        if (m_chunkHandler)
            m_chunkHandler(chunk);
        m_tail += chunk;
        if (m_tail.size() > kStderrTailBytes)
            m_tail.remove(0, m_tail.size() - kStderrTailBytes);
        if (!m_handler)
            return;
        m_line += chunk;
        qsizetype start = 0;
        for (qsizetype end; (end = m_line.indexOf('\n', start)) >= 0; start = end + 1)
            hand(m_line.mid(start, end - start));
        m_line.remove(0, start);
        if (m_line.size() > kStderrTailBytes) {
            hand(m_line);
            m_line.clear();
        }
    }
    // The plugin ended: a last line without a newline is handed over too.
    void finish()
    {
        if (m_handler && !m_line.isEmpty())
            hand(m_line);
        m_line.clear();
    }
    QString tail() const { return QString::fromUtf8(m_tail).trimmed(); }

private:
    void hand(QByteArray line)
    {
        if (line.endsWith('\r'))
            line.chop(1);
        m_handler(QString::fromUtf8(line));
    }

    std::function<void(const QString &line)> m_handler;
    std::function<void(const QByteArray &chunk)> m_chunkHandler;
    QByteArray m_tail;
    QByteArray m_line; // the incomplete last line
};

// One handler calling each of `handlers`; none when there are none.
template<typename Argument>
std::function<void(const Argument &)>
allOf(std::vector<std::function<void(const Argument &)>> handlers)
{
    if (handlers.empty())
        return {};
    return [handlers = std::move(handlers)](const Argument &argument) {
        for (const auto &handler : handlers)
            handler(argument);
    };
}

} // namespace

ExecPlugin::ExecPlugin(ExecConfig config, const ClusterConfig &cluster)
    : m_config(std::move(config))
    , m_server(cluster.server.toString())
    , m_tlsServerName(cluster.tlsServerName)
    , m_insecure(cluster.insecureSkipTlsVerify)
    , m_caPem(cluster.certificateAuthorityPem)
    , m_proxyUrl(cluster.proxyUrl.toString())
{
}

ExecPlugin::~ExecPlugin()
{
    m_stopping.store(true);
    if (m_runner)
        m_runner->wait();
    QMutexLocker lock(&m_mutex);
    for (const Waiter &waiter : m_waiters)
        QObject::disconnect(waiter.destroyed);
    m_waiters.clear();
}

bool ExecPlugin::cacheValidLocked() const
{
    return m_cached &&
           (!m_cached->expiration.isValid() ||
            QDateTime::currentDateTimeUtc().addMSecs(kExpirySlackMs) < m_cached->expiration);
}

Result<ExecCredential> ExecPlugin::credential()
{
    QMutexLocker lock(&m_mutex);
    if (cacheValidLocked())
        return *m_cached;
    if (m_running) {
        // Another caller's run (possibly on the helper thread): share it.
        while (m_running)
            m_runFinished.wait(&m_mutex);
        return m_lastRun.value_or(makeError(QStringLiteral("exec plugin did not run")));
    }
    m_cached.reset();
    m_running = true;
    lock.unlock();
    auto result = run();
    finishRun(result);
    return result;
}

void ExecPlugin::requestCredential(QObject *context, Done done)
{
    QMutexLocker lock(&m_mutex);
    if (cacheValidLocked()) {
        const ExecCredential cached = *m_cached;
        lock.unlock();
        done(cached);
        return;
    }
    const quint64 id = m_nextWaiterId++;
    Waiter waiter{id, context, std::move(done), {}};
    // Direct connection in the destroying thread, before the context is
    // gone: once this returns no answer can be queued to it any more.
    waiter.destroyed = QObject::connect(context, &QObject::destroyed, [this, id] {
        QMutexLocker lock(&m_mutex);
        std::erase_if(m_waiters, [id](const Waiter &w) { return w.id == id; });
    });
    m_waiters.push_back(std::move(waiter));
    if (m_running)
        return;
    m_cached.reset();
    m_running = true;
    if (m_runner)
        m_runner->wait(); // the last run's thread has finished its work already
    m_runner.reset(QThread::create([this] { finishRun(run()); }));
    m_runner->start();
}

void ExecPlugin::finishRun(const Result<ExecCredential> &result)
{
    // The observer hears of the end before any caller has the result, so a
    // prompt it shows is taken down before the work it held up goes on.
    std::vector<Observer> observers;
    {
        QMutexLocker lock(&m_mutex);
        observers = observersLocked();
    }
    for (const Observer &observer : observers) {
        if (observer.finished)
            observer.finished(result ? QString() : result.errorMessage());
    }
    Status status;
    if (result) {
        status.expiration = result->expiration.toUTC();
        // A certificate without an expirationTimestamp still stops working
        // at its notAfter.
        const QList<QSslCertificate> certificates =
            result->clientCertificatePem.isEmpty()
                ? QList<QSslCertificate>()
                : QSslCertificate::fromData(result->clientCertificatePem, QSsl::Pem);
        if (!certificates.isEmpty() && !certificates.first().isNull()) {
            status.certificateSubject = certificateSubjectText(certificates.first());
            if (!status.expiration.isValid())
                status.expiration = certificates.first().expiryDate().toUTC();
        }
    }
    QMutexLocker lock(&m_mutex);
    m_running = false;
    if (result) {
        m_cached = *result;
        m_status = status;
    }
    m_lastRun = result;
    m_runFinished.wakeAll();
    // Queued under the mutex, which the destroyed() handler also takes, so
    // no context is deleted while its answer is being posted.
    for (Waiter &waiter : m_waiters) {
        QObject::disconnect(waiter.destroyed);
        QMetaObject::invokeMethod(
            waiter.context, [done = std::move(waiter.done), result] { done(result); },
            Qt::QueuedConnection);
    }
    m_waiters.clear();
}

void ExecPlugin::invalidate(const QString &usedToken)
{
    QMutexLocker lock(&m_mutex);
    if (m_cached && (usedToken.isEmpty() || m_cached->token == usedToken))
        m_cached.reset();
}

int ExecPlugin::runCount() const
{
    QMutexLocker lock(&m_mutex);
    return m_runs;
}

void ExecPlugin::setObserver(const void *owner, Observer observer)
{
    QMutexLocker lock(&m_mutex);
    std::erase_if(m_observers, [owner](const auto &entry) { return entry.first == owner; });
    if (observer.started || observer.stderrLine || observer.finished || observer.stderrBytes)
        m_observers.emplace_back(owner, std::move(observer));
}

std::vector<ExecPlugin::Observer> ExecPlugin::observersLocked() const
{
    std::vector<Observer> observers;
    observers.reserve(m_observers.size());
    for (const auto &entry : m_observers)
        observers.push_back(entry.second);
    return observers;
}

ExecPlugin::Status ExecPlugin::status() const
{
    QMutexLocker lock(&m_mutex);
    Status status = m_status;
    status.running = m_running;
    return status;
}

QString ExecPlugin::commandName() const
{
    return pluginName(m_config);
}

QString ExecPlugin::extendedPath(const QString &path, const QString &home)
{
    QStringList parts = path.split(QDir::listSeparator(), Qt::SkipEmptyParts);
    const QStringList usual = {
        QStringLiteral("/usr/local/bin"),    home + QStringLiteral("/.local/bin"),
        QStringLiteral("/opt/homebrew/bin"), home + QStringLiteral("/go/bin"),
        QStringLiteral("/usr/local/go/bin"), home + QStringLiteral("/.krew/bin"),
        QStringLiteral("/snap/bin"),         home + QStringLiteral("/google-cloud-sdk/bin"),
        QStringLiteral("/usr/bin"),          QStringLiteral("/bin"),
    };
    for (const QString &dir : usual)
        if (!parts.contains(dir))
            parts << dir;
    return parts.join(QDir::listSeparator());
}

QByteArray ExecPlugin::execInfo(bool interactive) const
{
    QJsonObject spec{{QStringLiteral("interactive"), interactive}};
    if (m_config.provideClusterInfo) {
        QJsonObject cluster{{QStringLiteral("server"), m_server}};
        if (!m_tlsServerName.isEmpty())
            cluster.insert(QStringLiteral("tls-server-name"), m_tlsServerName);
        if (m_insecure)
            cluster.insert(QStringLiteral("insecure-skip-tls-verify"), true);
        if (!m_caPem.isEmpty())
            cluster.insert(QStringLiteral("certificate-authority-data"),
                           QString::fromLatin1(m_caPem.toBase64()));
        if (!m_proxyUrl.isEmpty())
            cluster.insert(QStringLiteral("proxy-url"), m_proxyUrl);
        spec.insert(QStringLiteral("cluster"), cluster);
    }
    const QJsonObject info{{QStringLiteral("kind"), QStringLiteral("ExecCredential")},
                           {QStringLiteral("apiVersion"), m_config.apiVersion},
                           {QStringLiteral("spec"), spec}};
    return QJsonDocument(info).toJson(QJsonDocument::Compact);
}

Result<ExecCredential> ExecPlugin::run()
{
    const QString name = pluginName(m_config);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString path = extendedPath(env.value(QStringLiteral("PATH")), QDir::homePath());
    env.insert(QStringLiteral("PATH"), path);
    for (const auto &[key, value] : m_config.env)
        env.insert(key, value);

    const bool terminal = ::isatty(STDIN_FILENO) == 1;
    const QString mode = m_config.interactiveMode;
    if (mode == QLatin1String("Always") && !terminal)
        return makeError(QStringLiteral("exec plugin %1 needs an interactive terminal "
                                        "(interactiveMode: Always)")
                             .arg(name));
    const bool interactive = terminal && mode != QLatin1String("Never");
    env.insert(QStringLiteral("KUBERNETES_EXEC_INFO"), QString::fromUtf8(execInfo(interactive)));

    QString program = m_config.command;
    if (!program.contains(QLatin1Char('/')))
        program = QStandardPaths::findExecutable(program, path.split(QDir::listSeparator()));
    if (program.isEmpty()) {
        QString message =
            QStringLiteral("exec plugin %1 not found in PATH (%2)").arg(m_config.command, path);
        if (!m_config.installHint.isEmpty())
            message += QStringLiteral("\n") + m_config.installHint;
        return makeError(message);
    }

    QProcess process;
    process.setProcessEnvironment(env);
#ifdef Q_OS_LINUX
    // Should this process end without unwinding (a crash, SIGTERM at
    // logout), the plugin ends with it instead of waiting on alone.
    process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
#endif
    if (interactive)
        process.setInputChannelMode(QProcess::ForwardedInputChannel);
    std::vector<std::function<void(const QString &)>> startedHandlers;
    std::vector<std::function<void(const QString &)>> lineHandlers;
    std::vector<std::function<void(const QByteArray &)>> chunkHandlers;
    {
        QMutexLocker lock(&m_mutex);
        ++m_runs;
        for (const auto &entry : m_observers) {
            if (entry.second.started)
                startedHandlers.push_back(entry.second.started);
            if (entry.second.stderrLine)
                lineHandlers.push_back(entry.second.stderrLine);
            if (entry.second.stderrBytes)
                chunkHandlers.push_back(entry.second.stderrBytes);
        }
    }
    StderrReader stderrReader(allOf(std::move(lineHandlers)), allOf(std::move(chunkHandlers)));
    process.start(program, m_config.args, QIODevice::ReadWrite);
    if (!process.waitForStarted())
        return makeError(
            QStringLiteral("exec plugin %1 could not start: %2").arg(name, process.errorString()));
    if (const auto started = allOf(std::move(startedHandlers)))
        started(name);
    if (!interactive)
        process.closeWriteChannel();
    // Waits in slices so that destroying the ExecPlugin ends a long run.
    QElapsedTimer waited;
    waited.start();
    while (!process.waitForFinished(kStopPollMs)) {
        // A prompt (a device code to enter, a URL to open) must be seen
        // while the plugin waits for the user, not after it gave up.
        stderrReader.add(process.readAllStandardError());
        if (process.state() == QProcess::NotRunning)
            break; // ended with an error; reported below
        const bool stopping = m_stopping.load();
        if (stopping || waited.elapsed() >= kPluginTimeoutMs) {
            // With what it started: a wrapper script's own command, a helper
            // waiting for a browser, would otherwise wait on, orphaned.
            killProcessTree(process.processId());
            process.waitForFinished(1000);
            if (stopping)
                return makeError(QStringLiteral("exec plugin %1 was stopped").arg(name));
            stderrReader.add(process.readAllStandardError());
            stderrReader.finish();
            QString message = QStringLiteral("exec plugin %1 did not finish within %2 s")
                                  .arg(name)
                                  .arg(kPluginTimeoutMs / 1000);
            if (!stderrReader.tail().isEmpty())
                message += QStringLiteral(": ") + stderrReader.tail();
            return makeError(message);
        }
    }
    stderrReader.add(process.readAllStandardError());
    stderrReader.finish();
    const QByteArray out = process.readAllStandardOutput();
    const QString err = stderrReader.tail();
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        QString message = QStringLiteral("exec plugin %1 failed (exit status %2)")
                              .arg(name)
                              .arg(process.exitCode());
        if (!err.isEmpty())
            message += QStringLiteral(": ") + err;
        return makeError(message);
    }
    auto parsed = parseOutput(out, m_config.apiVersion);
    if (!parsed)
        return makeError(QStringLiteral("exec plugin %1: %2").arg(name, parsed.errorMessage()));
    return parsed;
}

Result<ExecCredential> ExecPlugin::parseOutput(const QByteArray &json, const QString &apiVersion)
{
    // QJsonDocument, not the simdjson hot path: one small ExecCredential per
    // sign-in, never a list or watch body.
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (!doc.isObject())
        return makeError(QStringLiteral("output is not an ExecCredential JSON object (%1)")
                             .arg(parseError.errorString()));
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("kind")).toString() != QLatin1String("ExecCredential"))
        return makeError(QStringLiteral("output kind is not ExecCredential"));
    if (root.value(QStringLiteral("apiVersion")).toString() != apiVersion)
        return makeError(
            QStringLiteral("output apiVersion \"%1\" does not match the requested \"%2\"")
                .arg(root.value(QStringLiteral("apiVersion")).toString(), apiVersion));
    const QJsonValue statusValue = root.value(QStringLiteral("status"));
    if (!statusValue.isObject())
        return makeError(QStringLiteral("output has no status"));
    const QJsonObject status = statusValue.toObject();
    ExecCredential credential;
    credential.token = status.value(QStringLiteral("token")).toString();
    credential.clientCertificatePem =
        status.value(QStringLiteral("clientCertificateData")).toString().toUtf8();
    credential.clientKeyPem = status.value(QStringLiteral("clientKeyData")).toString().toUtf8();
    if (credential.token.isEmpty() && credential.clientCertificatePem.isEmpty())
        return makeError(
            QStringLiteral("output has neither status.token nor status.clientCertificateData"));
    if (credential.clientCertificatePem.isEmpty() != credential.clientKeyPem.isEmpty())
        return makeError(
            QStringLiteral("output must set clientCertificateData and clientKeyData together"));
    const QString expiry = status.value(QStringLiteral("expirationTimestamp")).toString();
    if (!expiry.isEmpty()) {
        credential.expiration = QDateTime::fromString(expiry, Qt::ISODateWithMs);
        if (!credential.expiration.isValid())
            return makeError(
                QStringLiteral("invalid status.expirationTimestamp \"%1\"").arg(expiry));
    }
    return credential;
}

} // namespace informant
