// The Events table in its window, as a user triaging "what just went wrong"
// reads it: it opens newest first (core/v1 and events.k8s.io/v1 alike) until
// the user sorts it, other kinds keep kubectl's namespace-then-name order, and
// a Warning's TYPE stands out in the warning tone in light and dark palettes.

#include "localclustersession.h"
#include "mainwindowfixture.h"
#include "models/resourcetablemodel.h"
#include "models/statustone.h"
#include "testsettings.h"
#include "ui/mainwindow.h"
#include "ui/resourceview.h"

#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QHeaderView>
#include <QImage>
#include <QTableView>
#include <QTest>

using namespace informant;
using namespace informant::test;

class TestEventsTable : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { useEmptyTestSettings(); }
    void eventsOpenNewestFirstUntilTheUserSorts_data();
    void eventsOpenNewestFirstUntilTheUserSorts();
    void warningTypeIsDrawnInTheWarningTone_data();
    void warningTypeIsDrawnInTheWarningTone();
};

namespace {

KindInfo eventKind(const QString &group)
{
    return KindInfo{group, QStringLiteral("v1"),  QStringLiteral("Event"), QStringLiteral("events"),
                    true,  {QStringLiteral("ev")}};
}

QList<KindInfo> kindsWithEvents(const QString &group)
{
    QList<KindInfo> kinds{eventKind(group)};
    for (const KindInfo &k : standardKinds()) {
        if (k.plural != QLatin1String("events"))
            kinds.append(k);
    }
    return kinds;
}

// An event of `type` in `ns`, last seen `agoSeconds` ago, in the group's
// field names (events.k8s.io/v1: eventTime, regarding, note).
KubeObject eventSeen(const QString &group, const QString &ns, const QString &name,
                     qint64 agoSeconds, const QString &type = QStringLiteral("Normal"))
{
    const QString seen =
        QDateTime::currentDateTimeUtc().addSecs(-agoSeconds).toString(Qt::ISODateWithMs);
    const QJsonObject about{{"kind", "Pod"}, {"namespace", ns}, {"name", name}};
    QJsonObject obj{
        {"kind", "Event"},
        {"metadata", QJsonObject{{"name", name + ".1"}, {"namespace", ns}, {"uid", ns + name}}},
        {"reason", type == QLatin1String("Warning") ? "BackOff" : "Pulled"},
        {"type", type}};
    if (group.isEmpty()) {
        obj.insert(QStringLiteral("apiVersion"), QStringLiteral("v1"));
        obj.insert(QStringLiteral("involvedObject"), about);
        obj.insert(QStringLiteral("message"), QStringLiteral("happened"));
        obj.insert(QStringLiteral("firstTimestamp"), seen);
        obj.insert(QStringLiteral("lastTimestamp"), seen);
    } else {
        obj.insert(QStringLiteral("apiVersion"), QStringLiteral("events.k8s.io/v1"));
        obj.insert(QStringLiteral("regarding"), about);
        obj.insert(QStringLiteral("note"), QStringLiteral("happened"));
        obj.insert(QStringLiteral("eventTime"), seen);
    }
    return KubeObject::fromJson(QJsonDocument(obj).toJson(QJsonDocument::Compact)).value();
}

QStringList keysInOrder(const ResourceTableModel *model)
{
    QStringList keys;
    for (int r = 0; r < model->rowCount(); ++r)
        keys.append(model->keyAt(r));
    return keys;
}

// The most saturated pixel of a cell: its text's hue, on a light or a dark
// background alike (neither has a hue).
QColor toneInk(QTableView *table, const QModelIndex &cell)
{
    const QImage image = table->viewport()->grab().toImage();
    const QRect rect = table->visualRect(cell);
    QColor best = image.pixelColor(rect.topLeft());
    for (int y = rect.top(); y <= rect.bottom(); ++y) {
        for (int x = rect.left(); x <= rect.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.hsvSaturation() * c.value() > best.hsvSaturation() * best.value())
                best = c;
        }
    }
    return best;
}

} // namespace

void TestEventsTable::eventsOpenNewestFirstUntilTheUserSorts_data()
{
    QTest::addColumn<QString>("group");
    QTest::newRow("core/v1") << QString();
    QTest::newRow("events.k8s.io/v1") << QStringLiteral("events.k8s.io");
}

// By namespace and name, the first screen of a busy cluster's events was
// 20-minute-old Job chatter, the crash-looping pod's BackOff thousands of
// rows down.
void TestEventsTable::eventsOpenNewestFirstUntilTheUserSorts()
{
    QFETCH(QString, group);
    Fixture f(kindsWithEvents(group));
    LocalKindSource *events = f.session.local(QStringLiteral("events"));
    events->upsert(eventSeen(group, QStringLiteral("batch"), QStringLiteral("job-1"), 1200));
    events->upsert(eventSeen(group, QStringLiteral("batch"), QStringLiteral("job-2"), 1140));
    events->upsert(eventSeen(group, QStringLiteral("web"), QStringLiteral("web-1"), 300));
    events->upsert(eventSeen(group, QStringLiteral("payments"), QStringLiteral("ledger"), 10,
                             QStringLiteral("Warning")));
    events->flush();
    QVERIFY(f.window->showKind(eventKind(group)));
    ResourceTableModel *model = f.model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_COMPARE(model->rowCount(), 4);
    QCOMPARE(keysInOrder(model),
             (QStringList{"payments/ledger.1", "web/web-1.1", "batch/job-2.1", "batch/job-1.1"}));
    // The header says so: LAST SEEN, smallest age first.
    const QHeaderView *header = f.window->resourceView()->table()->horizontalHeader();
    const int lastSeen = model->formatter().columnOf(QStringLiteral("LAST SEEN"));
    QCOMPARE(header->sortIndicatorSection(), lastSeen);
    QCOMPARE(header->sortIndicatorOrder(), Qt::AscendingOrder);
    QVERIFY(header->isSortIndicatorShown());
    // A newer event goes to the top.
    events->upsert(eventSeen(group, QStringLiteral("batch"), QStringLiteral("job-3"), 1));
    events->flush();
    QTRY_COMPARE(model->keyAt(0), QStringLiteral("batch/job-3.1"));

    // The user's sort (a header click, or --sort) wins, and stays while rows
    // come.
    QVERIFY(f.window->resourceView()->sortByColumnName(QStringLiteral("NAMESPACE"),
                                                       Qt::AscendingOrder));
    QTRY_COMPARE(keysInOrder(model), (QStringList{"batch/job-1.1", "batch/job-2.1", "batch/job-3.1",
                                                  "payments/ledger.1", "web/web-1.1"}));
    events->upsert(eventSeen(group, QStringLiteral("a"), QStringLiteral("new"), 0));
    events->flush();
    QTRY_COMPARE(model->rowCount(), 6);
    QCOMPARE(model->keyAt(0), QStringLiteral("a/new.1"));

    // Other kinds keep kubectl's order, by namespace then name, with no
    // sort arrow.
    QVERIFY(f.window->showKindByName(QStringLiteral("pods")));
    QTRY_COMPARE(f.model()->rowCount(), 3);
    QCOMPARE(keysInOrder(f.model()), (QStringList{"db/pg-0", "shop/web-1", "shop/web-2"}));
    QCOMPARE(f.model()->sortColumn(), -1);
    QVERIFY(!header->isSortIndicatorShown());
}

void TestEventsTable::warningTypeIsDrawnInTheWarningTone_data()
{
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

// A Warning row looked like every Normal one: only a column named STATUS
// had a tone.
void TestEventsTable::warningTypeIsDrawnInTheWarningTone()
{
    QFETCH(bool, dark);
    Fixture f;
    if (dark) {
        QPalette palette = f.window->palette();
        palette.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        palette.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
        palette.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
        f.window->setPalette(palette);
    }
    LocalKindSource *events = f.session.local(QStringLiteral("events"));
    events->upsert(eventSeen({}, QStringLiteral("payments"), QStringLiteral("ledger"), 10,
                             QStringLiteral("Warning")));
    events->upsert(eventSeen({}, QStringLiteral("web"), QStringLiteral("web-1"), 20));
    events->flush();
    QVERIFY(f.window->showKindByName(QStringLiteral("events")));
    ResourceTableModel *model = f.model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_COMPARE(model->rowCount(), 2);
    QTableView *table = f.window->resourceView()->table();
    QCOMPARE(table->palette().color(QPalette::Base).lightness() < 128, dark);
    table->clearSelection();
    table->setCurrentIndex({});
    const int type = model->formatter().columnOf(QStringLiteral("TYPE"));
    const QModelIndex warning =
        model->index(model->rowOfKey(QStringLiteral("payments/ledger.1")), type);
    const QModelIndex normal = model->index(model->rowOfKey(QStringLiteral("web/web-1.1")), type);
    QCOMPARE(warning.data().toString(), QStringLiteral("Warning"));
    // The same tone as a Pending pod's STATUS.
    QCOMPARE(warning.data(Qt::ForegroundRole).value<QColor>(),
             statusToneColor(QStringLiteral("Pending")));
    QVERIFY(!normal.data(Qt::ForegroundRole).isValid());
    const QColor ink = toneInk(table, warning);
    QVERIFY2(ink.red() - ink.blue() > 60, qPrintable(ink.name()));
    const QColor plain = toneInk(table, normal);
    QVERIFY2(plain.red() - plain.blue() < 20, qPrintable(plain.name()));
}

QTEST_MAIN(TestEventsTable)
#include "tst_eventstable.moc"
