#include "informer/kube/restlisterwatcher.h"

#include "informer/core/decodethreads.h"
#include "informer/core/listbodydecoder.h"
#include "informer/kube/replyerror.h"
#include "informer/kube/restclient.h"
#include "informer/kube/restwatchstream.h"

#include <QEventLoop>
#include <QNetworkReply>
#include <QTimer>

namespace informant {

namespace {

// Inactivity timeout of a list request without timeoutSeconds.
constexpr int kListTimeoutMs = 60 * 1000;
// A watch ends at the server's timeoutSeconds; the client gives it this much
// more before it gives up on a silent connection. Not client-go, whose typed
// client makes timeoutSeconds itself the request's deadline: ours is an
// inactivity timeout (a watch with no change for timeoutSeconds is healthy),
// and at timeoutSeconds exactly it would race the server's own clean end
// (docs/ARCHITECTURE.md, deviations from client-go).
constexpr int kWatchTimeoutSlackMs = 30 * 1000;

// client-go's metadata client asks for these (metadata.go), protobuf first,
// which informant does not decode; plain JSON after them lets a server that
// cannot transform answer whole objects, whose metadata is then kept.
const QByteArray kMetadataListAccept = QByteArrayLiteral(
    "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json");
const QByteArray kMetadataWatchAccept = QByteArrayLiteral(
    "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1,application/json");

// Deletes a RestClient in its own thread, or at once when that thread is
// this one or is gone. QObject::thread() (not a saved QThread pointer) is
// null once the reflector's QThread object was deleted.
void retireClient(RestClient *client)
{
    if (!client)
        return;
    QThread *thread = client->thread();
    if (!thread || thread == QThread::currentThread() || thread->isFinished())
        delete client;
    else
        client->deleteLater();
}

bool hasHttpStatus(const QNetworkReply *reply)
{
    return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).isValid();
}

} // namespace

RestListerWatcher::RestListerWatcher(std::shared_ptr<const ClusterConnection> connection,
                                     ResourcePath path, DecodeOptions decodeOptions)
    : m_connection(std::move(connection))
    , m_path(std::move(path))
    , m_decodeOptions(decodeOptions)
{
}

RestListerWatcher::~RestListerWatcher()
{
    retireClient(m_client);
}

RestClient *RestListerWatcher::client()
{
    if (!m_client || m_client->thread() != QThread::currentThread()) {
        retireClient(m_client);
        m_client = new RestClient(m_connection);
    }
    return m_client;
}

void RestListerWatcher::setMetadataOnlyKind(const QString &kind)
{
    m_decodeOptions.metadataOnlyKind = kind;
    m_decodeOptions.metadataOnlyApiVersion = kind.isEmpty() ? QString() : m_path.groupVersion();
}

void RestListerWatcher::setWatchRetryObserver(RetryObserver observer)
{
    m_watchRetryObserver = std::move(observer);
}

void RestListerWatcher::cancel()
{
    m_interrupter.interrupt();
}

void RestListerWatcher::retryNow()
{
    m_interrupter.wakeRetryWait();
}

ApiResult<ListPage> RestListerWatcher::list(const ListOptions &options)
{
    return listMapped(options, {});
}

ApiResult<ListPage> RestListerWatcher::listMapped(const ListOptions &options,
                                                  const ItemMapper &mapItem)
{
    m_interrupter.discardRetryWake(); // asked for before this list: it is the retry
    RestClient *rest = client();
    const QString path = m_path.collectionPath();
    RequestOptions request;
    request.timeoutMs = options.timeoutSeconds > 0 ? options.timeoutSeconds * 1000 : kListTimeoutMs;
    request.deadlineMs = options.timeoutSeconds > 0 ? options.timeoutSeconds * 1000 : 0;
    request.retryAfterRetries = m_retryAfterRetries;
    // Decoded as it arrives: an RV="0" list of 100k pods is one body of
    // ~450 MB that would otherwise be held (and parsed) whole.
    ListBodyDecoder decoder(m_decodeOptions, DecodeThreads::perStream());
    decoder.setItemMapper(mapItem);
    if (isMetadataOnly())
        request.accept = kMetadataListAccept;
    // Stopped once the decoder has failed (a bad item fails the whole list,
    // as in client-go): the rest of the body would not be used.
    request.bodySink = [&decoder](QByteArrayView chunk) {
        decoder.feed(chunk);
        return !decoder.failed();
    };
    auto response = rest->getBlocking(path, options.toQuery(false), request, &m_interrupter);
    if (!response && !decoder.failed())
        return response.error();
    auto page = decoder.finish();
    if (!page)
        return ApiError{ApiError::Kind::Decode,
                        rest->describe(path) + QLatin1String(": ") + page.errorMessage(),
                        {}};
    if (isMetadataOnly()) {
        // Named as the watched kind's list, which the informer of that kind
        // expects, not the PartialObjectMetadataList it came as.
        page.value().kind = m_decodeOptions.metadataOnlyKind + QLatin1String("List");
        page.value().apiVersion = m_decodeOptions.metadataOnlyApiVersion;
    }
    return std::move(page).value();
}

ApiResult<std::unique_ptr<WatchStream>> RestListerWatcher::watch(const ListOptions &options)
{
    m_interrupter.discardRetryWake(); // asked for before this watch: it is the retry
    // As client-go's Request.Watch: the lists' retry rule, so that a watch
    // turned away for a while (a 503 with Retry-After from an API server
    // restarting behind its load balancer, a 429 of priority and fairness)
    // is sent again instead of ending in a relist of everything.
    for (int retries = 0;; ++retries) {
        ApiResult<std::unique_ptr<WatchStream>> started = watchAttempt(options, false);
        if (started.ok())
            return started;
        // Not sent again: the reflector relists without a resourceVersion at
        // once (reflectorwatch.cpp). The watch cache answers a streaming list
        // at a resourceVersion it has not reached inside the stream (an ERROR
        // event, HTTP 200), which client-go's Request.Watch never retries; as
        // an HTTP 504 with Retry-After (a proxy, informant-sim before it
        // answered as the watch cache does) its ten rounds were ten seconds
        // of a known answer.
        if (started.error().isTooLargeResourceVersion())
            return started;
        // Before the wait: the answer is news while it lasts.
        if (m_watchRetryObserver && started.error().kind != ApiError::Kind::Cancelled)
            m_watchRetryObserver(started.error(), RestClient::retryWaitMs(started.error(), retries,
                                                                          m_retryAfterRetries));
        switch (RestClient::waitToRetry(started.error(), retries, m_retryAfterRetries,
                                        &m_interrupter)) {
        case RestClient::RetryDecision::Return:
            return started;
        case RestClient::RetryDecision::Interrupted: // the next attempt says cancelled
        case RestClient::RetryDecision::SendAgain:
            break;
        }
    }
}

ApiResult<std::unique_ptr<WatchStream>> RestListerWatcher::watchAttempt(const ListOptions &options,
                                                                        bool retried)
{
    RestClient *rest = client();
    const QString path = m_path.collectionPath();
    const QString request = rest->describe(path) + QLatin1String("?watch=true");
    const ApiError cancelled{ApiError::Kind::Cancelled, request + QLatin1String(": cancelled"), {}};
    if (m_interrupter.isInterrupted())
        return cancelled;
    RequestOptions requestOptions;
    requestOptions.timeoutMs =
        options.timeoutSeconds > 0 ? options.timeoutSeconds * 1000 + kWatchTimeoutSlackMs : 0;
    requestOptions.maxBodyBytes = 0; // read as a stream, its frames bounded by the decoder
    if (isMetadataOnly())
        requestOptions.accept = kMetadataWatchAccept;
    // An exec plugin may take long (a browser login): wait interruptibly.
    auto material = rest->credentialsBlocking(path, &m_interrupter);
    if (!material)
        return material.error().kind == ApiError::Kind::Cancelled ? cancelled : material.error();
    auto started = rest->startGet(path, options.toQuery(true), requestOptions, *material);
    if (!started)
        return started.error();
    std::unique_ptr<QNetworkReply> reply(*started);
    // Bounded before the first byte arrives: a bound set once the headers
    // were checked did not hold back a body arriving on a reused keep-alive
    // connection (a relist of 100k pods after a 410 on the same connection
    // buffered ~500 MB, the whole list again; see tst_restlisterwatcher).
    reply->setReadBufferSize(RestWatchStream::kReadBufferBytes);

    // Wait for the response headers (a non-2xx answer: for its whole body).
    // The reply may outlive this lister-watcher (a stream takes it): the
    // timer captures only what it needs.
    QTimer::singleShot(
        m_watchHeadersTimeoutMs, reply.get(),
        [reply = reply.get(), timeoutMs = m_watchHeadersTimeoutMs] {
            if (hasHttpStatus(reply) || reply->isFinished())
                return;
            reply->setProperty(
                kConnectionClosedProperty,
                QStringLiteral("no response headers within %1 s").arg(timeoutMs / 1000.0));
            reply->abort();
        });
    QEventLoop loop;
    QObject::connect(reply.get(), &QNetworkReply::metaDataChanged, &loop, &QEventLoop::quit);
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    {
        Interrupter::Scope scope(m_interrupter, &loop, reply.get());
        const auto waiting = [&] {
            if (m_interrupter.isInterrupted() || reply->isFinished())
                return false;
            if (!hasHttpStatus(reply.get()))
                return true;
            const int code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (code < 300)
                return false;
            reply->setReadBufferSize(0); // the Status body is read whole, at the end
            return true;
        };
        while (waiting())
            loop.exec();
    }
    if (m_interrupter.isInterrupted()) {
        reply->abort();
        return cancelled;
    }
    const int code = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (code >= 200 && code < 300) {
        reply->disconnect(&loop);
        return std::unique_ptr<WatchStream>(
            std::make_unique<RestWatchStream>(reply.release(), request, m_decodeOptions));
    }
    if (code == 401 && !retried &&
        m_connection->credentials->invalidate(reply->request().rawHeader("Authorization")))
        return watchAttempt(options, true);
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    return replyError(reply.get(), body, request, RestClient::sslErrorsOf(reply.get()), false);
}

} // namespace informant
