#pragma once

// Boolean flags written with a value, as kubectl (pflag) accepts them:
// `--no-headers=true`, `--show-labels=false`, `-A=false`. QCommandLineParser
// knows a flag only as present or absent, so the arguments are rewritten
// before it parses them: NAME=true becomes the bare flag, NAME=false is
// dropped (the flag's default); any spelling Go's strconv.ParseBool takes
// (1, t, T, TRUE, True, true and their false twins) counts. Only options the parser declares
// without a value are rewritten; anything else is left for the parser to accept or refuse as
// before. Arguments after "--" are never touched.

#include <QCommandLineParser>
#include <QStringList>

namespace informantctl {

// `arguments` includes the program name first, as QCoreApplication's.
// `parser` must hold every option; its parse state is reset.
QStringList withBooleanFlagValues(QCommandLineParser &parser, const QStringList &arguments);

} // namespace informantctl
