#pragma once

// SimProcess: the informant-sim executable of this build, started on
// 127.0.0.1 port 0 with --port-file, plus blocking calls to its control
// endpoint (/sim/v1). Test thread only; the process is killed on destruction.

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

namespace reliability {

// The user agent of the test's own requests, so the request log can tell
// them from the programs under test.
inline const QByteArray kTestUserAgent = "reliability-test";

inline QString buildDir()
{
    return qEnvironmentVariable("INFORMANT_BUILD_DIR");
}

class SimProcess
{
public:
    SimProcess() = default;
    ~SimProcess()
    {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    SimProcess(const SimProcess &) = delete;
    SimProcess &operator=(const SimProcess &) = delete;

    // Starts the simulator with `args` and waits (up to 30 s) for its port.
    bool start(const QStringList &args)
    {
        const QString portFile = m_dir.filePath(QStringLiteral("port"));
        m_process.setProcessChannelMode(QProcess::ForwardedChannels);
        m_process.start(buildDir() + QStringLiteral("/app/informant-sim"),
                        args + QStringList{QStringLiteral("--listen"),
                                           QStringLiteral("127.0.0.1:0"),
                                           QStringLiteral("--port-file"), portFile});
        if (!m_process.waitForStarted(10000))
            return false;
        QElapsedTimer clock;
        clock.start();
        while (QFile(portFile).size() == 0) {
            if (clock.elapsed() > 30000 || m_process.state() != QProcess::Running)
                return false;
            QThread::msleep(20);
        }
        QFile file(portFile);
        if (!file.open(QIODevice::ReadOnly))
            return false;
        const bool tls = args.contains(QStringLiteral("--tls-cert"));
        m_url = (tls ? QStringLiteral("https://127.0.0.1:") : QStringLiteral("http://127.0.0.1:")) +
                QString::fromUtf8(file.readAll()).trimmed();
        return true;
    }

    // https when started with --tls-cert (call() then trusts nothing).
    QString url() const { return m_url; }

    // One blocking request to the simulator; the body of the answer.
    QByteArray call(const QByteArray &method, const QString &path, const QByteArray &body = {},
                    const QByteArray &authorization = {})
    {
        QNetworkRequest request{QUrl(m_url + path)};
        request.setRawHeader("User-Agent", kTestUserAgent);
        if (!authorization.isEmpty())
            request.setRawHeader("Authorization", authorization);
        if (method != "GET")
            request.setHeader(QNetworkRequest::ContentTypeHeader,
                              QStringLiteral("application/json"));
        QNetworkReply *reply = m_network.sendCustomRequest(request, method, body);
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(10000, &loop, &QEventLoop::quit);
        loop.exec();
        const QByteArray answer = reply->readAll();
        reply->abort();
        reply->deleteLater();
        return answer;
    }

    // The request log (NDJSON, one request a line), oldest first.
    QList<QByteArray> requestLog(const QByteArray &authorization = {})
    {
        QList<QByteArray> lines =
            call("GET", QStringLiteral("/sim/v1/requests"), {}, authorization).split('\n');
        lines.removeAll(QByteArray());
        return lines;
    }
    void clearRequestLog(const QByteArray &authorization = {})
    {
        call("DELETE", QStringLiteral("/sim/v1/requests"), {}, authorization);
    }

private:
    QTemporaryDir m_dir;
    QProcess m_process;
    QNetworkAccessManager m_network;
    QString m_url;
};

} // namespace reliability
