#include "informer/core/listbodydecoder.h"

#include "informer/core/bracketscanner.h"

#include <QTest>

using namespace informant;

namespace {

// Everything a caller can see of a decoded page (or its error), to compare
// the streaming decoder with decodeListPage.
QString describe(const Result<ListPage> &page)
{
    if (!page.ok())
        return QStringLiteral("error: ") + page.errorMessage();
    QStringList parts{page->kind, page->apiVersion, page->resourceVersion, page->continueToken,
                      page->remainingItemCount ? QString::number(*page->remainingItemCount)
                                               : QStringLiteral("-")};
    for (const KubeObject &item : page->items)
        parts << item.key() + QLatin1Char('=') + QString::fromUtf8(item.json());
    return parts.join(QLatin1Char('|'));
}

Result<ListPage> decodeInChunks(const QByteArray &body, const QList<qsizetype> &splits)
{
    ListBodyDecoder decoder(DecodeOptions{true});
    qsizetype from = 0;
    for (qsizetype split : splits) {
        decoder.feed(QByteArrayView(body).sliced(from, split - from));
        from = split;
    }
    decoder.feed(QByteArrayView(body).sliced(from));
    return decoder.finish();
}

// Items of a few hundred bytes whose strings hold escaped quotes, escaped
// backslashes and brackets at every offset of a 64-byte block (the scanner's
// step), and, with `malformed`, one item with a backslash outside a string
// after each of the later ones (the block loop hands such a block to the
// byte loop).
QByteArray listWithEscapesAcrossBlocks(bool malformed)
{
    // Written with ' for a quote and ~ for a backslash (moc misreads raw
    // strings holding these).
    QByteArray body = "{'kind':'PodList','metadata':{'resourceVersion':'4'},'items':[";
    for (int i = 0; i < 70; ++i) {
        const QByteArray pad(i, 'x');
        body += (i ? "," : "") + QByteArray("{'metadata':{'name':'p") + QByteArray::number(i) +
                "','annotations':{'a':'" + pad + "~']}~~','b':'~~~~~'{[" + pad +
                "~~'}},'spec':{'l':[" + QByteArray(i, ' ') + "{'c':'~~~''}]}}";
        if (malformed && i >= 40)
            body += ",{'metadata':{'name':'bad'},'spec':{'q':'" + pad + "'},'x':~']'}";
    }
    body.replace('\'', '"').replace('~', '\\');
    return body + "]}";
}

class UseKernel
{
public:
    explicit UseKernel(detail::BracketScanner::Kernel kernel)
    {
        detail::BracketScanner::setKernel(kernel);
    }
    ~UseKernel() { detail::BracketScanner::setKernel(detail::BracketScanner::Kernel::Best); }
    Q_DISABLE_COPY_MOVE(UseKernel)
};

} // namespace

class TestListBodyDecoder : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decodesLikeDecodeListPageWhereverSplit_data();
    void decodesLikeDecodeListPageWhereverSplit();
    void decodesItemsWithEscapesAcrossBlocksWhereverSplit_data();
    void decodesItemsWithEscapesAcrossBlocksWhereverSplit();
    void namesTheMalformedItem_data();
    void namesTheMalformedItem();
    void decodesItemsAsTheyArrive();
    void mapsEachItemAsItIsDecoded();
    void reportsTheFirstBadItemOfALongList();
    void readsNothingAfterABadItem();
    void decodesLargeChunksOnSeveralThreads_data();
    void decodesLargeChunksOnSeveralThreads();
};

void TestListBodyDecoder::decodesLikeDecodeListPageWhereverSplit_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::newRow("list") << QByteArray(
        R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"99","continue":"tok","remainingItemCount":7},"items":[
        {"metadata":{"name":"a","namespace":"n","managedFields":[{"manager":"m"}]}} ,
        {"metadata":{"name":"b]}\"{","namespace":"n","labels":{"items":"[x]"}},"spec":{"items":[1,{"a":[]}]}}]})");
    QTest::newRow("items first, metadata last") << QByteArray(
        R"({"items":[{"metadata":{"name":"a"}}],"kind":"PodList","metadata":{"resourceVersion":"5"}})");
    QTest::newRow("empty items") << QByteArray(R"({"kind":"PodList","items":[ ],"metadata":{}})");
    QTest::newRow("null items") << QByteArray(R"({"kind":"PodList","items":null})");
    QTest::newRow("items object") << QByteArray(R"({"items":{}})");
    QTest::newRow("items key in metadata")
        << QByteArray(R"({"metadata":{"items":[{"x":1}],"resourceVersion":"1"},"items":[]})");
    QTest::newRow("escaped items key")
        << QByteArray(R"({"it\u0065ms":[{"metadata":{"name":"e"}}],"kind":"PodList"})");
    QTest::newRow("status") << QByteArray(R"({"kind":"Status","code":410})");
    QTest::newRow("bad item") << QByteArray(
        R"({"items":[{"metadata":{"name":"a"}},{"metadata":{"uid":7}},{"metadata":{"name":"c"}}]})");
    QTest::newRow("bad item, then a mistyped list meta") << QByteArray(
        R"({"kind":"PodList","items":[{"metadata":{"uid":7}}],"metadata":{"resourceVersion":1}})");
    QTest::newRow("mistyped kind, then a bad item")
        << QByteArray(R"({"kind":7,"items":[{"metadata":{"uid":7}}]})");
    QTest::newRow("status, then a bad item")
        << QByteArray(R"({"kind":"Status","items":[{"metadata":{"uid":7}}]})");
    QTest::newRow("scalar item") << QByteArray(R"({"items":[{"metadata":{"name":"a"}},null]})");
    QTest::newRow("string item") << QByteArray(R"({"items":["]{"]})");
    QTest::newRow("array item") << QByteArray(R"({"items":[[{"metadata":{}}]]})");
    QTest::newRow("mistyped list meta")
        << QByteArray(R"({"kind":"PodList","metadata":{"resourceVersion":1},"items":[{}]})");
    QTest::newRow("truncated") << QByteArray(R"({"items":[{"metadata":{"name":"a"}},{"meta)");
    QTest::newRow("unterminated items") << QByteArray(R"({"items":[)");
    QTest::newRow("trailing content") << QByteArray(R"({"items":[{}]} x)");
    QTest::newRow("empty body") << QByteArray();
    QTest::newRow("not an object") << QByteArray("[1,2]");
}

void TestListBodyDecoder::decodesLikeDecodeListPageWhereverSplit()
{
    QFETCH(QByteArray, body);
    const QString expected = describe(decodeListPage(body, DecodeOptions{true}));
    const bool expectError = expected.startsWith(QLatin1String("error: "));
    const bool sameMessage = QByteArray(QTest::currentDataTag()) != "truncated";
    for (qsizetype split = 0; split <= body.size(); ++split) {
        const QString got = describe(decodeInChunks(body, {split}));
        // A truncated body is invalid JSON for both, named by a different
        // simdjson message (the body is checked whole or in pieces).
        if (expectError && !sameMessage)
            QVERIFY2(got.startsWith(QLatin1String("error: invalid list JSON: ")),
                     qPrintable(QStringLiteral("split %1: %2").arg(split).arg(got)));
        else
            QVERIFY2(got == expected,
                     qPrintable(QStringLiteral("split %1: %2").arg(split).arg(got)));
    }
    QList<qsizetype> everyByte;
    for (qsizetype i = 1; i < body.size(); ++i)
        everyByte << i;
    QCOMPARE(describe(decodeInChunks(body, everyByte)), describe(decodeInChunks(body, {})));
}

void TestListBodyDecoder::decodesItemsWithEscapesAcrossBlocksWhereverSplit_data()
{
    QTest::addColumn<int>("kernel");
    QTest::addColumn<bool>("malformed");
    for (const auto kernel :
         {detail::BracketScanner::Kernel::Best, detail::BracketScanner::Kernel::Baseline}) {
        const char *name = kernel == detail::BracketScanner::Kernel::Best ? "best" : "baseline";
        QTest::addRow("%s kernel", name) << int(kernel) << false;
        QTest::addRow("%s kernel, backslash outside a string", name) << int(kernel) << true;
    }
}

void TestListBodyDecoder::decodesItemsWithEscapesAcrossBlocksWhereverSplit()
{
    QFETCH(int, kernel);
    QFETCH(bool, malformed);
    const UseKernel use{detail::BracketScanner::Kernel(kernel)};
    const QByteArray body = listWithEscapesAcrossBlocks(malformed);
    const auto whole = decodeInChunks(body, {});
    if (malformed) {
        // The item with the stray backslash ends where the byte rule ends it
        // (at the '}' after the string "]"), and fails to decode.
        QCOMPARE(whole.errorMessage(),
                 QStringLiteral("items[41]: invalid JSON: A string is opened, but never closed."));
        const qsizetype badEnd = body.indexOf(R"(\"]"})") + 5;
        ListBodyDecoder decoder;
        decoder.feed(QByteArrayView(body).first(badEnd - 1));
        QCOMPARE(decoder.itemsDecoded(), 41);
        QVERIFY(decoder.pendingBytes() > 0);
        QVERIFY(!decoder.failed());
        decoder.feed(QByteArrayView(body).sliced(badEnd - 1, 1));
        QCOMPARE(decoder.pendingBytes(), 0);
        QVERIFY(decoder.failed());
    } else {
        QVERIFY2(whole.ok(), qPrintable(whole.errorMessage()));
        QCOMPARE(whole->items.size(), 70);
        QCOMPARE(whole->items[69].name(), QStringLiteral("p69"));
        QCOMPARE(describe(whole), describe(decodeListPage(body, DecodeOptions{true})));
    }
    const QString expected = describe(whole);
    for (qsizetype split = 0; split <= body.size(); ++split) {
        const QString got = describe(decodeInChunks(body, {split}));
        QVERIFY2(got == expected, qPrintable(QStringLiteral("split %1: %2").arg(split).arg(got)));
    }
    QList<qsizetype> everyByte;
    for (qsizetype i = 1; i < body.size(); ++i)
        everyByte << i;
    QCOMPARE(describe(decodeInChunks(body, everyByte)), expected);
}

void TestListBodyDecoder::namesTheMalformedItem_data()
{
    // Items that are not JSON, named the same wherever the body is cut.
    // decodeListPage has simdjson check the whole body first, so its error
    // names no item ("invalid list JSON: A string is opened, but never
    // closed."); read item by item, it can.
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("error");
    const QByteArray head = R"({"kind":"PodList","items":[{"metadata":{"name":"a"}},)";
    QTest::newRow("invalid UTF-8") << head + "{\"spec\":\"\xff\"}]}"
                                   << "items[1]: invalid JSON: The input is not valid UTF-8";
    QTest::newRow("backslash outside a string") // the scanner's rule ends the item, simdjson's not
        << head + R"({"metadata":{"name":"b"},"x":\"]"},{"metadata":{"name":"c"}}]})"
        << "items[1]: invalid JSON: A string is opened, but never closed.";
    QTest::newRow("control character in a string")
        << head + "{\"spec\":\"a\tb\"}]}"
        << "items[1]: invalid JSON: Within strings, some characters must be escaped, we "
           "found unescaped characters";
    // Malformed in a way simdjson's first pass lets through. Decoded in place
    // (70 bytes follow it in the chunk), On Demand used to read on into the
    // stray '}' after the item and take it for the object's end, while a
    // copy (zeros after it) failed: which one ran depended on the cut.
    QTest::newRow("two colons, then a stray bracket")
        << R"({"items":[{"spec"::1}})" + QByteArray(70, ' ') + "]}"
        << "items[0]: invalid JSON";
}

void TestListBodyDecoder::namesTheMalformedItem()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, error);
    for (qsizetype split = 0; split <= body.size(); ++split) {
        const auto page = decodeInChunks(body, {split});
        QVERIFY2(!page.ok(), qPrintable(QStringLiteral("split %1").arg(split)));
        QVERIFY2(page.errorMessage() == error,
                 qPrintable(QStringLiteral("split %1: %2").arg(split).arg(page.errorMessage())));
    }
}

void TestListBodyDecoder::decodesItemsAsTheyArrive()
{
    const QByteArray head = R"({"kind":"PodList","metadata":{"resourceVersion":"3"},"items":[)";
    const QByteArray first = R"({"metadata":{"name":"a","namespace":"n"}})";
    const QByteArray second = R"({"metadata":{"name":"b","namespace":"n"}})";
    ListBodyDecoder decoder;
    decoder.feed(head + first + "," + second.left(10));
    QCOMPARE(decoder.itemsDecoded(), 1);
    QCOMPARE(decoder.pendingBytes(), 10);
    decoder.feed(second.mid(10) + "]}");
    QCOMPARE(decoder.itemsDecoded(), 2);
    QCOMPARE(decoder.pendingBytes(), 0);
    const auto page = decoder.finish();
    QVERIFY2(page.ok(), qPrintable(page.errorMessage()));
    QCOMPARE(page->resourceVersion, QStringLiteral("3"));
    QCOMPARE(page->items.size(), 2);
    QCOMPARE(page->items[1].key(), QStringLiteral("n/b"));
}

void TestListBodyDecoder::mapsEachItemAsItIsDecoded()
{
    // A relist maps each item to the cached object at once, so a
    // one-response list is never held next to the cache.
    const KubeObject cached =
        KubeObject::fromJson(R"({"metadata":{"name":"a","namespace":"n","uid":"cached"}})").value();
    QStringList mapped;
    ListBodyDecoder decoder;
    decoder.setItemMapper([&](const KubeObject &item) {
        mapped << item.key();
        return item.key() == cached.key() ? cached : item;
    });
    decoder.feed(R"({"kind":"PodList","items":[{"metadata":{"name":"a","namespace":"n"}},)");
    QCOMPARE(mapped, QStringList{QStringLiteral("n/a")});
    decoder.feed(R"({"metadata":{"name":"b","namespace":"n"}}]})");
    QCOMPARE(mapped, QStringList({QStringLiteral("n/a"), QStringLiteral("n/b")}));
    const auto page = decoder.finish();
    QVERIFY2(page.ok(), qPrintable(page.errorMessage()));
    QCOMPARE(page->items.size(), 2);
    QCOMPARE(page->items[0].uid(), QStringLiteral("cached"));
    QCOMPARE(page->items[1].key(), QStringLiteral("n/b"));
}

void TestListBodyDecoder::reportsTheFirstBadItemOfALongList()
{
    QByteArray body = R"({"kind":"PodList","items":[)";
    for (int i = 0; i < 1000; ++i)
        body += (i ? "," : "") + (i == 700 || i == 800 ? QByteArray(R"({"metadata":{"name":5}})")
                                                       : R"({"metadata":{"name":"p)" +
                                                             QByteArray::number(i) + "\"}}");
    body += "]}";
    ListBodyDecoder decoder;
    for (qsizetype at = 0; at < body.size(); at += 4096)
        decoder.feed(QByteArrayView(body).sliced(at, qMin<qsizetype>(4096, body.size() - at)));
    QVERIFY(decoder.failed());
    const auto page = decoder.finish();
    QVERIFY(!page.ok());
    QCOMPARE(page.errorMessage(), QStringLiteral("items[700]: metadata.name: expected a string"));
    QCOMPARE(page.errorMessage(), decodeListPage(body).errorMessage());
}

void TestListBodyDecoder::readsNothingAfterABadItem()
{
    // client-go fails a whole list on one item it cannot decode, so the rest
    // of a body of hundreds of MB is of no use: the decoder says so at once
    // (its caller stops reading), and names the item without the rest.
    const QByteArray head = R"({"kind":"PodList","metadata":{"resourceVersion":"5"},"items":[)";
    QByteArray more;
    for (int i = 0; i < 100; ++i)
        more += R"(,{"metadata":{"name":"p)" + QByteArray::number(i) + "\"}}";
    ListBodyDecoder decoder;
    decoder.feed(head + R"({"metadata":{"name":"a"}},{"metadata":{"name":5}})" + more.left(500));
    QVERIFY(decoder.failed());
    QCOMPARE(decoder.itemsDecoded(), 1);
    decoder.feed(more.mid(500) + R"(,{"metadata":{"name":"q)");
    QCOMPARE(decoder.itemsDecoded(), 1);
    QCOMPARE(decoder.pendingBytes(), 0);
    // The body ends there, cut by the caller: the item's error, not the cut.
    QCOMPARE(decoder.finish().errorMessage(),
             QStringLiteral("items[1]: metadata.name: expected a string"));
}

void TestListBodyDecoder::decodesLargeChunksOnSeveralThreads_data()
{
    // A list of 5000 items (~1.4 MB); `bad` puts something wrong at items
    // 2000 and 2001 (in one chunk), so which error is reported depends on
    // the order of the items.
    // `error`: the expected error when decodeListPage, which cannot name the
    // item, says otherwise.
    QTest::addColumn<QByteArray>("first");
    QTest::addColumn<QByteArray>("second");
    QTest::addColumn<QString>("error");
    QTest::newRow("good items") << QByteArray() << QByteArray() << QString();
    QTest::newRow("bad item, then a bad item")
        << QByteArray(R"({"metadata":{"name":5}})") << QByteArray(R"({"metadata":{"uid":7}})")
        << QString();
    QTest::newRow("bad item, then a scalar")
        << QByteArray(R"({"metadata":{"name":5}})") << QByteArray("null") << QString();
    QTest::newRow("scalar, then a bad item")
        << QByteArray("17") << QByteArray(R"({"metadata":{"name":5}})") << QString();
    QTest::newRow("invalid JSON in an item")
        << QByteArray("{\"spec\":\"\xff\"}") << QByteArray()
        << QStringLiteral("error: items[2000]: invalid JSON: The input is not valid UTF-8");
}

void TestListBodyDecoder::decodesLargeChunksOnSeveralThreads()
{
    QFETCH(QByteArray, first);
    QFETCH(QByteArray, second);
    QFETCH(QString, error);
    QByteArray body = R"({"kind":"PodList","metadata":{"resourceVersion":"9"},"items":[)";
    for (int i = 0; i < 5000; ++i) {
        QByteArray item = R"({"metadata":{"name":"p)" + QByteArray::number(i) +
                          R"(","namespace":"n"},"spec":{"pad":")" + QByteArray(200 + i % 70, 'x') +
                          "\"}}";
        if (i == 2000 && !first.isEmpty())
            item = first;
        if (i == 2001 && !second.isEmpty())
            item = second;
        body += (i ? "," : "") + item;
    }
    body += "]}";
    const QString expected =
        error.isEmpty() ? describe(decodeListPage(body, DecodeOptions{true})) : error;
    for (int threads : {2, 3, 8}) {
        for (qsizetype chunk : {body.size(), qsizetype(1) << 20, qsizetype(300007)}) {
            ListBodyDecoder decoder(DecodeOptions{true}, threads);
            QStringList mapped;
            decoder.setItemMapper([&](const KubeObject &item) {
                mapped << item.name();
                return item;
            });
            for (qsizetype at = 0; at < body.size(); at += chunk)
                decoder.feed(QByteArrayView(body).sliced(at, qMin(chunk, body.size() - at)));
            const qint64 parallelParts = decoder.partsDecodedInParallel();
            const QString got = describe(decoder.finish());
            const QString run = QStringLiteral("%1 threads, chunks of %2").arg(threads).arg(chunk);
            QVERIFY2(got == expected, qPrintable(run + QLatin1String(": ") + got.left(200)));
            QVERIFY2(parallelParts > 0, qPrintable(run));
            // The mapper sees the items in order, on the calling thread.
            for (qsizetype i = 0; i < mapped.size(); ++i)
                QVERIFY2(mapped[i] == QLatin1Char('p') + QString::number(i), qPrintable(run));
        }
    }
}

QTEST_APPLESS_MAIN(TestListBodyDecoder)
#include "tst_listbodydecoder.moc"
