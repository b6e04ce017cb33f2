#include "informer/core/objecttail.h"

#include "informer/core/bracketscanner.h"

#include <simdjson.h>

// The scan of a value may run up to 63 bytes past the document's end.
static_assert(simdjson::SIMDJSON_PADDING >= 63);

namespace informant::detail {

namespace {

// JSON's whitespace, which simdjson's stage 1 makes no token of.
bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// A byte that ends a scalar token in stage 1 (or that a plain scalar never
// holds: a backslash, which stage 1 takes for an escape).
bool endsScalar(char c)
{
    switch (c) {
    case '{':
    case '}':
    case '[':
    case ']':
    case ':':
    case ',':
    case '"':
    case '\\':
        return true;
    default:
        return isSpace(c);
    }
}

const char *skipSpace(const char *at, const char *end)
{
    while (at < end && isSpace(*at))
        ++at;
    return at;
}

// One value from its first byte; returns the byte after it, or nullptr if it
// is not plain. On-Demand skips it as one token (a string, a scalar) or by
// counting brackets (an object, an array), which `known` may have done.
const char *skipValue(const char *at, const char *end, const KnownValueEnds &known)
{
    if (at == end)
        return nullptr;
    if (*at == '{' || *at == '[') {
        if (known.ends) {
            const char *valueEnd = known.ends->endOfValue(at, known.containerDepth);
            if (valueEnd && valueEnd <= end)
                return valueEnd;
        }
        // The scanner and stage 1 agree on where strings are as long as no
        // backslash stands outside one (stage 1 takes it for an escape, the
        // scanner for an ordinary byte): then they count the same brackets.
        // The scan runs on to a whole 64-byte block (into the document's
        // padding): the scanner reads a block's brackets in order, so an end
        // before documentEnd is found as it would be without the extra bytes,
        // and the short last piece is not read a byte at a time.
        const qsizetype size = end - at;
        BracketScanner scanner;
        const qsizetype length = scanner.findEnd(at, 0, (size + 63) / 64 * 64);
        if (length < 0 || length > size || scanner.sawBackslashOutsideString())
            return nullptr;
        return at + length;
    }
    if (*at == '"') {
        // A backslash escapes the byte after it; the first quote not escaped
        // closes the string, as in stage 1.
        for (const char *c = at + 1; c < end; ++c) {
            if (*c == '\\')
                ++c;
            else if (*c == '"')
                return c + 1;
        }
        return nullptr;
    }
    if (endsScalar(*at))
        return nullptr; // no value: a ',' or '}' here is On-Demand's odd case
    const char *c = at + 1;
    while (c < end && !endsScalar(*c))
        ++c;
    return c;
}

} // namespace

const char *endOfPlainValue(const char *at, const char *documentEnd, const KnownValueEnds &known)
{
    return skipValue(at, documentEnd, known);
}

const char *endOfPlainObjectTail(const char *at, const char *documentEnd,
                                 std::span<const std::string_view> neededKeys,
                                 const KnownValueEnds &known)
{
    const char *c = at;
    while (c < documentEnd && *c == ',') {
        // A key: a string without escapes (so it is the key unescaped), none
        // of those the decoder reads.
        c = skipSpace(c + 1, documentEnd);
        if (c == documentEnd || *c != '"')
            return nullptr;
        const char *keyBegin = c + 1;
        const char *keyEnd = keyBegin;
        while (keyEnd < documentEnd && *keyEnd != '"' && *keyEnd != '\\')
            ++keyEnd;
        if (keyEnd == documentEnd || *keyEnd != '"')
            return nullptr;
        const std::string_view key(keyBegin, size_t(keyEnd - keyBegin));
        for (const std::string_view needed : neededKeys) {
            if (key == needed)
                return nullptr;
        }
        c = skipSpace(keyEnd + 1, documentEnd);
        if (c == documentEnd || *c != ':')
            return nullptr;
        c = skipValue(skipSpace(c + 1, documentEnd), documentEnd, known);
        if (!c)
            return nullptr;
        c = skipSpace(c, documentEnd);
    }
    if (c == documentEnd || *c != '}')
        return nullptr;
    // On-Demand leaves its iterator on the next token; at the document's
    // end there is none, and the decoder takes its other way.
    const char *next = skipSpace(c + 1, documentEnd);
    return next < documentEnd ? next : nullptr;
}

} // namespace informant::detail
