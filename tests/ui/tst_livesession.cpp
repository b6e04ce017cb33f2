#include "models/informerstatusmodel.h"
#include "models/liveclustersession.h"
#include "models/resourcetablemodel.h"
#include "models/resourcetreemodel.h"
#include "sim/simulator.h"
#include "ui/freshnessbanner.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"
#include "ui/signinbanner.h"

#include "../sim/simclient.h"
#include "tests/support/processliveness.h"
#include "testsettings.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QTemporaryDir>
#include <QTreeView>

#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace informant;

namespace {

QString testCertificate(const char *name)
{
    return qEnvironmentVariable("INFORMANT_SOURCE_DIR") + QStringLiteral("/tests/kube/data/") +
           QLatin1String(name);
}

// The demo cluster, requiring `token` when one is given, and then over
// https (no credential goes to an http server): trust it with testCa().
sim::SimOptions demoCluster(const QString &token = {})
{
    sim::SimOptions options;
    options.scenario = QStringLiteral("demo");
    options.token = token;
    if (!token.isEmpty()) {
        options.tlsCert = testCertificate("server.crt");
        options.tlsKey = testCertificate("server.key");
    }
    return options;
}

QByteArray testCa()
{
    QFile file(testCertificate("ca.crt"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// A window on a live session of `config`, named `context`, showing pods.
std::unique_ptr<MainWindow> podsWindow(const ClusterConfig &config, const QString &context)
{
    auto *session = new LiveClusterSession(config, context);
    auto window = std::make_unique<MainWindow>(session, QStringList{}, nullptr);
    session->setParent(window.get());
    window->show();
    window->showKindByName(QStringLiteral("po"));
    return window;
}

// The CRD of test.example.com's Gadget, serving `version` only.
QByteArray gadgetCrd(const QString &version)
{
    const QJsonObject names{{"plural", "gadgets"}, {"singular", "gadget"}, {"kind", "Gadget"}};
    const QJsonObject served{
        {"name", version},
        {"served", true},
        {"storage", true},
        {"schema", QJsonObject{{"openAPIV3Schema", QJsonObject{{"type", "object"}}}}}};
    return QJsonDocument(
               QJsonObject{{"apiVersion", "apiextensions.k8s.io/v1"},
                           {"kind", "CustomResourceDefinition"},
                           {"metadata", QJsonObject{{"name", "gadgets.test.example.com"}}},
                           {"spec", QJsonObject{{"group", "test.example.com"},
                                                {"scope", "Namespaced"},
                                                {"names", names},
                                                {"versions", QJsonArray{served}}}}})
        .toJson(QJsonDocument::Compact);
}

QByteArray gadget(const QString &version, const QString &name)
{
    return QJsonDocument(QJsonObject{{"apiVersion", "test.example.com/" + version},
                                     {"kind", "Gadget"},
                                     {"metadata", QJsonObject{{"name", name}}}})
        .toJson(QJsonDocument::Compact);
}

// The simulator's answer's status code (0 if none).
int sendTo(quint16 port, const QByteArray &method, const QByteArray &target, const QByteArray &body)
{
    simtest::Connection connection(port);
    simtest::Response response;
    if (!connection.send(method, target, {{"Content-Type", "application/json"}}, body) ||
        !connection.readHead(response))
        return 0;
    return response.status;
}

// A window on the demo cluster whose discovery has answered.
struct DemoWindow
{
    sim::Simulator simulator;
    LiveClusterSession *session = nullptr;
    std::unique_ptr<MainWindow> window;

    bool open()
    {
        if (!simulator.start(demoCluster()).ok())
            return false;
        ClusterConfig config;
        config.server = QUrl(simulator.url());
        session = new LiveClusterSession(config, QStringLiteral("demo"));
        session->setRediscoveryDelay(100);
        window = std::make_unique<MainWindow>(session, QStringList{}, nullptr);
        session->setParent(window.get());
        window->show();
        session->discover();
        return QTest::qWaitFor([this] { return session->kindsDiscovered(); }, 20000);
    }
    int send(const QByteArray &method, const QByteArray &target, const QByteArray &body = {})
    {
        return sendTo(simulator.port(), method, target, body);
    }
    int rows() const { return window->resourceView()->feed()->model()->rowCount(); }
};

} // namespace

// The GUI against the in-process simulator: a live table, and its freshness
// when the server goes away and comes back.
class TestLiveSession : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::useEmptyTestSettings(); }
    void tableSaysWhenTheServerStopsAndRecovers();
    void credentialPluginPromptIsShownUntilSignedIn();
    void silentCredentialPluginIsNamedAndEndsWithTheWindow();
    void rejectedCredentialsAreNotCalledForbidden();
    void unauthorizedOverHttpSaysNoCredentialsWereSent();
    void customKindsAppearAndDisappearLive();
    void customKindTableFollowsItsCrd();
    void managedFieldsAreDroppedUnlessKept_data();
    void managedFieldsAreDroppedUnlessKept();
    void userAllowedOneNamespaceWatchesIt();
};

void TestLiveSession::tableSaysWhenTheServerStopsAndRecovers()
{
    sim::Simulator simulator;
    const sim::SimOptions options = demoCluster();
    const auto started = simulator.start(options);
    QVERIFY2(started.ok(), qPrintable(started.errorMessage()));
    const quint16 port = simulator.port();

    ClusterConfig config;
    config.server = QUrl(simulator.url());
    const std::unique_ptr<MainWindow> shown = podsWindow(config, QStringLiteral("demo"));
    MainWindow &window = *shown;
    QCOMPARE(window.currentKind().plural, QStringLiteral("pods"));
    KindSource *pods = window.resourceView()->source();
    QVERIFY(pods);
    QTRY_VERIFY_WITH_TIMEOUT(pods->status().state == InformerStatus::State::Watching, 20000);
    ResourceTableModel *model = window.resourceView()->feed()->model();
    QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() > 0, 10000);
    FreshnessBanner *banner = window.resourceView()->banner();
    QVERIFY(!banner->isVisibleTo(&window));

    simulator.stop();
    QTRY_VERIFY_WITH_TIMEOUT(banner->isVisibleTo(&window), 30000);
    QVERIFY2(banner->text().contains(QStringLiteral("pods")), qPrintable(banner->text()));
    QVERIFY2(banner->text().contains(QStringLiteral("last known state")),
             qPrintable(banner->text()));
    QVERIFY(model->rowCount() > 0); // the last known rows stay, marked stale

    QVERIFY(simulator.start(options, QHostAddress::LocalHost, port).ok());
    // "Reconnect now" ends the backoff (up to a minute after a long outage).
    QTRY_VERIFY_WITH_TIMEOUT(banner->retryButton()->isVisible(), 10000);
    banner->retryButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(pods->status().state == InformerStatus::State::Watching, 15000);
    QTRY_VERIFY_WITH_TIMEOUT(!banner->isVisibleTo(&window), 5000);
    QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() > 0, 10000);
}

// A device-code login (kubelogin, az): the plugin writes where to sign in on
// stderr and waits. The window must show that, links clickable, and take it
// down once the plugin signs in and the table fills.
void TestLiveSession::credentialPluginPromptIsShownUntilSignedIn()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString signedIn = dir.filePath(QStringLiteral("signed-in"));
    const QString plugin = dir.filePath(QStringLiteral("device-login.sh"));
    QFile script(plugin);
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(
        QStringLiteral("#!/bin/sh\n"
                       "echo 'To sign in, open https://login.example/device and enter ABCD-1234.' "
                       ">&2\n"
                       "while [ ! -e '%1' ]; do sleep 0.05; done\n"
                       "printf '{\"kind\":\"ExecCredential\",\"apiVersion\":"
                       "\"client.authentication.k8s.io/v1\",\"status\":{\"token\":\"s3cret\"}}'\n")
            .arg(signedIn)
            .toUtf8());
    script.close();
    script.setPermissions(script.permissions() | QFileDevice::ExeOwner);

    sim::Simulator simulator;
    QVERIFY(simulator.start(demoCluster(QStringLiteral("s3cret"))).ok());
    ClusterConfig config;
    config.server = QUrl(simulator.url());
    config.certificateAuthorityPem = testCa();
    config.user.exec = ExecConfig{QStringLiteral("client.authentication.k8s.io/v1"),
                                  plugin,
                                  {},
                                  {},
                                  QStringLiteral("Never"),
                                  false,
                                  {}};
    const std::unique_ptr<MainWindow> shown = podsWindow(config, QStringLiteral("aks-prod"));
    MainWindow &window = *shown;
    QCOMPARE(window.currentKind().plural, QStringLiteral("pods"));
    InformerStatusModel *informers = window.informerModel();
    QAbstractItemModelTester tester(informers);

    SignInBanner *banner = window.signInBanner();
    QTRY_VERIFY_WITH_TIMEOUT(banner->isVisibleTo(&window), 10000);
    // Nothing is listing while the plugin waits for the user: the status bar
    // and the informers panel say what is awaited instead.
    KindSource *pods = window.resourceView()->source();
    QTRY_COMPARE_WITH_TIMEOUT(pods->status().state, InformerStatus::State::WaitingForSignIn, 10000);
    QTRY_VERIFY2(window.statusText().contains(QStringLiteral("pods</b>: waiting for sign-in")),
                 qPrintable(window.statusText()));
    int podsRow = -1;
    for (int row = 0; row < informers->rowCount(); ++row) {
        if (informers->sourceAt(row) == pods)
            podsRow = row;
    }
    QVERIFY(podsRow >= 0);
    QCOMPARE(informers->index(podsRow, InformerStatusModel::StateColumn).data().toString(),
             QStringLiteral("waiting for sign-in"));
    QVERIFY2(banner->text().contains(QStringLiteral("aks-prod")), qPrintable(banner->text()));
    QVERIFY2(banner->text().contains(QStringLiteral("enter ABCD-1234.")),
             qPrintable(banner->text()));
    QVERIFY2(
        banner->linesHtml().contains(QStringLiteral("<a href=\"https://login.example/device\">")),
        qPrintable(banner->linesHtml()));
    ResourceTableModel *model = window.resourceView()->feed()->model();
    QCOMPARE(model->rowCount(), 0);
    // Said once on the empty table, and the status bar does not count the
    // waiting informers as failures.
    QTRY_COMPARE(window.resourceView()->emptyHint()->text(),
                 QStringLiteral("Waiting for you to sign in before listing pods."));
    QTRY_COMPARE(window.informersSummaryText(), QStringLiteral("Waiting for sign-in"));

    QFile(signedIn).open(QIODevice::WriteOnly);
    QTRY_VERIFY_WITH_TIMEOUT(model->rowCount() > 0, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(!banner->isVisibleTo(&window), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(pods->status().state, InformerStatus::State::Watching, 10000);
    QTRY_COMPARE(informers->index(podsRow, InformerStatusModel::StateColumn).data().toString(),
                 QStringLiteral("watching"));
    QTRY_VERIFY2(window.informersSummaryText().endsWith(QStringLiteral("informers watching")),
                 qPrintable(window.informersSummaryText()));
}

// kubelogin waiting for a browser it could not open, an aws profile hanging
// on SSO: the plugin writes nothing and never ends. The window said "listing"
// forever and never named it; once closed, what the plugin had started (here
// a wrapper script's command) went on running.
void TestLiveSession::silentCredentialPluginIsNamedAndEndsWithTheWindow()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pluginPid = dir.filePath(QStringLiteral("plugin.pid"));
    const QString helperPid = dir.filePath(QStringLiteral("helper.pid"));
    const QString plugin = dir.filePath(QStringLiteral("quiet-login"));
    QFile script(plugin);
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(QStringLiteral("#!/bin/sh\n"
                                "echo $$ > '%1.tmp' && mv '%1.tmp' '%1'\n"
                                "sleep 60 &\n"
                                "echo $! > '%2.tmp' && mv '%2.tmp' '%2'\n"
                                "wait\n")
                     .arg(pluginPid, helperPid)
                     .toUtf8());
    script.close();
    script.setPermissions(script.permissions() | QFileDevice::ExeOwner);

    sim::Simulator simulator;
    QVERIFY(simulator.start(demoCluster(QStringLiteral("s3cret"))).ok());
    ClusterConfig config;
    config.server = QUrl(simulator.url());
    config.certificateAuthorityPem = testCa();
    config.user.exec =
        ExecConfig{QStringLiteral("client.authentication.k8s.io/v1"),
                   plugin,
                   {QStringLiteral("get-token"), QStringLiteral("--client-secret=hunter2")},
                   {},
                   QStringLiteral("Never"),
                   false,
                   {}};
    std::unique_ptr<MainWindow> window = podsWindow(config, QStringLiteral("sso-prod"));
    InformerStatusModel *informers = window->informerModel();
    auto tester = std::make_unique<QAbstractItemModelTester>(informers);
    KindSource *pods = window->resourceView()->source();
    QVERIFY(pods);
    QTRY_VERIFY(test::pidIn(pluginPid) > 0 && test::pidIn(helperPid) > 0);

    QTRY_COMPARE_WITH_TIMEOUT(pods->status().state, InformerStatus::State::WaitingForSignIn, 10000);
    int podsRow = -1;
    for (int row = 0; row < informers->rowCount(); ++row) {
        if (informers->sourceAt(row) == pods)
            podsRow = row;
    }
    QVERIFY(podsRow >= 0);
    QTRY_COMPARE(informers->index(podsRow, InformerStatusModel::StateColumn).data().toString(),
                 QStringLiteral("waiting for sign-in"));
    SignInBanner *banner = window->signInBanner();
    QTRY_VERIFY_WITH_TIMEOUT(banner->isVisibleTo(window.get()), 10000);
    QVERIFY2(banner->text().startsWith(QStringLiteral(
                 "Waiting for the credential plugin quiet-login to sign in to sso-prod… (")),
             qPrintable(banner->text()));
    QVERIFY2(!banner->text().contains(QStringLiteral("hunter2")), qPrintable(banner->text()));
    QCOMPARE(window->resourceView()->feed()->model()->rowCount(), 0);

    const qint64 pluginProcess = test::pidIn(pluginPid);
    const qint64 helperProcess = test::pidIn(helperPid);
    QVERIFY(test::processRuns(pluginProcess));
    QVERIFY(test::processRuns(helperProcess));
    tester.reset();
    window.reset(); // closed: the session and its plugin go with it
    QTRY_VERIFY(!test::processRuns(pluginProcess));
    QTRY_VERIFY(!test::processRuns(helperProcess));
}

// A 401 (the token is wrong or expired) is not a 403 (RBAC): the user must
// sign in again, not ask for permissions.
void TestLiveSession::rejectedCredentialsAreNotCalledForbidden()
{
    sim::Simulator simulator;
    QVERIFY(simulator.start(demoCluster(QStringLiteral("s3cret"))).ok());
    ClusterConfig config;
    config.server = QUrl(simulator.url());
    config.certificateAuthorityPem = testCa();
    config.user.token = QStringLiteral("expired");
    const std::unique_ptr<MainWindow> shown = podsWindow(config, QStringLiteral("prod"));
    MainWindow &window = *shown;
    QCOMPARE(window.currentKind().plural, QStringLiteral("pods"));
    KindSource *pods = window.resourceView()->source();
    QTRY_COMPARE_WITH_TIMEOUT(pods->status().state, InformerStatus::State::Unauthorized, 10000);
    FreshnessBanner *banner = window.resourceView()->banner();
    QTRY_VERIFY(banner->isVisibleTo(&window));
    QVERIFY2(banner->text().startsWith(QStringLiteral("Not signed in")),
             qPrintable(banner->text()));
}

// Over http:// no credential is sent (as with kubectl), so a 401 is the
// server asking for some, not refusing the ones the kubeconfig has: the banner
// must not say they were not accepted, and says what would help.
void TestLiveSession::unauthorizedOverHttpSaysNoCredentialsWereSent()
{
    sim::SimOptions options;
    options.scenario = QStringLiteral("demo");
    options.token = QStringLiteral("s3cret"); // and no TLS: the server is http://
    sim::Simulator simulator;
    QVERIFY(simulator.start(options).ok());
    ClusterConfig config;
    config.server = QUrl(simulator.url());
    QCOMPARE(config.server.scheme(), QStringLiteral("http"));
    config.userName = QStringLiteral("dev");
    config.user.token = QStringLiteral("s3cret");
    const std::unique_ptr<MainWindow> shown = podsWindow(config, QStringLiteral("plain"));
    MainWindow &window = *shown;
    KindSource *pods = window.resourceView()->source();
    QVERIFY(pods);
    QTRY_COMPARE_WITH_TIMEOUT(pods->status().state, InformerStatus::State::Unauthorized, 10000);
    FreshnessBanner *banner = window.resourceView()->banner();
    QTRY_VERIFY(banner->isVisibleTo(&window));
    QCOMPARE(banner->text(),
             QStringLiteral("Not signed in: the server requires credentials for pods in plain; "
                            "none are sent over http:// (use https)."));
}

// A Helm install creates CRDs while the window is open; an uninstall removes
// them. The sidebar and the kind switcher follow without a restart.
void TestLiveSession::customKindsAppearAndDisappearLive()
{
    sim::Simulator simulator;
    QVERIFY(simulator.start(demoCluster()).ok());
    ClusterConfig config;
    config.server = QUrl(simulator.url());
    auto *session = new LiveClusterSession(config, QStringLiteral("demo"));
    session->setRediscoveryDelay(100);
    MainWindow window(session, QStringList{}, nullptr);
    session->setParent(&window);
    window.show();
    session->discover();
    QTRY_VERIFY_WITH_TIMEOUT(session->kindsDiscovered(), 20000);
    const QString gadgets = QStringLiteral("gadgets.test.example.com");
    QVERIFY(!session->findKind(gadgets).isValid());
    // The user closed Workloads; the tree's rebuild must not open it again.
    auto *tree = window.findChild<QTreeView *>(QStringLiteral("resourceTree"));
    QVERIFY(tree);
    const auto category = [tree](const QString &title) {
        const QModelIndexList found = tree->model()->match(
            tree->model()->index(0, 0), Qt::DisplayRole, title, 1, Qt::MatchExactly);
        return found.value(0);
    };
    QVERIFY(tree->isExpanded(category(QStringLiteral("Workloads"))));
    tree->collapse(category(QStringLiteral("Workloads")));

    const auto send = [&simulator](const QByteArray &method, const QByteArray &target,
                                   const QByteArray &body) {
        return sendTo(simulator.port(), method, target, body);
    };
    const QByteArray crd = gadgetCrd(QStringLiteral("v1"));
    QCOMPARE(send("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd), 201);
    QTRY_VERIFY_WITH_TIMEOUT(session->findKind(gadgets).isValid(), 15000);
    const KindInfo gadget = session->findKind(gadgets);
    QCOMPARE(gadget.kind, QStringLiteral("Gadget"));
    QVERIFY(gadget.namespaced);
    const QModelIndex shown = window.treeModel()->indexOfKind(gadget.id());
    QVERIFY(shown.isValid());
    QVERIFY(tree->isExpanded(category(QStringLiteral("Custom Resources"))));
    QVERIFY(!tree->isExpanded(category(QStringLiteral("Workloads"))));
    QVERIFY(window.showKindByName(QStringLiteral("gadgets")));

    QCOMPARE(send("DELETE",
                  "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/"
                  "gadgets.test.example.com",
                  {}),
             200);
    QTRY_VERIFY_WITH_TIMEOUT(!session->findKind(gadgets).isValid(), 15000);
    QVERIFY(!window.treeModel()->indexOfKind(gadget.id()).isValid());
}

// An open table of a custom kind through its CRD's life: deleted, the watch
// stops and says the cluster no longer serves it (not a failure that retries
// against a 404 forever); created again at another version (an operator's
// upgrade), the same table lists and watches the new version.
void TestLiveSession::customKindTableFollowsItsCrd()
{
    DemoWindow demo;
    QVERIFY(demo.open());
    const QByteArray crds = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
    QCOMPARE(demo.send("POST", crds, gadgetCrd(QStringLiteral("v1"))), 201);
    QTRY_VERIFY_WITH_TIMEOUT(demo.window->showKindByName(QStringLiteral("gadgets")), 15000);
    QCOMPARE(demo.send("POST", "/apis/test.example.com/v1/namespaces/default/gadgets",
                       gadget(QStringLiteral("v1"), QStringLiteral("g1"))),
             201);
    KindSource *source = demo.window->resourceView()->source();
    QTRY_COMPARE_WITH_TIMEOUT(demo.rows(), 1, 15000);

    QCOMPARE(demo.send("DELETE", crds + "/gadgets.test.example.com"), 200);
    QTRY_COMPARE_WITH_TIMEOUT(source->status().state, InformerStatus::State::Gone, 15000);
    QVERIFY2(!demo.window->informersSummaryText().contains(QStringLiteral("not watching")),
             qPrintable(demo.window->informersSummaryText()));

    QCOMPARE(demo.send("POST", crds, gadgetCrd(QStringLiteral("v2"))), 201);
    QTRY_COMPARE_WITH_TIMEOUT(source->kind().version, QStringLiteral("v2"), 15000);
    QTRY_COMPARE_WITH_TIMEOUT(source->status().state, InformerStatus::State::Watching, 15000);
    QCOMPARE(demo.window->currentKind().version, QStringLiteral("v2"));
    QCOMPARE(demo.window->resourceView()->source(), source);
    QCOMPARE(demo.send("POST", "/apis/test.example.com/v2/namespaces/default/gadgets",
                       gadget(QStringLiteral("v2"), QStringLiteral("g2"))),
             201);
    QTRY_COMPARE_WITH_TIMEOUT(demo.rows(), 1, 15000);
    const auto firstName = [&demo] {
        const ResourceTableModel *model = demo.window->resourceView()->feed()->model();
        return model->index(0, 0).data(ResourceTableModel::ObjectRole).value<KubeObject>().name();
    };
    QCOMPARE(firstName(), QStringLiteral("g2"));

    // Uninstalled and installed again at the same version (helm uninstall,
    // helm install): the open table lists and follows the new objects.
    QCOMPARE(demo.send("DELETE", crds + "/gadgets.test.example.com"), 200);
    QTRY_COMPARE_WITH_TIMEOUT(source->status().state, InformerStatus::State::Gone, 15000);
    QCOMPARE(demo.send("POST", crds, gadgetCrd(QStringLiteral("v2"))), 201);
    QTRY_COMPARE_WITH_TIMEOUT(source->status().state, InformerStatus::State::Watching, 15000);
    QCOMPARE(demo.send("POST", "/apis/test.example.com/v2/namespaces/default/gadgets",
                       gadget(QStringLiteral("v2"), QStringLiteral("g3"))),
             201);
    QTRY_COMPARE_WITH_TIMEOUT(demo.rows(), 1, 15000);
    QTRY_COMPARE_WITH_TIMEOUT(firstName(), QStringLiteral("g3"), 5000);
}

void TestLiveSession::managedFieldsAreDroppedUnlessKept_data()
{
    QTest::addColumn<bool>("keep");
    QTest::newRow("default transform") << false;
    QTest::newRow("--no-transform") << true;
}

// The default transform drops metadata.managedFields; informant
// --no-transform keeps them for the details pane.
void TestLiveSession::managedFieldsAreDroppedUnlessKept()
{
    QFETCH(bool, keep);
    sim::Simulator simulator;
    QVERIFY(simulator.start(demoCluster()).ok());
    const QByteArray configMap =
        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"managed",)"
        R"("namespace":"default","managedFields":[{"manager":"kubectl","operation":"Apply",)"
        R"("apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":{"f:data":{}}}]},)"
        R"("data":{"a":"b"}})";
    QCOMPARE(sendTo(simulator.port(), "POST", "/api/v1/namespaces/default/configmaps", configMap),
             201);
    ClusterConfig config;
    config.server = QUrl(simulator.url());
    LiveSessionOptions options;
    options.keepManagedFields = keep;
    LiveClusterSession session(config, QStringLiteral("demo"), options);
    KindSource *source = session.source(session.findKind(QStringLiteral("configmaps")));
    QVERIFY(source);
    QTRY_VERIFY_WITH_TIMEOUT(source->status().synced, 20000);
    const std::optional<KubeObject> object =
        source->indexer().getByKey(QStringLiteral("default/managed"));
    QVERIFY(object);
    QCOMPARE(object->json().contains("\"managedFields\""), keep);
}

// A user whose Role binds in one namespace cannot list pods in all of them:
// the kind goes on in the context's namespace (and kinds started later start
// there), and the window is told why it sees one namespace.
void TestLiveSession::userAllowedOneNamespaceWatchesIt()
{
    sim::Simulator simulator;
    sim::SimOptions simOptions = demoCluster();
    simOptions.readableNamespaces = {QStringLiteral("web")};
    QVERIFY(simulator.start(simOptions).ok());
    ClusterConfig config;
    config.server = QUrl(simulator.url());
    LiveSessionOptions options;
    options.fallbackNamespace = QStringLiteral("web");
    LiveClusterSession session(config, QStringLiteral("demo"), options);
    QSignalSpy failed(&session, &ClusterSession::failed);
    KindSource *pods = session.source(session.findKind(QStringLiteral("pods")));
    QVERIFY(pods);
    QTRY_VERIFY_WITH_TIMEOUT(pods->status().synced, 20000);
    QCOMPARE(pods->status().state, InformerStatus::State::Watching);
    const QList<KubeObject> listed = pods->indexer().list();
    QVERIFY(!listed.isEmpty());
    for (const KubeObject &pod : listed)
        QCOMPARE(pod.namespaceName(), QStringLiteral("web"));
    QCOMPARE(failed.count(), 1);
    QVERIFY2(failed.at(0).at(0).toString().contains(QStringLiteral("watching namespace web only")),
             qPrintable(failed.at(0).at(0).toString()));

    KindSource *services = session.source(session.findKind(QStringLiteral("services")));
    QTRY_VERIFY_WITH_TIMEOUT(services->status().synced, 20000);
    QVERIFY(!services->indexer().list().isEmpty());
    // Nodes have no namespace to fall back to: forbidden, and saying so.
    KindSource *nodes = session.source(session.findKind(QStringLiteral("nodes")));
    QTRY_COMPARE_WITH_TIMEOUT(nodes->status().state, InformerStatus::State::Forbidden, 20000);
}

QTEST_MAIN(TestLiveSession)
#include "tst_livesession.moc"
