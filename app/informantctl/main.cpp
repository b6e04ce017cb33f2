// informantctl: the informer stack without a GUI, for scripts, tests and
// benchmarks (product spec §4).

#include "booleanflags.h"
#include "command.h"
#include "escapedstderr.h"
#include "flagerrors.h"
#include "globaloptions.h"
#include "standardfiledescriptors.h"
#include "tristateflags.h"
#include "verbosity.h"

#include "informer/informers/memorytrim.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QTextStream>

#include <cstdio>
#include <optional>

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

// As kubectl: a flag it would refuse is reported in pflag's words, with
// the command's usage pointer, before anything runs; so is anything else
// the parser refuses. The exit status, or nullopt when the flags are fine.
std::optional<int> flagErrorExit(QCommandLineParser &parser, const QStringList &arguments)
{
    QStringList positional;
    std::optional<QString> error = findFlagError(parser, arguments, positional);
    if (!error && !parser.parse(withBooleanFlagValues(parser, arguments)))
        error = parser.errorText();
    if (!error)
        error = verbosityError(parser);
    if (!error)
        return std::nullopt;
    qsizetype consumed = 0;
    const Command *command = matchCommand(positional, consumed);
    const QByteArray text = flagErrorText(*error, command ? command->name : QString()).toUtf8();
    std::fwrite(text.constData(), 1, size_t(text.size()), stderr);
    return 1;
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
    openClosedStandardFileDescriptors();
    informant::keepFreedMemoryForReuse();
    // Before anything can print: messages quote servers and kubeconfigs.
    escapeStandardError();
    // The informer library logs, in Qt's words, what informantctl says on
    // stderr in its own (a watch interrupted and retried, with why): its
    // lines would say it twice. QT_LOGGING_RULES (e.g. "informant.*=true")
    // still shows them: Qt reads it after these rules.
    QLoggingCategory::setFilterRules(QStringLiteral("informant.*=false"));
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("informantctl"));
    QCoreApplication::setApplicationVersion(QStringLiteral(INFORMANT_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Informant's informer stack on the command line.") + commandSummary());
    parser.addHelpOption();
    // Not addVersionOption(): its -v is kubectl's log level.
    addVerbosityOptions(parser);
    parser.addPositionalArgument(QStringLiteral("command"), QStringLiteral("What to do."));
    addGlobalOptions(parser);
    for (const Command &command : commands()) {
        if (command.addOptions)
            command.addOptions(parser);
    }
    const QStringList arguments = withTriStateFlagValues(QCoreApplication::arguments());
    if (const auto failed = flagErrorExit(parser, arguments))
        return *failed;
    parser.process(withBooleanFlagValues(parser, arguments)); // --help
    if (versionAsked(parser))
        parser.showVersion();

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
