#pragma once

// Internal to informer-core: the bytes a decoded object keeps. Its raw JSON
// is copied into one exact-size allocation, minified (compact input, as API
// servers write it, is copied as it is), with metadata.managedFields left out
// when asked and, for a metadata-only object, its type meta written around it.

#include <QByteArray>

#include <string_view>

namespace informant::detail {

// Bytes written before and after the copy.
struct CopyWrap
{
    std::string_view lead;
    std::string_view trail;
};

// Copies `raw` minified, leaving out `cut` (a "key":value member inside it)
// together with the comma that separates it from its neighbour. Returns false
// if simdjson's minifier rejects the text. The minifier writes into a
// per-thread scratch buffer so the stored bytes get one exact-size allocation:
// a cache of 100k objects must not carry the capacity slack of the input.
// `headroom` bytes are left free before the copy (QByteArray keeps them for a
// later prepend); `wrap`'s bytes are written around it.
bool minifiedCopy(std::string_view raw, std::string_view cut, qsizetype headroom,
                  const CopyWrap &wrap, QByteArray &out);

} // namespace informant::detail
