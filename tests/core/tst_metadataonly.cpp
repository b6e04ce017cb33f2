// Metadata-only decoding (DecodeOptions::metadataOnlyKind): a metadata-only
// informer's objects keep the watched kind's identity, hold nothing but
// metadata, and say so, whichever decoder read them and however the server
// wrote them; anything that is not an object of that kind's metadata is
// refused.

#include "informer/core/frameprefix.h"
#include "informer/core/listbodydecoder.h"
#include "informer/core/metadataonly.h"
#include "informer/core/watchstreamdecoder.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QTest>

using namespace informant;

namespace {

const QString kSecret = QStringLiteral("Secret");
const QString kV1 = QStringLiteral("v1");
const QByteArray kPassword = "aHVudGVyMg==";

DecodeOptions secretMetadata(bool dropManagedFields = false)
{
    DecodeOptions options;
    options.dropManagedFields = dropManagedFields;
    options.metadataOnlyKind = kSecret;
    options.metadataOnlyApiVersion = kV1;
    return options;
}

KubeObject decoded(const QByteArray &json, const DecodeOptions &options = {})
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

// A Secret as an API server writes it when it ignores the Accept: type meta
// and metadata first, managedFields last in metadata, then the values.
QByteArray wholeSecret(int i)
{
    const QByteArray n = QByteArray::number(i);
    return R"({"kind":"Secret","apiVersion":"v1","metadata":{"name":"s)" + n +
           R"(","namespace":"ns","uid":"u)" + n + R"(","resourceVersion":")" + n +
           R"(","labels":{"a":"b"},"managedFields":[{"manager":"kubectl","operation":"Update",)"
           R"("fieldsV1":{"f:data":{".":{},"f:password":{}}}}]},"data":{"password":")" +
           kPassword + R"("},"type":"Opaque"})";
}

// What the server sends for the same Secret when it honours the Accept.
QByteArray partialSecret(int i)
{
    const QByteArray n = QByteArray::number(i);
    return R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1","metadata":{"name":"s)" +
           n + R"(","namespace":"ns","uid":"u)" + n + R"(","resourceVersion":")" + n +
           R"(","labels":{"a":"b"},"managedFields":[{"manager":"kubectl","operation":"Update",)"
           R"("fieldsV1":{"f:data":{".":{},"f:password":{}}}}]}})";
}

// The same JSON, members in the same order, with whitespace after every
// structural character (QJsonDocument's indenting would sort the keys).
QByteArray spacedOut(const QByteArray &json)
{
    QByteArray out;
    bool inString = false;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json.at(i);
        out += c;
        if (inString) {
            if (c == '\\')
                out += json.at(++i);
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[' || c == ',' || c == ':') {
            out += "\n\t ";
        }
    }
    return out;
}

QByteArray frame(const char *type, const QByteArray &object)
{
    return QByteArray(R"({"type":")") + type + R"(","object":)" + object + "}\n";
}

QByteArray list(const QByteArray &kind, const QByteArray &apiVersion,
                const QList<QByteArray> &items)
{
    QByteArray body = R"({"kind":")" + kind + R"(","apiVersion":")" + apiVersion +
                      R"(","metadata":{"resourceVersion":"42"},"items":[)";
    for (qsizetype i = 0; i < items.size(); ++i)
        body += (i > 0 ? "," : "") + items.at(i);
    return body + "]}";
}

QList<WatchEvent> watchEvents(const QByteArray &stream, const DecodeOptions &options,
                              int threads = 1, qsizetype chunkSize = 0)
{
    WatchStreamDecoder decoder(options, threads);
    QList<WatchEvent> events;
    if (chunkSize <= 0)
        chunkSize = stream.size();
    for (qsizetype at = 0; at < stream.size(); at += chunkSize)
        decoder.feed(QByteArrayView(stream).sliced(at, qMin(chunkSize, stream.size() - at)),
                     events);
    return events;
}

Result<ListPage> listedPage(const QByteArray &body, const DecodeOptions &options, int threads,
                            qsizetype chunkSize)
{
    ListBodyDecoder decoder(options, threads);
    for (qsizetype at = 0; at < body.size(); at += chunkSize)
        decoder.feed(QByteArrayView(body).sliced(at, qMin(chunkSize, body.size() - at)));
    return decoder.finish();
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
    void everyDecoderKeepsOnlyTheMetadata_data();
    void everyDecoderKeepsOnlyTheMetadata();
    void watchBookmarksAreReadAsSent();
    void watchObjectOfAnotherKindFailsTheStream();
    void listItemOfAnotherKindIsNamed();
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
    QTest::newRow("whole Secret, values first")
        << QByteArray(R"({"data":{"password":"aHVudGVyMg=="},"kind":"Secret","apiVersion":"v1",)"
                      R"("metadata":{"name":"s","namespace":"ns","uid":"u","resourceVersion":"7",)"
                      R"("labels":{"a":"b"}},"type":"Opaque"})");
}

void TestMetadataOnly::keepsTheWatchedKindsIdentity()
{
    QFETCH(QByteArray, json);
    const auto object = KubeObject::fromJson(json, secretMetadata());
    QVERIFY2(object.ok(), qPrintable(object.errorMessage()));
    QVERIFY(object->isMetadataOnly());
    QCOMPARE(object->kind(), kSecret);
    QCOMPARE(object->apiVersion(), kV1);
    QCOMPARE(object->key(), QStringLiteral("ns/s"));
    QCOMPARE(object->uid(), QStringLiteral("u"));
    QCOMPARE(object->resourceVersion(), QStringLiteral("7"));
    QCOMPARE(object->label(QStringLiteral("a")), std::optional<QString>(QStringLiteral("b")));
    QCOMPARE(
        object->json(),
        QByteArray(R"({"kind":"Secret","apiVersion":"v1","metadata":{"name":"s",)"
                   R"("namespace":"ns","uid":"u","resourceVersion":"7","labels":{"a":"b"}}})"));
    const QJsonObject stored = jsonOf(*object);
    QCOMPARE(stored.keys(), (QStringList{"apiVersion", "kind", "metadata"}));
    QVERIFY(!object->json().contains(kPassword));
    // Decoded again from its own bytes, it is the same object.
    const auto again = KubeObject::fromJson(object->json(), secretMetadata());
    QVERIFY(again.ok());
    QCOMPARE(again->json(), object->json());
    QVERIFY(again->isMetadataOnly());
}

void TestMetadataOnly::refusesWhatIsNotTheKindsMetadata_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("error");
    QTest::newRow("another kind")
        << QByteArray(R"({"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c"}})")
        << "object: expected PartialObjectMetadata or Secret, got v1 ConfigMap";
    QTest::newRow("a Table")
        << QByteArray(R"({"kind":"Table","apiVersion":"meta.k8s.io/v1","metadata":{}})")
        << "object: expected PartialObjectMetadata or Secret, got meta.k8s.io/v1 Table";
    QTest::newRow("PartialObjectMetadata of another group")
        << QByteArray(R"({"kind":"PartialObjectMetadata","apiVersion":"example.com/v1",)"
                      R"("metadata":{"name":"c"}})")
        << "object: expected PartialObjectMetadata or Secret, got example.com/v1 "
           "PartialObjectMetadata";
    QTest::newRow("no metadata")
        << QByteArray(R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1"})")
        << "object: PartialObjectMetadata without a metadata object";
    QTest::newRow("null metadata")
        << QByteArray(R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1",)"
                      R"("metadata":null})")
        << "object: PartialObjectMetadata without a metadata object";
    QTest::newRow("list item without metadata")
        << QByteArray(R"({"data":{"password":"aHVudGVyMg=="}})")
        << "object: Secret without a metadata object";
    // The rest of a whole object is still checked as JSON, only not kept.
    QTest::newRow("unclosed string after metadata")
        << QByteArray(R"({"kind":"Secret","apiVersion":"v1","metadata":{"name":"s"},)"
                      R"("data":{"password":"x}})")
        << "invalid JSON: A string is opened, but never closed.";
}

void TestMetadataOnly::refusesWhatIsNotTheKindsMetadata()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, error);
    const auto object = KubeObject::fromJson(json, secretMetadata());
    QVERIFY(!object.ok());
    QCOMPARE(object.errorMessage(), error);
}

void TestMetadataOnly::managedFieldsFollowTheDecodeOptions()
{
    const QByteArray partial =
        R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1",)"
        R"("metadata":{"name":"s","managedFields":[{"manager":"kubectl"}]}})";
    const KubeObject kept = decoded(partial, secretMetadata());
    QVERIFY(kept.hasManagedFields());
    QVERIFY(kept.json().contains("managedFields"));
    const KubeObject dropped = decoded(partial, secretMetadata(true));
    QVERIFY(!dropped.hasManagedFields());
    QCOMPARE(dropped.json(), QByteArray(R"({"kind":"Secret","apiVersion":"v1",)"
                                        R"("metadata":{"name":"s"}})"));
    QVERIFY(dropped.isMetadataOnly());
}

void TestMetadataOnly::transformKeepsTheMark()
{
    const KubeObject object =
        decoded(R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1",)"
                R"("metadata":{"name":"s","managedFields":[{"manager":"kubectl"}]}})",
                secretMetadata());
    // The informer's default transform decodes the object again.
    const KubeObject transformed = withoutManagedFields(object);
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

void TestMetadataOnly::everyDecoderKeepsOnlyTheMetadata_data()
{
    QTest::addColumn<bool>("pretty");
    QTest::addColumn<bool>("dropManagedFields");
    QTest::addColumn<bool>("framePrefix");
    for (const bool pretty : {false, true}) {
        for (const bool drop : {false, true}) {
            for (const bool prefix : {true, false}) {
                QTest::addRow("%s%s%s", pretty ? "pretty" : "compact",
                              drop ? ", managedFields dropped" : "",
                              prefix ? "" : ", frames decoded whole")
                    << pretty << drop << prefix;
            }
        }
    }
}

// A whole Secret, however it arrives, is held as the metadata-only decode of
// its PartialObjectMetadata: the same bytes, of the same size, none of its
// values.
void TestMetadataOnly::everyDecoderKeepsOnlyTheMetadata()
{
    QFETCH(bool, pretty);
    QFETCH(bool, dropManagedFields);
    QFETCH(bool, framePrefix);
    detail::FramePrefix::setEnabled(framePrefix);
    const auto restore = qScopeGuard([] { detail::FramePrefix::setEnabled(true); });
    const DecodeOptions options = secretMetadata(dropManagedFields);
    // Enough objects for parts of a chunk to go to other threads.
    constexpr int kCount = 300;
    QList<QByteArray> wholes;
    QList<QByteArray> expected;
    for (int i = 0; i < kCount; ++i) {
        const QByteArray whole = pretty ? spacedOut(wholeSecret(i)) : wholeSecret(i);
        wholes.append(whole);
        expected.append(decoded(partialSecret(i), options).json());
        QVERIFY(!expected.last().contains(kPassword));
        QCOMPARE(expected.last().contains("managedFields"), !dropManagedFields);
    }
    const auto check = [&](const KubeObject &object, int i) {
        QVERIFY(object.isMetadataOnly());
        QCOMPARE(object.kind(), kSecret);
        QCOMPARE(object.apiVersion(), kV1);
        QCOMPARE(object.key(), QStringLiteral("ns/s%1").arg(i));
        QCOMPARE(object.hasManagedFields(), !dropManagedFields);
        QCOMPARE(object.json(), expected.at(i));
        // No room kept for anything more: the block holds these bytes only.
        QCOMPARE(object.json().capacity(), expected.at(i).size());
    };

    check(decoded(wholes.first(), options), 0);

    QByteArray stream;
    for (int i = 0; i < kCount; ++i)
        stream += frame("ADDED", wholes.at(i)).replace('\n', ' ') + '\n';
    for (const auto &[threads, chunk] : {std::pair{1, qsizetype(7)}, std::pair{4, qsizetype(0)}}) {
        const QList<WatchEvent> events = watchEvents(stream, options, threads, chunk);
        QCOMPARE(events.size(), kCount);
        for (int i = 0; i < kCount; ++i)
            check(events.at(i).object, i);
    }

    const QByteArray body = list("SecretList", "v1", wholes);
    for (const auto &[threads, chunk] : {std::pair{1, qsizetype(13)}, std::pair{4, body.size()}}) {
        const auto page = listedPage(body, options, threads, chunk);
        QVERIFY2(page.ok(), qPrintable(page.errorMessage()));
        QCOMPARE(page->items.size(), kCount);
        for (int i = 0; i < kCount; ++i)
            check(page->items.at(i), i);
    }
    const auto whole = decodeListPage(body, options);
    QVERIFY2(whole.ok(), qPrintable(whole.errorMessage()));
    QCOMPARE(whole->items.size(), kCount);
    for (int i = 0; i < kCount; ++i)
        check(whole->items.at(i), i);
}

void TestMetadataOnly::watchBookmarksAreReadAsSent()
{
    const QList<WatchEvent> events = watchEvents(
        frame("BOOKMARK", R"({"kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1",)"
                          R"("metadata":{"resourceVersion":"46"}})") +
            frame("BOOKMARK", R"({"kind":"Pod","apiVersion":"v1","metadata":{"resourceVersion":)"
                              R"("47"}})"),
        secretMetadata());
    QCOMPARE(events.size(), 2);
    QCOMPARE(events[0].type, WatchEvent::Type::Bookmark);
    QCOMPARE(events[0].object.resourceVersion(), QStringLiteral("46"));
    QVERIFY(!events[0].object.isMetadataOnly());
    QCOMPARE(events[1].type, WatchEvent::Type::Bookmark);
    QCOMPARE(events[1].object.resourceVersion(), QStringLiteral("47"));
}

// As an undecodable frame: what came before it stands, then client-go's
// InternalError, nothing after it.
void TestMetadataOnly::watchObjectOfAnotherKindFailsTheStream()
{
    const QList<WatchEvent> events = watchEvents(
        frame("ADDED", partialSecret(1)) +
            frame("ADDED", R"({"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c"}})") +
            frame("ADDED", partialSecret(2)),
        secretMetadata());
    QCOMPARE(events.size(), 2);
    QCOMPARE(events[0].object.key(), QStringLiteral("ns/s1"));
    QCOMPARE(events[1].type, WatchEvent::Type::Error);
    QCOMPARE(events[1].status.reason, QStringLiteral("InternalError"));
    QVERIFY2(events[1].status.message.contains(QStringLiteral(
                 "watch event object: expected PartialObjectMetadata or Secret, got v1 ConfigMap")),
             qPrintable(events[1].status.message));
}

void TestMetadataOnly::listItemOfAnotherKindIsNamed()
{
    const QByteArray body =
        list("PartialObjectMetadataList", "meta.k8s.io/v1",
             {partialSecret(1), R"({"kind":"ConfigMap","apiVersion":"v1","metadata":{}})"});
    const auto page = listedPage(body, secretMetadata(), 1, body.size());
    QVERIFY(!page.ok());
    QCOMPARE(
        page.errorMessage(),
        QStringLiteral("items[1]: expected PartialObjectMetadata or Secret, got v1 ConfigMap"));
    const auto whole = decodeListPage(body, secretMetadata());
    QVERIFY(!whole.ok());
    QCOMPARE(whole.errorMessage(), page.errorMessage());
}

QTEST_GUILESS_MAIN(TestMetadataOnly)
#include "tst_metadataonly.moc"
