// Patch formats kubectl sends: merge, strategic merge (the simulator's
// approximation) and JSON patch.

#include "sim/patch.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace informant;
using namespace informant::sim;

class TestSimPatch : public QObject
{
    Q_OBJECT

private slots:
    void mergePatchFollowsRfc7386_data();
    void mergePatchFollowsRfc7386();
    void strategicMergePatchMergesListsByKey_data();
    void strategicMergePatchMergesListsByKey();
    void jsonPatchAppliesOperations_data();
    void jsonPatchAppliesOperations();
};

namespace {
QJsonValue parse(const char *json)
{
    const QJsonDocument document = QJsonDocument::fromJson(json);
    return document.isArray() ? QJsonValue(document.array()) : QJsonValue(document.object());
}
} // namespace

void TestSimPatch::mergePatchFollowsRfc7386_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<QByteArray>("patch");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("adds a label") << QByteArray(R"({"metadata":{"name":"a"}})")
                                  << QByteArray(R"({"metadata":{"labels":{"x":"1"}}})")
                                  << QByteArray(R"({"metadata":{"name":"a","labels":{"x":"1"}}})");
    QTest::newRow("null removes") << QByteArray(R"({"a":1,"b":2})") << QByteArray(R"({"a":null})")
                                  << QByteArray(R"({"b":2})");
    QTest::newRow("lists are replaced") << QByteArray(R"({"l":[1,2,3]})")
                                        << QByteArray(R"({"l":[4]})") << QByteArray(R"({"l":[4]})");
    QTest::newRow("scalar replaces object")
        << QByteArray(R"({"a":{"b":1}})") << QByteArray(R"({"a":5})") << QByteArray(R"({"a":5})");
}

void TestSimPatch::mergePatchFollowsRfc7386()
{
    QFETCH(QByteArray, target);
    QFETCH(QByteArray, patch);
    QFETCH(QByteArray, expected);
    QCOMPARE(applyMergePatch(parse(target), parse(patch)), parse(expected));
}

void TestSimPatch::strategicMergePatchMergesListsByKey_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<QByteArray>("patch");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("containers merge by name")
        << QByteArray(
               R"({"containers":[{"name":"a","image":"x:1","ports":[{"containerPort":80}]},{"name":"b","image":"y:1"}]})")
        << QByteArray(
               R"({"$setElementOrder/containers":[{"name":"a"},{"name":"b"}],"containers":[{"name":"a","image":"x:2"}]})")
        << QByteArray(
               R"({"containers":[{"name":"a","image":"x:2","ports":[{"containerPort":80}]},{"name":"b","image":"y:1"}]})");
    QTest::newRow("$patch delete removes an element")
        << QByteArray(R"({"env":[{"name":"A","value":"1"},{"name":"B","value":"2"}]})")
        << QByteArray(R"({"env":[{"name":"A","$patch":"delete"}]})")
        << QByteArray(R"({"env":[{"name":"B","value":"2"}]})");
    QTest::newRow("order follows $setElementOrder")
        << QByteArray(R"({"c":[{"name":"a"},{"name":"b"}]})")
        << QByteArray(
               R"({"$setElementOrder/c":[{"name":"b"},{"name":"a"}],"c":[{"name":"b","x":1}]})")
        << QByteArray(R"({"c":[{"name":"b","x":1},{"name":"a"}]})");
    QTest::newRow("scalar lists are replaced")
        << QByteArray(R"({"args":["a","b"]})") << QByteArray(R"({"args":["c"]})")
        << QByteArray(R"({"args":["c"]})");
    QTest::newRow("maps merge, null deletes")
        << QByteArray(R"({"metadata":{"labels":{"a":"1","b":"2"}}})")
        << QByteArray(R"({"metadata":{"labels":{"a":null,"c":"3"}}})")
        << QByteArray(R"({"metadata":{"labels":{"b":"2","c":"3"}}})");
    QTest::newRow("$retainKeys is dropped")
        << QByteArray(R"({"strategy":{"type":"Recreate"}})")
        << QByteArray(R"({"strategy":{"$retainKeys":["type"],"type":"RollingUpdate"}})")
        << QByteArray(R"({"strategy":{"type":"RollingUpdate"}})");
}

void TestSimPatch::strategicMergePatchMergesListsByKey()
{
    QFETCH(QByteArray, target);
    QFETCH(QByteArray, patch);
    QFETCH(QByteArray, expected);
    QCOMPARE(applyStrategicMergePatch(parse(target), parse(patch)), parse(expected));
}

void TestSimPatch::jsonPatchAppliesOperations_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<QByteArray>("patch");
    QTest::addColumn<QByteArray>("expected"); // empty: error
    QTest::newRow("add") << QByteArray(R"({"a":{}})")
                         << QByteArray(R"([{"op":"add","path":"/a/b","value":1}])")
                         << QByteArray(R"({"a":{"b":1}})");
    QTest::newRow("replace in array") << QByteArray(R"({"l":[1,2]})")
                                      << QByteArray(R"([{"op":"replace","path":"/l/1","value":5}])")
                                      << QByteArray(R"({"l":[1,5]})");
    QTest::newRow("append with -")
        << QByteArray(R"({"l":[1]})") << QByteArray(R"([{"op":"add","path":"/l/-","value":2}])")
        << QByteArray(R"({"l":[1,2]})");
    QTest::newRow("remove") << QByteArray(R"({"a":1,"b":2})")
                            << QByteArray(R"([{"op":"remove","path":"/a"}])")
                            << QByteArray(R"({"b":2})");
    QTest::newRow("escaped key") << QByteArray(R"({"m":{"a/b":1}})")
                                 << QByteArray(R"([{"op":"replace","path":"/m/a~1b","value":2}])")
                                 << QByteArray(R"({"m":{"a/b":2}})");
    QTest::newRow("test fails") << QByteArray(R"({"a":1})")
                                << QByteArray(R"([{"op":"test","path":"/a","value":2}])")
                                << QByteArray();
    QTest::newRow("missing path fails")
        << QByteArray(R"({"a":1})") << QByteArray(R"([{"op":"replace","path":"/x/y","value":2}])")
        << QByteArray();
    QTest::newRow("move") << QByteArray(R"({"a":1})")
                          << QByteArray(R"([{"op":"move","from":"/a","path":"/b"}])")
                          << QByteArray(R"({"b":1})");
}

void TestSimPatch::jsonPatchAppliesOperations()
{
    QFETCH(QByteArray, target);
    QFETCH(QByteArray, patch);
    QFETCH(QByteArray, expected);
    const Result<QJsonValue> result = applyJsonPatch(parse(target), parse(patch));
    if (expected.isEmpty()) {
        QVERIFY(!result.ok());
        return;
    }
    QVERIFY2(result.ok(), qPrintable(result.errorMessage()));
    QCOMPARE(result.value(), parse(expected));
}

QTEST_GUILESS_MAIN(TestSimPatch)
#include "tst_simpatch.moc"
