#pragma once

// Records core/v1 Events as kubelet and controllers do: a repeat of the same
// (object, reason, message) bumps the existing Event's count, lastTimestamp
// and series instead of creating a new one. Server thread only.

#include "sim/servercontext.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>

namespace informant::sim {

struct EventSubject
{
    QString kind;
    QString apiVersion;
    QString namespaceName;
    QString name;
    QString uid;
    QString fieldPath;

    static EventSubject of(const StoredObject &object, const QString &kind,
                           const QString &apiVersion);
};

class EventRecorder
{
public:
    explicit EventRecorder(ServerContext &context)
        : m_context(context)
    {
    }

    // `at`: when it happened (a history written at the start); invalid: now.
    void normal(const EventSubject &subject, const QString &reason, const QString &message,
                const QString &component, const QDateTime &at = {});
    void warning(const EventSubject &subject, const QString &reason, const QString &message,
                 const QString &component, const QDateTime &at = {});

private:
    void record(const EventSubject &subject, const QString &type, const QString &reason,
                const QString &message, const QString &component, const QDateTime &at);

    ServerContext &m_context;
    QHash<QString, QString> m_eventKeys; // dedup key -> Event key (namespace/name)
    quint32 m_counter = 0;
};

} // namespace informant::sim
