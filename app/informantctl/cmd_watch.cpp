// informantctl watch KIND [-o table|json]: print every change as it arrives,
// like kubectl get -w (table rows; or one JSON watch event per line). Runs
// until interrupted; the informer reconnects across server restarts.

#include "command.h"
#include "informerrunner.h"

#include "informer/printers/resourceprinter.h"

#include <QDateTime>
#include <QTextStream>

#include <cstdio>
#include <limits>
#include <mutex>

using namespace informant;

namespace informantctl {

namespace {

// Writes lines from the handler thread, flushed at once (pipes included).
class LinePrinter
{
public:
    void print(const QByteArray &line)
    {
        std::lock_guard lock(m_mutex);
        std::fwrite(line.constData(), 1, size_t(line.size()), stdout);
        std::fputc('\n', stdout);
        std::fflush(stdout);
    }

private:
    std::mutex m_mutex;
};

QByteArray jsonEvent(const char *type, const KubeObject &object)
{
    return QByteArray("{\"type\":\"") + type + "\",\"object\":" + object.json() + '}';
}

// Column widths are fixed by the header (kubectl -w cannot re-align either);
// a cell wider than its column keeps kubectl's three-space gap after it, so
// values never run together ("CrashLoopBackOff6").
QByteArray tableRow(const QStringList &cells, const QList<qsizetype> &widths)
{
    constexpr qsizetype kGap = 3;
    QString line;
    for (qsizetype i = 0; i < cells.size(); ++i) {
        if (i + 1 == cells.size()) {
            line += cells[i];
            break;
        }
        const qsizetype width = widths.value(i, 20);
        line +=
            cells[i].leftJustified(cells[i].size() + kGap > width ? cells[i].size() + kGap : width);
    }
    return line.toUtf8();
}

int runWatch(const QCommandLineParser &parser, const QStringList &args)
{
    if (args.size() != 1) {
        QTextStream(stderr) << "error: watch needs exactly one KIND\n";
        return 2;
    }
    const QString format = parser.value(QStringLiteral("output"));
    if (format != QLatin1String("table") && format != QLatin1String("json")) {
        QTextStream(stderr) << "error: -o must be table or json\n";
        return 2;
    }
    auto runner = InformerRunner::create(parser, args.first());
    if (!runner)
        return 1;
    const bool json = format == QLatin1String("json");
    const bool withNamespace = runner->allNamespaces();
    const ResourcePrinter &printer = runner->printer();
    const QList<PrintColumn> columns = printer.columns();
    auto out = std::make_shared<LinePrinter>();

    QStringList header;
    if (withNamespace)
        header.append(QStringLiteral("NAMESPACE"));
    for (const PrintColumn &column : columns)
        if (column.priority == 0)
            header.append(column.name);
    QList<qsizetype> widths;
    for (const QString &name : std::as_const(header))
        widths.append(qMax<qsizetype>(name.size() + 3, name == QLatin1String("NAME") ? 40 : 12));
    if (withNamespace)
        widths[0] = 20;

    const auto row = [=, &printer](const KubeObject &object) {
        const QStringList cells = printer.cells(object, QDateTime::currentMSecsSinceEpoch());
        QStringList line;
        if (withNamespace)
            line.append(object.namespaceName());
        for (qsizetype i = 0; i < columns.size() && i < cells.size(); ++i)
            if (columns.at(i).priority == 0)
                line.append(cells.at(i));
        return tableRow(line, widths);
    };
    ResourceEventHandler handler;
    handler.onAdd = [=](const KubeObject &object, bool) {
        out->print(json ? jsonEvent("ADDED", object) : row(object));
    };
    handler.onUpdate = [=](const KubeObject &, const KubeObject &object) {
        out->print(json ? jsonEvent("MODIFIED", object) : row(object));
    };
    handler.onDelete = [=](const Delta &deleted) {
        if (deleted.object.isNull())
            return; // a tombstone without its last state: nothing to print
        out->print(json ? jsonEvent("DELETED", deleted.object) : row(deleted.object));
    };
    if (!json)
        out->print(tableRow(header, widths));
    (void)runner->informer().addEventHandler(handler);
    runner->setReportsWatchHealth(true);
    runner->start();
    runner->runFor(std::numeric_limits<qint64>::max() / 2);
    return 0;
}

const CommandRegistration registration(Command{
    QStringLiteral("watch"),
    QStringLiteral("watch KIND [-o table|json]          print every change as it arrives, like "
                   "kubectl get -w"),
    addInformerCommandOptions,
    runWatch,
});

} // namespace

} // namespace informantctl
