#include "informer/core/listbodydecoder.h"

#include "informer/core/decodethreads.h"
#include "informer/core/jsonutil.h"
#include "informer/core/objectdecoder.h"

namespace informant {

namespace {

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

Error jsonError(simdjson::error_code code)
{
    return makeError(
        QStringLiteral("invalid list JSON: %1").arg(QLatin1String(simdjson::error_message(code))));
}

// An item simdjson could not read (a string never closed, bad UTF-8): named
// by its index like the items decodeObject rejects, which the whole body's
// decodeListPage cannot do (simdjson checks the whole body before any item).
Error itemJsonError(qsizetype index, simdjson::error_code code)
{
    return makeError(
        detail::ObjectContext{"items", index}.describe() +
        QStringLiteral(": invalid JSON: %1").arg(QLatin1String(simdjson::error_message(code))));
}

Error notAnObject(qsizetype index)
{
    return makeError(detail::ObjectContext{"items", index}.describe() +
                     QLatin1String(": expected a JSON object"));
}

Result<KubeObject> decodeItemPadded(simdjson::padded_string_view item, qsizetype index,
                                    const DecodeOptions &options)
{
    simdjson::ondemand::document document;
    simdjson::ondemand::value value;
    auto error = detail::threadOndemandParser().iterate(item).get(document);
    if (error == simdjson::SUCCESS)
        error = document.get_value().get(value);
    if (error != simdjson::SUCCESS)
        return itemJsonError(index, error);
    auto decoded = detail::decodeObject(value, options, {"items", index});
    // Malformed JSON that simdjson's first pass lets through (`"a"::1`) can
    // make On Demand read past the item into the bytes after it: the list's
    // next bytes when decoded in place, zeros when copied. Not ending exactly
    // at the item's end is an error.
    const char *after = nullptr;
    if (decoded.ok() && document.current_location().get(after) == simdjson::SUCCESS)
        return makeError(detail::ObjectContext{"items", index}.describe() +
                         QLatin1String(": invalid JSON"));
    return decoded;
}

} // namespace

ListBodyDecoder::ListBodyDecoder(DecodeOptions options, int threads)
    : m_options(options)
    , m_threads(qMax(1, threads))
{
    m_options.roomForTypeMeta = true; // its items are completed with the list's kind
}

void ListBodyDecoder::fail(Error error)
{
    decodeItems();
    recordError(std::move(error));
}

void ListBodyDecoder::recordError(Error error)
{
    // The first error wins, and is the list's (as client-go fails a list on
    // any item it cannot decode): nothing after it is used, so nothing after
    // it is read. Errors come only from an items array, which the skeleton
    // ends at (items are decoded before the array's closing bracket is taken).
    if (m_error)
        return;
    m_error = std::move(error);
    m_skeletonBeforeError = m_itemsArrayStart;
    m_pending.clear();
}

void ListBodyDecoder::feed(QByteArrayView chunk)
{
    if (chunk.isEmpty() || m_tooLarge || m_error)
        return;
    scan(chunk.data(), chunk.size());
    decodeItems(); // while the chunk's bytes are alive
    if (m_error)
        return; // nothing more is kept or read
    // A body that never ends must not grow the process until it dies: past
    // the bounds nothing more is read, and that is the error.
    if (m_pending.size() > kMaxItemBytes)
        m_tooLarge = makeError(detail::ObjectContext{"items", m_index}.describe() +
                               QStringLiteral(": larger than %1 bytes").arg(kMaxItemBytes));
    else if (m_skeleton.size() > kMaxSkeletonBytes)
        m_tooLarge = makeError(QStringLiteral("the list outside its items is larger than %1 bytes")
                                   .arg(kMaxSkeletonBytes));
    if (m_tooLarge) {
        m_pending.clear();
        m_skeleton.clear();
    }
}

void ListBodyDecoder::endKey(std::string_view tail)
{
    // Raw bytes: a key written with escapes is not recognised (see finish()).
    bool items = false;
    if (m_key.isEmpty())
        items = tail == "items";
    else if (m_key.size() + qsizetype(tail.size()) == 5)
        items = m_key + QByteArray(tail.data(), qsizetype(tail.size())) == "items";
    m_member = items ? Member::ItemsKey : Member::None;
    m_keyString = false;
    m_key.clear();
}

void ListBodyDecoder::structural(char c)
{
    if (m_depth != 1) {
        if (c == '{' || c == '[')
            ++m_depth;
        else if (c == '}' || c == ']')
            --m_depth;
        else if (c == '"')
            m_inString = true;
        return;
    }
    switch (c) {
    case '"':
        m_inString = true;
        m_keyString = true;
        return;
    case ':':
        m_member = m_member == Member::ItemsKey ? Member::ItemsColon : Member::None;
        return;
    case '[':
        if (m_member == Member::ItemsColon) {
            m_state = Items::First;
            m_index = 0;
        }
        ++m_depth;
        break;
    case '{':
        ++m_depth;
        break;
    case '}':
    case ']':
        --m_depth;
        break;
    default:
        if (isJsonSpace(c))
            return;
        break;
    }
    m_member = Member::None;
}

void ListBodyDecoder::scan(const char *data, qsizetype size)
{
    qsizetype copyFrom = 0;  // skeleton bytes of this chunk not yet copied
    qsizetype itemStart = 0; // the open item's first byte in this chunk
    qsizetype keyFrom = 0;   // the open depth-1 string's first content byte
    qsizetype i = 0;
    if (m_state == Items::Element) // an item begun in an earlier chunk
        i = scanItem(data, 0, size, 0);
    for (; i < size; ++i) {
        if (m_inString) {
            bool closed = false;
            const qsizetype end = detail::skipJsonString(data, i, size, m_escaped, closed);
            if (closed) {
                m_inString = false;
                if (m_keyString)
                    endKey(std::string_view(data + keyFrom, size_t(end - 1 - keyFrom)));
            }
            i = end - 1;
            continue;
        }
        const char c = data[i];
        switch (m_state) {
        case Items::Outside:
            structural(c);
            if (m_inString && m_keyString)
                keyFrom = i + 1;
            if (m_state == Items::First) { // entered an items array: skip its contents
                m_skeleton.append(data + copyFrom, i + 1 - copyFrom);
                copyFrom = size;
                m_itemsArrayStart = m_skeleton.size();
            }
            continue;
        case Items::Element: // scanItem() leaves an item only at its end or the chunk's
        case Items::First:
        case Items::Next:
        case Items::After:
            break;
        }
        // Between the items: whitespace, commas, the end, or an item.
        if (isJsonSpace(c))
            continue;
        if (c == ']' || c == '}') {
            if (m_state == Items::Next)
                fail(jsonError(simdjson::TAPE_ERROR)); // a comma before the end
            // The array's items are decoded (an error among them recorded)
            // before the skeleton goes on past it.
            decodeItems();
            m_state = Items::Outside;
            m_depth = 1;
            copyFrom = i; // the skeleton gets the closing bracket
            continue;
        }
        if (c == ',') {
            if (m_state != Items::After)
                fail(jsonError(simdjson::TAPE_ERROR));
            m_state = Items::Next;
            continue;
        }
        if (m_state == Items::After)
            fail(jsonError(simdjson::TAPE_ERROR)); // no comma between items
        if (c == '{' || c == '[') {
            if (c == '[')
                fail(notAnObject(m_index));
            m_state = Items::Element;
            itemStart = i;
            i = scanItem(data, i, size, itemStart) - 1;
            continue;
        }
        fail(notAnObject(m_index)); // a scalar: its string contents are skipped
        if (c == '"')
            m_inString = true;
        ++m_index;
        m_state = Items::After;
    }
    switch (m_state) {
    case Items::Outside:
        if (copyFrom < size)
            m_skeleton.append(data + copyFrom, size - copyFrom);
        if (m_inString && m_keyString && m_key.size() <= 5)
            m_key.append(data + keyFrom, qMin<qsizetype>(size - keyFrom, 6));
        break;
    case Items::Element:
        if (!m_error)
            m_pending.append(data + itemStart, size - itemStart);
        break;
    default:
        break;
    }
}

qsizetype ListBodyDecoder::scanItem(const char *data, qsizetype from, qsizetype size,
                                    qsizetype itemStart)
{
    const qsizetype end = m_itemScanner.findEnd(data, from, size);
    if (end < 0)
        return size; // the scanner keeps its state for the next chunk
    completeItem(data + itemStart, end - itemStart, size - itemStart);
    m_state = Items::After;
    return end;
}

void ListBodyDecoder::completeItem(const char *item, qsizetype length, qsizetype readable)
{
    const qsizetype index = m_index++;
    if (m_error) {
        m_pending.clear();
        return;
    }
    CompleteItem complete{QByteArrayView(item, length), readable, {}, index};
    if (!m_pending.isEmpty()) {
        complete.joined = std::exchange(m_pending, {});
        complete.joined.append(item, length);
        complete.bytes = complete.joined;
        complete.readable = complete.joined.size();
    }
    m_complete.push_back(std::move(complete));
}

void ListBodyDecoder::decodeItems()
{
    if (m_complete.empty())
        return;
    const std::vector<CompleteItem> complete = std::exchange(m_complete, {});
    std::vector<std::optional<Result<KubeObject>>> decoded(complete.size());
    const auto decode = [&](qsizetype i) {
        const CompleteItem &item = complete[size_t(i)];
        const qsizetype index = item.index;
        const qsizetype length = item.bytes.size();
        // In place when the bytes are followed by simdjson's padding. A
        // malformed item's outcome there can depend on the list's bytes after
        // it (see decodeItemPadded), so a failure is decoded again from a
        // copy, where zeros follow it: its error is the same wherever the
        // body was cut.
        if (item.readable - length >= qsizetype(simdjson::SIMDJSON_PADDING)) {
            auto inPlace =
                decodeItemPadded(simdjson::padded_string_view(item.bytes.data(), size_t(length),
                                                              size_t(item.readable)),
                                 index, m_options);
            detail::releaseLargeScratch();
            if (inPlace.ok()) {
                decoded[size_t(i)] = std::move(inPlace);
                return;
            }
        }
        const detail::PaddedInput input(item.bytes);
        decoded[size_t(i)] = decodeItemPadded(input.view(), index, m_options);
    };
    const QList<qsizetype> groups =
        DecodeThreads::splitBySize(qsizetype(complete.size()), m_threads, kMinGroupBytes,
                                   [&](qsizetype i) { return complete[size_t(i)].bytes.size(); });
    m_partsDecodedInParallel += groups.size() - 2;
    DecodeThreads::runParts(int(groups.size() - 1), [&](int group) {
        for (qsizetype i = groups.at(group); i < groups.at(group + 1); ++i)
            decode(i);
    });
    for (std::optional<Result<KubeObject>> &item : decoded) {
        if (m_error)
            return;
        if (!item->ok())
            recordError(item->error());
        else if (m_mapItem)
            m_items.append(m_mapItem(item->value()));
        else
            m_items.append(std::move(*item).value());
    }
}

Result<ListPage> ListBodyDecoder::finish()
{
    if (m_tooLarge)
        return *m_tooLarge;
    if (m_error) {
        // The body was read up to the error, maybe not further: the list
        // before the failed items array, closed there, is checked first, so
        // that what is wrong before the items (a Status, a mistyped kind)
        // is reported as decodeListPage reports it.
        const auto before =
            decodeListPage(m_skeleton.first(m_skeletonBeforeError) + "]}", m_options);
        return before.ok() ? *m_error : before.error();
    }
    // An unfinished body leaves an unfinished skeleton: decodeListPage
    // reports it. So does anything wrong outside the items.
    auto page = decodeListPage(m_skeleton, m_options);
    if (!page.ok())
        return page.error();
    // Items under a key written with escapes ("it\u0065ms") were not seen
    // by the scanner and were decoded with the skeleton.
    ListPage result = std::move(page).value();
    QList<KubeObject> items = std::exchange(m_items, {});
    completeItemTypeMeta(items, result.kind, result.apiVersion);
    items.append(result.items); // completed by decodeListPage
    result.items = std::move(items);
    return result;
}

} // namespace informant
