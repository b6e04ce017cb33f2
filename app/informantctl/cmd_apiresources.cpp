// informantctl api-resources: discovery, printed exactly like
// `kubectl api-resources` (NAME, SHORTNAMES, APIVERSION, NAMESPACED, KIND;
// preferred versions; sorted by group, then name).

#include "command.h"
#include "connection.h"

#include "informer/kube/discovery.h"

#include <QTextStream>

using namespace informant;

namespace informantctl {

namespace {

// Go's text/tabwriter as kubectl configures it (minwidth 6, padding 3, pad
// with spaces): every cell but the last of a line is padded to its column's
// width; the last cell is printed as is.
QString tabwriter(const QList<QStringList> &rows)
{
    constexpr qsizetype kMinWidth = 6;
    constexpr qsizetype kPadding = 3;
    QList<qsizetype> widths;
    for (const QStringList &row : rows)
        for (qsizetype i = 0; i + 1 < row.size(); ++i) {
            if (widths.size() <= i)
                widths.append(kMinWidth);
            widths[i] = std::max(widths[i], row[i].size() + kPadding);
        }
    QString out;
    for (const QStringList &row : rows) {
        for (qsizetype i = 0; i < row.size(); ++i)
            out += i + 1 < row.size() ? row[i].leftJustified(widths[i]) : row[i];
        out += QLatin1Char('\n');
    }
    return out;
}

int runApiResources(const QCommandLineParser &parser, const QStringList &args)
{
    QTextStream err(stderr);
    if (!args.isEmpty()) {
        err << "error: unexpected arguments: " << args.join(QLatin1Char(' ')) << '\n';
        return 2;
    }
    auto connection = connectCluster(GlobalOptions::fromParser(parser));
    if (!connection) {
        err << "error: " << connection.errorMessage() << '\n';
        return 1;
    }
    RestClient client(*connection);
    auto discovery = Discovery::fetch(client);
    if (!discovery) {
        err << "error: " << discovery.error().message << '\n';
        return 1;
    }
    QList<QStringList> rows{{QStringLiteral("NAME"), QStringLiteral("SHORTNAMES"),
                             QStringLiteral("APIVERSION"), QStringLiteral("NAMESPACED"),
                             QStringLiteral("KIND")}};
    for (const ApiResource &resource : discovery->preferredResources()) {
        if (resource.verbs.isEmpty())
            continue; // as kubectl: resources without verbs are not shown
        rows.append({resource.name, resource.shortNames.join(QLatin1Char(',')),
                     resource.groupVersion(),
                     resource.namespaced ? QStringLiteral("true") : QStringLiteral("false"),
                     resource.kind});
    }
    QTextStream(stdout) << tabwriter(rows);
    if (!discovery->failures.isEmpty()) {
        err << "error: unable to retrieve the complete list of server APIs: "
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
