#pragma once

// Internal to informer-core: lets the object decoder stop reading an object
// once it has read every field it needs, without simdjson On-Demand walking
// the members after them (a pod's spec and status) token by token.
//
// The bytes after the needed fields are accepted only when they have the
// plain shape an API server writes: `,"key":value` members then the closing
// '}', keys without escapes and none of `neededKeys`, objects and arrays
// skipped by BracketScanner (64 bytes a step), strings and scalars one token.
// For such bytes On-Demand would find no error, read no further field and end
// the object at the same '}' (its skip counts brackets outside strings by the
// same rule), so the decoded object is the same. Anything else (a backslash
// outside a string, a missing comma, a needed key again, ...) is refused and
// the decoder walks on as before, so errors are unchanged too.

#include "informer/core/valueends.h"

#include <span>
#include <string_view>

namespace informant::detail {

// Where the values skipped end, when the frame's cut recorded it
// (valueends.h): members of a container at `containerDepth`. Without `ends`
// each value is scanned.
struct KnownValueEnds
{
    const FrameValueEnds *ends = nullptr;
    int containerDepth = 0;
};

// `documentEnd` is the end of a simdjson document: SIMDJSON_PADDING bytes
// after it are readable (their content does not matter).

// `at` is a value's first byte. Returns the byte after the value, or nullptr
// when it is not plain: an object or array skipped by bracket count with no
// backslash outside a string, a string, or a scalar token.
const char *endOfPlainValue(const char *at, const char *documentEnd,
                            const KnownValueEnds &known = {});

// `at` is the token after a member's value: ',' or the object's '}'.
// Returns where the token after the object's '}' begins (as the On-Demand
// iterator would be left), or nullptr when the bytes are not plain or no
// token follows before `documentEnd`.
const char *endOfPlainObjectTail(const char *at, const char *documentEnd,
                                 std::span<const std::string_view> neededKeys,
                                 const KnownValueEnds &known = {});

} // namespace informant::detail
