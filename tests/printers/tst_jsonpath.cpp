// JsonPath: the client-go JSONPath subset used by CRD printer columns, with
// kubectl's text rendering of results.

#include "informer/printers/jsonpath.h"

#include <QTest>

using namespace informant;

namespace {

const QByteArray kObject = R"({
  "apiVersion": "example.com/v1", "kind": "Widget",
  "metadata": {"name": "w1", "labels": {"app.kubernetes.io/name": "shop", "tier": "web"},
               "creationTimestamp": "2024-05-01T10:00:00Z"},
  "spec": {"replicas": 3, "ratio": 0.25, "big": 1e21, "tiny": 0.00001, "whole": 2.0,
           "enabled": true, "nothing": null, "tags": ["a", "b", "c", "d"],
           "nested": {"z": 1, "a": "<x>"}, "count": 12345678901},
  "status": {"conditions": [
      {"type": "Ready", "status": "True", "reason": "Up", "priority": 2},
      {"type": "Synced", "status": "False", "reason": "Lag", "priority": 5},
      {"type": "Ready", "status": "Unknown", "priority": 9}]}
})";

} // namespace

class TestJsonPath : public QObject
{
    Q_OBJECT

private slots:
    void evaluatesLikeClientGo_data();
    void evaluatesLikeClientGo();
    void rejectsMalformedExpressions_data();
    void rejectsMalformedExpressions();
    void explodingPathYieldsNothing();
    void currentNodeIsTheDocument();
    void jsonResultsAreCompactJson();
    void goValuesAreWhatCustomColumnsPrint();
    void invalidJsonGivesNoResults();
    void arbitraryExpressionsNeverCrash();
};

void TestJsonPath::evaluatesLikeClientGo_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QStringList>("results");

    QTest::newRow("field") << ".metadata.name" << QStringList{"w1"};
    QTest::newRow("braces") << "{.metadata.name}" << QStringList{"w1"};
    QTest::newRow("dollar") << "$.metadata.name" << QStringList{"w1"};
    QTest::newRow("integer") << ".spec.replicas" << QStringList{"3"};
    QTest::newRow("large integer") << ".spec.count" << QStringList{"12345678901"};
    QTest::newRow("float") << ".spec.ratio" << QStringList{"0.25"};
    QTest::newRow("whole float") << ".spec.whole" << QStringList{"2"};
    QTest::newRow("big float uses exponent") << ".spec.big" << QStringList{"1e+21"};
    QTest::newRow("tiny float uses exponent") << ".spec.tiny" << QStringList{"1e-05"};
    QTest::newRow("boolean") << ".spec.enabled" << QStringList{"true"};
    QTest::newRow("null") << ".spec.nothing" << QStringList{"null"};
    QTest::newRow("missing key") << ".spec.absent" << QStringList{};
    QTest::newRow("missing parent") << ".nope.deeper" << QStringList{};
    QTest::newRow("array as json") << ".spec.tags" << QStringList{R"(["a","b","c","d"])"};
    QTest::newRow("object as sorted json")
        << ".spec.nested" << QStringList{R"({"a":"\u003cx\u003e","z":1})"};
    QTest::newRow("index") << ".spec.tags[1]" << QStringList{"b"};
    QTest::newRow("negative index") << ".spec.tags[-1]" << QStringList{"d"};
    QTest::newRow("index out of range") << ".spec.tags[9]" << QStringList{};
    QTest::newRow("slice") << ".spec.tags[1:3]" << QStringList{"b", "c"};
    QTest::newRow("open slice") << ".spec.tags[2:]" << QStringList{"c", "d"};
    QTest::newRow("wildcard") << ".spec.tags[*]" << QStringList{"a", "b", "c", "d"};
    QTest::newRow("quoted key with dots")
        << ".metadata.labels['app.kubernetes.io/name']" << QStringList{"shop"};
    QTest::newRow("double quoted key") << R"(.metadata.labels["tier"])" << QStringList{"web"};
    QTest::newRow("filter equals")
        << R"(.status.conditions[?(@.type=="Ready")].status)" << QStringList{"True", "Unknown"};
    QTest::newRow("filter single quotes")
        << ".status.conditions[?(@.type=='Synced')].reason" << QStringList{"Lag"};
    QTest::newRow("filter not equals")
        << R"(.status.conditions[?(@.type!="Ready")].type)" << QStringList{"Synced"};
    QTest::newRow("filter numeric")
        << ".status.conditions[?(@.priority > 4)].type" << QStringList{"Synced", "Ready"};
    QTest::newRow("filter existence")
        << ".status.conditions[?(@.reason)].reason" << QStringList{"Up", "Lag"};
    QTest::newRow("filter no match")
        << R"(.status.conditions[?(@.type=="Gone")].status)" << QStringList{};
    QTest::newRow("recursive descent") << "..reason" << QStringList{"Up", "Lag"};
    QTest::newRow("repeated nameless descent is one")
        << "........reason" << QStringList{"Up", "Lag"};
    QTest::newRow("wildcard on object") << ".metadata.labels.*" << QStringList{"shop", "web"};
    QTest::newRow("index then field") << ".status.conditions[0].type" << QStringList{"Ready"};
}

void TestJsonPath::evaluatesLikeClientGo()
{
    QFETCH(QString, expression);
    QFETCH(QStringList, results);
    const auto path = JsonPath::parse(expression);
    QVERIFY2(path.ok(), qPrintable(path.errorMessage()));
    QCOMPARE(path->evaluate(kObject), results);
}

void TestJsonPath::rejectsMalformedExpressions_data()
{
    QTest::addColumn<QString>("expression");
    QTest::newRow("empty") << "";
    QTest::newRow("empty braces") << "{}";
    QTest::newRow("no leading dot") << "metadata.name";
    QTest::newRow("unclosed bracket") << ".spec.tags[1";
    QTest::newRow("bad index") << ".spec.tags[x]";
    QTest::newRow("unclosed filter") << R"(.status.conditions[?(@.type=="Ready"])";
    QTest::newRow("filter without @") << R"(.status.conditions[?(type=="Ready")])";
    QTest::newRow("unterminated string") << ".metadata.labels['tier]";
    QTest::newRow("bad literal") << ".status.conditions[?(@.type==Ready)]";
}

void TestJsonPath::rejectsMalformedExpressions()
{
    QFETCH(QString, expression);
    const auto path = JsonPath::parse(expression);
    QVERIFY(!path.ok());
    QVERIFY(!path.errorMessage().isEmpty());
}

// A CRD's printer column may carry any path: one whose intermediate result
// grows as depth^steps (found by fuzzing) must end, with no result, instead of
// freezing the table.
void TestJsonPath::explodingPathYieldsNothing()
{
    QByteArray nested = "1";
    for (int depth = 0; depth < 200; ++depth)
        nested = "{\"a\":" + nested + "}";
    const auto path = JsonPath::parse(QStringLiteral("..a..a..a..a..a"));
    QVERIFY2(path.ok(), qPrintable(path.errorMessage()));
    QCOMPARE(path->evaluate(nested), QStringList{});
    const auto once = JsonPath::parse(QStringLiteral("..a"));
    QCOMPARE(once->evaluate(nested).size(), 200);
}

void TestJsonPath::invalidJsonGivesNoResults()
{
    const auto path = JsonPath::parse(QStringLiteral(".a"));
    QVERIFY(path.ok());
    QCOMPARE(path->evaluate(QByteArray("{\"a\":")), QStringList());
    QCOMPARE(path->evaluate(QByteArray("{\"a\":1}")), QStringList{"1"});
}

void TestJsonPath::arbitraryExpressionsNeverCrash()
{
    const QString alphabet = QStringLiteral(".[]?()@=!<>'\"*:-0123abstu$ ");
    quint32 state = 777;
    int parsed = 0;
    for (int round = 0; round < 3000; ++round) {
        QString text = QStringLiteral(".");
        const int length = int(state % 16);
        for (int i = 0; i < length; ++i) {
            state = state * 1103515245u + 12345u;
            text.append(alphabet[qsizetype((state >> 16) % quint32(alphabet.size()))]);
        }
        state = state * 1103515245u + 12345u;
        const auto path = JsonPath::parse(text);
        if (!path.ok()) {
            QVERIFY2(!path.errorMessage().isEmpty(), qPrintable(text));
            continue;
        }
        ++parsed;
        (void)path->evaluate(kObject);
    }
    QVERIFY(parsed > 0);
}

void TestJsonPath::currentNodeIsTheDocument()
{
    // A template's {@} and {@.x}: paths run from the node given.
    QCOMPARE(JsonPath::parse(QStringLiteral("@.metadata.name")).value().evaluate(kObject),
             QStringList{QStringLiteral("w1")});
    QCOMPARE(JsonPath::parse(QStringLiteral("{@}")).value().evaluate(QByteArray("\"x\"")),
             QStringList{QStringLiteral("x")});
}

void TestJsonPath::jsonResultsAreCompactJson()
{
    const auto path = JsonPath::parse(QStringLiteral("{.spec.tags[0:2]}")).value();
    QCOMPARE(path.evaluateJson(kObject), (QList<QByteArray>{"\"a\"", "\"b\""}));
    QCOMPARE(JsonPath::parse(QStringLiteral(".spec.nested")).value().evaluateJson(kObject),
             QList<QByteArray>{R"({"z":1,"a":"<x>"})"});
}

void TestJsonPath::goValuesAreWhatCustomColumnsPrint()
{
    const auto values = [](const char *expression) {
        return JsonPath::parse(QString::fromLatin1(expression)).value().evaluateGoValues(kObject);
    };
    QCOMPARE(values(".spec.nested"), QStringList{"map[a:<x> z:1]"});
    QCOMPARE(values(".spec.tags"), QStringList{"[a b c d]"});
    QCOMPARE(values(".spec.nothing"), QStringList{"<nil>"});
    QCOMPARE(values(".spec.ratio"), QStringList{"0.25"});
    QCOMPARE(values(".status.conditions[*].type"), (QStringList{"Ready", "Synced", "Ready"}));
}

QTEST_GUILESS_MAIN(TestJsonPath)
#include "tst_jsonpath.moc"
