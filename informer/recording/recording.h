#pragma once

// The recording format of `informantctl record` and `informant-sim --replay`
// (docs/RECORDING.md): newline-delimited JSON, a versioned header line, then
// one line per record {"t","resource","group","type","object"}. Records at
// t = 0 are the initial state (all ADDED); changes follow with t >= 1 ms, in
// order. The writer and the reader of the format live here together, so the
// two sides cannot drift apart.
//
// RecordingWriter is not thread-safe: its owner serialises the calls.
// readRecording()/parseRecording() validate every line and return an Error
// naming the line (truncated last line, malformed JSON, a newer format
// version, a resource the header does not declare); they never crash on bad
// input.

#include "informer/core/kubeobject.h"
#include "informer/core/result.h"

#include <QFile>
#include <QList>
#include <QString>

#include <memory>
#include <vector>

namespace informant {

// The format version this build writes, and the newest it reads.
inline constexpr int kRecordingFormatVersion = 1;

// One recorded resource, as discovery described it when recording.
struct RecordedResource
{
    QString group; // "" for the core group
    QString version;
    QString resource; // plural, e.g. "pods"
    QString kind;
    bool namespaced = false;

    QString apiVersion() const
    {
        return group.isEmpty() ? version : group + QLatin1Char('/') + version;
    }
    // "deployments.apps", or "pods" for the core group (as informantctl names them).
    QString qualifiedName() const
    {
        return group.isEmpty() ? resource : resource + QLatin1Char('.') + group;
    }
};

struct RecordingHeader
{
    int formatVersion = kRecordingFormatVersion;
    QString recordedAt; // RFC 3339, UTC
    QString server;     // the API server's URL
    // What the watches were limited to (informational; "" when not limited).
    QString namespaceName;
    QString labelSelector;
    QString fieldSelector;
    QList<RecordedResource> resources;
};

enum class RecordType { Added, Modified, Deleted };

// "ADDED", "MODIFIED", "DELETED" (the watch event type names).
const char *recordTypeName(RecordType type);

struct RecordedChange
{
    qint64 offsetMs = 0; // since the start of the recording
    int resource = 0;    // index into RecordingHeader::resources
    RecordType type = RecordType::Added;
    KubeObject object; // names its kind and apiVersion
};

struct Recording
{
    RecordingHeader header;
    std::vector<RecordedChange> initialState; // t = 0, all Added
    std::vector<RecordedChange> changes;      // t >= 1, in time order
};

// Reads and validates a whole recording. Errors read "FILE: line N: ...".
Result<Recording> readRecording(const QString &path);
// The same for bytes in memory. Errors read "line N: ...".
Result<Recording> parseRecording(QByteArrayView bytes);

class RecordingWriter
{
public:
    // Creates (truncates) `path` and writes the header line.
    static Result<std::unique_ptr<RecordingWriter>> create(const QString &path,
                                                           const RecordingHeader &header);
    ~RecordingWriter();

    // Appends one record. `object` must name its kind and apiVersion (give it
    // the resource's with KubeObject::withTypeMeta first). Initial state is
    // written with offsetMs 0 and RecordType::Added; changes with offsetMs >= 1.
    Result<void> write(qint64 offsetMs, int resource, RecordType type, const KubeObject &object);
    // Hands what is buffered to the operating system (a recording stopped by
    // SIGKILL then loses only what came after the last flush).
    Result<void> flush();
    // Flushes and closes; later writes fail.
    Result<void> close();

private:
    RecordingWriter() = default;
    Result<void> writeBytes(const QByteArray &bytes);

    QFile m_file;
    // `"resource":"pods","group":""` per resource index, made once.
    QList<QByteArray> m_resourceFields;
};

} // namespace informant
