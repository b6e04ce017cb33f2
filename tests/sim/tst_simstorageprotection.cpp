// Storage object in-use protection as a user sees it with the real kubectl:
// new PersistentVolumeClaims carry kubernetes.io/pvc-protection and new
// PersistentVolumes kubernetes.io/pv-protection (the admission plugin); a
// deleted claim a pod still mounts shows Terminating, with its
// deletionTimestamp, until the pod is gone, and then goes with its volume
// (reclaim policy Delete); an unused claim goes at once; a deleted volume
// stays Terminating while it is Bound.

#include "kubectlrunner.h"
#include "simfixtures.h"

#include <QRegularExpression>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

namespace {

constexpr int kSettleMs = 20000;

QByteArray claimYaml(const char *name)
{
    return QByteArray("apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: ") + name +
           "\n  namespace: web\nspec:\n  accessModes: [ReadWriteOnce]\n"
           "  resources:\n    requests:\n      storage: 1Gi\n";
}

// A pod on node-0 mounting claim `claim`.
QByteArray podYaml(const char *name, const char *claim)
{
    return QByteArray("apiVersion: v1\nkind: Pod\nmetadata:\n  name: ") + name +
           "\n  namespace: web\nspec:\n  nodeName: node-0\n  containers:\n"
           "  - name: app\n    image: busybox\n    volumeMounts:\n"
           "    - {name: data, mountPath: /data}\n  volumes:\n"
           "  - name: data\n    persistentVolumeClaim:\n      claimName: " +
           claim + "\n";
}

} // namespace

class TestSimStorageProtection : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void newClaimsAndVolumesCarryTheirProtectionFinalizers();
    void aClaimInUseStaysTerminatingUntilItsPodIsGone();
    void anUnusedClaimGoesAtOnce();
    void aBoundVolumeStaysTerminatingUntilReleased();

private:
    // `kubectl get` of `what` in namespace web with `format`.
    QString get(const QStringList &what, const QString &format, int *code = nullptr);
    // Applies `yaml` and waits for claim `name` to be Bound.
    void createBoundClaim(const char *name);

    std::unique_ptr<Simulator> m_sim;
    KubectlRunner m_kubectl;
};

void TestSimStorageProtection::initTestCase()
{
    startSimulatorForKubectl(m_sim, m_kubectl);
}

void TestSimStorageProtection::cleanupTestCase()
{
    m_sim->stop();
}

QString TestSimStorageProtection::get(const QStringList &what, const QString &format, int *code)
{
    return m_kubectl.run(
        QStringList{QStringLiteral("get")} + what +
            QStringList{QStringLiteral("-n"), QStringLiteral("web"), QStringLiteral("-o"), format},
        code);
}

void TestSimStorageProtection::createBoundClaim(const char *name)
{
    int code = -1;
    const QString path =
        m_kubectl.file(QLatin1String(name) + QStringLiteral(".yaml"), claimYaml(name));
    const QString applied =
        m_kubectl.run({QStringLiteral("apply"), QStringLiteral("-f"), path}, &code);
    QVERIFY2(code == 0, qPrintable(applied));
    const QString pvc = QStringLiteral("pvc/") + QLatin1String(name);
    QTRY_COMPARE_WITH_TIMEOUT(get({pvc}, QStringLiteral("jsonpath={.status.phase}")),
                              QStringLiteral("Bound"), kSettleMs);
}

void TestSimStorageProtection::newClaimsAndVolumesCarryTheirProtectionFinalizers()
{
    int code = -1;
    const QString claims =
        m_kubectl.run({QStringLiteral("get"), QStringLiteral("pvc"), QStringLiteral("-n"),
                       QStringLiteral("payments"), QStringLiteral("-o"),
                       QStringLiteral("jsonpath={range .items[*]}{.metadata."
                                      "finalizers}{\"\\n\"}{end}")},
                      &code);
    QCOMPARE(code, 0);
    QCOMPARE(claims.trimmed().split(u'\n'),
             QStringList(2, QStringLiteral("[\"kubernetes.io/pvc-protection\"]")));
    const QString volumes = m_kubectl.run(
        {QStringLiteral("get"), QStringLiteral("pv"), QStringLiteral("-o"),
         QStringLiteral("jsonpath={range .items[*]}{.metadata.finalizers}{\"\\n\"}{end}")},
        &code);
    QCOMPARE(code, 0);
    QCOMPARE(volumes.trimmed().split(u'\n'),
             QStringList(2, QStringLiteral("[\"kubernetes.io/pv-protection\"]")));
}

void TestSimStorageProtection::aClaimInUseStaysTerminatingUntilItsPodIsGone()
{
    createBoundClaim("held");
    const QString volume =
        get({QStringLiteral("pvc/held")}, QStringLiteral("jsonpath={.spec.volumeName}"));
    QVERIFY(volume.startsWith(QStringLiteral("pvc-")));
    int code = -1;
    const QString pod = m_kubectl.file(QStringLiteral("holder.yaml"), podYaml("holder", "held"));
    QVERIFY(m_kubectl.run({QStringLiteral("apply"), QStringLiteral("-f"), pod}, &code)
                .contains(QStringLiteral("created")));

    const QString deleted =
        m_kubectl.run({QStringLiteral("delete"), QStringLiteral("pvc"), QStringLiteral("held"),
                       QStringLiteral("-n"), QStringLiteral("web"), QStringLiteral("--wait=false")},
                      &code);
    QVERIFY2(code == 0, qPrintable(deleted));
    const QString table = get({QStringLiteral("pvc/held")}, QStringLiteral("wide"), &code);
    QCOMPARE(code, 0);
    QVERIFY2(table.contains(QRegularExpression(QStringLiteral("\\nheld +Terminating +") + volume)),
             qPrintable(table));
    QVERIFY(
        !get({QStringLiteral("pvc/held")}, QStringLiteral("jsonpath={.metadata.deletionTimestamp}"))
             .isEmpty());
    // The pvc-protection controller keeps it while the pod may still write.
    QTest::qWait(1500);
    QVERIFY(get({QStringLiteral("pvc/held")}, QStringLiteral("name")).contains("held"));

    QVERIFY(m_kubectl
                .run({QStringLiteral("delete"), QStringLiteral("pod"), QStringLiteral("holder"),
                      QStringLiteral("-n"), QStringLiteral("web")},
                     &code)
                .contains(QStringLiteral("deleted")));
    const QString waited = m_kubectl.run({QStringLiteral("wait"), QStringLiteral("--for=delete"),
                                          QStringLiteral("pvc/held"), QStringLiteral("-n"),
                                          QStringLiteral("web"), QStringLiteral("--timeout=20s")},
                                         &code);
    QVERIFY2(code == 0, qPrintable(waited));
    // Its volume is released, then deleted (reclaim policy Delete).
    QTRY_VERIFY_WITH_TIMEOUT(!m_kubectl
                                  .run({QStringLiteral("get"), QStringLiteral("pv"),
                                        QStringLiteral("-o"), QStringLiteral("name")})
                                  .contains(volume),
                             kSettleMs);
}

void TestSimStorageProtection::anUnusedClaimGoesAtOnce()
{
    createBoundClaim("spare");
    int code = -1;
    const QString deleted = m_kubectl.run({QStringLiteral("delete"), QStringLiteral("pvc"),
                                           QStringLiteral("spare"), QStringLiteral("-n"),
                                           QStringLiteral("web"), QStringLiteral("--timeout=15s")},
                                          &code);
    QVERIFY2(code == 0 && deleted.contains(QStringLiteral("deleted")), qPrintable(deleted));
    const QString after = get({QStringLiteral("pvc/spare")}, QStringLiteral("name"), &code);
    QVERIFY2(code != 0 && after.contains(QStringLiteral("NotFound")), qPrintable(after));
}

void TestSimStorageProtection::aBoundVolumeStaysTerminatingUntilReleased()
{
    createBoundClaim("kept");
    const QString volume =
        get({QStringLiteral("pvc/kept")}, QStringLiteral("jsonpath={.spec.volumeName}"));
    int code = -1;
    const QString deleted = m_kubectl.run(
        {QStringLiteral("delete"), QStringLiteral("pv"), volume, QStringLiteral("--wait=false")},
        &code);
    QVERIFY2(code == 0, qPrintable(deleted));
    QTest::qWait(1500);
    const QString table =
        m_kubectl.run({QStringLiteral("get"), QStringLiteral("pv"), volume}, &code);
    QVERIFY2(code == 0 &&
                 table.contains(QRegularExpression(volume + QStringLiteral(" .* Terminating "))),
             qPrintable(table));
    // The claim's deletion releases the volume; then nothing holds it.
    QVERIFY(m_kubectl
                .run({QStringLiteral("delete"), QStringLiteral("pvc"), QStringLiteral("kept"),
                      QStringLiteral("-n"), QStringLiteral("web")},
                     &code)
                .contains(QStringLiteral("deleted")));
    const QString waited =
        m_kubectl.run({QStringLiteral("wait"), QStringLiteral("--for=delete"),
                       QStringLiteral("pv/") + volume, QStringLiteral("--timeout=20s")},
                      &code);
    QVERIFY2(code == 0, qPrintable(waited));
}

QTEST_GUILESS_MAIN(TestSimStorageProtection)
#include "tst_simstorageprotection.moc"
