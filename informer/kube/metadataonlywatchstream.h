#pragma once

// MetadataOnlyWatchStream: the watch stream of a metadata-only
// RestListerWatcher. Each ADDED, MODIFIED and DELETED event's object, a
// PartialObjectMetadata from the server, becomes the watched kind's
// metadata-only object (metadataOnlyObject); BOOKMARK and ERROR events pass
// as they are. An object that cannot be made one (another kind, no
// metadata) ends the stream as an undecodable frame does: the decoder's
// InternalError ERROR event, then Closed.
//
// Threading: the wrapped stream's.

#include "informer/cache/listerwatcher.h"

#include <memory>

namespace informant {

class MetadataOnlyWatchStream final : public WatchStream
{
public:
    MetadataOnlyWatchStream(std::unique_ptr<WatchStream> inner, QString kind, QString apiVersion,
                            DecodeOptions options);
    Q_DISABLE_COPY_MOVE(MetadataOnlyWatchStream)

    Next next(QList<WatchEvent> &out) override;
    ApiError error() const override { return m_inner->error(); }
    void stop() override { m_inner->stop(); }
    qint64 bytesReceived() const override { return m_inner->bytesReceived(); }

private:
    const std::unique_ptr<WatchStream> m_inner;
    const QString m_kind;
    const QString m_apiVersion;
    const DecodeOptions m_options;
    bool m_failed = false;
};

} // namespace informant
