// A handler slower than the change rate (SharedIndexInformerOptions::
// coalesceBacklog): NotificationBuffer's merge rules one by one, and an
// informer whose handler is stalled while changes stream in: its buffer stays
// O(objects), and once released it sees every object's final state, each
// deletion of an object it saw, and nothing of objects that came and went.

#include "fakelisterwatcher.h"
#include "informer/informers/processorlistenerbuffer.h"
#include "informer/informers/sharedindexinformer.h"

#include <QSemaphore>
#include <QTest>

using namespace informant;
using namespace informant::test;

namespace {

QString notificationText(const Notification &n)
{
    switch (n.type) {
    case Notification::Type::Add:
        return QStringLiteral("add %1@%2%3")
            .arg(n.object.name(), n.object.resourceVersion(),
                 n.isInInitialList ? QStringLiteral(" initial") : QString());
    case Notification::Type::Update:
        return QStringLiteral("update %1@%2->%3")
            .arg(n.object.name(), n.oldObject.resourceVersion(), n.object.resourceVersion());
    case Notification::Type::Delete:
        return QStringLiteral("delete %1@%2").arg(n.object.name(), n.object.resourceVersion());
    }
    return {};
}

// "add a1", "add a1 initial", "update a1 a2" (old, new), "delete a3".
Notification notificationFromText(const QString &text)
{
    const QStringList words = text.split(QLatin1Char(' '));
    const auto pod = [](const QString &token) { return makePod(token.left(1), token.mid(1)); };
    Notification n;
    if (words.at(0) == u"add") {
        n.type = Notification::Type::Add;
        n.isInInitialList = words.value(2) == u"initial";
        n.object = pod(words.at(1));
    } else if (words.at(0) == u"update") {
        n.type = Notification::Type::Update;
        n.oldObject = pod(words.at(1));
        n.object = pod(words.at(2));
    } else {
        n.type = Notification::Type::Delete;
        n.object = pod(words.at(1));
    }
    return n;
}

QStringList delivered(NotificationBuffer::Entries entries)
{
    QStringList lines;
    for (const NotificationBuffer::Entry &entry : entries)
        if (!entry.dropped)
            lines.append(notificationText(entry.notification));
    return lines;
}

} // namespace

class TestSlowConsumer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bufferMergesPerKeyPastItsBacklog_data();
    void bufferMergesPerKeyPastItsBacklog();
    void bufferStaysBoundedUnderCreateDeleteChurn();
    void stalledHandlerSeesFinalStatesOnly();
};

void TestSlowConsumer::bufferMergesPerKeyPastItsBacklog_data()
{
    QTest::addColumn<qsizetype>("backlog");
    QTest::addColumn<QStringList>("input");
    QTest::addColumn<QStringList>("expected");
    QTest::addColumn<qint64>("coalesced");
    QTest::addColumn<qint64>("initialDropped");
    using L = QStringList;
    // x1 is pending first, so from the second notification on more than
    // one (the backlog of 1) is waiting.
    QTest::newRow("withoutBacklogEveryNotificationIsKept")
        << qsizetype(0) << L{"add x1", "add a1", "update a1 a2", "delete a3"}
        << L{"add x@1", "add a@1", "update a@1->2", "delete a@3"} << qint64(0) << qint64(0);
    QTest::newRow("atTheBacklogNothingMerges")
        << qsizetype(3) << L{"add x1", "add a1", "update a1 a2", "update a2 a3"}
        << L{"add x@1", "add a@1", "update a@1->2", "update a@2->3"} << qint64(0) << qint64(0);
    QTest::newRow("updatesMergeIntoThePendingAdd")
        << qsizetype(1) << L{"add x1", "add a1", "update a1 a2", "update a2 a3"}
        << L{"add x@1", "add a@3"} << qint64(2) << qint64(0);
    QTest::newRow("updatesMergeKeepingTheOldObject")
        << qsizetype(1) << L{"add x1", "update a1 a2", "update a2 a3"}
        << L{"add x@1", "update a@1->3"} << qint64(1) << qint64(0);
    QTest::newRow("updateThenDeleteIsADelete")
        << qsizetype(1) << L{"add x1", "update a1 a2", "delete a3"} << L{"add x@1", "delete a@3"}
        << qint64(1) << qint64(0);
    QTest::newRow("addThenDeleteVanish")
        << qsizetype(1) << L{"add x1", "add a1", "update a1 a2", "delete a3"} << L{"add x@1"}
        << qint64(3) << qint64(0);
    QTest::newRow("droppedInitialAddCountsAsDelivered")
        << qsizetype(1) << L{"add x1", "add a1 initial", "delete a2"} << L{"add x@1"} << qint64(2)
        << qint64(1);
    QTest::newRow("secondDeleteMergesIntoTheFirst")
        << qsizetype(1) << L{"add x1", "delete a1", "delete a2"} << L{"add x@1", "delete a@1"}
        << qint64(1) << qint64(0);
    QTest::newRow("deletionIsNeverMergedIntoALaterObject")
        << qsizetype(1)
        << L{"add x1", "delete a1", "add a2", "update a2 a3", "delete a4", "add a5", "update a5 a6"}
        << L{"add x@1", "delete a@1", "add a@6"} << qint64(4) << qint64(0);
    QTest::newRow("mergedChangeKeepsTheKeysEarlierPosition")
        << qsizetype(1) << L{"add x1", "update a1 a2", "add b1", "update a2 a3"}
        << L{"add x@1", "update a@1->3", "add b@1"} << qint64(1) << qint64(0);
}

void TestSlowConsumer::bufferMergesPerKeyPastItsBacklog()
{
    QFETCH(qsizetype, backlog);
    QFETCH(QStringList, input);
    QFETCH(QStringList, expected);
    QFETCH(qint64, coalesced);
    QFETCH(qint64, initialDropped);
    NotificationBuffer buffer(backlog);
    qint64 dropped = 0;
    for (const QString &text : std::as_const(input))
        dropped += buffer.add(notificationFromText(text));
    QCOMPARE(buffer.pending(), expected.size());
    QCOMPARE(buffer.coalesced(), coalesced);
    QCOMPARE(dropped, initialDropped);
    QCOMPARE(delivered(buffer.takeAll()), expected);
    QVERIFY(buffer.isEmpty());
}

void TestSlowConsumer::bufferStaysBoundedUnderCreateDeleteChurn()
{
    // Pods created and deleted again while the handler is behind leave
    // dropped entries that compaction removes; the one updated pod keeps
    // merging into its single entry.
    NotificationBuffer buffer(1);
    (void)buffer.add(notificationFromText(QStringLiteral("add x1")));
    (void)buffer.add(notificationFromText(QStringLiteral("add a1")));
    for (int i = 0; i < 5000; ++i) {
        const KubeObject pod = makePod(QStringLiteral("p%1").arg(i), QString::number(i + 2));
        Notification add;
        add.object = pod;
        (void)buffer.add(add);
        Notification remove;
        remove.type = Notification::Type::Delete;
        remove.object = pod;
        (void)buffer.add(remove);
        (void)buffer.add(
            notificationFromText(QStringLiteral("update a%1 a%2").arg(i + 1).arg(i + 2)));
    }
    QCOMPARE(buffer.pending(), 2);
    QVERIFY2(buffer.peakPending() <= 3, qPrintable(QString::number(buffer.peakPending())));
    QCOMPARE(buffer.coalesced(), qint64(3 * 5000));
    const NotificationBuffer::Entries entries = buffer.takeAll();
    QVERIFY2(entries.size() < 300, qPrintable(QString::number(entries.size())));
    QCOMPARE(delivered(entries), (QStringList{"add x@1", "add a@5001"}));
}

void TestSlowConsumer::stalledHandlerSeesFinalStatesOnly()
{
    auto lw = std::make_shared<FakeListerWatcher>();
    lw->addList(makePage("1", {makePod("x", "1")}));
    auto gate = std::make_shared<std::atomic<bool>>(false);
    using T = WatchEvent::Type;
    QList<WatchEvent> events{makeEvent(T::Added, makePod("f", "2")),
                             makeEvent(T::Added, makePod("g", "3"))};
    int rv = 3;
    const auto next = [&rv] { return QString::number(++rv); };
    // a: created, updated, deleted, created again, updated.
    events << makeEvent(T::Added, makePod("a", next()));
    for (int i = 0; i < 200; ++i)
        events << makeEvent(T::Modified, makePod("a", next()));
    events << makeEvent(T::Deleted, makePod("a", next()));
    events << makeEvent(T::Added, makePod("a", next()));
    for (int i = 0; i < 200; ++i)
        events << makeEvent(T::Modified, makePod("a", next()));
    const QString aFinal = QString::number(rv);
    // x (listed, seen by the handler): updated, deleted, created again.
    for (int i = 0; i < 200; ++i)
        events << makeEvent(T::Modified, makePod("x", next()));
    const QString xDeleted = next();
    events << makeEvent(T::Deleted, makePod("x", xDeleted));
    const QString xFinal = next();
    events << makeEvent(T::Added, makePod("x", xFinal));
    // b: came and went.
    events << makeEvent(T::Added, makePod("b", next()));
    events << makeEvent(T::Deleted, makePod("b", next()));
    const QString lastRv = QString::number(rv);
    StreamStep gateStep;
    gateStep.kind = StreamStep::Kind::WaitGate;
    gateStep.gate = gate;
    StreamStep eventsStep;
    eventsStep.events = events;
    lw->addWatch({gateStep, eventsStep});

    SharedIndexInformerOptions options;
    options.name = QStringLiteral("pods");
    options.reflector.useWatchList = false;
    options.reflector.watchdog = false;
    options.reflector.random = [] { return 0.0; };
    options.coalesceBacklog = 1;
    SharedIndexInformer informer(lw, options);

    QSemaphore entered;
    QSemaphore release;
    std::mutex mutex;
    QMap<QString, QStringList> seen; // per key, in order
    const auto log = [&](const QString &key, const QString &line) {
        std::lock_guard lock(mutex);
        seen[key].append(line);
    };
    ResourceEventHandler handler;
    handler.onAdd = [&](const KubeObject &o, bool initial) {
        log(o.name(), QStringLiteral("add %1%2")
                          .arg(o.resourceVersion(), initial ? QStringLiteral(" initial") : ""));
        if (initial) { // stall on the first notification
            entered.release();
            release.acquire();
        }
    };
    handler.onUpdate = [&](const KubeObject &old, const KubeObject &o) {
        log(o.name(),
            QStringLiteral("update %1->%2").arg(old.resourceVersion(), o.resourceVersion()));
    };
    handler.onDelete = [&](const Delta &d) {
        log(d.object.name(), QStringLiteral("delete %1").arg(d.object.resourceVersion()));
    };
    auto handle = informer.addEventHandler(handler);
    QVERIFY(handle.ok());
    informer.start();
    QVERIFY(entered.tryAcquire(1, 10000));
    gate->store(true);
    // Every change reached the cache while the handler was stalled.
    QTRY_COMPARE_WITH_TIMEOUT(informer.lastSyncResourceVersion(), lastRv, 10000);
    QTRY_COMPARE(informer.indexer()
                     .getByKey(QStringLiteral("ns/a"))
                     .value_or(KubeObject())
                     .resourceVersion(),
                 aFinal);
    // Waiting for the handler, once everything was processed: f, g, a's
    // newest state, x's deletion and x's new object (b came and went).
    QTRY_COMPARE(informer.status().backlog, 5);
    QVERIFY(!informer.indexer().getByKey(QStringLiteral("ns/b")));
    release.release();
    QTRY_COMPARE((*handle)->backlog().pending, 0);
    informer.stop();

    std::lock_guard lock(mutex);
    QCOMPARE(seen.value(QStringLiteral("x")),
             (QStringList{"add 1 initial", QStringLiteral("delete %1").arg(xDeleted),
                          QStringLiteral("add %1").arg(xFinal)}));
    QCOMPARE(seen.value(QStringLiteral("f")), QStringList{"add 2"});
    QCOMPARE(seen.value(QStringLiteral("g")), QStringList{"add 3"});
    QCOMPARE(seen.value(QStringLiteral("a")), QStringList{QStringLiteral("add %1").arg(aFinal)});
    QCOMPARE(seen.contains(QStringLiteral("b")), false);
    QCOMPARE(seen.size(), 4);
    const InformerStatus status = informer.status();
    QVERIFY(status.coalesced >= 400);
    // O(objects) (5 of them, 600 changes): the queue's bound with a backlog
    // of 1 is 1 + 3 per key + 1, the handler's one or two per key.
    QVERIFY2(status.backlogPeak <= 30, qPrintable(QString::number(status.backlogPeak)));
}

QTEST_GUILESS_MAIN(TestSlowConsumer)
#include "tst_slowconsumer.moc"
