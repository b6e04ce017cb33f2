#pragma once

// Internal to informer-printers: evaluating a JsonPath over a parsed
// document, and kubectl's text rendering of JSON values.

#include "informer/printers/jsonpath.h"
#include "informer/printers/jsonview.h"

namespace informant::printers_detail {

QList<JsonView> evaluateJsonPath(const JsonPath &path, JsonView root);

// client-go's JSONPath PrintResults for one value: strings verbatim, numbers
// and booleans as Go's fmt prints them, null as "null", objects and arrays as
// Go's json.Marshal would (sorted keys, compact).
QString jsonPathText(JsonView value);

// Go's fmt.Sprint(float64) ("%v": shortest representation, exponent form
// below 1e-4 and from 1e21 on).
QString goFloatText(double value);

} // namespace informant::printers_detail
