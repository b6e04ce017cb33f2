// informantctl watch KIND [-o table|json]: print every change as it arrives,
// like kubectl get -w (table rows, with --no-headers and --show-labels; or
// one JSON watch event per line). The first list must succeed (exit 1
// otherwise); then it runs until interrupted (or its reader is gone:
// SIGPIPE) and reconnects across server restarts. `get KIND -w` prints the same way
// (resourcewatch.h).

#include "command.h"
#include "informerrunner.h"
#include "resourcewatch.h"

#include <QTextStream>

namespace informantctl {

namespace {

int runWatch(const QCommandLineParser &parser, const QStringList &args)
{
    if (args.size() != 1) {
        QTextStream(stderr) << "error: watch needs exactly one KIND\n";
        return 2;
    }
    const QString output = parser.value(QStringLiteral("output"));
    if (output != QLatin1String("table") && output != QLatin1String("json")) {
        QTextStream(stderr) << "error: -o must be table or json\n";
        return 2;
    }
    auto runner = InformerRunner::create(parser, args.first());
    if (!runner)
        return 1;
    WatchFormat format;
    format.output = output == QLatin1String("json") ? WatchOutput::JsonEvents : WatchOutput::Table;
    format.table = tableOptions(parser);
    format.table.withNamespace = runner->allNamespaces();
    return watchResource(*runner, format);
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
