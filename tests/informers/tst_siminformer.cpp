// Integration: a SharedIndexInformer on the REST ListerWatcher against the
// simulator (the informant-sim executable of this build, started per row;
// the in-process sim::Simulator currently crashes in stop()) with churn and
// one fault type per row. After the
// churn is paused and the faults are turned off, the cache must equal the
// simulator's truth snapshot (keys, uids and resourceVersions).

#include "informer/informers/sharedindexinformer.h"
#include "informer/kube/restlisterwatcher.h"
#include "simtruth.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace informant;
using namespace informant::test;

namespace {

constexpr qint64 kChurnMs = 2500;

} // namespace

class TstSimInformer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cacheEqualsTruthAfterFaultsStop_data();
    void cacheEqualsTruthAfterFaultsStop();
};

void TstSimInformer::cacheEqualsTruthAfterFaultsStop_data()
{
    QTest::addColumn<QString>("faults");
    QTest::addColumn<quint32>("seed");
    QTest::addColumn<bool>("streaming");
    QTest::newRow("watch drops, seed 1") << "drop-watch=500ms" << 1u << false;
    QTest::newRow("mid-frame cuts, seed 2") << "cut-frame=0.002" << 2u << false;
    QTest::newRow("410s, seed 1") << "gone=0.2,compact=200" << 1u << false;
    QTest::newRow("500s and 429s, seed 2") << "error500=0.2,error429=0.1" << 2u << false;
    QTest::newRow("504s and restarts, streaming, seed 1")
        << "error504=0.1,restart=700ms" << 1u << true;
}

void TstSimInformer::cacheEqualsTruthAfterFaultsStop()
{
    QFETCH(QString, faults);
    QFETCH(quint32, seed);
    QFETCH(bool, streaming);
    QTemporaryDir dir;
    const QString portFile = dir.filePath(QStringLiteral("port"));
    QProcess simulator;
    simulator.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    simulator.start(qEnvironmentVariable("INFORMANT_BUILD_DIR") +
                        QStringLiteral("/app/informant-sim"),
                    {QStringLiteral("--scenario"), QStringLiteral("churn"),
                     QStringLiteral("--pods"), QStringLiteral("300"), QStringLiteral("--churn"),
                     QStringLiteral("1000"), QStringLiteral("--seed"), QString::number(seed),
                     QStringLiteral("--faults"), faults, QStringLiteral("--port-file"), portFile});
    QVERIFY2(simulator.waitForStarted(), qPrintable(simulator.errorString()));
    QTRY_VERIFY_WITH_TIMEOUT(QFile(portFile).size() > 0, 10000);
    QFile port(portFile);
    QVERIFY(port.open(QIODevice::ReadOnly));
    const QString url =
        QStringLiteral("http://127.0.0.1:") + QString::fromUtf8(port.readAll()).trimmed();

    ClusterConfig config;
    config.server = QUrl(url);
    DecodeOptions decode;
    decode.dropManagedFields = true;
    auto listerWatcher = std::make_shared<RestListerWatcher>(
        ClusterConnection::create(config),
        ResourcePath{QString(), QStringLiteral("v1"), QStringLiteral("pods"), QString(), true},
        decode);
    SharedIndexInformerOptions options;
    options.name = QStringLiteral("pods");
    options.reflector.useWatchList = streaming;
    // Short backoffs keep the test quick; the rules are the same.
    options.reflector.backoff.initialMs = 50;
    options.reflector.backoff.capMs = 400;
    SharedIndexInformer informer(listerWatcher, options);
    informer.start();
    QTest::qWait(int(kChurnMs));

    QNetworkAccessManager manager;
    request(manager, url + QStringLiteral("/sim/v1/churn/pause"), true);
    request(manager, url + QStringLiteral("/sim/v1/faults/off"), true);
    const QByteArray truth =
        request(manager, url + QStringLiteral("/sim/v1/snapshot?resource=pods"), false);
    QVERIFY(truth.startsWith('['));
    informer.retryNow();
    QTRY_COMPARE_WITH_TIMEOUT(cacheSnapshot(informer.indexer()), truth, 20000);
    QVERIFY(informer.hasSynced());
    informer.stop();
    simulator.terminate();
    QVERIFY(simulator.waitForFinished());
}

QTEST_GUILESS_MAIN(TstSimInformer)
#include "tst_siminformer.moc"
