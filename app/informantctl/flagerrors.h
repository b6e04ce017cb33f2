#pragma once

// Command-line flag errors as kubectl 1.32 prints them (cobra and pflag):
//
//   Error: unknown flag: --bogus
//   See 'informantctl get --help' for usage.
//
// on stderr, exit status 1, where QCommandLineParser would say "Unknown
// option 'bogus'." The arguments are read as pflag reads them (interspersed
// flags, "--" ending them, -abc as -a -b -c, -nVALUE and -n=VALUE, --flag
// VALUE and --flag=VALUE, a boolean flag's value only after "=" and parsed
// as Go's strconv.ParseBool), and the first flag pflag would refuse is
// named in pflag's words. The flags known are those `parser` declares,
// read from its help text, the one place QCommandLineParser lists them.
// The command named in "See ..." is the one the arguments that are not
// flags name, as cobra finds it; none: the program itself.

#include <QCommandLineParser>
#include <QStringList>

#include <optional>

namespace informantctl {

// pflag's message (without "Error: ") for the first flag of `arguments`
// (the program name first) it would refuse; nullopt when there is none.
// `positional` receives the arguments that are not flags or their values.
std::optional<QString> findFlagError(const QCommandLineParser &parser, const QStringList &arguments,
                                     QStringList &positional);

// "Error: MESSAGE\nSee 'informantctl COMMAND --help' for usage.\n" (no
// COMMAND when `command` is empty).
QString flagErrorText(const QString &message, const QString &command);

// pflag's error (without "Error: ") for `value` given to the int64 flag
// `flag` ("--chunk-size"), read as strconv.ParseInt(value, 0, 64) reads it:
// decimal, 0x, 0o, 0b or a leading 0, "_" between digits; nullopt when it
// is one.
std::optional<QString> int64ValueError(const QString &flag, const QString &value);

// pflag's error (without "Error: ") for `value` given to `flag` ("-v,
// --v"), read as strconv.ParseInt(value, 10, 32) reads it: decimal digits
// after an optional sign, nothing else; nullopt when it is one.
std::optional<QString> int32DecimalValueError(const QString &flag, const QString &value);

// Go's strconv.ParseBool: nullopt for anything else.
std::optional<bool> parseGoBool(const QString &text);

} // namespace informantctl
