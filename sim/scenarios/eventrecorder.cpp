#include "sim/scenarios/eventrecorder.h"

#include "sim/objectwriter.h"

#include <QJsonDocument>

namespace informant::sim {

namespace {

// A metav1.MicroTime as the API server writes it (series.lastObservedTime,
// eventTime): six fractional digits. kubectl events and describe refuse one
// without them ("parsing time ... as 2006-01-02T15:04:05.000000Z07:00") and
// describe then shows no events at all.
QString microTime(const QDateTime &utc)
{
    return utc.toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss.zzz'000Z'"));
}

} // namespace

EventSubject EventSubject::of(const StoredObject &object, const QString &kind,
                              const QString &apiVersion)
{
    return EventSubject{kind, apiVersion, object.namespaceName, object.name, object.uid, QString()};
}

void EventRecorder::normal(const EventSubject &subject, const QString &reason,
                           const QString &message, const QString &component, const QDateTime &at)
{
    record(subject, QStringLiteral("Normal"), reason, message, component, at);
}

void EventRecorder::warning(const EventSubject &subject, const QString &reason,
                            const QString &message, const QString &component, const QDateTime &at)
{
    record(subject, QStringLiteral("Warning"), reason, message, component, at);
}

void EventRecorder::record(const EventSubject &subject, const QString &type, const QString &reason,
                           const QString &message, const QString &component, const QDateTime &at)
{
    const auto eventsType =
        m_context.table.find({}, QStringLiteral("v1"), QStringLiteral("events"));
    if (!eventsType)
        return;
    const QString namespaceName =
        subject.namespaceName.isEmpty() ? QStringLiteral("default") : subject.namespaceName;
    const QDateTime when = at.isValid() ? at.toUTC() : QDateTime::currentDateTimeUtc();
    const QString now = when.toString(Qt::ISODate);
    ObjectWriter writer(m_context, at);
    const QString dedup = subject.uid + '|' + reason + '|' + message;
    const ObjectPtr existing =
        m_context.storage.store(eventsType->storageId).get(m_eventKeys.value(dedup));
    if (existing) {
        QJsonObject event = ObjectWriter::toJson(*existing);
        const int count = event.value(QLatin1String("count")).toInt(1) + 1;
        event.insert(QLatin1String("count"), count);
        event.insert(QLatin1String("lastTimestamp"), now);
        event.insert(QLatin1String("series"),
                     QJsonObject{{"count", count}, {"lastObservedTime", microTime(when)}});
        (void)writer.update(*eventsType, event, existing, UpdateScope::Everything);
        return;
    }
    const QString name =
        QStringLiteral("%1.%2")
            .arg(subject.name)
            .arg(quint64(0x17a0000000000000ULL + (quint64(++m_counter) << 20) + qHash(dedup)), 0,
                 16);
    QJsonObject involved{{"kind", subject.kind},
                         {"namespace", subject.namespaceName},
                         {"name", subject.name},
                         {"uid", subject.uid},
                         {"apiVersion", subject.apiVersion}};
    if (!subject.fieldPath.isEmpty())
        involved.insert(QLatin1String("fieldPath"), subject.fieldPath);
    const QJsonObject event{{"apiVersion", "v1"},
                            {"kind", "Event"},
                            {"metadata", QJsonObject{{"name", name}, {"namespace", namespaceName}}},
                            {"involvedObject", involved},
                            {"reason", reason},
                            {"message", message},
                            {"source", QJsonObject{{"component", component}}},
                            {"firstTimestamp", now},
                            {"lastTimestamp", now},
                            {"count", 1},
                            {"type", type},
                            {"eventTime", QJsonValue::Null},
                            {"reportingComponent", component},
                            {"reportingInstance", ""}};
    const auto created = writer.create(*eventsType, event, namespaceName);
    if (created.ok())
        m_eventKeys.insert(dedup, created.value()->object->key);
}

} // namespace informant::sim
