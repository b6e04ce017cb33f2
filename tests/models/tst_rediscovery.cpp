// Rediscovery: when a window's discovery runs again — the CRDs settled after
// a change, a failed run retried with a growing wait, CRDs that cannot be
// watched polled instead — and the kinds kept from group versions a run
// could not read.

#include "models/localkindsource.h"
#include "models/rediscovery.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace informant;

namespace {

const KindInfo kCrds{QStringLiteral("apiextensions.k8s.io"),
                     QStringLiteral("v1"),
                     QStringLiteral("CustomResourceDefinition"),
                     QStringLiteral("customresourcedefinitions"),
                     false,
                     {}};

KubeObject crd(const QString &name, const QString &resourceVersion)
{
    const QJsonObject object{
        {"apiVersion", "apiextensions.k8s.io/v1"},
        {"kind", "CustomResourceDefinition"},
        {"metadata", QJsonObject{{"name", name}, {"resourceVersion", resourceVersion}}}};
    return KubeObject::fromJson(QJsonDocument(object).toJson(QJsonDocument::Compact)).value();
}

KindInfo kind(const QString &group, const QString &version, const QString &plural)
{
    return KindInfo{group, version, plural, plural, true, {}};
}

} // namespace

class TestRediscovery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // A burst of CRDs (a Helm chart) is one discovery, once they are still;
    // a change discovery already saw is none.
    void crdChangesAreDueOnceSettled()
    {
        LocalKindSource crds(kCrds);
        Rediscovery rediscovery;
        rediscovery.setTimings(50, 60'000, 60'000);
        QSignalSpy due(&rediscovery, &Rediscovery::due);
        rediscovery.follow(&crds);
        rediscovery.started();
        rediscovery.finished(false);
        for (int i = 0; i < 3; ++i) {
            crds.upsert(crd(QStringLiteral("w%1.example.com").arg(i), QString::number(10 + i)));
            crds.flush();
        }
        QTRY_COMPARE(due.count(), 1);
        rediscovery.started(); // sees all three
        rediscovery.finished(false);
        crds.upsert(crd(QStringLiteral("w0.example.com"), QStringLiteral("10"))); // no change
        crds.flush();
        QTest::qWait(200);
        QCOMPARE(due.count(), 1);
        crds.remove(crd(QStringLiteral("w1.example.com"), QStringLiteral("11")));
        crds.flush();
        QTRY_COMPARE(due.count(), 2);
    }

    // The window's first discovery runs before the CRDs are followed: their
    // first sync is no reason to run it again, unless it names a kind that
    // run did not see (a CRD created in between).
    void firstSyncOfTheCrdsIsDueOnlyForKindsNotDiscovered()
    {
        for (const bool createdInBetween : {false, true}) {
            LocalKindSource crds(kCrds);
            Rediscovery rediscovery;
            rediscovery.setTimings(50, 60'000, 60'000);
            QSignalSpy due(&rediscovery, &Rediscovery::due);
            rediscovery.started();
            rediscovery.finished(false, {QStringLiteral("pods"), QStringLiteral("w0.example.com")});
            rediscovery.follow(&crds);
            crds.upsert(crd(QStringLiteral("w0.example.com"), QStringLiteral("10")));
            if (createdInBetween)
                crds.upsert(crd(QStringLiteral("w1.example.com"), QStringLiteral("11")));
            crds.flush();
            if (createdInBetween) {
                QTRY_COMPARE(due.count(), 1);
                continue;
            }
            QTest::qWait(300);
            QCOMPARE(due.count(), 0);
            // From then on, any change is due, as for a window that followed
            // the CRDs from its first discovery.
            crds.upsert(crd(QStringLiteral("w0.example.com"), QStringLiteral("12")));
            crds.flush();
            QTRY_COMPARE(due.count(), 1);
        }
    }

    // A run that failed (the API server was restarting, an aggregated API is
    // down) is tried again, each wait twice the last, until one succeeds.
    void failedRunsAreRetriedWithAGrowingWait()
    {
        Rediscovery rediscovery;
        rediscovery.setTimings(50, 100, 60'000);
        QSignalSpy due(&rediscovery, &Rediscovery::due);
        QElapsedTimer clock;
        clock.start();
        rediscovery.started();
        rediscovery.finished(true);
        QTRY_COMPARE(due.count(), 1);
        const qint64 first = clock.restart();
        rediscovery.started();
        rediscovery.finished(true);
        QTRY_COMPARE(due.count(), 2);
        // Waits, not speed: a coarse timer may fire up to 5 % early; a slow
        // machine only makes it later.
        QVERIFY2(clock.elapsed() >= 180, qPrintable(QString::number(clock.elapsed())));
        QVERIFY2(first >= 90, qPrintable(QString::number(first)));
        rediscovery.started();
        rediscovery.finished(false);
        QTest::qWait(500);
        QCOMPARE(due.count(), 2);
    }

    // Without the right to list CRDs, discovery is polled instead.
    void forbiddenCrdsArePolled()
    {
        LocalKindSource crds(kCrds);
        InformerStatus forbidden;
        forbidden.state = InformerStatus::State::Forbidden;
        crds.setStatus(forbidden);
        Rediscovery rediscovery;
        rediscovery.setTimings(50, 60'000, 50);
        QSignalSpy due(&rediscovery, &Rediscovery::due);
        rediscovery.follow(&crds);
        QTRY_VERIFY(due.count() >= 2);
        InformerStatus watching;
        watching.state = InformerStatus::State::Watching;
        watching.synced = true;
        crds.setStatus(watching);
        const qsizetype polled = due.count();
        QTest::qWait(300);
        QCOMPARE(due.count(), polled);
    }

    void kindsOfUnreadGroupVersionsStay()
    {
        const KindInfo pods = kind({}, QStringLiteral("v1"), QStringLiteral("pods"));
        const KindInfo metrics = kind(QStringLiteral("metrics.k8s.io"), QStringLiteral("v1beta1"),
                                      QStringLiteral("podmetrics"));
        const KindInfo gadgets = kind(QStringLiteral("test.example.com"), QStringLiteral("v1"),
                                      QStringLiteral("gadgets"));
        const QList<KindInfo> before{pods, metrics, gadgets};
        // metrics-server is down; gadgets' CRD was deleted.
        QCOMPARE(kindsAfterDiscovery({pods}, before, {QStringLiteral("metrics.k8s.io/v1beta1")}),
                 (QList<KindInfo>{pods, metrics}));
        QCOMPARE(kindsAfterDiscovery({pods}, before, {}), (QList<KindInfo>{pods}));
        // The preferred version failed, an older one was read: one kind.
        const KindInfo metricsBeta = kind(QStringLiteral("metrics.k8s.io"),
                                          QStringLiteral("v1alpha1"), QStringLiteral("podmetrics"));
        QCOMPARE(kindsAfterDiscovery({pods, metricsBeta}, before,
                                     {QStringLiteral("metrics.k8s.io/v1beta1")}),
                 (QList<KindInfo>{pods, metricsBeta}));
        // Nothing read at all: everything stays.
        QCOMPARE(kindsAfterDiscovery({}, before, {}), before);
    }
};

QTEST_GUILESS_MAIN(TestRediscovery)
#include "tst_rediscovery.moc"
