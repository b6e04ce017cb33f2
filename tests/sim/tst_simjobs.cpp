// Jobs as kubectl shows them: a new Job gets the selector and pod template
// labels kube-apiserver's job strategy generates (batch.kubernetes.io/
// controller-uid and job-name), unless it asks for a manual selector; the
// demo's CronJob ("* * * * *") makes Jobs it owns from its jobTemplate at
// each minute (so `kubectl get jobs -o wide` shows their containers and
// images) and lists the running one in its status, with its last schedule
// time, a minute of the clock; it starts with the Jobs of the last minutes.
// A Job someone makes runs its pods, parallelism at a time, until its
// completions have succeeded (kubectl wait --for=condition=complete).

#include "kubectlrunner.h"
#include "simfixtures.h"

#include <QRegularExpression>

using namespace informant;
using namespace informant::sim;
using namespace simtest;

class TestSimJobs : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void aNewJobGetsAGeneratedSelector();
    void aManualSelectorIsLeftAlone();
    void theDemoCronJobOwnsJobsMadeFromItsTemplate();
    void aJobRunsItsPodsToCompletion();

private:
    std::unique_ptr<Simulator> m_sim;
    KubectlRunner m_kubectl;
};

void TestSimJobs::initTestCase()
{
    startSimulatorForKubectl(m_sim, m_kubectl);
}

void TestSimJobs::cleanupTestCase()
{
    m_sim->stop();
}

void TestSimJobs::aNewJobGetsAGeneratedSelector()
{
    int code = -1;
    const QString created =
        m_kubectl.run({QStringLiteral("create"), QStringLiteral("job"), QStringLiteral("once"),
                       QStringLiteral("--image=busybox"), QStringLiteral("--"),
                       QStringLiteral("echo"), QStringLiteral("hi")},
                      &code);
    QVERIFY2(code == 0, qPrintable(created));
    const QString uid =
        m_kubectl.run({QStringLiteral("get"), QStringLiteral("job/once"), QStringLiteral("-o"),
                       QStringLiteral("jsonpath={.metadata.uid}")});
    QVERIFY(!uid.isEmpty());
    const QString wide =
        m_kubectl.run({QStringLiteral("get"), QStringLiteral("job/once"), QStringLiteral("-o"),
                       QStringLiteral("wide"), QStringLiteral("--no-headers")},
                      &code);
    QCOMPARE(code, 0);
    QVERIFY2(wide.contains(QStringLiteral(" busybox ")), qPrintable(wide));
    QVERIFY2(wide.trimmed().endsWith(QStringLiteral("batch.kubernetes.io/controller-uid=") + uid),
             qPrintable(wide));
    const QString labels =
        m_kubectl.run({QStringLiteral("get"), QStringLiteral("job/once"), QStringLiteral("-o"),
                       QStringLiteral("jsonpath={.spec.template.metadata.labels}")});
    const QJsonObject parsed = QJsonDocument::fromJson(labels.toUtf8()).object();
    QCOMPARE(parsed, (QJsonObject{{"batch.kubernetes.io/controller-uid", uid},
                                  {"batch.kubernetes.io/job-name", "once"},
                                  {"controller-uid", uid},
                                  {"job-name", "once"}}));
    // The Job takes its template's labels, as the API's Job defaulting does.
    QCOMPARE(QJsonDocument::fromJson(
                 m_kubectl
                     .run({QStringLiteral("get"), QStringLiteral("job/once"), QStringLiteral("-o"),
                           QStringLiteral("jsonpath={.metadata.labels}")})
                     .toUtf8())
                 .object(),
             parsed);
}

void TestSimJobs::aManualSelectorIsLeftAlone()
{
    const QByteArray job =
        R"({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"manual"},"spec":{)"
        R"("manualSelector":true,"selector":{"matchLabels":{"run":"manual"}},"template":{)"
        R"("metadata":{"labels":{"run":"manual"}},"spec":{"restartPolicy":"Never",)"
        R"("containers":[{"name":"c","image":"busybox"}]}}}})";
    const Response created =
        request(m_sim->port(), "POST", "/apis/batch/v1/namespaces/default/jobs", {}, job);
    QCOMPARE(created.status, 201);
    const QJsonObject spec = created.json().value("spec").toObject();
    QCOMPARE(spec.value("selector").toObject(),
             (QJsonObject{{"matchLabels", QJsonObject{{"run", "manual"}}}}));
    QCOMPARE(spec.value("template").toObject().value("metadata").toObject().value("labels"),
             QJsonValue(QJsonObject{{"run", "manual"}}));
}

void TestSimJobs::theDemoCronJobOwnsJobsMadeFromItsTemplate()
{
    // It starts with the Jobs of the last minutes; each minute's runs for 15
    // to 40 s, and one is running within a minute.
    QString jobs;
    const QRegularExpression running(
        QStringLiteral("^report-\\d+ +Running +0/1 .* report +busybox:1\\.36 +"
                       "batch\\.kubernetes\\.io/controller-uid="),
        QRegularExpression::MultilineOption);
    QTRY_VERIFY_WITH_TIMEOUT(
        (jobs = m_kubectl.run({QStringLiteral("get"), QStringLiteral("jobs"), QStringLiteral("-n"),
                               QStringLiteral("batch"), QStringLiteral("-o"),
                               QStringLiteral("wide"), QStringLiteral("--no-headers")}))
            .contains(running),
        65000);
    QVERIFY2(jobs.contains(QRegularExpression(QStringLiteral("^report-\\d+ +Complete +1/1 "),
                                              QRegularExpression::MultilineOption)),
             qPrintable(jobs));
    int code = -1;
    const QString owner =
        m_kubectl.run({QStringLiteral("get"), QStringLiteral("jobs"), QStringLiteral("-n"),
                       QStringLiteral("batch"), QStringLiteral("-o"),
                       QStringLiteral("jsonpath={.items[0].metadata.ownerReferences[0].kind}/"
                                      "{.items[0].metadata.ownerReferences[0].name}")});
    QCOMPARE(owner, QStringLiteral("CronJob/report"));
    const QString cronJob = m_kubectl.run({QStringLiteral("get"), QStringLiteral("cronjob"),
                                           QStringLiteral("report"), QStringLiteral("-n"),
                                           QStringLiteral("batch"), QStringLiteral("--no-headers")},
                                          &code);
    QCOMPARE(code, 0);
    // SCHEDULE, TIMEZONE, SUSPEND, ACTIVE (the run seen may have ended since),
    // LAST SCHEDULE a moment ago.
    QVERIFY2(cronJob.contains(QRegularExpression(
                 QStringLiteral("^report +\\* \\* \\* \\* \\* +<none> +False +[01] +\\d+s "))),
             qPrintable(cronJob));
    const QString lastSchedule =
        m_kubectl.run({QStringLiteral("get"), QStringLiteral("cronjob"), QStringLiteral("report"),
                       QStringLiteral("-n"), QStringLiteral("batch"), QStringLiteral("-o"),
                       QStringLiteral("jsonpath={.status.lastScheduleTime}")});
    QVERIFY2(lastSchedule.endsWith(QLatin1String(":00Z")), qPrintable(lastSchedule));
}

void TestSimJobs::aJobRunsItsPodsToCompletion()
{
    const QByteArray job =
        R"({"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"twice"},"spec":{)"
        R"("completions":3,"parallelism":2,"template":{"spec":{"restartPolicy":"Never",)"
        R"("containers":[{"name":"c","image":"busybox","command":["true"]}]}}}})";
    QCOMPARE(
        request(m_sim->port(), "POST", "/apis/batch/v1/namespaces/default/jobs", {}, job).status,
        201);
    int code = -1;
    const QString waited =
        m_kubectl.run({QStringLiteral("wait"), QStringLiteral("--for=condition=complete"),
                       QStringLiteral("job/twice"), QStringLiteral("--timeout=60s")},
                      &code, 70000);
    QVERIFY2(code == 0, qPrintable(waited));
    const QJsonObject status = get(m_sim->port(), "/apis/batch/v1/namespaces/default/jobs/twice")
                                   .json()
                                   .value("status")
                                   .toObject();
    QCOMPARE(status.value("succeeded").toInt(), 3);
    QVERIFY(!status.contains("active"));
    QVERIFY(status.contains("completionTime"));
    // Three pods, each run once to success; never more than two at a time.
    const QString pods =
        m_kubectl.run({QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"),
                       QStringLiteral("job-name=twice"), QStringLiteral("-o"),
                       QStringLiteral("jsonpath={range .items[*]}{.status.phase}{\"\\n\"}{end}")});
    QCOMPARE(pods.trimmed().split(u'\n'), (QStringList{"Succeeded", "Succeeded", "Succeeded"}));
    const QString created = m_kubectl.run(
        {QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-l"),
         QStringLiteral("job-name=twice"), QStringLiteral("-o"),
         QStringLiteral("jsonpath={range .items[*]}{.metadata.creationTimestamp}{\"\\n\"}{end}")});
    QStringList times = created.trimmed().split(u'\n');
    times.sort();
    QVERIFY2(times.at(2) > times.at(1), qPrintable(created)); // the third after a first ended
    // Its events name it as the API serves it (a timeline lane follows that).
    const QString involved = m_kubectl.run(
        {QStringLiteral("get"), QStringLiteral("events"), QStringLiteral("--field-selector"),
         QStringLiteral("involvedObject.name=twice,reason=SuccessfulCreate"), QStringLiteral("-o"),
         QStringLiteral("jsonpath={range .items[*]}{.involvedObject.apiVersion}{\"\\n\"}{end}")});
    QVERIFY2(!involved.trimmed().isEmpty(), "no SuccessfulCreate event");
    for (const QString &apiVersion : involved.trimmed().split(u'\n'))
        QCOMPARE(apiVersion, QStringLiteral("batch/v1"));
}

QTEST_GUILESS_MAIN(TestSimJobs)
#include "tst_simjobs.moc"
