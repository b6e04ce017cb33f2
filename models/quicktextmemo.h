#pragma once

// QuickTextMemo: what a resource table's earlier quick-filter answers tell
// about the next one, so that a keystroke does not print every object's
// cells again. Matching is a case-insensitive substring test, so an object
// that contains a text contains each of its prefixes, and one that misses a
// text misses every text it is a prefix of. The memo keeps the text typed
// (the longest of a run of keystrokes that each add or delete the last
// character) and per object the longest prefix of it the object is known to
// contain and the shortest it is known to miss: typing a character asks only
// the objects that matched, deleting it back asks nobody, and a tick, a
// selector or a sort asks only the objects never asked.
//
// A verdict is the one taken when the object was asked, as between queries,
// where a row stays while the clock moves its AGE text past the filter; the
// memo forgets them all when its verdicts are kLifetimeMs old (or the clock
// went back: a replay moved), so a query change after a pause asks every
// object again: no query's rows or counts rest on an AGE or "(5m ago)" text
// older than that.

#include <QString>

#include <limits>
#include <optional>

namespace informant {

// One object's verdicts for prefixes of the memo's text.
class QuickTextVerdicts
{
public:
    // Whether the object contains the prefix of `length`, when known.
    std::optional<bool> known(qsizetype length) const
    {
        if (length <= m_contains)
            return true;
        if (m_misses != kUnknown && length >= m_misses)
            return false;
        return std::nullopt;
    }
    void record(qsizetype length, bool contains)
    {
        if (length >= kUnknown)
            return; // longer than a filter is typed: asked each time
        if (contains)
            m_contains = quint16(length);
        else
            m_misses = quint16(length);
    }
    // The memo's text changed past its first `kept` characters.
    void keepPrefix(qsizetype kept)
    {
        if (m_contains > kept)
            m_contains = quint16(kept);
        if (m_misses > kept)
            m_misses = kUnknown;
    }

private:
    static constexpr quint16 kUnknown = std::numeric_limits<quint16>::max();
    quint16 m_contains = 0; // every object contains ""
    quint16 m_misses = kUnknown;
};

class QuickTextMemo
{
public:
    // Long enough for a burst of keystrokes and ticks.
    static constexpr qint64 kLifetimeMs = 10'000;

    // The quick filter is now `text`, at `nowMs` (the time cells are printed
    // for). Returns how many characters of the memo's text still hold (every
    // object's verdicts are to be cut to that: QuickTextVerdicts::keepPrefix);
    // the memo's text's own length when all do.
    qsizetype retype(const QString &text, qint64 nowMs);
    const QString &text() const { return m_text; }

private:
    QString m_text;
    std::optional<qint64> m_sinceMs; // the oldest verdict's time
};

} // namespace informant
