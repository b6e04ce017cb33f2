#pragma once

// kubectl's log verbosity, -v LEVEL (also -v=LEVEL, -vLEVEL, --v=LEVEL):
// typed from habit, as `kubectl -v=6` is the first step of every "why is
// this slow, what did it ask". klog reads the level as a 32-bit decimal
// integer (strconv.ParseInt(value, 10, 32)), the last one given winning;
// anything else is pflag's "invalid argument" error. What informantctl logs
// at a level is requestlog.h's; below kRequestLogLevel it logs nothing.
// --version (QCommandLineParser's -v) is declared here too, without the
// shorthand kubectl gives -v.

#include <QCommandLineParser>

#include <optional>

namespace informantctl {

// Declares -v/--v and --version (called once, by main).
void addVerbosityOptions(QCommandLineParser &parser);

// pflag's error (without "Error: ") for a level klog refuses; nullopt when
// every -v given is one (or none is).
std::optional<QString> verbosityError(const QCommandLineParser &parser);

// The level asked for; 0 when none.
int verbosity(const QCommandLineParser &parser);

// Whether --version was given.
bool versionAsked(const QCommandLineParser &parser);

} // namespace informantctl
