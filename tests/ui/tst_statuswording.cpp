// What the window says about the shown kind's informer, in words a user
// reads as meant: "1 object", not "1 objects"; no count in the table's title
// before the first list (0 read as none, beside the tree's "—"); no
// "Reconnect now" on a refusal that trying sooner cannot change; and a
// status bar message longer than the bar ends in "…", whole in its tooltip,
// not cut in a word's middle.

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "models/countstick.h"
#include "models/resourcetablemodel.h"
#include "models/secondclock.h"
#include "testsettings.h"
#include "ui/freshnessbanner.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QFontMetrics>
#include <QLabel>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTextDocumentFragment>
#include <QToolButton>

using namespace informant;
using namespace informant::test;

namespace {

QLabel *countsLabel(MainWindow *window)
{
    return window->resourceView()->findChild<QLabel *>(QStringLiteral("counts"));
}

// The status bar's freshness field: the one that names the kind in bold.
QLabel *freshnessLabel(MainWindow *window)
{
    for (QLabel *label : window->statusBar()->findChildren<QLabel *>()) {
        if (label->text().contains(QStringLiteral("</b>:")))
            return label;
    }
    return nullptr;
}

InformerStatus refused(InformerStatus::State state, bool credentialsWithheld = false)
{
    InformerStatus status;
    status.state = state;
    status.retryAtMs = SecondClock::nowMs() + 10000;
    status.lastError = QStringLiteral("refused");
    status.lastErrorCurrent = true;
    status.credentialsWithheld = credentialsWithheld;
    return status;
}

} // namespace

class TestStatusWording : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void statusBarCountsOneObjectInTheSingular();
    void tableTitleHasNoCountBeforeTheFirstList();
    void bannerOffersReconnectOnlyWhenItMayHelp();
    void longStatusEndsInAnEllipsisAndIsWholeInTheTooltip();
};

void TestStatusWording::statusBarCountsOneObjectInTheSingular()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QAbstractItemModelTester tester(f.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    pods->remove(pods->indexer().getByKey(QStringLiteral("shop/web-1")).value());
    pods->remove(pods->indexer().getByKey(QStringLiteral("shop/web-2")).value());
    pods->flush();
    QTRY_VERIFY2(f.window->statusText().contains(QStringLiteral(" · 1 object")),
                 qPrintable(f.window->statusText()));
    QVERIFY2(!f.window->statusText().contains(QStringLiteral("1 objects")),
             qPrintable(f.window->statusText()));
}

void TestStatusWording::tableTitleHasNoCountBeforeTheFirstList()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    LocalKindSource *deployments = f.session.local(QStringLiteral("deployments"));
    InformerStatus listing;
    listing.state = InformerStatus::State::Listing;
    listing.itemsListed = 500;
    deployments->setStatus(listing);
    QVERIFY(f.window->showKindByName(QStringLiteral("deployments")));
    QAbstractItemModelTester tester(f.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QLabel *counts = countsLabel(f.window.get());
    QVERIFY(counts);
    QCOMPARE(counts->text(), QStringLiteral("—"));
    // Still not listed after a tick, whatever the table holds so far.
    deployments->upsert(
        deployment(QStringLiteral("shop"), QStringLiteral("web"), QStringLiteral("web")));
    deployments->flush();
    QTRY_COMPARE(f.model()->rowCount(), 1);
    QSignalSpy ticked(CountsTick::instance(), &CountsTick::ticked);
    QVERIFY(ticked.wait());
    QCOMPARE(counts->text(), QStringLiteral("—"));

    InformerStatus watching;
    watching.state = InformerStatus::State::Watching;
    watching.synced = true;
    deployments->setStatus(watching);
    QTRY_COMPARE(counts->text(), QStringLiteral("1"));
}

void TestStatusWording::bannerOffersReconnectOnlyWhenItMayHelp()
{
    Fixture f;
    QTRY_COMPARE(f.model()->rowCount(), 3);
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    FreshnessBanner *banner = f.window->resourceView()->banner();
    using State = InformerStatus::State;

    pods->setStatus(refused(State::BackingOff));
    QTRY_VERIFY(banner->isVisibleTo(f.window.get()));
    QVERIFY(banner->retryButton()->isVisibleTo(banner)); // the server may be back
    QTRY_VERIFY(f.window->reconnectAllButton()->isVisibleTo(f.window.get()));

    // A new sign-in or token may be accepted.
    pods->setStatus(refused(State::Unauthorized));
    QVERIFY(banner->isVisibleTo(f.window.get()));
    QVERIFY(banner->retryButton()->isVisibleTo(banner));

    // Not allowed: asking again now gets the same answer (the informer goes
    // on retrying, and picks up a role granted meanwhile).
    pods->setStatus(refused(State::Forbidden));
    QVERIFY(banner->isVisibleTo(f.window.get()));
    QVERIFY(!banner->retryButton()->isVisibleTo(banner));
    // Nor in the status bar, when no other informer waits.
    QTRY_VERIFY(!f.window->reconnectAllButton()->isVisibleTo(f.window.get()));

    // A server over http, which no credentials are sent to.
    pods->setStatus(refused(State::Unauthorized, true));
    QVERIFY(banner->isVisibleTo(f.window.get()));
    QVERIFY(!banner->retryButton()->isVisibleTo(banner));
}

void TestStatusWording::longStatusEndsInAnEllipsisAndIsWholeInTheTooltip()
{
    Fixture f;
    f.window->resize(900, 600);
    QTRY_COMPARE(f.model()->rowCount(), 3);
    LocalKindSource *pods = f.session.local(QStringLiteral("pods"));
    InformerStatus forbidden = refused(InformerStatus::State::Forbidden);
    forbidden.synced = false;
    const QString error =
        QStringLiteral("failed to list pods: 403 Forbidden: pods is forbidden: User "
                       "\"system:serviceaccount:default:viewer\" cannot list resource \"pods\" "
                       "in API group \"\" at the cluster scope (the end)");
    forbidden.lastError = error;
    pods->setStatus(forbidden);
    QTRY_VERIFY(freshnessLabel(f.window.get()) &&
                freshnessLabel(f.window.get())->text().contains(QStringLiteral("forbidden")));
    QLabel *label = freshnessLabel(f.window.get());
    QVERIFY2(label->text().endsWith(QStringLiteral("…")), qPrintable(label->text()));
    QVERIFY2(!label->text().contains(QStringLiteral("(the end)")), qPrintable(label->text()));
    // The text fits the label: nothing is cut by its edge.
    const QString plain = QTextDocumentFragment::fromHtml(label->text()).toPlainText();
    QFont bold = label->font();
    bold.setBold(true);
    const QFontMetrics regular(label->font());
    const int width = regular.horizontalAdvance(plain) +
                      QFontMetrics(bold).horizontalAdvance(QStringLiteral("pods")) -
                      regular.horizontalAdvance(QStringLiteral("pods"));
    QVERIFY2(width <= label->contentsRect().width(),
             qPrintable(QStringLiteral("%1 wide, label %2: %3")
                            .arg(width)
                            .arg(label->contentsRect().width())
                            .arg(plain)));
    QVERIFY2(label->toolTip().contains(QStringLiteral("(the end)")), qPrintable(label->toolTip()));
    // The window's own account of the status is whole.
    QVERIFY(f.window->statusText().contains(QStringLiteral("(the end)")));

    // A short message fits: no ellipsis, no tooltip.
    pods->setStatus(refused(InformerStatus::State::Forbidden));
    QTRY_VERIFY(!label->text().endsWith(QStringLiteral("…")));
    QVERIFY(label->toolTip().isEmpty());
}

QTEST_MAIN(TestStatusWording)
#include "tst_statuswording.moc"
