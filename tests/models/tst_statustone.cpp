// The tone a table cell is drawn in, as the resource table model gives it
// (Qt::ForegroundRole): a pod's STATUS and an event's TYPE by one rule table.

#include "models/resourcetablemodel.h"
#include "models/rowpreparer.h"
#include "models/statustone.h"
#include "testobjects.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace informant;
using namespace informant::test;

class TestStatusTone : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cellsTakeTheirColumnsTone_data();
    void cellsTakeTheirColumnsTone();
};

namespace {

enum class Expected { None, Warning, Bad };

// NAMESPACE, NAME, STATUS, TYPE, REASON: each cell from the label of its name.
std::shared_ptr<const RowFormatter> tonedFormatter()
{
    QList<RowFormatter::Column> columns{{QStringLiteral("NAME"), 0},
                                        {QStringLiteral("STATUS"), 0},
                                        {QStringLiteral("TYPE"), 0},
                                        {QStringLiteral("REASON"), 0}};
    auto cells = [](const KubeObject &o, qint64) {
        QList<PrintCell> out{{o.name(), std::nullopt}};
        for (const char *label : {"status", "type", "reason"})
            out.append({o.label(QLatin1String(label)).value_or(QString()), std::nullopt});
        return out;
    };
    return std::make_shared<const RowFormatter>(true, columns, cells);
}

} // namespace

void TestStatusTone::cellsTakeTheirColumnsTone_data()
{
    QTest::addColumn<QString>("column");
    QTest::addColumn<QString>("text");
    QTest::addColumn<Expected>("expected");
    QTest::newRow("STATUS CrashLoopBackOff") << "STATUS"
                                             << "CrashLoopBackOff" << Expected::Bad;
    QTest::newRow("STATUS Pending") << "STATUS"
                                    << "Pending" << Expected::Warning;
    QTest::newRow("STATUS Running") << "STATUS"
                                    << "Running" << Expected::None;
    // An event's type: Warning is what went wrong, Normal is chatter.
    QTest::newRow("TYPE Warning") << "TYPE"
                                  << "Warning" << Expected::Warning;
    QTest::newRow("TYPE Normal") << "TYPE"
                                 << "Normal" << Expected::None;
    // Other kinds' TYPE (a Service's, a Secret's) never says Warning, and
    // is not a status: no tone for a STATUS word in it.
    QTest::newRow("TYPE ClusterIP") << "TYPE"
                                    << "ClusterIP" << Expected::None;
    QTest::newRow("TYPE Pending") << "TYPE"
                                  << "Pending" << Expected::None;
    // Only the columns that tell a state have a tone.
    QTest::newRow("REASON Warning") << "REASON"
                                    << "Warning" << Expected::None;
    QTest::newRow("REASON Failed") << "REASON"
                                   << "Failed" << Expected::None;
}

void TestStatusTone::cellsTakeTheirColumnsTone()
{
    QFETCH(QString, column);
    QFETCH(QString, text);
    QFETCH(Expected, expected);
    const std::shared_ptr<const RowFormatter> formatter = tonedFormatter();
    ResourceTableModel model(formatter);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    RowPreparer preparer(formatter);
    const qint64 nowMs = 1714600000000;
    model.setFixedNowMs(nowMs);
    const KubeObject object =
        makeObject(QStringLiteral("ns"), QStringLiteral("a"), {{column.toLower(), text}});
    model.applyBatch(preparer.applyChanges(batchOf({upsert(object)}, true), nowMs));
    QCOMPARE(model.rowCount(), 1);
    const int c = formatter->columnOf(column);
    QCOMPARE(model.index(0, c).data().toString(), text);
    const QVariant tone = model.index(0, c).data(Qt::ForegroundRole);
    switch (expected) {
    case Expected::None:
        QVERIFY2(!tone.isValid(), qPrintable(tone.value<QColor>().name()));
        break;
    case Expected::Warning:
        QCOMPARE(tone.value<QColor>(), statusToneColor(QStringLiteral("Pending")));
        break;
    case Expected::Bad:
        QCOMPARE(tone.value<QColor>(), statusToneColor(QStringLiteral("CrashLoopBackOff")));
        break;
    }
    // The other cells of the row keep the text's colour.
    for (int other = 0; other < model.columnCount(); ++other) {
        if (other != c)
            QVERIFY(!model.index(0, other).data(Qt::ForegroundRole).isValid());
    }
}

QTEST_MAIN(TestStatusTone)
#include "tst_statustone.moc"
