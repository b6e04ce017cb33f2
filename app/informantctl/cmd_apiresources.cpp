// informantctl api-resources: discovery, printed exactly like
// `kubectl api-resources` (NAME, SHORTNAMES, APIVERSION, NAMESPACED, KIND;
// preferred versions), with -o wide (VERBS and CATEGORIES too), -o name
// (plural.group) and --no-headers, and kubectl's filters and orders
// (--namespaced, --api-group, --verbs, --categories, --sort-by; see
// apiresourceselection.h).

#include "apiresourceselection.h"
#include "command.h"
#include "connection.h"
#include "flagerrors.h"
#include "standardoutput.h"
#include "tabwriter.h"
#include "tristateflags.h"

#include "informer/kube/discovery.h"

#include <QTextStream>

using namespace informant;

namespace informantctl {

namespace {

QString nameLines(const QList<ApiResource> &resources)
{
    QString lines;
    for (const ApiResource &resource : resources)
        lines += resource.qualifiedName() + u'\n';
    return lines;
}

QString table(const QList<ApiResource> &resources, bool wide, bool headers)
{
    QList<QStringList> rows;
    if (headers) {
        rows.append({QStringLiteral("NAME"), QStringLiteral("SHORTNAMES"),
                     QStringLiteral("APIVERSION"), QStringLiteral("NAMESPACED"),
                     QStringLiteral("KIND")});
        if (wide)
            rows.last() << QStringLiteral("VERBS") << QStringLiteral("CATEGORIES");
    }
    for (const ApiResource &resource : resources) {
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
    return formatTable(rows);
}

int runApiResources(const QCommandLineParser &parser, const QStringList &args)
{
    QTextStream err(stderr);
    // In kubectl's order: flag values, arguments, then the options' checks.
    if (const auto flag = triStateFlag(parser, QStringLiteral("namespaced")); !flag) {
        err << flagErrorText(flag.errorMessage(), QStringLiteral("api-resources"));
        return 1;
    }
    if (!args.isEmpty()) {
        // kubectl's usage error: the arguments as Go prints a []string.
        err << "error: unexpected arguments: [" << args.join(QLatin1Char(' ')) << "]\n"
            << "See 'kubectl api-resources -h' for help and examples\n";
        return 1;
    }
    const QString output =
        parser.isSet(QStringLiteral("output")) ? parser.value(QStringLiteral("output")) : QString();
    const bool wide = output == QLatin1String("wide");
    const bool names = output == QLatin1String("name");
    if (!output.isEmpty() && !wide && !names) {
        err << "error: --output " << output << " is not available\n"; // kubectl's words
        return 1;
    }
    const auto selection = ApiResourceSelection::fromParser(parser);
    if (!selection) {
        err << "error: " << selection.errorMessage() << '\n';
        return 1;
    }
    auto connection = connectCluster(GlobalOptions::fromParser(parser));
    if (!connection) {
        err << connection.errorMessage() << '\n';
        return 1;
    }
    RestClient client(*connection);
    auto discovery = Discovery::fetch(client);
    if (!discovery) {
        err << requestErrorLine(**connection, discovery.error(), RequestKind::Discovery) << '\n';
        return 1;
    }
    const QList<ApiResource> resources = selection->select(*discovery);
    writeStandardOutput(names
                            ? nameLines(resources)
                            : table(resources, wide, !parser.isSet(QStringLiteral("no-headers"))));
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
    addApiResourceSelectionOptions,
    runApiResources,
});

} // namespace

} // namespace informantctl
