#pragma once

// One client connection of the simulated API server: parses requests
// (keep-alive, pipelining), hands each to the request handler and writes the
// answer either whole (Content-Length) or as a chunked stream. A stream can be
// fed explicitly (watch frames) or pulled from a producer whenever the socket's
// write buffer runs low (big lists, so a 400 MB list is never all in memory).
// Requests are answered strictly in order: the next one is dispatched only once
// the current response has ended. On plain TCP the bytes go to the kernel
// straight from the caller's buffers (sendmsg): what the kernel does not take
// at once stays queued as shared references, not copies, and is sent when the
// socket drains (only a small piece is copied into Qt's buffer, to be told
// when). Lives on the server thread; deletes itself when the socket closes.

#include "sim/httpparser.h"

#include <QList>
#include <QObject>
#include <QPair>

#include <deque>
#include <functional>

class QTcpSocket;

namespace informant::sim {

using HeaderList = QList<QPair<QByteArray, QByteArray>>;

class HttpConnection final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HttpConnection)

public:
    using RequestHandler = std::function<void(HttpConnection *, const HttpRequest &)>;
    // Writes the next chunk(s) of the body to the connection; returns false when finished.
    using Producer = std::function<bool(HttpConnection &connection)>;

    static constexpr qint64 kLowWaterBytes = 2 * 1024 * 1024;
    static constexpr int kMaxIoVectors = 1024;
    // Copied into Qt's buffer when the kernel is full, so that its write
    // notification (bytesWritten) says when to send the rest.
    static constexpr qsizetype kArmBytes = 64 * 1024;

    HttpConnection(QTcpSocket *socket, RequestHandler handler, QObject *parent = nullptr);
    ~HttpConnection() override;

    QTcpSocket *socket() const { return m_socket; }
    bool isStreaming() const { return m_streaming && !m_aborted; }

    void sendResponse(int code, const QByteArray &contentType, const QByteArray &body,
                      const HeaderList &extraHeaders = {});
    void startChunked(int code, const QByteArray &contentType, const HeaderList &extraHeaders = {});
    void writeChunk(const QByteArray &data);
    // One chunk made of several pieces. The pieces are shared, not copied:
    // they must not be modified afterwards (QByteArray's copy-on-write sees to it).
    void writeChunkParts(const QList<QByteArray> &parts);
    // Bytes written but not yet taken by the kernel.
    qint64 queuedBytes() const;
    void endChunked();
    // Starts pulling from `producer` (after startChunked). When it is done the
    // stream ends, or, if `onDone` is given, `onDone` runs and the stream stays open.
    void setProducer(Producer producer, std::function<void()> onDone = {});
    // Cuts the connection at once (faults, restart, shutdown).
    void abort();
    // Writes raw bytes, bypassing chunk framing: used to cut a frame in half.
    void writeRaw(const QByteArray &data);

    static QByteArray reasonPhrase(int code);

signals:
    void streamEnded();

private:
    void onReadyRead();
    void dispatchNext();
    void pump();
    void finishResponse();
    void onBytesWritten();
    void enqueue(const QByteArray &bytes);
    void drain();
    void consumeQueued(qsizetype bytes);
    void moveQueueToSocket(qsizetype maxBytes);
    void writeHead(int code, const QByteArray &contentType, const HeaderList &extraHeaders,
                   const QByteArray &lengthHeader);

    QTcpSocket *m_socket = nullptr;
    RequestHandler m_handler;
    HttpParser m_parser;
    Producer m_producer;
    std::function<void()> m_producerDone;
    bool m_busy = false;      // a request is being answered
    bool m_streaming = false; // chunked response open
    bool m_closeAfter = false;
    bool m_pumping = false;
    bool m_tls = false;
    bool m_aborted = false; // cut: everything written later is dropped
    // Plain TCP: bytes the kernel has not taken yet, in order, after Qt's buffer.
    std::deque<QByteArray> m_queue;
    qsizetype m_queueOffset = 0; // into m_queue.front()
    qint64 m_queuedBytes = 0;
};

} // namespace informant::sim
