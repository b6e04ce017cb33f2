#pragma once

// What the REST client's TLS and authentication tests share: the test
// certificates under data/, files written for a test, a GET of /version and
// a server answering it.

#include "fakeapiserver.h"

#include "informer/kube/restclient.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

namespace informant::authtest {

// A client.authentication.k8s.io/v1 plugin run without a terminal, no
// arguments or environment of its own.
inline ExecConfig neverInteractiveExec(const QString &command)
{
    return ExecConfig{QStringLiteral("client.authentication.k8s.io/v1"),
                      command,
                      {},
                      {},
                      QStringLiteral("Never"),
                      false,
                      {}};
}

inline QString dataFile(const QString &name)
{
    return qEnvironmentVariable("INFORMANT_SOURCE_DIR", QStringLiteral(INFORMANT_TEST_SOURCE_DIR)) +
           QStringLiteral("/tests/kube/data/") + name;
}

inline QByteArray readData(const QString &name)
{
    QFile file(dataFile(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

inline void writeFile(const QString &path, const QByteArray &content, bool executable = false)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(content);
    file.close();
    if (executable)
        file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
}

inline ApiResult<RestResponse> getVersion(const ClusterConfig &config)
{
    RestClient client(ClusterConnection::create(config));
    return client.getBlocking(QStringLiteral("/version"), {});
}

inline void okHandler(const HttpRequest &, QTcpSocket *socket)
{
    FakeApiServer::reply(socket, 200, R"({"major":"1","minor":"31"})");
}

// `server` serving https with data/'s server certificate (signed by
// ca.crt): credentials go only to https servers (credentials.h).
inline bool listenTls(FakeApiServer &server)
{
    return server.listenTls(dataFile(QStringLiteral("server.crt")),
                            dataFile(QStringLiteral("server.key")));
}

// A config for `server` trusting the CA `ca` of data/.
inline ClusterConfig tlsConfig(const FakeApiServer &server,
                               const QString &ca = QStringLiteral("ca.crt"))
{
    ClusterConfig config;
    config.server = server.url();
    config.certificateAuthorityPem = readData(ca);
    return config;
}

} // namespace informant::authtest
