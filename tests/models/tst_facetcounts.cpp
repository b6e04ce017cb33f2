// FacetCounts as the RowPreparer hands them with its batches: added up as
// the TableFeed does, they are the counts of the objects the table holds,
// through churn, relabelling, deletions and query changes; each facet counts
// the objects that pass every other filter (selector, quick filter, the other
// facet's ticks).

#include "models/clusterrowkey.h"
#include "models/facetcounts.h"
#include "models/labelfacetmodel.h"
#include "models/quicktextmemo.h"
#include "models/rowpreparer.h"
#include "testobjects.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <limits>

using namespace informant;
using namespace informant::test;

namespace {

// Counted the plain way, from the objects themselves.
struct Expected
{
    QList<std::pair<QString, qsizetype>> namespaces;
    LabelCounts labels; // values sorted
};

bool labelsTicked(const KubeObject &object, const QMap<QString, QSet<QString>> &ticked)
{
    for (auto it = ticked.cbegin(); it != ticked.cend(); ++it) {
        const std::optional<QString> value = object.label(it.key());
        if (!value || (!it->isEmpty() && !it->contains(*value)))
            return false;
    }
    return true;
}

bool quickTextMatches(const KubeObject &object, const QString &text)
{
    if (text.isEmpty())
        return true;
    QStringList texts = testFormatter()->cells(object, 0);
    texts << object.name() << object.namespaceName();
    return std::any_of(texts.cbegin(), texts.cend(),
                       [&](const QString &t) { return t.contains(text, Qt::CaseInsensitive); });
}

// The namespace facet counts the objects whose labels pass, the label facet
// those whose namespace passes; both only those the selector and the quick
// filter pass. Every namespace and label some object has is listed.
Expected countByHand(const QHash<QString, KubeObject> &objects, const TableQuery &query)
{
    QMap<QString, qsizetype> namespaces;
    QMap<QString, QMap<QString, qsizetype>> values;
    for (const KubeObject &object : objects) {
        const bool others = (query.selector.isEmpty() || query.selector.matches(object)) &&
                            quickTextMatches(object, query.quickText);
        const bool inNamespaces = query.facets.namespaces.isEmpty() ||
                                  query.facets.namespaces.contains(object.namespaceName());
        const bool inLabels = labelsTicked(object, query.facets.labels);
        if (!object.namespaceName().isEmpty())
            namespaces[object.namespaceName()] += others && inLabels ? 1 : 0;
        for (const Label &label : object.labels())
            values[label.key][label.value] += others && inNamespaces ? 1 : 0;
    }
    Expected out;
    for (auto it = namespaces.cbegin(); it != namespaces.cend(); ++it)
        out.namespaces.append({it.key(), it.value()});
    for (auto key = values.cbegin(); key != values.cend(); ++key) {
        auto &[keyCount, list] = out.labels[key.key()];
        for (auto value = key->cbegin(); value != key->cend(); ++value) {
            keyCount += value.value();
            list.append({value.key(), value.value()});
        }
    }
    return out;
}

// Every value, none capped.
LabelCounts allLabels(const FacetCounts &counts)
{
    return counts.labelCounts({}, std::numeric_limits<qsizetype>::max());
}

// What the TableFeed does with each batch.
void addUp(FacetCounts &total, const PreparedBatch &batch)
{
    if (batch.ordered)
        total = batch.facets;
    else
        total.add(batch.facets);
}

// testFormatter()'s columns, counting the objects whose cells it prints:
// the quick filter's cost, which its memo (models/quicktextmemo.h) saves.
std::shared_ptr<const RowFormatter> countingFormatter(std::shared_ptr<int> printed)
{
    const auto plain = testFormatter();
    QList<RowFormatter::Column> columns = plain->columns();
    columns.removeFirst(); // NAMESPACE: the formatter adds it
    return std::make_shared<const RowFormatter>(
        true, columns, [plain, printed](const KubeObject &object, qint64 nowMs) {
            ++*printed;
            return plain->printCells(object, nowMs).mid(1);
        });
}

// Pods p-0..p-23 in "ops" and "shop", app web or db, the "status" label (the
// STATUS cell) cycling through four; no name or namespace has a "c", so the
// quick filter "c..." prints every pod it asks.
QHash<QString, KubeObject> statusPods()
{
    const QStringList statuses{QStringLiteral("Running"), QStringLiteral("Pending"),
                               QStringLiteral("CrashLoopBackOff"), QStringLiteral("Completed")};
    QHash<QString, KubeObject> pods;
    for (int n = 0; n < 24; ++n) {
        const KubeObject pod = makeObject(
            n % 2 ? QStringLiteral("shop") : QStringLiteral("ops"), QStringLiteral("p-%1").arg(n),
            {{QStringLiteral("app"), n % 3 ? QStringLiteral("db") : QStringLiteral("web")},
             {QStringLiteral("status"), statuses.at((n / 2) % 4)}});
        pods.insert(pod.key(), pod);
    }
    return pods;
}

PreparedBatch snapshotOf(RowPreparer &preparer, const QHash<QString, KubeObject> &objects)
{
    QList<ObjectChange> changes;
    for (const KubeObject &object : objects)
        changes.append(upsert(object));
    return preparer.applyChanges(batchOf(changes, true), 0);
}

QStringList rowKeys(const PreparedBatch &batch)
{
    QStringList keys;
    for (const PreparedRow &row : batch.rows)
        keys.append(row.key);
    return keys;
}

// `batch`, a preparer's answer to `query` over `objects`, is the one a fresh
// preparer gives (rows in order), and its counts are the plain count.
void verifyAnswer(const PreparedBatch &batch, const QHash<QString, KubeObject> &objects,
                  const TableQuery &query)
{
    RowPreparer fresh(testFormatter());
    fresh.setQuery(query, 1, 0);
    const PreparedBatch expected = snapshotOf(fresh, objects);
    QCOMPARE(rowKeys(batch), rowKeys(expected));
    const Expected byHand = countByHand(objects, query);
    QCOMPARE(batch.facets.namespaceCounts(), byHand.namespaces);
    QCOMPARE(allLabels(batch.facets), byHand.labels);
}

} // namespace

class TestFacetCounts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void preparedCountsAreThoseOfTheObjectsHeld();
    void eachFacetCountsWhatTheOtherFiltersPass();
    void statusUpdateChangesNoCount();
    void typingAsksOnlyTheObjectsThatMatched();
    void aTickASelectorOrASortAsksOnlyTheObjectsNeverAsked();
    void anObjectChangedBetweenQueriesIsAskedAgain();
    void verdictsPastTheirLifetimeAreAskedAgain();
    void cappedKeepsTheBiggestAndTheTicked();
    void clusterFacetCountsWhatTheOtherFiltersPass();
};

void TestFacetCounts::preparedCountsAreThoseOfTheObjectsHeld()
{
    const QStringList namespaces{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"),
                                 QString()};
    const QStringList apps{QStringLiteral("web"), QStringLiteral("db"), QStringLiteral("queue")};
    QRandomGenerator random(42); // the same churn every run
    RowPreparer preparer(testFormatter());
    QHash<QString, KubeObject> held; // what the table has been sent
    const auto make = [&](int n) {
        QMap<QString, QString> labels{{QStringLiteral("app"), apps.at(random.bounded(3))}};
        if (random.bounded(2) == 0)
            labels.insert(QStringLiteral("tier"), QStringLiteral("t%1").arg(random.bounded(2)));
        return makeObject(namespaces.at(n % 4), QStringLiteral("o-%1").arg(n), labels,
                          QStringLiteral("2024-05-01T10:00:00Z"),
                          QString::number(random.bounded(1000)));
    };
    // What the user may have set, alone or together.
    const QList<QSet<QString>> namespaceTicks{
        {}, {QStringLiteral("a")}, {QStringLiteral("b"), QStringLiteral("c")}};
    const QList<QMap<QString, QSet<QString>>> labelTicks{
        {},
        {{QStringLiteral("app"), {QStringLiteral("web"), QStringLiteral("db")}}},
        {{QStringLiteral("tier"), {}}}};
    const QStringList selectors{QString(), QStringLiteral("app!=queue"),
                                QStringLiteral("tier in (t0)")};
    // Typed on, deleted back, and differing further back.
    const QStringList quickTexts{QString(), QStringLiteral("o-1"), QStringLiteral("o-"),
                                 QStringLiteral("O-1"), QStringLiteral("o-2")};

    QList<ObjectChange> snapshot;
    for (int n = 0; n < 40; ++n) {
        const KubeObject object = make(n);
        held.insert(object.key(), object);
        snapshot.append(upsert(object));
    }
    FacetCounts total;
    addUp(total, preparer.applyChanges(batchOf(snapshot, true), 0));
    TableQuery query;
    for (int round = 0; round < 120; ++round) {
        if (round % 5 == 2) {
            query.facets.namespaces = namespaceTicks.at(random.bounded(3));
            query.facets.labels = labelTicks.at(random.bounded(3));
            query.selector = LabelSelector::parse(selectors.at(random.bounded(3))).value();
            query.quickText = quickTexts.at(random.bounded(5));
            query.sortColumn = random.bounded(3) - 1;
            addUp(total, preparer.setQuery(query, round, 0));
        }
        QList<ObjectChange> changes;
        for (int i = 0; i < 8; ++i) {
            const int n = random.bounded(60);
            const KubeObject object = make(n);
            if (random.bounded(4) == 0) {
                changes.append(remove(object));
                held.remove(object.key());
            } else {
                changes.append(upsert(object));
                held.insert(object.key(), object);
            }
        }
        addUp(total, preparer.applyChanges(batchOf(changes), 0));
        const Expected expected = countByHand(held, query);
        QCOMPARE(total.namespaceCounts(), expected.namespaces);
        QCOMPARE(allLabels(total), expected.labels);
    }
    // And from scratch, as an ordered snapshot counts them.
    RowPreparer fresh(testFormatter());
    fresh.applyChanges(batchOf(QList<ObjectChange>(), true), 0);
    fresh.setQuery(query, 1, 0);
    QList<ObjectChange> all;
    for (const KubeObject &object : std::as_const(held))
        all.append(upsert(object));
    const PreparedBatch counted = fresh.applyChanges(batchOf(all, true), 0);
    QCOMPARE(counted.facets.namespaceCounts(), total.namespaceCounts());
    QCOMPARE(allLabels(counted.facets), allLabels(total));
}

// The filter pane's promise, in the simplest case: with a selector set, a
// namespace's count is the rows ticking it leaves, and the other way round.
void TestFacetCounts::eachFacetCountsWhatTheOtherFiltersPass()
{
    RowPreparer preparer(testFormatter());
    QList<ObjectChange> snapshot;
    for (int n = 0; n < 12; ++n) {
        const QString app = n % 3 == 0 ? QStringLiteral("web") : QStringLiteral("db");
        snapshot.append(
            upsert(makeObject(n % 2 ? QStringLiteral("shop") : QStringLiteral("ops"),
                              QStringLiteral("p-%1").arg(n), {{QStringLiteral("app"), app}})));
    }
    preparer.applyChanges(batchOf(snapshot, true), 0);
    TableQuery query;
    query.selector = LabelSelector::parse(QStringLiteral("app=web")).value();
    const PreparedBatch selected = preparer.setQuery(query, 1, 0);
    QCOMPARE(selected.rows.size(), 4); // p-0, p-3, p-6, p-9
    const QList<std::pair<QString, qsizetype>> byNamespace{{QStringLiteral("ops"), 2},
                                                           {QStringLiteral("shop"), 2}};
    QCOMPARE(selected.facets.namespaceCounts(), byNamespace);
    QCOMPARE(allLabels(selected.facets).value(QStringLiteral("app")).second,
             (QList<std::pair<QString, qsizetype>>{{QStringLiteral("db"), 0},
                                                   {QStringLiteral("web"), 4}}));

    // A label ticked narrows the namespace counts, not its own key's.
    query.selector = {};
    query.facets.labels = {{QStringLiteral("app"), {QStringLiteral("web")}}};
    const PreparedBatch ticked = preparer.setQuery(query, 2, 0);
    QCOMPARE(ticked.facets.namespaceCounts(), byNamespace);
    QCOMPARE(allLabels(ticked.facets).value(QStringLiteral("app")).second,
             (QList<std::pair<QString, qsizetype>>{{QStringLiteral("db"), 8},
                                                   {QStringLiteral("web"), 4}}));

    // The quick filter too; and a pod coming in counts where it passes.
    query.quickText = QStringLiteral("p-1"); // p-1, p-10, p-11 (none web)
    const PreparedBatch typed = preparer.setQuery(query, 3, 0);
    QVERIFY(typed.rows.isEmpty());
    QCOMPARE(typed.facets.namespaceCounts(),
             (QList<std::pair<QString, qsizetype>>{{QStringLiteral("ops"), 0},
                                                   {QStringLiteral("shop"), 0}}));
    FacetCounts total = typed.facets;
    total.add(preparer
                  .applyChanges(batchOf({upsert(
                                    makeObject(QStringLiteral("ops"), QStringLiteral("p-12"),
                                               {{QStringLiteral("app"), QStringLiteral("web")}}))}),
                                0)
                  .facets);
    QCOMPARE(total.namespaceCounts(),
             (QList<std::pair<QString, qsizetype>>{{QStringLiteral("ops"), 1},
                                                   {QStringLiteral("shop"), 0}}));
}

// The common change under churn (a pod's status) keeps namespace and labels:
// the batch carries no facet change at all.
void TestFacetCounts::statusUpdateChangesNoCount()
{
    RowPreparer preparer(testFormatter());
    const QMap<QString, QString> labels{{QStringLiteral("app"), QStringLiteral("web")}};
    const KubeObject before = makeObject(QStringLiteral("a"), QStringLiteral("p"), labels);
    preparer.applyChanges(batchOf({upsert(before)}, true), 0);
    const KubeObject after =
        makeObject(QStringLiteral("a"), QStringLiteral("p"), labels,
                   QStringLiteral("2024-05-01T10:00:00Z"), QStringLiteral("2"));
    QVERIFY(preparer.applyChanges(batchOf({upsert(after)}), 0).facets.isEmpty());
    const PreparedBatch relabelled = preparer.applyChanges(
        batchOf({upsert(makeObject(QStringLiteral("a"), QStringLiteral("p"),
                                   {{QStringLiteral("app"), QStringLiteral("db")}}))}),
        0);
    const auto tally = [&relabelled](const char *app) {
        return relabelled.facets.labels.value(Label{QStringLiteral("app"), QLatin1String(app)});
    };
    QCOMPARE(tally("web").objects, qsizetype(-1));
    QCOMPARE(tally("db").objects, qsizetype(1));
    QVERIFY(relabelled.facets.namespaces.isEmpty());
}

// A keystroke that adds a character asks only the pods that matched the
// text before it; deleting it asks nobody, nor typing it again; a text that
// differs further back asks the pods that matched the part kept.
void TestFacetCounts::typingAsksOnlyTheObjectsThatMatched()
{
    const auto printed = std::make_shared<int>(0);
    RowPreparer preparer(countingFormatter(printed));
    const QHash<QString, KubeObject> pods = statusPods();
    snapshotOf(preparer, pods);
    TableQuery query;
    query.facets.namespaces = {QStringLiteral("shop")};
    int generation = 0;
    const auto type = [&](const QString &text) {
        *printed = 0;
        query.quickText = text;
        verifyAnswer(preparer.setQuery(query, ++generation, 0), pods, query);
        return *printed;
    };
    // Every pod counts in the namespace facet: all are asked once.
    QCOMPARE(type(QStringLiteral("c")), 24);
    QCOMPARE(type(QStringLiteral("cr")), 12); // CrashLoopBackOff, Completed
    QCOMPARE(type(QStringLiteral("cra")), 6); // CrashLoopBackOff
    QCOMPARE(type(QStringLiteral("cr")), 0);
    QCOMPARE(type(QStringLiteral("CRA")), 0); // the same text, case aside
    QCOMPARE(type(QStringLiteral("crash")), 6);
    QCOMPARE(type(QStringLiteral("co")), 12); // asks those with a "c"
    QCOMPARE(type(QStringLiteral("com")), 6);
    QCOMPARE(type(QString()), 0);
    QCOMPARE(type(QStringLiteral("z")), 24); // nothing kept of "com"
}

// A new tick, selector or sort leaves the quick filter as it was: only the
// pods it never asked (out of both facets' ticks until now) are asked.
void TestFacetCounts::aTickASelectorOrASortAsksOnlyTheObjectsNeverAsked()
{
    const auto printed = std::make_shared<int>(0);
    RowPreparer preparer(countingFormatter(printed));
    const QHash<QString, KubeObject> pods = statusPods();
    snapshotOf(preparer, pods);
    TableQuery query;
    query.facets.namespaces = {QStringLiteral("shop")};
    query.facets.labels = {{QStringLiteral("app"), {QStringLiteral("web")}}};
    int generation = 0;
    const auto ask = [&] {
        *printed = 0;
        verifyAnswer(preparer.setQuery(query, ++generation, 0), pods, query);
        return *printed;
    };
    query.quickText = QStringLiteral("cr");
    // Out of both ticks: the pods in ops with app=db (8) count in no facet.
    QCOMPARE(ask(), 16);
    query.sortColumn = 3; // AGE: no cell printed for the sort either
    query.order = Qt::DescendingOrder;
    QCOMPARE(ask(), 0);
    query.selector = LabelSelector::parse(QStringLiteral("app=db")).value();
    QCOMPARE(ask(), 0);
    query.selector = {};
    query.facets.namespaces.clear();
    QCOMPARE(ask(), 8); // those never asked
    query.facets.labels.clear();
    QCOMPARE(ask(), 0);
}

// An object that changes is asked afresh when it comes, and its new answer
// is the one the next keystroke starts from, whichever way it went.
void TestFacetCounts::anObjectChangedBetweenQueriesIsAskedAgain()
{
    const auto printed = std::make_shared<int>(0);
    RowPreparer preparer(countingFormatter(printed));
    QHash<QString, KubeObject> pods = statusPods();
    FacetCounts total = snapshotOf(preparer, pods).facets;
    TableQuery query;
    query.facets.namespaces = {QStringLiteral("ops")};
    query.quickText = QStringLiteral("cr");
    verifyAnswer(preparer.setQuery(query, 1, 0), pods, query);
    total = preparer.setQuery(query, 2, 0).facets;

    // p-0 was Running (missed "cr"), p-4 CrashLoopBackOff (matched).
    const auto restatus = [&pods](const char *name, const char *status) {
        const QString key = QStringLiteral("ops/") + QLatin1String(name);
        const KubeObject before = pods.value(key);
        QMap<QString, QString> labels;
        for (const Label &label : before.labels())
            labels.insert(label.key, label.value);
        labels.insert(QStringLiteral("status"), QLatin1String(status));
        const KubeObject after =
            makeObject(before.namespaceName(), before.name(), labels,
                       QStringLiteral("2024-05-01T10:00:00Z"), QStringLiteral("2"));
        pods.insert(key, after);
        return upsert(after);
    };
    QVERIFY(pods.value(QStringLiteral("ops/p-4")).label(QStringLiteral("status")) ==
            QStringLiteral("CrashLoopBackOff"));
    *printed = 0;
    const PreparedBatch changed = preparer.applyChanges(
        batchOf({restatus("p-0", "CrashLoopBackOff"), restatus("p-4", "Running")}), 0);
    QCOMPARE(*printed, 2);
    QCOMPARE(changed.rows.size(), 2);
    total.add(changed.facets);
    const Expected byHand = countByHand(pods, query);
    QCOMPARE(total.namespaceCounts(), byHand.namespaces);
    QCOMPARE(allLabels(total), byHand.labels);

    // Typed on: p-0 is asked (and shown), p-4 is not asked again.
    *printed = 0;
    query.quickText = QStringLiteral("cra");
    const PreparedBatch typed = preparer.setQuery(query, 3, 0);
    QVERIFY(rowKeys(typed).contains(QStringLiteral("ops/p-0")));
    QVERIFY(!rowKeys(typed).contains(QStringLiteral("ops/p-4")));
    verifyAnswer(typed, pods, query);
    QCOMPARE(*printed, 6); // the pods that matched "cr", p-0 now among them
    // Deleted back: p-4 (which missed "cr" when it changed) stays out.
    *printed = 0;
    query.quickText = QStringLiteral("cr");
    const PreparedBatch deleted = preparer.setQuery(query, 4, 0);
    QVERIFY(!rowKeys(deleted).contains(QStringLiteral("ops/p-4")));
    verifyAnswer(deleted, pods, query);
    QCOMPARE(*printed, 0);
}

// A verdict on the AGE text holds while the memo does (a burst of keystrokes
// and ticks); a query change past its lifetime, or after the clock went
// back (a replay moved), asks every pod at the new time.
void TestFacetCounts::verdictsPastTheirLifetimeAreAskedAgain()
{
    const auto printed = std::make_shared<int>(0);
    RowPreparer preparer(countingFormatter(printed));
    const QHash<QString, KubeObject> pods = statusPods();
    const qint64 created = pods.cbegin()->creationTimestampMs();
    snapshotOf(preparer, pods);
    TableQuery query;
    query.quickText = QStringLiteral("9s");
    int generation = 0;
    const auto ask = [&](qint64 ageMs) {
        *printed = 0;
        return preparer.setQuery(query, ++generation, created + ageMs).rows.size();
    };
    QCOMPARE(ask(9000), 24); // AGE 9s
    QCOMPARE(*printed, 24);
    query.facets.namespaces = {QStringLiteral("shop")};
    QCOMPARE(ask(14000), 12); // AGE 14s, the verdicts of 9s kept
    QCOMPARE(*printed, 0);
    query.facets.namespaces = {QStringLiteral("ops")};
    QCOMPARE(ask(9000 + QuickTextMemo::kLifetimeMs + 2000), 0); // AGE 21s
    QCOMPARE(*printed, 24);
    QCOMPARE(ask(9000), 12); // back to 9s
    QCOMPARE(*printed, 24);
}

// A key with a value per object (a StatefulSet pod's name) keeps its biggest
// values and the ticked ones, sorted by value; the key counts them all.
void TestFacetCounts::cappedKeepsTheBiggestAndTheTicked()
{
    FacetCounts counts;
    const qsizetype cap = LabelFacetModel::kMaxValuesPerKey;
    const qsizetype n = cap * 5;
    qsizetype all = 0;
    for (qsizetype i = 0; i < n; ++i) {
        const QString value = QStringLiteral("v%1").arg(i, 4, 10, QLatin1Char('0'));
        counts.labels.insert(Label{QStringLiteral("name"), value}, FacetCounts::Tally{i, i});
        all += i;
    }
    counts.labels.insert(Label{QStringLiteral("app"), QStringLiteral("web")},
                         FacetCounts::Tally{3, 3});
    const LabelCounts shown = counts.labelCounts(
        {{QStringLiteral("name"), {QStringLiteral("v0003"), QStringLiteral("v0007")}}}, cap);
    const auto &kept = shown.value(QStringLiteral("name")).second;
    QCOMPARE(kept.size(), cap);
    QCOMPARE(shown.value(QStringLiteral("name")).first, all);
    QCOMPARE(kept.at(0), (std::pair<QString, qsizetype>{QStringLiteral("v0003"), 3}));
    QCOMPARE(kept.at(1), (std::pair<QString, qsizetype>{QStringLiteral("v0007"), 7}));
    // The rest: the biggest, in value order.
    QCOMPARE(kept.at(2).second, n - (cap - 2));
    QCOMPARE(kept.last().second, n - 1);
    QVERIFY(std::is_sorted(kept.cbegin(), kept.cend()));
    QCOMPARE(shown.value(QStringLiteral("app")).first, qsizetype(3));
    QCOMPARE(shown.value(QStringLiteral("app")).second,
             (QList<std::pair<QString, qsizetype>>{{QStringLiteral("web"), 3}}));
}

// A table of two clusters (row keys that name them, the same namespace/name
// in both): the cluster facet counts the objects the namespace and label
// ticks pass, the other facets only the ticked clusters' objects, and the
// table shows the objects every facet passes — through churn and ticks.
void TestFacetCounts::clusterFacetCountsWhatTheOtherFiltersPass()
{
    const QStringList clusters{QStringLiteral("east"), QStringLiteral("west")};
    const QStringList namespaces{QStringLiteral("a"), QStringLiteral("b")};
    const QStringList apps{QStringLiteral("web"), QStringLiteral("db")};
    QRandomGenerator random(7); // the same churn every run
    // Object n is o-(n/2) of cluster n % 2: each name in both clusters.
    const auto rowKeyOf = [&](int n, const KubeObject &object) {
        return clusterRowKey(clusters.at(n % 2), object.key());
    };
    const auto make = [&](int n) {
        return makeObject(namespaces.at((n / 2) % 2), QStringLiteral("o-%1").arg(n / 2),
                          {{QStringLiteral("app"), apps.at(random.bounded(2))}});
    };
    const auto change = [&](int n, const KubeObject &object, bool gone) {
        ObjectChange c = gone ? remove(object) : upsert(object);
        c.key = rowKeyOf(n, object);
        return c;
    };
    const QList<QSet<QString>> clusterTicks{
        {}, {QStringLiteral("east")}, {QStringLiteral("west")}, {"east", "west"}};
    const QList<QSet<QString>> namespaceTicks{{}, {QStringLiteral("a")}};
    const QList<QMap<QString, QSet<QString>>> labelTicks{
        {}, {{QStringLiteral("app"), {QStringLiteral("web")}}}};

    RowPreparer preparer(testFormatter());
    QHash<QString, KubeObject> held; // by row key
    QSet<QString> shown;             // the rows the table has been sent
    FacetCounts total;
    const auto apply = [&](const PreparedBatch &batch) {
        addUp(total, batch);
        if (batch.ordered)
            shown.clear();
        for (const PreparedRow &row : batch.rows) {
            if (row.object.isNull())
                shown.remove(row.key);
            else
                shown.insert(row.key);
        }
    };
    QList<ObjectChange> snapshot;
    for (int n = 0; n < 24; ++n) {
        const KubeObject object = make(n);
        held.insert(rowKeyOf(n, object), object);
        snapshot.append(change(n, object, false));
    }
    apply(preparer.applyChanges(batchOf(snapshot, true), 0));
    TableQuery query;
    for (int round = 0; round < 60; ++round) {
        if (round % 3 == 1) {
            query.facets.clusters = clusterTicks.at(random.bounded(4));
            query.facets.namespaces = namespaceTicks.at(random.bounded(2));
            query.facets.labels = labelTicks.at(random.bounded(2));
            apply(preparer.setQuery(query, round, 0));
        }
        QList<ObjectChange> changes;
        for (int i = 0; i < 6; ++i) {
            const int n = random.bounded(32);
            const KubeObject object = make(n);
            const bool gone = random.bounded(4) == 0;
            changes.append(change(n, object, gone));
            if (gone)
                held.remove(rowKeyOf(n, object));
            else
                held.insert(rowKeyOf(n, object), object);
        }
        apply(preparer.applyChanges(batchOf(changes), 0));

        QMap<QString, qsizetype> byCluster;
        QMap<QString, qsizetype> byNamespace;
        QMap<QString, qsizetype> byApp;
        QSet<QString> passing;
        for (auto it = held.cbegin(); it != held.cend(); ++it) {
            const QString cluster = clusterOfRowKey(it.key()).toString();
            const bool inClusters =
                query.facets.clusters.isEmpty() || query.facets.clusters.contains(cluster);
            const bool inNamespaces = query.facets.namespaces.isEmpty() ||
                                      query.facets.namespaces.contains(it->namespaceName());
            const bool inLabels = labelsTicked(*it, query.facets.labels);
            byCluster[cluster] += inNamespaces && inLabels ? 1 : 0;
            byNamespace[it->namespaceName()] += inClusters && inLabels ? 1 : 0;
            byApp[*it->label(QStringLiteral("app"))] += inClusters && inNamespaces ? 1 : 0;
            if (inClusters && inNamespaces && inLabels)
                passing.insert(it.key());
        }
        const auto listed = [](const QMap<QString, qsizetype> &counts) {
            QList<std::pair<QString, qsizetype>> out;
            for (auto it = counts.cbegin(); it != counts.cend(); ++it)
                out.append({it.key(), it.value()});
            return out;
        };
        QCOMPARE(total.clusterCounts(), listed(byCluster));
        QCOMPARE(total.namespaceCounts(), listed(byNamespace));
        QCOMPARE(allLabels(total).value(QStringLiteral("app")).second, listed(byApp));
        QCOMPARE(shown, passing);
    }
}

QTEST_MAIN(TestFacetCounts)
#include "tst_facetcounts.moc"
