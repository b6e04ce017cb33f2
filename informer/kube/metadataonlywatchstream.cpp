#include "informer/kube/metadataonlywatchstream.h"

#include "informer/core/metadataonly.h"
#include "informer/core/watchstreamdecoder.h"

namespace informant {

MetadataOnlyWatchStream::MetadataOnlyWatchStream(std::unique_ptr<WatchStream> inner, QString kind,
                                                 QString apiVersion, DecodeOptions options)
    : m_inner(std::move(inner))
    , m_kind(std::move(kind))
    , m_apiVersion(std::move(apiVersion))
    , m_options(options)
{
}

WatchStream::Next MetadataOnlyWatchStream::next(QList<WatchEvent> &out)
{
    if (m_failed)
        return Next::Closed;
    const qsizetype first = out.size();
    const Next next = m_inner->next(out);
    for (qsizetype i = first; i < out.size(); ++i) {
        WatchEvent &event = out[i];
        if (event.type == WatchEvent::Type::Bookmark || event.type == WatchEvent::Type::Error)
            continue;
        auto object = metadataOnlyObject(event.object, m_kind, m_apiVersion, m_options);
        if (object.ok()) {
            event.object = std::move(object).value();
            continue;
        }
        // As an undecodable frame: what came before it stands, nothing after.
        m_failed = true;
        m_inner->stop();
        out.resize(i);
        WatchEvent failure;
        failure.type = WatchEvent::Type::Error;
        failure.status = decodeFailureStatus(object.errorMessage());
        out.append(std::move(failure));
        return Next::Events;
    }
    return next;
}

} // namespace informant
