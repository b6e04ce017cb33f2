#include "sim/watchsession.h"

#include "sim/listplan.h"
#include "sim/mediatype.h"
#include "sim/partialmetadata.h"
#include "sim/responder.h"
#include "sim/statuses.h"

#include <QDateTime>

namespace informant::sim {

namespace {

constexpr qsizetype kFlushBytes = 256 * 1024;
// The initial state is streamed in pieces of references to the stored bytes
// (no copies), as big as a list's.
constexpr qsizetype kInitialPieceBytes = 4 * 1024 * 1024;
// A replayed history is rendered frame by frame into pieces of this size.
constexpr qsizetype kReplayPieceBytes = 256 * 1024;
// A client this far behind is cut off, as the watch cache drops slow watchers.
constexpr qint64 kMaxBacklogBytes = qint64(1) << 30;
// How long a streaming list at a resourceVersion not yet reached waits for
// it (the watch cache's blockTimeout), and how often it looks.
constexpr qint64 kFreshWaitMs = 3000;
constexpr int kFreshPollMs = 50;

const QString kNotOlderThan = QStringLiteral("NotOlderThan");
const QString kForbidden = QStringLiteral("FieldValueForbidden");

std::optional<ApiStatus> validateWatch(const HttpRequest &request)
{
    const QString rvm = request.param(QStringLiteral("resourceVersionMatch"));
    const QString field = QStringLiteral("resourceVersionMatch");
    if (request.hasParam(QStringLiteral("sendInitialEvents"))) {
        if (rvm != kNotOlderThan)
            return invalidListOptions(
                field, kForbidden,
                QStringLiteral("Forbidden: sendInitialEvents requires "
                               "setting resourceVersionMatch to NotOlderThan"));
        if (!request.flag(QStringLiteral("allowWatchBookmarks")))
            return invalidListOptions(QStringLiteral("allowWatchBookmarks"), kForbidden,
                                      QStringLiteral("Forbidden: sendInitialEvents requires "
                                                     "setting allowWatchBookmarks to true"));
    } else if (!rvm.isEmpty()) {
        return invalidListOptions(field, kForbidden,
                                  QStringLiteral("Forbidden: resourceVersionMatch is forbidden for "
                                                 "watch unless sendInitialEvents is provided"));
    }
    if (!rvm.isEmpty() && rvm != kNotOlderThan)
        return invalidListOptions(field, QStringLiteral("FieldValueNotSupported"),
                                  QStringLiteral("Unsupported value: \"%1\": supported values: "
                                                 "\"NotOlderThan\"")
                                      .arg(rvm));
    if (!rvm.isEmpty() && request.hasParam(QStringLiteral("continue")))
        return invalidListOptions(field, kForbidden,
                                  QStringLiteral("Forbidden: resourceVersionMatch is forbidden "
                                                 "when continue is provided"));
    return std::nullopt;
}

} // namespace

void WatchSession::start(ServerContext &context, HttpConnection *connection,
                         const HttpRequest &request, const RequestTarget &target)
{
    if (const auto invalid = validateWatch(request))
        return sendStatus(connection, *invalid);
    Result<ObjectFilter> filter =
        ObjectFilter::fromRequest(request, target.type, target.namespaceName);
    if (!filter.ok())
        return sendStatus(connection, statuses::badRequest(filter.errorMessage()));
    const auto include =
        TableRenderer::parseIncludeObject(request.param(QStringLiteral("includeObject")));
    if (!include)
        return sendStatus(connection,
                          statuses::badRequest(QStringLiteral("unrecognized includeObject value")));
    const QString rvText = request.param(QStringLiteral("resourceVersion"));
    const std::optional<quint64> rv = rvText.isEmpty() ? 0 : parseResourceVersion(rvText);
    if (!rv)
        return sendStatus(
            connection,
            statuses::badRequest(QStringLiteral("invalid resource version \"%1\"").arg(rvText)));
    const quint64 current = context.storage.currentRv();
    auto *session = new WatchSession(context, connection, target, std::move(filter.value()));
    const Representation representation = representationFromAccept(request.header("accept"));
    if (representation.kind == Representation::Kind::Table)
        session->m_table.emplace(context.storage, target.type, representation.metaVersion, *include,
                                 0);
    else if (representation.kind == Representation::Kind::PartialMetadata)
        session->m_partialMetaVersion = representation.metaVersion;
    const bool hasSendInitial = request.hasParam(QStringLiteral("sendInitialEvents"));
    const bool sendInitial = request.flag(QStringLiteral("sendInitialEvents"));
    if (*rv > current) {
        // The watch cache's streaming list waits for the version
        // (waitUntilFreshAndBlock), then answers inside the stream. A plain
        // watch it would leave open, silent until the version is reached:
        // after a restore from an older backup, never. The simulator answers
        // that one inside the stream at once instead, so that a client comes
        // back from a restore it cannot see coming.
        if (sendInitial)
            session->waitForResourceVersion(request, *rv);
        else
            session->answerTooLarge(*rv);
        return;
    }
    // RV unset or "0" without sendInitialEvents: "Get State and Start at Most Recent/Any".
    const bool initialEvents = sendInitial || (!hasSendInitial && *rv == 0);
    session->begin(request, initialEvents ? current : (*rv == 0 ? current : *rv), initialEvents,
                   sendInitial);
}

void WatchSession::waitForResourceVersion(const HttpRequest &request, quint64 rv)
{
    m_freshTimer.setInterval(kFreshPollMs);
    connect(&m_freshTimer, &QTimer::timeout, this, [this, request, rv] {
        if (m_context.storage.currentRv() >= rv) {
            m_freshTimer.stop();
            begin(request, m_context.storage.currentRv(), true, true);
        } else if (m_freshSince.hasExpired(kFreshWaitMs)) {
            m_freshTimer.stop();
            answerTooLarge(rv);
        }
    });
    m_freshSince.start();
    m_freshTimer.start();
}

void WatchSession::answerTooLarge(quint64 rv)
{
    // NewTooLargeResourceVersionError as the ERROR event of an errWatcher:
    // the response itself is a 200.
    const QByteArray status =
        statuses::tooLargeResourceVersion(rv, m_context.storage.currentRv()).toJson();
    m_connection->startChunked(200, "application/json");
    append("{\"type\":\"ERROR\",\"object\":" + status + "}\n");
    stop();
}

WatchSession::WatchSession(ServerContext &context, HttpConnection *connection,
                           const RequestTarget &target, ObjectFilter filter)
    : QObject(connection)
    , m_context(context)
    , m_connection(connection)
    , m_target(target)
    , m_filter(std::move(filter))
{
    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(0);
    connect(&m_flushTimer, &QTimer::timeout, this, &WatchSession::flush);
    connect(&m_bookmarkTimer, &QTimer::timeout, this, [this] { sendBookmark(false); });
    m_timeoutTimer.setSingleShot(true);
    connect(&m_timeoutTimer, &QTimer::timeout, this, &WatchSession::stop);
    m_dropTimer.setSingleShot(true);
    connect(&m_dropTimer, &QTimer::timeout, this, &WatchSession::cut);
}

WatchSession::~WatchSession()
{
    if (m_store)
        m_store->removeWatcher(this);
}

void WatchSession::begin(const HttpRequest &request, quint64 startRv, bool initialEvents,
                         bool endBookmark)
{
    m_store = &m_context.storage.store(m_target.type.storageId);
    m_bookmarks = request.flag(QStringLiteral("allowWatchBookmarks"));
    m_connection->startChunked(200, "application/json");
    const qint64 timeoutSeconds = request.hasParam(QStringLiteral("timeoutSeconds"))
                                      ? request.param(QStringLiteral("timeoutSeconds")).toLongLong()
                                      : m_context.settings.defaultWatchTimeoutSeconds;
    m_timeoutTimer.start(std::chrono::milliseconds(std::max<qint64>(timeoutSeconds, 0) * 1000));
    if (const qint64 dropMs = m_context.faults.drawDropDelayMs())
        m_dropTimer.start(std::chrono::milliseconds(dropMs));

    if (!initialEvents && startRv < m_store->compactedRv()) {
        // A watch from a compacted version: one ERROR event, then the end.
        const QByteArray status = statuses::watchTooOld(startRv, m_store->compactedRv()).toJson();
        append("{\"type\":\"ERROR\",\"object\":" + status + "}\n");
        m_store = nullptr;
        stop();
        return;
    }
    m_store->addWatcher(this);
    if (!initialEvents) {
        const std::shared_ptr<const ReplayLog> &replay = m_store->replay();
        if (replay && startRv < replay->lastRv()) {
            // What was stored after the replay's changes follows them.
            m_queued = m_store->eventsAfter(replay->lastRv());
            streamReplay(replay, startRv);
            return;
        }
        for (const EventPtr &event : m_store->eventsAfter(startRv))
            appendEvent(*event);
        finishInitial();
        return;
    }
    m_sendEndBookmark = endBookmark;
    m_initialDone = false;
    m_initial = m_store->snapshotAt(startRv, m_context.storage.currentRv());
    m_connection->setProducer(
        [this](HttpConnection &) {
            const bool more = produceInitial();
            flush();
            return more && !m_stopped;
        },
        [this] { finishInitial(); });
}

// The replay log's changes after `fromRv`, as the socket drains; live events
// meanwhile queue behind them.
void WatchSession::streamReplay(const std::shared_ptr<const ReplayLog> &log, quint64 fromRv)
{
    m_replay = log;
    m_replayNext = std::max(fromRv + 1, log->firstRv());
    m_initialDone = false;
    m_connection->setProducer(
        [this](HttpConnection &) {
            const bool more = produceReplay();
            flush();
            return more && !m_stopped;
        },
        [this] { finishInitial(); });
}

void WatchSession::deliverReplay(const std::shared_ptr<const ReplayLog> &log)
{
    if (m_stopped)
        return;
    if (!m_initialDone) {
        // Still sending an initial state or an older replay: start over with
        // a clean cut, the client resumes from its last resourceVersion.
        cut();
        return;
    }
    flush();
    streamReplay(log, log->firstRv() - 1);
}

bool WatchSession::produceInitial()
{
    if (!m_initial)
        return false;
    static const QByteArray addedPrefix = QByteArrayLiteral("{\"type\":\"ADDED\",\"object\":");
    static const QByteArray frameEnd = QByteArrayLiteral("}\n");
    const std::vector<ObjectPtr> &items = *m_initial;
    // Plain frames are three references each: prefix, stored bytes, end.
    const bool plain = !m_table && m_partialMetaVersion.isEmpty() && !m_filter.hasSelectors();
    while (m_initialIndex < items.size() && m_pendingBytes < kInitialPieceBytes && !m_stopped) {
        const StoredObject &object = *items[m_initialIndex++];
        if (!m_filter.matches(object))
            continue;
        const QByteArray &json = objectBytes(object, m_target.type.view);
        if (plain) {
            append(addedPrefix);
            append(json);
            append(frameEnd);
        } else {
            appendFrame("ADDED", object, json);
        }
    }
    return m_initialIndex < items.size();
}

bool WatchSession::produceReplay()
{
    const ReplayLog &log = *m_replay;
    // Plain frames are rendered straight from the log; anything else (tables,
    // selectors, faults) goes through the event path.
    const bool plain = !m_table && m_partialMetaVersion.isEmpty() && !m_filter.hasSelectors() &&
                       !m_context.faults.spec().cutFrame;
    QByteArray out;
    if (plain)
        out.reserve(kReplayPieceBytes + 64 * 1024); // one frame past the limit
    while (m_replayNext <= log.lastRv() && out.size() < kReplayPieceBytes && !m_stopped) {
        const quint64 rv = m_replayNext++;
        if (plain) {
            if (m_filter.matches(log.baseAt(rv)))
                log.appendFrame(rv, out);
        } else {
            appendEvent(*log.eventAt(rv));
            if (m_pendingBytes >= kReplayPieceBytes)
                break;
        }
    }
    append(out);
    if (m_replayNext <= log.lastRv())
        return true;
    m_replay.reset();
    return false;
}

void WatchSession::finishInitial()
{
    m_initial.reset();
    m_replay.reset();
    m_initialDone = true;
    if (m_sendEndBookmark) {
        m_sendEndBookmark = false;
        // The end of the initial state is at the rv it was read at; queued
        // events come after it.
        sendBookmark(true);
    }
    const std::vector<EventPtr> queued = std::exchange(m_queued, {});
    for (const EventPtr &event : queued)
        appendEvent(*event);
    if (m_bookmarks && m_context.settings.bookmarkIntervalMs > 0)
        m_bookmarkTimer.start(m_context.settings.bookmarkIntervalMs);
    flush();
}

void WatchSession::deliver(const EventPtr &event)
{
    if (m_stopped)
        return;
    if (!m_initialDone) {
        m_queued.push_back(event);
        return;
    }
    appendEvent(*event);
    if (m_pendingBytes >= kFlushBytes)
        flush();
    else if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void WatchSession::appendEvent(const StoredEvent &event)
{
    using Type = StoredEvent::Type;
    if (m_stopped)
        return;
    const bool now = m_filter.matches(*event.object);
    const bool before = event.type == Type::Modified && m_filter.matches(*event.previous);
    Type type = event.type;
    if (event.type == Type::Modified && now != before)
        type = now ? Type::Added : Type::Deleted;
    if (!now && !(type == Type::Deleted && before))
        return;
    if (type == Type::Deleted && event.type == Type::Modified) {
        // Leaving the selection: the previous state at the event's resourceVersion.
        const QByteArray json = withResourceVersion(
            objectBytes(*event.previous, m_target.type.view), event.resourceVersion);
        appendFrame("DELETED", *event.previous, json);
        return;
    }
    if (type == event.type && !m_table && m_partialMetaVersion.isEmpty() &&
        !m_context.faults.spec().cutFrame) {
        append(event.frame(m_target.type.view)); // shared, not copied
        return;
    }
    appendFrame(StoredEvent::typeName(type), *event.object,
                objectBytes(*event.object, m_target.type.view));
}

void WatchSession::appendFrame(const QByteArray &type, const StoredObject &object,
                               const QByteArray &json)
{
    if (m_stopped)
        return;
    QByteArray frame = "{\"type\":\"" + type + "\",\"object\":";
    if (m_table) {
        frame += m_table->singleRowTable(object, json, !m_tableHeadersSent);
        m_tableHeadersSent = true;
    } else if (!m_partialMetaVersion.isEmpty()) {
        frame += partialObjectMetadata(json, m_partialMetaVersion);
    } else {
        frame += json;
    }
    frame += "}\n";
    if (m_context.faults.drawCutFrame()) {
        flush();
        // Announce the whole frame, send half of it, then drop the connection.
        m_connection->writeRaw(QByteArray::number(frame.size(), 16) + "\r\n" +
                               frame.left(frame.size() / 2));
        m_stopped = true;
        QTimer::singleShot(0, this, &WatchSession::cut);
        return;
    }
    append(frame);
}

void WatchSession::append(const QByteArray &frame)
{
    if (frame.isEmpty())
        return;
    m_pieces.append(frame);
    m_pendingBytes += frame.size();
}

void WatchSession::sendBookmark(bool initialEventsEnd)
{
    if (m_stopped || !m_initialDone)
        return;
    QByteArray metadata =
        "{\"resourceVersion\":\"" + QByteArray::number(m_context.storage.currentRv()) + '"';
    if (initialEventsEnd)
        metadata += ",\"annotations\":{\"k8s.io/initial-events-end\":\"true\"}";
    metadata += '}';
    // A Table or metadata-only watch's bookmark is a PartialObjectMetadata
    // (the apiserver transforms it as any other event's object).
    const QByteArray object =
        m_table || !m_partialMetaVersion.isEmpty()
            ? "{\"kind\":\"PartialObjectMetadata\",\"apiVersion\":\"" +
                  metaApiVersion(m_partialMetaVersion.isEmpty() ? QByteArray("v1")
                                                                : m_partialMetaVersion) +
                  "\",\"metadata\":" + metadata + '}'
            : "{\"kind\":\"" + m_target.type.kind.toUtf8() + "\",\"apiVersion\":\"" +
                  m_target.type.apiVersion().toUtf8() + "\",\"metadata\":" + metadata + '}';
    append("{\"type\":\"BOOKMARK\",\"object\":" + object + "}\n");
    flush();
}

void WatchSession::flush()
{
    if (m_pieces.isEmpty() || m_stopped || !m_connection->isStreaming())
        return;
    m_connection->writeChunkParts(m_pieces);
    m_pieces.clear();
    m_pendingBytes = 0;
    if (m_connection->queuedBytes() > kMaxBacklogBytes)
        cut();
}

void WatchSession::stop()
{
    if (m_store) {
        m_store->removeWatcher(this);
        m_store = nullptr;
    }
    flush();
    m_stopped = true;
    m_connection->endChunked();
    deleteLater();
}

void WatchSession::cut()
{
    if (m_store) {
        m_store->removeWatcher(this);
        m_store = nullptr;
    }
    m_stopped = true;
    m_connection->abort();
}

} // namespace informant::sim
