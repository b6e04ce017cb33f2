#pragma once

// ListOptions: the query parameters of list and watch requests
// (metav1.ListOptions, reference §1.2). Empty values are omitted from the
// query string, as client-go does.

#include <QString>
#include <QUrlQuery>

#include <optional>

namespace informant {

struct ListOptions
{
    QString labelSelector;
    QString fieldSelector;
    QString resourceVersion;
    QString resourceVersionMatch; // "", "NotOlderThan" or "Exact"
    QString continueToken;
    qint64 limit = 0;
    int timeoutSeconds = 0;
    bool allowWatchBookmarks = false;
    std::optional<bool> sendInitialEvents;

    // Query items in a stable (sorted) order; `watch` adds watch=true.
    QUrlQuery toQuery(bool watch = false) const
    {
        QUrlQuery query;
        if (allowWatchBookmarks)
            query.addQueryItem(QStringLiteral("allowWatchBookmarks"), QStringLiteral("true"));
        if (!continueToken.isEmpty())
            query.addQueryItem(QStringLiteral("continue"), continueToken);
        if (!fieldSelector.isEmpty())
            query.addQueryItem(QStringLiteral("fieldSelector"), fieldSelector);
        if (!labelSelector.isEmpty())
            query.addQueryItem(QStringLiteral("labelSelector"), labelSelector);
        if (limit > 0)
            query.addQueryItem(QStringLiteral("limit"), QString::number(limit));
        if (!resourceVersion.isEmpty())
            query.addQueryItem(QStringLiteral("resourceVersion"), resourceVersion);
        if (!resourceVersionMatch.isEmpty())
            query.addQueryItem(QStringLiteral("resourceVersionMatch"), resourceVersionMatch);
        if (sendInitialEvents.has_value())
            query.addQueryItem(QStringLiteral("sendInitialEvents"), *sendInitialEvents
                                                                        ? QStringLiteral("true")
                                                                        : QStringLiteral("false"));
        if (timeoutSeconds > 0)
            query.addQueryItem(QStringLiteral("timeoutSeconds"), QString::number(timeoutSeconds));
        if (watch)
            query.addQueryItem(QStringLiteral("watch"), QStringLiteral("true"));
        return query;
    }
};

} // namespace informant
