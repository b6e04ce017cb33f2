// The real kubectl against an in-process demo simulator: get, api-resources,
// apply, label, annotate, scale, delete, a concurrent `get -w` seeing every
// change, the imperative `create` commands (protobuf bodies) and the server's
// defaults on what they create (Secret type, Service cluster IPs and node ports).

#include "simclient.h"

#include "sim/simulator.h"

#include <QJsonArray>

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

class TestSimKubectl : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void getListsTheDemoCluster();
    void apiResourcesShowsBuiltInAndCustomResources();
    void rawPaginatedListHasAContinueToken();
    void writesAppearOnAConcurrentWatch();
    void imperativeCreatesAreStored();
    void getShowsTheServerDefaults();

private:
    QString kubectl(const QStringList &arguments, int *exitCode = nullptr);
    QStringList baseArguments() const;

    QString m_kubectl;
    QTemporaryDir m_dir;
    Simulator m_simulator;
};

void TestSimKubectl::initTestCase()
{
    m_kubectl = QStandardPaths::findExecutable(QStringLiteral("kubectl"));
    if (m_kubectl.isEmpty())
        QSKIP("kubectl is not installed: the kubectl compatibility test needs the real kubectl");
    QVERIFY(m_dir.isValid());
    const auto started = m_simulator.start(SimOptions{});
    QVERIFY2(started.ok(), qPrintable(started.errorMessage()));
    KubeconfigFor client;
    client.url = m_simulator.url();
    QVERIFY(writeKubeconfig(m_dir.filePath(QStringLiteral("config")), client).ok());
}

void TestSimKubectl::cleanupTestCase()
{
    m_simulator.stop();
}

QStringList TestSimKubectl::baseArguments() const
{
    return {QStringLiteral("--kubeconfig"),      m_dir.filePath(QStringLiteral("config")),
            QStringLiteral("--cache-dir"),       m_dir.filePath(QStringLiteral("cache")),
            QStringLiteral("--request-timeout"), QStringLiteral("20s")};
}

QString TestSimKubectl::kubectl(const QStringList &arguments, int *exitCode)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(m_kubectl, baseArguments() + arguments);
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished();
    }
    if (exitCode)
        *exitCode = process.exitCode();
    return QString::fromUtf8(process.readAll());
}

void TestSimKubectl::getListsTheDemoCluster()
{
    int code = -1;
    const QString all =
        kubectl({QStringLiteral("get"), QStringLiteral("pods,nodes,deployments,events,widgets"),
                 QStringLiteral("-A")},
                &code);
    QCOMPARE(code, 0);
    QVERIFY2(all.contains(QStringLiteral("CrashLoopBackOff")), qPrintable(all));
    QVERIFY(all.contains(QStringLiteral("Pending")));
    QVERIFY(all.contains(QStringLiteral("pod/frontend-")));
    QVERIFY(all.startsWith(QStringLiteral("NAMESPACE")));
    QCOMPARE(all.count(QRegularExpression(QStringLiteral("node/node-\\d +Ready"))), 3);
    QVERIFY(all.contains(QStringLiteral("deployment.apps/frontend")));
    QVERIFY(all.contains(QStringLiteral("BackOff")));
    QVERIFY(all.contains(QStringLiteral("COLOR")));
}

void TestSimKubectl::apiResourcesShowsBuiltInAndCustomResources()
{
    int code = -1;
    const QString resources = kubectl({QStringLiteral("api-resources")}, &code);
    QCOMPARE(code, 0);
    for (const char *line :
         {"deployments", "customresourcedefinitions", "widgets", "horizontalpodautoscalers"})
        QVERIFY2(resources.contains(QLatin1String(line)), line);
    QVERIFY(resources.contains(
        QRegularExpression(QStringLiteral("\\ndeployments +deploy +apps/v1 +true +Deployment"))));
}

void TestSimKubectl::rawPaginatedListHasAContinueToken()
{
    int code = -1;
    const QString raw = kubectl(
        {QStringLiteral("get"), QStringLiteral("--raw"), QStringLiteral("/api/v1/pods?limit=2")},
        &code);
    QCOMPARE(code, 0);
    QVERIFY2(raw.contains(QStringLiteral("\"continue\":\"")), qPrintable(raw.left(300)));
}

void TestSimKubectl::writesAppearOnAConcurrentWatch()
{
    const QString manifest = m_dir.filePath(QStringLiteral("deploy.yaml"));
    QFile file(manifest);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\n  namespace: default\n"
        "spec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: nginx\n  template:\n"
        "    metadata:\n      labels:\n        app: nginx\n    spec:\n      containers:\n"
        "      - name: nginx\n        image: nginx:1.27\n");
    file.close();

    QProcess watch;
    watch.setProcessChannelMode(QProcess::MergedChannels);
    watch.start(m_kubectl,
                baseArguments() + QStringList{QStringLiteral("get"), QStringLiteral("deploy"),
                                              QStringLiteral("-n"), QStringLiteral("default"),
                                              QStringLiteral("-w"),
                                              QStringLiteral("--output-watch-events"),
                                              QStringLiteral("-L"), QStringLiteral("tier")});
    QVERIFY(watch.waitForStarted());
    // Wait until the watch request reached the server.
    const auto watching = [this] {
        return get(m_simulator.port(), "/sim/v1/requests").body.contains("\"verb\":\"watch\"");
    };
    QTRY_VERIFY_WITH_TIMEOUT(watching(), 30000);
    QByteArray seen;

    int code = -1;
    QVERIFY(kubectl({QStringLiteral("apply"), QStringLiteral("-f"), manifest}, &code)
                .contains(QStringLiteral("created")));
    QCOMPARE(code, 0);
    QVERIFY(kubectl({QStringLiteral("label"), QStringLiteral("deploy"), QStringLiteral("nginx"),
                     QStringLiteral("-n"), QStringLiteral("default"), QStringLiteral("tier=gold")},
                    &code)
                .contains(QStringLiteral("labeled")));
    QVERIFY(kubectl({QStringLiteral("annotate"), QStringLiteral("deploy"), QStringLiteral("nginx"),
                     QStringLiteral("-n"), QStringLiteral("default"), QStringLiteral("owner=me")},
                    &code)
                .contains(QStringLiteral("annotated")));
    QVERIFY(
        kubectl({QStringLiteral("scale"), QStringLiteral("deploy"), QStringLiteral("nginx"),
                 QStringLiteral("-n"), QStringLiteral("default"), QStringLiteral("--replicas=3")},
                &code)
            .contains(QStringLiteral("scaled")));
    const auto pods = [this] {
        return QJsonDocument::fromJson(
                   get(m_simulator.port(), "/sim/v1/snapshot?resource=pods&namespace=default").body)
            .array()
            .size();
    };
    QTRY_COMPARE_WITH_TIMEOUT(pods(), 3, 20000); // the demo's deployment controller
    const QJsonObject deployment =
        get(m_simulator.port(), "/apis/apps/v1/namespaces/default/deployments/nginx").json();
    QCOMPARE(deployment.value("metadata")
                 .toObject()
                 .value("annotations")
                 .toObject()
                 .value("owner")
                 .toString(),
             QStringLiteral("me"));
    QVERIFY(kubectl({QStringLiteral("delete"), QStringLiteral("deploy"), QStringLiteral("nginx"),
                     QStringLiteral("-n"), QStringLiteral("default")},
                    &code)
                .contains(QStringLiteral("deleted")));
    QCOMPARE(code, 0);
    QTRY_VERIFY_WITH_TIMEOUT((seen += watch.readAll()).contains("DELETED"), 20000);
    watch.kill();
    watch.waitForFinished();
    const QString output = QString::fromUtf8(seen);
    QVERIFY2(output.contains(QRegularExpression(QStringLiteral("ADDED +nginx"))),
             qPrintable(output));
    QVERIFY2(output.contains(QRegularExpression(QStringLiteral("MODIFIED +nginx .* gold"))),
             qPrintable(output));
    QVERIFY2(output.contains(QRegularExpression(QStringLiteral("MODIFIED +nginx +\\d/3"))),
             qPrintable(output));
    QTRY_COMPARE_WITH_TIMEOUT(pods(), 0, 20000); // garbage-collected with their ReplicaSet
}

void TestSimKubectl::imperativeCreatesAreStored()
{
    // kubectl sends these built-in kinds as protobuf, not JSON.
    const QList<QStringList> creates = {
        {"create", "namespace", "imperative"},
        {"create", "configmap", "settings", "-n", "imperative", "--from-literal=level=debug"},
        {"create", "secret", "generic", "token", "-n", "imperative", "--from-literal=key=s3cret"},
        {"create", "serviceaccount", "robot", "-n", "imperative"},
        {"create", "deployment", "api", "-n", "imperative", "--image=nginx:1.27", "--replicas=2",
         "--port=8080"},
        {"create", "service", "clusterip", "api", "-n", "imperative", "--tcp=80:8080"},
        {"create", "job", "once", "-n", "imperative", "--image=busybox", "--", "echo", "hi"},
        {"create", "cronjob", "nightly", "-n", "imperative", "--image=busybox",
         "--schedule=0 3 * * *", "--", "date"},
    };
    for (const QStringList &create : creates) {
        int code = -1;
        const QString output = kubectl(create, &code);
        QVERIFY2(code == 0 && output.contains(QStringLiteral(" created")),
                 qPrintable(create.join(u' ') + QStringLiteral(": ") + output));
    }
    const auto field = [this](const QString &object, const QString &path) {
        return kubectl({QStringLiteral("get"), object, QStringLiteral("-n"),
                        QStringLiteral("imperative"), QStringLiteral("-o"),
                        QStringLiteral("jsonpath=") + path});
    };
    QCOMPARE(field(QStringLiteral("configmap/settings"), QStringLiteral("{.data.level}")),
             QStringLiteral("debug"));
    QCOMPARE(field(QStringLiteral("secret/token"), QStringLiteral("{.data.key}")),
             QStringLiteral("czNjcmV0")); // base64 of s3cret
    QCOMPARE(field(QStringLiteral("deployment/api"),
                   QStringLiteral("{.spec.replicas}/{.spec.template.spec.containers[0].ports[0]."
                                  "containerPort}")),
             QStringLiteral("2/8080"));
    QCOMPARE(field(QStringLiteral("service/api"), QStringLiteral("{.spec.ports[0].targetPort}")),
             QStringLiteral("8080"));
    QCOMPARE(field(QStringLiteral("job/once"),
                   QStringLiteral("{.spec.template.spec.containers[0].command}")),
             QStringLiteral(R"(["echo","hi"])"));
    QCOMPARE(field(QStringLiteral("cronjob/nightly"), QStringLiteral("{.spec.schedule}")),
             QStringLiteral("0 3 * * *"));
}

void TestSimKubectl::getShowsTheServerDefaults()
{
    int code = -1;
    const QString namespaceOutput = kubectl(
        {QStringLiteral("create"), QStringLiteral("namespace"), QStringLiteral("defaults")}, &code);
    QVERIFY2(code == 0, qPrintable(namespaceOutput));
    const QList<QStringList> creates = {
        {"create", "secret", "generic", "s", "-n", "defaults", "--from-literal=a=b"},
        {"create", "service", "clusterip", "web", "-n", "defaults", "--tcp=80:8080"},
        {"create", "service", "clusterip", "headless", "-n", "defaults", "--clusterip=None"},
        {"create", "service", "nodeport", "edge", "-n", "defaults", "--tcp=443:8443"},
        {"create", "deployment", "d", "-n", "defaults", "--image=nginx"},
    };
    for (const QStringList &create : creates) {
        const QString output = kubectl(create, &code);
        QVERIFY2(code == 0, qPrintable(create.join(u' ') + QStringLiteral(": ") + output));
    }
    const QString secrets =
        kubectl({QStringLiteral("get"), QStringLiteral("secret"), QStringLiteral("s"),
                 QStringLiteral("-n"), QStringLiteral("defaults")},
                &code);
    QVERIFY2(code == 0 &&
                 secrets.contains(QRegularExpression(QStringLiteral(R"(\ns +Opaque +1 )"))),
             qPrintable(secrets));
    const QString services = kubectl({QStringLiteral("get"), QStringLiteral("svc"),
                                      QStringLiteral("-n"), QStringLiteral("defaults")},
                                     &code);
    QCOMPARE(code, 0);
    const QRegularExpression web(QStringLiteral(
        R"(\nweb +ClusterIP +10\.(9[6-9]|10[0-9]|11[01])\.\d+\.\d+ +<none> +80/TCP )"));
    QVERIFY2(services.contains(web), qPrintable(services));
    QVERIFY2(
        services.contains(QRegularExpression(QStringLiteral(R"(\nheadless +ClusterIP +None )"))),
        qPrintable(services));
    QVERIFY2(services.contains(QRegularExpression(
                 QStringLiteral(R"(\nedge +NodePort +10\.\S+ +<none> +443:3\d{4}/TCP )"))),
             qPrintable(services));
    const QString deployment =
        kubectl({QStringLiteral("get"), QStringLiteral("deployment/d"), QStringLiteral("-n"),
                 QStringLiteral("defaults"), QStringLiteral("-o"),
                 QStringLiteral("jsonpath={.spec.replicas} {.spec.strategy.type} "
                                "{.spec.template.spec.containers[0].imagePullPolicy} "
                                "{.spec.template.spec.restartPolicy}")});
    QCOMPARE(deployment, QStringLiteral("1 RollingUpdate Always Always"));
}

QTEST_GUILESS_MAIN(TestSimKubectl)
#include "tst_simkubectl.moc"
