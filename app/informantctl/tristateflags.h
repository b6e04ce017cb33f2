#pragma once

// Boolean flags whose "false" is not their absence, as kubectl's
// `api-resources --namespaced`: absent lists every resource, =false only the
// cluster-scoped ones, =true or bare only the namespaced ones.
// QCommandLineParser knows a flag either with a value or without one, so such
// a flag is declared with a value and a bare `--NAME` is rewritten to
// `--NAME=true` before the parser sees it. Its value is read as pflag reads a
// bool (Go's strconv.ParseBool). Arguments after "--" are never touched.

#include "informer/core/result.h"

#include <QCommandLineParser>
#include <QStringList>

#include <optional>

namespace informantctl {

// Declares `--name` on `parser` and remembers it for withTriStateFlagValues().
void addTriStateFlag(QCommandLineParser &parser, const QString &name, const QString &description);

// Whether `--name` was declared with addTriStateFlag() (pflag reads it as
// a boolean).
bool isTriStateFlag(const QString &name);

// `arguments` with every bare tri-state flag given its value "true".
QStringList withTriStateFlagValues(const QStringList &arguments);

// The flag's value: nullopt when absent; kubectl's message (pflag's, without
// "Error: ") for a value that is not a boolean.
informant::Result<std::optional<bool>> triStateFlag(const QCommandLineParser &parser,
                                                    const QString &name);

} // namespace informantctl
