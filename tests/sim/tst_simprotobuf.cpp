// protobufBodyToJson: the protobuf bodies kubectl's imperative commands send
// (captured from kubectl 1.32) read as the JSON kubectl would have sent, and
// every body it cannot read fully is refused with a reason, never stored in
// part.

#include "sim/protobufbody.h"

#include <QJsonDocument>
#include <QTest>

using namespace informant;
using namespace informant::sim;

namespace {

// `kubectl create configmap cm1 --from-literal=a=b --from-literal=c=d -n default`
const QByteArray kConfigMap = QByteArray::fromHex(
    "6b3873000a0f0a0276311209436f6e6669674d6170122c0a1a0a03636d3112001a0764656661756c7422002a00"
    "32003800420012060a016112016212060a01631201641a002200");
// `kubectl create deployment web2 --image=nginx --replicas=3 --port=8080 -n default`
const QByteArray kDeployment = QByteArray::fromHex(
    "6b3873000a150a07617070732f7631120a4465706c6f796d656e7412c4010a280a047765623212001a07646566"
    "61756c7422002a003200380042005a0b0a036170701204776562321289010803120d0a0b0a0361707012047765"
    "62321a6e0a1d0a0012001a0022002a003200380042005a0b0a03617070120477656232124d122f0a056e67696e"
    "7812056e67696e782a00320b0a00100018903f22002a0042006a007200800100880100900100a201001a003200"
    "42004a0052005800600068008201008a01009a0100c2010022020a00280038001a0c080010001800200028003800"
    "1a002200");
// `kubectl create secret docker-registry dr --docker-server=r.io --docker-username=u
// --docker-password=p -n default`
const QByteArray kSecret = QByteArray::fromHex(
    "6b3873000a0c0a02763112065365637265741292010a190a02647212001a0764656661756c7422002a00320038"
    "00420012550a112e646f636b6572636f6e6669676a736f6e12407b226175746873223a7b22722e696f223a7b22"
    "757365726e616d65223a2275222c2270617373776f7264223a2270222c2261757468223a2264547077227d7d7d"
    "1a1e6b756265726e657465732e696f2f646f636b6572636f6e6669676a736f6e1a002200");

// Writing protobuf by hand, for the bodies kubectl does not send.
QByteArray varint(quint64 value)
{
    QByteArray out;
    do {
        out.append(char((value & 0x7f) | (value > 0x7f ? 0x80 : 0)));
        value >>= 7;
    } while (value);
    return out;
}

QByteArray number(int field, quint64 value)
{
    return varint(quint64(field) << 3) + varint(value);
}

QByteArray bytes(int field, const QByteArray &value)
{
    return varint((quint64(field) << 3) | 2) + varint(quint64(value.size())) + value;
}

QByteArray body(const QByteArray &apiVersion, const QByteArray &kind, const QByteArray &raw)
{
    return QByteArray("k8s\0", 4) + bytes(1, bytes(1, apiVersion) + bytes(2, kind)) +
           bytes(2, raw) + bytes(3, {}) + bytes(4, {});
}

QString json(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

class TestSimProtobuf : public QObject
{
    Q_OBJECT

private slots:
    void readsWhatKubectlSends_data();
    void readsWhatKubectlSends();
    void optionalFieldsKeepTheirZero();
    void refusesWhatItCannotReadFully_data();
    void refusesWhatItCannotReadFully();
};

void TestSimProtobuf::readsWhatKubectlSends_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("expected");
    QTest::newRow("configmap")
        << kConfigMap
        << R"({"apiVersion":"v1","data":{"a":"b","c":"d"},"kind":"ConfigMap",)"
           R"("metadata":{"name":"cm1","namespace":"default"}})";
    // As `kubectl create deployment ... --dry-run=client -o json` prints it,
    // without its empty values.
    QTest::newRow("deployment")
        << kDeployment
        << R"({"apiVersion":"apps/v1","kind":"Deployment","metadata":{"labels":{"app":"web2"},)"
           R"("name":"web2","namespace":"default"},"spec":{"replicas":3,"selector":)"
           R"({"matchLabels":{"app":"web2"}},"template":{"metadata":{"labels":{"app":"web2"}},)"
           R"("spec":{"containers":[{"image":"nginx","name":"nginx","ports":)"
           R"([{"containerPort":8080}]}]}}}})";
    QTest::newRow("secret, bytes as base64")
        << kSecret
        << R"({"apiVersion":"v1","data":{".dockerconfigjson":)"
           R"("eyJhdXRocyI6eyJyLmlvIjp7InVzZXJuYW1lIjoidSIsInBhc3N3b3JkIjoicCIsImF1dGgiOiJkVHB3In19fQ=="},)"
           R"("kind":"Secret","metadata":{"name":"dr","namespace":"default"},)"
           R"("type":"kubernetes.io/dockerconfigjson"})";
}

void TestSimProtobuf::readsWhatKubectlSends()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, expected);
    const Result<QJsonObject> object = protobufBodyToJson(body);
    QVERIFY2(object.ok(), qPrintable(object.errorMessage()));
    QCOMPARE(json(*object), expected);
}

void TestSimProtobuf::optionalFieldsKeepTheirZero()
{
    // `--replicas=0` is written (a pointer that is set) and must not become
    // the server's default of 1; a plain zero (minReadySeconds) is unset.
    const QByteArray spec = number(1, 0) + number(5, 0);
    const QByteArray raw = bytes(1, bytes(1, "web")) + bytes(2, spec);
    const Result<QJsonObject> object = protobufBodyToJson(body("apps/v1", "Deployment", raw));
    QVERIFY2(object.ok(), qPrintable(object.errorMessage()));
    QCOMPARE(json(object->value(QStringLiteral("spec")).toObject()),
             QStringLiteral(R"({"replicas":0})"));
}

void TestSimProtobuf::refusesWhatItCannotReadFully_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("error");
    const QByteArray metadata = bytes(1, bytes(1, "cm1"));
    QTest::newRow("no magic") << QByteArray("{\"kind\":\"ConfigMap\"}") << "k8s magic";
    QTest::newRow("truncated") << kDeployment.chopped(30) << "truncated protobuf";
    QTest::newRow("a kind it has no table for") << body("networking.k8s.io/v1", "Ingress", metadata)
                                                << "reads protobuf bodies of Pod, Deployment";
    QTest::newRow("a field it does not know, set")
        << body("v1", "ConfigMap", metadata + number(9, 5))
        << "ConfigMap: informant-sim does not read field 9 of ConfigMap";
    QTest::newRow("a nested field it does not know, set")
        << body("v1", "ConfigMap", bytes(1, bytes(1, "cm1") + bytes(13, bytes(1, "owner"))))
        << "field 13 of ObjectMeta";
    QTest::newRow("a string where a number belongs")
        << body("v1", "ConfigMap", bytes(1, bytes(7, "x"))) << "wrong wire type";
    QTest::newRow("a length past the end")
        << QByteArray("k8s\0", 4) + varint(0x12) + varint(1000000) << "truncated protobuf";
    QTest::newRow("an endless varint")
        << QByteArray("k8s\0", 4) + QByteArray(20, '\xff') << "malformed protobuf";
    // Unknown fields are looked into (to skip all-zero structs) only so deep.
    QByteArray deep = number(1, 1);
    for (int i = 0; i < 5000; ++i)
        deep = bytes(99, deep);
    QTest::newRow("nested five thousand deep")
        << body("v1", "ConfigMap", deep) << "does not read field 99 of ConfigMap";
}

void TestSimProtobuf::refusesWhatItCannotReadFully()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, error);
    const Result<QJsonObject> object = protobufBodyToJson(body);
    QVERIFY2(!object.ok(), qPrintable(object.ok() ? json(*object) : QString()));
    QVERIFY2(object.errorMessage().contains(error), qPrintable(object.errorMessage()));
}

QTEST_GUILESS_MAIN(TestSimProtobuf)
#include "tst_simprotobuf.moc"
