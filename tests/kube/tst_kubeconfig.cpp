// Kubeconfig: kubectl's merge and resolution rules as a data table (several
// files, missing files, explicit --kubeconfig, relative paths, data vs file
// fields), and clear errors naming the file and the field for broken or
// hostile files, never quoting credentials.

#include "informer/kube/kubeconfig.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace informant;

namespace {

const char kCa[] = "-----BEGIN CERTIFICATE-----\nCA-FROM-FILE\n-----END CERTIFICATE-----\n";

QByteArray basicFile(const QByteArray &context, const QByteArray &server,
                     const QByteArray &extra = {})
{
    return "apiVersion: v1\nkind: Config\ncurrent-context: " + context +
           "\nclusters:\n- name: " + context + "\n  cluster:\n    server: " + server +
           "\ncontexts:\n- name: " + context + "\n  context:\n    cluster: " + context +
           "\n    user: " + context + "\n    namespace: ns-" + context +
           "\nusers:\n- name: " + context + "\n  user:\n    token: token-" + context + "\n" + extra;
}

} // namespace

class tst_Kubeconfig : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // "name\ncontent" entries; an entry named with a '/' creates the folder.
    void writeFiles(const QStringList &files)
    {
        for (const QString &entry : files) {
            const qsizetype newline = entry.indexOf(QLatin1Char('\n'));
            const QString name = entry.left(newline);
            const QString path = m_dir.filePath(name);
            QDir().mkpath(QFileInfo(path).absolutePath());
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(entry.mid(newline + 1).toUtf8());
        }
    }
    QString pathList(const QString &names)
    {
        QStringList paths;
        for (const QString &name : names.split(QLatin1Char(':'), Qt::SkipEmptyParts))
            paths << m_dir.filePath(name);
        return paths.join(QLatin1Char(':'));
    }

private slots:
    void init()
    {
        QDir(m_dir.path()).removeRecursively();
        QDir().mkpath(m_dir.path());
    }

    void mergeAndResolve_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<QString>("explicitPath");
        QTest::addColumn<QString>("env");
        QTest::addColumn<QString>("context");
        QTest::addColumn<QString>("error");  // substring; "" = success
        QTest::addColumn<QString>("server"); // expected on success
        QTest::addColumn<QString>("ns");
        QTest::addColumn<QString>("token");

        const QString a =
            QStringLiteral("a.yaml\n") + QString::fromUtf8(basicFile("a", "https://a:6443"));
        const QString b =
            QStringLiteral("b.yaml\n") + QString::fromUtf8(basicFile("b", "https://b:6443"));
        const QString aAgain =
            QStringLiteral("a2.yaml\n") + QString::fromUtf8(basicFile("a", "https://other:1"));

        QTest::newRow("single explicit file") << QStringList{a} << "a.yaml"
                                              << ""
                                              << ""
                                              << ""
                                              << "https://a:6443"
                                              << "ns-a"
                                              << "token-a";
        QTest::newRow("KUBECONFIG: current-context from first file") << QStringList{a, b} << ""
                                                                     << "a.yaml:b.yaml"
                                                                     << ""
                                                                     << ""
                                                                     << "https://a:6443"
                                                                     << "ns-a"
                                                                     << "token-a";
        QTest::newRow("KUBECONFIG: order decides current-context") << QStringList{a, b} << ""
                                                                   << "b.yaml:a.yaml"
                                                                   << ""
                                                                   << ""
                                                                   << "https://b:6443"
                                                                   << "ns-b"
                                                                   << "token-b";
        QTest::newRow("KUBECONFIG: --context picks from a later file") << QStringList{a, b} << ""
                                                                       << "a.yaml:b.yaml"
                                                                       << "b"
                                                                       << ""
                                                                       << "https://b:6443"
                                                                       << "ns-b"
                                                                       << "token-b";
        QTest::newRow("KUBECONFIG: first file wins for a map key") << QStringList{a, aAgain} << ""
                                                                   << "a.yaml:a2.yaml"
                                                                   << ""
                                                                   << ""
                                                                   << "https://a:6443"
                                                                   << "ns-a"
                                                                   << "token-a";
        QTest::newRow("KUBECONFIG: missing files are skipped") << QStringList{b} << ""
                                                               << "missing.yaml:b.yaml"
                                                               << ""
                                                               << ""
                                                               << "https://b:6443"
                                                               << "ns-b"
                                                               << "token-b";
        QTest::newRow("explicit missing file is an error") << QStringList{a} << "missing.yaml"
                                                           << ""
                                                           << ""
                                                           << "missing.yaml: cannot read kubeconfig"
                                                           << ""
                                                           << ""
                                                           << "";
        QTest::newRow("explicit file wins over KUBECONFIG") << QStringList{a, b} << "b.yaml"
                                                            << "a.yaml"
                                                            << ""
                                                            << ""
                                                            << "https://b:6443"
                                                            << "ns-b"
                                                            << "token-b";
        QTest::newRow("unknown context") << QStringList{a} << "a.yaml"
                                         << ""
                                         << "nope"
                                         << "context \"nope\" not found"
                                         << ""
                                         << ""
                                         << "";
        QTest::newRow("empty file has no current-context")
            << QStringList{QStringLiteral("e.yaml\n")} << "e.yaml"
            << ""
            << ""
            << "no current-context is set"
            << ""
            << ""
            << "";
        QTest::newRow("server without scheme gets https")
            << QStringList{QStringLiteral("s.yaml\n") +
                           QString::fromUtf8(basicFile("s", "10.0.0.1:6443"))}
            << "s.yaml"
            << ""
            << ""
            << ""
            << "https://10.0.0.1:6443"
            << "ns-s"
            << "token-s";
        QTest::newRow("missing server")
            << QStringList{QStringLiteral("s.yaml\n") + QString::fromUtf8(basicFile("s", "\"\""))}
            << "s.yaml"
            << ""
            << ""
            << "clusters[s]: server is missing"
            << ""
            << ""
            << "";
        QTest::newRow("context names an undefined cluster")
            << QStringList{QStringLiteral("c.yaml\ncurrent-context: x\ncontexts:\n- name: x\n  "
                                          "context: {cluster: gone, user: u}\n")}
            << "c.yaml"
            << ""
            << ""
            << "contexts[x]: cluster \"gone\" is not defined"
            << ""
            << ""
            << "";
        QTest::newRow("bad YAML names file and line")
            << QStringList{QStringLiteral("bad.yaml\nclusters:\n- name: x\n  cluster: [unclosed\n")}
            << "bad.yaml"
            << ""
            << ""
            << "bad.yaml: invalid YAML at line"
            << ""
            << ""
            << "";
        QTest::newRow("clusters is not a list")
            << QStringList{QStringLiteral("t.yaml\nclusters: oops\n")} << "t.yaml"
            << ""
            << ""
            << "t.yaml: clusters: expected a list"
            << ""
            << ""
            << "";
        QTest::newRow("server is a map")
            << QStringList{QStringLiteral(
                   "t.yaml\nclusters:\n- name: c\n  cluster:\n    server: {a: 1}\n")}
            << "t.yaml"
            << ""
            << ""
            << "t.yaml: clusters[c].cluster.server: expected a string"
            << ""
            << ""
            << "";
        QTest::newRow("insecure is not a bool")
            << QStringList{QStringLiteral("t.yaml\nclusters:\n- name: c\n  cluster:\n    "
                                          "insecure-skip-tls-verify: maybe\n")}
            << "t.yaml"
            << ""
            << ""
            << "clusters[c].cluster.insecure-skip-tls-verify: expected true or false"
            << ""
            << ""
            << "";
        QTest::newRow("top level is a list")
            << QStringList{QStringLiteral("t.yaml\n- 1\n- 2\n")} << "t.yaml"
            << ""
            << ""
            << "t.yaml: expected a kubeconfig map"
            << ""
            << ""
            << "";
        QTest::newRow("exec with unknown apiVersion")
            << QStringList{QStringLiteral("x.yaml\n") +
                           QString::fromUtf8(
                               basicFile("x", "https://x",
                                         "    exec:\n      apiVersion: "
                                         "client.authentication.k8s.io/v9\n      command: foo\n"))}
            << "x.yaml"
            << ""
            << ""
            << "users[x].user.exec.apiVersion: unsupported"
            << ""
            << ""
            << "";
        QTest::newRow("CA file missing names file and field")
            << QStringList{QStringLiteral("ca.yaml\n") +
                           QString::fromUtf8(basicFile("c", "https://c", ""))
                               .replace(
                                   QStringLiteral("server: https://c"),
                                   QStringLiteral(
                                       "server: https://c\n    certificate-authority: nope.crt"))}
            << "ca.yaml"
            << ""
            << ""
            << "certificate-authority: cannot read"
            << ""
            << ""
            << "";
        // /dev/zero reports size 0 and never ends: the read itself is bounded.
        QTest::newRow("CA file that never ends")
            << QStringList{QStringLiteral("ca.yaml\n") +
                           QString::fromUtf8(basicFile("c", "https://c", ""))
                               .replace(QStringLiteral("server: https://c"),
                                        QStringLiteral("server: https://c\n    "
                                                       "certificate-authority: /dev/zero"))}
            << "ca.yaml"
            << ""
            << ""
            << "certificate-authority: /dev/zero is larger than 1 MiB"
            << ""
            << ""
            << "";
        QTest::newRow("insecure together with a CA")
            << QStringList{QStringLiteral("ca.yaml\n") +
                           QString::fromUtf8(basicFile("c", "https://c", ""))
                               .replace(QStringLiteral("server: https://c"),
                                        QStringLiteral(
                                            "server: https://c\n    insecure-skip-tls-verify: "
                                            "true\n    certificate-authority-data: QUJD"))}
            << "ca.yaml"
            << ""
            << ""
            << "cannot be combined with insecure-skip-tls-verify"
            << ""
            << ""
            << "";
        QTest::newRow("unsupported proxy scheme")
            << QStringList{QStringLiteral("p.yaml\n") +
                           QString::fromUtf8(basicFile("p", "https://p", ""))
                               .replace(QStringLiteral("server: https://p"),
                                        QStringLiteral(
                                            "server: https://p\n    proxy-url: ftp://proxy:21"))}
            << "p.yaml"
            << ""
            << ""
            << "proxy-url must be an http, https or socks5 URL"
            << ""
            << ""
            << "";
    }
    void mergeAndResolve()
    {
        QFETCH(QStringList, files);
        QFETCH(QString, explicitPath);
        QFETCH(QString, env);
        QFETCH(QString, context);
        QFETCH(QString, error);
        QFETCH(QString, server);
        QFETCH(QString, ns);
        QFETCH(QString, token);
        writeFiles(files);
        auto loaded =
            Kubeconfig::load(explicitPath.isEmpty() ? QString() : m_dir.filePath(explicitPath),
                             pathList(env), m_dir.path());
        Result<ClusterConfig> resolved =
            loaded ? loaded->resolve(context) : Result<ClusterConfig>(loaded.error());
        if (!error.isEmpty()) {
            QVERIFY(!resolved.ok());
            QVERIFY2(resolved.errorMessage().contains(error), qPrintable(resolved.errorMessage()));
            return;
        }
        QVERIFY2(resolved.ok(), qPrintable(resolved.errorMessage()));
        QCOMPARE(resolved->server.toString(), server);
        QCOMPARE(resolved->namespaceName, ns);
        QCOMPARE(resolved->user.token, token);
    }

    void defaultFileIsHomeKubeConfig()
    {
        writeFiles({QStringLiteral(".kube/config\n") +
                    QString::fromUtf8(basicFile("home", "https://home:6443"))});
        auto loaded = Kubeconfig::load({}, {}, m_dir.path());
        QVERIFY(loaded.ok());
        QCOMPARE(loaded->resolve()->server.toString(), QStringLiteral("https://home:6443"));
        auto none = Kubeconfig::load({}, {}, m_dir.filePath(QStringLiteral("nohome")));
        QVERIFY(none.ok());
        QVERIFY(none->contexts.isEmpty());
    }

    void relativePathsResolveAgainstTheNamingFile()
    {
        writeFiles(
            {QStringLiteral("certs/ca.crt\n") + QLatin1String(kCa),
             QStringLiteral("certs/token\n  tok-from-file\n"),
             QStringLiteral("conf/k.yaml\n") +
                 QString::fromUtf8(
                     basicFile("r", "https://r",
                               "    tokenFile: ../certs/token\n    exec:\n      apiVersion: "
                               "client.authentication.k8s.io/v1\n      command: ./bin/plugin\n     "
                               " args: [a, b]\n      env: [{name: K, value: V}]\n      "
                               "interactiveMode: Never\n      provideClusterInfo: true\n"))
                     .replace(
                         QStringLiteral("server: https://r"),
                         QStringLiteral(
                             "server: https://r\n    certificate-authority: ../certs/ca.crt"))});
        auto loaded = Kubeconfig::load({}, m_dir.filePath(QStringLiteral("conf/k.yaml")), {});
        QVERIFY2(loaded.ok(), qPrintable(loaded.errorMessage()));
        auto config = loaded->resolve();
        QVERIFY2(config.ok(), qPrintable(config.errorMessage()));
        QCOMPARE(config->certificateAuthorityPem, QByteArray(kCa));
        QCOMPARE(config->user.tokenFile,
                 QDir::cleanPath(m_dir.filePath(QStringLiteral("certs/token"))));
        QVERIFY(config->user.exec.has_value());
        QCOMPARE(config->user.exec->command,
                 QDir::cleanPath(m_dir.filePath(QStringLiteral("conf/bin/plugin"))));
        QCOMPARE(config->user.exec->args, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
        QCOMPARE(config->user.exec->env.value(0).first, QStringLiteral("K"));
        QCOMPARE(config->user.exec->env.value(0).second, QStringLiteral("V"));
        QCOMPARE(config->user.exec->interactiveMode, QStringLiteral("Never"));
        QVERIFY(config->user.exec->provideClusterInfo);
    }

    void dataFieldsWinOverFileFields()
    {
        const QByteArray data = QByteArray("CA-FROM-DATA").toBase64();
        writeFiles({QStringLiteral("ca.crt\n") + QLatin1String(kCa),
                    QStringLiteral("k.yaml\n") +
                        QString::fromUtf8(basicFile("d", "https://d"))
                            .replace(QStringLiteral("server: https://d"),
                                     QStringLiteral("server: https://d\n    certificate-authority: "
                                                    "ca.crt\n    certificate-authority-data: ") +
                                         QString::fromLatin1(data) +
                                         QStringLiteral("\n    tls-server-name: api.internal\n    "
                                                        "proxy-url: socks5://127.0.0.1:1080"))});
        auto config = Kubeconfig::loadFile(m_dir.filePath(QStringLiteral("k.yaml")))->resolve();
        QVERIFY2(config.ok(), qPrintable(config.errorMessage()));
        QCOMPARE(config->certificateAuthorityPem, QByteArray("CA-FROM-DATA"));
        QCOMPARE(config->tlsServerName, QStringLiteral("api.internal"));
        QCOMPARE(config->proxyUrl.toString(), QStringLiteral("socks5://127.0.0.1:1080"));
    }

    void wrappedBase64DataIsDecodedAsKubectlDoes_data()
    {
        // 120 bytes: 160 base64 characters, more than one 76-column line.
        const QByteArray pem = QByteArray(kCa).repeated(3).left(120);
        const QByteArray encoded = pem.toBase64();
        QByteArray literalBlock = "|\n";
        for (qsizetype at = 0; at < encoded.size(); at += 76)
            literalBlock += "      " + encoded.mid(at, 76) + "\n";
        QTest::addColumn<QByteArray>("field");   // certificate-authority-data's YAML value
        QTest::addColumn<QByteArray>("decoded"); // empty = an error
        QTest::newRow("one line") << encoded << pem;
        QTest::newRow("block scalar wrapped at 76 columns, as base64 prints it")
            << literalBlock << pem;
        QTest::newRow("CR LF line ends")
            << "\"" + encoded.left(76) + "\\r\\n" + encoded.mid(76) + "\\r\\n\"" << pem;
        QTest::newRow("a space is still invalid")
            << "\"" + encoded.left(76) + " " + encoded.mid(76) + "\"" << QByteArray();
        QTest::newRow("a tab is still invalid")
            << "\"" + encoded.left(76) + "\\t" + encoded.mid(76) + "\"" << QByteArray();
    }
    void wrappedBase64DataIsDecodedAsKubectlDoes()
    {
        QFETCH(QByteArray, field);
        QFETCH(QByteArray, decoded);
        const QByteArray yaml =
            basicFile("w", "https://w")
                .replace("server: https://w",
                         "server: https://w\n    certificate-authority-data: " + field);
        auto parsed = Kubeconfig::parse(yaml, QStringLiteral("/x/w.yaml"));
        if (decoded.isEmpty()) {
            QVERIFY(!parsed.ok());
            QVERIFY2(parsed.errorMessage().contains(QStringLiteral(
                         "clusters[w].cluster.certificate-authority-data: invalid base64 data")),
                     qPrintable(parsed.errorMessage()));
            return;
        }
        QVERIFY2(parsed.ok(), qPrintable(parsed.errorMessage()));
        auto config = parsed->resolve();
        QVERIFY2(config.ok(), qPrintable(config.errorMessage()));
        QCOMPARE(config->certificateAuthorityPem, decoded);
    }

    void endlessDeviceIsRejectedBySize()
    {
        // /dev/zero reports size 0 and never ends: the read itself is bounded.
        auto loaded = Kubeconfig::loadFile(QStringLiteral("/dev/zero"));
        QVERIFY(!loaded.ok());
        QCOMPARE(loaded.errorMessage(),
                 QStringLiteral("/dev/zero: kubeconfig is larger than 16 MiB"));
    }

    void fileOfExactlyTheLimitIsRead()
    {
        // 16 MiB of YAML comment: at the limit, so read and parsed (empty).
        const QString path = m_dir.filePath(QStringLiteral("big.yaml"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QByteArray content(16 * 1024 * 1024, 'x');
        content[0] = '#';
        file.write(content);
        file.close();
        auto loaded = Kubeconfig::loadFile(path);
        QVERIFY2(loaded.ok(), qPrintable(loaded.errorMessage()));
        QVERIFY(file.open(QIODevice::Append));
        file.write("\n");
        file.close();
        loaded = Kubeconfig::loadFile(path);
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.errorMessage().endsWith(QStringLiteral("kubeconfig is larger than 16 MiB")),
                 qPrintable(loaded.errorMessage()));
    }

    void oidcAuthProviderUsesIdToken()
    {
        writeFiles({QStringLiteral("o.yaml\n") +
                    QString::fromUtf8(basicFile("o", "https://o"))
                        .replace(QStringLiteral("    token: token-o\n"),
                                 QStringLiteral(
                                     "    auth-provider:\n      name: oidc\n      config:\n        "
                                     "id-token: the-id-token\n        refresh-token: r\n"))});
        auto config = Kubeconfig::loadFile(m_dir.filePath(QStringLiteral("o.yaml")))->resolve();
        QVERIFY2(config.ok(), qPrintable(config.errorMessage()));
        QCOMPARE(config->user.oidcIdToken, QStringLiteral("the-id-token"));
    }

    void errorsNeverQuoteCredentials_data()
    {
        QTest::addColumn<QByteArray>("userBody");
        QTest::newRow("bad base64 key data")
            << QByteArray("    token: SECRET-TOKEN\n    client-key-data: \"SECRET-KEY!!\"\n");
        QTest::newRow("key without certificate") << QByteArray(
            "    password: SECRET-PASS\n    username: me\n    client-key-data: U0VDUkVULUtFWQ==\n");
        QTest::newRow("token is a list") << QByteArray("    token: [SECRET-TOKEN]\n");
    }
    void errorsNeverQuoteCredentials()
    {
        QFETCH(QByteArray, userBody);
        const QByteArray yaml =
            "current-context: c\nclusters:\n- name: c\n  cluster: {server: https://c}\n"
            "contexts:\n- name: c\n  context: {cluster: c, user: u}\nusers:\n- name: u\n  user:\n" +
            userBody;
        auto parsed = Kubeconfig::parse(yaml, QStringLiteral("/x/k.yaml"));
        const QString message = parsed ? parsed->resolve().errorMessage() : parsed.errorMessage();
        QVERIFY(!message.isEmpty());
        QVERIFY2(message.contains(QStringLiteral("/x/k.yaml")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("users[u]")), qPrintable(message));
        QVERIFY2(!message.contains(QStringLiteral("SECRET")), qPrintable(message));
    }

    void hostileInputNeverCrashes_data()
    {
        QTest::addColumn<QByteArray>("yaml");
        QTest::newRow("deep nesting") << QByteArray(5000, '[');
        QTest::newRow("alias bomb") << QByteArray(
            "a: &a [x, x, x]\nb: &b [*a, *a, *a]\nc: &c [*b, *b, *b]\nclusters: *c\n");
        QTest::newRow("binary") << QByteArray("\x00\xff\xfe clusters: \x01", 15);
        QTest::newRow("tabs") << QByteArray("clusters:\n\t- name: x\n");
        QTest::newRow("null entries")
            << QByteArray("clusters: [null, ~]\nusers: [{name: u, user: null}]\ncontexts: ~\n");
    }
    void hostileInputNeverCrashes()
    {
        QFETCH(QByteArray, yaml);
        auto parsed = Kubeconfig::parse(yaml, QStringLiteral("evil.yaml"));
        if (!parsed.ok())
            QVERIFY2(parsed.errorMessage().startsWith(QStringLiteral("evil.yaml")),
                     qPrintable(parsed.errorMessage()));
        else
            QVERIFY(!parsed->resolve().ok());
    }
};

QTEST_GUILESS_MAIN(tst_Kubeconfig)
#include "tst_kubeconfig.moc"
