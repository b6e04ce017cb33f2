// What kube-apiserver's validation refuses on a create, with its 422 word
// for word (kubectl prints the server's message): names that are not RFC 1123
// subdomains (a Namespace's an RFC 1123 label, a Service's a DNS-1035
// label), a Pod without containers, negative replicas, and a workload whose
// selector does not match its template's labels. And on an update, a new
// finalizer on an object being deleted, an immutable ConfigMap's or Secret's
// data, a Secret's type.

#include "simfixtures.h"

using namespace informant;
using namespace informant::sim;
using namespace simtest;

class TestSimValidation : public QObject
{
    Q_OBJECT

private slots:
    void newNamesAreValidatedAsTheApiServerDoes_data();
    void newNamesAreValidatedAsTheApiServerDoes();
    void workloadSpecsAreValidatedAsTheApiServerDoes_data();
    void workloadSpecsAreValidatedAsTheApiServerDoes();
    void anObjectBeingDeletedTakesNoNewFinalizers();
    void immutableConfigMapsAndSecretsKeepTheirData();
};

// As ValidateConfigMapUpdate and ValidateSecretUpdate, in the words kubectl
// prints: `immutable: true` freezes the data and itself; a Secret's type is
// never changed. What else the update changes is allowed.
void TestSimValidation::immutableConfigMapsAndSecretsKeepTheirData()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    const auto create = [&](const char *collection, const QJsonObject &object) {
        return request(port, "POST", QByteArray("/api/v1/namespaces/default/") + collection,
                       {{"Content-Type", "application/json"}},
                       QJsonDocument(object).toJson(QJsonDocument::Compact))
            .status;
    };
    const QString frozen = QStringLiteral("Forbidden: field is immutable when `immutable` is set");
    QCOMPARE(create("configmaps", {{"apiVersion", "v1"},
                                   {"kind", "ConfigMap"},
                                   {"metadata", QJsonObject{{"name", "frozen"}}},
                                   {"immutable", true},
                                   {"data", QJsonObject{{"a", "1"}}}}),
             201);
    const QByteArray configMap = "/api/v1/namespaces/default/configmaps/frozen";
    Response refused = mergePatch(port, configMap, R"({"data":{"a":"2"}})");
    QCOMPARE(refused.status, 422);
    QCOMPARE(refused.json().value("message").toString(),
             QStringLiteral("ConfigMap \"frozen\" is invalid: data: ") + frozen);
    refused = mergePatch(port, configMap, R"({"immutable":false,"data":{"a":"2"}})");
    QCOMPARE(
        refused.json().value("message").toString(),
        QStringLiteral("ConfigMap \"frozen\" is invalid: [immutable: %1, data: %1]").arg(frozen));
    QCOMPARE(refused.json().value("details").toObject().value("causes").toArray().size(), 2);
    QCOMPARE(mergePatch(port, configMap, R"({"metadata":{"labels":{"team":"web"}}})").status, 200);
    // A stale write is a conflict first, as kube-apiserver checks it first.
    QCOMPARE(mergePatch(port, configMap, R"({"metadata":{"resourceVersion":"1"},"data":{"a":"2"}})")
                 .status,
             409);
    QCOMPARE(get(port, configMap).json().value("data").toObject().value("a").toString(),
             QStringLiteral("1"));

    QCOMPARE(create("secrets", {{"apiVersion", "v1"},
                                {"kind", "Secret"},
                                {"metadata", QJsonObject{{"name", "key"}}},
                                {"immutable", true},
                                {"data", QJsonObject{{"k", "eA=="}}}}), // "x"
             201);
    const QByteArray secret = "/api/v1/namespaces/default/secrets/key";
    // stringData is data: the same value written as text is no change.
    QCOMPARE(mergePatch(port, secret, R"({"stringData":{"k":"x"}})").status, 200);
    refused = mergePatch(port, secret, R"({"stringData":{"k":"y"}})");
    QCOMPARE(refused.json().value("message").toString(),
             QStringLiteral("Secret \"key\" is invalid: data: ") + frozen);
    // stringData is written into data, never kept: it cannot mask a later
    // change of data.
    QVERIFY(!get(port, secret).json().contains("stringData"));
    QCOMPARE(mergePatch(port, secret, R"({"data":{"k":"eQ=="}})").status, 422);
    refused = mergePatch(port, secret, R"({"type":"kubernetes.io/tls"})");
    QCOMPARE(refused.status, 422);
    QCOMPARE(refused.json().value("message").toString(),
             QStringLiteral("Secret \"key\" is invalid: type: Invalid value: "
                            "\"kubernetes.io/tls\": field is immutable"));
}

// As apimachinery's ValidateObjectMetaUpdate: kubectl patch adding a
// finalizer to a Terminating object gets the server's 422; removing one (the
// controller's part) is allowed, and the object then goes.
void TestSimValidation::anObjectBeingDeletedTakesNoNewFinalizers()
{
    const auto sim = startEmptySim();
    const quint16 port = sim->port();
    const QByteArray path = "/api/v1/namespaces/default/configmaps/held";
    const QJsonObject held{
        {"apiVersion", "v1"},
        {"kind", "ConfigMap"},
        {"metadata", QJsonObject{{"name", "held"}, {"finalizers", QJsonArray{"example.com/a"}}}}};
    QCOMPARE(request(port, "POST", "/api/v1/namespaces/default/configmaps",
                     {{"Content-Type", "application/json"}},
                     QJsonDocument(held).toJson(QJsonDocument::Compact))
                 .status,
             201);
    // Before the delete, a finalizer may be added.
    QCOMPARE(
        mergePatch(port, path, R"({"metadata":{"finalizers":["example.com/a","example.com/b"]}})")
            .status,
        200);
    QCOMPARE(request(port, "DELETE", path).status, 200);
    const Response refused = mergePatch(
        port, path,
        R"({"metadata":{"finalizers":["example.com/z","example.com/a","example.com/c"]}})");
    QCOMPARE(refused.status, 422);
    QCOMPARE(refused.json().value("message").toString(),
             QStringLiteral("ConfigMap \"held\" is invalid: metadata.finalizers: Forbidden: no new "
                            "finalizers can be added if the object is being deleted, found new "
                            "finalizers []string{\"example.com/c\", \"example.com/z\"}"));
    QCOMPARE(get(port, path).status, 200);

    QCOMPARE(mergePatch(port, path, R"({"metadata":{"finalizers":["example.com/b"]}})").status,
             200);
    QCOMPARE(mergePatch(port, path, R"({"metadata":{"finalizers":null}})").status, 200);
    QCOMPARE(get(port, path).status, 404);
}

void TestSimValidation::newNamesAreValidatedAsTheApiServerDoes_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QByteArray>("kind");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("rule"); // the start of the message's reason; empty: valid
    const QByteArray configMaps = "/api/v1/namespaces/default/configmaps";
    const QString subdomain = QStringLiteral("a lowercase RFC 1123 subdomain");
    QTest::newRow("dotted configmap")
        << configMaps << QByteArray("ConfigMap") << QStringLiteral("web.settings-1") << QString();
    QTest::newRow("upper case") << configMaps << QByteArray("ConfigMap")
                                << QStringLiteral("Bad_Name") << subdomain;
    QTest::newRow("ends in a dash")
        << configMaps << QByteArray("ConfigMap") << QStringLiteral("web-") << subdomain;
    QTest::newRow("too long") << configMaps << QByteArray("ConfigMap") << QString(254, u'a')
                              << QStringLiteral("must be no more than 253 characters");
    QTest::newRow("dotted namespace")
        << QByteArray("/api/v1/namespaces") << QByteArray("Namespace") << QStringLiteral("a.b")
        << QStringLiteral("a lowercase RFC 1123 label");
    QTest::newRow("service starting with a digit")
        << QByteArray("/api/v1/namespaces/default/services") << QByteArray("Service")
        << QStringLiteral("1web") << QStringLiteral("a DNS-1035 label");
}

// As kube-apiserver's ValidateObjectMeta: a 422 naming metadata.name, in
// the words kubectl prints.
void TestSimValidation::newNamesAreValidatedAsTheApiServerDoes()
{
    QFETCH(QByteArray, path);
    QFETCH(QByteArray, kind);
    QFETCH(QString, name);
    QFETCH(QString, rule);
    const auto sim = startEmptySim();
    QJsonObject object{{"apiVersion", "v1"},
                       {"kind", QString::fromLatin1(kind)},
                       {"metadata", QJsonObject{{"name", name}}}};
    if (kind == "Service")
        object.insert("spec", QJsonObject{{"ports", QJsonArray{QJsonObject{{"port", 80}}}}});
    const Response created = request(sim->port(), "POST", path, {},
                                     QJsonDocument(object).toJson(QJsonDocument::Compact));
    if (rule.isEmpty()) {
        QCOMPARE(created.status, 201);
        return;
    }
    QCOMPARE(created.status, 422);
    const QString expected =
        QStringLiteral("%1 \"%2\" is invalid: metadata.name: Invalid value: \"%2\": %3")
            .arg(QString::fromLatin1(kind), name, rule);
    const QString message = created.json().value("message").toString();
    QVERIFY2(message.startsWith(expected), qPrintable(message));
}

void TestSimValidation::workloadSpecsAreValidatedAsTheApiServerDoes_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("message"); // empty: valid
    const QByteArray deployments = "/apis/apps/v1/namespaces/default/deployments";
    const auto deployment = [](const char *replicas, const char *templateLabels) {
        return QByteArray(R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},)"
                          R"("spec":{"replicas":)") +
               replicas +
               R"(,"selector":{"matchLabels":{"app":"a"}},"template":{"metadata":{"labels":)" +
               templateLabels + R"(},"spec":{"containers":[{"name":"c","image":"i"}]}}}})";
    };
    QTest::newRow("valid deployment")
        << deployments << deployment("2", R"({"app":"a","tier":"web"})") << QString();
    QTest::newRow("negative replicas")
        << deployments << deployment("-1", R"({"app":"a"})")
        << QStringLiteral("Deployment.apps \"d\" is invalid: spec.replicas: Invalid value: -1: "
                          "must be greater than or equal to 0");
    QTest::newRow("selector not the template's")
        << deployments << deployment("1", R"({"app":"b","tier":"web"})")
        << QStringLiteral("Deployment.apps \"d\" is invalid: spec.template.metadata.labels: "
                          "Invalid value: map[string]string{\"app\":\"b\", \"tier\":\"web\"}: "
                          "`selector` does not match template `labels`");
    QTest::newRow("pod without containers")
        << QByteArray("/api/v1/namespaces/default/pods")
        << QByteArray(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},)"
                      R"("spec":{"containers":[]}})")
        << QStringLiteral("Pod \"p\" is invalid: spec.containers: Required value");
}

void TestSimValidation::workloadSpecsAreValidatedAsTheApiServerDoes()
{
    QFETCH(QByteArray, path);
    QFETCH(QByteArray, body);
    QFETCH(QString, message);
    const auto sim = startEmptySim();
    const Response created = request(sim->port(), "POST", path, {}, body);
    if (message.isEmpty()) {
        QCOMPARE(created.status, 201);
        return;
    }
    QCOMPARE(created.status, 422);
    QCOMPARE(created.json().value("message").toString(), message);
}

QTEST_GUILESS_MAIN(TestSimValidation)
#include "tst_simvalidation.moc"
