#include "sim/listhandler.h"

#include "sim/continuetoken.h"
#include "sim/listplan.h"
#include "sim/mediatype.h"
#include "sim/objectfilter.h"
#include "sim/partialmetadata.h"
#include "sim/responder.h"
#include "sim/statuses.h"
#include "sim/tableresponse.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>

namespace informant::sim {

namespace {

constexpr qsizetype kStreamThresholdBytes = 1024 * 1024;
constexpr qsizetype kPieceBytes = 4 * 1024 * 1024;

struct Page
{
    std::vector<ObjectPtr> items;
    QString continueToken;
    qint64 remaining = -1;
};

// The key range of a namespace in a key-sorted snapshot.
std::pair<std::size_t, std::size_t> namespaceRange(const std::vector<ObjectPtr> &items,
                                                   const QString &namespaceName)
{
    if (namespaceName.isEmpty())
        return {0, items.size()};
    const QString prefix = namespaceName + '/';
    const auto less = [](const ObjectPtr &object, const QString &key) { return object->key < key; };
    const auto first = std::lower_bound(items.begin(), items.end(), prefix, less);
    auto last = first;
    while (last != items.end() && (*last)->key.startsWith(prefix))
        ++last;
    return {std::size_t(first - items.begin()), std::size_t(last - items.begin())};
}

Page selectPage(const std::vector<ObjectPtr> &snapshot, const ObjectFilter &filter,
                const ListPlan &plan, qint64 nowMs)
{
    Page page;
    auto [begin, end] = namespaceRange(snapshot, filter.namespaceName);
    if (!plan.startKey.isEmpty()) {
        const auto less = [](const ObjectPtr &o, const QString &key) { return o->key < key; };
        begin = std::max(begin, std::size_t(std::lower_bound(snapshot.begin(), snapshot.end(),
                                                             plan.startKey, less) -
                                            snapshot.begin()));
    }
    const bool selective = filter.hasSelectors();
    std::size_t i = begin;
    for (; i < end; ++i) {
        if (plan.limit > 0 && qint64(page.items.size()) >= plan.limit)
            break;
        if (!selective || filter.matches(*snapshot[i]))
            page.items.push_back(snapshot[i]);
    }
    // More pages only if another matching item exists.
    std::size_t next = i;
    while (next < end && selective && !filter.matches(*snapshot[next]))
        ++next;
    if (next < end && !page.items.empty()) {
        ContinueToken token;
        token.resourceVersion = qint64(plan.snapshotRv);
        token.startKey = page.items.back()->key + QChar(0);
        token.issuedMs = nowMs;
        page.continueToken = token.encode();
        if (!selective)
            page.remaining = qint64(end - next);
    }
    return page;
}

// An item as the API server lists it: a typed list's items leave out kind and
// apiVersion (the list names them once), while custom resources, served as
// unstructured objects, keep them. Generated objects are stored beginning
// with both (in either order): the item is their tail, sharing the stored
// buffer rather than copying it (a 100k-pod list stays a zero-copy stream);
// others are copied without them.
class ListItemBytes
{
public:
    ListItemBytes(const ResourceType &type, bool keepTypeMeta)
    {
        if (keepTypeMeta)
            return;
        const QByteArray kind = "\"kind\":\"" + type.kind.toUtf8() + "\",";
        const QByteArray apiVersion = "\"apiVersion\":\"" + type.apiVersion().toUtf8() + "\",";
        m_prefixes = {'{' + kind + apiVersion, '{' + apiVersion + kind};
    }
    // Appends the item's bytes to `parts` (one or two pieces).
    void append(const QByteArray &stored, QList<QByteArray> &parts) const
    {
        if (m_prefixes.isEmpty()) {
            parts.append(stored);
            return;
        }
        const qsizetype cut = prefixSize(stored);
        if (cut == 0) { // written with other members first (an object made by a POST)
            QJsonObject object = QJsonDocument::fromJson(stored).object();
            object.remove(QLatin1String("kind"));
            object.remove(QLatin1String("apiVersion"));
            parts.append(QJsonDocument(object).toJson(QJsonDocument::Compact));
            return;
        }
        static const QByteArray open = QByteArrayLiteral("{");
        QByteArray tail = stored; // shares the buffer
        tail.data_ptr().ptr += cut;
        tail.data_ptr().size -= cut;
        parts.append(open);
        parts.append(tail);
    }
    // The item's size, near enough to choose between one body and a stream.
    qsizetype size(const QByteArray &stored) const
    {
        const qsizetype cut = prefixSize(stored);
        return cut == 0 ? stored.size() : stored.size() - cut + 1;
    }

private:
    qsizetype prefixSize(const QByteArray &stored) const
    {
        for (const QByteArray &prefix : m_prefixes) {
            if (stored.startsWith(prefix))
                return prefix.size();
        }
        return 0;
    }
    QList<QByteArray> m_prefixes;
};

QByteArray listMetadata(quint64 rv, const Page &page)
{
    QByteArray out = "{\"resourceVersion\":\"" + QByteArray::number(rv) + '"';
    if (!page.continueToken.isEmpty())
        out += ",\"continue\":\"" + page.continueToken.toLatin1() + '"';
    if (page.remaining >= 0)
        out += ",\"remainingItemCount\":" + QByteArray::number(page.remaining);
    return out + '}';
}

void writeItems(HttpConnection *connection, QByteArray head, std::vector<ObjectPtr> items,
                ObjectView view, const QByteArray &partialMetaVersion,
                const ListItemBytes &itemBytes)
{
    qsizetype total = head.size();
    for (const ObjectPtr &item : items)
        total += itemBytes.size(objectBytes(*item, view)) + 1;
    const bool metadataOnly = !partialMetaVersion.isEmpty();
    const auto appendItem = [view, metadataOnly, partialMetaVersion,
                             itemBytes](QByteArray &out, const StoredObject &item) {
        if (!metadataOnly) {
            QList<QByteArray> pieces;
            itemBytes.append(objectBytes(item, view), pieces);
            for (const QByteArray &piece : std::as_const(pieces))
                out += piece;
            return;
        }
        out += partialObjectMetadata(objectBytes(item, view), partialMetaVersion);
    };
    if (total < kStreamThresholdBytes) {
        QByteArray body = std::move(head);
        body.reserve(total + 2);
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i)
                body += ',';
            appendItem(body, *items[i]);
        }
        body += "]}";
        sendJson(connection, 200, body);
        return;
    }
    connection->startChunked(200, "application/json");
    struct Stream
    {
        QByteArray head;
        std::vector<ObjectPtr> items;
        std::size_t index = 0;
    };
    auto stream = std::make_shared<Stream>(Stream{std::move(head), std::move(items), 0});
    if (metadataOnly) {
        connection->setProducer([stream, appendItem](HttpConnection &out) {
            QByteArray piece = std::exchange(stream->head, QByteArray());
            while (stream->index < stream->items.size() && piece.size() < kPieceBytes) {
                if (stream->index)
                    piece += ',';
                appendItem(piece, *stream->items[stream->index++]);
            }
            const bool more = stream->index < stream->items.size();
            if (!more)
                piece += "]}";
            out.writeChunk(piece);
            return more;
        });
        return;
    }
    // Items go from the stored bytes straight to the kernel (shared, not copied).
    connection->setProducer([stream, view, itemBytes](HttpConnection &out) {
        static const QByteArray comma = QByteArrayLiteral(",");
        QList<QByteArray> parts;
        if (!stream->head.isEmpty())
            parts.append(std::exchange(stream->head, QByteArray()));
        qsizetype size = 0;
        while (stream->index < stream->items.size() && size < kPieceBytes) {
            if (stream->index)
                parts.append(comma);
            const QByteArray &bytes = objectBytes(*stream->items[stream->index++], view);
            itemBytes.append(bytes, parts);
            size += bytes.size();
        }
        const bool more = stream->index < stream->items.size();
        if (!more)
            parts.append(QByteArrayLiteral("]}"));
        out.writeChunkParts(parts);
        return more;
    });
}

} // namespace

void handleList(ServerContext &context, HttpConnection *connection, const HttpRequest &request,
                const RequestTarget &target)
{
    const Representation representation = representationFromAccept(request.header("accept"));
    const auto include =
        TableRenderer::parseIncludeObject(request.param(QStringLiteral("includeObject")));
    if (!include)
        return sendStatus(
            connection,
            statuses::badRequest(QStringLiteral("unrecognized includeObject value: \"%1\"")
                                     .arg(request.param(QStringLiteral("includeObject")))));
    const Result<ObjectFilter> filter =
        ObjectFilter::fromRequest(request, target.type, target.namespaceName);
    if (!filter.ok())
        return sendStatus(connection, statuses::badRequest(filter.errorMessage()));

    ResourceStore &store = context.storage.store(target.type.storageId);
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    const StoreVersions versions{context.storage.currentRv(), store.compactedRv(), nowMs,
                                 context.settings.continueTtlMs};
    const Result<ListPlan, ApiStatus> plan =
        planList(ListRequestOptions::fromRequest(request), versions);
    if (!plan.ok())
        return sendStatus(connection, plan.error());
    const Snapshot snapshot = store.snapshotAt(plan->snapshotRv, versions.currentRv);
    if (!snapshot)
        return sendStatus(connection, statuses::listTooOld());
    Page page = selectPage(*snapshot, filter.value(), plan.value(), nowMs);
    const QByteArray metadata = listMetadata(plan->snapshotRv, page);

    if (representation.kind == Representation::Kind::Table) {
        const TableRenderer renderer(context.storage, target.type, representation.metaVersion,
                                     *include, nowMs);
        return sendJson(connection, 200, renderer.table(page.items, metadata));
    }
    const bool metadataOnly = representation.kind == Representation::Kind::PartialMetadata;
    const QByteArray kind =
        metadataOnly ? QByteArray("PartialObjectMetadataList") : target.type.listKind().toUtf8();
    const QByteArray apiVersion = metadataOnly ? metaApiVersion(representation.metaVersion)
                                               : target.type.apiVersion().toUtf8();
    QByteArray head = "{\"kind\":\"" + kind + "\",\"apiVersion\":\"" + apiVersion +
                      "\",\"metadata\":" + metadata + ",\"items\":[";
    writeItems(connection, std::move(head), std::move(page.items), target.type.view,
               metadataOnly ? representation.metaVersion : QByteArray(),
               ListItemBytes(target.type, target.type.custom));
}

} // namespace informant::sim
