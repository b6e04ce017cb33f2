// informantctl: the informer stack without a GUI, for scripts, tests and
// benchmarks (product spec §4).

#include "booleanflags.h"
#include "command.h"
#include "escapedstderr.h"
#include "globaloptions.h"
#include "tristateflags.h"

#include "informer/informers/memorytrim.h"

#include <QCoreApplication>
#include <QTextStream>

namespace informantctl {

QList<Command> &commands()
{
    static QList<Command> all;
    return all;
}

} // namespace informantctl

using namespace informantctl;

namespace {

// Finds the longest registered command name that prefixes the positional
// arguments ("config get-contexts" before "config").
const Command *matchCommand(const QStringList &positional, qsizetype &consumed)
{
    const Command *best = nullptr;
    for (const Command &command : commands()) {
        const QStringList words = command.name.split(QLatin1Char(' '));
        if (words.size() > positional.size() || (best && words.size() <= consumed))
            continue;
        if (positional.mid(0, words.size()) == words) {
            best = &command;
            consumed = words.size();
        }
    }
    return best;
}

QString commandSummary()
{
    QString text = QStringLiteral("\nCommands:\n");
    for (const Command &command : commands())
        text += QStringLiteral("  %1\n").arg(command.synopsis);
    return text;
}

} // namespace

int main(int argc, char *argv[])
{
    informant::keepFreedMemoryForReuse();
    // Before anything can print: messages quote servers and kubeconfigs.
    escapeStandardError();
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("informantctl"));
    QCoreApplication::setApplicationVersion(QStringLiteral(INFORMANT_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Informant's informer stack on the command line.") + commandSummary());
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("What to do."));
    addGlobalOptions(parser);
    for (const Command &command : commands()) {
        if (command.addOptions)
            command.addOptions(parser);
    }
    parser.process(
        withBooleanFlagValues(parser, withTriStateFlagValues(QCoreApplication::arguments())));

    const QStringList positional = parser.positionalArguments();
    qsizetype consumed = 0;
    const Command *command = matchCommand(positional, consumed);
    if (!command) {
        QTextStream(stderr) << "informantctl: "
                            << (positional.isEmpty() ? QStringLiteral("no command given")
                                                     : QStringLiteral("unknown command \"%1\"")
                                                           .arg(positional.join(QLatin1Char(' '))))
                            << "\nRun informantctl --help for the list of commands.\n";
        return 2;
    }
    return command->run(parser, positional.mid(consumed));
}
