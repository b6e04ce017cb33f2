#include "informer/core/bracketscanner.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>

using namespace informant;
using detail::BracketScanner;

namespace {

// The rule written out plainly, one byte at a time, over the value opening
// at `text[0]`: where it ends (the index after its closing bracket, or -1),
// and the closing brackets up to there that leave the count at
// ValueEnds::kDepth or less, as "offset:depth" (offset after the bracket).
struct Reference
{
    qsizetype end = -1;
    QStringList shallowCloses;
};

Reference referenceScan(const QByteArray &text)
{
    Reference reference;
    qint64 depth = 0;
    bool inString = false;
    bool escaped = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (depth <= detail::ValueEnds::kDepth)
                reference.shallowCloses << QStringLiteral("open %1:%2").arg(i).arg(depth);
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth <= detail::ValueEnds::kDepth)
                reference.shallowCloses << QStringLiteral("%1:%2").arg(i + 1).arg(depth);
            if (depth == 0) {
                reference.end = i + 1;
                break;
            }
        }
    }
    return reference;
}

qsizetype referenceEnd(const QByteArray &text)
{
    return referenceScan(text).end;
}

QStringList referenceShallowCloses(const QByteArray &text)
{
    return referenceScan(text).shallowCloses;
}

// `text` fed in chunks that end at `cuts` (ascending), recording the shallow
// closes: as referenceShallowCloses() writes them.
QStringList scannedShallowCloses(const QByteArray &text, const QList<qsizetype> &cuts)
{
    BracketScanner scanner;
    detail::ValueEnds ends;
    qsizetype begin = 0;
    QList<qsizetype> chunkEnds = cuts;
    chunkEnds.append(text.size());
    for (const qsizetype end : chunkEnds) {
        if (end < begin)
            continue;
        const QByteArray chunk = text.mid(begin, end - begin);
        if (scanner.findEnd(chunk.constData(), 0, chunk.size(), &ends, begin) >= 0)
            break;
        begin = end;
    }
    QStringList closes;
    for (const detail::ValueEnds::End &end : ends.ends())
        closes << QStringLiteral("%1%2:%3")
                      .arg(end.opening ? "open " : "")
                      .arg(end.offset)
                      .arg(end.depth);
    return closes;
}

// `text` fed in chunks that end at `cuts` (ascending): the end found, as an
// index into `text`, or -1.
qsizetype scannedEnd(const QByteArray &text, const QList<qsizetype> &cuts)
{
    BracketScanner scanner;
    qsizetype begin = 0;
    QList<qsizetype> ends = cuts;
    ends.append(text.size());
    for (const qsizetype end : ends) {
        if (end < begin)
            continue;
        // Each chunk is a copy of its own, so no chunk can read past its end
        // into the next one's bytes unnoticed (ASan sees it).
        const QByteArray chunk = text.mid(begin, end - begin);
        const qsizetype found = scanner.findEnd(chunk.constData(), 0, chunk.size());
        if (found >= 0) {
            if (!scanner.atTopLevel())
                return -2; // ended, but the state says otherwise
            return begin + found;
        }
        begin = end;
    }
    return scanner.atTopLevel() ? -3 : -1;
}

// Text made of the bytes that matter to the rule, and a few that do not;
// without backslashes the blocks are mostly counted without the byte loop.
QByteArray randomValue(QRandomGenerator &random, qsizetype length, bool backslashes)
{
    static const char kAlphabet[] = {'{', '}', '[', ']', '"', '"', 'a', ' ', ':', '\\', '\\'};
    const int letters = int(sizeof kAlphabet) - (backslashes ? 0 : 2);
    QByteArray text(1, random.bounded(2) ? '{' : '[');
    while (text.size() < length)
        text += kAlphabet[random.bounded(letters)];
    return text;
}

// A long object of strings with escapes, braces and brackets in them and
// backslash runs of every length, so that some fall across 64-byte blocks.
QByteArray escapeHeavyObject()
{
    QByteArray text = "{";
    for (int i = 0; i < 40; ++i) {
        const QByteArray backslashes(2 * (i % 4), '\\'); // escaped backslashes
        text += "\"k" + QByteArray::number(i) + "\":[\"" + backslashes + "\\\"}{][" + backslashes +
                "\",{\"x\":\"" + QByteArray(i % 9, 'y') + "\\\\\"}],";
    }
    text += "\"end\":{}}";
    return text;
}

} // namespace

class TestBracketScanner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { BracketScanner::setKernel(BracketScanner::Kernel::Best); }
    void findsTheEndTheByteRuleFinds_data();
    void findsTheEndTheByteRuleFinds();
    void findsTheSameEndWhereverTheInputIsCut_data();
    void findsTheSameEndWhereverTheInputIsCut();
    void randomTextAgreesWithTheByteRule_data();
    void randomTextAgreesWithTheByteRule();
    void reportsABackslashOutsideAString_data();
    void reportsABackslashOutsideAString();
    void recordsTheShallowClosesWhereverTheInputIsCut_data();
    void recordsTheShallowClosesWhereverTheInputIsCut();
};

namespace {

void addKernelColumn()
{
    QTest::addColumn<int>("kernel");
}

void setKernelFromData()
{
    QFETCH(int, kernel);
    BracketScanner::setKernel(BracketScanner::Kernel(kernel));
}

} // namespace

void TestBracketScanner::findsTheEndTheByteRuleFinds_data()
{
    addKernelColumn();
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<qsizetype>("expectedEnd");
    const QByteArray escapes = escapeHeavyObject();
    const QByteArray deep = "{" + QByteArray(100, '[') + QByteArray(100, ']') + "}";
    const QByteArray longString = "{\"s\":\"" + QByteArray(200, '}') + "\"}";
    // A backslash outside a string is an ordinary byte: the quote after it
    // opens a string (the block loop must not take it for an escape).
    const QByteArray strayBackslash =
        "{" + QByteArray(70, ' ') + "\\\"}\" }" + QByteArray(70, ' ') + "}";
    for (const auto kernel : {BracketScanner::Kernel::Best, BracketScanner::Kernel::Baseline}) {
        const char *name = kernel == BracketScanner::Kernel::Best ? "best" : "baseline";
        const int k = int(kernel);
        QTest::addRow("%s: escapes across blocks", name) << k << escapes << escapes.size();
        QTest::addRow("%s: followed by more", name) << k << escapes + " {\"next\":1}\n"
                                                    << escapes.size();
        QTest::addRow("%s: 100 closings in two blocks", name) << k << deep << deep.size();
        QTest::addRow("%s: closings inside a long string", name)
            << k << longString + "}}}}" << longString.size();
        QTest::addRow("%s: stray backslash", name)
            << k << strayBackslash << referenceEnd(strayBackslash);
        QTest::addRow("%s: unclosed", name) << k << escapes.chopped(1) << qsizetype(-1);
        QTest::addRow("%s: unclosed string", name)
            << k << "{\"a\":\"" + QByteArray(100, 'b') + "\\\"}" << qsizetype(-1);
    }
}

void TestBracketScanner::findsTheEndTheByteRuleFinds()
{
    setKernelFromData();
    QFETCH(QByteArray, text);
    QFETCH(qsizetype, expectedEnd);
    QCOMPARE(referenceEnd(text), expectedEnd); // the rows say what the rule says
    QCOMPARE(scannedEnd(text, {}), expectedEnd);
}

void TestBracketScanner::findsTheSameEndWhereverTheInputIsCut_data()
{
    addKernelColumn();
    QTest::addRow("best") << int(BracketScanner::Kernel::Best);
    QTest::addRow("baseline") << int(BracketScanner::Kernel::Baseline);
}

void TestBracketScanner::findsTheSameEndWhereverTheInputIsCut()
{
    setKernelFromData();
    const QByteArray escapes = escapeHeavyObject();
    const QByteArray stray = "{" + QByteArray(60, ' ') + "\\\"}\" " + QByteArray(60, 'x') + "}";
    for (const QByteArray &text : {escapes + "{}", stray}) {
        const qsizetype expected = referenceEnd(text);
        QVERIFY(expected > 0);
        for (qsizetype cut = 0; cut <= text.size(); ++cut) {
            QVERIFY2(scannedEnd(text, {cut}) == expected, qPrintable(QString::number(cut)));
            // ... and in two places, one of them 64 bytes on (a block later).
            QVERIFY2(scannedEnd(text, {cut, cut + 64}) == expected,
                     qPrintable(QString::number(cut)));
        }
        QList<qsizetype> everyByte;
        for (qsizetype cut = 1; cut < text.size(); ++cut)
            everyByte.append(cut);
        QCOMPARE(scannedEnd(text, everyByte), expected);
    }
}

void TestBracketScanner::randomTextAgreesWithTheByteRule_data()
{
    findsTheSameEndWhereverTheInputIsCut_data();
}

void TestBracketScanner::randomTextAgreesWithTheByteRule()
{
    setKernelFromData();
    QRandomGenerator random(20261126); // fixed: a failure can be replayed
    for (int round = 0; round < 3000; ++round) {
        const QByteArray text = randomValue(random, 1 + random.bounded(400), round % 2);
        const qsizetype expected = referenceEnd(text);
        QList<qsizetype> cuts;
        for (int i = random.bounded(4); i > 0; --i)
            cuts.append(random.bounded(qint64(text.size()) + 1));
        std::sort(cuts.begin(), cuts.end());
        const qsizetype found = scannedEnd(text, cuts);
        QVERIFY2(found == expected, qPrintable(QStringLiteral("round %1: %2 (expected %3) in %4")
                                                   .arg(round)
                                                   .arg(found)
                                                   .arg(expected)
                                                   .arg(QString::fromLatin1(text))));
    }
}

void TestBracketScanner::reportsABackslashOutsideAString_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("outside");
    // Padded past a 64-byte block so both the block loop and the byte loop
    // decide; a backslash after the end is never read.
    const QByteArray pad(70, ' ');
    QTest::newRow("in strings") << QByteArray(R"({"a\"":"\\"})") + pad << false;
    QTest::newRow("before a quote") << QByteArray(R"({"a":\"x"})") + pad << true;
    QTest::newRow("alone") << pad + QByteArray(R"({"a":1\})") << true;
    QTest::newRow("after the end") << QByteArray(R"({"a":1}\)") + pad << false;
}

void TestBracketScanner::reportsABackslashOutsideAString()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, outside);
    for (const auto kernel : {BracketScanner::Kernel::Best, BracketScanner::Kernel::Baseline}) {
        BracketScanner::setKernel(kernel);
        BracketScanner scanner;
        const qsizetype from = text.indexOf('{');
        QVERIFY(scanner.findEnd(text.constData(), from, text.size()) > from);
        QCOMPARE(scanner.sawBackslashOutsideString(), outside);
    }
}

void TestBracketScanner::recordsTheShallowClosesWhereverTheInputIsCut_data()
{
    findsTheSameEndWhereverTheInputIsCut_data();
}

void TestBracketScanner::recordsTheShallowClosesWhereverTheInputIsCut()
{
    // The object decoder takes the end of spec, of status and of each of
    // metadata's members from these records (valueends.h): a missing or
    // misplaced one would end a value at the wrong byte.
    setKernelFromData();
    const QByteArray pod =
        R"({"type":"ADDED","object":{"metadata":{"name":"a","labels":{"x":"}"},)"
        R"("managedFields":[{"f:spec":{"f:c":{"k:{\"n\":\"a\"}":{}}}}]},)"
        R"("spec":{"containers":[{"name":"c","args":["]","{"],"ports":[{"p":1}]}],)"
        R"("volumes":[]},"status":{"conditions":[{"type":"Ready"},{"type":"x"}],)" +
        QByteArray(90, ' ') + R"("phase":"Running"}}})";
    QVERIFY(referenceShallowCloses(pod).size() > 8);
    QCOMPARE(scannedShallowCloses(pod, {}), referenceShallowCloses(pod));
    for (qsizetype cut = 0; cut <= pod.size(); ++cut)
        QVERIFY2(scannedShallowCloses(pod, {cut, cut + 64}) == referenceShallowCloses(pod),
                 qPrintable(QString::number(cut)));

    QRandomGenerator random(20261127); // fixed: a failure can be replayed
    for (int round = 0; round < 2000; ++round) {
        const QByteArray text = randomValue(random, 1 + random.bounded(400), round % 2);
        QList<qsizetype> cuts;
        for (int i = random.bounded(4); i > 0; --i)
            cuts.append(random.bounded(qint64(text.size()) + 1));
        std::sort(cuts.begin(), cuts.end());
        QVERIFY2(
            scannedShallowCloses(text, cuts) == referenceShallowCloses(text),
            qPrintable(QStringLiteral("round %1: %2").arg(round).arg(QString::fromLatin1(text))));
    }
}

QTEST_APPLESS_MAIN(TestBracketScanner)
#include "tst_bracketscanner.moc"
