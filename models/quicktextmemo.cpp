#include "models/quicktextmemo.h"

#include <algorithm>

namespace informant {

qsizetype QuickTextMemo::retype(const QString &text, qint64 nowMs)
{
    if (!m_sinceMs || nowMs < *m_sinceMs || nowMs - *m_sinceMs > kLifetimeMs) {
        m_text = text;
        m_sinceMs = nowMs;
        return 0;
    }
    // Folded a code unit at a time: a character outside the BMP compares by
    // its units, so two spellings of it share no prefix, which only asks
    // more objects again.
    qsizetype common = 0;
    const qsizetype shorter = std::min(m_text.size(), text.size());
    while (common < shorter && m_text.at(common).toCaseFolded() == text.at(common).toCaseFolded())
        ++common;
    // Deleted back (or the same again): every verdict for the longer text
    // still holds, ready for the characters typed again.
    if (common == text.size())
        return m_text.size();
    m_text = text;
    return common;
}

} // namespace informant
