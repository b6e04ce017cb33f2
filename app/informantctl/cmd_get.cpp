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
#include <QHash>
#include <QJsonArray>
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
QString nameLines(const QList<KubeObject> &objects, const ApiResource &resource)
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

// The objects named, in the order given (kubectl's), from `objects`; each
// name not among them is reported as kubectl reports it.
QList<KubeObject> named(const QList<KubeObject> &objects, const QStringList &names,
                        const ApiResource &resource, bool &allFound)
{
    QHash<QString, KubeObject> byName;
    for (const KubeObject &object : objects)
        byName.insert(object.name(), object);
    QList<KubeObject> found;
    allFound = true;
    for (const QString &name : names) {
        if (const auto it = byName.constFind(name); it != byName.cend()) {
            found.append(*it);
        } else {
            allFound = false;
            QTextStream(stderr) << "Error from server (NotFound): " << resource.qualifiedName()
                                << " \"" << name << "\" not found\n";
        }
    }
    return found;
}

int runGet(const QCommandLineParser &parser, const QStringList &args)
{
    if (args.isEmpty()) {
        QTextStream(stderr) << "error: get needs a KIND (e.g. informantctl get pods)\n";
        return 2;
    }
    auto runner = InformerRunner::create(parser, args.first());
    if (!runner)
        return 1;
    const QStringList names = args.mid(1);
    if (!names.isEmpty() && runner->allNamespaces()) {
        QTextStream(stderr)
            << "error: a resource cannot be retrieved by name across all namespaces\n";
        return 1;
    }
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
    bool allFound = true;
    if (!names.isEmpty()) {
        objects = named(objects, names, runner->resource(), allFound);
        if (objects.isEmpty()) {
            runner->printStatsIfAsked();
            return 1;
        }
    }
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
        QTextStream(stdout) << nameLines(objects, runner->resource());
        break;
    case OutputFormat::Json:
    case OutputFormat::Yaml: {
        // One object asked for by name is printed alone, not in a List.
        const QJsonObject list = listDocument(objects, runner->resource());
        const QJsonObject document =
            names.size() == 1 ? list.value(QLatin1String("items")).toArray().first().toObject()
                              : list;
        writeStdout(*format == OutputFormat::Json ? toIndentedJson(document)
                                                  : toYaml(document).toUtf8());
        break;
    }
    }
    runner->printStatsIfAsked();
    return allFound ? 0 : 1;
}

const CommandRegistration registration(Command{
    QStringLiteral("get"),
    QStringLiteral("get KIND [NAME...] [-o wide|name|json|yaml]\n"
                   "                                      sync, print like kubectl get, exit"),
    addInformerCommandOptions,
    runGet,
});

} // namespace

} // namespace informantctl
