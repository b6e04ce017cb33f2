// How the simulator's connections deliver big responses: bytes the kernel
// does not take at once stay queued (shared, not copied) and must arrive
// whole and in order when the reader stalls, whether the response ends with
// a keep-alive, with Connection: close, or is followed by a pipelined one.

#include "simfixtures.h"

#include <QSet>
#include <QThread>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

// Far more than the loopback socket buffers hold, so the server queues.
constexpr int kPods = 4000;
constexpr QByteArrayView kEndMarker = "k8s.io/initial-events-end";
const QByteArray kWatchList = "/api/v1/pods?watch=1&sendInitialEvents=true&"
                              "allowWatchBookmarks=true&resourceVersionMatch=NotOlderThan";

// Pod names of a PodList body, or of the ADDED frames of a watch body up to
// the initial-events-end bookmark (empty if any frame does not parse).
QSet<QString> podNames(const QByteArray &body, bool watch)
{
    QSet<QString> names;
    if (!watch) {
        for (const QJsonValue &item :
             QJsonDocument::fromJson(body).object().value("items").toArray())
            names.insert(nameOf(item.toObject()));
        return names;
    }
    for (const QByteArray &line : body.split('\n')) {
        if (line.contains(kEndMarker))
            break;
        const QJsonObject event = QJsonDocument::fromJson(line).object();
        if (event.value("type").toString() != QLatin1String("ADDED"))
            return {};
        names.insert(nameOf(event.value("object").toObject()));
    }
    return names;
}

// Reads a body through a small read buffer until it ends (or, for a watch,
// until the initial-events-end bookmark arrived).
QByteArray readBody(Connection &connection, bool watch, bool *ended)
{
    QByteArray body;
    *ended = false;
    while (connection.readBody(body, *ended, 10000)) {
        if (watch && body.contains(kEndMarker) && body.endsWith('\n'))
            break;
    }
    return body;
}

} // namespace

class TestSimTransport : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void bigResponsesArriveWholeToAReaderThatStalls_data();
    void bigResponsesArriveWholeToAReaderThatStalls();
    void aPipelinedRequestIsAnsweredAfterAQueuedResponse();

private:
    std::unique_ptr<Simulator> m_sim;
};

void TestSimTransport::initTestCase()
{
    SimOptions options;
    options.scenario = QStringLiteral("scale");
    options.pods = kPods;
    options.namespaces = 3;
    m_sim = startSim(options);
    QVERIFY(m_sim->isRunning());
}

void TestSimTransport::bigResponsesArriveWholeToAReaderThatStalls_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<bool>("close");
    QTest::addColumn<bool>("watch");
    QTest::newRow("list, keep-alive") << QByteArray("/api/v1/pods") << false << false;
    QTest::newRow("list, Connection: close") << QByteArray("/api/v1/pods") << true << false;
    QTest::newRow("streaming list") << kWatchList << false << true;
}

void TestSimTransport::bigResponsesArriveWholeToAReaderThatStalls()
{
    QFETCH(QByteArray, target);
    QFETCH(bool, close);
    QFETCH(bool, watch);
    Connection connection(m_sim->port());
    connection.socket().setReadBufferSize(64 * 1024);
    QList<QPair<QByteArray, QByteArray>> headers;
    if (close)
        headers.append(qMakePair(QByteArray("Connection"), QByteArray("close")));
    QVERIFY(connection.send("GET", target, headers));
    // Stalled: the socket buffers fill up and the server must queue the rest.
    QThread::msleep(300);
    Response response;
    QVERIFY(connection.readHead(response));
    QCOMPARE(response.status, 200);
    bool ended = false;
    const QByteArray body = readBody(connection, watch, &ended);
    QCOMPARE(ended, !watch);
    QVERIFY(body.size() > 16 * 1024 * 1024);
    QCOMPARE(podNames(body, watch).size(), kPods);
}

void TestSimTransport::aPipelinedRequestIsAnsweredAfterAQueuedResponse()
{
    Connection connection(m_sim->port());
    connection.socket().setReadBufferSize(64 * 1024);
    QVERIFY(connection.send("GET", "/api/v1/pods"));
    QVERIFY(connection.send("GET", "/api/v1/namespaces/default"));
    QThread::msleep(300);
    Response list;
    QVERIFY(connection.readHead(list));
    bool ended = false;
    QCOMPARE(podNames(readBody(connection, false, &ended), false).size(), kPods);
    QVERIFY(ended);
    Response namespaceResponse;
    QVERIFY(connection.readHead(namespaceResponse));
    QCOMPARE(namespaceResponse.status, 200);
    const QByteArray body = readBody(connection, false, &ended);
    QVERIFY(ended);
    const QJsonObject object = QJsonDocument::fromJson(body).object();
    QCOMPARE(object.value("kind").toString(), QStringLiteral("Namespace"));
    QCOMPARE(nameOf(object), QStringLiteral("default"));
}

QTEST_GUILESS_MAIN(TestSimTransport)
#include "tst_simtransport.moc"
