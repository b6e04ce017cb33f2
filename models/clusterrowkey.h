#pragma once

// The key of a row in a table that holds several clusters' objects: the
// cluster (kubeconfig context) and the object's own key ("ns/name"), so the
// same namespace/name in two clusters are two rows. Context names may hold
// any printable character ('/' in EKS's ARNs), keys never a control
// character: a unit separator parts them.

#include <QString>
#include <QStringView>

namespace informant {

inline constexpr QChar kClusterKeySeparator = QChar(u'\x1f');

inline QString clusterRowKey(const QString &cluster, const QString &objectKey)
{
    return cluster + kClusterKeySeparator + objectKey;
}

// Empty for an object's own key (a table of one cluster).
inline QStringView clusterOfRowKey(QStringView rowKey)
{
    const qsizetype separator = rowKey.indexOf(kClusterKeySeparator);
    return separator < 0 ? QStringView() : rowKey.first(separator);
}

inline QStringView objectKeyOfRowKey(QStringView rowKey)
{
    const qsizetype separator = rowKey.indexOf(kClusterKeySeparator);
    return separator < 0 ? rowKey : rowKey.sliced(separator + 1);
}

} // namespace informant
