#pragma once

// Decoding of a List response (PodList, ...): items plus ListMeta.

#include "informer/core/kubeobject.h"

#include <QList>

#include <optional>

namespace informant {

struct ListPage
{
    QString kind; // e.g. "PodList"
    QString apiVersion;
    QString resourceVersion;
    QString continueToken;
    std::optional<qint64> remainingItemCount;
    QList<KubeObject> items;
};

// Decodes a whole list body. A malformed body or a malformed item is an
// error naming the item index; "items": null is an empty list.
Result<ListPage> decodeListPage(QByteArrayView json, const DecodeOptions &options = {});

} // namespace informant
