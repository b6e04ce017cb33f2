#pragma once

// ListBodyDecoder: decodes a List response body (PodList, ...) as it arrives,
// in chunks split anywhere, with the same result as decodeListPage on the
// whole body.
//
// Why: a list at resourceVersion "0" comes back as one body of hundreds of
// MB. Decoded whole, it is held several times over (network buffer, body,
// padded copy, simdjson's structural index) next to the decoded objects.
// Here each element of the top-level "items" array is decoded as soon as its
// last byte has arrived and its bytes are dropped; the rest of the body (kind,
// apiVersion, metadata, "items":[]) is kept and decoded by decodeListPage at
// the end. Memory is the decoded objects plus one item.
//
// Item boundaries are found by the BracketScanner that cuts
// WatchStreamDecoder's frames (64 bytes a step); the rest of the body, where
// the "items" key is looked for, by a byte loop with the same rule. An item
// that fails to decode is an error naming its index ("items[3]: ..."), as
// decodeListPage reports it, and so is one that is not even JSON ("items[3]:
// invalid JSON: ..."; decodeListPage, which has simdjson check the whole body
// first, cannot say which item). The first error is the list's, as client-go
// fails a whole list on one bad item: further input is ignored, and the
// caller may stop reading the body (failed()). Before it, an error in the list
// outside its items (a Status, a mistyped kind) wins, as in decodeListPage;
// after it, nothing is looked at. Not thread-safe; one decoder per body.
//
// Decoding threads: the items a chunk completes are found first, then
// decoded, with `threads` > 1 in groups of about equal bytes on
// DecodeThreads::runParts, and taken in order (mapped on the calling
// thread), so the items and the first error are those one thread finds.

#include "informer/core/bracketscanner.h"
#include "informer/core/listpage.h"

#include <functional>
#include <vector>

namespace informant {

class ListBodyDecoder
{
public:
    // Past these an endless or hostile body is an error, not memory without
    // bound: one item as large as a watch frame may be, and the rest of the
    // list (kind, metadata; a Table's rows, which are no items).
    static constexpr qsizetype kMaxItemBytes = 256 * 1024 * 1024;
    static constexpr qsizetype kMaxSkeletonBytes = 64 * 1024 * 1024;

    explicit ListBodyDecoder(DecodeOptions options = {}, int threads = 1);

    // Applied to each item as soon as it is decoded (a relist replaces an
    // unchanged item by the cached object, so the list is not held twice).
    void setItemMapper(std::function<KubeObject(const KubeObject &)> mapItem)
    {
        m_mapItem = std::move(mapItem);
    }

    void feed(QByteArrayView chunk);
    // The page, once the whole body has been fed; or, once failed(), the
    // error, however much of the body was fed.
    Result<ListPage> finish();

    // The rest of the body would be ignored, so need not be read: an item
    // failed to decode, or the body is past the bounds (tooLarge()).
    bool failed() const { return m_error.has_value() || m_tooLarge.has_value(); }
    bool tooLarge() const { return m_tooLarge.has_value(); }
    qsizetype itemsDecoded() const { return m_items.size(); }
    // Bytes of an incomplete item held since the last complete one.
    qsizetype pendingBytes() const { return m_pending.size(); }
    // Groups of items decoded on another thread than the caller's.
    qint64 partsDecodedInParallel() const { return m_partsDecodedInParallel; }

private:
    enum class Member { None, ItemsKey, ItemsColon }; // depth 1: after "items", after "items":
    enum class Items { Outside, First, Next, Element, After };

    void scan(const char *data, qsizetype size);
    // The open item from `from` (its opening bracket, or the chunk's start
    // when it began in an earlier chunk), whose first byte in this chunk is
    // `itemStart`: completes it if it ends here. Returns the index after it,
    // or `size` when it goes on past the chunk.
    qsizetype scanItem(const char *data, qsizetype from, qsizetype size, qsizetype itemStart);
    // Handles one byte outside strings and items; may enter the items array.
    void structural(char c);
    void endKey(std::string_view tail);
    // An item whose last byte has arrived, decoded by decodeItems().
    struct CompleteItem
    {
        QByteArrayView bytes;
        qsizetype readable; // bytes readable from bytes.data(), for simdjson's padding
        QByteArray joined;  // the bytes, when the item was cut by a chunk boundary
        qsizetype index;    // in its items array
    };
    // The fewest bytes of items given to another thread.
    static constexpr qsizetype kMinGroupBytes = 64 * 1024;
    void completeItem(const char *item, qsizetype length, qsizetype readable);
    // Decodes the completed items and takes them (or the first error) in order.
    void decodeItems();
    // An error of the scanner: the items before it are decoded first, so the
    // error of one of them wins, as when each is decoded as it completes.
    void fail(Error error);
    void recordError(Error error);

    DecodeOptions m_options;
    QByteArray m_skeleton; // the body without the items' bytes
    QByteArray m_pending;  // bytes of an item cut by a chunk boundary
    QByteArray m_key;      // a depth-1 string cut by a chunk boundary
    QList<KubeObject> m_items;
    std::vector<CompleteItem> m_complete; // this chunk's, not decoded yet
    int m_threads = 1;
    qint64 m_partsDecodedInParallel = 0;
    std::function<KubeObject(const KubeObject &)> m_mapItem;
    std::optional<Error> m_error;
    qsizetype m_itemsArrayStart = 0;      // skeleton bytes up to the open items array's '['
    qsizetype m_skeletonBeforeError = 0;  // m_itemsArrayStart of m_error's items array
    std::optional<Error> m_tooLarge;      // past kMaxItemBytes or kMaxSkeletonBytes
    detail::BracketScanner m_itemScanner; // inside an item (Items::Element), across chunks
    int m_depth = 0;                      // outside items; an item's own depth is m_itemScanner's
    bool m_inString = false;
    bool m_escaped = false;
    bool m_keyString = false; // the open string is at depth 1 (maybe a key)
    Member m_member = Member::None;
    Items m_state = Items::Outside;
    qsizetype m_index = 0; // of the next item in this items array
};

} // namespace informant
