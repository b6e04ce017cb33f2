#pragma once

// RestClient: a small, read-only HTTP client for one cluster on
// QNetworkAccessManager. It only issues GET requests (there is no mutating
// verb by construction): ordinary requests with query options and an
// inactivity timeout, and streaming requests for watches. Each request
// carries User-Agent informant/<version>, the Accept type, and, to an https
// server only, the user's credentials (bearer/basic header, client
// certificate; credentials.h); a 401 from an http one says they were not
// sent. TLS is verified
// against the cluster's CA (or skipped with insecure-skip-tls-verify), with
// tls-server-name as the verify name; proxy-url is honoured for http, socks5
// and https (through a loopback TlsProxyBridge, as Qt cannot speak TLS to a
// proxy), and without one HTTPS_PROXY / HTTP_PROXY / NO_PROXY are, as kubectl
// honours them (ProxyEnvironment). Always HTTP/1.1: Qt's HTTP/2 has no backpressure
// (restclient.cpp). A 401 with refreshable credentials (exec plugin, tokenFile) is retried once
// after invalidating them. Requests wait for exec plugin credentials
// without blocking the client's thread. When the plugin's client certificate
// changes, the client's connections are closed, as client-go does, so that
// the new certificate is the one presented: a watch on them ends as closed,
// another request in flight fails saying why.
//
// Every request is bounded by the connection's requestTimeoutMs (kubectl's
// --request-timeout; 0: none), headers and body, as client-go's HTTP client
// Timeout bounds each: an ordinary request that runs out of it fails as a
// Kind::Timeout saying so (ending in kRequestTimeoutWhileReadingBody when the
// headers had come), a watch stream ends as closed.
//
// Threading: a RestClient and its QNetworkAccessManager belong to the thread
// that created them; use one client per thread (RestListerWatcher does). A
// QNAM opens at most 6 HTTP/1.1 connections per host, so one client per
// reflector thread also keeps long-running watches from starving each other.

#include "informer/core/apierror.h"
#include "informer/kube/clusterconnection.h"
#include "informer/kube/credentials.h"
#include "informer/kube/interrupter.h"

#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QObject>
#include <QPointer>
#include <QSslCertificate>
#include <QUrlQuery>

#include <functional>
#include <memory>
#include <optional>

class QNetworkReply;

namespace informant {

class TlsProxyBridge;

// How the message of a request that ran out of its request timeout after
// its response headers came ends (before them it ends otherwise).
inline constexpr char kRequestTimeoutWhileReadingBody[] = "while reading the response body";

struct RequestOptions
{
    QByteArray accept = QByteArrayLiteral("application/json");
    // Inactivity timeout: the request fails when no data moved for this
    // long (0 = none, for watches that rely on timeoutSeconds).
    int timeoutMs = 60 * 1000;
    // Deadline for the whole request (0 = none): a server that keeps
    // trickling bytes defeats the inactivity timeout, not this. client-go's
    // typed clients make a list's timeoutSeconds such a deadline.
    int deadlineMs = 0;
    // When set, a 2xx response's body is handed to it as it arrives (in
    // the client's thread, chunks split anywhere) instead of being
    // collected: a 500 MB list is decoded while it downloads and is never
    // held whole. RestResponse::body is then empty. Other responses' bodies
    // are collected as usual (they name the error). Returning false stops
    // the request (aborted; the sink knows why).
    std::function<bool(QByteArrayView)> bodySink;
    // A body collected whole (no bodySink) longer than this fails the
    // request; an error's body, which is only a Status, at kMaxErrorBodyBytes.
    // 0: no bound (a watch, read as a stream, is bounded by its decoder).
    qint64 maxBodyBytes = 64 * 1024 * 1024;
    // How many times getBlocking() sends the request again when a 429 or
    // 5xx says when to come back (client-go's request: 10; see waitToRetry).
    int retryAfterRetries = 10;
};

struct RestResponse
{
    int httpStatus = 0;
    QByteArray contentType;
    QByteArray body;
};

class RestClient final : public QObject
{
    Q_OBJECT
public:
    explicit RestClient(std::shared_ptr<const ClusterConnection> connection,
                        QObject *parent = nullptr);
    ~RestClient() override;
    Q_DISABLE_COPY_MOVE(RestClient)

    using Callback = std::function<void(ApiResult<RestResponse>)>;

    // Asynchronous GET; `done` runs once, in this client's thread.
    void get(const QString &path, const QUrlQuery &query, Callback done,
             const RequestOptions &options = {});

    // Blocking GET: runs a local event loop in the calling thread (which must
    // own this client) until the answer arrives or `interrupter` fires.
    // As client-go's request: a 429 or 5xx that says when to come back
    // (Retry-After, or the Status's retryAfterSeconds) is sent again then, up
    // to options.retryAfterRetries times; a paged list under API priority and
    // fairness continues where it was instead of starting over.
    ApiResult<RestResponse> getBlocking(const QString &path, const QUrlQuery &query,
                                        const RequestOptions &options = {},
                                        Interrupter *interrupter = nullptr);

    // client-go's retry rule for a request that failed with `error` (its
    // withRetry and checkWait, for lists and watches alike): a 429 or 5xx
    // that says when to come back (Retry-After, or the Status's
    // retryAfterSeconds; at most a minute) is waited for, in a local event
    // loop, and the request is to be sent again, while `retriesSoFar` is
    // under `maxRetries`. Anything else is returned as it is. Used by
    // getBlocking() and by RestListerWatcher::watch(). The wait ends early,
    // the request being sent at once, on `interrupter`'s wakeRetryWait().
    enum class RetryDecision { Return, SendAgain, Interrupted };
    static RetryDecision waitToRetry(const ApiError &error, int retriesSoFar, int maxRetries,
                                     Interrupter *interrupter);
    // How long waitToRetry() would wait; 0: it would return the error.
    static int retryWaitMs(const ApiError &error, int retriesSoFar, int maxRetries);

    // The request credentials, waiting for an exec plugin in a local event
    // loop (the thread keeps serving events) until they arrive or
    // `interrupter` fires.
    ApiResult<AuthMaterial> credentialsBlocking(const QString &path,
                                                Interrupter *interrupter = nullptr);
    // Starts a streaming GET with `material` (from credentialsBlocking) and
    // returns the reply at once (the caller owns it and reads it
    // incrementally). sslErrors are recorded on the reply (see sslErrorsOf).
    // Fails only on a configuration error (e.g. the https proxy bridge).
    ApiResult<QNetworkReply *> startGet(const QString &path, const QUrlQuery &query,
                                        const RequestOptions &options,
                                        const AuthMaterial &material);
    static QStringList sslErrorsOf(const QNetworkReply *reply);

    // "GET https://host:6443/api/v1/pods" for messages (no query string).
    QString describe(const QString &path) const;
    // What requests go through: NoProxy, the http or socks5 proxy of
    // proxy-url or the environment, or the local bridge to an https one.
    QNetworkProxy networkProxy() const { return m_network->proxy(); }
    QUrl urlFor(const QString &path, const QUrlQuery &query) const;
    const ClusterConnection &connection() const { return *m_connection; }
    std::shared_ptr<const ClusterConnection> sharedConnection() const { return m_connection; }

private:
    // Shared between an asynchronous request and whoever may cancel it.
    struct RequestHandle
    {
        QPointer<QNetworkReply> reply;
        bool cancelled = false;
    };
    void getAttempt(const QString &path, const QUrlQuery &query, Callback done,
                    const RequestOptions &options, bool retried,
                    std::shared_ptr<RequestHandle> handle);

    void send(const QString &path, const QUrlQuery &query, Callback done,
              const RequestOptions &options, bool retried, std::shared_ptr<RequestHandle> handle,
              const AuthMaterial &material);
    // Closes the open connections (aborting the requests on them) when
    // `material` carries another client certificate than the last request
    // did, so that the new one is presented.
    void dropConnectionsOnNewClientCertificate(const AuthMaterial &material);

    std::shared_ptr<const ClusterConnection> m_connection;
    QNetworkAccessManager *m_network = nullptr;
    TlsProxyBridge *m_proxyBridge = nullptr; // for https proxy URLs only
    QString m_configError; // e.g. an unsupported proxy scheme, a CA with no certificate
    QList<QSslCertificate> m_certificateAuthorities; // the kubeconfig's, parsed once
    // SHA-256 of the last https request's client certificate and key (of
    // nothing without one); nullopt before the first.
    std::optional<QByteArray> m_clientCertificateDigest;
    QList<QPointer<QNetworkReply>> m_replies; // started, maybe still in flight
};

} // namespace informant
