// Fuzz target: single-object decoding, hot field extraction and the
// managedFields transform.

#include "informer/core/kubeobject.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArrayView json(reinterpret_cast<const char *>(data), qsizetype(size));
    auto object = informant::KubeObject::fromJson(json);
    if (!object.ok())
        return 0;
    const informant::KubeObject stripped = informant::withoutManagedFields(object.value());
    if (stripped.uid() != object->uid() || stripped.labels() != object->labels())
        __builtin_trap();
    (void)informant::parseKubeTimestampMs(json);
    return 0;
}
