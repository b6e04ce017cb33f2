#pragma once

// HostileServer: a tiny HTTP/1.1 server on 127.0.0.1 port 0, running in its
// own thread, that answers each request with whatever Plan the test's
// handler returns: any status and body, a Content-Length that lies, a body
// sent one byte at a time, a connection left open without another byte.
// Used to drive the REST client and informers with hostile answers.
//
// Threading: the handler runs in the server thread; requests() and
// setHandler() are thread-safe. Stopping (destruction) closes every
// connection.

#include <QByteArray>
#include <QList>
#include <QMutex>
#include <QObject>
#include <QThread>

#include <functional>
#include <optional>

class QTcpServer;
class QTcpSocket;

namespace reliability {

struct HostileRequest
{
    QByteArray method;
    QByteArray target; // path and query
    int index = 0;     // 0 for the server's first request
    bool isWatch() const { return target.contains("watch=true"); }
};

struct HostilePlan
{
    int status = 200;
    QByteArray contentType = "application/json";
    QByteArray body;
    // Announced Content-Length; nullopt: the real size. Ignored when streaming.
    std::optional<qint64> contentLength;
    // No Content-Length: the body runs until the connection closes (watches).
    bool streaming = false;
    int trickleMs = 0; // > 0: one body byte every trickleMs
    // After the body: close the connection (false: keep it open, silent).
    bool close = true;
    // False: no answer at all, not even headers; the connection stays open
    // (a hung or stopped server whose kernel still accepts connections).
    bool answer = true;
};

class HostileServer : public QObject
{
    Q_OBJECT
public:
    using Handler = std::function<HostilePlan(const HostileRequest &)>;

    explicit HostileServer(Handler handler);
    ~HostileServer() override;
    Q_DISABLE_COPY_MOVE(HostileServer)

    // http://127.0.0.1:<port>
    QString url() const { return m_url; }
    void setHandler(Handler handler);
    QList<HostileRequest> requests() const;

private:
    void accept();
    void readRequest(QTcpSocket *socket);
    void send(QTcpSocket *socket, const HostilePlan &plan);
    void trickle(QTcpSocket *socket, QByteArray rest, int intervalMs, bool close);

    QThread m_thread;
    QTcpServer *m_server = nullptr; // lives in m_thread
    QString m_url;
    mutable QMutex m_mutex;
    Handler m_handler;
    QList<HostileRequest> m_requests;
};

} // namespace reliability
