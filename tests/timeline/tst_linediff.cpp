// LineDiff (unified, context folding, side-by-side pairing) and the YAML
// writer the History tab diffs.

#include "informer/printers/yamlwriter.h"
#include "models/history/linediff.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace informant;

class LineDiffTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void diffMarksRemovedAndAddedLines_data()
    {
        QTest::addColumn<QStringList>("before");
        QTest::addColumn<QStringList>("after");
        QTest::addColumn<QString>("unified");
        QTest::newRow("identical") << QStringList{"a", "b"} << QStringList{"a", "b"} << " a\n b\n";
        QTest::newRow("changed line")
            << QStringList{"a", "b", "c"} << QStringList{"a", "x", "c"} << " a\n-b\n+x\n c\n";
        QTest::newRow("insert") << QStringList{"a", "c"} << QStringList{"a", "b", "c"}
                                << " a\n+b\n c\n";
        QTest::newRow("delete") << QStringList{"a", "b", "c"} << QStringList{"a", "c"}
                                << " a\n-b\n c\n";
        QTest::newRow("from empty") << QStringList{} << QStringList{"a"} << "+a\n";
        QTest::newRow("moved") << QStringList{"a", "b", "c", "d"} << QStringList{"b", "c", "a", "d"}
                               << "-a\n b\n c\n+a\n d\n";
    }
    void diffMarksRemovedAndAddedLines()
    {
        QFETCH(QStringList, before);
        QFETCH(QStringList, after);
        QTEST(LineDiff::unifiedText(LineDiff::diff(before, after)), "unified");
    }

    void contextFoldsLongUnchangedRuns()
    {
        QStringList before;
        for (int i = 0; i < 100; ++i)
            before.append(QString::number(i));
        QStringList after = before;
        after[50] = QStringLiteral("fifty");
        const auto lines = LineDiff::withContext(LineDiff::diff(before, after), 2);
        QCOMPARE(LineDiff::unifiedText(lines),
                 QStringLiteral("@\u2026 48 unchanged lines\n 48\n 49\n-50\n+fifty\n 51\n 52\n"
                                "@\u2026 47 unchanged lines\n"));
    }

    void sideBySidePairsRemovalsWithAdditions()
    {
        const auto rows =
            LineDiff::sideBySide(LineDiff::diff({"a", "b", "c", "d"}, {"a", "B", "C", "C2", "d"}));
        QCOMPARE(rows.size(), 5);
        QCOMPARE(rows[0].op, DiffLine::Op::Equal);
        QCOMPARE((std::pair{rows[1].leftLine, rows[1].rightLine}), (std::pair{1, 1}));
        QCOMPARE((std::pair{rows[2].leftLine, rows[2].rightLine}), (std::pair{2, 2}));
        QCOMPARE((std::pair{rows[3].leftLine, rows[3].rightLine}), (std::pair{-1, 3}));
        QCOMPARE(rows[3].op, DiffLine::Op::Added);
        QCOMPARE(rows[4].op, DiffLine::Op::Equal);
    }

    void yamlLooksLikeKubectl()
    {
        const QJsonObject pod{
            {"apiVersion", "v1"},
            {"kind", "Pod"},
            {"metadata",
             QJsonObject{{"name", "web"}, {"labels", QJsonObject{{"version", "1.10"}}}}},
            {"spec",
             QJsonObject{{"containers", QJsonArray{QJsonObject{{"name", "web"},
                                                               {"args", QJsonArray{"-v", "yes"}}}}},
                         {"tolerations", QJsonArray{}}}},
            {"status", QJsonObject{{"restartCount", 3}, {"ready", true}, {"message", "a: b"}}}};
        QCOMPARE(toYaml(pod), QStringLiteral("apiVersion: v1\n"
                                             "kind: Pod\n"
                                             "metadata:\n"
                                             "  labels:\n"
                                             "    version: \"1.10\"\n"
                                             "  name: web\n"
                                             "spec:\n"
                                             "  containers:\n"
                                             "  - args:\n"
                                             "    - -v\n"
                                             "    - \"yes\"\n"
                                             "    name: web\n"
                                             "  tolerations: []\n"
                                             "status:\n"
                                             "  message: 'a: b'\n"
                                             "  ready: true\n"
                                             "  restartCount: 3\n"));
    }
};

QTEST_GUILESS_MAIN(LineDiffTest)
#include "tst_linediff.moc"
