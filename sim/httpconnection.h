#pragma once

// One client connection of the simulated API server: parses requests
// (keep-alive, pipelining), hands each to the request handler and writes the
// answer either whole (Content-Length) or as a chunked stream. A stream can be
// fed explicitly (watch frames) or pulled from a producer whenever the socket's
// write buffer runs low (big lists, so a 400 MB list is never all in memory).
// Requests are answered strictly in order: the next one is dispatched only once
// the current response has ended. Lives on the server thread; deletes itself
// when the socket closes.

#include "sim/httpparser.h"

#include <QList>
#include <QObject>
#include <QPair>

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
    static constexpr int kMaxIoVectors = 512;

    HttpConnection(QTcpSocket *socket, RequestHandler handler, QObject *parent = nullptr);
    ~HttpConnection() override;

    QTcpSocket *socket() const { return m_socket; }
    bool isStreaming() const { return m_streaming && !m_aborted; }

    void sendResponse(int code, const QByteArray &contentType, const QByteArray &body,
                      const HeaderList &extraHeaders = {});
    void startChunked(int code, const QByteArray &contentType, const HeaderList &extraHeaders = {});
    void writeChunk(const QByteArray &data);
    // One chunk made of several pieces, copied straight into the socket buffer.
    void writeChunkParts(const QList<QByteArrayView> &parts);
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
    void writeVectored(const QList<QByteArrayView> &parts);
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
};

} // namespace informant::sim
