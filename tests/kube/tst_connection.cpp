// informantctl's connection.cpp: global flags override the kubeconfig the
// way kubectl's do, and --server alone works without any kubeconfig.

#include "app/informantctl/connection.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace informant;
using namespace informantctl;

namespace {

const char kKubeconfig[] = R"(apiVersion: v1
kind: Config
current-context: dev
clusters:
- name: dev
  cluster:
    server: https://dev.example:6443
    certificate-authority-data: Q0EtREFUQQ==
    tls-server-name: api.dev.internal
- name: prod
  cluster:
    server: https://prod.example:6443
contexts:
- name: dev
  context: {cluster: dev, user: dev, namespace: team-a}
- name: prod
  context: {cluster: prod, user: prod}
users:
- name: dev
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1
      command: get-token
      interactiveMode: Never
- name: prod
  user: {token: prod-token}
)";

} // namespace

class tst_Connection : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QByteArray m_home;
    QByteArray m_kubeconfigEnv;

private slots:
    void initTestCase()
    {
        m_home = qgetenv("HOME");
        m_kubeconfigEnv = qgetenv("KUBECONFIG");
        qputenv("HOME", m_dir.filePath(QStringLiteral("home")).toUtf8()); // no ~/.kube/config
        qunsetenv("KUBECONFIG");
        QFile file(m_dir.filePath(QStringLiteral("config")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(kKubeconfig);
        QFile ca(m_dir.filePath(QStringLiteral("ca.crt")));
        QVERIFY(ca.open(QIODevice::WriteOnly));
        ca.write("CA-FROM-FLAG");
    }
    void cleanupTestCase()
    {
        qputenv("HOME", m_home);
        if (!m_kubeconfigEnv.isEmpty())
            qputenv("KUBECONFIG", m_kubeconfigEnv);
    }

    void flagsOverrideKubeconfig_data()
    {
        QTest::addColumn<bool>("useKubeconfig");
        QTest::addColumn<QStringList>("flags"); // name=value pairs
        QTest::addColumn<QString>("error");
        QTest::addColumn<QString>("server");
        QTest::addColumn<QString>("tlsServerName");
        QTest::addColumn<QByteArray>("ca");
        QTest::addColumn<bool>("insecure");
        QTest::addColumn<QString>("token");
        QTest::addColumn<bool>("exec");
        QTest::addColumn<QString>("ns"); // effective namespace

        QTest::newRow("--server alone, no kubeconfig")
            << false << QStringList{"server=http://127.0.0.1:8080"} << ""
            << "http://127.0.0.1:8080"
            << "" << QByteArray() << false << "" << false << "default";
        QTest::newRow("--server without scheme")
            << false << QStringList{"server=10.0.0.1:6443"} << ""
            << "https://10.0.0.1:6443"
            << "" << QByteArray() << false << "" << false << "default";
        QTest::newRow("no kubeconfig and no --server")
            << false << QStringList{} << "no current-context is set"
            << ""
            << "" << QByteArray() << false << "" << false << "";
        QTest::newRow("kubeconfig as is")
            << true << QStringList{} << ""
            << "https://dev.example:6443"
            << "api.dev.internal" << QByteArray("CA-DATA") << false << "" << true << "team-a";
        QTest::newRow("--server replaces server and tls-server-name")
            << true << QStringList{"server=https://other:443"} << ""
            << "https://other:443"
            << "" << QByteArray("CA-DATA") << false << "" << true << "team-a";
        QTest::newRow("--token replaces the exec plugin")
            << true << QStringList{"token=flag-token"} << ""
            << "https://dev.example:6443"
            << "api.dev.internal" << QByteArray("CA-DATA") << false << "flag-token" << false
            << "team-a";
        QTest::newRow("--insecure-skip-tls-verify drops the CA")
            << true << QStringList{"insecure=1"} << ""
            << "https://dev.example:6443"
            << "api.dev.internal" << QByteArray() << true << "" << true << "team-a";
        QTest::newRow("--certificate-authority")
            << true << QStringList{"ca=ca.crt"} << ""
            << "https://dev.example:6443"
            << "api.dev.internal" << QByteArray("CA-FROM-FLAG") << false << "" << true << "team-a";
        QTest::newRow("--certificate-authority with --insecure")
            << true << QStringList{"ca=ca.crt", "insecure=1"} << "cannot be combined"
            << ""
            << "" << QByteArray() << false << "" << false << "";
        QTest::newRow("unreadable --certificate-authority")
            << true << QStringList{"ca=missing.crt"} << "--certificate-authority: cannot read"
            << ""
            << "" << QByteArray() << false << "" << false << "";
        QTest::newRow("--context")
            << true << QStringList{"context=prod"} << ""
            << "https://prod.example:6443"
            << "" << QByteArray() << false << "prod-token" << false << "default";
        QTest::newRow("-n") << true << QStringList{"namespace=kube-system"} << ""
                            << "https://dev.example:6443"
                            << "api.dev.internal" << QByteArray("CA-DATA") << false << "" << true
                            << "kube-system";
        QTest::newRow("-A") << true << QStringList{"all=1"} << ""
                            << "https://dev.example:6443"
                            << "api.dev.internal" << QByteArray("CA-DATA") << false << "" << true
                            << "";
        QTest::newRow("bad --server")
            << false << QStringList{"server=ftp://x"} << "is not an http(s) URL"
            << ""
            << "" << QByteArray() << false << "" << false << "";
        QTest::newRow("unknown --context")
            << true << QStringList{"context=nope"} << "error: context \"nope\" does not exist"
            << ""
            << "" << QByteArray() << false << "" << false << "";
    }
    void flagsOverrideKubeconfig()
    {
        QFETCH(bool, useKubeconfig);
        QFETCH(QStringList, flags);
        QFETCH(QString, error);
        GlobalOptions options;
        if (useKubeconfig)
            options.kubeconfig = m_dir.filePath(QStringLiteral("config"));
        for (const QString &flag : flags) {
            const QString name = flag.section(QLatin1Char('='), 0, 0);
            const QString value = flag.section(QLatin1Char('='), 1);
            if (name == QLatin1String("server"))
                options.server = value;
            else if (name == QLatin1String("token"))
                options.token = value;
            else if (name == QLatin1String("insecure"))
                options.insecureSkipTlsVerify = true;
            else if (name == QLatin1String("ca"))
                options.certificateAuthority = m_dir.filePath(value);
            else if (name == QLatin1String("context"))
                options.context = value;
            else if (name == QLatin1String("namespace"))
                options.namespaceName = value;
            else if (name == QLatin1String("all"))
                options.allNamespaces = true;
        }
        auto config = resolveClusterConfig(options);
        if (!error.isEmpty()) {
            QVERIFY(!config.ok());
            QVERIFY2(config.errorMessage().contains(error), qPrintable(config.errorMessage()));
            return;
        }
        QVERIFY2(config.ok(), qPrintable(config.errorMessage()));
        QTEST(config->server.toString(), "server");
        QTEST(config->tlsServerName, "tlsServerName");
        QTEST(config->certificateAuthorityPem, "ca");
        QTEST(config->insecureSkipTlsVerify, "insecure");
        QTEST(config->user.token, "token");
        QTEST(config->user.exec.has_value(), "exec");
        QTEST(effectiveNamespace(options, *config), "ns");
    }
};

QTEST_GUILESS_MAIN(tst_Connection)
#include "tst_connection.moc"
