// informant --demo, Demo ▸ Stop and Start the simulated cluster: the
// informers waiting out their backoff while it was down reconnect as soon as
// the application starts it again, not when their wait ends ("reconnecting
// in 11 s", up to 30 s, for a server the application knows is back). The
// Application of app/informant, against its own embedded simulator.

#include "app/informant/application.h"
#include "app/informant/options.h"
#include "onlymainwindow.h"

#include "models/kindsource.h"
#include "models/resourcetablemodel.h"
#include "testsettings.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDateTime>
#include <QMenuBar>
#include <QTest>

using namespace informant;

namespace {

QAction *demoAction(MainWindow *window, const QString &text)
{
    for (QAction *action : window->menuBar()->findChildren<QAction *>()) {
        if (action->text() == text)
            return action;
    }
    return nullptr;
}

} // namespace

class TestDemoRestart : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { test::useEmptyTestSettings(); }
    void startingTheClusterReconnectsAtOnce();
};

void TestDemoRestart::startingTheClusterReconnectsAtOnce()
{
    Application application(parseOptions({QStringLiteral("informant"), QStringLiteral("--demo"),
                                          QStringLiteral("--kind"), QStringLiteral("pods")}));
    QCOMPARE(application.start(), QString());
    MainWindow *window = test::onlyMainWindow();
    QVERIFY(window);
    QTRY_VERIFY_WITH_TIMEOUT(window->resourceView()->source() &&
                                 window->resourceView()->source()->status().state ==
                                     InformerStatus::State::Watching,
                             30000);
    KindSource *pods = window->resourceView()->source();
    QAbstractItemModelTester tester(window->resourceView()->feed()->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAction *stop = demoAction(window, QStringLiteral("&Stop the simulated cluster"));
    QAction *start = demoAction(window, QStringLiteral("S&tart the simulated cluster"));
    QVERIFY(stop && start);

    stop->trigger();
    // Failures lengthen the wait (0.8 s, 1.6 s, 3.2 s, 6.4 s... with
    // jitter): one so long that a reconnection well before its end is the
    // application's doing, not the backoff's.
    const auto now = [] { return QDateTime::currentMSecsSinceEpoch(); };
    QTRY_VERIFY_WITH_TIMEOUT(pods->status().retryAtMs - now() > 8000, 90000);
    const qint64 waitEndsAtMs = pods->status().retryAtMs;
    start->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(
        pods->status().state == InformerStatus::State::Watching || now() > waitEndsAtMs, 60000);
    QVERIFY2(
        now() < waitEndsAtMs - 1000,
        qPrintable(
            QStringLiteral("watching %1 ms before the backoff's end").arg(waitEndsAtMs - now())));
    QCOMPARE(pods->status().state, InformerStatus::State::Watching);
}

QTEST_MAIN(TestDemoRestart)
#include "tst_demorestart.moc"
