#include "informer/core/jsonutil.h"

#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace informant::detail {

namespace {
constexpr char kHex[] = "0123456789abcdef";
}

void appendJsonString(std::string_view text, QByteArray &out)
{
    out.append('"');
    const char *runStart = text.data();
    const char *end = text.data() + text.size();
    for (const char *p = runStart; p != end; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        out.append(runStart, p - runStart);
        switch (c) {
        case '"':
            out.append("\\\"", 2);
            break;
        case '\\':
            out.append("\\\\", 2);
            break;
        case '\n':
            out.append("\\n", 2);
            break;
        case '\r':
            out.append("\\r", 2);
            break;
        case '\t':
            out.append("\\t", 2);
            break;
        case '\b':
            out.append("\\b", 2);
            break;
        case '\f':
            out.append("\\f", 2);
            break;
        default: {
            const char escaped[6] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
            out.append(escaped, 6);
        }
        }
        runStart = p + 1;
    }
    out.append(runStart, end - runStart);
    out.append('"');
}

qsizetype skipJsonString(const char *data, qsizetype from, qsizetype size, bool &escaped,
                         bool &closed)
{
    // Most strings of an object are short (keys, small values): a 16-byte
    // compare finds their end in one step where memchr's call costs more.
    closed = false;
    qsizetype i = from;
    if (escaped) {
        if (i >= size)
            return size;
        escaped = false;
        ++i;
    }
    while (i < size) {
        qsizetype j = i;
#if defined(__SSE2__)
        const __m128i quote = _mm_set1_epi8('"');
        const __m128i backslash = _mm_set1_epi8('\\');
        for (; j + 16 <= size; j += 16) {
            const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(data + j));
            const int mask = _mm_movemask_epi8(
                _mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash)));
            if (mask) {
                j += __builtin_ctz(unsigned(mask));
                break;
            }
        }
#endif
        while (j < size && data[j] != '"' && data[j] != '\\')
            ++j;
        if (j >= size)
            return size;
        if (data[j] == '"') {
            closed = true;
            return j + 1;
        }
        if (j + 1 >= size) { // a backslash ends the chunk
            escaped = true;
            return size;
        }
        i = j + 2; // the escaped byte cannot end the string
    }
    return size;
}

simdjson::dom::parser &threadDomParser()
{
    thread_local simdjson::dom::parser parser;
    return parser;
}

simdjson::ondemand::parser &threadOndemandParser()
{
    thread_local simdjson::ondemand::parser parser;
    return parser;
}

namespace {

std::vector<char> &paddedBuffer()
{
    thread_local std::vector<char> buffer;
    return buffer;
}

} // namespace

void releaseLargeScratch()
{
    std::vector<char> &buffer = paddedBuffer();
    if (buffer.size() > kKeepScratchBytes)
        std::vector<char>().swap(buffer);
    simdjson::ondemand::parser &parser = threadOndemandParser();
    if (parser.capacity() > kKeepScratchBytes)
        parser = simdjson::ondemand::parser();
}

PaddedInput::PaddedInput(QByteArrayView bytes)
{
    std::vector<char> &buffer = paddedBuffer();
    const size_t needed = size_t(bytes.size()) + simdjson::SIMDJSON_PADDING;
    if (buffer.size() < needed)
        buffer.resize(needed + needed / 4);
    if (!bytes.isEmpty())
        memcpy(buffer.data(), bytes.data(), size_t(bytes.size()));
    memset(buffer.data() + bytes.size(), 0, simdjson::SIMDJSON_PADDING);
    m_view = simdjson::padded_string_view(buffer.data(), size_t(bytes.size()), buffer.size());
}

PaddedInput::~PaddedInput()
{
    releaseLargeScratch();
}

} // namespace informant::detail
