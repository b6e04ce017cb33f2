// A Deployment's rollout in the demo as kubectl shows it, step by step as
// kube-controller-manager's deployment and replicaset controllers do it: the
// new ReplicaSet scaled up within maxSurge and the old one down as
// availability allows ("Scaled up replica set X from 0 to 1" ... "Scaled
// down replica set Y from 1 to 0"), `kubectl rollout status` following it to
// "successfully rolled out", `kubectl rollout history` listing the
// revisions, and the old ReplicaSet, scaled to zero, showing zero replicas in
// its status with its observedGeneration caught up; `kubectl rollout undo`
// taking the earlier ReplicaSet back, and a paused Deployment scaled but not
// rolled out until resumed.

#include "kubectlrunner.h"
#include "simfixtures.h"

#include <QElapsedTimer>
#include <QRegularExpression>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

class TestSimRollout : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aNewDeploymentRollsOutAndReportsItsStatus();
    void anImageChangeRollsOverStepByStep();
    void theOldReplicaSetScaledToZeroShowsZeroReplicas();
    void rolloutHistoryListsBothRevisions();
    void recreateScalesTheOldSetToZeroFirst();
    void rolloutUndoTakesTheEarlierReplicaSetBack();
    void aPausedDeploymentScalesButDoesNotRollOut();

private:
    // The names of deployment/cart's ReplicaSets, sorted.
    QStringList cartReplicaSets()
    {
        QStringList names =
            kubectl({QStringLiteral("get"), QStringLiteral("replicasets"), QStringLiteral("-l"),
                     QStringLiteral("app=cart"), QStringLiteral("-o"), QStringLiteral("name")})
                .split(u'\n', Qt::SkipEmptyParts);
        names.sort();
        return names;
    }
    QString rolloutStatus()
    {
        int code = -1;
        const QString status =
            kubectl({QStringLiteral("rollout"), QStringLiteral("status"),
                     QStringLiteral("deployment/cart"), QStringLiteral("--timeout=60s")},
                    &code, 70000);
        return code == 0 ? status : QStringLiteral("failed: ") + status;
    }

    // The "Scaled up/down replica set <deployment>-... from A to B" events of
    // `deployment` as "up02", "down21"..., sorted, once there are `expected`.
    QStringList scalingSteps(const QString &deployment, int expected);
    QString kubectl(const QStringList &arguments, int *code = nullptr, int timeoutMs = 30000)
    {
        return m_kubectl.run(arguments + QStringList{QStringLiteral("-n"), QStringLiteral("shop")},
                             code, timeoutMs);
    }

    std::unique_ptr<Simulator> m_sim;
    KubectlRunner m_kubectl;
};

void TestSimRollout::initTestCase()
{
    if (!startSimulatorForKubectl(m_sim, m_kubectl))
        return;
    int code = -1;
    QVERIFY(
        m_kubectl
            .run({QStringLiteral("create"), QStringLiteral("namespace"), QStringLiteral("shop")},
                 &code)
            .contains(QStringLiteral("created")));
}

void TestSimRollout::cleanupTestCase()
{
    m_sim->stop();
}

void TestSimRollout::aNewDeploymentRollsOutAndReportsItsStatus()
{
    int code = -1;
    const QString created =
        kubectl({QStringLiteral("create"), QStringLiteral("deployment"), QStringLiteral("cart"),
                 QStringLiteral("--image=nginx:1.26"), QStringLiteral("--replicas=2")},
                &code);
    QVERIFY2(code == 0, qPrintable(created));
    const QString status =
        kubectl({QStringLiteral("rollout"), QStringLiteral("status"),
                 QStringLiteral("deployment/cart"), QStringLiteral("--timeout=60s")},
                &code, 70000);
    QVERIFY2(code == 0, qPrintable(status));
    QVERIFY2(status.contains(QStringLiteral("deployment \"cart\" successfully rolled out")),
             qPrintable(status));
    const QString conditions =
        kubectl({QStringLiteral("get"), QStringLiteral("deployment/cart"), QStringLiteral("-o"),
                 QStringLiteral("jsonpath={range .status.conditions[*]}{.type}={.status}/"
                                "{.reason}{\"\\n\"}{end}")});
    QCOMPARE(conditions.trimmed().split(u'\n'),
             (QStringList{"Available=True/MinimumReplicasAvailable",
                          "Progressing=True/NewReplicaSetAvailable"}));
    QCOMPARE(
        kubectl({QStringLiteral("get"), QStringLiteral("deployment/cart"), QStringLiteral("-o"),
                 QStringLiteral("jsonpath={.metadata.annotations.deployment\\.kubernetes\\."
                                "io/revision}")}),
        QStringLiteral("1"));
}

void TestSimRollout::anImageChangeRollsOverStepByStep()
{
    int code = -1;
    const QString set =
        kubectl({QStringLiteral("set"), QStringLiteral("image"), QStringLiteral("deployment/cart"),
                 QStringLiteral("nginx=nginx:1.27")},
                &code);
    QVERIFY2(code == 0, qPrintable(set));
    const QString status =
        kubectl({QStringLiteral("rollout"), QStringLiteral("status"),
                 QStringLiteral("deployment/cart"), QStringLiteral("--timeout=60s")},
                &code, 70000);
    QVERIFY2(code == 0, qPrintable(status));
    // (How many "Waiting for ..." lines it prints first depends on when it
    // starts; the events below show the steps.)
    QVERIFY2(status.contains(QStringLiteral("deployment \"cart\" successfully rolled out")),
             qPrintable(status));
    // maxSurge 25% of 2 is 1 (rounded up), maxUnavailable 0 (rounded down):
    // one pod at a time, each old one going once a new one is available.
    // The first rollout (up 0 to 2), then up 0 to 1, down 2 to 1, up 1 to 2, down 1 to 0.
    QCOMPARE(scalingSteps(QStringLiteral("cart"), 5),
             (QStringList{"down10", "down21", "up01", "up02", "up12"}));
}

QStringList TestSimRollout::scalingSteps(const QString &deployment, int expected)
{
    const QStringList arguments{
        QStringLiteral("get"),
        QStringLiteral("events"),
        QStringLiteral("--field-selector"),
        QStringLiteral("involvedObject.name=%1,reason=ScalingReplicaSet").arg(deployment),
        QStringLiteral("-o"),
        QStringLiteral("jsonpath={range .items[*]}{.message}{\"\\n\"}{end}")};
    const QRegularExpression step(
        QStringLiteral("Scaled (up|down) replica set %1-[a-z0-9]+ from (\\d) to (\\d)")
            .arg(deployment));
    QStringList steps;
    QElapsedTimer clock;
    clock.start();
    while (true) {
        steps.clear();
        for (auto it = step.globalMatch(kubectl(arguments)); it.hasNext();) {
            const auto match = it.next();
            steps.append(match.captured(1) + match.captured(2) + match.captured(3));
        }
        if (steps.size() >= expected || clock.elapsed() > 10000)
            break;
        QTest::qWait(200); // events are recorded by the controller's next pass
    }
    steps.sort();
    return steps;
}

// As rolloutRecreate: the old set goes to zero in one step and the new one
// comes up only once every old pod is gone.
void TestSimRollout::recreateScalesTheOldSetToZeroFirst()
{
    int code = -1;
    QVERIFY(
        kubectl({QStringLiteral("create"), QStringLiteral("deployment"), QStringLiteral("batchy"),
                 QStringLiteral("--image=busybox:1.36"), QStringLiteral("--replicas=2")},
                &code)
            .contains(QStringLiteral("created")));
    const QString patched = kubectl(
        {QStringLiteral("patch"), QStringLiteral("deployment/batchy"), QStringLiteral("-p"),
         QStringLiteral(R"({"spec":{"strategy":{"type":"Recreate","rollingUpdate":null}}})")},
        &code);
    QVERIFY2(code == 0, qPrintable(patched));
    const QStringList rollout{QStringLiteral("rollout"), QStringLiteral("status"),
                              QStringLiteral("deployment/batchy"), QStringLiteral("--timeout=60s")};
    QString status = kubectl(rollout, &code, 70000);
    QVERIFY2(status.contains(QStringLiteral("successfully rolled out")), qPrintable(status));
    const QString set =
        kubectl({QStringLiteral("set"), QStringLiteral("image"),
                 QStringLiteral("deployment/batchy"), QStringLiteral("busybox=busybox:1.37")},
                &code);
    QVERIFY2(code == 0, qPrintable(set));
    status = kubectl(rollout, &code, 70000);
    QVERIFY2(status.contains(QStringLiteral("successfully rolled out")), qPrintable(status));
    QCOMPARE(scalingSteps(QStringLiteral("batchy"), 3), (QStringList{"down20", "up02", "up02"}));
}

void TestSimRollout::theOldReplicaSetScaledToZeroShowsZeroReplicas()
{
    const QString columns = QStringLiteral(
        "custom-columns=IMAGE:.spec.template.spec.containers[0].image,DESIRED:.spec.replicas,"
        "CURRENT:.status.replicas,READY:.status.readyReplicas,GEN:.metadata.generation,"
        "OBSERVED:.status.observedGeneration");
    QString table;
    QTRY_VERIFY_WITH_TIMEOUT(
        (table = kubectl({QStringLiteral("get"), QStringLiteral("rs"), QStringLiteral("-l"),
                          QStringLiteral("app=cart"), QStringLiteral("--no-headers"),
                          QStringLiteral("-o"), columns}))
            .contains(QStringLiteral("nginx:1.26")),
        10000);
    const QStringList rows = table.trimmed().split(u'\n');
    QCOMPARE(rows.size(), 2);
    QStringList simplified;
    for (const QString &row : rows)
        simplified.append(row.simplified());
    simplified.sort();
    // The old set's generation moved with each scale (2 -> 1 -> 0); its
    // status caught up, with no ready replicas left (left out: <none>).
    QVERIFY2(simplified.at(0).contains(
                 QRegularExpression(QStringLiteral("^nginx:1\\.26 0 0 <none> (\\d+) \\1$"))),
             qPrintable(simplified.join(u'\n')));
    QVERIFY2(simplified.at(1).contains(
                 QRegularExpression(QStringLiteral("^nginx:1\\.27 2 2 2 (\\d+) \\1$"))),
             qPrintable(simplified.join(u'\n')));
}

void TestSimRollout::rolloutHistoryListsBothRevisions()
{
    int code = -1;
    const QString history = kubectl(
        {QStringLiteral("rollout"), QStringLiteral("history"), QStringLiteral("deployment/cart")},
        &code);
    QCOMPARE(code, 0);
    QVERIFY2(history.contains(QRegularExpression(QStringLiteral("\\n1 +<none>\\n2 +<none>"))),
             qPrintable(history));
}

// As kubectl rollout undo against kube-controller-manager: the template
// kubectl sends back ("creationTimestamp":null, "resources":{} beside the
// stored one's) is the first ReplicaSet's, which is scaled up again under
// the next revision; no third ReplicaSet is made.
void TestSimRollout::rolloutUndoTakesTheEarlierReplicaSetBack()
{
    const QStringList before = cartReplicaSets();
    QCOMPARE(before.size(), 2);
    int code = -1;
    const QString undo = kubectl(
        {QStringLiteral("rollout"), QStringLiteral("undo"), QStringLiteral("deployment/cart")},
        &code);
    QVERIFY2(code == 0, qPrintable(undo));
    QVERIFY2(rolloutStatus().contains(QStringLiteral("successfully rolled out")),
             qPrintable(rolloutStatus()));
    QCOMPARE(cartReplicaSets(), before);
    const QString history = kubectl(
        {QStringLiteral("rollout"), QStringLiteral("history"), QStringLiteral("deployment/cart")});
    QVERIFY2(history.contains(QRegularExpression(QStringLiteral("\\n2 +<none>\\n3 +<none>"))),
             qPrintable(history));
    QCOMPARE(
        kubectl({QStringLiteral("get"), QStringLiteral("deployment/cart"), QStringLiteral("-o"),
                 QStringLiteral("jsonpath={.spec.template.spec.containers[0].image}")}),
        QStringLiteral("nginx:1.26"));
}

// As the deployment controller's sync of a paused Deployment: a new
// template makes no ReplicaSet until it is resumed, Progressing says
// DeploymentPaused, and a scale still reaches the running ReplicaSet.
void TestSimRollout::aPausedDeploymentScalesButDoesNotRollOut()
{
    const QStringList before = cartReplicaSets();
    int code = -1;
    QString out = kubectl(
        {QStringLiteral("rollout"), QStringLiteral("pause"), QStringLiteral("deployment/cart")},
        &code);
    QVERIFY2(code == 0, qPrintable(out));
    out = kubectl({QStringLiteral("set"), QStringLiteral("image"),
                   QStringLiteral("deployment/cart"), QStringLiteral("nginx=nginx:1.28")},
                  &code);
    QVERIFY2(code == 0, qPrintable(out));
    out = kubectl({QStringLiteral("scale"), QStringLiteral("deployment/cart"),
                   QStringLiteral("--replicas=3")},
                  &code);
    QVERIFY2(code == 0, qPrintable(out));
    const auto progressing = [this] {
        return kubectl({QStringLiteral("get"), QStringLiteral("deployment/cart"),
                        QStringLiteral("-o"),
                        QStringLiteral("jsonpath={.status.conditions[?(@.type==\"Progressing\")]"
                                       ".status}/{.status.conditions[?(@.type==\"Progressing\")]"
                                       ".reason} {.status.readyReplicas}")});
    };
    // The scale is carried out (three ready), the rollout is not.
    QTRY_COMPARE_WITH_TIMEOUT(progressing(), QStringLiteral("Unknown/DeploymentPaused 3"), 20000);
    QCOMPARE(cartReplicaSets(), before);

    out = kubectl(
        {QStringLiteral("rollout"), QStringLiteral("resume"), QStringLiteral("deployment/cart")},
        &code);
    QVERIFY2(code == 0, qPrintable(out));
    QVERIFY2(rolloutStatus().contains(QStringLiteral("successfully rolled out")),
             qPrintable(rolloutStatus()));
    QCOMPARE(cartReplicaSets().size(), before.size() + 1);
    QCOMPARE(progressing(), QStringLiteral("True/NewReplicaSetAvailable 3"));
}

QTEST_GUILESS_MAIN(TestSimRollout)
#include "tst_simrollout.moc"
