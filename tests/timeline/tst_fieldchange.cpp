// Field-path change summaries between two revisions, noise left out.

#include "models/history/fieldchange.h"
#include "podrevisions.h"

#include <QJsonArray>
#include <QTest>

using namespace informant;
using namespace informant::testing;

class FieldChangeTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void restartIsSummarisedAsFieldPath()
    {
        const auto changes = diffJson(podJson(10, 3), podJson(11, 4));
        QCOMPARE(changes.size(), 1);
        QCOMPARE(changes[0].path, QStringLiteral("status.containerStatuses[0].restartCount"));
        QCOMPARE(changes[0].kind, FieldChange::Kind::Changed);
        QCOMPARE(changes[0].summary(),
                 QStringLiteral("status.containerStatuses[0].restartCount 3\u21924"));
    }

    void resourceVersionAndManagedFieldsAreNoise()
    {
        const auto changes = diffJson(podJson(10, 3, "Running", "2024-05-01T10:00:00Z"),
                                      podJson(99, 3, "Running", "2024-05-01T11:11:11Z"));
        QCOMPARE(changes.size(), 0);
        QJsonObject withoutManaged = podJson(12, 3);
        QJsonObject meta = withoutManaged["metadata"].toObject();
        meta.remove("managedFields");
        withoutManaged["metadata"] = meta;
        QCOMPARE(diffJson(podJson(10, 3), withoutManaged).size(), 0);
    }

    void summariesName_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QJsonValue>("before");
        QTest::addColumn<QJsonValue>("after");
        QTest::addColumn<QString>("summary");
        QTest::newRow("string changed") << "phase" << QJsonValue("Pending") << QJsonValue("Running")
                                        << "status.phase Pending\u2192Running";
        QTest::newRow("value added") << "reason" << QJsonValue(QJsonValue::Undefined)
                                     << QJsonValue("Evicted") << "status.reason added: Evicted";
        QTest::newRow("number added") << "replicas" << QJsonValue(QJsonValue::Undefined)
                                      << QJsonValue(3) << "status.replicas added: 3";
        QTest::newRow("value removed")
            << "reason" << QJsonValue("Evicted") << QJsonValue(QJsonValue::Undefined)
            << "status.reason removed (was Evicted)";
        QTest::newRow("bool") << "ready" << QJsonValue(false) << QJsonValue(true)
                              << "status.ready false\u2192true";
        QTest::newRow("object added")
            << "extra" << QJsonValue(QJsonValue::Undefined)
            << QJsonValue(QJsonObject{{"a", 1}, {"b", 2}}) << "status.extra added (2 fields)";
        QTest::newRow("object of one field added")
            << "labels" << QJsonValue(QJsonValue::Undefined) << QJsonValue(QJsonObject{{"a", "b"}})
            << "status.labels added (1 field)";
        QTest::newRow("list added")
            << "hosts" << QJsonValue(QJsonValue::Undefined) << QJsonValue(QJsonArray{"a", "b"})
            << "status.hosts added (2 items)";
        QTest::newRow("object removed")
            << "extra" << QJsonValue(QJsonObject{{"a", 1}, {"b", 2}})
            << QJsonValue(QJsonValue::Undefined) << "status.extra removed (had 2 fields)";
        QTest::newRow("list of one item removed")
            << "hosts" << QJsonValue(QJsonArray{"a"}) << QJsonValue(QJsonValue::Undefined)
            << "status.hosts removed (had 1 item)";
        QTest::newRow("value became an object")
            << "extra" << QJsonValue(QJsonValue::Null) << QJsonValue(QJsonObject{{"a", 1}})
            << "status.extra null\u2192{1 field}";
        QTest::newRow("list became a value") << "extra" << QJsonValue(QJsonArray{1})
                                             << QJsonValue("x") << "status.extra [1 item]\u2192x";
        QTest::newRow("empty string")
            << "message" << QJsonValue("x") << QJsonValue("") << "status.message x\u2192\"\"";
    }
    void summariesName()
    {
        QFETCH(QString, field);
        QFETCH(QJsonValue, before);
        QFETCH(QJsonValue, after);
        QJsonObject a{{"status", QJsonObject{}}};
        QJsonObject b{{"status", QJsonObject{}}};
        QJsonObject sa;
        QJsonObject sb;
        if (!before.isUndefined())
            sa[field] = before;
        if (!after.isUndefined())
            sb[field] = after;
        a["status"] = sa;
        b["status"] = sb;
        const auto changes = diffJson(a, b);
        QCOMPARE(changes.size(), 1);
        QTEST(changes[0].summary(), "summary");
    }

    void labelKeysWithDotsAreQuoted()
    {
        QJsonObject before = podJson(1, 0);
        QJsonObject after = podJson(2, 0);
        QJsonObject meta = after["metadata"].toObject();
        meta["labels"] = QJsonObject{{"app", "worker"}, {"app.kubernetes.io/part-of", "checkout"}};
        after["metadata"] = meta;
        const auto changes = diffJson(before, after);
        QCOMPARE(changes.size(), 1);
        QCOMPARE(changes[0].path, QStringLiteral("metadata.labels[\"app.kubernetes.io/part-of\"]"));
    }

    void arraysAreComparedByIndexWithGrowthAndShrink()
    {
        QJsonObject a{{"items", QJsonArray{1, 2}}};
        QJsonObject b{{"items", QJsonArray{1, 5, 7}}};
        const auto changes = diffJson(a, b);
        QCOMPARE(changes.size(), 2);
        QCOMPARE(changes[0].summary(), QStringLiteral("items[1] 2\u21925"));
        QCOMPARE(changes[1].summary(), QStringLiteral("items[2] added: 7"));
        const auto back = diffJson(b, a);
        QCOMPARE(back[1].kind, FieldChange::Kind::Removed);
        QCOMPARE(back[1].summary(), QStringLiteral("items[2] removed (was 7)"));
    }

    void manyChangesAreCappedAndCounted()
    {
        QJsonObject a;
        QJsonObject b;
        for (int i = 0; i < 50; ++i)
            b[QStringLiteral("k%1").arg(i)] = i;
        int omitted = 0;
        const auto changes = diffJson(a, b, 10, &omitted);
        QCOMPARE(changes.size(), 10);
        QCOMPARE(omitted, 40);
    }
};

QTEST_GUILESS_MAIN(FieldChangeTest)
#include "tst_fieldchange.moc"
