#pragma once

// KubeObject: one immutable, implicitly shared Kubernetes object of any kind.
//
// It keeps the object's minified JSON bytes plus the hot fields extracted once
// at decode time (apiVersion, kind, namespace, name, uid, resourceVersion,
// generation, timestamps, labels, annotation keys, ownerReferences). Copies
// share one reference-counted block, so a KubeObject is cheap to pass through
// queued signals and safe to read from any thread. A full DOM is built only on
// demand, by whoever needs more than the hot fields (printers, details pane).

#include "informer/core/result.h"

#include <QByteArray>
#include <QExplicitlySharedDataPointer>
#include <QList>
#include <QMetaType>
#include <QString>

#include <optional>

namespace informant {

struct Label
{
    QString key;
    QString value;
    friend bool operator==(const Label &, const Label &) = default;
};

struct OwnerReference
{
    QString apiVersion;
    QString kind;
    QString name;
    QString uid;
    bool controller = false;
};

struct DecodeOptions
{
    // Leave metadata.managedFields out of the stored bytes (the default
    // transform, client-go's SetTransform use in most controllers).
    bool dropManagedFields = false;
    // A list item: an object without kind or apiVersion gets room before its
    // stored bytes for the list's to be written in (completeItemTypeMeta).
    bool roomForTypeMeta = false;
    // Set: the objects are a metadata-only informer's of this kind in
    // metadataOnlyApiVersion (metadataonly.h), each decoded straight into
    // {"kind":K,"apiVersion":V,"metadata":{...}} and marked metadata-only.
    // Whatever else the server sent (a whole object's data, spec, status) is
    // checked as JSON and never copied.
    QString metadataOnlyKind{}; // {}: no warning where DecodeOptions{true} leaves it out
    QString metadataOnlyApiVersion{};
};

class KubeObject
{
public:
    KubeObject(); // a null object
    ~KubeObject();
    KubeObject(const KubeObject &);
    KubeObject &operator=(const KubeObject &);
    KubeObject(KubeObject &&) noexcept;
    KubeObject &operator=(KubeObject &&) noexcept;

    // Decodes one JSON object. Malformed JSON, a non-object or a hot field of
    // the wrong type yields an Error naming the problem; never a crash.
    static Result<KubeObject> fromJson(QByteArrayView json, const DecodeOptions &options = {});

    bool isNull() const { return !d; }

    // This object with the kind and apiVersion it lacks, in its fields and
    // first in its JSON; itself when it names both. From an rvalue whose
    // block nothing else shares, the block is completed in place.
    KubeObject withTypeMeta(const QString &kind, const QString &apiVersion) const &;
    KubeObject withTypeMeta(const QString &kind, const QString &apiVersion) &&;
    // For passes over many objects decoded long ago (a Replace of 100k):
    // each object's block and key text are then cold, and a pass that reads
    // them one object at a time waits on memory for each. Called a few
    // objects ahead, these start those loads early. prefetchBlock() asks for
    // the block's first members (the reference count, key, resourceVersion);
    // prefetchKey() for the key's text, reading the block to find it, so it
    // should come some objects after prefetchBlock() for the same object.
    void prefetchBlock() const;
    void prefetchKey() const;

    QByteArray json() const; // minified
    qsizetype jsonSize() const;

    QString apiVersion() const;
    QString kind() const;
    QString namespaceName() const; // empty for cluster-scoped objects
    QString name() const;
    QString uid() const;
    QString resourceVersion() const;
    qint64 generation() const;
    // Milliseconds since the Unix epoch; -1 when absent.
    qint64 creationTimestampMs() const;
    qint64 deletionTimestampMs() const;
    bool isBeingDeleted() const { return deletionTimestampMs() >= 0; }

    const QList<Label> &labels() const; // sorted by key
    std::optional<QString> label(const QString &key) const;
    const QList<QString> &annotationKeys() const; // sorted
    const QList<OwnerReference> &ownerReferences() const;
    bool hasManagedFields() const;
    // Read through a metadata-only informer (metadataonly.h): the object's
    // JSON holds its kind, apiVersion and metadata, nothing else. Its missing
    // spec, data or status say nothing about the object's own.
    bool isMetadataOnly() const;
    // This object marked as metadata-only; in place when nothing else shares it.
    KubeObject markedMetadataOnly() &&;

    // "namespace/name" or "name": client-go's MetaNamespaceKeyFunc.
    QString key() const;

    // Same bytes (and so the same object as far as any reader can tell).
    bool sameAs(const KubeObject &other) const { return d == other.d; }

    struct Data;
    static void addTypeMeta(Data &data, const QString &kind, const QString &apiVersion);
    // For decoders inside informer-core: wraps a freshly built data block.
    static KubeObject adopt(Data *data);

private:
    explicit KubeObject(Data *data);
    QExplicitlySharedDataPointer<Data> d;
};

// Parses an RFC 3339 timestamp as the API server writes it
// ("2024-05-01T10:00:00Z", optional fraction and offset): milliseconds since
// the epoch, negative before it; nullopt if invalid.
std::optional<qint64> parseKubeTimestamp(QByteArrayView text);
// The same, -1 for an invalid timestamp or one before the epoch: Informant
// keeps those as unknown times (kubectl shows Go's zero time, 0001-01-01,
// as <unknown>).
qint64 parseKubeTimestampMs(QByteArrayView text);

// Items of a typed list usually come without kind and apiVersion (the API
// server leaves them out; reference §8.2). Gives each item that lacks them
// the list's: kind "PodList" makes items of kind "Pod". Anything that tells
// kinds apart (masking a Secret's values, the details pane, the YAML shown)
// can then rely on every object naming its own.
void completeItemTypeMeta(QList<KubeObject> &items, const QString &listKind,
                          const QString &listApiVersion);

// True for a meta.k8s.io Table (v1 or v1beta1): the server's printed form of
// a list, never an object an informer caches (reference §2.4 and §2.6).
bool isMetaTable(QStringView kind, QStringView apiVersion);

// Returns the object without metadata.managedFields (the default transform).
// Objects that have none are returned as they are, sharing their data. A
// metadata-only object stays marked so.
KubeObject withoutManagedFields(const KubeObject &object);

} // namespace informant

Q_DECLARE_METATYPE(informant::KubeObject)
