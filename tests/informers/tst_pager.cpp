// ListPager: client-go tools/pager semantics (reference §1.5).

#include "fakelisterwatcher.h"
#include "informer/informers/pager.h"

#include <QTest>

using namespace informant;
using namespace informant::test;

class TstPager : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pagesAreRequestedUntilNoContinueToken_data();
    void pagesAreRequestedUntilNoContinueToken();
    void expiredContinuationFallsBackToOneFullList();
    void expiredContinuationIsAnErrorWithoutFullListFallback();
    void expiredFirstPageIsReturnedAsError();
    void continuationClearsResourceVersionMatch();
    void repeatedContinueTokenEndsTheList();
    void tableIsNotTakenForAList_data();
    void tableIsNotTakenForAList();
};

void TstPager::pagesAreRequestedUntilNoContinueToken_data()
{
    QTest::addColumn<int>("pages");
    QTest::addColumn<QStringList>("expectedRequests");
    QTest::addColumn<bool>("paginated");
    QTest::newRow("one page") << 1 << QStringList{"list limit=500&resourceVersion=0"} << false;
    QTest::newRow("two pages") << 2
                               << QStringList{"list limit=500&resourceVersion=0",
                                              "list continue=c1&limit=500"}
                               << true;
    QTest::newRow("three pages") << 3
                                 << QStringList{"list limit=500&resourceVersion=0",
                                                "list continue=c1&limit=500",
                                                "list continue=c2&limit=500"}
                                 << true;
}

void TstPager::pagesAreRequestedUntilNoContinueToken()
{
    QFETCH(int, pages);
    QFETCH(QStringList, expectedRequests);
    QFETCH(bool, paginated);
    FakeListerWatcher lw;
    for (int i = 1; i <= pages; ++i)
        lw.addList(makePage(QString::number(100 + i), {makePod(QStringLiteral("p%1").arg(i), "1")},
                            i < pages ? QStringLiteral("c%1").arg(i) : QString()));
    ListPager pager(lw);
    ListOptions options;
    options.resourceVersion = QStringLiteral("0");
    qint64 progressCalls = 0;
    const auto result = pager.list(options, [&](qint64) { ++progressCalls; });
    QVERIFY(result.ok());
    QCOMPARE(lw.requests(), expectedRequests);
    QCOMPARE(result->items.size(), pages);
    QCOMPARE(result->resourceVersion, QStringLiteral("101")); // the first page's
    QCOMPARE(result->paginated, paginated);
    QCOMPARE(progressCalls, pages);
}

void TstPager::expiredContinuationFallsBackToOneFullList()
{
    FakeListerWatcher lw;
    lw.addList(makePage("10", {makePod("a", "1")}, "c1"));
    lw.addList(makeStatusError(410, "Expired", "continue too old"));
    lw.addList(makePage("12", {makePod("a", "1"), makePod("b", "2")}));
    ListPager pager(lw, 4);
    ListOptions options;
    options.resourceVersion = QStringLiteral("10");
    const auto result = pager.list(options);
    QVERIFY(result.ok());
    QCOMPARE(lw.requests(), (QStringList{"list limit=4&resourceVersion=10",
                                         "list continue=c1&limit=4", "list resourceVersion=10"}));
    QCOMPARE(result->items.size(), 2);
    QCOMPARE(result->resourceVersion, QStringLiteral("12"));
}

void TstPager::expiredContinuationIsAnErrorWithoutFullListFallback()
{
    FakeListerWatcher lw;
    lw.addList(makePage("10", {makePod("a", "1")}, "c1"));
    lw.addList(makeStatusError(410, "Expired", "continue too old"));
    ListPager pager(lw, 500, false);
    const auto result = pager.list({});
    QVERIFY(!result.ok());
    QVERIFY(result.error().isExpired());
    QCOMPARE(lw.requests().size(), 2);
}

void TstPager::expiredFirstPageIsReturnedAsError()
{
    FakeListerWatcher lw;
    lw.addList(makeStatusError(410, "Expired", "too old"));
    ListPager pager(lw);
    const auto result = pager.list({});
    QVERIFY(!result.ok());
    QVERIFY(result.error().isExpired());
    QCOMPARE(lw.requests(), QStringList{"list limit=500"});
}

void TstPager::continuationClearsResourceVersionMatch()
{
    FakeListerWatcher lw;
    lw.addList(makePage("10", {makePod("a", "1")}, "c1"));
    lw.addList(makePage("10", {makePod("b", "1")}));
    ListPager pager(lw, 1);
    ListOptions options;
    options.resourceVersion = QStringLiteral("10");
    options.resourceVersionMatch = QStringLiteral("Exact");
    QVERIFY(pager.list(options).ok());
    QCOMPARE(lw.requests(),
             (QStringList{"list limit=1&resourceVersion=10&resourceVersionMatch=Exact",
                          "list continue=c1&limit=1"}));
}

// A server that hands out a continue token again would have the pager list
// the same pages forever (thousands of requests, memory without bound).
void TstPager::repeatedContinueTokenEndsTheList()
{
    FakeListerWatcher lw;
    lw.addList(makePage("10", {makePod("a", "1")}, "c1"));
    lw.addList(makePage("10", {makePod("b", "1")}, "c2"));
    lw.addList(makePage("10", {makePod("a", "1")}, "c1"));
    ListPager pager(lw, 1);
    const auto result = pager.list({});
    QVERIFY(!result.ok());
    QVERIFY2(result.error().message.contains(QStringLiteral("repeated a continue token")),
             qPrintable(result.error().message));
    QCOMPARE(lw.requests().size(), 3);
}

// A Table decodes to a page without items: were it taken for an empty list,
// the Replace after it would delete the whole cache (reference §2.4 step 4).
void TstPager::tableIsNotTakenForAList_data()
{
    QTest::addColumn<QString>("apiVersion");
    QTest::addColumn<bool>("rejected");
    QTest::newRow("meta.k8s.io/v1") << "meta.k8s.io/v1" << true;
    QTest::newRow("meta.k8s.io/v1beta1") << "meta.k8s.io/v1beta1" << true;
    QTest::newRow("a Table kind of another group") << "example.com/v1" << false;
}

void TstPager::tableIsNotTakenForAList()
{
    QFETCH(QString, apiVersion);
    QFETCH(bool, rejected);
    FakeListerWatcher lw;
    ListPage table = makePage(QStringLiteral("7"), {});
    table.kind = QStringLiteral("Table");
    table.apiVersion = apiVersion;
    lw.addList(table);
    ListPager pager(lw);
    const auto result = pager.list(ListOptions{});
    QCOMPARE(!result.ok(), rejected);
    if (rejected)
        QCOMPARE(result.error().message,
                 QStringLiteral("unsupported list gvk: %1, Kind=Table").arg(apiVersion));
}

QTEST_GUILESS_MAIN(TstPager)
#include "tst_pager.moc"
