#include "informer/core/objectidentity.h"

#include <algorithm>

namespace informant::detail {

namespace {

// Writes `utf8` as UTF-16 at `out`, which has room for utf8.size() units (a
// UTF-8 text never has more UTF-16 units than bytes). Returns the end.
char16_t *writeUtf16(std::string_view utf8, char16_t *out)
{
    bool ascii = true;
    for (const char c : utf8)
        ascii &= static_cast<unsigned char>(c) < 0x80;
    if (ascii) {
        for (const char c : utf8)
            *out++ = char16_t(c);
        return out;
    }
    const QString text = QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
    std::copy(text.utf16(), text.utf16() + text.size(), out);
    return out + text.size();
}

// A QString over `length` units of `block` from `from`, sharing its
// allocation. The unit after the part must be a NUL.
QString sharedPart(QString &block, qsizetype from, qsizetype length)
{
    if (length == 0)
        return QString();
    QString::DataPointer &whole = block.data_ptr();
    whole.d_ptr()->ref();
    return QString(QString::DataPointer(whole.d_ptr(), whole.data() + from, length));
}

} // namespace

ObjectIdentity makeObjectIdentity(const QString &namespaceName, std::string_view name,
                                  std::string_view uid, std::string_view resourceVersion)
{
    const qsizetype prefix = namespaceName.isEmpty() ? 0 : namespaceName.size() + 1;
    QString block(prefix + qsizetype(name.size() + 1 + uid.size() + 1 + resourceVersion.size()),
                  Qt::Uninitialized);
    char16_t *const begin = reinterpret_cast<char16_t *>(block.data());
    char16_t *out = begin;
    if (prefix) {
        out = std::copy(namespaceName.utf16(), namespaceName.utf16() + namespaceName.size(), out);
        *out++ = u'/';
    }
    char16_t *const nameBegin = out;
    out = writeUtf16(name, out);
    const qsizetype keyLength = out - begin;
    const qsizetype nameLength = out - nameBegin;
    *out++ = u'\0';
    const qsizetype uidFrom = out - begin;
    out = writeUtf16(uid, out);
    const qsizetype uidLength = out - begin - uidFrom;
    *out++ = u'\0';
    const qsizetype rvFrom = out - begin;
    out = writeUtf16(resourceVersion, out);
    const qsizetype rvLength = out - begin - rvFrom;
    // QString(size, Uninitialized) put a NUL after the last unit; the text
    // written may be shorter (non-ASCII UTF-8), so one goes after it too.
    *out = u'\0';

    ObjectIdentity identity;
    identity.key = sharedPart(block, 0, keyLength);
    identity.name = sharedPart(block, keyLength - nameLength, nameLength);
    identity.uid = sharedPart(block, uidFrom, uidLength);
    identity.resourceVersion = sharedPart(block, rvFrom, rvLength);
    return identity;
}

} // namespace informant::detail
