#pragma once

// Internal to informer-core: writes a simdjson DOM element back as minified
// JSON, optionally leaving out metadata.managedFields of the top-level object.
// Strings are re-escaped; numbers keep their value (shortest round-trip form).

#include <simdjson.h>

#include <QByteArray>

namespace informant::detail {

void writeMinifiedJson(simdjson::dom::element element, QByteArray &out);
void writeObjectWithoutManagedFields(simdjson::dom::object object, QByteArray &out);
void appendJsonString(std::string_view text, QByteArray &out);

// A parser per thread: simdjson parsers are reusable and expensive to create.
simdjson::dom::parser &threadParser();

} // namespace informant::detail
