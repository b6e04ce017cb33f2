#pragma once

// Internal to informer-core: decodes one Kubernetes object from a simdjson
// On-Demand value, for the list, watch and single-object decoders.
//
// Why On-Demand: it gives the raw byte range of each object, so the stored
// bytes are a (minifying) copy of the input instead of a re-serialisation,
// and a single pass reads exactly the hot fields. Hot fields are fully
// type-checked; other fields are checked for structure and UTF-8 (simdjson's
// stage 1) and parsed with full validation by whoever reads them later.

#include "informer/core/kubeobject.h"

#include <simdjson.h>

namespace informant::detail {

// Names the object in error messages: "items[12]", "watch event object".
struct ObjectContext
{
    const char *what;
    qsizetype index = -1; // appended as [index] when >= 0

    QString describe() const;
};

Result<KubeObject> decodeObject(simdjson::ondemand::value value, const DecodeOptions &options,
                                const ObjectContext &context);

} // namespace informant::detail
