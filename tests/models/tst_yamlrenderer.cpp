#include "models/yamlrenderer.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace informant;

namespace {

KubeObject decode(const QByteArray &json)
{
    auto r = KubeObject::fromJson(json);
    return r.ok() ? r.value() : KubeObject();
}

// Built with QJsonDocument: moc cannot read raw strings with escaped quotes.
QByteArray secretJson()
{
    const QJsonObject meta{
        {"name", "db"},
        {"namespace", "shop"},
        {"annotations", QJsonObject{{"kubectl.kubernetes.io/last-applied-configuration",
                                     "{\"data\":{\"password\":\"aHVudGVyMg==\"}}"},
                                    // OpenShift's dockercfg Secrets carry the token here.
                                    {"openshift.io/token-secret.value", "sha256~t0k3n"}}}};
    const QJsonObject secret{
        {"apiVersion", "v1"},
        {"kind", "Secret"},
        {"type", "Opaque"},
        {"metadata", meta},
        {"data", QJsonObject{{"password", "aHVudGVyMg=="}, {"user", "YWRtaW4="}}},
        {"stringData", QJsonObject{{"extra", "plain"}}}};
    return QJsonDocument(secret).toJson(QJsonDocument::Compact);
}

} // namespace

class TestYamlRenderer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void masksSecretValuesUntilRevealed();
    void hidesManagedFieldsByDefault();
};

void TestYamlRenderer::masksSecretValuesUntilRevealed()
{
    const KubeObject secret = decode(secretJson());
    QVERIFY(!secret.isNull());
    const QString masked = renderYaml(secret);
    QVERIFY(!masked.contains(QStringLiteral("aHVudGVyMg==")));
    QVERIFY(!masked.contains(QStringLiteral("YWRtaW4=")));
    QVERIFY(!masked.contains(QStringLiteral("plain")));
    QVERIFY(masked.contains(QStringLiteral("  password: ") + kMaskedValue));
    QVERIFY(masked.contains(QStringLiteral("type: Opaque")));
    QVERIFY(!masked.contains(QStringLiteral("sha256~t0k3n")));
    QVERIFY(masked.contains(QStringLiteral("openshift.io/token-secret.value: ") + kMaskedValue));
    QVERIFY(isSecretValuePath(u"metadata.annotations[\"openshift.io/token-secret.value\"]"));
    QVERIFY(!isSecretValuePath(u"metadata.labels.app"));
    const QString revealed = renderYaml(secret, YamlOptions{false, true});
    QVERIFY(revealed.contains(QStringLiteral("password: aHVudGVyMg==")));
    QVERIFY(revealed.contains(QStringLiteral("extra: plain")));
    QVERIFY(revealed.contains(QStringLiteral("sha256~t0k3n")));
}

void TestYamlRenderer::hidesManagedFieldsByDefault()
{
    const KubeObject pod = decode(R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p",
      "managedFields":[{"manager":"kubectl","operation":"Apply"}]}})");
    QVERIFY(!renderYaml(pod).contains(QStringLiteral("managedFields")));
    const QString shown = renderYaml(pod, YamlOptions{true, false});
    QVERIFY(shown.contains(QStringLiteral("managedFields:")));
    QVERIFY(shown.contains(QStringLiteral("- manager: kubectl")));
}

QTEST_GUILESS_MAIN(TestYamlRenderer)
#include "tst_yamlrenderer.moc"
