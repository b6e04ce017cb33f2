#pragma once

// Internal to informer-core: decodes one Kubernetes object from a simdjson
// On-Demand value, for the list, watch and single-object decoders.
//
// Why On-Demand: it gives the raw byte range of each object, so the stored
// bytes are a (minifying) copy of the input instead of a re-serialisation,
// and a single pass reads exactly the hot fields. Hot fields are fully
// type-checked; other fields are checked for structure and UTF-8 (simdjson's
// stage 1) and parsed with full validation by whoever reads them later.

#include "informer/core/frameprefix.h"
#include "informer/core/kubeobject.h"
#include "informer/core/valueends.h"

#include <simdjson.h>

namespace informant::detail {

// Names the object in error messages: "items[12]", "watch event object".
struct ObjectContext
{
    const char *what;
    qsizetype index = -1; // appended as [index] when >= 0

    QString describe() const;
};

// `documentEnd`: where the document ends, given when nothing reads the
// document after this object (a watch frame's object). The decoder may then
// stop iterating once it has read every field it needs, leaving simdjson's
// iterator inside the object, and check the members after those with a
// bracket scan instead of walking them token by token (objecttail.h): the
// result is the same either way. Like any simdjson document's end, it has
// SIMDJSON_PADDING readable bytes after it.
//
// `prefix`: the document is a watch frame's prefix (frameprefix.h), and
// `documentEnd` the frame's end. The decoder then succeeds only when it
// meets the prefix's stand-in key as a member of metadata and the frame's
// bytes from there check by scanning; it fails otherwise, and the caller
// decodes the whole frame.
//
// `valueEnds`: where the frame's shallow values end (valueends.h), so the
// check of the members after those read finds their ends without a scan.
Result<KubeObject> decodeObject(simdjson::ondemand::value value, const DecodeOptions &options,
                                const ObjectContext &context, const char *documentEnd = nullptr,
                                const FramePrefix *prefix = nullptr,
                                const FrameValueEnds *valueEnds = nullptr);

} // namespace informant::detail
