#pragma once

// OutputFormat: what `informantctl get -o FORMAT` prints, and the parsing of
// the flag with kubectl's error for a format it cannot print.

#include <QString>

#include <optional>

namespace informantctl {

enum class OutputFormat {
    Table,          // the default: the printer's priority-0 columns
    Wide,           // the table with the printer's wide (priority > 0) columns too
    Name,           // one "kind.group/name" per line
    Json,           // a List of the objects, as kubectl -o json
    Yaml,           // the same List as YAML
    JsonPath,       // jsonpath=TEMPLATE run on that List (jsonpathtemplate.h)
    JsonPathAsJson, // jsonpath-as-json=TEMPLATE: the results as JSON arrays
    CustomColumns,  // custom-columns=SPEC: a table of paths (customcolumns.h)
};

// The format for `-o value`; "" and "table" (the option's default) are the
// table. Nothing for a format get cannot print. The formats that take an
// argument are named with it ("jsonpath=TEMPLATE"); see
// outputFormatArgument.
std::optional<OutputFormat> parseOutputFormat(const QString &value);

// What follows the first '=' of `-o value` ("" when none).
QString outputFormatArgument(const QString &value);

// kubectl's message for an unknown -o value (without "error: " and newline),
// listing the formats informantctl supports.
QString unsupportedOutputFormatMessage(const QString &value);

} // namespace informantctl
