// informantctl api-resources: discovery, printed exactly like
// `kubectl api-resources` (NAME, SHORTNAMES, APIVERSION, NAMESPACED, KIND;
// preferred versions; sorted by group, then name), with -o wide (VERBS and
// CATEGORIES too), -o name (plural.group) and --no-headers.

#include "command.h"
#include "connection.h"
#include "tabwriter.h"

#include "informer/kube/discovery.h"

#include <QTextStream>

using namespace informant;

namespace informantctl {

namespace {

int runApiResources(const QCommandLineParser &parser, const QStringList &args)
{
    QTextStream err(stderr);
    if (!args.isEmpty()) {
        err << "error: unexpected arguments: " << args.join(QLatin1Char(' ')) << '\n';
        return 2;
    }
    const QString output =
        parser.isSet(QStringLiteral("output")) ? parser.value(QStringLiteral("output")) : QString();
    const bool wide = output == QLatin1String("wide");
    const bool names = output == QLatin1String("name");
    if (!output.isEmpty() && !wide && !names) {
        err << "error: --output " << output << " is not available\n"; // kubectl's words
        return 1;
    }
    auto connection = connectCluster(GlobalOptions::fromParser(parser));
    if (!connection) {
        err << "error: " << connection.errorMessage() << '\n';
        return 1;
    }
    RestClient client(*connection);
    auto discovery = Discovery::fetch(client);
    if (!discovery) {
        err << errorPrefix((*connection)->config) << discovery.error().message << '\n';
        return 1;
    }
    QList<QStringList> rows;
    if (!names && !parser.isSet(QStringLiteral("no-headers"))) {
        rows.append({QStringLiteral("NAME"), QStringLiteral("SHORTNAMES"),
                     QStringLiteral("APIVERSION"), QStringLiteral("NAMESPACED"),
                     QStringLiteral("KIND")});
        if (wide)
            rows.last() << QStringLiteral("VERBS") << QStringLiteral("CATEGORIES");
    }
    QString nameLines;
    for (const ApiResource &resource : discovery->preferredResources()) {
        if (resource.verbs.isEmpty())
            continue; // as kubectl: resources without verbs are not shown
        if (names) {
            nameLines += resource.name +
                         (resource.group.isEmpty() ? QString() : u'.' + resource.group) + u'\n';
            continue;
        }
        rows.append({resource.name, resource.shortNames.join(QLatin1Char(',')),
                     resource.groupVersion(),
                     resource.namespaced ? QStringLiteral("true") : QStringLiteral("false"),
                     resource.kind});
        if (wide) {
            QStringList verbs = resource.verbs;
            verbs.sort();
            rows.last() << verbs.join(u',') << resource.categories.join(u',');
        }
    }
    QTextStream(stdout) << (names ? nameLines : formatTable(rows));
    if (!discovery->failures.isEmpty()) {
        err << errorPrefix((*connection)->config)
            << "unable to retrieve the complete list of server APIs: "
            << discovery->failures.join(QStringLiteral(", ")) << '\n';
        return 1;
    }
    return 0;
}

const CommandRegistration registration(Command{
    QStringLiteral("api-resources"),
    QStringLiteral("api-resources                       discovery, like kubectl api-resources"),
    {},
    runApiResources,
});

} // namespace

} // namespace informantctl
