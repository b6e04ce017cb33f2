// RelatedEventsModel: the Events tab's rows stay put while the cluster's
// other events change, so the user's selection and scroll survive; in a
// window of several clusters they are the object's own cluster's events.

#include "models/localkindsource.h"
#include "models/mergedkindsource.h"
#include "models/relatedeventsmodel.h"
#include "models/statustone.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>
#include <QTextDocument>

using namespace informant;

namespace {

KubeObject makeEvent(const QString &name, const QString &involvedUid, const QString &reason,
                     const QString &time, int count = 1,
                     const QString &type = QStringLiteral("Normal"))
{
    const QByteArray json =
        QStringLiteral(R"({"apiVersion":"v1","kind":"Event","metadata":{"name":"%1",
      "namespace":"shop","uid":"uid-%1"},"involvedObject":{"kind":"Pod","name":"web-1",
      "uid":"%2"},"reason":"%3","type":"%6","message":"msg %3","count":%5,
      "lastTimestamp":"%4","source":{"component":"kubelet"}})")
            .arg(name, involvedUid, reason, time)
            .arg(count)
            .arg(type)
            .toUtf8();
    auto r = KubeObject::fromJson(json);
    return r.ok() ? r.value() : KubeObject();
}

KindInfo eventsKind()
{
    return KindInfo{
        {}, QStringLiteral("v1"), QStringLiteral("Event"), QStringLiteral("events"), true, {}};
}

QStringList reasons(const RelatedEventsModel &model)
{
    QStringList out;
    for (int row = 0; row < model.rowCount(); ++row)
        out.append(model.index(row, RelatedEventsModel::ReasonColumn).data().toString());
    return out;
}

} // namespace

class TestRelatedEventsModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unrelatedEventsLeaveTheRowsAlone();
    void aChangedEventUpdatesItsRowInPlace();
    void eventsSeenAtTheSameTimeKeepOneOrder();
    void aCutMessageShowsWholeInItsTooltip();
    void aWarningsTypeHasTheEventsTablesTone();
    void onlyTheObjectsOwnClustersEventsAreListed();
};

void TestRelatedEventsModel::unrelatedEventsLeaveTheRowsAlone()
{
    LocalKindSource events(eventsKind());
    events.upsert(makeEvent(QStringLiteral("a"), QStringLiteral("pod-1"), QStringLiteral("Pulled"),
                            QStringLiteral("2024-05-01T10:00:05Z")));
    events.upsert(makeEvent(QStringLiteral("b"), QStringLiteral("pod-1"), QStringLiteral("BackOff"),
                            QStringLiteral("2024-05-01T10:09:00Z")));
    RelatedEventsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.refresh(&events.indexer(), {QStringLiteral("pod-1")});
    QCOMPARE(reasons(model), (QStringList{"BackOff", "Pulled"}));

    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    events.upsert(makeEvent(QStringLiteral("c"), QStringLiteral("pod-2"), QStringLiteral("Killing"),
                            QStringLiteral("2024-05-01T10:10:00Z")));
    model.refresh(&events.indexer(), {QStringLiteral("pod-1")});
    model.refresh(&events.indexer(), {QStringLiteral("pod-1")});
    QCOMPARE(removed.count(), 0);
    QCOMPARE(inserted.count(), 0);
    QCOMPARE(reset.count(), 0);
    QCOMPARE(changed.count(), 0);
    QCOMPARE(reasons(model), (QStringList{"BackOff", "Pulled"}));

    // A new event of the object does bring new rows.
    events.upsert(makeEvent(QStringLiteral("d"), QStringLiteral("pod-1"), QStringLiteral("Killing"),
                            QStringLiteral("2024-05-01T10:11:00Z")));
    model.refresh(&events.indexer(), {QStringLiteral("pod-1")});
    QCOMPARE(reasons(model), (QStringList{"Killing", "BackOff", "Pulled"}));
}

void TestRelatedEventsModel::aChangedEventUpdatesItsRowInPlace()
{
    LocalKindSource events(eventsKind());
    events.upsert(makeEvent(QStringLiteral("a"), QStringLiteral("pod-1"), QStringLiteral("Pulled"),
                            QStringLiteral("2024-05-01T10:00:05Z")));
    events.upsert(makeEvent(QStringLiteral("b"), QStringLiteral("pod-1"), QStringLiteral("BackOff"),
                            QStringLiteral("2024-05-01T10:09:00Z")));
    RelatedEventsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.refresh(&events.indexer(), {QStringLiteral("pod-1")});

    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    events.upsert(makeEvent(QStringLiteral("b"), QStringLiteral("pod-1"), QStringLiteral("BackOff"),
                            QStringLiteral("2024-05-01T10:09:00Z"), 5));
    model.refresh(&events.indexer(), {QStringLiteral("pod-1")});
    QCOMPARE(removed.count(), 0);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 0);
    QCOMPARE(model.index(0, RelatedEventsModel::CountColumn).data().toInt(), 5);
}

void TestRelatedEventsModel::eventsSeenAtTheSameTimeKeepOneOrder()
{
    LocalKindSource events(eventsKind());
    const QString same = QStringLiteral("2024-05-01T10:00:00Z");
    // Inserted out of uid order, so that the cache's order is not the answer.
    for (const char *name : {"e", "b", "d", "a", "c"})
        events.upsert(makeEvent(QString::fromLatin1(name), QStringLiteral("pod-1"),
                                QStringLiteral("R-%1").arg(QLatin1String(name)), same));
    RelatedEventsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.refresh(&events.indexer(), {QStringLiteral("pod-1")});
    QCOMPARE(reasons(model), (QStringList{"R-a", "R-b", "R-c", "R-d", "R-e"}));
}

// The Events tab shows a message on one line and cuts it at the column's
// edge: its tooltip is the whole message, as rich text (it wraps on screen
// rather than running off it as one line), with "<none>" kept as written and
// its line breaks kept.
void TestRelatedEventsModel::aCutMessageShowsWholeInItsTooltip()
{
    const QString message =
        QStringLiteral("0/3 nodes are available: 1 node(s) had untolerated taint "
                       "{node-role.kubernetes.io/control-plane: <none>}, 2 Insufficient cpu.\n"
                       "preemption: 0/3 nodes are available: 3 No preemption victims found.");
    QJsonObject json{
        {"apiVersion", "v1"},
        {"kind", "Event"},
        {"metadata", QJsonObject{{"name", "s"}, {"namespace", "shop"}, {"uid", "uid-s"}}},
        {"involvedObject", QJsonObject{{"kind", "Pod"}, {"name", "web-1"}, {"uid", "pod-1"}}},
        {"reason", "FailedScheduling"},
        {"type", "Warning"},
        {"message", message},
        {"lastTimestamp", "2024-05-01T10:00:00Z"}};
    LocalKindSource events(eventsKind());
    events.upsert(KubeObject::fromJson(QJsonDocument(json).toJson()).value());
    RelatedEventsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.refresh(&events.indexer(), {QStringLiteral("pod-1")});
    QCOMPARE(model.rowCount(), 1);

    const QModelIndex cell = model.index(0, RelatedEventsModel::MessageColumn);
    QCOMPARE(cell.data().toString(), message.simplified());
    const QString tip = cell.data(Qt::ToolTipRole).toString();
    QVERIFY2(Qt::mightBeRichText(tip), qPrintable(tip));
    QCOMPARE(tip, QStringLiteral("<p>0/3 nodes are available: 1 node(s) had untolerated taint "
                                 "{node-role.kubernetes.io/control-plane: &lt;none&gt;}, 2 "
                                 "Insufficient cpu.<br>preemption: 0/3 nodes are available: 3 No "
                                 "preemption victims found.</p>"));
    // Only the message has a tooltip; an event without one has none.
    QVERIFY(!model.index(0, RelatedEventsModel::ReasonColumn).data(Qt::ToolTipRole).isValid());
    json["message"] = QStringLiteral(" ");
    events.upsert(KubeObject::fromJson(QJsonDocument(json).toJson()).value());
    model.refresh(&events.indexer(), {QStringLiteral("pod-1")});
    QVERIFY(!model.index(0, RelatedEventsModel::MessageColumn).data(Qt::ToolTipRole).isValid());
}

// The Events tab drew a Warning in an amber of its own, unlike the Events
// table's TYPE cell: the same event read differently in the two places.
void TestRelatedEventsModel::aWarningsTypeHasTheEventsTablesTone()
{
    LocalKindSource events(eventsKind());
    events.upsert(makeEvent(QStringLiteral("a"), QStringLiteral("pod-1"), QStringLiteral("Pulled"),
                            QStringLiteral("2024-05-01T10:00:05Z")));
    events.upsert(makeEvent(QStringLiteral("b"), QStringLiteral("pod-1"), QStringLiteral("BackOff"),
                            QStringLiteral("2024-05-01T10:09:00Z"), 3, QStringLiteral("Warning")));
    RelatedEventsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.refresh(&events.indexer(), {QStringLiteral("pod-1")});
    QCOMPARE(reasons(model), (QStringList{"BackOff", "Pulled"}));

    const QModelIndex warning = model.index(0, RelatedEventsModel::TypeColumn);
    QCOMPARE(warning.data().toString(), QStringLiteral("Warning"));
    QCOMPARE(warning.data(Qt::ForegroundRole).value<QColor>(),
             toneColor(cellTone(QStringLiteral("TYPE"), QStringLiteral("Warning"))));
    QVERIFY(warning.data(Qt::ForegroundRole).value<QColor>().isValid());
    // Only the TYPE cell, as in the table; a Normal event has no tone.
    QVERIFY(!model.index(0, RelatedEventsModel::ReasonColumn).data(Qt::ForegroundRole).isValid());
    QVERIFY(!model.index(1, RelatedEventsModel::TypeColumn).data(Qt::ForegroundRole).isValid());
}

// In a window of several clusters the events cache holds every cluster's
// events under row keys that name their cluster (MergedKindSource), and two
// clusters' objects may share a uid (simulators replaying one recording) and
// their events a name: the list is of the object's own cluster's events.
void TestRelatedEventsModel::onlyTheObjectsOwnClustersEventsAreListed()
{
    LocalKindSource east(eventsKind());
    LocalKindSource west(eventsKind());
    MergedKindSource events(eventsKind(), {});
    events.addMember(QStringLiteral("east"), &east);
    events.addMember(QStringLiteral("west"), &west);
    east.upsert(makeEvent(QStringLiteral("a"), QStringLiteral("pod-1"), QStringLiteral("Killing"),
                          QStringLiteral("2024-05-01T10:00:05Z")));
    east.upsert(makeEvent(QStringLiteral("b"), QStringLiteral("pod-1"), QStringLiteral("BackOff"),
                          QStringLiteral("2024-05-01T10:09:00Z")));
    east.flush();
    west.upsert(makeEvent(QStringLiteral("a"), QStringLiteral("pod-1"), QStringLiteral("Pulled"),
                          QStringLiteral("2024-05-01T10:00:07Z")));
    west.flush();
    QTRY_COMPARE(events.indexer().size(), 3);
    RelatedEventsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.refresh(&events.indexer(), {QStringLiteral("pod-1")}, u"west");
    QCOMPARE(reasons(model), (QStringList{"Pulled"}));
    model.refresh(&events.indexer(), {QStringLiteral("pod-1")}, u"east");
    QCOMPARE(reasons(model), (QStringList{"BackOff", "Killing"}));
}

QTEST_GUILESS_MAIN(TestRelatedEventsModel)
#include "tst_relatedeventsmodel.moc"
