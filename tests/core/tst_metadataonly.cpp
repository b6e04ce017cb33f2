// metadataOnlyObject: a metadata-only informer's objects keep the watched
// kind's identity, hold nothing but metadata, and say so; anything that is
// not an object of that kind's metadata is refused.

#include "informer/core/metadataonly.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace informant;

namespace {

const QString kSecret = QStringLiteral("Secret");
const QString kV1 = QStringLiteral("v1");

KubeObject decoded(const QByteArray &json, DecodeOptions options = {})
{
    auto object = KubeObject::fromJson(json, options);
    if (!object.ok())
        qFatal("%s", qPrintable(object.errorMessage()));
    return object.value();
}

QJsonObject jsonOf(const KubeObject &object)
{
    return QJsonDocument::fromJson(object.json()).object();
}

} // namespace

class TestMetadataOnly : public QObject
{
    Q_OBJECT

private slots:
    void keepsTheWatchedKindsIdentity_data();
    void keepsTheWatchedKindsIdentity();
    void refusesWhatIsNotTheKindsMetadata_data();
    void refusesWhatIsNotTheKindsMetadata();
    void managedFieldsFollowTheDecodeOptions();
    void transformKeepsTheMark();
    void wholeObjectsAreNotMarked();
};

void TestMetadataOnly::keepsTheWatchedKindsIdentity_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("PartialObjectMetadata v1")
        << QByteArray(R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1",)"
                      R"("metadata":{"name":"s","namespace":"ns","uid":"u","resourceVersion":"7",)"
                      R"("labels":{"a":"b"}}})");
    QTest::newRow("PartialObjectMetadata v1beta1")
        << QByteArray(R"({"apiVersion":"meta.k8s.io/v1beta1","kind":"PartialObjectMetadata",)"
                      R"("metadata":{"name":"s","namespace":"ns","uid":"u","resourceVersion":"7",)"
                      R"("labels":{"a":"b"}}})");
    QTest::newRow("list item without kind")
        << QByteArray(R"({"metadata":{"name":"s","namespace":"ns","uid":"u",)"
                      R"("resourceVersion":"7","labels":{"a":"b"}}})");
    // A server that ignored the Accept (plain JSON is acceptable after it):
    // the values are not kept.
    QTest::newRow("whole Secret") << QByteArray(
        R"({"kind":"Secret","apiVersion":"v1","metadata":{"name":"s",)"
        R"("namespace":"ns","uid":"u","resourceVersion":"7","labels":{"a":"b"}},)"
        R"("type":"Opaque","data":{"password":"aHVudGVyMg=="}})");
}

void TestMetadataOnly::keepsTheWatchedKindsIdentity()
{
    QFETCH(QByteArray, json);
    const auto object = metadataOnlyObject(decoded(json), kSecret, kV1);
    QVERIFY2(object.ok(), qPrintable(object.errorMessage()));
    QVERIFY(object->isMetadataOnly());
    QCOMPARE(object->kind(), kSecret);
    QCOMPARE(object->apiVersion(), kV1);
    QCOMPARE(object->key(), QStringLiteral("ns/s"));
    QCOMPARE(object->uid(), QStringLiteral("u"));
    QCOMPARE(object->resourceVersion(), QStringLiteral("7"));
    QCOMPARE(object->label(QStringLiteral("a")), std::optional<QString>(QStringLiteral("b")));
    const QJsonObject stored = jsonOf(*object);
    QCOMPARE(stored.keys(), (QStringList{"apiVersion", "kind", "metadata"}));
    QCOMPARE(stored.value("kind").toString(), kSecret);
    QCOMPARE(stored.value("apiVersion").toString(), kV1);
    QVERIFY(!object->json().contains("aHVudGVyMg=="));
    // Made again from itself, it is the same object.
    const auto again = metadataOnlyObject(*object, kSecret, kV1);
    QVERIFY(again.ok());
    QVERIFY(again->sameAs(*object));
}

void TestMetadataOnly::refusesWhatIsNotTheKindsMetadata_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("error");
    QTest::newRow("another kind")
        << QByteArray(R"({"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c"}})")
        << "expected PartialObjectMetadata or Secret, got v1 ConfigMap";
    QTest::newRow("a Table")
        << QByteArray(R"({"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{}})")
        << "expected PartialObjectMetadata or Secret, got meta.k8s.io/v1 Table";
    QTest::newRow("PartialObjectMetadata of another group")
        << QByteArray(R"({"kind":"PartialObjectMetadata","apiVersion":"example.com/v1",)"
                      R"("metadata":{"name":"c"}})")
        << "expected PartialObjectMetadata or Secret, got example.com/v1 PartialObjectMetadata";
    QTest::newRow("no metadata")
        << QByteArray(R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1"})")
        << "PartialObjectMetadata without a metadata object";
    QTest::newRow("null metadata")
        << QByteArray(R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1",)"
                      R"("metadata":null})")
        << "PartialObjectMetadata without a metadata object";
}

void TestMetadataOnly::refusesWhatIsNotTheKindsMetadata()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, error);
    const auto object = metadataOnlyObject(decoded(json), kSecret, kV1);
    QVERIFY(!object.ok());
    QCOMPARE(object.errorMessage(), error);
}

void TestMetadataOnly::managedFieldsFollowTheDecodeOptions()
{
    const KubeObject partial =
        decoded(R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1",)"
                R"("metadata":{"name":"s","managedFields":[{"manager":"kubectl"}]}})");
    const auto kept = metadataOnlyObject(partial, kSecret, kV1);
    QVERIFY(kept.ok());
    QVERIFY(kept->hasManagedFields());
    DecodeOptions drop;
    drop.dropManagedFields = true;
    const auto dropped = metadataOnlyObject(partial, kSecret, kV1, drop);
    QVERIFY(dropped.ok());
    QVERIFY(!dropped->hasManagedFields());
    QVERIFY(!dropped->json().contains("managedFields"));
    QVERIFY(dropped->isMetadataOnly());
}

void TestMetadataOnly::transformKeepsTheMark()
{
    const KubeObject partial =
        decoded(R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1",)"
                R"("metadata":{"name":"s","managedFields":[{"manager":"kubectl"}]}})");
    const auto object = metadataOnlyObject(partial, kSecret, kV1);
    QVERIFY(object.ok());
    // The informer's default transform decodes the object again.
    const KubeObject transformed = withoutManagedFields(*object);
    QVERIFY(!transformed.hasManagedFields());
    QVERIFY(transformed.isMetadataOnly());
    QCOMPARE(transformed.kind(), kSecret);
}

void TestMetadataOnly::wholeObjectsAreNotMarked()
{
    const KubeObject secret = decoded(R"({"kind":"Secret","apiVersion":"v1",)"
                                      R"("metadata":{"name":"s"},"data":{}})");
    QVERIFY(!secret.isMetadataOnly());
    QVERIFY(!withoutManagedFields(secret).isMetadataOnly());
    // Marking a shared object leaves the other holders' unmarked.
    KubeObject copy = secret;
    const KubeObject marked = std::move(copy).markedMetadataOnly();
    QVERIFY(marked.isMetadataOnly());
    QVERIFY(!secret.isMetadataOnly());
}

QTEST_GUILESS_MAIN(TestMetadataOnly)
#include "tst_metadataonly.moc"
