#pragma once

// One watch stream (GET ...?watch=true): validates the options, sends the
// initial state (synthetic ADDED events, or the streaming-list ADDED events
// and the k8s.io/initial-events-end BOOKMARK), replays history after a
// resourceVersion (or a 410 ERROR event when it is compacted; a 504 one when
// the store has not reached it), then live events filtered by namespace and
// selectors (objects leaving the selection become DELETED, entering it ADDED,
// as the watch cache does). Periodic BOOKMARKs with allowWatchBookmarks, clean
// end at timeoutSeconds, Table frames for Table Accept, PartialObjectMetadata
// frames for a metadata-only one. Fan-out: an event's frame is serialised
// once and shared (a reference, not a copy) by every watcher; the frames of
// one event loop turn go to the socket as one chunk in one vectored write.
// History and the replay log's changes are streamed as the socket drains, so
// a watch from far back never piles up in memory. A child of its
// HttpConnection; server thread only.

#include "sim/httpconnection.h"
#include "sim/objectfilter.h"
#include "sim/requesttarget.h"
#include "sim/servercontext.h"
#include "sim/tableresponse.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <optional>
#include <vector>

namespace informant::sim {

class WatchSession final : public QObject, public WatchSink
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WatchSession)

public:
    // Validates and starts the watch, or answers with an error Status.
    static void start(ServerContext &context, HttpConnection *connection,
                      const HttpRequest &request, const RequestTarget &target);
    ~WatchSession() override;

    void deliver(const EventPtr &event) override;
    void deliverReplay(const std::shared_ptr<const ReplayLog> &log) override;

private:
    WatchSession(ServerContext &context, HttpConnection *connection, const RequestTarget &target,
                 ObjectFilter filter);
    void begin(const HttpRequest &request, quint64 startRv, bool initialEvents, bool endBookmark);
    // A streaming list at a resourceVersion the store has not reached: begun
    // once it is, answered too large if it is not within the watch cache's wait.
    void waitForResourceVersion(const HttpRequest &request, quint64 rv);
    // 200, one ERROR event with the 504 "Too large resource version" Status,
    // then the end.
    void answerTooLarge(quint64 rv);
    bool produceInitial();
    bool produceReplay();
    void streamReplay(const std::shared_ptr<const ReplayLog> &log, quint64 fromRv);
    void finishInitial();
    void appendEvent(const StoredEvent &event);
    void appendFrame(const QByteArray &type, const StoredObject &object, const QByteArray &json);
    void sendBookmark(bool initialEventsEnd);
    void append(const QByteArray &frame);
    void flush();
    void stop(); // clean end of the stream
    void cut();  // abrupt end (faults)

    ServerContext &m_context;
    HttpConnection *m_connection;
    RequestTarget m_target;
    ObjectFilter m_filter;
    ResourceStore *m_store = nullptr;
    std::optional<TableRenderer> m_table;
    bool m_tableHeadersSent = false;
    // The meta.k8s.io version of PartialObjectMetadata frames; empty: whole objects.
    QByteArray m_partialMetaVersion;
    bool m_bookmarks = false;
    bool m_sendEndBookmark = false;
    bool m_initialDone = true;
    bool m_stopped = false;
    Snapshot m_initial;
    std::size_t m_initialIndex = 0;
    std::shared_ptr<const ReplayLog> m_replay; // streamed from m_replayNext to its end
    quint64 m_replayNext = 0;
    std::vector<EventPtr> m_queued; // live events while the initial state streams
    QList<QByteArray> m_pieces;     // frames not yet written (shared with the events)
    qsizetype m_pendingBytes = 0;
    QTimer m_flushTimer;
    QTimer m_bookmarkTimer;
    QTimer m_timeoutTimer;
    QTimer m_dropTimer;
    QTimer m_freshTimer;
    QElapsedTimer m_freshSince;
};

} // namespace informant::sim
