// informantctl config get-contexts / config current-context: the kubeconfig
// (after kubectl's merge) printed as kubectl prints it.

#include "command.h"
#include "globaloptions.h"
#include "tabwriter.h"

#include "informer/kube/kubeconfig.h"

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
    QTextStream(stdout) << formatTable(rows);
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
    QTextStream(stdout) << config->currentContext << '\n';
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

} // namespace

} // namespace informantctl
