#include "informer/core/jsonutil.h"
#include "informer/core/listpage.h"

#include <QTest>

using namespace informant;

class TestListPage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decodesItemsAndListMeta();
    void acceptsNullAndMissingItems();
    void itemsGetTheListsKindAndApiVersion();
    void reportsTheBadItem();
    void rejectsStatusAndGarbage();
    void rejectsMistypedListMeta_data();
    void rejectsMistypedListMeta();
    void largeListDoesNotKeepItsParserScratch_data();
    void largeListDoesNotKeepItsParserScratch();
};

void TestListPage::decodesItemsAndListMeta()
{
    const QByteArray body =
        R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"99","continue":"tok","remainingItemCount":7},"items":[
        {"metadata":{"name":"a","namespace":"n","managedFields":[{"manager":"m"}]}},
        {"metadata":{"name":"b","namespace":"n"}}]})";
    auto page = decodeListPage(body, DecodeOptions{true});
    QVERIFY2(page.ok(), qPrintable(page.errorMessage()));
    QCOMPARE(page->kind, QStringLiteral("PodList"));
    QCOMPARE(page->resourceVersion, QStringLiteral("99"));
    QCOMPARE(page->continueToken, QStringLiteral("tok"));
    QCOMPARE(page->remainingItemCount, std::optional<qint64>(7));
    QCOMPARE(page->items.size(), 2);
    QCOMPARE(page->items[0].key(), QStringLiteral("n/a"));
    QVERIFY(!page->items[0].json().contains("managedFields"));
    QCOMPARE(page->items[1].key(), QStringLiteral("n/b"));
}

void TestListPage::acceptsNullAndMissingItems()
{
    auto nullItems =
        decodeListPage(R"({"kind":"PodList","metadata":{"resourceVersion":"5"},"items":null})");
    QVERIFY(nullItems.ok());
    QVERIFY(nullItems->items.isEmpty());
    QCOMPARE(nullItems->resourceVersion, QStringLiteral("5"));
    QVERIFY(!nullItems->remainingItemCount.has_value());
    auto missing = decodeListPage(R"({"kind":"PodList","metadata":{}})");
    QVERIFY(missing.ok());
    QVERIFY(missing->items.isEmpty());
}

// A real API server leaves kind and apiVersion out of a typed list's items
// (reference §8.2): a Secret known only as "" was shown unmasked.
void TestListPage::itemsGetTheListsKindAndApiVersion()
{
    const QByteArray body =
        R"({"kind":"SecretList","apiVersion":"v1","metadata":{"resourceVersion":"9"},"items":[
        {"metadata":{"name":"a","namespace":"n"},"data":{"k":"dg=="}},
        {"apiVersion":"v1","metadata":{"name":"b","namespace":"n"}},
        {"kind":"Secret","apiVersion":"v2","metadata":{"name":"c","namespace":"n"}},
        {}]})";
    auto page = decodeListPage(body);
    QVERIFY2(page.ok(), qPrintable(page.errorMessage()));
    QCOMPARE(page->items.size(), 4);
    for (const KubeObject &item : std::as_const(page->items))
        QCOMPARE(item.kind(), QStringLiteral("Secret"));
    QCOMPARE(page->items[0].apiVersion(), QStringLiteral("v1"));
    QCOMPARE(
        page->items[0].json(),
        QByteArray(
            R"({"kind":"Secret","apiVersion":"v1","metadata":{"name":"a","namespace":"n"},"data":{"k":"dg=="}})"));
    QCOMPARE(page->items[1].json(),
             QByteArray(
                 R"({"kind":"Secret","apiVersion":"v1","metadata":{"name":"b","namespace":"n"}})"));
    QCOMPARE(page->items[2].apiVersion(), QStringLiteral("v2")); // its own wins
    QCOMPARE(page->items[3].json(), QByteArray(R"({"kind":"Secret","apiVersion":"v1"})"));
    // The completed JSON decodes to the same object.
    const auto again = KubeObject::fromJson(page->items[0].json());
    QVERIFY(again.ok());
    QCOMPARE(again->key(), QStringLiteral("n/a"));
    QCOMPARE(again->kind(), QStringLiteral("Secret"));

    // A list kind without the List suffix names no item kind.
    auto odd =
        decodeListPage(R"({"kind":"Bag","apiVersion":"v1","items":[{"metadata":{"name":"x"}}]})");
    QVERIFY(odd.ok());
    QCOMPARE(odd->items[0].kind(), QString());
}

void TestListPage::reportsTheBadItem()
{
    auto page = decodeListPage(R"({"items":[{"metadata":{"name":"a"}},{"metadata":{"uid":7}}]})");
    QVERIFY(!page.ok());
    QCOMPARE(page.errorMessage(), QStringLiteral("items[1]: metadata.uid: expected a string"));
}

void TestListPage::rejectsStatusAndGarbage()
{
    QVERIFY(!decodeListPage(R"({"kind":"Status","code":410})").ok());
    QVERIFY(!decodeListPage(R"({"items":{}})").ok());
    QVERIFY(!decodeListPage(R"({"items":[)").ok());
    QVERIFY(!decodeListPage("").ok());
}

void TestListPage::rejectsMistypedListMeta_data()
{
    QTest::addColumn<QByteArray>("metadata");
    QTest::addColumn<QString>("error"); // empty: the page decodes
    QTest::newRow("resourceVersion number")
        << QByteArray(R"({"resourceVersion":1})")
        << QStringLiteral("invalid list: metadata.resourceVersion: expected a string");
    QTest::newRow("continue number")
        << QByteArray(R"({"resourceVersion":"1","continue":7})")
        << QStringLiteral("invalid list: metadata.continue: expected a string");
    QTest::newRow("metadata array")
        << QByteArray("[]") << QStringLiteral("invalid list: metadata: expected an object");
    QTest::newRow("null continue is absent")
        << QByteArray(R"({"resourceVersion":"1","continue":null})") << QString();
}

// A mistyped resourceVersion or continue taken as empty would make the
// reflector lose its place or stop paging early: the page must fail.
void TestListPage::rejectsMistypedListMeta()
{
    QFETCH(QByteArray, metadata);
    QFETCH(QString, error);
    const auto page =
        decodeListPage(R"({"kind":"PodList","metadata":)" + metadata + R"(,"items":[]})");
    QCOMPARE(page.errorMessage(), error);
    if (page.ok())
        QVERIFY(page->continueToken.isEmpty());
}

void TestListPage::largeListDoesNotKeepItsParserScratch_data()
{
    QTest::addColumn<int>("items");
    QTest::addColumn<bool>("kept");
    QTest::newRow("smallListKeepsItsScratch") << 100 << true;
    QTest::newRow("largeListReleasesItsScratch") << 60000 << false;
}

void TestListPage::largeListDoesNotKeepItsParserScratch()
{
    // A reflector thread that once decoded a 500 MB list body (an RV="0"
    // list ignores limit) must not keep the parser's buffers for it.
    QFETCH(int, items);
    QFETCH(bool, kept);
    QByteArray json = R"({"kind":"PodList","metadata":{"resourceVersion":"9"},"items":[)";
    const QByteArray filler(300, 'x');
    for (int i = 0; i < items; ++i)
        json += (i ? "," : "") + QByteArray(R"({"metadata":{"name":"p)") + QByteArray::number(i) +
                R"(","namespace":"ns"},"spec":{"f":")" + filler + R"("}})";
    json += "]}";
    QCOMPARE(json.size() > qsizetype(detail::kKeepScratchBytes), !kept);
    const auto page = decodeListPage(json);
    QVERIFY2(page.ok(), qPrintable(page.errorMessage()));
    QCOMPARE(page->items.size(), items);
    QCOMPARE(page->items.last().name(), QStringLiteral("p%1").arg(items - 1));
    const size_t capacity = detail::threadOndemandParser().capacity();
    QCOMPARE(capacity >= size_t(json.size()), kept);
    QVERIFY(capacity <= detail::kKeepScratchBytes);
    // The next document parses as usual.
    QVERIFY(decodeListPage(R"({"kind":"PodList","items":[]})").ok());
}

QTEST_APPLESS_MAIN(TestListPage)
#include "tst_listpage.moc"
