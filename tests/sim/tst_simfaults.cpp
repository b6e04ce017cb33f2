// Parsing of --faults specs.

#include "sim/faults.h"

#include <QTest>

using namespace informant;
using namespace informant::sim;

class TestSimFaults : public QObject
{
    Q_OBJECT

private slots:
    void parseAcceptsEveryFault();
    void parseRejectsBadSpecs_data();
    void parseRejectsBadSpecs();
    void probabilityOneAlwaysAnswersTheFault_data();
    void probabilityOneAlwaysAnswersTheFault();
    void dropDelayIsDrawnOnlyWhenEnabled();
};

void TestSimFaults::parseAcceptsEveryFault()
{
    const auto spec = FaultSpec::parse(QStringLiteral(
        "drop-watch=3s,cut-frame=0.02,gone=0.05,error429=0.1,error500=0.2,error504=0.3,"
        "delay=200ms,compact=100,restart=1m"));
    QVERIFY2(spec.ok(), qPrintable(spec.errorMessage()));
    QCOMPARE(spec->dropWatchMeanMs, qint64(3000));
    QCOMPARE(spec->cutFrame, 0.02);
    QCOMPARE(spec->gone, 0.05);
    QCOMPARE(spec->error429, 0.1);
    QCOMPARE(spec->error500, 0.2);
    QCOMPARE(spec->error504, 0.3);
    QCOMPARE(spec->delayMs, qint64(200));
    QCOMPARE(spec->compact, 100);
    QCOMPARE(spec->restartMs, qint64(60000));
    const auto again = FaultSpec::parse(spec->toString());
    QVERIFY(again.ok());
    QCOMPARE(again->toString(), spec->toString());
    QVERIFY(FaultSpec::parse(QString())->isEmpty());
}

void TestSimFaults::parseRejectsBadSpecs_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("unknown name") << "explode=1"
                                  << "unknown fault \"explode\"";
    QTest::newRow("no value") << "gone"
                              << "expected name=value";
    QTest::newRow("probability above 1") << "gone=2"
                                         << "probability";
    QTest::newRow("probability not a number") << "error429=often"
                                              << "probability";
    QTest::newRow("duration without unit") << "delay=200"
                                           << "duration";
    QTest::newRow("zero compact") << "compact=0"
                                  << "positive count";
}

void TestSimFaults::parseRejectsBadSpecs()
{
    QFETCH(QString, spec);
    QFETCH(QString, messagePart);
    const auto parsed = FaultSpec::parse(spec);
    QVERIFY(!parsed.ok());
    QVERIFY2(parsed.errorMessage().contains(messagePart), qPrintable(parsed.errorMessage()));
}

void TestSimFaults::probabilityOneAlwaysAnswersTheFault_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("reason");
    QTest::newRow("gone") << "gone=1" << 410 << "Expired";
    QTest::newRow("429") << "error429=1" << 429 << "TooManyRequests";
    QTest::newRow("500") << "error500=1" << 500 << "InternalError";
    QTest::newRow("504") << "error504=1" << 504 << "Timeout";
}

void TestSimFaults::probabilityOneAlwaysAnswersTheFault()
{
    QFETCH(QString, spec);
    QFETCH(int, code);
    QFETCH(QString, reason);
    Faults faults(7);
    faults.setSpec(FaultSpec::parse(spec).value());
    for (int i = 0; i < 20; ++i) {
        const auto status = faults.drawRequestError(i % 2 == 0);
        QVERIFY(status.has_value());
        QCOMPARE(status->code, code);
        QCOMPARE(status->reason, reason);
    }
    Faults none(7);
    QVERIFY(!none.drawRequestError(false).has_value());
}

void TestSimFaults::dropDelayIsDrawnOnlyWhenEnabled()
{
    Faults faults(3);
    QCOMPARE(faults.drawDropDelayMs(), qint64(0));
    faults.setSpec(FaultSpec::parse(QStringLiteral("drop-watch=1s")).value());
    QVERIFY(faults.drawDropDelayMs() > 0);
}

QTEST_GUILESS_MAIN(TestSimFaults)
#include "tst_simfaults.moc"
