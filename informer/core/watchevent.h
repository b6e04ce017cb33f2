#pragma once

// One event of a watch stream (apimachinery watch.Event as JSON frames).

#include "informer/core/apistatus.h"
#include "informer/core/kubeobject.h"

namespace informant {

struct WatchEvent
{
    enum class Type { Added, Modified, Deleted, Bookmark, Error };

    Type type = Type::Added;
    KubeObject object; // for Added/Modified/Deleted/Bookmark
    ApiStatus status;  // for Error

    static QString typeName(Type type); // "ADDED", ...
    // True for the BOOKMARK that ends a streaming list
    // (annotation k8s.io/initial-events-end exactly "true").
    bool isInitialEventsEnd() const;
};

} // namespace informant
