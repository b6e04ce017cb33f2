// LabelSelector: kubectl's -l syntax, apimachinery's canonical form and error
// messages, and matching against sorted label lists.

#include "informer/printers/labelselector.h"

#include <QTest>

using namespace informant;

namespace {

QList<Label> labels(std::initializer_list<std::pair<const char *, const char *>> pairs)
{
    QList<Label> result;
    for (const auto &[key, value] : pairs)
        result.append({QString::fromUtf8(key), QString::fromUtf8(value)});
    std::sort(result.begin(), result.end(),
              [](const Label &a, const Label &b) { return a.key < b.key; });
    return result;
}

const QString kNameRule = QStringLiteral(
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an "
    "alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for "
    "validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')");
const QString kValueRule = QStringLiteral(
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or "
    "'.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or "
    "'my_value',  or '12345', regex used for validation is "
    "'(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')");

} // namespace

class TestLabelSelector : public QObject
{
    Q_OBJECT

private slots:
    void validSelectorsParseToCanonicalForm_data();
    void validSelectorsParseToCanonicalForm();
    void invalidSelectorsFailWithApimachineryMessages_data();
    void invalidSelectorsFailWithApimachineryMessages();
    void matchesFollowsRequirementSemantics_data();
    void matchesFollowsRequirementSemantics();
    void emptySelectorMatchesEverything();
    void requirementsAreExposedSortedByKey();
    void matchesKubeObjectLabels();
    void arbitraryInputEitherParsesOrFails();
};

void TestLabelSelector::validSelectorsParseToCanonicalForm_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("canonical");

    QTest::newRow("empty") << ""
                           << "";
    QTest::newRow("blank") << "   "
                           << "";
    QTest::newRow("equals") << "app=web"
                            << "app=web";
    QTest::newRow("double equals") << "app==web"
                                   << "app=web";
    QTest::newRow("not equals") << "app!=web"
                                << "app!=web";
    QTest::newRow("exists") << "app"
                            << "app";
    QTest::newRow("does not exist") << "!app"
                                    << "!app";
    QTest::newRow("does not exist with space") << "! app"
                                               << "!app";
    QTest::newRow("in sorts values") << "env in (prod,dev)"
                                     << "env in (dev,prod)";
    QTest::newRow("notin") << "env notin (qa)"
                           << "env notin (qa)";
    QTest::newRow("in dedups values") << "env in (a,b,a)"
                                      << "env in (a,b)";
    QTest::newRow("in empty set") << "env in ()"
                                  << "env in ()";
    QTest::newRow("in leading empty") << "env in (,a)"
                                      << "env in (,a)";
    QTest::newRow("in trailing empty") << "env in (a,)"
                                       << "env in (,a)";
    QTest::newRow("in middle empty") << "x in (foo,,baz)"
                                     << "x in (,baz,foo)";
    QTest::newRow("sorted by key") << "b=1,a=2"
                                   << "a=2,b=1";
    QTest::newRow("whitespace ignored") << " a = 1 , b != 2 "
                                        << "a=1,b!=2";
    QTest::newRow("empty value") << "a="
                                 << "a=";
    QTest::newRow("empty value then more") << "a=,b"
                                           << "a=,b";
    QTest::newRow("prefixed key") << "app.kubernetes.io/name=nginx"
                                  << "app.kubernetes.io/name=nginx";
    QTest::newRow("keyword as key") << "in in (notin)"
                                    << "in in (notin)";
    QTest::newRow("greater than") << "replicas>3"
                                  << "replicas>3";
    QTest::newRow("less than") << "replicas<10"
                               << "replicas<10";
    QTest::newRow("apimachinery example") << "x in (foo,,baz),y,z notin ()"
                                          << "x in (,baz,foo),y,z notin ()";
    QTest::newRow("mixed") << "tier in (frontend),!canary,env!=prod"
                           << "!canary,env!=prod,tier in (frontend)";
}

void TestLabelSelector::validSelectorsParseToCanonicalForm()
{
    QFETCH(QString, text);
    QFETCH(QString, canonical);
    const auto selector = LabelSelector::parse(text);
    QVERIFY2(selector.ok(), qPrintable(selector.errorMessage()));
    QCOMPARE(selector->toString(), canonical);
    QCOMPARE(selector->isEmpty(), canonical.isEmpty());
    const auto again = LabelSelector::parse(selector->toString());
    QVERIFY(again.ok());
    QCOMPARE(again->toString(), canonical);
}

void TestLabelSelector::invalidSelectorsFailWithApimachineryMessages_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");

    QTest::newRow("leading comma") << ","
                                   << "found ',', expected: !, identifier, or 'end of string'";
    QTest::newRow("trailing comma") << "a=b,"
                                    << "found '', expected: identifier after ','";
    QTest::newRow("double comma") << "a,,b"
                                  << "found ',', expected: identifier after ','";
    QTest::newRow("two words") << "a b"
                               << "unable to parse requirement: found 'b', expected: in, notin, "
                                  "=, ==, !=, gt, lt";
    QTest::newRow("in without parens") << "a in b"
                                       << "unable to parse requirement: found 'b' expected: '('";
    QTest::newRow("in unterminated") << "a in (b"
                                     << "unable to parse requirement: found '', expected: ',' "
                                        "or ')'";
    QTest::newRow("in with operator") << "a in (="
                                      << "unable to parse requirement: found '=', expected: "
                                         "',', ')' or identifier";
    QTest::newRow("value then extra") << "a=b c"
                                      << "found 'c', expected: ',' or 'end of string'";
    QTest::newRow("operator as value") << "a=="
                                          "!"
                                       << "unable to parse requirement: found '!', expected: "
                                          "identifier";
    QTest::newRow("not then value") << "!a=b"
                                    << "found '=', expected: ',' or 'end of string'";
    QTest::newRow("bang alone") << "!"
                                << "unable to parse requirement: found '', expected: identifier";
    QTest::newRow("invalid key")
        << "-a=b"
        << "unable to parse requirement: <nil>: Invalid value: \"-a\": name part " + kNameRule;
    QTest::newRow("empty prefix")
        << "/a"
        << "unable to parse requirement: <nil>: Invalid value: \"/a\": prefix part must "
           "be non-empty";
    QTest::newRow("uppercase prefix")
        << "Foo.io/a=b"
        << "unable to parse requirement: <nil>: Invalid value: \"Foo.io/a\": prefix part a "
           "lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, "
           "'-' or '.', and must start and end with an alphanumeric character (e.g. "
           "'example.com', regex used for validation is "
           "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    QTest::newRow("empty name")
        << "a.io/=b"
        << "unable to parse requirement: <nil>: Invalid value: \"a.io/\": name part must be "
           "non-empty; name part " +
               kNameRule;
    QTest::newRow("two slashes")
        << "a/b/c"
        << "unable to parse requirement: <nil>: Invalid value: \"a/b/c\": a valid label key " +
               kNameRule +
               " with an optional DNS subdomain prefix and '/' (e.g. "
               "'example.com/MyName')";
    QTest::newRow("long key") << QString(64, u'k')
                              << "unable to parse requirement: <nil>: Invalid value: \"" +
                                     QString(64, u'k') +
                                     "\": name part must be no more than 63 bytes";
    QTest::newRow("invalid value")
        << "a=b$"
        << "unable to parse requirement: values[0][a]: Invalid value: \"b$\": " + kValueRule;
    QTest::newRow("invalid second value")
        << "a in (x,-y)"
        << "unable to parse requirement: values[0][a]: Invalid value: \"-y\": " + kValueRule;
    QTest::newRow("long value") << "a=" + QString(64, u'v')
                                << "unable to parse requirement: values[0][a]: Invalid value: \"" +
                                       QString(64, u'v') + "\": must be no more than 63 bytes";
    QTest::newRow("two invalid values")
        << "a in (b$,c$)"
        << "unable to parse requirement: [values[0][a]: Invalid value: \"b$\": " + kValueRule +
               ", values[1][a]: Invalid value: \"c$\": " + kValueRule + "]";
    QTest::newRow("gt not integer")
        << "a>b"
        << "unable to parse requirement: values[0]: Invalid value: \"b\": for 'Gt', "
           "'Lt' operators, the value must be an integer";
    QTest::newRow("negative number is not a label value")
        << "a<-3"
        << "unable to parse requirement: values[0][a]: Invalid value: \"-3\": " + kValueRule;
    QTest::newRow("quote escaped") << "a=\"b\""
                                   << "unable to parse requirement: values[0][a]: Invalid value: "
                                      "\"\\\"b\\\"\": " +
                                          kValueRule;
}

void TestLabelSelector::invalidSelectorsFailWithApimachineryMessages()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    const auto selector = LabelSelector::parse(text);
    QVERIFY(!selector.ok());
    QCOMPARE(selector.errorMessage(), message);
}

void TestLabelSelector::matchesFollowsRequirementSemantics_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<Label>>("objectLabels");
    QTest::addColumn<bool>("expected");

    const auto web = labels({{"app", "web"}, {"env", "prod"}, {"replicas", "5"}});
    QTest::newRow("equals hit") << "app=web" << web << true;
    QTest::newRow("equals miss") << "app=db" << web << false;
    QTest::newRow("equals absent") << "tier=x" << web << false;
    QTest::newRow("not equals hit") << "app!=db" << web << true;
    QTest::newRow("not equals miss") << "app!=web" << web << false;
    QTest::newRow("not equals absent matches") << "tier!=x" << web << true;
    QTest::newRow("in hit") << "env in (dev,prod)" << web << true;
    QTest::newRow("in miss") << "env in (dev,qa)" << web << false;
    QTest::newRow("in absent") << "tier in (a)" << web << false;
    QTest::newRow("notin hit") << "env notin (dev)" << web << true;
    QTest::newRow("notin miss") << "env notin (prod)" << web << false;
    QTest::newRow("notin absent matches") << "tier notin (a)" << web << true;
    QTest::newRow("exists") << "app" << web << true;
    QTest::newRow("exists absent") << "tier" << web << false;
    QTest::newRow("does not exist") << "!tier" << web << true;
    QTest::newRow("does not exist present") << "!app" << web << false;
    QTest::newRow("and all hold") << "app=web,env=prod,!tier" << web << true;
    QTest::newRow("and one fails") << "app=web,env=dev" << web << false;
    QTest::newRow("empty value matches empty label") << "a=" << labels({{"a", ""}}) << true;
    QTest::newRow("empty value needs the key") << "a=" << labels({}) << false;
    QTest::newRow("in empty set matches empty label") << "a in ()" << labels({{"a", ""}}) << true;
    QTest::newRow("gt") << "replicas>3" << web << true;
    QTest::newRow("gt equal") << "replicas>5" << web << false;
    QTest::newRow("lt") << "replicas<6" << web << true;
    QTest::newRow("gt non numeric label") << "app>3" << web << false;
    QTest::newRow("gt absent") << "x>3" << web << false;
    QTest::newRow("case sensitive") << "app=Web" << web << false;
}

void TestLabelSelector::matchesFollowsRequirementSemantics()
{
    QFETCH(QString, text);
    QFETCH(QList<Label>, objectLabels);
    QFETCH(bool, expected);
    const auto selector = LabelSelector::parse(text);
    QVERIFY2(selector.ok(), qPrintable(selector.errorMessage()));
    QCOMPARE(selector->matches(objectLabels), expected);
}

void TestLabelSelector::emptySelectorMatchesEverything()
{
    const LabelSelector selector;
    QVERIFY(selector.isEmpty());
    QVERIFY(selector.matches(labels({})));
    QVERIFY(selector.matches(labels({{"a", "b"}})));
    QCOMPARE(selector.toString(), QString());
}

void TestLabelSelector::requirementsAreExposedSortedByKey()
{
    const auto selector = LabelSelector::parse(QStringLiteral("z notin (b,a),a=1,!m"));
    QVERIFY(selector.ok());
    using Op = LabelSelector::Requirement::Op;
    const QList<LabelSelector::Requirement> expected = {
        {QStringLiteral("a"), Op::Equals, {QStringLiteral("1")}},
        {QStringLiteral("m"), Op::DoesNotExist, {}},
        {QStringLiteral("z"), Op::NotIn, {QStringLiteral("a"), QStringLiteral("b")}},
    };
    QCOMPARE(selector->requirements().size(), expected.size());
    for (qsizetype i = 0; i < expected.size(); ++i)
        QVERIFY(selector->requirements()[i] == expected[i]);
}

void TestLabelSelector::matchesKubeObjectLabels()
{
    const auto object = KubeObject::fromJson(
        R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","labels":{"z":"1","app":"web"}}})");
    QVERIFY(object.ok());
    QVERIFY(LabelSelector::parse(QStringLiteral("app=web,z"))->matches(*object));
    QVERIFY(!LabelSelector::parse(QStringLiteral("app=web,!z"))->matches(*object));
}

void TestLabelSelector::arbitraryInputEitherParsesOrFails()
{
    // Deterministic noise over the selector alphabet: every input must give a
    // selector whose canonical form parses back to itself, or an error.
    const QString alphabet = QStringLiteral("ab=!(),<> in notin/.-_1\t");
    quint32 state = 12345;
    int parsed = 0;
    for (int round = 0; round < 3000; ++round) {
        QString text;
        const int length = int(state % 12);
        for (int i = 0; i < length; ++i) {
            state = state * 1103515245u + 12345u;
            text.append(alphabet[qsizetype((state >> 16) % quint32(alphabet.size()))]);
        }
        state = state * 1103515245u + 12345u;
        const auto selector = LabelSelector::parse(text);
        if (!selector.ok()) {
            QVERIFY2(!selector.errorMessage().isEmpty(), qPrintable(text));
            continue;
        }
        ++parsed;
        const auto again = LabelSelector::parse(selector->toString());
        QVERIFY2(again.ok(), qPrintable(text + QStringLiteral(" -> ") + selector->toString()));
        QCOMPARE(again->toString(), selector->toString());
    }
    QVERIFY(parsed > 0);
}

QTEST_GUILESS_MAIN(TestLabelSelector)
#include "tst_labelselector.moc"
