#pragma once

// Internal to informer-printers: go-yaml v2's resolver, which decides what a
// plain (unquoted) scalar reads back as. kubectl's YAML writer quotes a
// string that would read back as another type, and keeps as an integer a
// number whose JSON text reads back as one. Pure; thread-safe.

#include <QString>

namespace informant::printers_detail {

// Go's strconv.ParseInt(text, 0, 64) or ParseUint(text, 0, 64) accepts it:
// a sign (ParseInt only), then 0x, 0o, 0b, a leading 0 (octal) or decimal.
bool parsesAsGoInteger(const QString &text);

// Plain `text` would read back as a string in go-yaml v2: not a bool, null,
// number or timestamp of YAML 1.1 as go-yaml resolves them, nor a base-60
// float (which go-yaml does not read, but quotes for other parsers).
bool resolvesToString(const QString &text);

} // namespace informant::printers_detail
