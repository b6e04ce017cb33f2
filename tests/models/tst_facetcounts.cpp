// FacetCounts as the RowPreparer hands them with its batches: added up as
// the TableFeed does, they are the counts of the objects the table holds,
// through churn, relabelling, deletions and query changes; each facet counts
// the objects that pass every other filter (selector, quick filter, the other
// facet's ticks).

#include "models/facetcounts.h"
#include "models/labelfacetmodel.h"
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

} // namespace

class TestFacetCounts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void preparedCountsAreThoseOfTheObjectsHeld();
    void eachFacetCountsWhatTheOtherFiltersPass();
    void statusUpdateChangesNoCount();
    void cappedKeepsTheBiggestAndTheTicked();
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
    const QStringList quickTexts{QString(), QStringLiteral("o-1")};

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
            query.quickText = quickTexts.at(random.bounded(2));
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

QTEST_MAIN(TestFacetCounts)
#include "tst_facetcounts.moc"
