#pragma once

// ListerWatcher: how a Reflector lists and watches one resource
// (client-go's ListerWatcher, reference §1.1).
//
// The calls are BLOCKING and are made from the reflector's own worker thread,
// the way client-go's reflector goroutine calls them; this keeps the
// reflector a straight port of client-go's control flow. The REST
// implementation (informer/kube/restlisterwatcher.h) runs a local event loop
// over QNetworkAccessManager inside that thread. Any call may be interrupted
// from another thread with cancel(); it then returns ApiError::Kind::Cancelled.

#include "informer/cache/listoptions.h"
#include "informer/core/apierror.h"
#include "informer/core/listpage.h"
#include "informer/core/watchevent.h"

#include <QList>

#include <functional>
#include <memory>

namespace informant {

// An open watch stream. Owned by the reflector thread; only stop() may be
// called from another thread.
class WatchStream
{
public:
    enum class Next {
        Events, // `out` received one or more events
        Closed, // the server ended the stream normally (EOF, timeoutSeconds)
        Error,  // transport error mid-stream (error() says why)
        Stopped // stop() was called
    };

    virtual ~WatchStream() = default;
    // Blocks until at least one event is available, the stream ends, or stop().
    // A decode failure is reported as an ERROR event (see WatchStreamDecoder).
    virtual Next next(QList<WatchEvent> &out) = 0;
    virtual ApiError error() const = 0;
    // Thread-safe; idempotent.
    virtual void stop() = 0;
    // Body bytes received so far (for bytes/s statistics).
    virtual qint64 bytesReceived() const = 0;
};

class ListerWatcher
{
public:
    virtual ~ListerWatcher() = default;
    // One list request (one page when options.limit is set).
    virtual ApiResult<ListPage> list(const ListOptions &options) = 0;
    // As list(), with every item passed through `mapItem` (a relist maps an
    // unchanged item to the cached object). An implementation that decodes
    // items as they arrive maps each at once, so that a one-response list of
    // 100k objects is never held next to the cache; the default maps the
    // page afterwards.
    using ItemMapper = std::function<KubeObject(const KubeObject &)>;
    virtual ApiResult<ListPage> listMapped(const ListOptions &options, const ItemMapper &mapItem)
    {
        ApiResult<ListPage> page = list(options);
        if (page.ok() && mapItem) {
            for (KubeObject &item : page.value().items)
                item = mapItem(item);
        }
        return page;
    }
    // Starts a watch; returns once the response headers arrived, or on error.
    virtual ApiResult<std::unique_ptr<WatchStream>> watch(const ListOptions &options) = 0;
    // Called, in watch()'s thread, with the error of each failed attempt as
    // it fails and how long watch() waits before it sends the request again
    // on its own (a 429 or 5xx with Retry-After; 0: it does not), so that a
    // status names the server's latest answer and the wait while those
    // retries go on. Set before use.
    using RetryObserver = std::function<void(const ApiError &, qint64 retryInMs)>;
    virtual void setWatchRetryObserver(RetryObserver observer) { Q_UNUSED(observer); }
    // Thread-safe: makes a blocked list()/watch() return Cancelled promptly,
    // and every later call too.
    virtual void cancel() = 0;
    // Thread-safe: a list() or watch() waiting to send its request again (a
    // server's Retry-After) sends it now. Later calls wait as usual.
    virtual void retryNow() {}
    // False when the server is known not to support streaming lists
    // (client-go's IsWatchListSemanticsUnSupported).
    virtual bool supportsWatchList() const { return true; }
};

} // namespace informant
