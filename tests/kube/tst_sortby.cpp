// informantctl get --sort-by (app/informantctl/sortby.cpp): the order kubectl
// 1.32 prints, checked against it with configmaps whose data held these
// values.

#include "app/informantctl/sortby.h"

#include <QTest>

using namespace informantctl;

class tst_SortBy : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void stringsOrderAsKubectlOrdersThem_data()
    {
        QTest::addColumn<QStringList>("values");
        QTest::addColumn<QStringList>("sorted");
        // Byte by byte, not natural: kubectl prints cm-10 before cm-9.
        QTest::newRow("names") << QStringList{"cm-9", "cm-10", "q1", "cm-1a"}
                               << QStringList{"cm-10", "cm-1a", "cm-9", "q1"};
        // Quantities by amount: 100m < 2 < 512Mi < 1Gi; other strings after.
        QTest::newRow("quantities") << QStringList{"1Gi", "abc", "512Mi", "2", "100m"}
                                    << QStringList{"100m", "2", "512Mi", "1Gi", "abc"};
        // Mixed rules would be no order ("2" < "10" < "1a" < "2"): the sort
        // must still end, with the quantities first.
        QTest::newRow("mixed") << QStringList{"1a", "10", "2"} << QStringList{"2", "10", "1a"};
    }
    void stringsOrderAsKubectlOrdersThem()
    {
        QFETCH(QStringList, values);
        QFETCH(QStringList, sorted);
        auto sortBy = SortBy::parse(QStringLiteral(".v"));
        QVERIFY(sortBy.ok());
        QList<QByteArray> objects;
        for (const QString &value : values)
            objects.append(QByteArrayLiteral("{\"v\":\"") + value.toUtf8() + "\"}");
        const auto order = sortBy->order(objects);
        QVERIFY(order.ok());
        QStringList result;
        for (const qsizetype i : order.value())
            result.append(values.at(i));
        QCOMPARE(result, sorted);
    }
};

QTEST_GUILESS_MAIN(tst_SortBy)
#include "tst_sortby.moc"
