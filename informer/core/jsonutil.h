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

// Skips the contents of a JSON string from `from` (just after the opening
// quote, or where the previous chunk stopped inside the string). Returns the
// index after the closing quote, or `size` when the string goes on past the
// chunk; `escaped` carries a backslash that ended the chunk (the next chunk's
// first byte is then escaped). For the chunk-safe frame scanners.
qsizetype skipJsonString(const char *data, qsizetype from, qsizetype size, bool &escaped,
                         bool &closed);

// Per-thread parsers: simdjson parsers are reusable and costly to create.
simdjson::dom::parser &threadDomParser();
simdjson::ondemand::parser &threadOndemandParser();

// Per-thread scratch (the padded buffer below and the on-demand parser's
// buffers) grows to the largest document parsed; past this size it is
// released after the document, so a thread that once parsed a 500 MB list
// body does not keep that much memory resident for good.
inline constexpr size_t kKeepScratchBytes = 16 * 1024 * 1024;
void releaseLargeScratch();

// simdjson reads up to SIMDJSON_PADDING bytes past the end of its input. The
// bytes are copied into a per-thread padded buffer (reused, so the copy is a
// memcpy, not an allocation); view() is valid while this object lives, and
// its destructor calls releaseLargeScratch(). One per thread at a time.
class PaddedInput
{
public:
    explicit PaddedInput(QByteArrayView bytes);
    ~PaddedInput();
    PaddedInput(const PaddedInput &) = delete;
    PaddedInput &operator=(const PaddedInput &) = delete;
    simdjson::padded_string_view view() const { return m_view; }

private:
    simdjson::padded_string_view m_view;
};

} // namespace informant::detail
