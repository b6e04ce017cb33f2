// Integration: an API server replaced by one with an older state (a restore
// from backup, a failover to a replica that lost the latest writes) on the
// same address. The informer's resourceVersion is then ahead of the server,
// which answers it "too large resource version" (a 504 Status, inside the
// watch stream as the watch cache does). The informer must come to hold the
// new server's objects, asking at the old resourceVersion once: answered
// that 504 as an HTTP status with Retry-After, each watch at it was sent
// again ten times, a second apart, then relisted at it again after the
// backoff (another ten). The simulator is this build's informant-sim,
// started twice on one port.

#include "informer/informers/sharedindexinformer.h"
#include "informer/kube/restlisterwatcher.h"
#include "simtruth.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUrlQuery>

#include <algorithm>

using namespace informant;
using namespace informant::test;

namespace {

quint64 listResourceVersion(QNetworkAccessManager &manager, const QString &url)
{
    const QJsonObject list =
        QJsonDocument::fromJson(request(manager, url + QStringLiteral("/api/v1/pods?limit=1")))
            .object();
    return list.value("metadata").toObject().value("resourceVersion").toString().toULongLong();
}

// The pods requests in the simulator's log that carried a resourceVersion
// above `current`.
int requestsAheadOf(const QByteArray &log, quint64 current)
{
    int ahead = 0;
    for (const QByteArray &line : log.split('\n')) {
        if (line.isEmpty())
            continue;
        const QUrl url(QStringLiteral("http://sim") +
                       QJsonDocument::fromJson(line).object().value("path").toString());
        if (!url.path().endsWith(QLatin1String("/pods")))
            continue;
        bool number = false;
        const quint64 rv =
            QUrlQuery(url).queryItemValue(QStringLiteral("resourceVersion")).toULongLong(&number);
        if (number && rv > current)
            ++ahead;
    }
    return ahead;
}

} // namespace

class TstSimRestore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void olderServerIsRelistedFromWithoutRetryingTheLostVersion_data();
    void olderServerIsRelistedFromWithoutRetryingTheLostVersion();
};

void TstSimRestore::olderServerIsRelistedFromWithoutRetryingTheLostVersion_data()
{
    QTest::addColumn<bool>("streaming");
    QTest::newRow("streaming list") << true;
    QTest::newRow("paged list") << false;
}

void TstSimRestore::olderServerIsRelistedFromWithoutRetryingTheLostVersion()
{
    QFETCH(bool, streaming);
    const QString simulatorPath =
        qEnvironmentVariable("INFORMANT_BUILD_DIR") + QStringLiteral("/app/informant-sim");
    const QStringList scenario{QStringLiteral("--scenario"), QStringLiteral("churn"),
                               QStringLiteral("--pods"),     QStringLiteral("40"),
                               QStringLiteral("--seed"),     QStringLiteral("1")};
    QTemporaryDir dir;
    const QString portFile = dir.filePath(QStringLiteral("port"));
    QProcess before;
    before.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    before.start(simulatorPath,
                 scenario + QStringList{QStringLiteral("--churn"), QStringLiteral("1000"),
                                        QStringLiteral("--port-file"), portFile});
    QVERIFY2(before.waitForStarted(), qPrintable(before.errorString()));
    QTRY_VERIFY_WITH_TIMEOUT(QFile(portFile).size() > 0, 10000);
    QFile portText(portFile);
    QVERIFY(portText.open(QIODevice::ReadOnly));
    const QString port = QString::fromUtf8(portText.readAll()).trimmed();
    const QString url = QStringLiteral("http://127.0.0.1:") + port;

    ClusterConfig config;
    config.server = QUrl(url);
    DecodeOptions decode;
    decode.dropManagedFields = true;
    SharedIndexInformerOptions options;
    options.name = QStringLiteral("pods");
    options.reflector.useWatchList = streaming;
    SharedIndexInformer informer(
        std::make_shared<RestListerWatcher>(
            ClusterConnection::create(config),
            ResourcePath{QString(), QStringLiteral("v1"), QStringLiteral("pods"), QString(), true},
            decode),
        options);
    informer.start();
    QTRY_VERIFY_WITH_TIMEOUT(informer.hasSynced(), 20000);

    // The same scenario, its churn paused, starts where the first one did:
    // the informer, which watched the churn, gets well ahead of it.
    QNetworkAccessManager manager;
    const quint64 started = listResourceVersion(manager, url);
    QVERIFY(started > 0);
    QTRY_VERIFY_WITH_TIMEOUT(informer.status().lastResourceVersion.toULongLong() > started + 2000,
                             20000);
    before.kill();
    QVERIFY(before.waitForFinished());
    QProcess after;
    after.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    after.start(simulatorPath, scenario + QStringList{QStringLiteral("--listen"),
                                                      QStringLiteral("127.0.0.1:") + port});
    QVERIFY2(after.waitForStarted(), qPrintable(after.errorString()));
    QTRY_VERIFY_WITH_TIMEOUT(!request(manager, url + QStringLiteral("/healthz")).isEmpty(), 10000);
    // Still, as a restored server is until someone writes to it: the
    // informer has no resourceVersion of it to come up to.
    request(manager, url + QStringLiteral("/sim/v1/churn/pause"), true);
    const QByteArray truth =
        request(manager, url + QStringLiteral("/sim/v1/snapshot?resource=pods"));
    QVERIFY(truth.startsWith('['));

    // Past the backoff of the outage, at once.
    informer.retryNow();
    QTRY_COMPARE_WITH_TIMEOUT(cacheSnapshot(informer.indexer()), truth, 60000);
    QTRY_COMPARE_WITH_TIMEOUT(informer.status().state, InformerStatus::State::Watching, 10000);
    // Every resourceVersion the informer had from this server is at most its
    // current one; those above are the lost ones.
    const quint64 current = listResourceVersion(manager, url);
    QVERIFY2(current < started + 2000, qPrintable(QString::number(current)));
    const QByteArray log = request(manager, url + QStringLiteral("/sim/v1/requests"));
    QVERIFY2(requestsAheadOf(log, current) == 1, log.constData());
    informer.stop();
    after.terminate();
    QVERIFY(after.waitForFinished());
}

QTEST_GUILESS_MAIN(TstSimRestore)
#include "tst_simrestore.moc"
