// informantctl version: kubectl version's output for informantctl and the
// server it talks to. "Client Version" is informantctl's own; the server's
// comes from GET /version and prints as kubectl prints it (text, or
// -o json / -o yaml with kubectl's field order, indentation and quoting).
// --client skips the server, and needs no kubeconfig. kubectl's Kustomize
// line has no counterpart here, nor does its version-skew warning (the
// client is not a Kubernetes release).

#include "command.h"
#include "connection.h"
#include "jsontext.h"
#include "kubectlerror.h"
#include "standardoutput.h"

#include "informer/kube/restclient.h"
#include "informer/printers/yamlwriter.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>
#include <QTextStream>
#include <QVersionNumber>

#include <optional>

using namespace informant;

namespace informantctl {

namespace {

// apimachinery's version.Info, in its field order (what kubectl prints for
// the server, each field present even when empty).
constexpr const char *kServerVersionFields[] = {
    "major",     "minor",     "gitVersion", "gitCommit", "gitTreeState",
    "buildDate", "goVersion", "compiler",   "platform",
};

using Fields = QList<std::pair<QString, QString>>;

// Go's GOOS/GOARCH spelling of the platform informantctl was built for.
QString platform()
{
    QString architecture = QSysInfo::buildCpuArchitecture();
    if (architecture == QLatin1String("x86_64"))
        architecture = QStringLiteral("amd64");
    else if (architecture == QLatin1String("i386"))
        architecture = QStringLiteral("386");
    return QSysInfo::kernelType() + u'/' + architecture;
}

Fields clientVersion()
{
    const QVersionNumber version = QVersionNumber::fromString(QStringLiteral(INFORMANT_VERSION));
    return {{QStringLiteral("major"), QString::number(version.majorVersion())},
            {QStringLiteral("minor"), QString::number(version.minorVersion())},
            {QStringLiteral("gitVersion"), QStringLiteral("v" INFORMANT_VERSION)},
            {QStringLiteral("platform"), platform()}};
}

Fields serverVersion(const QJsonObject &info)
{
    Fields fields;
    for (const char *name : kServerVersionFields) {
        const QString key = QString::fromLatin1(name);
        fields.append({key, info.value(key).toString()});
    }
    return fields;
}

QString value(const Fields &fields, const QString &key)
{
    for (const auto &[name, text] : fields)
        if (name == key)
            return text;
    return {};
}

// Go's json.MarshalIndent(v, "", "  ") of kubectl's version document.
QByteArray indentedJson(const Fields &client, const std::optional<Fields> &server)
{
    const auto object = [](const Fields &fields) {
        QByteArray text = "{\n";
        for (qsizetype i = 0; i < fields.size(); ++i)
            text += "    " + toCompactJson(fields[i].first) + ": " +
                    toCompactJson(fields[i].second) + (i + 1 < fields.size() ? ",\n" : "\n");
        return text + "  }";
    };
    QByteArray text = "{\n  \"clientVersion\": " + object(client);
    if (server)
        text += ",\n  \"serverVersion\": " + object(*server);
    return text + "\n}\n";
}

// kubectl's YAML: the same document, keys sorted, then Println's newline.
QByteArray yaml(const Fields &client, const std::optional<Fields> &server)
{
    const auto object = [](const Fields &fields) {
        QJsonObject json;
        for (const auto &[name, text] : fields)
            json.insert(name, text);
        return json;
    };
    QJsonObject document{{QStringLiteral("clientVersion"), object(client)}};
    if (server)
        document.insert(QStringLiteral("serverVersion"), object(*server));
    return toYaml(document, YamlFolding::AsKubectl).toUtf8() + '\n';
}

QByteArray text(const Fields &client, const std::optional<Fields> &server)
{
    QString lines =
        QStringLiteral("Client Version: %1\n").arg(value(client, QStringLiteral("gitVersion")));
    if (server)
        lines += QStringLiteral("Server Version: %1\n")
                     .arg(value(*server, QStringLiteral("gitVersion")));
    return lines.toUtf8();
}

// The server's version.Info, or the line kubectl reports the failure with.
Result<QJsonObject> fetchServerVersion(const std::shared_ptr<const ClusterConnection> &connection)
{
    RestClient client(connection);
    const auto response = client.getBlocking(QStringLiteral("/version"), {});
    if (!response)
        return Error{
            kubectlErrorLine(*connection, response.error(), RequestKind::Discovery)
                .value_or(requestErrorLine(*connection, response.error(), RequestKind::Discovery))};
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(response->body, &parseError);
    if (!document.isObject())
        return Error{QStringLiteral("error: unable to parse the server version: %1")
                         .arg(parseError.errorString())};
    return document.object();
}

int runVersion(const QCommandLineParser &parser, const QStringList &args)
{
    QTextStream err(stderr);
    const bool clientOnly = parser.isSet(QStringLiteral("client"));
    // In kubectl's order: the configuration (unless --client), the
    // arguments, then the output format.
    std::shared_ptr<const ClusterConnection> connection;
    if (!clientOnly) {
        auto connected = connectCluster(GlobalOptions::fromParser(parser));
        if (!connected) {
            err << connected.errorMessage() << '\n';
            return 1;
        }
        connection = *connected;
    }
    if (!args.isEmpty()) {
        err << "error: extra arguments: [" << args.join(u' ') << "]\n";
        return 1;
    }
    const QString output =
        parser.isSet(QStringLiteral("output")) ? parser.value(QStringLiteral("output")) : QString();
    if (!output.isEmpty() && output != QLatin1String("json") && output != QLatin1String("yaml")) {
        err << "error: --output must be 'yaml' or 'json'\n";
        return 1;
    }
    std::optional<Fields> server;
    QString serverError;
    if (connection) {
        if (auto info = fetchServerVersion(connection))
            server = serverVersion(*info);
        else
            serverError = info.errorMessage();
    }
    // As kubectl: what is known is printed, then the server's error.
    const Fields client = clientVersion();
    writeStandardOutput(output == QLatin1String("json")   ? indentedJson(client, server)
                        : output == QLatin1String("yaml") ? yaml(client, server)
                                                          : text(client, server));
    if (!serverError.isEmpty()) {
        err << serverError << '\n';
        return 1;
    }
    return 0;
}

const CommandRegistration registration(Command{
    QStringLiteral("version"),
    QStringLiteral(
        "version [--client] [-o json|yaml]   client and server versions, like kubectl version"),
    [](QCommandLineParser &parser) {
        parser.addOption({QStringLiteral("client"),
                          QStringLiteral("version: informantctl's version only (no server "
                                         "needed).")});
    },
    runVersion,
});

} // namespace

} // namespace informantctl
