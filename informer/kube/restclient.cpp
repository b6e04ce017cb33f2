#include "informer/kube/restclient.h"

#include "informer/kube/proxyenvironment.h"
#include "informer/kube/replyerror.h"
#include "informer/kube/tlsproxybridge.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QSslConfiguration>
#include <QTimer>

#include <limits>
#include <utility>

namespace informant {

namespace {

const char kSslErrorsProperty[] = "informantSslErrors";
// Set on a reply aborted by the connection's request timeout: what it was
// waiting for then.
const char kRequestTimedOutProperty[] = "informantRequestTimedOut";

// A body handed to RequestOptions::bodySink is read in chunks of this size
// with at most kSinkBufferBytes buffered ahead of it, so that a server that
// sends faster than the sink decodes is held back by the socket.
constexpr qint64 kSinkChunkBytes = 1 << 20;
constexpr qint64 kSinkBufferBytes = 4 << 20;

// How long the server asked the client to wait before it tries again; 0 when
// it did not ask (client-go's checkWait: only 429 and 5xx answers count).
int retryAfterMs(const ApiError &error)
{
    if (!error.isStatus())
        return 0;
    const ApiStatus &status = error.status;
    if (status.code != 429 && status.code < 500)
        return 0;
    // At most a minute per wait: a proxy's Retry-After of hours would stall a
    // list with nothing said (the reflector's own backoff takes over after).
    constexpr int kMaxRetryAfterSeconds = 60;
    return status.retryAfterSeconds > 0
               ? qMin(status.retryAfterSeconds, kMaxRetryAfterSeconds) * 1000
               : 0;
}

// Waits `ms` in a local event loop; false when `interrupter` fired.
bool waitInterruptibly(int ms, Interrupter *interrupter)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    if (!interrupter) {
        loop.exec();
        return true;
    }
    Interrupter::Scope scope(*interrupter, &loop, nullptr, Interrupter::Wait::RetryWait);
    if (!interrupter->isInterrupted() && !scope.wokenBeforeStart())
        loop.exec();
    return !interrupter->isInterrupted();
}

bool isSuccess(const QNetworkReply *reply)
{
    const int code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    return code >= 200 && code < 300;
}

// An error's body is a Status (its message is shown cut at a few hundred
// characters): more is a server that never ends it.
constexpr qint64 kMaxErrorBodyBytes = 1 << 20;

// Hands the available body bytes of a 2xx reply to `sink`; aborts the reply
// when the sink wants no more.
void drainInto(QNetworkReply *reply, const std::function<bool(QByteArrayView)> &sink)
{
    while (reply->isOpen() && reply->bytesAvailable() > 0) {
        const QByteArray chunk = reply->read(kSinkChunkBytes);
        if (chunk.isEmpty())
            break;
        if (!sink(chunk)) {
            reply->setProperty(kConnectionClosedProperty,
                               QStringLiteral("the response was not read to its end"));
            reply->abort();
            return;
        }
    }
}

// Fails `reply` once the body it collects passes its bound: a server that
// never ends a body would otherwise grow the process until it died. Checked
// as data is announced (downloadProgress, which Qt may throttle) and as it
// is buffered for reading (readyRead, decompressed bytes).
void boundCollectedBody(QNetworkReply *reply, qint64 maxSuccessBytes)
{
    auto connections =
        std::make_shared<std::pair<QMetaObject::Connection, QMetaObject::Connection>>();
    const auto check = [reply, maxSuccessBytes, connections](qint64 received) {
        if (reply->isFinished())
            return;
        const bool success = isSuccess(reply);
        if (success && maxSuccessBytes <= 0) {
            // A stream, bounded by its reader: no check on every read.
            QObject::disconnect(connections->first);
            QObject::disconnect(connections->second);
            return;
        }
        const qint64 bound = success ? maxSuccessBytes : kMaxErrorBodyBytes;
        if (received <= bound)
            return;
        reply->setProperty(
            kConnectionClosedProperty,
            QStringLiteral("the response body is larger than %1 bytes: not read further")
                .arg(bound));
        reply->abort();
    };
    connections->first = QObject::connect(reply, &QNetworkReply::downloadProgress, reply,
                                          [check](qint64 received, qint64) { check(received); });
    connections->second = QObject::connect(reply, &QNetworkReply::readyRead, reply,
                                           [check, reply] { check(reply->bytesAvailable()); });
}

// Aborts `reply` once `timeoutMs` passed since it was sent, as client-go's
// HTTP client Timeout ends a request, whatever it is waiting for.
void boundRequestTime(QNetworkReply *reply, qint64 timeoutMs)
{
    const int ms = int(qMin<qint64>(timeoutMs, std::numeric_limits<int>::max()));
    QTimer::singleShot(ms, reply, [reply, ms] {
        if (reply->isFinished())
            return;
        const bool headersCame =
            reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).isValid();
        reply->setProperty(kRequestTimedOutProperty,
                           QStringLiteral("the request timeout (%1 s) passed %2")
                               .arg(QString::number(ms / 1000.0))
                               .arg(headersCame ? QLatin1String(kRequestTimeoutWhileReadingBody)
                                                : QLatin1String("awaiting the response headers")));
        reply->abort();
    });
}

// Tells `log` once what `reply` came to: when its response headers come
// (a watch's stream goes on long after) or, without any, when it ends.
void reportOutcome(QNetworkReply *reply, const std::function<void(const RequestOutcome &)> &log)
{
    QElapsedTimer sent;
    sent.start();
    const auto reported = std::make_shared<bool>(false);
    const auto report = [reply, log, sent, reported] {
        const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        if (*reported || (!status.isValid() && !reply->isFinished()))
            return;
        *reported = true;
        log(RequestOutcome{reply->request().url().adjusted(QUrl::RemoveUserInfo), status.toInt(),
                           reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString(),
                           sent.elapsed()});
    };
    QObject::connect(reply, &QNetworkReply::metaDataChanged, reply, report);
    QObject::connect(reply, &QNetworkReply::finished, reply, report);
}

QNetworkProxy proxyFor(const QUrl &url)
{
    const QNetworkProxy::ProxyType type = url.scheme() == QLatin1String("socks5")
                                              ? QNetworkProxy::Socks5Proxy
                                              : QNetworkProxy::HttpProxy;
    // Go's net/http dials a proxy URL without a port on its scheme's port.
    const int defaultPort = type == QNetworkProxy::Socks5Proxy ? 1080 : 80;
    return QNetworkProxy(type, url.host(), quint16(url.port(defaultPort)), url.userName(),
                         url.password());
}

// Calls `start` with a callback and waits in a local event loop until the
// callback has run or `interrupter` fires; nullopt when interrupted. The
// callback may still run after an interruption: its state outlives the call.
template<typename T, typename Start>
std::optional<T> awaitCallback(Start &&start, Interrupter *interrupter)
{
    struct State
    {
        std::optional<T> value;
        QEventLoop *loop = nullptr;
    };
    auto state = std::make_shared<State>();
    QEventLoop loop;
    state->loop = &loop;
    start([state](T value) {
        state->value = std::move(value);
        if (state->loop)
            state->loop->quit();
    });
    if (!state->value) {
        if (interrupter) {
            Interrupter::Scope scope(*interrupter, &loop, nullptr);
            if (!interrupter->isInterrupted())
                loop.exec();
        } else {
            loop.exec();
        }
    }
    state->loop = nullptr;
    return std::move(state->value);
}

} // namespace

RestClient::RestClient(std::shared_ptr<const ClusterConnection> connection, QObject *parent)
    : QObject(parent)
    , m_connection(std::move(connection))
    , m_network(new QNetworkAccessManager(this))
{
    m_network->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    const ClusterConfig &config = m_connection->config;
    if (!config.certificateAuthorityPem.isEmpty()) {
        m_certificateAuthorities =
            QSslCertificate::fromData(config.certificateAuthorityPem, QSsl::Pem);
        // As client-go, which fails to build the client: with no certificate
        // to trust, every handshake would fail with an unhelpful error.
        if (m_certificateAuthorities.isEmpty() &&
            config.server.scheme() == QLatin1String("https") && !config.insecureSkipTlsVerify)
            m_configError = QStringLiteral("unable to load root certificates: the "
                                           "certificate-authority data holds no PEM certificate");
    }
    // As client-go: the kubeconfig's proxy-url wins, otherwise the proxy
    // environment variables decide, as for kubectl.
    QUrl proxy = config.proxyUrl;
    if (proxy.isEmpty())
        proxy = ProxyEnvironment::fromProcess().proxyFor(config.server);
    if (proxy.isEmpty()) {
        m_network->setProxy(QNetworkProxy::NoProxy);
    } else if (proxy.scheme() == QLatin1String("https")) {
        m_proxyBridge = new TlsProxyBridge(proxy, config.certificateAuthorityPem,
                                           config.insecureSkipTlsVerify, this);
        if (m_proxyBridge->listen())
            m_network->setProxy(m_proxyBridge->networkProxy());
        else
            m_configError = m_proxyBridge->errorString();
    } else {
        m_network->setProxy(proxyFor(proxy));
    }
}

RestClient::~RestClient() = default;

QUrl RestClient::urlFor(const QString &path, const QUrlQuery &query) const
{
    QUrl url = m_connection->config.server;
    QString base = url.path();
    if (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    url.setPath(base + path);
    url.setQuery(query);
    return url;
}

QString RestClient::describe(const QString &path) const
{
    return QStringLiteral("GET ") + urlFor(path, {}).toString(QUrl::RemoveUserInfo);
}

QStringList RestClient::sslErrorsOf(const QNetworkReply *reply)
{
    return reply->property(kSslErrorsProperty).toStringList();
}

ApiResult<AuthMaterial> RestClient::credentialsBlocking(const QString &path,
                                                        Interrupter *interrupter)
{
    if (interrupter && interrupter->isInterrupted())
        return ApiError{
            ApiError::Kind::Cancelled, describe(path) + QLatin1String(": cancelled"), {}};
    auto material = awaitCallback<Result<AuthMaterial>>(
        [this](auto done) { m_connection->credentials->materialAsync(this, std::move(done)); },
        interrupter);
    if (!material)
        return ApiError{
            ApiError::Kind::Cancelled, describe(path) + QLatin1String(": cancelled"), {}};
    if (!*material)
        return ApiError{ApiError::Kind::Transport,
                        describe(path) + QLatin1String(": credentials: ") +
                            material->errorMessage(),
                        {}};
    return std::move(*material).value();
}

ApiResult<QNetworkReply *> RestClient::startGet(const QString &path, const QUrlQuery &query,
                                                const RequestOptions &options,
                                                const AuthMaterial &material)
{
    const ClusterConfig &config = m_connection->config;
    if (!m_configError.isEmpty())
        return ApiError{
            ApiError::Kind::Transport, describe(path) + QLatin1String(": ") + m_configError, {}};

    QNetworkRequest request(urlFor(path, query));
    request.setRawHeader("User-Agent", QByteArrayLiteral("informant/" INFORMANT_VERSION));
    request.setRawHeader("Accept", options.accept);
    if (!material.authorization.isEmpty())
        request.setRawHeader("Authorization", material.authorization);
    request.setTransferTimeout(options.timeoutMs);
    // HTTP/1.1 on purpose. Qt 6.4's HTTP/2 reopens the flow-control window
    // as data arrives, not as the reply is read, so setReadBufferSize bounds
    // nothing: measured against nghttpd, a 534 MB body was buffered whole in
    // 3 s while the reader read nothing (with 1 MiB windows too). Over
    // HTTP/1.1 a slow decoder stops the socket, which stops the server. Each
    // reflector owns its QNetworkAccessManager, so HTTP/2 would not share a
    // connection between watches anyway; API servers always speak HTTP/1.1.
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute,
                         QNetworkRequest::AlwaysNetwork);
    if (config.server.scheme() == QLatin1String("https")) {
        QSslConfiguration ssl = QSslConfiguration::defaultConfiguration();
        if (!m_certificateAuthorities.isEmpty())
            ssl.setCaCertificates(m_certificateAuthorities);
        if (config.insecureSkipTlsVerify)
            ssl.setPeerVerifyMode(QSslSocket::VerifyNone);
        if (!material.clientCertificate.isNull()) {
            ssl.setLocalCertificate(material.clientCertificate);
            ssl.setPrivateKey(material.clientKey);
        }
        request.setSslConfiguration(ssl);
        dropConnectionsOnNewClientCertificate(material);
        if (!config.tlsServerName.isEmpty())
            request.setPeerVerifyName(config.tlsServerName);
    }

    QNetworkReply *reply = m_network->get(request);
    if (config.requestLog)
        reportOutcome(reply, config.requestLog);
    if (const QString withheld = m_connection->credentials->withheldNote(); !withheld.isEmpty())
        reply->setProperty(kCredentialsWithheldProperty, withheld);
    boundCollectedBody(reply, options.bodySink ? 0 : options.maxBodyBytes);
    if (config.requestTimeoutMs > 0)
        boundRequestTime(reply, config.requestTimeoutMs);
    m_replies.removeIf([](const QPointer<QNetworkReply> &r) { return !r || r->isFinished(); });
    m_replies.append(reply);
    connect(reply, &QNetworkReply::sslErrors, reply, [reply](const QList<QSslError> &errors) {
        QStringList texts;
        for (const QSslError &error : errors)
            texts << error.errorString();
        reply->setProperty(kSslErrorsProperty, texts);
    });
    if (m_proxyBridge) {
        // QNAM only says "proxy connection closed"; keep the bridge's reason.
        connect(reply, &QNetworkReply::errorOccurred, reply,
                [reply, bridge = QPointer<TlsProxyBridge>(m_proxyBridge)] {
                    if (bridge && !bridge->lastError().isEmpty())
                        reply->setProperty(kProxyErrorProperty, bridge->lastError());
                });
    }
    return reply;
}

void RestClient::dropConnectionsOnNewClientCertificate(const AuthMaterial &material)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!material.clientCertificate.isNull()) {
        hash.addData(material.clientCertificate.toDer());
        hash.addData(material.clientKey.toDer());
    }
    const QByteArray digest = hash.result();
    if (m_clientCertificateDigest && *m_clientCertificateDigest != digest) {
        // QNAM keeps one connection per host and proxy (with up to six
        // sockets) and takes a request's TLS configuration only when it opens
        // it; while a watch keeps it busy, every request would go on
        // presenting the old certificate. As client-go's exec authenticator,
        // all connections are closed when the plugin rotates the certificate.
        // Clearing the cache stops QNAM's network thread, and a reply in
        // flight on it would never finish: those are aborted, from the event
        // loop, as abort() calls their owners back at once.
        for (const QPointer<QNetworkReply> &reply : std::as_const(m_replies)) {
            if (!reply || reply->isFinished())
                continue;
            reply->setProperty(kConnectionClosedProperty,
                               QStringLiteral("connection closed: the client certificate changed "
                                              "(the exec plugin returned a new one)"));
            QMetaObject::invokeMethod(
                reply, [reply] { reply->abort(); }, Qt::QueuedConnection);
        }
        m_replies.clear();
        m_network->clearConnectionCache();
    }
    m_clientCertificateDigest = digest;
}

void RestClient::get(const QString &path, const QUrlQuery &query, Callback done,
                     const RequestOptions &options)
{
    getAttempt(path, query, std::move(done), options, false, std::make_shared<RequestHandle>());
}

void RestClient::getAttempt(const QString &path, const QUrlQuery &query, Callback done,
                            const RequestOptions &options, bool retried,
                            std::shared_ptr<RequestHandle> handle)
{
    m_connection->credentials->materialAsync(this, [this, path, query, done = std::move(done),
                                                    options, retried,
                                                    handle](Result<AuthMaterial> material) mutable {
        if (handle->cancelled) {
            done(ApiError{
                ApiError::Kind::Cancelled, describe(path) + QLatin1String(": cancelled"), {}});
            return;
        }
        if (!material) {
            done(ApiError{ApiError::Kind::Transport,
                          describe(path) + QLatin1String(": credentials: ") +
                              material.errorMessage(),
                          {}});
            return;
        }
        send(path, query, std::move(done), options, retried, std::move(handle), *material);
    });
}

void RestClient::send(const QString &path, const QUrlQuery &query, Callback done,
                      const RequestOptions &options, bool retried,
                      std::shared_ptr<RequestHandle> handle, const AuthMaterial &material)
{
    auto started = startGet(path, query, options, material);
    if (!started) {
        done(started.error());
        return;
    }
    QNetworkReply *reply = *started;
    handle->reply = reply;
    if (options.deadlineMs > 0) // aborted, not cancelled: reported as a timeout
        QTimer::singleShot(options.deadlineMs, reply, [reply] { reply->abort(); });
    if (options.bodySink) {
        // Bounded before the first byte arrives (Qt applies a bound on its
        // network thread later, and what streams in meanwhile is unbounded).
        reply->setReadBufferSize(kSinkBufferBytes);
        connect(reply, &QNetworkReply::readyRead, this, [reply, handle, sink = options.bodySink] {
            if (handle->cancelled)
                return;
            if (!isSuccess(reply)) {
                reply->setReadBufferSize(0); // an error body is read whole when finished
                return;
            }
            drainInto(reply, sink);
        });
    }
    connect(
        reply, &QNetworkReply::finished, this,
        [this, reply, path, query, done = std::move(done), options, retried, handle] {
            reply->deleteLater();
            if (options.bodySink && !handle->cancelled &&
                reply->error() == QNetworkReply::NoError && isSuccess(reply))
                drainInto(reply, options.bodySink);
            const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
            const int code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (reply->error() == QNetworkReply::NoError && code >= 200 && code < 300) {
                done(RestResponse{
                    code, reply->header(QNetworkRequest::ContentTypeHeader).toByteArray(), body});
                return;
            }
            // As client-go's exec authenticator: a 401 drops the cached
            // credential and the request is tried once more.
            if (code == 401 && !retried &&
                m_connection->credentials->invalidate(
                    reply->request().rawHeader("Authorization"))) {
                getAttempt(path, query, done, options, true, handle);
                return;
            }
            if (const QString timedOut = reply->property(kRequestTimedOutProperty).toString();
                !timedOut.isEmpty() && !handle->cancelled) {
                done(ApiError{
                    ApiError::Kind::Timeout, describe(path) + QLatin1String(": ") + timedOut, {}});
                return;
            }
            done(replyError(reply, body, describe(path), sslErrorsOf(reply), handle->cancelled));
        });
}

ApiResult<RestResponse> RestClient::getBlocking(const QString &path, const QUrlQuery &query,
                                                const RequestOptions &options,
                                                Interrupter *interrupter)
{
    const ApiError cancelledError{
        ApiError::Kind::Cancelled, describe(path) + QLatin1String(": cancelled"), {}};
    if (interrupter && interrupter->isInterrupted())
        return cancelledError;
    for (int retries = 0;; ++retries) {
        auto handle = std::make_shared<RequestHandle>();
        auto result = awaitCallback<ApiResult<RestResponse>>(
            [&](auto done) { getAttempt(path, query, std::move(done), options, false, handle); },
            interrupter);
        if (!result) {
            // Interrupted: abort the request (its callback still runs, into nothing).
            handle->cancelled = true;
            if (handle->reply)
                handle->reply->abort();
            return cancelledError;
        }
        if (result->ok())
            return std::move(*result);
        switch (waitToRetry(result->error(), retries, options.retryAfterRetries, interrupter)) {
        case RetryDecision::Return:
            return std::move(*result);
        case RetryDecision::Interrupted:
            return cancelledError;
        case RetryDecision::SendAgain:
            break;
        }
    }
}

int RestClient::retryWaitMs(const ApiError &error, int retriesSoFar, int maxRetries)
{
    return retriesSoFar < maxRetries ? retryAfterMs(error) : 0;
}

RestClient::RetryDecision RestClient::waitToRetry(const ApiError &error, int retriesSoFar,
                                                  int maxRetries, Interrupter *interrupter)
{
    const int waitMs = retryWaitMs(error, retriesSoFar, maxRetries);
    if (waitMs == 0)
        return RetryDecision::Return;
    return waitInterruptibly(waitMs, interrupter) ? RetryDecision::SendAgain
                                                  : RetryDecision::Interrupted;
}

} // namespace informant
