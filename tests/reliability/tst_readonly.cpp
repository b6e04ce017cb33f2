// Read-only proof: the GUI (offscreen, several kinds and views) and every
// informantctl command run against the simulator's demo cluster, then the
// simulator's request log must hold only GET requests. Every request except
// the test's own control calls (which the log does not record) counts, not
// only those carrying informant's user agent, so a component that forgot the
// user agent cannot hide a write.

#include "childrun.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace reliability;

class TstReadOnly : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void programSendsOnlyGetRequests_data();
    void programSendsOnlyGetRequests();

private:
    SimProcess m_sim;
    QTemporaryDir m_home;
};

void TstReadOnly::initTestCase()
{
    QVERIFY(m_home.isValid());
    QVERIFY(m_sim.start({QStringLiteral("--scenario"), QStringLiteral("demo")}));
}

void TstReadOnly::programSendsOnlyGetRequests_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("runMs"); // > 0: never ends by itself, stopped after this

    const auto gui = [](const QStringList &extra) {
        return QStringList{QStringLiteral("--after"), QStringLiteral("2500")} + extra;
    };
    QTest::newRow("informantctl api-resources")
        << "informantctl" << QStringList{QStringLiteral("api-resources")} << 0;
    QTest::newRow("informantctl get pods -A")
        << "informantctl"
        << QStringList{QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A")} << 0;
    QTest::newRow("informantctl get secrets -n web")
        << "informantctl"
        << QStringList{QStringLiteral("get"), QStringLiteral("secrets"), QStringLiteral("-n"),
                       QStringLiteral("web")}
        << 0;
    QTest::newRow("informantctl watch events -o json")
        << "informantctl"
        << QStringList{QStringLiteral("watch"), QStringLiteral("events"), QStringLiteral("-A"),
                       QStringLiteral("-o"), QStringLiteral("json")}
        << 2000;
    QTest::newRow("informantctl dump deployments --for 1")
        << "informantctl"
        << QStringList{QStringLiteral("dump"), QStringLiteral("deployments"), QStringLiteral("-A"),
                       QStringLiteral("--for"), QStringLiteral("1")}
        << 0;
    QTest::newRow("informant pods")
        << "informant" << gui({QStringLiteral("--kind"), QStringLiteral("pods")}) << 0;
    QTest::newRow("informant deployments sorted by AGE")
        << "informant"
        << gui({QStringLiteral("--kind"), QStringLiteral("deploy"), QStringLiteral("--sort"),
                QStringLiteral("AGE")})
        << 0;
    QTest::newRow("informant secrets in web")
        << "informant"
        << gui({QStringLiteral("--kind"), QStringLiteral("secrets"), QStringLiteral("-n"),
                QStringLiteral("web")})
        << 0;
    QTest::newRow("informant event timeline")
        << "informant" << gui({QStringLiteral("--view"), QStringLiteral("timeline")}) << 0;
}

void TstReadOnly::programSendsOnlyGetRequests()
{
    QFETCH(QString, program);
    QFETCH(QStringList, args);
    QFETCH(int, runMs);

    m_sim.clearRequestLog();
    QStringList all{QStringLiteral("--server"), m_sim.url()};
    if (program == QLatin1String("informant"))
        all << QStringLiteral("--screenshot") << m_home.filePath(QStringLiteral("shot.png"));
    all += args;
    ChildOptions options;
    options.home = m_home.path();
    options.runMs = runMs;
    const ChildResult run = runChild(program, all, options);
    QVERIFY(run.started);
    if (runMs == 0) {
        QVERIFY2(run.finished, run.err.constData());
        QVERIFY2(run.exitCode == 0, run.err.constData());
    }

    int ours = 0;
    QStringList writes;
    for (const QByteArray &line : m_sim.requestLog()) {
        const QJsonObject request = QJsonDocument::fromJson(line).object();
        if (request.value(QLatin1String("userAgent"))
                .toString()
                .startsWith(QLatin1String("informant/")))
            ++ours;
        if (request.value(QLatin1String("method")).toString() != QLatin1String("GET"))
            writes << QString::fromUtf8(line);
    }
    // The program did talk to the server (the proof is not vacuous) ...
    QVERIFY2(ours > 0, "no request from the program reached the simulator");
    // ... and only ever read.
    QVERIFY2(writes.isEmpty(), qPrintable(writes.join(QLatin1Char('\n'))));
}

QTEST_GUILESS_MAIN(TstReadOnly)
#include "tst_readonly.moc"
