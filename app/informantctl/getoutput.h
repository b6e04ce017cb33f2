#pragma once

// GetOutput: what `informantctl get -o VALUE` prints with, read once from
// the flag: the format and, for the formats that take one, the parsed
// template or column spec. Errors are kubectl's, for `get`: "table" given
// explicitly is no printer (kubectl get has none by that name), a template
// format wants a template, and a template or spec must parse.

#include "customcolumns.h"
#include "jsonpathtemplate.h"
#include "outputformat.h"

#include "informer/core/result.h"

#include <QCommandLineParser>

#include <optional>

namespace informantctl {

struct GetOutput
{
    OutputFormat format = OutputFormat::Table;
    std::optional<JsonPathTemplate> jsonPath; // JsonPath, JsonPathAsJson
    std::optional<CustomColumns> columns;     // CustomColumns

    bool isTable() const { return format == OutputFormat::Table || format == OutputFormat::Wide; }

    static informant::Result<GetOutput> fromParser(const QCommandLineParser &parser);
};

} // namespace informantctl
