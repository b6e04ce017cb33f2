// informantctl get KIND: sync one informer and print the table kubectl get
// prints (the shared printers' columns; NAMESPACE first with -A), then exit.

#include "command.h"
#include "informerrunner.h"
#include "tabwriter.h"

#include "informer/printers/resourceprinter.h"

#include <QDateTime>
#include <QTextStream>

#include <algorithm>

using namespace informant;

namespace informantctl {

namespace {

constexpr qint64 kSyncTimeoutMs = 120000;

int runGet(const QCommandLineParser &parser, const QStringList &args)
{
    if (args.size() != 1) {
        QTextStream(stderr) << "error: get needs exactly one KIND (e.g. informantctl get pods)\n";
        return 2;
    }
    auto runner = InformerRunner::create(parser, args.first());
    if (!runner)
        return 1;
    runner->start();
    if (!runner->waitForSync(true, kSyncTimeoutMs))
        return 1;

    QList<KubeObject> objects = runner->informer().indexer().list();
    runner->stop();
    std::sort(objects.begin(), objects.end(),
              [](const KubeObject &a, const KubeObject &b) { return a.key() < b.key(); });
    if (objects.isEmpty()) {
        QTextStream err(stderr);
        if (runner->resource().namespaced && !runner->namespaceName().isEmpty())
            err << "No resources found in " << runner->namespaceName() << " namespace.\n";
        else
            err << "No resources found\n";
        runner->printStatsIfAsked();
        return 0;
    }

    const ResourcePrinter &printer = runner->printer();
    const QList<PrintColumn> columns = printer.columns();
    const bool withNamespace = runner->allNamespaces();
    QList<QStringList> rows;
    QStringList header;
    if (withNamespace)
        header.append(QStringLiteral("NAMESPACE"));
    for (const PrintColumn &column : columns)
        if (column.priority == 0)
            header.append(column.name);
    rows.append(header);
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    for (const KubeObject &object : std::as_const(objects)) {
        const QStringList cells = printer.cells(object, nowMs);
        QStringList row;
        if (withNamespace)
            row.append(object.namespaceName());
        for (qsizetype i = 0; i < columns.size() && i < cells.size(); ++i)
            if (columns.at(i).priority == 0)
                row.append(cells.at(i));
        rows.append(row);
    }
    QTextStream(stdout) << formatTable(rows);
    runner->printStatsIfAsked();
    return 0;
}

const CommandRegistration registration(Command{
    QStringLiteral("get"),
    QStringLiteral("get KIND                            sync, print the table like kubectl get, "
                   "exit"),
    addInformerCommandOptions,
    runGet,
});

} // namespace

} // namespace informantctl
