// toYaml and toKubectlJsonNumber against what kubectl 1.32 printed for the
// same objects (served by informant-sim): `kubectl get -o yaml` and -o json.

#include "informer/printers/yamlwriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace informant;

class TestYamlWriter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void quotesStringsAsKubectl_data();
    void quotesStringsAsKubectl();
    void writesMultiLineStringsAsKubectl_data();
    void writesMultiLineStringsAsKubectl();
    void indentsAfterUnicodeLineSeparatorsAsKubectl();
    void quotesAndOrdersKeysAsKubectl();
    void writesLongAndMultiLineKeysAsComplexKeys();
    void writesNumbersAsKubectl();
    void writesJsonNumbersAsKubectl_data();
    void writesJsonNumbersAsKubectl();
    void nestsBlocksAsKubectl();
    void writesEmptyContainersInline();
    void foldsLongStringsAsKubectl_data();
    void foldsLongStringsAsKubectl();
    void foldsNestedStringsAtTheirIndentationAsKubectl();
    void foldsOnlyWhenAsked();
};

void TestYamlWriter::quotesStringsAsKubectl_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("yaml");
    const auto row = [](const char *name, const QString &text, const QString &yaml) {
        QTest::newRow(name) << text << yaml;
    };
    row("plain word", "web", "web");
    row("unicode is plain", "日本語 é", "日本語 é");
    row("no-break space is plain", "a\u00a0b", "a\u00a0b");
    row("empty reads as null", "", R"("")");
    // Plain would read back as another type: double quotes.
    for (const char *word :
         {"yes", "no", "on", "off", "y", "n", "~", "Null", "NULL", "True", "true"})
        row(word, word, QStringLiteral("\"%1\"").arg(QLatin1String(word)));
    row("mixed-case true is a string", "tRue", "tRue");
    row("integer", "123", R"("123")");
    row("exponent", "1e3", R"("1e3")");
    row("hex", "0x1F", R"("0x1F")");
    row("octal", "012", R"("012")");
    row("0o octal", "0o17", R"("0o17")");
    row("binary", "0b101", R"("0b101")");
    row("signed binary after 0b", "0b-1", R"("0b-1")");
    row("plus sign", "+1", R"("+1")");
    row("leading dot", ".5", R"(".5")");
    row("trailing dot", "1.", R"("1.")");
    row("underscores", "1_000", R"("1_000")");
    row("invalid octal reads as float", "09", R"("09")");
    row("beyond uint64 reads as float", "99999999999999999999", R"("99999999999999999999")");
    row("float overflow is a string", "1e999", "1e999");
    row("lone dot", ".", ".");
    row("-.inf", "-.inf", R"("-.inf")");
    row(".NaN", ".NaN", R"(".NaN")");
    row("base-60", "1:20", R"("1:20")");
    row("base-60 with fraction", "1:2:3.5", R"("1:2:3.5")");
    row("not base-60", "1:60", "1:60");
    row("date", "2024-01-02", R"("2024-01-02")");
    row("short date", "2024-1-2", R"("2024-1-2")");
    row("impossible date", "2024-02-30", "2024-02-30");
    row("timestamp", "2024-01-02T03:04:05Z", R"("2024-01-02T03:04:05Z")");
    row("timestamp with space", "2024-01-02 03:04:05", R"("2024-01-02 03:04:05")");
    row("timestamp without zone", "2024-01-02T03:04:05", "2024-01-02T03:04:05");
    row("timestamp with t and offset", "2024-01-02t03:04:05.5+01:00",
        R"("2024-01-02t03:04:05.5+01:00")");
    // Characters YAML cannot print: double quotes with escapes.
    row("control character",
        "\x01"
        "ctl",
        R"("\x01ctl")");
    row("escape character", "a\x1b", R"("a\e")");
    row("tab", "a\tb", R"("a\tb")");
    row("carriage return", "a\rb", R"("a\rb")");
    row("beyond the BMP", "😀 emoji", R"("\U0001F600 emoji")");
    row("line separator before spaces", "a\u2028  b", R"("a\L  b")");
    row("space before a line break", "trail \nline", R"("trail \nline")");
    // Plain is not possible, but the text is printable: single quotes.
    row("colon space", "x: y", "'x: y'");
    row("cron", "*/30 * * * *", "'*/30 * * * *'");
    row("event message", "Created pod: web-1", "'Created pod: web-1'");
    row("trailing colon", "x:", "'x:'");
    row("leading space", " lead", "' lead'");
    row("trailing space", "trail ", "'trail '");
    row("dash", "-", "'-'");
    row("dash space", "- x", "'- x'");
    row("dash word is plain", "-x", "-x");
    row("document marker", "---", "'---'");
    row("question space", "? x", "'? x'");
    row("question word is plain", "?x", "?x");
    row("colon word is plain", ":x", ":x");
    row("comment", "#x", "'#x'");
    row("space comment", "x #y", "'x #y'");
    row("hash inside is plain", "x#y", "x#y");
    row("comma inside is plain", "a,b", "a,b");
    for (const char *indicator : {"@x", "%x", "!x", "&x", "*x", "|", ">", "{x}", "[x]", "\"q\""})
        row(indicator, indicator, QStringLiteral("'%1'").arg(QLatin1String(indicator)));
    row("single quotes doubled", "'q'", "'''q'''");
    row("apostrophe inside is plain", "it's", "it's");
}

void TestYamlWriter::quotesStringsAsKubectl()
{
    QFETCH(QString, text);
    QFETCH(QString, yaml);
    QCOMPARE(toYaml(QJsonObject{{"a", text}}), QStringLiteral("a: ") + yaml + u'\n');
}

void TestYamlWriter::writesMultiLineStringsAsKubectl_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("yaml");
    QTest::newRow("final newline") << "l1\nl2\n"
                                   << "a: |\n  l1\n  l2\n";
    QTest::newRow("no final newline") << "l1\nl2"
                                      << "a: |-\n  l1\n  l2\n";
    QTest::newRow("blank line kept") << "l1\n\nl3"
                                     << "a: |-\n  l1\n\n  l3\n";
    QTest::newRow("several final newlines") << "l1\n\n"
                                            << "a: |+\n  l1\n\n";
    QTest::newRow("first line indented") << "  lead\nl2\n"
                                         << "a: |2\n    lead\n  l2\n";
    QTest::newRow("first line empty") << "\nl1"
                                      << "a: |2-\n\n  l1\n";
    QTest::newRow("later line indented") << "l1\n  l2\n"
                                         << "a: |\n  l1\n    l2\n";
    QTest::newRow("with a tab") << "a\tb\nc"
                                << "a: \"a\\tb\\nc\"\n";
    QTest::newRow("trailing space") << "a\nb "
                                    << "a: \"a\\nb \"\n";
}

void TestYamlWriter::writesMultiLineStringsAsKubectl()
{
    QFETCH(QString, text);
    QFETCH(QString, yaml);
    QCOMPARE(toYaml(QJsonObject{{"a", text}}), yaml);
}

void TestYamlWriter::indentsAfterUnicodeLineSeparatorsAsKubectl()
{
    // go-yaml writes U+2028 as is and indents what follows to the scalar's
    // indentation, as if the line had been broken.
    const QJsonObject strings{{"ls", "a\u2028b"}, {"ml10", "l1\u2028l2\nl3"}};
    const QJsonObject spec{{"strings", strings},
                           {"list", QJsonArray{"a\u2028b"}},
                           {"longkey", QJsonObject{{"ls\u2028key", "v3"}}}};
    QCOMPARE(toYaml(QJsonObject{{"spec", spec}}), QStringLiteral("spec:\n"
                                                                 "  list:\n"
                                                                 "  - 'a\u2028    b'\n"
                                                                 "  longkey:\n"
                                                                 "    ? 'ls\u2028      key'\n"
                                                                 "    : v3\n"
                                                                 "  strings:\n"
                                                                 "    ls: 'a\u2028      b'\n"
                                                                 "    ml10: |-\n"
                                                                 "      l1\u2028      l2\n"
                                                                 "      l3\n"));
}

void TestYamlWriter::quotesAndOrdersKeysAsKubectl()
{
    QJsonObject keys;
    for (const char *key : {"a10", "a9", "a-b", "ab", "A",   "_x",   "a01",  "a1", "a001", "b", "é",
                            "Z",   "1",  "10",  "2",  "x y", "true", "1:20", " k", "k ",   ""})
        keys.insert(QString::fromUtf8(key), 1);
    QCOMPARE(toYaml(keys), QStringLiteral("\"\": 1\n"
                                          "' k': 1\n"
                                          "_x: 1\n"
                                          "\"1\": 1\n"
                                          "\"1:20\": 1\n"
                                          "\"2\": 1\n"
                                          "\"10\": 1\n"
                                          "A: 1\n"
                                          "Z: 1\n"
                                          "a-b: 1\n"
                                          "a1: 1\n"
                                          "a01: 1\n"
                                          "a001: 1\n"
                                          "a9: 1\n"
                                          "a10: 1\n"
                                          "ab: 1\n"
                                          "b: 1\n"
                                          "'k ': 1\n"
                                          "\"true\": 1\n"
                                          "x y: 1\n"
                                          "é: 1\n"));
}

void TestYamlWriter::writesLongAndMultiLineKeysAsComplexKeys()
{
    const QString longKey(130, u'k');
    const QString longUtf8Key = QString(129, u'k') + u'é'; // 131 bytes in UTF-8
    const QJsonObject keys{
        {longKey, "v"}, {longUtf8Key, QJsonObject{{"n", "m"}}}, {"line\nkey", "v2"}};
    QCOMPARE(toYaml(QJsonObject{{"spec", QJsonObject{{"longkey", keys}}}}),
             QStringLiteral("spec:\n  longkey:\n    ? ") + longKey + "\n    : v\n    ? " +
                 longUtf8Key +
                 "\n    : \"n\": m\n"
                 "    ? |-\n"
                 "      line\n"
                 "      key\n"
                 "    : v2\n");
}

void TestYamlWriter::writesNumbersAsKubectl()
{
    const QByteArray json = "[9007199254740993, 9223372036854775807, -9223372036854775808,"
                            " 0.1, 1e21, 1e-7, -0.0, 1.5, 1234567.5, 1e20, 12345678901234567890,"
                            " 1.0, 123456.5, 0.0001, 0.00001, 1e6, 1.2345678901234568e+17,"
                            " 1e-300, 5e-324, 1.7976931348623157e308, 123456789.123, -1.5e-10,"
                            " 9007199254740993.0]";
    QCOMPARE(toYaml(QJsonDocument::fromJson(json).array()),
             QStringLiteral("- 9007199254740993\n- 9223372036854775807\n- -9223372036854775808\n"
                            "- 0.1\n- 1e+21\n- 1e-07\n- 0\n- 1.5\n- 1.2345675e+06\n- 1e+20\n"
                            "- 12345678901234567000\n- 1\n- 123456.5\n- 0.0001\n- 1e-05\n"
                            "- 1000000\n- 123456789012345680\n- 1e-300\n- 5e-324\n"
                            "- 1.7976931348623157e+308\n- 1.23456789123e+08\n- -1.5e-10\n"
                            "- 9007199254740992\n"));
    // Not from JSON text, but a double can hold them.
    QCOMPARE(toYaml(QJsonArray{qInf(), -qInf(), qQNaN()}), "- .inf\n- -.inf\n- .nan\n");
}

void TestYamlWriter::writesJsonNumbersAsKubectl_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QByteArray>("expected");
    const QList<QPair<QByteArray, QByteArray>> rows{
        {"9007199254740993", "9007199254740993"},
        {"9223372036854775807", "9223372036854775807"},
        {"-9223372036854775808", "-9223372036854775808"},
        {"12345678901234567890", "12345678901234567000"},
        {"0.1", "0.1"},
        {"1e21", "1e+21"},
        {"-1e21", "-1e+21"},
        {"1e20", "100000000000000000000"},
        {"1e-7", "1e-7"},
        {"1e-300", "1e-300"},
        {"123456789.123", "123456789.123"},
        {"0.000123", "0.000123"},
        {"-1.5e-10", "-1.5e-10"},
        {"1.7976931348623157e308", "1.7976931348623157e+308"},
        {"3e15", "3000000000000000"},
        {"1.0e2", "100"}};
    for (const auto &[json, expected] : rows)
        QTest::newRow(json.constData()) << json << expected;
}

void TestYamlWriter::writesJsonNumbersAsKubectl()
{
    QFETCH(QByteArray, json);
    QFETCH(QByteArray, expected);
    const QJsonValue number = QJsonDocument::fromJson('[' + json + ']').array().first();
    QCOMPARE(toKubectlJsonNumber(number), expected);
}

void TestYamlWriter::nestsBlocksAsKubectl()
{
    const QByteArray json =
        R"({"spec":{"containers":[{"name":"web","ports":[{"containerPort":80}]}],
      "args":["a","b"],"matrix":[["p","q"],[["deep"]]],"texts":["l1\nl2"]}})";
    QCOMPARE(toYaml(QJsonDocument::fromJson(json).object()),
             QStringLiteral("spec:\n"
                            "  args:\n"
                            "  - a\n"
                            "  - b\n"
                            "  containers:\n"
                            "  - name: web\n"
                            "    ports:\n"
                            "    - containerPort: 80\n"
                            "  matrix:\n"
                            "  - - p\n"
                            "    - q\n"
                            "  - - - deep\n"
                            "  texts:\n"
                            "  - |-\n"
                            "    l1\n"
                            "    l2\n"));
}

void TestYamlWriter::writesEmptyContainersInline()
{
    const QByteArray json = R"({"a":{},"b":[],"c":[[],{},null,true,3]})";
    QCOMPARE(toYaml(QJsonDocument::fromJson(json).object()),
             QStringLiteral("a: {}\nb: []\nc:\n- []\n- {}\n- null\n- true\n- 3\n"));
    QCOMPARE(toYaml(QJsonObject{}), QStringLiteral("{}\n"));
}

void TestYamlWriter::foldsLongStringsAsKubectl_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("yaml");
    const auto a = [](int count) { return QString(count, u'a'); };
    const auto words = [](int count) {
        return QStringList(count, QStringLiteral("word")).join(u' ');
    };
    // "k: " puts the string's first character at column 3; its further
    // lines are indented by 2.
    QTest::newRow("space at column 80 stays") << a(77) + " b c"
                                              << "k: " + a(77) + " b\n  c\n";
    QTest::newRow("space at column 81 folds") << a(78) + " b"
                                              << "k: " + a(78) + "\n  b\n";
    QTest::newRow("never at a space beside another") << a(78) + "  b c"
                                                     << "k: " + a(78) + "  b\n  c\n";
    QTest::newRow("a long word stays whole") << a(100) + " b"
                                             << "k: " + a(100) + "\n  b\n";
    QTest::newRow("each line folds past 80")
        << words(40) << "k: " + words(16) + "\n  " + words(16) + "\n  " + words(8) + "\n";
    QTest::newRow("single-quoted") << "x: " + a(80) + " b"
                                   << "k: 'x: " + a(80) + "\n  b'\n";
    QTest::newRow("never at the first or last character") << " " + a(80) + " "
                                                          << "k: ' " + a(80) + " '\n";
    // A further line's leading spaces are indentation: go-yaml escapes the
    // first of those the string holds.
    QTest::newRow("double-quoted, spaces after the fold") << "\t" + a(80) + "  b"
                                                          << "k: \"\\t" + a(80) + "\n  \\ b\"\n";
    QTest::newRow("an escape's characters are columns")
        << QString(20, u'\x01') + " b"
        << "k: \"" + QString("\\x01").repeated(20) + "\n  b\"\n";
    QTest::newRow("a wide character is one column") << QString(78, u'日') + " b"
                                                    << "k: " + QString(78, u'日') + "\n  b\n";
    QTest::newRow("columns restart after a line separator")
        << "x: " + a(40) + "\u2028" + a(70) + " b"
        << "k: 'x: " + a(40) + "\u2028  " + a(70) + " b'\n";
    QTest::newRow("a literal block is never folded") << a(90) + " b\nc"
                                                     << "k: |-\n  " + a(90) + " b\n  c\n";
}

void TestYamlWriter::foldsLongStringsAsKubectl()
{
    QFETCH(QString, text);
    QFETCH(QString, yaml);
    QCOMPARE(toYaml(QJsonObject{{"k", text}}, YamlFolding::AsKubectl), yaml);
}

void TestYamlWriter::foldsNestedStringsAtTheirIndentationAsKubectl()
{
    // The 80 characters count from the line's start: a deeper string folds
    // sooner, and goes on at its own indentation. Simple keys never fold;
    // their value may, at once (but not at its first character); complex
    // keys do.
    const auto a = [](int count) { return QString(count, u'a'); };
    const QString simpleKey = QStringLiteral("k ").repeated(40) + "end"; // 123 bytes
    const QString complexKey = QStringLiteral("complex ").repeated(20);  // 160 bytes
    const QJsonObject annotations{
        {"note", "an annotation " + a(50) + " folds at its own indentation"}};
    const QJsonObject spec{
        {"template", QJsonObject{{"metadata", QJsonObject{{"annotations", annotations}}}}},
        {"args", QJsonArray{"--message=" + a(70) + " b", QJsonArray{"nested " + a(70) + " b"}}},
        {"containers",
         QJsonArray{QJsonObject{{"command", QJsonArray{"sh", "-c", "echo " + a(75) + " done"}}}}},
        {simpleKey, " x y"},
        {complexKey, QStringLiteral("v ").repeated(45)}};
    // %5 and %6: the first line of the complex key and of its value.
    const QString expected =
        QStringLiteral("spec:\n"
                       "  args:\n"
                       "  - --message=%1\n"
                       "    b\n"
                       "  - - nested %1\n"
                       "      b\n"
                       "  ? '%5\n"
                       "    %5 '\n"
                       "  : '%6\n"
                       "    v v v v v v '\n"
                       "  containers:\n"
                       "  - command:\n"
                       "    - sh\n"
                       "    - -c\n"
                       "    - echo %2\n"
                       "      done\n"
                       "  %4: ' x\n"
                       "    y'\n"
                       "  template:\n"
                       "    metadata:\n"
                       "      annotations:\n"
                       "        note: an annotation %3 folds\n"
                       "          at its own indentation\n")
            .arg(a(70), a(75), a(50), simpleKey, QStringLiteral("complex ").repeated(10).trimmed(),
                 QStringLiteral("v ").repeated(39).trimmed());
    QCOMPARE(toYaml(QJsonObject{{"spec", spec}}, YamlFolding::AsKubectl), expected);
}

void TestYamlWriter::foldsOnlyWhenAsked()
{
    // The GUI's YAML and History tabs wrap long lines themselves.
    const QString text = QString(78, u'a') + QStringLiteral(" b");
    QCOMPARE(toYaml(QJsonObject{{"k", text}}), "k: " + text + u'\n');
    QCOMPARE(toYaml(QJsonObject{{"k", text}}, YamlFolding::AsKubectl),
             "k: " + QString(78, u'a') + "\n  b\n");
}

QTEST_GUILESS_MAIN(TestYamlWriter)
#include "tst_yamlwriter.moc"
