#pragma once

// Internal to informer-core: an object's key, name, uid and resourceVersion
// in one allocation.

#include <QString>

#include <string_view>

namespace informant::detail {

struct ObjectIdentity
{
    QString key;
    QString name;
    QString uid;
    QString resourceVersion;
};

// Builds the four strings every decoded object carries from its metadata
// (UTF-8 as the parser left them; `namespaceName` already a QString, interned)
// as parts of one block of text, "namespace/name\0uid\0resourceVersion\0".
// Each string is a QString over its part, holding a reference on the block:
// Qt's strings may start inside their block (a prepend leaves them so), and
// every part ends in a NUL as a QString's text must. The name is the key's
// tail. One allocation instead of four per object: three fewer mallocs on
// the decoding thread, three fewer frees on whichever thread drops the
// object last, and ~100 bytes less per cached object. A part that is empty
// is a null QString.
// Side effects a caller could see (none the app relies on): a part kept
// after its object keeps the whole block alive; a changed copy of a part
// keeps its offset as unused room; isSharedWith() is true between parts.
ObjectIdentity makeObjectIdentity(const QString &namespaceName, std::string_view name,
                                  std::string_view uid, std::string_view resourceVersion);

} // namespace informant::detail
