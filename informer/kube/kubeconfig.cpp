#include "informer/kube/kubeconfig.h"

#include "informer/kube/boundedread.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcessEnvironment>

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <optional>

namespace informant {

namespace {

constexpr qint64 kMaxKubeconfigBytes = 16 * 1024 * 1024;

// Walks one parsed file. Every accessor checks the node type first, so no
// yaml-cpp conversion can throw on a wrong type; the first problem found is
// kept in `error` with the file and the field path.
struct Reader
{
    QString file;
    QDir dir;
    QString error;

    bool fail(const QString &field, const QString &problem)
    {
        if (error.isEmpty())
            error = QStringLiteral("%1: %2: %3").arg(file, field, problem);
        return false;
    }

    // A scalar string field; absent or null is "".
    QString string(const YAML::Node &map, const char *key, const QString &field)
    {
        const YAML::Node node = map[key];
        if (!node || node.IsNull())
            return {};
        if (!node.IsScalar()) {
            fail(field + QLatin1Char('.') + QLatin1String(key),
                 QStringLiteral("expected a string"));
            return {};
        }
        return QString::fromStdString(node.Scalar());
    }

    bool boolean(const YAML::Node &map, const char *key, const QString &field)
    {
        const QString text = string(map, key, field).toLower();
        if (text.isEmpty() || text == QLatin1String("false"))
            return false;
        if (text == QLatin1String("true"))
            return true;
        fail(field + QLatin1Char('.') + QLatin1String(key),
             QStringLiteral("expected true or false"));
        return false;
    }

    QByteArray base64(const YAML::Node &map, const char *key, const QString &field)
    {
        const QString text = string(map, key, field);
        if (text.isEmpty())
            return {};
        // Go's base64 decoder skips \r and \n, so data wrapped over lines in a
        // YAML block scalar (as `base64` prints it) works in kubectl; any other
        // character outside the alphabet is still an error.
        QByteArray encoded = text.toLatin1();
        encoded.removeIf([](char c) { return c == '\r' || c == '\n'; });
        auto decoded =
            QByteArray::fromBase64Encoding(encoded, QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded) {
            fail(field + QLatin1Char('.') + QLatin1String(key),
                 QStringLiteral("invalid base64 data"));
            return {};
        }
        return *decoded;
    }

    // A path field, made absolute against the file's directory.
    QString path(const YAML::Node &map, const char *key, const QString &field)
    {
        const QString text = string(map, key, field);
        if (text.isEmpty())
            return {};
        return QDir::cleanPath(dir.absoluteFilePath(expandHome(text)));
    }

    static QString expandHome(const QString &path)
    {
        if (path == QLatin1String("~") || path.startsWith(QLatin1String("~/")))
            return QDir::homePath() + path.mid(1);
        return path;
    }

    std::optional<ExecConfig> exec(const YAML::Node &node, const QString &field);
    bool namedList(
        const YAML::Node &root, const char *key, const char *inner,
        const std::function<void(const QString &, const YAML::Node &, const QString &)> &each);
};

std::optional<ExecConfig> Reader::exec(const YAML::Node &node, const QString &field)
{
    if (!node || node.IsNull())
        return std::nullopt;
    if (!node.IsMap()) {
        fail(field, QStringLiteral("expected a map"));
        return std::nullopt;
    }
    ExecConfig exec;
    exec.apiVersion = string(node, "apiVersion", field);
    exec.command = string(node, "command", field);
    if (exec.command.contains(QLatin1Char('/')))
        exec.command = QDir::cleanPath(dir.absoluteFilePath(expandHome(exec.command)));
    exec.interactiveMode = string(node, "interactiveMode", field);
    exec.provideClusterInfo = boolean(node, "provideClusterInfo", field);
    exec.installHint = string(node, "installHint", field);
    if (const YAML::Node args = node["args"]; args && !args.IsNull()) {
        if (!args.IsSequence())
            fail(field + QStringLiteral(".args"), QStringLiteral("expected a list of strings"));
        else
            for (std::size_t i = 0; i < args.size(); ++i) {
                if (!args[i].IsScalar()) {
                    fail(field + QStringLiteral(".args[%1]").arg(i),
                         QStringLiteral("expected a string"));
                    break;
                }
                exec.args << QString::fromStdString(args[i].Scalar());
            }
    }
    if (const YAML::Node env = node["env"]; env && !env.IsNull()) {
        if (!env.IsSequence())
            fail(field + QStringLiteral(".env"),
                 QStringLiteral("expected a list of {name, value}"));
        else
            for (std::size_t i = 0; i < env.size(); ++i) {
                const QString item = field + QStringLiteral(".env[%1]").arg(i);
                if (!env[i].IsMap()) {
                    fail(item, QStringLiteral("expected a map with name and value"));
                    break;
                }
                exec.env.append({string(env[i], "name", item), string(env[i], "value", item)});
            }
    }
    if (exec.command.isEmpty())
        fail(field + QStringLiteral(".command"), QStringLiteral("missing"));
    if (exec.apiVersion != QLatin1String("client.authentication.k8s.io/v1") &&
        exec.apiVersion != QLatin1String("client.authentication.k8s.io/v1beta1"))
        fail(field + QStringLiteral(".apiVersion"),
             QStringLiteral("unsupported \"%1\" (expected client.authentication.k8s.io/v1 or "
                            "v1beta1)")
                 .arg(exec.apiVersion));
    return exec;
}

// clusters/users/contexts: a list of {name, <inner>: map}.
bool Reader::namedList(
    const YAML::Node &root, const char *key, const char *inner,
    const std::function<void(const QString &, const YAML::Node &, const QString &)> &each)
{
    const YAML::Node list = root[key];
    if (!list || list.IsNull())
        return true;
    if (!list.IsSequence())
        return fail(QLatin1String(key), QStringLiteral("expected a list"));
    for (std::size_t i = 0; i < list.size() && error.isEmpty(); ++i) {
        const QString field = QStringLiteral("%1[%2]").arg(QLatin1String(key)).arg(i);
        const YAML::Node item = list[i];
        if (!item.IsMap())
            return fail(
                field, QStringLiteral("expected a map with name and %1").arg(QLatin1String(inner)));
        const QString name = string(item, "name", field);
        if (name.isEmpty())
            return fail(field + QStringLiteral(".name"), QStringLiteral("missing"));
        const QString innerField =
            QStringLiteral("%1[%2].%3").arg(QLatin1String(key), name, QLatin1String(inner));
        const YAML::Node body = item[inner];
        if (body && !body.IsNull() && !body.IsMap())
            return fail(innerField, QStringLiteral("expected a map"));
        each(name, body ? body : YAML::Node(YAML::NodeType::Map), innerField);
    }
    return error.isEmpty();
}

KubeconfigCluster readCluster(Reader &reader, const YAML::Node &n, const QString &f)
{
    KubeconfigCluster cluster;
    cluster.server = reader.string(n, "server", f);
    cluster.certificateAuthority = reader.path(n, "certificate-authority", f);
    cluster.certificateAuthorityData = reader.base64(n, "certificate-authority-data", f);
    cluster.insecureSkipTlsVerify = reader.boolean(n, "insecure-skip-tls-verify", f);
    cluster.tlsServerName = reader.string(n, "tls-server-name", f);
    cluster.proxyUrl = reader.string(n, "proxy-url", f);
    cluster.sourceFile = reader.file;
    return cluster;
}

// auth-provider: only oidc's id-token is used (no refresh).
void readAuthProvider(Reader &reader, const YAML::Node &provider, const QString &f,
                      KubeconfigUser &user)
{
    if (!provider || provider.IsNull())
        return;
    const QString pf = f + QStringLiteral(".auth-provider");
    if (!provider.IsMap()) {
        reader.fail(pf, QStringLiteral("expected a map"));
        return;
    }
    user.authProvider = reader.string(provider, "name", pf);
    const YAML::Node cfg = provider["config"];
    if (cfg && cfg.IsMap())
        user.oidcIdToken = reader.string(cfg, "id-token", pf + QStringLiteral(".config"));
    else if (cfg && !cfg.IsNull())
        reader.fail(pf + QStringLiteral(".config"), QStringLiteral("expected a map"));
}

KubeconfigUser readUser(Reader &reader, const YAML::Node &n, const QString &f)
{
    KubeconfigUser user;
    user.token = reader.string(n, "token", f);
    user.tokenFile = reader.path(n, "tokenFile", f);
    user.clientCertificate = reader.path(n, "client-certificate", f);
    user.clientCertificateData = reader.base64(n, "client-certificate-data", f);
    user.clientKey = reader.path(n, "client-key", f);
    user.clientKeyData = reader.base64(n, "client-key-data", f);
    user.username = reader.string(n, "username", f);
    user.password = reader.string(n, "password", f);
    user.exec = reader.exec(n["exec"], f + QStringLiteral(".exec"));
    readAuthProvider(reader, n["auth-provider"], f, user);
    user.sourceFile = reader.file;
    return user;
}

Result<Kubeconfig> parseRoot(const YAML::Node &root, Reader &reader)
{
    Kubeconfig config;
    config.files << reader.file;
    if (!root || root.IsNull())
        return config; // an empty file is an empty configuration, as in kubectl
    if (!root.IsMap())
        return makeError(reader.file +
                         QStringLiteral(": expected a kubeconfig map at the top level"));
    config.currentContext =
        reader.string(root, "current-context", QStringLiteral("current-context"));

    // Within one file, too, the first entry of a name wins.
    reader.namedList(root, "clusters", "cluster",
                     [&](const QString &name, const YAML::Node &n, const QString &f) {
                         if (!config.clusters.contains(name))
                             config.clusters.insert(name, readCluster(reader, n, f));
                     });
    reader.namedList(root, "users", "user",
                     [&](const QString &name, const YAML::Node &n, const QString &f) {
                         if (!config.users.contains(name))
                             config.users.insert(name, readUser(reader, n, f));
                     });
    reader.namedList(root, "contexts", "context",
                     [&](const QString &name, const YAML::Node &n, const QString &f) {
                         KubeconfigContext context{reader.string(n, "cluster", f),
                                                   reader.string(n, "user", f),
                                                   reader.string(n, "namespace", f), reader.file};
                         if (!config.contexts.contains(name))
                             config.contexts.insert(name, context);
                     });
    if (!reader.error.isEmpty())
        return makeError(reader.error);
    return config;
}

} // namespace

Result<Kubeconfig> Kubeconfig::parse(const QByteArray &yaml, const QString &path)
{
    Reader reader{path, QFileInfo(path).absoluteDir(), {}};
    try {
        const YAML::Node root = YAML::Load(yaml.toStdString());
        return parseRoot(root, reader);
    } catch (const YAML::Exception &e) {
        // yaml-cpp's message quotes positions, never values.
        return makeError(QStringLiteral("%1: invalid YAML at line %2, column %3: %4")
                             .arg(path)
                             .arg(e.mark.line + 1)
                             .arg(e.mark.column + 1)
                             .arg(QString::fromStdString(e.msg)));
    } catch (const std::exception &e) {
        return makeError(QStringLiteral("%1: cannot read kubeconfig: %2")
                             .arg(path, QString::fromUtf8(e.what())));
    }
}

Result<Kubeconfig> Kubeconfig::loadFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(
            QStringLiteral("%1: cannot read kubeconfig: %2").arg(path, file.errorString()));
    const QByteArray yaml = readUpTo(file, kMaxKubeconfigBytes); // `--kubeconfig /dev/zero`
    if (file.error() != QFileDevice::NoError)
        return makeError(
            QStringLiteral("%1: cannot read kubeconfig: %2").arg(path, file.errorString()));
    if (yaml.size() > kMaxKubeconfigBytes)
        return makeError(QStringLiteral("%1: kubeconfig is larger than 16 MiB").arg(path));
    return parse(yaml, path);
}

Result<Kubeconfig> Kubeconfig::load(const QString &explicitPath, const QString &kubeconfigEnv,
                                    const QString &home)
{
    if (!explicitPath.isEmpty())
        return loadFile(explicitPath);
    Kubeconfig merged;
    if (!kubeconfigEnv.isEmpty()) {
        for (const QString &path : kubeconfigEnv.split(QDir::listSeparator(), Qt::SkipEmptyParts)) {
            if (!QFileInfo::exists(path) || merged.files.contains(path))
                continue; // kubectl skips missing files in KUBECONFIG
            auto one = loadFile(path);
            if (!one)
                return one.error();
            merged.merge(*one);
        }
        return merged;
    }
    const QString path = home + QStringLiteral("/.kube/config");
    if (!QFileInfo::exists(path))
        return merged;
    return loadFile(path);
}

Result<Kubeconfig> Kubeconfig::loadDefault(const QString &explicitPath)
{
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    return load(explicitPath, env.value(QStringLiteral("KUBECONFIG")), QDir::homePath());
}

void Kubeconfig::merge(const Kubeconfig &later)
{
    if (currentContext.isEmpty())
        currentContext = later.currentContext;
    for (auto it = later.clusters.begin(); it != later.clusters.end(); ++it)
        if (!clusters.contains(it.key()))
            clusters.insert(it.key(), it.value());
    for (auto it = later.users.begin(); it != later.users.end(); ++it)
        if (!users.contains(it.key()))
            users.insert(it.key(), it.value());
    for (auto it = later.contexts.begin(); it != later.contexts.end(); ++it)
        if (!contexts.contains(it.key()))
            contexts.insert(it.key(), it.value());
    files << later.files;
}

} // namespace informant
