// FacetCounts as the RowPreparer hands them with its batches: added up as
// the TableFeed does, they are the counts of the objects the table holds,
// through churn, relabelling, deletions and query changes.

#include "models/facetcounts.h"
#include "models/labelfacetmodel.h"
#include "models/rowpreparer.h"
#include "testobjects.h"

#include <QRandomGenerator>
#include <QTest>

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

Expected countByHand(const QHash<QString, KubeObject> &objects, const QSet<QString> &scope)
{
    QMap<QString, qsizetype> namespaces;
    QMap<QString, QMap<QString, qsizetype>> values;
    for (const KubeObject &object : objects) {
        if (!object.namespaceName().isEmpty())
            ++namespaces[object.namespaceName()];
        const bool inScope = scope.isEmpty() || scope.contains(object.namespaceName());
        for (const Label &label : object.labels())
            values[label.key][label.value] += inScope ? 1 : 0;
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
    QList<ObjectChange> snapshot;
    for (int n = 0; n < 40; ++n) {
        const KubeObject object = make(n);
        held.insert(object.key(), object);
        snapshot.append(upsert(object));
    }
    FacetCounts total;
    addUp(total, preparer.applyChanges(batchOf(snapshot, true), 0));
    QSet<QString> scope;
    for (int round = 0; round < 60; ++round) {
        if (round % 15 == 7) {
            // The user ticks namespaces: the rows and the label counts narrow.
            TableQuery query;
            scope = round % 2 ? QSet<QString>{QStringLiteral("a")}
                              : QSet<QString>{QStringLiteral("b"), QStringLiteral("c")};
            query.facets.namespaces = scope;
            addUp(total, preparer.setQuery(query, round, 0));
        } else if (round % 15 == 11) {
            // Typed in the filter box, sorted: fewer rows, the same counts.
            TableQuery query = preparer.query();
            query.quickText = QStringLiteral("o-1");
            query.sortColumn = 1;
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
        const Expected expected = countByHand(held, scope);
        QCOMPARE(total.namespaceCounts(), expected.namespaces);
        QCOMPARE(allLabels(total), expected.labels);
    }
    // And from scratch, as an ordered snapshot counts them.
    QCOMPARE(FacetCounts::of(held, scope).namespaceCounts(), total.namespaceCounts());
    QCOMPARE(allLabels(FacetCounts::of(held, scope)), allLabels(total));
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
        counts.labels.insert(Label{QStringLiteral("name"), value}, FacetCounts::Tally{i, 0});
        all += i;
    }
    counts.labels.insert(Label{QStringLiteral("app"), QStringLiteral("web")},
                         FacetCounts::Tally{3, 0});
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
