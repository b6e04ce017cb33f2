#pragma once

// informantctl's sub-commands. Each command lives in its own file and
// registers itself with a static CommandRegistration, so main.cpp never
// changes when a command is added.

#include <QCommandLineParser>
#include <QStringList>

#include <functional>

namespace informantctl {

struct Command
{
    QString name;     // e.g. "api-resources"; may contain a space ("config get-contexts")
    QString synopsis; // one line for --help
    // Declares the command's own options on the shared parser (may be empty).
    std::function<void(QCommandLineParser &)> addOptions;
    // Runs with the parsed options and the positional arguments after the
    // command name. Returns the process exit status.
    std::function<int(const QCommandLineParser &, const QStringList &)> run;
};

QList<Command> &commands();

struct CommandRegistration
{
    explicit CommandRegistration(Command command) { commands().append(std::move(command)); }
};

} // namespace informantctl
