// Start-up milestones for --bench-report: window painted, then the table
// painted once it is ready, both measured from the process's exec.

#include "ui/startupprobe.h"

#include <QJsonObject>
#include <QTest>
#include <QVBoxLayout>
#include <QWidget>

using namespace informant;

class TestStartupProbe : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { StartupProbe::markMain(); }
    void mainIsMeasuredFromExec();
    void tablePaintCountsOnlyOnceReady();
};

void TestStartupProbe::mainIsMeasuredFromExec()
{
    const StartupProbe probe;
    QVERIFY(probe.mainMs() >= 0);
    const QJsonObject json = probe.toJson();
#ifdef Q_OS_LINUX
    QCOMPARE(json.value(QStringLiteral("origin")).toString(), QStringLiteral("exec"));
#endif
    QCOMPARE(json.value(QStringLiteral("window_painted_ms")).toDouble(), -1.0);
    QCOMPARE(json.value(QStringLiteral("table_visible_ms")).toDouble(), -1.0);
}

void TestStartupProbe::tablePaintCountsOnlyOnceReady()
{
    StartupProbe probe;
    QWidget window;
    auto *table = new QWidget(&window);
    table->setAutoFillBackground(true);
    auto *layout = new QVBoxLayout(&window);
    layout->addWidget(table);
    window.resize(200, 200);
    bool ready = false;
    probe.watch(&window, table, [&ready] { return ready; });
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(probe.windowPaintedMs() >= 0);
    table->repaint();
    QCOMPARE(probe.tableVisibleMs(), -1.0);
    ready = true;
    table->repaint();
    QVERIFY(probe.tableVisibleMs() >= probe.windowPaintedMs());
    QVERIFY(probe.windowPaintedMs() >= probe.mainMs());
}

QTEST_MAIN(TestStartupProbe)
#include "tst_startupprobe.moc"
