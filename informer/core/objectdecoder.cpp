#include "informer/core/objectdecoder.h"

#include "informer/core/jsonutil.h"
#include "informer/core/kubeobjectdata.h"
#include "informer/core/metadataonly.h"
#include "informer/core/minifiedcopy.h"
#include "informer/core/objectidentity.h"
#include "informer/core/objecttail.h"
#include "informer/core/stringpool.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace informant::detail {

namespace {

using simdjson::SUCCESS;
namespace od = simdjson::ondemand;

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// The fields of `metadata` the object model keeps, read in one pass. The
// byte range of managedFields is remembered so it can be cut out.
class MetadataReader
{
public:
    // `documentEnd`: as decodeObject's.
    MetadataReader(KubeObject::Data &data, const char *documentEnd, const FramePrefix *prefix,
                   const FrameValueEnds *valueEnds)
        : m_data(data)
        , m_documentEnd(documentEnd)
        , m_prefix(prefix)
        , m_valueEnds(valueEnds)
    {
    }

    bool read(od::object metadata);
    QString error() const { return m_error; }
    std::string_view managedFieldsRange() const { return m_managedFields; }
    // Unescaped, in the parser's buffer: valid while its document is.
    std::string_view name() const { return m_name; }
    std::string_view uid() const { return m_uid; }
    std::string_view resourceVersion() const { return m_resourceVersion; }
    // Non-null when the rest of the object was checked by scanning after
    // managedFields (see finishByScanning): where the token after the
    // object's '}' begins, as the iterator would have been left.
    const char *tokenAfterObject() const { return m_tokenAfterObject; }
    // Set with tokenAfterObject(): where the token after metadata's '}'
    // begins.
    const char *tokenAfterMetadata() const { return m_tokenAfterMetadata; }

private:
    bool fail(QString message)
    {
        m_error = std::move(message);
        return false;
    }
    // `pooled`: the value repeats across objects and is interned (StringPool).
    bool readString(od::value value, QString &target, const char *path, bool pooled = false);
    bool readString(od::value value, std::string_view &target, const char *path);
    bool readTimestamp(od::value value, qint64 &target, const char *path);
    bool readLabels(od::value value);
    bool readAnnotationKeys(od::value value);
    bool readOwnerReferences(od::value value);
    // `value` and `keyStart` are in the bytes after which the document ends
    // at m_documentEnd (a prefix's frame, not its copy).
    bool finishByScanning(const char *value, const char *keyStart);

    KubeObject::Data &m_data;
    QString m_error;
    std::string_view m_managedFields;
    std::string_view m_name;
    std::string_view m_uid;
    std::string_view m_resourceVersion;
    const char *m_documentEnd = nullptr;
    const FramePrefix *m_prefix = nullptr;
    const FrameValueEnds *m_valueEnds = nullptr;
    const char *m_tokenAfterObject = nullptr;
    const char *m_tokenAfterMetadata = nullptr;
};

// The fields decodeObject reads at the object's top level and in metadata: a
// member after those it has read may be left unread only if it is none of
// these.
constexpr std::string_view kObjectKeysRead[] = {"apiVersion", "kind", "metadata"};
constexpr std::string_view kMetadataKeysRead[] = {"name",
                                                  "namespace",
                                                  "uid",
                                                  "resourceVersion",
                                                  "creationTimestamp",
                                                  "deletionTimestamp",
                                                  "labels",
                                                  "annotations",
                                                  "ownerReferences",
                                                  "generation",
                                                  "managedFields"};

bool isNull(od::value &value)
{
    bool null = false;
    return value.is_null().get(null) == SUCCESS && null;
}

bool MetadataReader::readString(od::value value, QString &target, const char *path, bool pooled)
{
    if (isNull(value))
        return true;
    std::string_view text;
    if (value.get_string().get(text) != SUCCESS)
        return fail(QStringLiteral("%1: expected a string").arg(QLatin1String(path)));
    target = pooled ? StringPool::instance().intern(text) : toQString(text);
    return true;
}

bool MetadataReader::readString(od::value value, std::string_view &target, const char *path)
{
    if (isNull(value))
        return true;
    if (value.get_string().get(target) != SUCCESS)
        return fail(QStringLiteral("%1: expected a string").arg(QLatin1String(path)));
    return true;
}

bool MetadataReader::readTimestamp(od::value value, qint64 &target, const char *path)
{
    if (isNull(value))
        return true;
    std::string_view text;
    if (value.get_string().get(text) != SUCCESS)
        return fail(QStringLiteral("%1: expected a string").arg(QLatin1String(path)));
    if (text.empty())
        return true;
    const std::optional<qint64> ms =
        parseKubeTimestamp(QByteArrayView(text.data(), qsizetype(text.size())));
    if (!ms)
        return fail(QStringLiteral("%1: invalid timestamp \"%2\"")
                        .arg(QLatin1String(path), toQString(text)));
    // A valid time before the epoch (Go's zero time, 0001-01-01, from a
    // careless controller) is kept as unknown: the object is not lost.
    target = *ms >= 0 ? *ms : -1;
    return true;
}

// Go writes map keys in byte order, so labels and annotations almost always
// arrive sorted. For ASCII keys byte order is QString order, and the sort
// (QString compares, the bulk of it) is skipped.
class KeyOrder
{
public:
    void next(std::string_view key)
    {
        if (m_sorted && (key <= m_previous || !isAscii(key)))
            m_sorted = false;
        m_previous = key;
    }
    bool sorted() const { return m_sorted; }

private:
    static bool isAscii(std::string_view text)
    {
        for (const char c : text) {
            if (static_cast<unsigned char>(c) >= 0x80)
                return false;
        }
        return true;
    }
    std::string_view m_previous; // points into the parser's buffer
    bool m_sorted = true;
};

// Builds a QList of exactly the right size: kept for the object's lifetime,
// it must carry no growth slack, and one allocation beats growing and
// squeezing it.
template<typename T> QList<T> exactList(std::vector<T> &scratch)
{
    QList<T> list;
    if (!scratch.empty()) {
        list.reserve(qsizetype(scratch.size()));
        for (T &item : scratch)
            list.append(std::move(item));
    }
    scratch.clear();
    return list;
}

// Pods of one ReplicaSet carry the same labels, annotation keys and owner
// references. A list delivers siblings close together, a watch the changes
// of all ReplicaSets interleaved. Each thread keeps the lists it built in a
// cache indexed by a hash of the bytes they were built from (the raw JSON;
// the keys, for annotations): a sibling with the same bytes shares that list
// (a reference count) instead of decoding, interning and allocating its own.
// Equal bytes decode to equal lists, so a hit is exact, and a slot holds its
// list, so it never dangles.
// A thread starts with kFewListSlots slots, enough for the siblings of a
// list. One that has built kLargeListsAfterBuilt lists has more sets going
// than those hold (a watch interleaving a few hundred ReplicaSets: the 1000
// pods of the S2 replay have 469 label sets and 247 owner lists, which 64
// slots lost before a set came again) and moves to kManyListSlots (6 % fewer
// instructions per change there). Most threads of a GUI watching 40 kinds
// never build that many, and keep the small table.
constexpr size_t kFewListSlots = 64;
constexpr size_t kManyListSlots = 1024;
constexpr quint64 kLargeListsAfterBuilt = 1024;
template<typename T> class RecentLists
{
public:
    struct Slot
    {
        std::string raw;
        QList<T> list;
    };
    // The slot `raw` maps to; it holds raw's list if slot.raw == raw.
    // Valid until the next call.
    Slot &slotFor(std::string_view raw)
    {
        if (m_slots.size() < kManyListSlots && m_built >= kLargeListsAfterBuilt)
            m_slots = std::vector<Slot>(kManyListSlots); // a cache: nothing to move over
        return m_slots[std::hash<std::string_view>{}(raw) % m_slots.size()];
    }
    // Notes that a list was built for a slot that did not hold it.
    void built() { ++m_built; }

private:
    std::vector<Slot> m_slots = std::vector<Slot>(kFewListSlots);
    quint64 m_built = 0;
};

// A list read field by field is taken only if the walk ended where
// raw_json()'s bracket skip ends it: a list found again by its bytes
// (RecentLists) leaves the iterator there, and a malformed one could
// otherwise be read differently the second time than the first.
bool walkEndedAtRawEnd(od::value &value, std::string_view raw)
{
    const char *at = nullptr;
    if (value.current_location().get(at) != SUCCESS)
        return false;
    const char *rawEnd = raw.data() + raw.size();
    while (rawEnd < at && isSpace(*rawEnd))
        ++rawEnd;
    return at == rawEnd;
}

bool MetadataReader::readLabels(od::value value)
{
    if (isNull(value))
        return true;
    od::object labels;
    if (value.get_object().get(labels) != SUCCESS)
        return fail(QStringLiteral("metadata.labels: expected an object"));
    std::string_view raw;
    if (labels.raw_json().get(raw) != SUCCESS)
        return fail(QStringLiteral("metadata.labels: invalid JSON"));
    thread_local RecentLists<Label> recent;
    RecentLists<Label>::Slot &slot = recent.slotFor(raw);
    if (slot.raw == raw) {
        m_data.labels = slot.list;
        return true;
    }
    if (labels.reset().error() != SUCCESS)
        return fail(QStringLiteral("metadata.labels: invalid JSON"));
    thread_local std::vector<Label> scratch;
    scratch.clear();
    KeyOrder order;
    for (auto field : labels) {
        std::string_view key, text;
        if (field.unescaped_key().get(key) != SUCCESS)
            return fail(QStringLiteral("metadata.labels: invalid JSON"));
        StringPool &pool = StringPool::instance();
        QString keyText = pool.intern(key);
        if (field.value().get_string().get(text) != SUCCESS)
            return fail(QStringLiteral("metadata.labels.%1: expected a string").arg(keyText));
        // unescaped_key() and get_string() share one string buffer, so the
        // key's bytes stay valid.
        order.next(key);
        scratch.push_back(Label{std::move(keyText), pool.intern(text)});
    }
    if (!order.sorted())
        std::sort(scratch.begin(), scratch.end(),
                  [](const Label &a, const Label &b) { return a.key < b.key; });
    if (!walkEndedAtRawEnd(value, raw))
        return fail(QStringLiteral("metadata.labels: invalid JSON"));
    m_data.labels = exactList(scratch);
    slot.raw.assign(raw);
    slot.list = m_data.labels;
    recent.built();
    return true;
}

bool MetadataReader::readAnnotationKeys(od::value value)
{
    if (isNull(value))
        return true;
    od::object annotations;
    if (value.get_object().get(annotations) != SUCCESS)
        return fail(QStringLiteral("metadata.annotations: expected an object"));
    // The values differ from object to object (timestamps, hashes) but the
    // keys mostly repeat, so the lists are shared by their keys, each written
    // after its length (a key may hold any byte, NUL included).
    thread_local std::string keys;
    keys.clear();
    for (auto field : annotations) {
        std::string_view key, text;
        if (field.unescaped_key().get(key) != SUCCESS)
            return fail(QStringLiteral("metadata.annotations: invalid JSON"));
        if (field.value().get_string().get(text) != SUCCESS)
            return fail(
                QStringLiteral("metadata.annotations.%1: expected a string").arg(toQString(key)));
        const quint32 length = quint32(key.size());
        keys.append(reinterpret_cast<const char *>(&length), sizeof length);
        keys.append(key);
    }
    thread_local RecentLists<QString> recent;
    RecentLists<QString>::Slot &slot = recent.slotFor(keys);
    if (slot.raw == keys) {
        m_data.annotationKeys = slot.list;
        return true;
    }
    thread_local std::vector<QString> scratch;
    scratch.clear();
    KeyOrder order;
    for (size_t from = 0; from < keys.size();) {
        quint32 length = 0;
        std::memcpy(&length, keys.data() + from, sizeof length);
        const std::string_view key(keys.data() + from + sizeof length, length);
        order.next(key);
        scratch.push_back(StringPool::instance().intern(key));
        from += sizeof length + length;
    }
    if (!order.sorted())
        std::sort(scratch.begin(), scratch.end());
    m_data.annotationKeys = exactList(scratch);
    slot.raw = keys;
    slot.list = m_data.annotationKeys;
    recent.built();
    return true;
}

bool MetadataReader::readOwnerReferences(od::value value)
{
    if (isNull(value))
        return true;
    od::array owners;
    if (value.get_array().get(owners) != SUCCESS)
        return fail(QStringLiteral("metadata.ownerReferences: expected an array"));
    std::string_view raw;
    if (owners.raw_json().get(raw) != SUCCESS)
        return fail(QStringLiteral("metadata.ownerReferences: invalid JSON"));
    thread_local RecentLists<OwnerReference> recent;
    RecentLists<OwnerReference>::Slot &slot = recent.slotFor(raw);
    if (slot.raw == raw) {
        m_data.ownerReferences = slot.list;
        return true;
    }
    if (owners.reset().error() != SUCCESS)
        return fail(QStringLiteral("metadata.ownerReferences: invalid JSON"));
    thread_local std::vector<OwnerReference> scratch;
    scratch.clear();
    for (auto ownerValue : owners) {
        od::object owner;
        if (ownerValue.get_object().get(owner) != SUCCESS)
            return fail(QStringLiteral("metadata.ownerReferences: expected objects"));
        OwnerReference reference;
        for (auto field : owner) {
            std::string_view key;
            if (field.unescaped_key().get(key) != SUCCESS)
                return fail(QStringLiteral("metadata.ownerReferences: invalid JSON"));
            bool ok = true;
            // An owner is shared by all its dependents (every pod of a
            // ReplicaSet), so all four strings are pooled.
            if (key == "apiVersion")
                ok = readString(field.value(), reference.apiVersion,
                                "metadata.ownerReferences[].apiVersion", true);
            else if (key == "kind")
                ok = readString(field.value(), reference.kind, "metadata.ownerReferences[].kind",
                                true);
            else if (key == "name")
                ok = readString(field.value(), reference.name, "metadata.ownerReferences[].name",
                                true);
            else if (key == "uid")
                ok = readString(field.value(), reference.uid, "metadata.ownerReferences[].uid",
                                true);
            else if (key == "controller")
                ok = field.value().get_bool().get(reference.controller) == SUCCESS ||
                     fail(QStringLiteral("metadata.ownerReferences[].controller: expected a "
                                         "boolean"));
            if (!ok)
                return false;
        }
        scratch.push_back(std::move(reference));
    }
    if (!walkEndedAtRawEnd(value, raw))
        return fail(QStringLiteral("metadata.ownerReferences: invalid JSON"));
    m_data.ownerReferences = exactList(scratch);
    slot.raw.assign(raw);
    slot.list = m_data.ownerReferences;
    recent.built();
    return true;
}

// API servers write managedFields last in metadata, and after metadata only
// members the decoder does not read (spec, status). managedFields is the most
// tokens of metadata and spec and status most of the object's: when the
// bytes from managedFields to the object's end are plain (objecttail.h) they
// are checked by scanning and the iteration stops here; the range cut and
// the bytes kept are those the walk would give. Otherwise nothing was read
// and the walk goes on.
bool MetadataReader::finishByScanning(const char *value, const char *keyStart)
{
    if (value >= m_documentEnd || *value != '[')
        return false;
    // raw_json() skips the array from its first element's token, which it
    // counts as a value: only an object, an array or the closing ']' (no
    // element) there make its skip end where the bracket count does ("[,"
    // or "[}" would take it further).
    const char *first = value + 1;
    while (first < m_documentEnd && isSpace(*first))
        ++first;
    if (first == m_documentEnd || (*first != '{' && *first != '[' && *first != ']'))
        return false;
    const KnownValueEnds inMetadata{m_valueEnds, m_valueEnds ? m_valueEnds->objectDepth() + 1 : 0};
    const KnownValueEnds inObject{m_valueEnds, m_valueEnds ? m_valueEnds->objectDepth() : 0};
    const char *arrayEnd = endOfPlainValue(value, m_documentEnd, inMetadata);
    if (!arrayEnd)
        return false;
    // raw_json() would end where the iterator goes next: the next token.
    const char *next = arrayEnd;
    while (next < m_documentEnd && isSpace(*next))
        ++next;
    const char *afterMetadata =
        endOfPlainObjectTail(next, m_documentEnd, kMetadataKeysRead, inMetadata);
    if (!afterMetadata)
        return false;
    const char *afterObject =
        endOfPlainObjectTail(afterMetadata, m_documentEnd, kObjectKeysRead, inObject);
    if (!afterObject)
        return false;
    m_managedFields = std::string_view(keyStart, size_t(next - keyStart));
    m_data.hasManagedFields = true;
    m_tokenAfterObject = afterObject;
    m_tokenAfterMetadata = afterMetadata;
    return true;
}

bool MetadataReader::read(od::object metadata)
{
    for (auto member : metadata) {
        od::field field;
        std::string_view key;
        if (std::move(member).get(field) != SUCCESS)
            return fail(QStringLiteral("metadata: invalid JSON"));
        // The raw key must be taken before unescaped_key() consumes it.
        const char *keyStart = field.key().raw() - 1;
        if (field.unescaped_key().get(key) != SUCCESS)
            return fail(QStringLiteral("metadata: invalid JSON"));
        bool ok = true;
        if (key == "name")
            ok = readString(field.value(), m_name, "metadata.name");
        else if (key == "namespace")
            ok = readString(field.value(), m_data.namespaceName, "metadata.namespace", true);
        else if (key == "uid")
            ok = readString(field.value(), m_uid, "metadata.uid");
        else if (key == "resourceVersion")
            ok = readString(field.value(), m_resourceVersion, "metadata.resourceVersion");
        else if (key == "creationTimestamp")
            ok = readTimestamp(field.value(), m_data.creationTimestampMs,
                               "metadata.creationTimestamp");
        else if (key == "deletionTimestamp")
            ok = readTimestamp(field.value(), m_data.deletionTimestampMs,
                               "metadata.deletionTimestamp");
        else if (key == "labels")
            ok = readLabels(field.value());
        else if (key == "annotations")
            ok = readAnnotationKeys(field.value());
        else if (key == "ownerReferences")
            ok = readOwnerReferences(field.value());
        else if (key == "generation") {
            od::value value = field.value();
            if (!isNull(value)) {
                int64_t generation = 0;
                if (value.get_int64().get(generation) != SUCCESS)
                    return fail(QStringLiteral("metadata.generation: expected an integer"));
                m_data.generation = generation;
            }
        } else if (key == "managedFields") {
            // The range runs from the key's opening quote to the end of the value.
            od::value value = field.value();
            const char *valueStart = value.raw_json_token().data();
            if (m_prefix) { // only the stand-in goes on, read in the frame
                if (keyStart != m_prefix->standInKey() ||
                    !finishByScanning(m_prefix->inFrame(valueStart), m_prefix->inFrame(keyStart)))
                    return fail(QStringLiteral("metadata.managedFields: not the prefix's cut"));
                return true;
            }
            if (m_documentEnd && finishByScanning(valueStart, keyStart))
                return true;
            std::string_view raw;
            od::array array;
            if (value.get_array().get(array) == SUCCESS) {
                if (array.raw_json().get(raw) != SUCCESS)
                    return fail(QStringLiteral("metadata.managedFields: invalid JSON"));
            } else if (isNull(value)) {
                raw = std::string_view(keyStart, 0);
            } else {
                return fail(QStringLiteral("metadata.managedFields: expected an array"));
            }
            if (!raw.empty())
                m_managedFields = std::string_view(keyStart, raw.data() + raw.size() - keyStart);
            m_data.hasManagedFields = !raw.empty();
        }
        if (!ok)
            return false;
    }
    return true;
}

// The bytes of `object` (from `begin`, its '{'), once its members have all
// been read: up to the next token after its '}', where reading them left the
// iterator, as raw_json() would find them without a second pass over spec
// and status. An object that ends its document has no next token: it is
// skipped over once more.
std::optional<std::string_view> rawAfterReading(od::value &value, od::object &object,
                                                const char *begin)
{
    const char *end = nullptr;
    if (value.current_location().get(end) == SUCCESS) {
        const char *last = end;
        while (last > begin && isSpace(last[-1]))
            --last;
        if (last - begin < 2 || last[-1] != '}')
            return std::nullopt;
        return std::string_view(begin, size_t(end - begin));
    }
    std::string_view raw;
    if (object.reset().error() != SUCCESS || object.raw_json().get(raw) != SUCCESS)
        return std::nullopt;
    return raw;
}

// The bytes of an object from `begin`, its '{', to `next`, the token after
// its '}': nothing when what ends before `next` is not a '}'.
std::optional<std::string_view> objectBefore(const char *begin, const char *next)
{
    const char *last = next;
    while (last > begin && isSpace(last[-1]))
        --last;
    if (last - begin < 2 || last[-1] != '}')
        return std::nullopt;
    return std::string_view(begin, size_t(last - begin));
}

// What a metadata-only decode writes around an object's metadata:
// `{"kind":K,"apiVersion":V,"metadata":` and `}`. Made once per thread for
// the type it last decoded (an informer's decoding thread decodes one).
CopyWrap metadataOnlyWrap(const DecodeOptions &options)
{
    thread_local QString kind;
    thread_local QString apiVersion;
    thread_local QByteArray lead;
    if (lead.isEmpty() || kind != options.metadataOnlyKind ||
        apiVersion != options.metadataOnlyApiVersion) {
        kind = options.metadataOnlyKind;
        apiVersion = options.metadataOnlyApiVersion;
        const QByteArray kindText = kind.toUtf8();
        const QByteArray apiVersionText = apiVersion.toUtf8();
        lead = "{\"kind\":";
        appendJsonString(std::string_view(kindText.constData(), size_t(kindText.size())), lead);
        lead += ",\"apiVersion\":";
        appendJsonString(
            std::string_view(apiVersionText.constData(), size_t(apiVersionText.size())), lead);
        lead += ",\"metadata\":";
    }
    return {std::string_view(lead.constData(), size_t(lead.size())), "}"};
}

} // namespace

QString ObjectContext::describe() const
{
    QString text = QLatin1String(what);
    if (index >= 0)
        text += QStringLiteral("[%1]").arg(index);
    return text;
}

Result<KubeObject> decodeObject(od::value value, const DecodeOptions &options,
                                const ObjectContext &context, const char *documentEnd,
                                const FramePrefix *prefix, const FrameValueEnds *valueEnds)
{
    auto failure = [&](const QString &message) {
        return makeError(context.describe() + QLatin1String(": ") + message);
    };
    const char *const begin =
        prefix ? prefix->inFrame(value.raw_json_token().data()) : value.raw_json_token().data();
    od::object object;
    if (value.get_object().get(object) != SUCCESS)
        return failure(QStringLiteral("expected a JSON object"));

    const bool metadataOnly = !options.metadataOnlyKind.isEmpty();
    auto *data = new KubeObject::Data;
    KubeObject result = KubeObject::adopt(data);
    MetadataReader metadataReader(*data, documentEnd, prefix, valueEnds);
    // Which of the fields read have been seen: the members after them are
    // checked by scanning once all three have (a field's value is consumed
    // as it is read, so the iterator is then on the token after it). The
    // check refuses those keys, so a field written again later is read.
    enum : unsigned { kApiVersion = 1, kKind = 2, kMetadata = 4, kAllRead = 7 };
    unsigned read = 0;
    bool tailTried = false;
    std::optional<std::string_view> raw;
    std::optional<std::string_view> metadataRaw; // its bytes, when metadataOnly
    for (auto field : object) {
        std::string_view key;
        if (field.unescaped_key().get(key) != SUCCESS)
            return failure(QStringLiteral("invalid JSON"));
        if (key == "apiVersion" || key == "kind") {
            od::value fieldValue = field.value();
            if (!isNull(fieldValue)) {
                std::string_view text;
                if (fieldValue.get_string().get(text) != SUCCESS)
                    return failure(QStringLiteral("%1: expected a string").arg(toQString(key)));
                (key == "kind" ? data->kind : data->apiVersion) =
                    StringPool::instance().intern(text);
            }
            read |= key == "kind" ? kKind : kApiVersion;
        } else if (key == "metadata") {
            od::value fieldValue = field.value();
            if (!isNull(fieldValue)) {
                const char *metadataBegin = fieldValue.raw_json_token().data();
                if (prefix)
                    metadataBegin = prefix->inFrame(metadataBegin);
                od::object metadata;
                if (fieldValue.get_object().get(metadata) != SUCCESS)
                    return failure(QStringLiteral("metadata: expected an object"));
                if (!metadataReader.read(metadata))
                    return failure(metadataReader.error());
                // Its end: where the scan after managedFields found it (in
                // the frame, for a prefix), or where walking it left the
                // iterator. A prefix read to no scan fails below.
                const char *next = metadataReader.tokenAfterMetadata();
                if (metadataOnly && (next || !prefix)) {
                    if (!next && value.current_location().get(next) != SUCCESS)
                        return failure(QStringLiteral("invalid JSON"));
                    metadataRaw = objectBefore(metadataBegin, next);
                    if (!metadataRaw)
                        return failure(QStringLiteral("invalid JSON"));
                }
                if (const char *end = metadataReader.tokenAfterObject()) {
                    raw = std::string_view(begin, size_t(end - begin));
                    break;
                }
            } else if (metadataOnly) {
                metadataRaw.reset(); // null, as if absent
            }
            if (prefix) // the stand-in is in metadata, or the prefix is of no use
                return failure(QStringLiteral("metadata ends before the prefix's cut"));
            read |= kMetadata;
        } else {
            continue;
        }
        // Tried once, when the last needed field has just been read: API
        // servers write apiVersion, kind and metadata first.
        const char *next = nullptr;
        if (documentEnd && read == kAllRead && !tailTried &&
            value.current_location().get(next) == SUCCESS) {
            tailTried = true;
            const KnownValueEnds inObject{valueEnds, valueEnds ? valueEnds->objectDepth() : 0};
            if (const char *end =
                    endOfPlainObjectTail(next, documentEnd, kObjectKeysRead, inObject)) {
                raw = std::string_view(begin, size_t(end - begin));
                break;
            }
        }
    }
    if (!raw && prefix)
        return failure(QStringLiteral("no metadata before the prefix's cut"));
    if (!raw)
        raw = rawAfterReading(value, object, begin);
    if (!raw)
        return failure(QStringLiteral("invalid JSON"));
    if (metadataOnly) {
        if (!data->kind.isEmpty() && data->kind != options.metadataOnlyKind &&
            !isPartialObjectMetadata(data->kind, data->apiVersion))
            return failure(QStringLiteral("expected PartialObjectMetadata or %1, got %2 %3")
                               .arg(options.metadataOnlyKind,
                                    data->apiVersion.isEmpty() ? QStringLiteral("(no apiVersion)")
                                                               : data->apiVersion,
                                    data->kind));
        if (!metadataRaw)
            return failure(QStringLiteral("%1 without a metadata object")
                               .arg(data->kind.isEmpty() ? options.metadataOnlyKind : data->kind));
        data->kind = options.metadataOnlyKind;
        data->apiVersion = options.metadataOnlyApiVersion;
        data->metadataOnly = true;
    }
    ObjectIdentity identity =
        makeObjectIdentity(data->namespaceName, metadataReader.name(), metadataReader.uid(),
                           metadataReader.resourceVersion());
    data->key = std::move(identity.key);
    data->name = std::move(identity.name);
    data->uid = std::move(identity.uid);
    data->resourceVersion = std::move(identity.resourceVersion);
    const bool drop = options.dropManagedFields && data->hasManagedFields;
    // Room for `{"kind":"PersistentVolumeClaim","apiVersion":"v1",` and the like.
    constexpr qsizetype kTypeMetaRoom = 96;
    const qsizetype headroom =
        options.roomForTypeMeta && (data->kind.isEmpty() || data->apiVersion.isEmpty())
            ? kTypeMetaRoom
            : 0;
    const std::string_view cut = drop ? metadataReader.managedFieldsRange() : std::string_view();
    if (!(metadataOnly ? minifiedCopy(*metadataRaw, cut, 0, metadataOnlyWrap(options), data->json)
                       : minifiedCopy(*raw, cut, headroom, {}, data->json)))
        return failure(QStringLiteral("invalid JSON"));
    if (drop)
        data->hasManagedFields = false;
    return result;
}

} // namespace informant::detail
