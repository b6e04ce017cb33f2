// informantctl config get-contexts / config current-context: the kubeconfig
// (after kubectl's merge) printed as kubectl prints it. config credentials
// (kubectl has none): where the context's credentials come from and when
// they expire; it runs an exec plugin, as any command would, but sends
// nothing to the server and prints no token or key.

#include "command.h"
#include "connection.h"
#include "globaloptions.h"
#include "standardoutput.h"
#include "tabwriter.h"

#include "informer/kube/kubeconfig.h"
#include "informer/printers/duration.h"

#include <QTextStream>

using namespace informant;

namespace informantctl {

namespace {

Result<Kubeconfig> load(const QCommandLineParser &parser)
{
    return Kubeconfig::loadDefault(GlobalOptions::fromParser(parser).kubeconfig);
}

int runGetContexts(const QCommandLineParser &parser, const QStringList &args)
{
    QTextStream err(stderr);
    auto config = load(parser);
    if (!config) {
        err << "error: " << config.errorMessage() << '\n';
        return 1;
    }
    const QString current = GlobalOptions::fromParser(parser).context.isEmpty()
                                ? config->currentContext
                                : GlobalOptions::fromParser(parser).context;
    QList<QStringList> rows{{QStringLiteral("CURRENT"), QStringLiteral("NAME"),
                             QStringLiteral("CLUSTER"), QStringLiteral("AUTHINFO"),
                             QStringLiteral("NAMESPACE")}};
    int status = 0;
    const QStringList names = args.isEmpty() ? config->contexts.keys() : args;
    for (const QString &name : names) {
        const auto it = config->contexts.constFind(name);
        if (it == config->contexts.cend()) {
            err << "error: context " << name << " not found\n";
            status = 1;
            continue;
        }
        rows.append({name == current ? QStringLiteral("*") : QStringLiteral(" "), name, it->cluster,
                     it->user, it->namespaceName});
    }
    writeStandardOutput(formatTable(rows));
    return status;
}

int runCurrentContext(const QCommandLineParser &parser, const QStringList &args)
{
    QTextStream err(stderr);
    if (!args.isEmpty()) {
        err << "error: unexpected arguments: " << args.join(QLatin1Char(' ')) << '\n';
        return 2;
    }
    auto config = load(parser);
    if (!config) {
        err << "error: " << config.errorMessage() << '\n';
        return 1;
    }
    if (config->currentContext.isEmpty()) {
        err << "error: current-context is not set\n";
        return 1;
    }
    writeStandardOutput(config->currentContext + QLatin1Char('\n'));
    return 0;
}

// "exec plugin aws: expires 2025-03-01T12:12:00Z (in 11m)"; "expired 3m ago";
// "no expiry" for a token or basic auth.
QString expiryLine(const CredentialExpiry &expiry)
{
    if (!expiry.expires())
        return QStringLiteral("no expiry");
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const qint64 ms = now.msecsTo(expiry.expiresAt);
    const QString when = expiry.expiresAt.toUTC().toString(Qt::ISODate);
    const QString line = ms > 0
                             ? QStringLiteral("expires %1 (in %2)").arg(when, humanDuration(ms))
                             : QStringLiteral("expired %1 (%2 ago)").arg(when, humanDuration(-ms));
    return expiry.origin + QStringLiteral(": ") + line;
}

int runCredentials(const QCommandLineParser &parser, const QStringList &args)
{
    QTextStream err(stderr);
    if (!args.isEmpty()) {
        err << "error: unexpected arguments: " << args.join(QLatin1Char(' ')) << '\n';
        return 2;
    }
    auto connection = connectCluster(GlobalOptions::fromParser(parser));
    if (!connection) {
        err << connection.errorMessage() << '\n';
        return 1;
    }
    // The exec plugin's answer is what has an expiry: run it now.
    const auto &credentials = (*connection)->credentials;
    if (auto material = credentials->material(); !material) {
        err << errorPrefix((*connection)->config) << material.errorMessage() << '\n';
        return 1;
    }
    writeStandardOutput(expiryLine(credentials->expiry()) + QLatin1Char('\n'));
    return 0;
}

const CommandRegistration getContexts(Command{
    QStringLiteral("config get-contexts"),
    QStringLiteral(
        "config get-contexts [NAME...]       list the kubeconfig's contexts, like kubectl"),
    {},
    runGetContexts,
});

const CommandRegistration currentContext(Command{
    QStringLiteral("config current-context"),
    QStringLiteral("config current-context              print the current context, like kubectl"),
    {},
    runCurrentContext,
});

const CommandRegistration credentials(Command{
    QStringLiteral("config credentials"),
    QStringLiteral("config credentials                  when the context's credentials expire "
                   "(runs its exec plugin)"),
    {},
    runCredentials,
});

} // namespace

} // namespace informantctl
