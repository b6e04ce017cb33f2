// Custom resource printers built from a CRD's additionalPrinterColumns, as
// the apiextensions-apiserver's table convertor renders them.

#include "printertestutil.h"

using namespace informant;
using namespace printertest;

namespace {

// A CRD with v1 (served, storage, with columns) and v2 (served, no columns).
const QByteArray kCrd = R"({
  "apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
  "metadata": {"name": "widgets.example.com"},
  "spec": {"group": "example.com", "names": {"kind": "Widget", "plural": "widgets"},
    "versions": [
      {"name": "v1", "served": true, "storage": true, "additionalPrinterColumns": [
        {"name": "Ready", "type": "string", "jsonPath": ".status.conditions[?(@.type==\"Ready\")].status"},
        {"name": "Replicas", "type": "integer", "jsonPath": ".spec.replicas"},
        {"name": "Ratio", "type": "number", "jsonPath": ".spec.ratio", "priority": 1},
        {"name": "Enabled", "type": "boolean", "jsonPath": ".spec.enabled"},
        {"name": "Last Sync", "type": "date", "jsonPath": ".status.lastSync"},
        {"name": "Tags", "type": "string", "jsonPath": ".spec.tags", "format": "byte", "description": "All tags"},
        {"name": "Broken", "type": "string", "jsonPath": ".spec[oops"},
        {"name": "Age", "type": "date", "jsonPath": ".metadata.creationTimestamp"}]},
      {"name": "v2", "served": true, "storage": false}]}
})";

QByteArray widget(const QByteArray &spec, const QByteArray &status)
{
    return object("example.com/v1", "Widget", "w1",
                  ",\"spec\":" + spec + ",\"status\":" + status + "}");
}

} // namespace

class TestCrdPrinter : public QObject
{
    Q_OBJECT

private slots:
    void columnsComeFromTheServedVersion();
    void versionWithoutColumnsGetsAge();
    void cellsFollowColumnTypes_data();
    void cellsFollowColumnTypes();
    void legacyTopLevelColumnsAreUsed();
    void numberColumnsSortByValue();
};

void TestCrdPrinter::columnsComeFromTheServedVersion()
{
    const auto crd = KubeObject::fromJson(kCrd);
    QVERIFY(crd.ok());
    const auto printer = printerFromCrd(*crd, QStringLiteral("v1"));
    QCOMPARE(headerLine(printer->columns()),
             QStringLiteral("NAME,READY,REPLICAS,RATIO*,ENABLED,LAST SYNC,TAGS,AGE"));
    const QList<PrintColumn> columns = printer->columns();
    QCOMPARE(columns[0].format, QStringLiteral("name"));
    QCOMPARE(columns[2].type, QStringLiteral("integer"));
    QCOMPARE(columns[6].format, QStringLiteral("byte"));
    QCOMPARE(columns[5].tableName, QStringLiteral("Last Sync"));
    QCOMPARE(columns[6].description, QStringLiteral("All tags"));
    QCOMPARE(columns[1].description,
             QStringLiteral("Custom resource definition column (in JSONPath format): "
                            ".status.conditions[?(@.type==\"Ready\")].status"));
    // An empty version picks the storage version.
    QCOMPARE(headerLine(printerFromCrd(*crd, QString())->columns()),
             headerLine(printer->columns()));
}

void TestCrdPrinter::versionWithoutColumnsGetsAge()
{
    const auto crd = KubeObject::fromJson(kCrd);
    QVERIFY(crd.ok());
    const auto printer = printerFromCrd(*crd, QStringLiteral("v2"));
    QCOMPARE(headerLine(printer->columns()), QStringLiteral("NAME,AGE"));
    QCOMPARE(printer->columns()[1].type, QStringLiteral("date"));
    const auto object = KubeObject::fromJson(widget("{}", "{}"));
    QVERIFY(object.ok());
    QCOMPARE(printer->cells(*object, kNowMs), (QStringList{"w1", "120m"}));
    // An unknown version behaves the same way.
    QCOMPARE(headerLine(printerFromCrd(*crd, QStringLiteral("v9"))->columns()),
             QStringLiteral("NAME,AGE"));
}

void TestCrdPrinter::cellsFollowColumnTypes_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("all present")
        << widget(
               R"({"replicas":3,"ratio":0.5,"enabled":true,"tags":["a","b"]})",
               R"({"conditions":[{"type":"Synced","status":"False"},{"type":"Ready","status":"True"}],"lastSync":"2024-05-01T11:55:00Z"})")
        << QStringList{"w1", "True", "3", "0.5", "true", "5m", R"(["a","b"])", "120m"};
    QTest::newRow("all missing") << widget("{}", "{}")
                                 << QStringList{"w1", "", "", "", "", "", "", "120m"};
    QTest::newRow("wrong types print nothing")
        << widget(R"({"replicas":"three","ratio":"half","enabled":"yes","tags":7})",
                  R"({"lastSync":12})")
        << QStringList{"w1", "", "", "", "", "", "7", "120m"};
    QTest::newRow("float into integer truncates, integer into number")
        << widget(R"({"replicas":2.9,"ratio":4,"enabled":false})", "{}")
        << QStringList{"w1", "", "2", "4", "false", "", "", "120m"};
    QTest::newRow("invalid date") << widget("{}", R"({"lastSync":"yesterday"})")
                                  << QStringList{"w1", "", "", "", "", "<invalid>", "", "120m"};
    QTest::newRow("empty date is unknown")
        << widget("{}", R"({"lastSync":""})")
        << QStringList{"w1", "", "", "", "", "<unknown>", "", "120m"};
    QTest::newRow("future date") << widget("{}", R"({"lastSync":"2024-05-01T13:00:00Z"})")
                                 << QStringList{"w1", "", "", "", "", "<invalid>", "", "120m"};
    QTest::newRow("null string column")
        << widget(R"({"tags":null})", "{}")
        << QStringList{"w1", "", "", "", "", "", "<no value>", "120m"};
    QTest::newRow("object in string column is json")
        << widget(R"({"tags":{"z":1,"a":true}})", "{}")
        << QStringList{"w1", "", "", "", "", "", R"({"a":true,"z":1})", "120m"};
    QTest::newRow("large number in number column")
        << widget(R"({"ratio":12345678.5})", "{}")
        << QStringList{"w1", "", "", "12345678.5", "", "", "", "120m"};
}

void TestCrdPrinter::cellsFollowColumnTypes()
{
    QFETCH(QByteArray, json);
    QFETCH(QStringList, expected);
    const auto crd = KubeObject::fromJson(kCrd);
    const auto object = KubeObject::fromJson(json);
    QVERIFY(crd.ok());
    QVERIFY2(object.ok(), qPrintable(object.errorMessage()));
    QCOMPARE(printerFromCrd(*crd, QStringLiteral("v1"))->cells(*object, kNowMs), expected);
}

void TestCrdPrinter::legacyTopLevelColumnsAreUsed()
{
    const auto crd = KubeObject::fromJson(QByteArray(R"({
      "apiVersion": "apiextensions.k8s.io/v1beta1", "kind": "CustomResourceDefinition",
      "metadata": {"name": "olds.example.com"},
      "spec": {"version": "v1", "versions": [{"name": "v1", "served": true, "storage": true}],
               "additionalPrinterColumns": [{"name": "Phase", "type": "string", "JSONPath": ".status.phase"}]}})"));
    QVERIFY(crd.ok());
    const auto printer = printerFromCrd(*crd, QStringLiteral("v1"));
    QCOMPARE(headerLine(printer->columns()), QStringLiteral("NAME,PHASE"));
    const auto old = KubeObject::fromJson(
        object("example.com/v1", "Old", "o", R"(,"status":{"phase":"Done"}})"));
    QVERIFY(old.ok());
    QCOMPARE(printer->cells(*old, kNowMs), (QStringList{"o", "Done"}));
}

// Sorting a "number" column orders values, not texts: "0.125" < "0.5" and
// "-10" < "-3" although their texts sort the other way.
void TestCrdPrinter::numberColumnsSortByValue()
{
    const auto crd = KubeObject::fromJson(kCrd);
    QVERIFY(crd.ok());
    const auto printer = printerFromCrd(*crd, QStringLiteral("v1"));
    constexpr int kRatio = 3;
    QList<PrintCell> cells;
    for (const char *ratio : {"0.5", "0.75", "0.125", "-3", "-10"}) {
        const auto object =
            KubeObject::fromJson(widget(QByteArray("{\"ratio\":") + ratio + '}', "{}"));
        QVERIFY(object.ok());
        cells.append(printer->row(*object, kNowMs).at(kRatio));
    }
    std::sort(cells.begin(), cells.end(),
              [](const PrintCell &a, const PrintCell &b) { return comparePrintCells(a, b) < 0; });
    QStringList texts;
    for (const PrintCell &cell : cells)
        texts.append(cell.text);
    QCOMPARE(texts, (QStringList{"-10", "-3", "0.125", "0.5", "0.75"}));
}

QTEST_GUILESS_MAIN(TestCrdPrinter)

#include "tst_crdprinter.moc"
