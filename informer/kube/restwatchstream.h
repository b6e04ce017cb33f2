#pragma once

// RestWatchStream: a WatchStream over one streaming QNetworkReply. Body bytes
// are read as they arrive (readyRead) and fed through WatchStreamDecoder, so
// frames split across reads and many frames per read are both fine.
//
// End of stream follows client-go's decoder: a clean EOF, an unexpected EOF
// (connection closed mid-frame) or a client-side inactivity timeout is
// Closed; other transport errors are Error; a frame that cannot be decoded
// yields the decoder's synthetic ERROR event, then Closed.
//
// Threading: next() and the destructor in the thread that owns the reply;
// stop() from any thread.

#include "informer/cache/listerwatcher.h"
#include "informer/core/watchstreamdecoder.h"
#include "informer/kube/interrupter.h"

#include <QPointer>

#include <atomic>

class QNetworkReply;

namespace informant {

class RestWatchStream final : public WatchStream
{
public:
    // Bytes Qt may buffer ahead of the decoder. Unbounded, a streaming list
    // of 100k pods (hundreds of MB, sent as fast as the server can) piles up
    // in the reply while the decoder catches up; bounded, the socket applies
    // backpressure to the server instead. Set on the reply as soon as the
    // request is sent (see RestListerWatcher::watchAttempt).
    static constexpr qint64 kReadBufferBytes = 4 << 20;

    // Takes ownership of `reply`; `request` names it in errors.
    RestWatchStream(QNetworkReply *reply, QString request, DecodeOptions options);
    ~RestWatchStream() override;
    Q_DISABLE_COPY_MOVE(RestWatchStream)

    Next next(QList<WatchEvent> &out) override;
    ApiError error() const override { return m_error; }
    void stop() override { m_interrupter.interrupt(); }
    qint64 bytesReceived() const override { return m_bytes.load(std::memory_order_relaxed); }

private:
    // Reads what has arrived, up to a chunk, into m_readBuffer; empty when
    // nothing has.
    QByteArrayView readChunk();
    Next finish();

    QPointer<QNetworkReply> m_reply;
    const QString m_request;
    WatchStreamDecoder m_decoder;
    // Reused from read to read: a fresh megabyte per read was a fresh set of
    // pages to fault in, for each of the hundreds of reads of a large list.
    QByteArray m_readBuffer;
    Interrupter m_interrupter;
    ApiError m_error;
    std::atomic<qint64> m_bytes{0};
    std::optional<Next> m_ended;
};

} // namespace informant
