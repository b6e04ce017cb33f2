// What the window shows of a kind's count and freshness outside the table:
// one count for the shown kind (the table's), and the table's faded rows'
// rule for staleness in the tree, the filter pane and the details pane
// (ui/countspresenter.h).

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "models/countstick.h"
#include "models/informerstatusmodel.h"
#include "models/namespacefacetmodel.h"
#include "models/resourcetreemodel.h"
#include "testsettings.h"
#include "ui/detailspane.h"
#include "ui/filterpane.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace informant;
using namespace informant::test;

namespace {

// Waits for the next CountsTick (the moment every count on screen is
// refreshed at).
bool waitForTick()
{
    QSignalSpy ticked(CountsTick::instance(), &CountsTick::ticked);
    return ticked.wait(5000);
}

QModelIndex podsCount(const Fixture &f)
{
    return f.window->treeModel()->indexOfKind(QStringLiteral("pods")).siblingAtColumn(1);
}

bool italic(const QModelIndex &index)
{
    const QVariant font = index.data(Qt::FontRole);
    return font.isValid() && font.value<QFont>().italic();
}

QString detailsNote(const MainWindow &window)
{
    auto *note = window.detailsPane()->findChild<QLabel *>(QStringLiteral("freshnessNote"));
    return note && !note->isHidden() ? note->text() : QString();
}

} // namespace

class TestCountsAndFreshness : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void treeAndStatusBarCountWhatTheTableHasReceived();
    void otherKindsCountTheirCaches();
    void countsAndDetailsFadeWhileTheWatchIsDown();
    void kindNotShownFadesInTheTreeOnly();
};

// The cache is ahead of the table by the batch in flight: the tree and the
// status bar used to count the cache, the header the table (1,000 beside
// 1,001 during churn).
void TestCountsAndFreshness::treeAndStatusBarCountWhatTheTableHasReceived()
{
    Fixture f;
    QAbstractItemModelTester tester(f.window->treeModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->setStatus(watching());
    QTRY_COMPARE(f.model()->totalObjects(), 3);
    QTRY_COMPARE(podsCount(f).data(ResourceTreeModel::CountRole).toLongLong(), 3);

    // In the cache, not yet delivered to the table.
    pods->upsert(pod(QStringLiteral("db"), QStringLiteral("pg-1"), QStringLiteral("pg"),
                     QStringLiteral("Running")));
    QCOMPARE(pods->indexer().size(), 4);
    pods->setStatus(watching()); // asks for the counts tick
    QVERIFY(waitForTick());
    QCOMPARE(f.model()->totalObjects(), 3);
    QCOMPARE(podsCount(f).data(ResourceTreeModel::CountRole).toLongLong(), 3);
    QVERIFY2(f.window->statusText().contains(QStringLiteral("3 objects")),
             qPrintable(f.window->statusText()));

    // Delivered: every place moves on together.
    pods->flush();
    QTRY_COMPARE(f.model()->totalObjects(), 4);
    QTRY_COMPARE(podsCount(f).data(ResourceTreeModel::CountRole).toLongLong(), 4);
    QVERIFY2(f.window->statusText().contains(QStringLiteral("4 objects")),
             qPrintable(f.window->statusText()));
}

void TestCountsAndFreshness::otherKindsCountTheirCaches()
{
    Fixture f;
    LocalKindSource *deployments = f.session.local(QStringLiteral("deployments"));
    deployments->setStatus(watching());
    deployments->upsert(
        deployment(QStringLiteral("shop"), QStringLiteral("web"), QStringLiteral("web")));
    deployments->flush();
    const QModelIndex count =
        f.window->treeModel()->indexOfKind(QStringLiteral("deployments.apps")).siblingAtColumn(1);
    QTRY_COMPARE(count.data(ResourceTreeModel::CountRole).toLongLong(), 1);
}

// The table fades its rows while its kind's watch is down; the tree's and
// the facets' counts and the details pane looked live meanwhile.
void TestCountsAndFreshness::countsAndDetailsFadeWhileTheWatchIsDown()
{
    Fixture f;
    QAbstractItemModelTester treeTester(f.window->treeModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
    NamespaceFacetModel *namespaces = f.window->filterPane()->namespaceModel();
    QAbstractItemModelTester facetTester(namespaces,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->setStatus(watching());
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QTRY_COMPARE(namespaces->rowCount(), 2);
    f.window->resourceView()->table()->setCurrentIndex(f.model()->index(0, 0));
    QCOMPARE(f.window->detailsPane()->object().name(), QStringLiteral("pg-0"));
    QVERIFY(!italic(podsCount(f)));
    QVERIFY(!italic(namespaces->index(0, 1)));
    QCOMPARE(detailsNote(*f.window), QString());

    pods->setStatus(watchLost());
    QTRY_VERIFY(italic(podsCount(f)));
    QVERIFY(podsCount(f).data(Qt::ForegroundRole).isValid());
    // The count stays, the last known one.
    QCOMPARE(podsCount(f).data().toString(), QStringLiteral("3"));
    const QString treeTip = podsCount(f).siblingAtColumn(0).data(Qt::ToolTipRole).toString();
    QVERIFY2(treeTip.contains(QStringLiteral("not watched since")), qPrintable(treeTip));
    QVERIFY2(treeTip.contains(QStringLiteral("connection refused")), qPrintable(treeTip));
    QVERIFY(italic(namespaces->index(0, 1)));
    QVERIFY(!italic(namespaces->index(0, 0))); // the names stay readable
    const QString facetTip = namespaces->index(0, 1).data(Qt::ToolTipRole).toString();
    QVERIFY2(facetTip.contains(QStringLiteral("not watched since")), qPrintable(facetTip));
    const QString note = detailsNote(*f.window);
    QVERIFY2(note.startsWith(QStringLiteral("As of the last")), qPrintable(note));
    QVERIFY2(note.contains(QStringLiteral("watch lost, reconnecting")), qPrintable(note));

    pods->setStatus(watching());
    QTRY_VERIFY(!italic(podsCount(f)));
    QVERIFY(!podsCount(f).data(Qt::ForegroundRole).isValid());
    QVERIFY(!italic(namespaces->index(0, 1)));
    QCOMPARE(detailsNote(*f.window), QString());
}

// Another kind's informer going down touches the tree, not the panes of
// the shown kind.
void TestCountsAndFreshness::kindNotShownFadesInTheTreeOnly()
{
    Fixture f;
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    LocalKindSource *deployments = f.session.local(QStringLiteral("deployments"));
    pods->setStatus(watching());
    deployments->setStatus(watching());
    QTRY_COMPARE(f.model()->rowCount(), 3);
    f.window->resourceView()->table()->setCurrentIndex(f.model()->index(0, 0));
    const QModelIndex count =
        f.window->treeModel()->indexOfKind(QStringLiteral("deployments.apps")).siblingAtColumn(1);
    QTRY_COMPARE(count.data().toString(), QStringLiteral("0"));
    deployments->setStatus(watchLost());
    QTRY_VERIFY(italic(count));
    QVERIFY(!italic(podsCount(f)));
    QVERIFY(!italic(f.window->filterPane()->namespaceModel()->index(0, 1)));
    QCOMPARE(detailsNote(*f.window), QString());
}

QTEST_MAIN(TestCountsAndFreshness)
#include "tst_countsandfreshness.moc"
