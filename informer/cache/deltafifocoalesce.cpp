#include "informer/cache/deltafifocoalesce.h"

namespace informant {

qsizetype coalesceDeltas(Deltas &deltas)
{
    const qsizetype before = deltas.size();
    if (before < 2)
        return 0;
    qsizetype firstDeleted = -1;
    qsizetype lastDeleted = -1;
    for (qsizetype i = 0; i < before; ++i) {
        if (deltas.at(i).type != DeltaType::Deleted)
            continue;
        if (firstDeleted < 0)
            firstDeleted = i;
        lastDeleted = i;
    }
    Deltas result;
    if (firstDeleted < 0) {
        // Only upserts (Added/Updated/Replaced/Sync): the newest one carries
        // the state; the consumer tells add from update by its store.
        result.append(deltas.constLast());
    } else {
        if (firstDeleted > 0)
            result.append(deltas.at(firstDeleted - 1));
        result.append(deltas.at(firstDeleted));
        if (lastDeleted < before - 1)
            result.append(deltas.constLast());
    }
    if (result.size() == before)
        return 0;
    deltas = std::move(result);
    return before - deltas.size();
}

} // namespace informant
