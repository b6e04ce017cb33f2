// Credentials never leak: the simulator requires a known bearer token and
// serves https (no credential goes to an http server);
// informantctl and the GUI run with it (and with a wrong one) given on the
// command line, in a kubeconfig, in a token file and through exec plugins
// that work, fail, print broken output or do not exist. Debug logging is on.
// Neither token (nor its base64) may appear in anything a run leaves behind:
// stdout, stderr (--stats included), and every file under the private HOME
// and XDG directories (settings, caches, screenshots) except the inputs the
// test wrote itself.

#include "childrun.h"

#include <QDirIterator>
#include <QRandomGenerator>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace reliability;

namespace {

QString randomToken(const char *prefix)
{
    return QString::fromLatin1(prefix) +
           QString::number(QRandomGenerator::global()->generate64(), 16) +
           QString::number(QRandomGenerator::global()->generate64(), 16);
}

// Where a secret shows up in `data`, as "token" / "base64 of token", or empty.
// The certificates of tests/kube/data: the simulator's, and the CA that signed it.
QString certificate(const char *name)
{
    return qEnvironmentVariable("INFORMANT_SOURCE_DIR") + QStringLiteral("/tests/kube/data/") +
           QLatin1String(name);
}

QString findSecret(const QByteArray &data, const QStringList &secrets)
{
    for (const QString &secret : secrets) {
        const QByteArray raw = secret.toUtf8();
        if (data.contains(raw))
            return secret;
        if (data.contains(raw.toBase64()))
            return QStringLiteral("base64 of ") + secret;
    }
    return {};
}

} // namespace

class TstTokenLeak : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void credentialNeverAppearsInOutputOrFiles_data();
    void credentialNeverAppearsInOutputOrFiles();

private:
    QString writeInput(const QString &name, const QByteArray &content, bool executable = false);
    QString kubeconfig(const QString &name, const QString &userYaml);

    SimProcess m_sim;
    QTemporaryDir m_home;
    QString m_good = randomToken("good-secret-");
    QString m_bad = randomToken("bad-secret-");
    QSet<QString> m_inputs; // files the test wrote (they hold tokens on purpose)
};

QString TstTokenLeak::writeInput(const QString &name, const QByteArray &content, bool executable)
{
    const QString path = m_home.filePath(QStringLiteral("inputs/") + name);
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(content) < 0)
        qFatal("cannot write %s", qPrintable(path));
    if (executable)
        file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
    m_inputs.insert(QFileInfo(path).absoluteFilePath());
    return path;
}

QString TstTokenLeak::kubeconfig(const QString &name, const QString &userYaml)
{
    const QString yaml = QStringLiteral("apiVersion: v1\nkind: Config\n"
                                        "clusters:\n- name: sim\n  cluster:\n    server: %1\n"
                                        "    certificate-authority: %3\n"
                                        "contexts:\n- name: sim\n  context:\n    cluster: sim\n"
                                        "    user: someone\n    namespace: web\n"
                                        "current-context: sim\n"
                                        "users:\n- name: someone\n  user:\n%2")
                             .arg(m_sim.url(), userYaml, certificate("ca.crt"));
    return writeInput(name + QStringLiteral(".yaml"), yaml.toUtf8());
}

void TstTokenLeak::initTestCase()
{
    QVERIFY(m_home.isValid());
    QVERIFY(m_sim.start({QStringLiteral("--scenario"), QStringLiteral("demo"),
                         QStringLiteral("--token"), m_good, QStringLiteral("--tls-cert"),
                         certificate("server.crt"), QStringLiteral("--tls-key"),
                         certificate("server.key")}));
    const QByteArray credential =
        "{\"apiVersion\":\"client.authentication.k8s.io/v1\",\"kind\":\"ExecCredential\","
        "\"status\":{\"token\":\"" +
        m_good.toUtf8() + "\"}}";
    const auto exec = [this](const QString &script) {
        const QString path =
            m_home.filePath(QStringLiteral("inputs/") + script + QStringLiteral(".sh"));
        return QStringLiteral("    exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
                              "      command: %1\n      interactiveMode: Never\n")
            .arg(path);
    };
    writeInput(QStringLiteral("token-file"), m_good.toUtf8());
    kubeconfig(QStringLiteral("good"), QStringLiteral("    token: ") + m_good + '\n');
    kubeconfig(QStringLiteral("bad"), QStringLiteral("    token: ") + m_bad + '\n');
    kubeconfig(QStringLiteral("tokenfile"),
               QStringLiteral("    tokenFile: ") +
                   m_home.filePath(QStringLiteral("inputs/token-file")) + '\n');
    kubeconfig(QStringLiteral("exec-good"), exec(QStringLiteral("plugin-good")));
    kubeconfig(QStringLiteral("exec-broken"), exec(QStringLiteral("plugin-broken")));
    kubeconfig(QStringLiteral("exec-failing"), exec(QStringLiteral("plugin-failing")));
    kubeconfig(QStringLiteral("exec-missing"),
               QStringLiteral("    exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
                              "      command: informant-no-such-plugin\n"));
    writeInput(QStringLiteral("plugin-good.sh"), "#!/bin/sh\necho '" + credential + "'\n", true);
    // Output cut in the middle of the token: the parse error must not quote it.
    writeInput(QStringLiteral("plugin-broken.sh"),
               "#!/bin/sh\nprintf '%s' '" + credential.left(credential.size() - 6) + "'\n", true);
    writeInput(QStringLiteral("plugin-failing.sh"),
               "#!/bin/sh\necho 'login required' >&2\nexit 1\n", true);
}

void TstTokenLeak::credentialNeverAppearsInOutputOrFiles_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("args"); // %URL% %GOOD% %BAD% %IN% are replaced
    QTest::addColumn<int>("expectExit");   // -1: any
    QTest::addColumn<int>("runMs");

    const QStringList good{QStringLiteral("--server"),
                           QStringLiteral("%URL%"),
                           QStringLiteral("--certificate-authority"),
                           certificate("ca.crt"),
                           QStringLiteral("--token"),
                           QStringLiteral("%GOOD%")};
    const QStringList bad{QStringLiteral("--server"),
                          QStringLiteral("%URL%"),
                          QStringLiteral("--certificate-authority"),
                          certificate("ca.crt"),
                          QStringLiteral("--token"),
                          QStringLiteral("%BAD%")};
    const auto config = [](const char *name) {
        return QStringList{QStringLiteral("--kubeconfig"),
                           QStringLiteral("%IN%/") + QLatin1String(name) + QStringLiteral(".yaml")};
    };
    const QStringList getPods{QStringLiteral("get"), QStringLiteral("pods"), QStringLiteral("-A"),
                              QStringLiteral("--stats")};
    const QStringList gui{QStringLiteral("--screenshot"), QStringLiteral("%HOME%/shot.png"),
                          QStringLiteral("--after"), QStringLiteral("1500")};

    QTest::newRow("ctl --token good get") << "informantctl" << good + getPods << 0 << 0;
    QTest::newRow("ctl --token bad get") << "informantctl" << bad + getPods << 1 << 0;
    QTest::newRow("ctl --token good watch -o json")
        << "informantctl"
        << good + QStringList{QStringLiteral("watch"), QStringLiteral("secrets"),
                              QStringLiteral("-A"), QStringLiteral("-o"), QStringLiteral("json")}
        << -1 << 1500;
    QTest::newRow("ctl --token good dump --stats")
        << "informantctl"
        << good + QStringList{QStringLiteral("dump"), QStringLiteral("secrets"),
                              QStringLiteral("-A"), QStringLiteral("--until-synced"),
                              QStringLiteral("--stats")}
        << 0 << 0;
    QTest::newRow("ctl --token bad api-resources")
        << "informantctl" << bad + QStringList{QStringLiteral("api-resources")} << 1 << 0;
    QTest::newRow("ctl kubeconfig token") << "informantctl" << config("good") + getPods << 0 << 0;
    QTest::newRow("ctl kubeconfig bad token")
        << "informantctl" << config("bad") + getPods << 1 << 0;
    QTest::newRow("ctl kubeconfig get-contexts")
        << "informantctl"
        << config("good") + QStringList{QStringLiteral("config"), QStringLiteral("get-contexts")}
        << 0 << 0;
    QTest::newRow("ctl kubeconfig tokenFile")
        << "informantctl" << config("tokenfile") + getPods << 0 << 0;
    QTest::newRow("ctl exec plugin") << "informantctl" << config("exec-good") + getPods << 0 << 0;
    QTest::newRow("ctl exec plugin, broken output")
        << "informantctl" << config("exec-broken") + getPods << 1 << 0;
    QTest::newRow("ctl exec plugin fails")
        << "informantctl" << config("exec-failing") + getPods << 1 << 0;
    QTest::newRow("ctl exec plugin missing")
        << "informantctl" << config("exec-missing") + getPods << 1 << 0;
    QTest::newRow("gui --token good") << "informant" << good + gui << 0 << 0;
    QTest::newRow("gui --token bad") << "informant" << bad + gui << -1 << 0;
    QTest::newRow("gui kubeconfig token") << "informant" << config("good") + gui << 0 << 0;
    QTest::newRow("gui exec plugin, broken output")
        << "informant" << config("exec-broken") + gui << -1 << 0;
}

void TstTokenLeak::credentialNeverAppearsInOutputOrFiles()
{
    QFETCH(QString, program);
    QFETCH(QStringList, args);
    QFETCH(int, expectExit);
    QFETCH(int, runMs);

    for (QString &arg : args) {
        arg.replace(QLatin1String("%URL%"), m_sim.url());
        arg.replace(QLatin1String("%GOOD%"), m_good);
        arg.replace(QLatin1String("%BAD%"), m_bad);
        arg.replace(QLatin1String("%IN%"), m_home.filePath(QStringLiteral("inputs")));
        arg.replace(QLatin1String("%HOME%"), m_home.path());
    }
    ChildOptions options;
    options.home = m_home.path();
    options.runMs = runMs;
    // Every logging category at debug level: a token in a debug line is a leak too.
    options.extraEnv << QStringLiteral("QT_LOGGING_RULES=*.debug=true;qt.*.debug=false");
    const ChildResult run = runChild(program, args, options);
    QVERIFY(run.started);
    if (runMs == 0)
        QVERIFY2(run.finished, run.err.constData());
    if (expectExit >= 0) {
        // The credential was really used (a wrong one is refused), so the
        // leak check below is not vacuous.
        QVERIFY2(run.exitCode == expectExit, run.err.constData());
    }

    const QStringList secrets{m_good, m_bad};
    QString where = findSecret(run.out, secrets);
    QVERIFY2(where.isEmpty(), qPrintable(QStringLiteral("stdout contains ") + where));
    where = findSecret(run.err, secrets);
    QVERIFY2(where.isEmpty(), qPrintable(QStringLiteral("stderr contains ") + where));
    int files = 0;
    QDirIterator it(m_home.path(), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = QFileInfo(it.next()).absoluteFilePath();
        if (m_inputs.contains(path))
            continue;
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
        where = findSecret(file.readAll(), secrets);
        QVERIFY2(where.isEmpty(), qPrintable(path + QStringLiteral(" contains ") + where));
        ++files;
    }
    if (program == QLatin1String("informant")) // the screenshot at least was checked
        QVERIFY(files > 0);
}

QTEST_GUILESS_MAIN(TstTokenLeak)
#include "tst_tokenleak.moc"
