// informantctl get KIND [-o wide|name|json|yaml]: sync one informer and print
// what kubectl get prints for the objects (the shared printers' table, with
// NAMESPACE first under -A; or names, or a List as JSON or YAML), then exit.

#include "command.h"
#include "informerrunner.h"
#include "jsontext.h"
#include "listdocument.h"
#include "outputformat.h"
#include "tabwriter.h"

#include "informer/printers/resourceprinter.h"
#include "informer/printers/yamlwriter.h"

#include <QDateTime>
#include <QTextStream>

#include <algorithm>
#include <cstdio>

using namespace informant;

namespace informantctl {

namespace {

constexpr qint64 kSyncTimeoutMs = 120000;

void writeStdout(const QByteArray &bytes)
{
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    std::fflush(stdout);
}

// The table kubectl get prints; `wide` adds the printer's priority > 0
// columns in the printer's order, as -o wide does.
QString table(const QList<KubeObject> &objects, InformerRunner &runner, bool wide)
{
    const ResourcePrinter &printer = runner.printer();
    const QList<PrintColumn> columns = printer.columns();
    const auto shown = [&](qsizetype column) { return wide || columns.at(column).priority == 0; };
    const bool withNamespace = runner.allNamespaces();
    QList<QStringList> rows;
    QStringList header;
    if (withNamespace)
        header.append(QStringLiteral("NAMESPACE"));
    for (qsizetype i = 0; i < columns.size(); ++i)
        if (shown(i))
            header.append(columns.at(i).name);
    rows.append(header);
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    for (const KubeObject &object : objects) {
        const QStringList cells = printer.cells(object, nowMs, wide);
        QStringList row;
        if (withNamespace)
            row.append(object.namespaceName());
        for (qsizetype i = 0; i < columns.size() && i < cells.size(); ++i)
            if (shown(i))
                row.append(cells.at(i));
        rows.append(row);
    }
    return formatTable(rows);
}

// kubectl's -o name lines: the lower-case kind, qualified by its group
// outside the core group ("pod/web-1", "deployment.apps/api").
QString names(const QList<KubeObject> &objects, const ApiResource &resource)
{
    QString prefix = resource.kind.toLower();
    if (!resource.group.isEmpty())
        prefix += QLatin1Char('.') + resource.group;
    prefix += QLatin1Char('/');
    QString text;
    for (const KubeObject &object : objects)
        text += prefix + object.name() + QLatin1Char('\n');
    return text;
}

void printNoResourcesFound(InformerRunner &runner)
{
    QTextStream err(stderr);
    if (runner.resource().namespaced && !runner.namespaceName().isEmpty())
        err << "No resources found in " << runner.namespaceName() << " namespace.\n";
    else
        err << "No resources found\n";
}

int runGet(const QCommandLineParser &parser, const QStringList &args)
{
    if (args.size() != 1) {
        QTextStream(stderr) << "error: get needs exactly one KIND (e.g. informantctl get pods)\n";
        return 2;
    }
    auto runner = InformerRunner::create(parser, args.first());
    if (!runner)
        return 1;
    // Checked once KIND is resolved but before listing, as kubectl picks its
    // printer after discovery (an unknown kind is reported first).
    const QString formatName = parser.value(QStringLiteral("output"));
    const std::optional<OutputFormat> format = parseOutputFormat(formatName);
    if (!format) {
        QTextStream(stderr) << "error: " << unsupportedOutputFormatMessage(formatName) << '\n';
        return 1;
    }
    runner->start();
    if (!runner->waitForSync(true, kSyncTimeoutMs))
        return 1;

    QList<KubeObject> objects = runner->informer().indexer().list();
    runner->stop();
    std::sort(objects.begin(), objects.end(),
              [](const KubeObject &a, const KubeObject &b) { return a.key() < b.key(); });
    // Like kubectl, a JSON or YAML list is printed even when empty; the
    // other formats say that nothing was found.
    const bool listDocumentFormat = *format == OutputFormat::Json || *format == OutputFormat::Yaml;
    if (objects.isEmpty() && !listDocumentFormat) {
        printNoResourcesFound(*runner);
        runner->printStatsIfAsked();
        return 0;
    }

    switch (*format) {
    case OutputFormat::Table:
    case OutputFormat::Wide:
        QTextStream(stdout) << table(objects, *runner, *format == OutputFormat::Wide);
        break;
    case OutputFormat::Name:
        QTextStream(stdout) << names(objects, runner->resource());
        break;
    case OutputFormat::Json:
        writeStdout(toIndentedJson(listDocument(objects, runner->resource())));
        break;
    case OutputFormat::Yaml:
        writeStdout(toYaml(listDocument(objects, runner->resource())).toUtf8());
        break;
    }
    runner->printStatsIfAsked();
    return 0;
}

const CommandRegistration registration(Command{
    QStringLiteral("get"),
    QStringLiteral("get KIND [-o wide|name|json|yaml]   sync, print like kubectl get, exit"),
    addInformerCommandOptions,
    runGet,
});

} // namespace

} // namespace informantctl
