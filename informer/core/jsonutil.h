#pragma once

// Internal to informer-core: simdjson plumbing shared by the decoders.

#include <simdjson.h>

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace informant::detail {

// Appends `text` as a JSON string literal (quoted, escaped).
void appendJsonString(std::string_view text, QByteArray &out);

inline QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

// Per-thread parsers: simdjson parsers are reusable and costly to create.
simdjson::dom::parser &threadDomParser();
simdjson::ondemand::parser &threadOndemandParser();

// simdjson reads up to SIMDJSON_PADDING bytes past the end of its input. The
// bytes are copied into a per-thread padded buffer (reused, so the copy is a
// memcpy, not an allocation) and a view of it is returned, valid until the
// next call on this thread.
simdjson::padded_string_view paddedCopy(QByteArrayView bytes);

} // namespace informant::detail
