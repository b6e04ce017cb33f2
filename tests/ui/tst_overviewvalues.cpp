// The values the Overview shows: a ConfigMap's data (each key with its
// value, long ones elided with their size and the whole value in a tooltip,
// binaryData keys with their size) and annotations as key=value, a Secret's
// masked until revealed (its last-applied annotation holds its data).

#include "models/yamlrenderer.h"
#include "ui/overviewhtml.h"

#include <QTest>
#include <QTextBlock>
#include <QTextDocument>

#include <algorithm>

using namespace informant;

namespace {

constexpr qint64 kNowMs = 1714600000000; // 2024-05-01T21:46:40Z

KubeObject decode(const QByteArray &json)
{
    const auto object = KubeObject::fromJson(json);
    return object ? *object : KubeObject();
}

QByteArray jsonString(const QString &value)
{
    QByteArray out = "\"";
    for (const QChar c : value) {
        if (c == u'"' || c == u'\\')
            out += '\\' + QString(c).toUtf8();
        else if (c == u'\n')
            out += "\\n";
        else
            out += QString(c).toUtf8();
    }
    return out + '"';
}

KubeObject configMap(const QByteArray &dataJson, const QByteArray &annotationsJson = "{}")
{
    return decode(R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"web-config",)"
                  R"("namespace":"web","uid":"c-1","resourceVersion":"5",)"
                  R"("creationTimestamp":"2024-05-01T10:00:00Z","annotations":)" +
                  annotationsJson + "}," + dataJson + "}");
}

// What a user reads, line by line: a table cell is a block (a key's
// block comes before its value's), a <br> starts a line.
QStringList visibleLines(const QString &html)
{
    QTextDocument document;
    document.setHtml(html);
    QStringList lines;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        const QString text =
            block.text().replace(QChar::LineSeparator, u'\n').replace(QChar::Nbsp, u' ');
        for (const QString &line : text.split(u'\n'))
            lines.append(line);
    }
    return lines;
}

QString visibleText(const QString &html)
{
    QTextDocument document;
    document.setHtml(html);
    return document.toPlainText();
}

// The tooltips of the Overview's text, as QTextBrowser shows them (the
// char format's tooltip), rendered as QToolTip renders rich text.
QStringList tooltips(const QString &html)
{
    QTextDocument document;
    document.setHtml(html);
    QStringList out;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QString tip = it.fragment().charFormat().toolTip();
            if (!tip.isEmpty() && (out.isEmpty() || out.last() != visibleText(tip)))
                out.append(visibleText(tip));
        }
    }
    return out;
}

QString numberedLines(int count)
{
    QStringList out;
    for (int i = 1; i <= count; ++i)
        out.append(
            QStringLiteral("line %1 of the nginx.conf, padded to sixty characters____").arg(i));
    return out.join(u'\n') + u'\n';
}

} // namespace

class TestOverviewValues : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void configMapShowsEachKeyWithItsValueEscapedInKeyOrder();
    void configMapLongValuesAreElidedWithTheirSizeAndWholeInATooltip();
    void configMapBinaryDataShowsEachKeyWithItsSize();
    void annotationsShowTheirValues();
    void lastAppliedConfigurationIsElidedHard();
    void secretAnnotationValuesStayMaskedUntilRevealed();
};

void TestOverviewValues::configMapShowsEachKeyWithItsValueEscapedInKeyOrder()
{
    const QString html =
        overviewHtml(configMap(R"("data":{"b.html":"<script>alert(1)</script> & more",)"
                               R"("LOG_LEVEL":"info","a":"fast-path,new-ui"})"),
                     {}, kNowMs, false);
    QVERIFY2(!html.contains(QStringLiteral("<script>")), qPrintable(html));
    const QString text = visibleText(html);
    const qsizetype data = text.indexOf(QStringLiteral("\nData\n"));
    QVERIFY2(data > 0, qPrintable(text));
    // kubectl's byte order: upper case first.
    const qsizetype logLevel = text.indexOf(QStringLiteral("LOG_LEVEL\ninfo\n"));
    const qsizetype a = text.indexOf(QStringLiteral("a\nfast-path,new-ui\n"));
    const qsizetype b = text.indexOf(QStringLiteral("b.html\n<script>alert(1)</script> & more"));
    QVERIFY2(data < logLevel && logLevel < a && a < b, qPrintable(text));
}

void TestOverviewValues::configMapLongValuesAreElidedWithTheirSizeAndWholeInATooltip()
{
    const QString conf = numberedLines(40); // 2311 bytes
    const QString url = QStringLiteral("https://") + QString(300, u'x') + QStringLiteral("/end");
    const QString html = overviewHtml(configMap("\"data\":{\"nginx.conf\":" + jsonString(conf) +
                                                ",\"url\":" + jsonString(url) + '}'),
                                      {}, kNowMs, false);
    const QStringList shown = visibleLines(html);
    QVERIFY2(shown.contains(QStringLiteral("line 1 of the nginx.conf, padded to sixty "
                                           "characters____… (2.3 KiB, 40 lines)")),
             qPrintable(shown.join(u'\n')));
    QVERIFY2(!visibleText(html).contains(QStringLiteral("line 2 ")), qPrintable(html));
    const QString urlStart = url.left(120);
    QVERIFY2(shown.contains(urlStart + QStringLiteral("… (312 bytes)")),
             qPrintable(shown.join(u'\n')));
    QVERIFY2(!visibleText(html).contains(QStringLiteral("/end")), qPrintable(html));
    const QStringList tips = tooltips(html);
    QVERIFY2(tips.contains(conf.chopped(1)), qPrintable(tips.join(u'\n')));
    QVERIFY2(tips.contains(url), qPrintable(tips.join(u'\n')));

    // A tooltip as tall as a screen, no taller: the YAML tab has the rest.
    const QString big = numberedLines(100);
    const QStringList bigTips = tooltips(
        overviewHtml(configMap("\"data\":{\"big\":" + jsonString(big) + '}'), {}, kNowMs, false));
    QCOMPARE(bigTips.size(), 1);
    QVERIFY2(bigTips.first().startsWith(numberedLines(40)), qPrintable(bigTips.first()));
    QVERIFY2(bigTips.first().endsWith(QStringLiteral("\n… (the YAML tab has the whole value)")),
             qPrintable(bigTips.first()));
}

void TestOverviewValues::configMapBinaryDataShowsEachKeyWithItsSize()
{
    const QByteArray logo(2000, '\x89');
    const QString html = overviewHtml(
        configMap("\"binaryData\":{\"logo.png\":\"" + logo.toBase64() + "\"}"), {}, kNowMs, false);
    const QString text = visibleText(html);
    QVERIFY2(text.contains(QStringLiteral("\nBinary data\nlogo.png\n2.0 KiB")), qPrintable(text));
}

void TestOverviewValues::annotationsShowTheirValues()
{
    const QString html = overviewHtml(
        configMap(R"("data":{})", R"({"kubectl.kubernetes.io/restartedAt":"2024-05-01T10:00:00Z",)"
                                  R"("team":"<b>payments</b> & co"})"),
        {}, kNowMs, false);
    const QStringList shown = visibleLines(html);
    QVERIFY2(
        shown.contains(QStringLiteral("kubectl.kubernetes.io/restartedAt=2024-05-01T10:00:00Z")),
        qPrintable(shown.join(u'\n')));
    QVERIFY2(shown.contains(QStringLiteral("team=<b>payments</b> & co")),
             qPrintable(shown.join(u'\n')));
}

void TestOverviewValues::lastAppliedConfigurationIsElidedHard()
{
    const QString applied =
        QString::fromUtf8(R"({"apiVersion":"v1","data":{"LOG_LEVEL":"info","nginx.conf":")") +
        QString(1200, u'x') + QString::fromUtf8(R"("},"kind":"ConfigMap"})");
    const QString html =
        overviewHtml(configMap(R"("data":{"LOG_LEVEL":"info"})",
                               R"({"kubectl.kubernetes.io/last-applied-configuration":)" +
                                   jsonString(applied) + '}'),
                     {}, kNowMs, false);
    const QString prefix = QStringLiteral("kubectl.kubernetes.io/last-applied-configuration=");
    const QStringList shown = visibleLines(html);
    const auto line = std::find_if(shown.begin(), shown.end(),
                                   [&](const QString &l) { return l.startsWith(prefix); });
    QVERIFY2(line != shown.end(), qPrintable(shown.join(u'\n')));
    QVERIFY2(line->endsWith(QStringLiteral("… (1.3 KiB)")), qPrintable(*line));
    // Much shorter than the pane's width: a hint of what it is, no more.
    QVERIFY2(line->size() - prefix.size() <= 48, qPrintable(*line));
    QVERIFY2(tooltips(html).contains(applied), qPrintable(tooltips(html).join(u'\n')));
}

void TestOverviewValues::secretAnnotationValuesStayMaskedUntilRevealed()
{
    // kubectl apply of a Secret: its last-applied annotation holds its data.
    const QString applied = QString::fromUtf8(
        R"({"apiVersion":"v1","data":{"password":"aHVudGVyMg=="},"kind":"Secret"})");
    const KubeObject secret =
        decode(R"({"apiVersion":"v1","kind":"Secret","metadata":{"name":"db","namespace":"web",)"
               R"("uid":"s-1","resourceVersion":"3","annotations":{)"
               R"("kubectl.kubernetes.io/last-applied-configuration":)" +
               jsonString(applied) +
               R"(,"team":"payments"}},"type":"Opaque","data":{"password":"aHVudGVyMg=="}})");
    QVERIFY(!secret.isNull());
    const QString masked = overviewHtml(secret, {}, kNowMs, false, false);
    QVERIFY2(!masked.contains(QStringLiteral("aHVudGVyMg")), qPrintable(masked));
    QVERIFY2(!masked.contains(QStringLiteral("payments")), qPrintable(masked));
    const QStringList shown = visibleLines(masked);
    QVERIFY2(shown.contains(QStringLiteral("kubectl.kubernetes.io/last-applied-configuration=") +
                            kMaskedValue + QStringLiteral("  70 bytes")),
             qPrintable(shown.join(u'\n')));
    QVERIFY2(shown.contains(QStringLiteral("team=") + kMaskedValue + QStringLiteral("  8 bytes")),
             qPrintable(shown.join(u'\n')));

    // Revealed: the values, the last-applied one elided still (the Data
    // section is where the values are read).
    const QString revealed = overviewHtml(secret, {}, kNowMs, false, true);
    const QStringList revealedLines = visibleLines(revealed);
    QVERIFY2(revealedLines.contains(QStringLiteral("team=payments")),
             qPrintable(revealedLines.join(u'\n')));
    const QString elided = QStringLiteral("kubectl.kubernetes.io/last-applied-configuration=") +
                           applied.left(32) + QStringLiteral("… (70 bytes)");
    QVERIFY2(revealedLines.contains(elided), qPrintable(revealedLines.join(u'\n')));
}

QTEST_MAIN(TestOverviewValues)
#include "tst_overviewvalues.moc"
