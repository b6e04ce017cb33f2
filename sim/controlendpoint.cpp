#include "sim/controlendpoint.h"

#include "sim/responder.h"
#include "sim/scenarios/recordingreplaycontrol.h"
#include "sim/statuses.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace informant::sim {

namespace {

std::optional<ResourceType> resolve(const ResourceTable &table, const QString &name)
{
    const qsizetype dot = name.indexOf(QLatin1Char('.'));
    const QString resource = dot < 0 ? name : name.left(dot);
    const QString group = dot < 0 ? QString() : name.mid(dot + 1);
    for (const ResourceType &type : table.types()) {
        if (type.resource == resource && (dot < 0 || type.group == group))
            return type;
    }
    return std::nullopt;
}

void snapshot(ServerContext &context, HttpConnection *connection, const HttpRequest &request)
{
    const auto type = resolve(context.table, request.param(QStringLiteral("resource")));
    if (!type)
        return sendStatus(
            connection, statuses::badRequest(QStringLiteral("unknown resource \"%1\"")
                                                 .arg(request.param(QStringLiteral("resource")))));
    const QString namespaceName = request.param(QStringLiteral("namespace"));
    QByteArray out = "[";
    bool first = true;
    for (const auto &[key, object] : context.storage.store(type->storageId).objects()) {
        if (!namespaceName.isEmpty() && object->namespaceName != namespaceName)
            continue;
        out += first ? "" : ",";
        first = false;
        out += QJsonDocument(
                   QJsonObject{{"key", key},
                               {"uid", object->uid},
                               {"resourceVersion", QString::number(object->resourceVersion)}})
                   .toJson(QJsonDocument::Compact);
    }
    sendJson(connection, 200, out + ']');
}

void setFaults(ServerContext &context, HttpConnection *connection, const QString &spec)
{
    const Result<FaultSpec> parsed = FaultSpec::parse(spec);
    if (!parsed.ok())
        return sendStatus(connection, statuses::badRequest(parsed.errorMessage()));
    if (context.applyFaults)
        context.applyFaults(parsed.value());
    else
        context.faults.setSpec(parsed.value());
    sendJson(
        connection, 200,
        QJsonDocument(QJsonObject{{"faults", parsed->toString()}}).toJson(QJsonDocument::Compact));
}

// Where the replay scenario's changes are, for benchmarks and scripts.
void replayInfo(ServerContext &context, HttpConnection *connection)
{
    if (!context.replay && context.startReplay)
        return sendJson(connection, 200, "{\"started\":false}");
    if (!context.replay)
        return sendStatus(connection, statuses::pathNotFound()); // not the replay scenario
    const ReplayInfo &replay = *context.replay;
    const bool available = context.storage.store(replay.storageId).replay() != nullptr;
    const QJsonObject body{{"path", replay.path},
                           {"resourceVersion", QString::number(replay.fromRv)},
                           {"lastResourceVersion", QString::number(replay.toRv)},
                           {"changes", qint64(replay.toRv - replay.fromRv)},
                           {"available", available},
                           {"started", true}};
    sendJson(connection, 200, QJsonDocument(body).toJson(QJsonDocument::Compact));
}

QByteArray recordingJson(const RecordingReplayState &state)
{
    QJsonObject body{{"file", state.file},
                     {"recordedAt", state.recordedAt},
                     {"position", state.positionMs},
                     {"duration", state.durationMs},
                     {"speed", state.speed},
                     {"paused", state.paused},
                     {"changesApplied", state.changesApplied},
                     {"changes", state.changes},
                     {"finished", state.finished()}};
    // A move backward is written after the call answered: scripts wait for false.
    body.insert(QLatin1String("seeking"), state.seeking);
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

// GET /sim/v1/recording and its controls (`action` after "recording").
void recordingReplay(ServerContext &context, HttpConnection *connection, const HttpRequest &request,
                     const QString &action)
{
    RecordingReplayControl *replay = context.recordingReplay;
    if (!replay)
        return sendStatus(connection, statuses::pathNotFound()); // no recording replayed
    Result<void> done;
    if (action == QLatin1String("/pause") || action == QLatin1String("/resume")) {
        replay->setReplayPaused(action == QLatin1String("/pause"));
    } else if (action == QLatin1String("/seek")) {
        bool ok = false;
        const QString t = request.param(QStringLiteral("t"));
        const qint64 positionMs = t.toLongLong(&ok);
        done = ok ? replay->seekReplay(positionMs)
                  : makeError(QStringLiteral("seek: t must be milliseconds, got \"%1\"").arg(t));
    } else if (action == QLatin1String("/speed")) {
        bool ok = false;
        const QString x = request.param(QStringLiteral("x"));
        const double speed = x.toDouble(&ok);
        done = ok ? replay->setReplaySpeed(speed)
                  : makeError(QStringLiteral("speed: x must be a number, got \"%1\"").arg(x));
    } else if (!action.isEmpty()) {
        return sendStatus(connection, statuses::pathNotFound());
    }
    if (!done.ok())
        return sendStatus(connection, statuses::badRequest(done.errorMessage()));
    sendJson(connection, 200, recordingJson(replay->replayState()));
}

} // namespace

void handleControlRequest(ServerContext &context, HttpConnection *connection,
                          const HttpRequest &request)
{
    const QString action = request.path.mid(int(qstrlen("/sim/v1/")));
    const bool get = request.method == "GET";
    const bool post = request.method == "POST";
    if (get && action == QLatin1String("snapshot"))
        return snapshot(context, connection, request);
    if (get && action == QLatin1String("requests"))
        return connection->sendResponse(200, "application/x-ndjson",
                                        context.requestLog.toJsonLines());
    if (request.method == "DELETE" && action == QLatin1String("requests")) {
        context.requestLog.clear();
        return sendJson(connection, 200, "{}");
    }
    if (post &&
        (action == QLatin1String("churn/pause") || action == QLatin1String("churn/resume"))) {
        const bool paused = action.endsWith(QLatin1String("pause"));
        if (context.setChurnPaused)
            context.setChurnPaused(paused);
        return sendJson(connection, 200,
                        paused ? "{\"churn\":\"paused\"}" : "{\"churn\":\"running\"}");
    }
    if (get && action == QLatin1String("replay"))
        return replayInfo(context, connection);
    if (post && action == QLatin1String("replay/start")) {
        if (const auto start = std::exchange(context.startReplay, nullptr))
            start();
        return replayInfo(context, connection);
    }
    if (action == QLatin1String("recording") && get)
        return recordingReplay(context, connection, request, QString());
    if (action.startsWith(QLatin1String("recording/")) && post)
        return recordingReplay(context, connection, request,
                               action.mid(qsizetype(qstrlen("recording"))));
    if (get && action == QLatin1String("faults"))
        return sendJson(connection, 200,
                        QJsonDocument(QJsonObject{{"faults", context.faults.spec().toString()}})
                            .toJson(QJsonDocument::Compact));
    if (post && action == QLatin1String("faults"))
        return setFaults(context, connection, QString::fromUtf8(request.body).trimmed());
    if (post && action == QLatin1String("faults/off"))
        return setFaults(context, connection, QString());
    sendStatus(connection, statuses::pathNotFound());
}

} // namespace informant::sim
