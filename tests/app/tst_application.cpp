// informant's Application against in-process simulators: how the connection
// flags combine with the kubeconfig (as kubectl and informantctl), which
// namespace the first window starts filtered to, and what the start-up
// failure dialog's choices start.

#include "../ui/onlymainwindow.h"
#include "app/informant/application.h"
#include "app/informant/options.h"
#include "app/informant/startfailure.h"

#include "models/clustersession.h"
#include "models/namespacefacetmodel.h"
#include "models/resourcetablemodel.h"
#include "sim/simulator.h"
#include "ui/credentialexpiryfield.h"
#include "ui/filterpane.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"

#include <QApplication>
#include <QFile>
#include <QSslSocket>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

using namespace informant;

namespace {

QString certificate(const char *name)
{
    return QStringLiteral(INFORMANT_TEST_SOURCE_DIR "/tests/kube/data/") + QLatin1String(name);
}

struct KubeconfigContext
{
    QString server;
    QString certificateAuthority; // a file, or none
    QString token;
    QString namespaceName;
};

// A kubeconfig with one context, "ctx", its current context.
QString writeKubeconfig(const QTemporaryDir &dir, const KubeconfigContext &c)
{
    QString yaml = QStringLiteral("apiVersion: v1\nkind: Config\ncurrent-context: ctx\n"
                                  "clusters:\n- name: c\n  cluster:\n    server: %1\n")
                       .arg(c.server);
    if (!c.certificateAuthority.isEmpty())
        yaml += QStringLiteral("    certificate-authority: %1\n").arg(c.certificateAuthority);
    yaml += QStringLiteral("users:\n- name: u\n  user:\n");
    yaml += c.token.isEmpty() ? QStringLiteral("    {}\n")
                              : QStringLiteral("    token: %1\n").arg(c.token);
    yaml += QStringLiteral("contexts:\n- name: ctx\n  context:\n    cluster: c\n    user: u\n");
    if (!c.namespaceName.isEmpty())
        yaml += QStringLiteral("    namespace: %1\n").arg(c.namespaceName);
    const QString path = dir.filePath(QStringLiteral("kubeconfig"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(yaml.toUtf8());
    return path;
}

Options options(const QStringList &arguments)
{
    return parseOptions(QStringList{QStringLiteral("informant")} + arguments);
}

bool tableSynced(MainWindow *window)
{
    const KindSource *source = window->resourceView()->source();
    return source && source->status().synced;
}

// The demo cluster over TLS (tests/kube/data's server certificate, for
// 127.0.0.1), requiring `token`.
sim::SimOptions tlsCluster(const QString &token)
{
    sim::SimOptions o;
    o.scenario = QStringLiteral("demo");
    o.tlsCert = certificate("server.crt");
    o.tlsKey = certificate("server.key");
    o.token = token;
    return o;
}

} // namespace

class TestApplication : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void serverFlagKeepsTheKubeconfigsCaAndToken();
    void certificateAuthorityFlagReplacesTheKubeconfigsCa();
    void firstNamespaceFilter_data();
    void firstNamespaceFilter();
    void noTransformFlagIsParsed();
    void execPluginExpiryIsShownInTheStatusBar();
    void kubeconfigChosenAfterAFailedReplayOpensItsCluster();
    void demoChosenAfterAFailedReplayOpensTheDemo();
};

// kubectl --kubeconfig kc --server URL: the context's CA and credentials stay,
// only the server changes (the kubeconfig's server is a dead port here).
void TestApplication::serverFlagKeepsTheKubeconfigsCaAndToken()
{
    if (!QSslSocket::supportsSsl())
        QSKIP("Qt was built without TLS support: the TLS simulator cannot be started here");
    const QString token = QStringLiteral("s3cret-token");
    sim::Simulator simulator;
    const auto started = simulator.start(tlsCluster(token));
    QVERIFY2(started.ok(), qPrintable(started.errorMessage()));
    QTemporaryDir dir;
    const QString kubeconfig = writeKubeconfig(
        dir, {QStringLiteral("https://127.0.0.1:1"), certificate("ca.crt"), token, {}});
    QVERIFY(!kubeconfig.isEmpty());

    Application application(options(
        {QStringLiteral("--kubeconfig"), kubeconfig, QStringLiteral("--server"), simulator.url()}));
    QCOMPARE(application.start(), QString());
    MainWindow *window = test::onlyMainWindow();
    QVERIFY(window);
    QCOMPARE(window->session()->name(), QStringLiteral("ctx"));
    QTRY_VERIFY_WITH_TIMEOUT(tableSynced(window), 20000);
    QTRY_VERIFY(window->resourceView()->feed()->model()->rowCount() > 0);
}

// --certificate-authority replaces a kubeconfig's wrong CA, as kubectl's.
void TestApplication::certificateAuthorityFlagReplacesTheKubeconfigsCa()
{
    if (!QSslSocket::supportsSsl())
        QSKIP("Qt was built without TLS support: the TLS simulator cannot be started here");
    const QString token = QStringLiteral("another-token");
    sim::Simulator simulator;
    const auto started = simulator.start(tlsCluster(token));
    QVERIFY2(started.ok(), qPrintable(started.errorMessage()));
    QTemporaryDir dir;
    const QString kubeconfig =
        writeKubeconfig(dir, {simulator.url(), certificate("other-ca.crt"), token, {}});

    Application application(
        options({QStringLiteral("--kubeconfig"), kubeconfig,
                 QStringLiteral("--certificate-authority"), certificate("ca.crt")}));
    QCOMPARE(application.start(), QString());
    MainWindow *window = test::onlyMainWindow();
    QVERIFY(window);
    QTRY_VERIFY_WITH_TIMEOUT(tableSynced(window), 20000);
}

void TestApplication::firstNamespaceFilter_data()
{
    QTest::addColumn<QString>("contextNamespace");
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QSet<QString>>("checked");
    const QString web = QStringLiteral("web");
    QTest::newRow("the context's namespace") << web << QStringList{} << QSet<QString>{web};
    QTest::newRow("-n over the context's")
        << web << QStringList{QStringLiteral("-n"), QStringLiteral("kube-system")}
        << QSet<QString>{QStringLiteral("kube-system")};
    QTest::newRow("-A: all") << web << QStringList{QStringLiteral("-A")} << QSet<QString>{};
    QTest::newRow("--all-namespaces over -n")
        << web
        << QStringList{QStringLiteral("-n"), QStringLiteral("kube-system"),
                       QStringLiteral("--all-namespaces")}
        << QSet<QString>{};
    QTest::newRow("no namespace in the context: all")
        << QString() << QStringList{} << QSet<QString>{};
}

void TestApplication::firstNamespaceFilter()
{
    QFETCH(QString, contextNamespace);
    QFETCH(QStringList, arguments);
    QFETCH(QSet<QString>, checked);
    sim::Simulator simulator;
    QVERIFY(simulator.start(sim::SimOptions{}).ok());
    QTemporaryDir dir;
    const QString kubeconfig = writeKubeconfig(dir, {simulator.url(), {}, {}, contextNamespace});
    Application application(
        options(QStringList{QStringLiteral("--kubeconfig"), kubeconfig} + arguments));
    QCOMPARE(application.start(), QString());
    MainWindow *window = test::onlyMainWindow();
    QVERIFY(window);
    QCOMPARE(window->filterPane()->namespaceModel()->checked(), checked);
}

void TestApplication::noTransformFlagIsParsed()
{
    QVERIFY(!options({}).noTransform);
    QVERIFY(options({QStringLiteral("--no-transform")}).noTransform);
    QVERIFY(!options({QStringLiteral("--certificate-authority"), QStringLiteral("ca.crt"),
                      QStringLiteral("--insecure-skip-tls-verify")})
                 .error.isEmpty());
}

// A kubeconfig user signing in through an exec plugin whose token expires
// in 20 minutes: the window's status bar says so, naming the command; a
// context with a static token says nothing.
void TestApplication::execPluginExpiryIsShownInTheStatusBar()
{
    if (!QSslSocket::supportsSsl())
        QSKIP("Qt was built without TLS support: the TLS simulator cannot be started here");
    const QString token = QStringLiteral("plugin-token");
    sim::Simulator simulator;
    QVERIFY(simulator.start(tlsCluster(token)).ok());
    QTemporaryDir dir;
    const QString plugin = dir.filePath(QStringLiteral("cloud-login"));
    {
        QFile script(plugin);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(
            QStringLiteral("#!/bin/sh\n"
                           "exp=$(date -u -d \"@$(( $(date +%s) + 1200 ))\" +%Y-%m-%dT%H:%M:%SZ)\n"
                           "printf '{\"kind\":\"ExecCredential\",\"apiVersion\":"
                           "\"client.authentication.k8s.io/v1\",\"status\":{\"token\":\"%1\","
                           "\"expirationTimestamp\":\"%s\"}}' $exp\n")
                .arg(token)
                .toUtf8());
        script.close();
        script.setPermissions(script.permissions() | QFileDevice::ExeOwner);
    }
    const QString kubeconfig = dir.filePath(QStringLiteral("kubeconfig"));
    {
        QFile file(kubeconfig);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(
            QStringLiteral("apiVersion: v1\nkind: Config\ncurrent-context: ctx\n"
                           "clusters:\n- name: c\n  cluster:\n    server: %1\n"
                           "    certificate-authority: %3\n"
                           "users:\n- name: u\n  user:\n    exec:\n"
                           "      apiVersion: client.authentication.k8s.io/v1\n"
                           "      command: %2\n      interactiveMode: Never\n"
                           "contexts:\n- name: ctx\n  context:\n    cluster: c\n    user: u\n")
                .arg(simulator.url(), plugin, certificate("ca.crt"))
                .toUtf8());
    }
    Application application(options({QStringLiteral("--kubeconfig"), kubeconfig}));
    QCOMPARE(application.start(), QString());
    MainWindow *window = test::onlyMainWindow();
    QVERIFY(window);
    auto *field = window->statusBar()->findChild<CredentialExpiryField *>();
    QVERIFY(field);
    // The session's sign-in gives the expiry; the field runs nothing itself.
    QTRY_VERIFY_WITH_TIMEOUT(tableSynced(window), 20000);
    QTRY_VERIFY(!field->isHidden());
    QVERIFY2(field->text().startsWith(QStringLiteral("credentials expire in ")),
             qPrintable(field->text()));
    QVERIFY2(field->toolTip().startsWith(QStringLiteral("Credentials: exec plugin cloud-login\n")),
             qPrintable(field->toolTip()));
    QVERIFY(!field->toolTip().contains(token));
    delete window;

    const QString staticKubeconfig =
        writeKubeconfig(dir, {simulator.url(), certificate("ca.crt"), token, {}});
    Application withToken(options({QStringLiteral("--kubeconfig"), staticKubeconfig}));
    QCOMPARE(withToken.start(), QString());
    MainWindow *second = test::onlyMainWindow();
    QVERIFY(second);
    QTRY_VERIFY_WITH_TIMEOUT(tableSynced(second), 20000);
    auto *none = second->statusBar()->findChild<CredentialExpiryField *>();
    QVERIFY(none);
    QVERIFY(none->isHidden());
}

// `informant --replay FILE` cannot start (no such file); the user chooses a
// kubeconfig in the failure dialog: that is a live cluster, the kubeconfig's
// current context, not the recording again.
void TestApplication::kubeconfigChosenAfterAFailedReplayOpensItsCluster()
{
    QTemporaryDir dir;
    const Options failed =
        options({QStringLiteral("--replay"), dir.filePath(QStringLiteral("gone.ndjson")),
                 QStringLiteral("--replay-speed"), QStringLiteral("10")});
    QVERIFY(failed.error.isEmpty());
    QVERIFY(!Application(failed).start().isEmpty());

    sim::Simulator simulator;
    QVERIFY(simulator.start(sim::SimOptions{}).ok());
    const QString kubeconfig = writeKubeconfig(dir, {simulator.url(), {}, {}, {}});
    const Options chosen = optionsForKubeconfig(failed, kubeconfig);
    QVERIFY(chosen.replayFile.isEmpty());
    QCOMPARE(chosen.kubeconfig, kubeconfig);
    Application application(chosen);
    QCOMPARE(application.start(), QString());
    MainWindow *window = test::onlyMainWindow();
    QVERIFY(window);
    QCOMPARE(window->session()->name(), QStringLiteral("ctx"));
    QTRY_VERIFY_WITH_TIMEOUT(tableSynced(window), 20000);
}

void TestApplication::demoChosenAfterAFailedReplayOpensTheDemo()
{
    QTemporaryDir dir;
    const Options failed =
        options({QStringLiteral("--replay"), dir.filePath(QStringLiteral("gone.ndjson"))});
    const Options chosen = optionsForDemo(failed);
    QVERIFY(chosen.demo);
    QVERIFY(chosen.replayFile.isEmpty());
    Application application(chosen);
    QCOMPARE(application.start(), QString());
    MainWindow *window = test::onlyMainWindow();
    QVERIFY(window);
    QCOMPARE(window->session()->name(), QStringLiteral("demo"));
}

QTEST_MAIN(TestApplication)
#include "tst_application.moc"
