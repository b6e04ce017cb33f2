#include "informer/core/kubeobject.h"

#include <QTest>

using namespace informant;

class TestKubeObject : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void extractsHotFields();
    void identityStringsOutliveAndNeverChangeTheObject();
    void withTypeMetaNeverChangesASharedObject();
    void dropsManagedFieldsOnRequest();
    void storesOneWhitespaceByteAnywhereMinified();
    void rejectsMalformedInput_data();
    void rejectsMalformedInput();
    void parsesTimestamps_data();
    void parsesTimestamps();
    void timesBeforeTheEpochAreUnknownNotInvalid();
    void copiesShareData();
    void keepsLabelsInQStringOrder_data();
    void keepsLabelsInQStringOrder();
    void siblingsShareTheirLabelAndOwnerLists();
    void everyObjectKeepsItsOwnLabelsAndOwners();
    void siblingsShareAnnotationKeysWhateverTheirValues();
    void annotationKeysAreNeverTakenForOthers();
};

void TestKubeObject::extractsHotFields()
{
    const QByteArray json = R"({
      "apiVersion": "v1", "kind": "Pod",
      "metadata": {"name": "web-1", "namespace": "shop", "uid": "u-1",
        "resourceVersion": "42", "generation": 3,
        "creationTimestamp": "2024-05-01T10:00:00Z",
        "labels": {"tier": "front", "app": "web"},
        "annotations": {"b": "x", "a": "y"},
        "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet",
                             "name": "web-abc", "uid": "rs-1", "controller": true}]},
      "spec": {"nodeName": "n1", "text": "quote \" and \\ and \n"}
    })";
    auto decoded = KubeObject::fromJson(json);
    QVERIFY2(decoded.ok(), qPrintable(decoded.errorMessage()));
    const KubeObject &pod = decoded.value();
    QCOMPARE(pod.apiVersion(), QStringLiteral("v1"));
    QCOMPARE(pod.kind(), QStringLiteral("Pod"));
    QCOMPARE(pod.namespaceName(), QStringLiteral("shop"));
    QCOMPARE(pod.name(), QStringLiteral("web-1"));
    QCOMPARE(pod.key(), QStringLiteral("shop/web-1"));
    QCOMPARE(pod.uid(), QStringLiteral("u-1"));
    QCOMPARE(pod.resourceVersion(), QStringLiteral("42"));
    QCOMPARE(pod.generation(), 3);
    QCOMPARE(pod.creationTimestampMs(), 1714557600000LL);
    QCOMPARE(pod.deletionTimestampMs(), -1);
    QCOMPARE(pod.labels().size(), 2);
    QCOMPARE(pod.labels().first().key, QStringLiteral("app"));
    QCOMPARE(pod.label(QStringLiteral("tier")), std::optional<QString>(QStringLiteral("front")));
    QCOMPARE(pod.label(QStringLiteral("none")), std::nullopt);
    QCOMPARE(pod.annotationKeys(), (QList<QString>{QStringLiteral("a"), QStringLiteral("b")}));
    QCOMPARE(pod.ownerReferences().size(), 1);
    QCOMPARE(pod.ownerReferences().first().uid, QStringLiteral("rs-1"));
    QVERIFY(pod.ownerReferences().first().controller);
    QVERIFY(!pod.json().contains('\n'));
    QVERIFY(pod.json().contains(R"("text":"quote \" and \\ and \n")"));
    // The minified bytes decode to the same object.
    auto again = KubeObject::fromJson(pod.json());
    QVERIFY(again.ok());
    QCOMPARE(again->json(), pod.json());
}

// The key, name, uid and resourceVersion share one block of text: each must
// still behave as a string of its own, kept after the object is gone, NUL-
// terminated for Qt APIs that hand out utf16(), and changed by its holder
// without touching its neighbours.
void TestKubeObject::identityStringsOutliveAndNeverChangeTheObject()
{
    const QByteArray json =
        R"({"metadata":{"namespace":"caf\u00e9","name":"na\u00efve-\u00e9t\u00e9",)"
        R"("uid":"u-\u2603","resourceVersion":"7\"8"}})";
    QString key, name, uid, resourceVersion;
    {
        const KubeObject object = KubeObject::fromJson(json).value();
        key = object.key();
        name = object.name();
        uid = object.uid();
        resourceVersion = object.resourceVersion();
        name += QStringLiteral("-changed");
        uid.prepend(u'x');
        QCOMPARE(object.name(), QStringLiteral(u"na\u00efve-\u00e9t\u00e9"));
        QCOMPARE(object.key(), QStringLiteral(u"caf\u00e9/na\u00efve-\u00e9t\u00e9"));
        QCOMPARE(object.uid(), QStringLiteral(u"u-\u2603"));
    }
    QCOMPARE(key, QStringLiteral(u"caf\u00e9/na\u00efve-\u00e9t\u00e9"));
    QCOMPARE(name, QStringLiteral(u"na\u00efve-\u00e9t\u00e9-changed"));
    QCOMPARE(uid, QStringLiteral(u"xu-\u2603"));
    QCOMPARE(resourceVersion, QStringLiteral("7\"8"));
    for (const QString *text : {&key, &name, &uid, &resourceVersion})
        QCOMPARE(text->utf16()[text->size()], u'\0');
    // The last holder of the block writes over its dead neighbours in place.
    key = QString();
    resourceVersion.append(QStringLiteral("9abcdefghijklmnopqrstuvwxyz"));
    QCOMPARE(resourceVersion, QStringLiteral("7\"89abcdefghijklmnopqrstuvwxyz"));

    const KubeObject clusterScoped = KubeObject::fromJson(R"({"metadata":{"name":"n1"}})").value();
    QCOMPARE(clusterScoped.key(), QStringLiteral("n1"));
    QCOMPARE(clusterScoped.name(), QStringLiteral("n1"));
    QVERIFY(clusterScoped.uid().isEmpty());
    QVERIFY(clusterScoped.resourceVersion().isEmpty());
}

void TestKubeObject::dropsManagedFieldsOnRequest()
{
    const QByteArray json =
        R"({"kind":"Pod","metadata":{"name":"a","managedFields":[{"manager":"kubectl"}],"uid":"1"},"spec":{}})";
    auto full = KubeObject::fromJson(json);
    QVERIFY(full.ok());
    QVERIFY(full->hasManagedFields());
    QVERIFY(full->json().contains("managedFields"));
    const KubeObject stripped = withoutManagedFields(full.value());
    QVERIFY(!stripped.hasManagedFields());
    QCOMPARE(stripped.json(),
             QByteArray(R"({"kind":"Pod","metadata":{"name":"a","uid":"1"},"spec":{}})"));
    QCOMPARE(stripped.uid(), QStringLiteral("1"));
    // Objects without managed fields are returned as they are.
    QVERIFY(withoutManagedFields(stripped).sameAs(stripped));
}

void TestKubeObject::storesOneWhitespaceByteAnywhereMinified()
{
    // Compact input is stored as it is and anything else minified: one
    // whitespace byte, at every offset a scanner's 8- or 16-byte steps can
    // put it, must be seen.
    const QByteArray compact =
        R"({"kind":"Pod","metadata":{"name":"a-rather-long-pod-name","namespace":"ns",)"
        R"("uid":"1","labels":{"app":"web"}},"spec":{"ports":[1,2,3],"text":"a\tb"}})";
    for (const char space : {' ', '\n', '\r', '\t'}) {
        for (qsizetype at = 1; at < compact.size(); ++at) {
            const char before = compact.at(at - 1);
            if (before != ',' && before != ':' && before != '{' && before != '[')
                continue;
            QByteArray spaced = compact;
            spaced.insert(at, space);
            auto object = KubeObject::fromJson(spaced);
            QVERIFY2(object.ok(), qPrintable(QString::number(at)));
            QVERIFY2(object->json() == compact, qPrintable(QString::number(at)));
        }
    }
}

void TestKubeObject::rejectsMalformedInput_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("expectedError");
    QTest::newRow("empty") << QByteArray() << "invalid JSON";
    QTest::newRow("truncated") << QByteArray(R"({"metadata":{"name":"a")") << "invalid JSON";
    QTest::newRow("array") << QByteArray("[1,2]") << "expected a JSON object";
    QTest::newRow("name number") << QByteArray(R"({"metadata":{"name":5}})")
                                 << "metadata.name: expected a string";
    QTest::newRow("metadata string")
        << QByteArray(R"({"metadata":"x"})") << "metadata: expected an object";
    QTest::newRow("labels array") << QByteArray(R"({"metadata":{"labels":[]}})")
                                  << "metadata.labels: expected an object";
    QTest::newRow("label value number") << QByteArray(R"({"metadata":{"labels":{"a":1}}})")
                                        << "metadata.labels.a: expected a string";
    QTest::newRow("generation string") << QByteArray(R"({"metadata":{"generation":"x"}})")
                                       << "metadata.generation: expected an integer";
    QTest::newRow("bad timestamp")
        << QByteArray(R"({"metadata":{"creationTimestamp":"yesterday"}})") << "invalid timestamp";
    QTest::newRow("owners object") << QByteArray(R"({"metadata":{"ownerReferences":{}}})")
                                   << "metadata.ownerReferences: expected an array";
    QTest::newRow("kind bool") << QByteArray(R"({"kind":true})") << "kind: expected a string";
    QTest::newRow("invalid utf8") << QByteArray("{\"kind\":\"\xff\xfe\"}") << "invalid JSON";
    QTest::newRow("nul byte") << QByteArray("{\"kind\":\"a\0b\"}", 14) << "invalid JSON";
}

void TestKubeObject::rejectsMalformedInput()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, expectedError);
    auto decoded = KubeObject::fromJson(json);
    QVERIFY(!decoded.ok());
    QVERIFY2(decoded.errorMessage().contains(expectedError), qPrintable(decoded.errorMessage()));
}

void TestKubeObject::parsesTimestamps_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qint64>("ms");
    QTest::newRow("epoch") << QByteArray("1970-01-01T00:00:00Z") << qint64(0);
    QTest::newRow("utc") << QByteArray("2024-05-01T10:00:00Z") << qint64(1714557600000);
    QTest::newRow("micro") << QByteArray("2024-05-01T10:00:00.123456Z") << qint64(1714557600123);
    QTest::newRow("offset") << QByteArray("2024-05-01T12:00:00+02:00") << qint64(1714557600000);
    QTest::newRow("leap day") << QByteArray("2024-02-29T00:00:00Z") << qint64(1709164800000);
    QTest::newRow("no zone") << QByteArray("2024-05-01T10:00:00") << qint64(-1);
    QTest::newRow("garbage") << QByteArray("20x4-05-01T10:00:00Z") << qint64(-1);
    QTest::newRow("trailing") << QByteArray("2024-05-01T10:00:00Zjunk") << qint64(-1);
    QTest::newRow("before the epoch: unknown")
        << QByteArray("1970-01-01T00:00:00+01:00") << qint64(-1);
}

void TestKubeObject::parsesTimestamps()
{
    QFETCH(QByteArray, text);
    QFETCH(qint64, ms);
    QCOMPARE(parseKubeTimestampMs(text), ms);
}

// A valid time before the epoch (Go's zero time from a careless controller)
// must not reject the object, or a list with one such item is never synced.
void TestKubeObject::timesBeforeTheEpochAreUnknownNotInvalid()
{
    QCOMPARE(parseKubeTimestamp("1969-12-31T23:59:59Z"), std::optional<qint64>(-1000));
    QCOMPARE(parseKubeTimestamp("yesterday"), std::nullopt);
    const auto decoded = KubeObject::fromJson(
        R"({"metadata":{"name":"a","creationTimestamp":"0001-01-01T00:00:00Z"}})");
    QVERIFY2(decoded.ok(), qPrintable(decoded.ok() ? QString() : decoded.errorMessage()));
    QCOMPARE(decoded.value().creationTimestampMs(), -1);
}

void TestKubeObject::copiesShareData()
{
    auto decoded = KubeObject::fromJson(R"({"metadata":{"name":"a"}})");
    QVERIFY(decoded.ok());
    const KubeObject copy = decoded.value();
    QVERIFY(copy.sameAs(decoded.value()));
    QVERIFY(KubeObject().isNull());
    QCOMPARE(KubeObject().name(), QString());
    QCOMPARE(copy.key(), QStringLiteral("a"));
}

void TestKubeObject::keepsLabelsInQStringOrder_data()
{
    // Sorted input skips the sort only when byte order is QString order.
    QTest::addColumn<QByteArray>("keys"); // JSON object members, values ignored
    QTest::newRow("sorted") << QByteArray(R"("a":"","b":"","c":"")");
    QTest::newRow("unsorted") << QByteArray(R"("c":"","a":"","b":"")");
    QTest::newRow("duplicate") << QByteArray(R"("b":"","a":"","b":"")");
    QTest::newRow("escaped out of order") << QByteArray(R"("b":"","\u0061":"")");
    // U+E000 sorts before U+1F600 in UTF-8 bytes, after it in UTF-16.
    QTest::newRow("beyond the BMP")
        << QByteArray("\"a\":\"\",\"\xee\x80\x80\":\"\",\"\xf0\x9f\x98\x80\":\"\"");
}

void TestKubeObject::keepsLabelsInQStringOrder()
{
    QFETCH(QByteArray, keys);
    auto decoded = KubeObject::fromJson(R"({"metadata":{"labels":{)" + keys +
                                        R"(},"annotations":{)" + keys + "}}}");
    QVERIFY2(decoded.ok(), qPrintable(decoded.errorMessage()));
    QStringList labelKeys;
    for (const Label &label : decoded->labels())
        labelKeys << label.key;
    QStringList sorted = labelKeys;
    std::sort(sorted.begin(), sorted.end());
    QCOMPARE(labelKeys, sorted);
    QCOMPARE(QStringList(decoded->annotationKeys()), sorted);
    for (const QString &key : sorted)
        QVERIFY(decoded->label(key).has_value());
}

namespace {

QByteArray podWith(int index, const QByteArray &labels, const QByteArray &owners)
{
    return QByteArray(R"({"metadata":{"name":"p)") + QByteArray::number(index) +
           R"(","namespace":"ns","labels":)" + labels + R"(,"ownerReferences":)" + owners +
           R"(,"resourceVersion":")" + QByteArray::number(index) + R"("}})";
}

QByteArray ownerJson(const QByteArray &name)
{
    return R"([{"apiVersion":"apps/v1","kind":"ReplicaSet","name":")" + name + R"(","uid":"uid-)" +
           name + R"(","controller":true}])";
}

} // namespace

// A 100k-pod cache holds one labels list and one owner list per ReplicaSet,
// not one per pod.
void TestKubeObject::siblingsShareTheirLabelAndOwnerLists()
{
    const QByteArray labels = R"({"app":"web","pod-template-hash":"7d9f8c"})";
    const QByteArray owners = ownerJson("web-7d9f8c");
    const KubeObject a = KubeObject::fromJson(podWith(1, labels, owners)).value();
    const KubeObject b = KubeObject::fromJson(podWith(2, labels, owners)).value();
    QCOMPARE(b.labels(), a.labels());
    QCOMPARE(b.labels().constData(), a.labels().constData());
    QCOMPARE(b.ownerReferences().constData(), a.ownerReferences().constData());
    QCOMPARE(b.ownerReferences().first().name, QStringLiteral("web-7d9f8c"));
    QCOMPARE(b.name(), QStringLiteral("p2"));
}

// Thousands of distinct label and owner sets, more than a thread remembers,
// interleaved so that sets meet in the same place: each object still gets
// exactly its own.
void TestKubeObject::everyObjectKeepsItsOwnLabelsAndOwners()
{
    for (int round = 0; round < 2; ++round) {
        for (int i = 0; i < 6000; ++i) {
            const int set = (i * 7919 + round) % 3000;
            const QByteArray value = QByteArray::number(set);
            const QByteArray labels = R"({"app":"a)" + value + R"(","tier":"t)" + value + R"("})";
            const auto decoded = KubeObject::fromJson(podWith(i, labels, ownerJson("rs-" + value)));
            QVERIFY2(decoded.ok(), qPrintable(decoded.errorMessage()));
            const KubeObject &pod = decoded.value();
            QCOMPARE(pod.labels().size(), 2);
            QCOMPARE(pod.label(QStringLiteral("app")), QStringLiteral("a") + value);
            QCOMPARE(pod.label(QStringLiteral("tier")), QStringLiteral("t") + value);
            QCOMPARE(pod.ownerReferences().size(), 1);
            QCOMPARE(pod.ownerReferences().first().name, QStringLiteral("rs-") + value);
            QCOMPARE(pod.ownerReferences().first().uid, QStringLiteral("uid-rs-") + value);
            // The fields after a shared list are read as usual.
            QCOMPARE(pod.resourceVersion(), QString::number(i));
        }
    }
    // A malformed set is an error every time, not remembered as a list.
    for (int i = 0; i < 2; ++i)
        QVERIFY(!KubeObject::fromJson(podWith(i, R"({"app":1})", ownerJson("x"))).ok());
}

namespace {

KubeObject podAnnotated(const QByteArray &annotations)
{
    const auto decoded =
        KubeObject::fromJson(R"({"metadata":{"name":"p","annotations":)" + annotations + "}}");
    if (!decoded.ok())
        qWarning() << decoded.errorMessage();
    return decoded.ok() ? decoded.value() : KubeObject();
}

} // namespace

// Annotation values change with every rollout and restart; the keys repeat,
// and siblings share one list of them.
void TestKubeObject::siblingsShareAnnotationKeysWhateverTheirValues()
{
    const KubeObject a = podAnnotated(R"({"restartedAt":"10:00","revision":"1"})");
    const KubeObject b = podAnnotated(R"({"restartedAt":"10:05","revision":"2"})");
    QCOMPARE(b.annotationKeys(),
             (QList<QString>{QStringLiteral("restartedAt"), QStringLiteral("revision")}));
    QCOMPARE(b.annotationKeys().constData(), a.annotationKeys().constData());
}

// Key sets that would read alike if the keys were run together, or that differ
// only in order, each decode to their own list, however often they alternate.
void TestKubeObject::annotationKeysAreNeverTakenForOthers()
{
    const QList<QPair<QByteArray, QStringList>> cases = {
        {R"({"ab":"x"})", {QStringLiteral("ab")}},
        {R"({"a":"x","b":"y"})", {QStringLiteral("a"), QStringLiteral("b")}},
        {R"({"b":"y","a":"x"})", {QStringLiteral("a"), QStringLiteral("b")}},
        {R"({"a\u0000b":"x"})", {QStringLiteral("a") + QChar(0) + QStringLiteral("b")}},
        {R"({})", {}},
    };
    for (int round = 0; round < 3; ++round) {
        for (const auto &[json, keys] : cases) {
            const KubeObject pod = podAnnotated(json);
            QVERIFY(!pod.isNull());
            QCOMPARE(QStringList(pod.annotationKeys()), keys);
        }
    }
    // A value that is not a string is an error every time, not a remembered list.
    for (int i = 0; i < 2; ++i)
        QVERIFY(!KubeObject::fromJson(R"({"metadata":{"annotations":{"ab":1}}})").ok());
}

// Objects are immutable once shared: completing one a copy still refers to
// makes a new block; only an unshared one is completed in place.
void TestKubeObject::withTypeMetaNeverChangesASharedObject()
{
    const QByteArray bare = R"({"metadata":{"name":"a"}})";
    const QByteArray complete = R"({"kind":"Pod","apiVersion":"v1","metadata":{"name":"a"}})";
    const KubeObject original = KubeObject::fromJson(bare).value();
    KubeObject copy = original;
    const KubeObject completed = std::move(copy).withTypeMeta("Pod", "v1");
    QCOMPARE(completed.json(), complete);
    QCOMPARE(completed.kind(), QStringLiteral("Pod"));
    QCOMPARE(original.json(), bare);
    QCOMPARE(original.kind(), QString());

    DecodeOptions listItem;
    listItem.roomForTypeMeta = true;
    KubeObject alone = KubeObject::fromJson(bare, listItem).value();
    const KubeObject inPlace = std::move(alone).withTypeMeta("Pod", "v1");
    QCOMPARE(inPlace.json(), complete);
    QCOMPARE(inPlace.apiVersion(), QStringLiteral("v1"));
    QCOMPARE(inPlace.key(), QStringLiteral("a"));

    const KubeObject named = KubeObject::fromJson(complete).value();
    QVERIFY(named.withTypeMeta("Other", "v9").sameAs(named)); // names both already
}

QTEST_APPLESS_MAIN(TestKubeObject)
#include "tst_kubeobject.moc"
