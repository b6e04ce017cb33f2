#pragma once

// A long run of MODIFIED events made at start-up (the `replay` scenario) and
// kept compactly: change i is "object o gets annotation generation g" at
// resourceVersion firstRv() + i, over the object's base bytes. A million
// changes of 4 KiB pods cost 16 MB instead of gigabytes, and a watch renders
// each frame when it streams it (one copy of the base bytes with the two
// numbers replaced), so the history streams back-to-back at memcpy speed.
// Immutable once installed in a ResourceStore; server thread only.

#include "sim/storedevent.h"

#include <vector>

namespace informant::sim {

class ReplayLog
{
public:
    // `bases`: the objects changed (their stored state before the first change);
    // each must carry the annotation named by `generationKey` and a resourceVersion.
    ReplayLog(std::vector<ObjectPtr> bases, const QByteArray &generationKey, quint64 firstRv);

    // Records the next change: base `object` now has annotation generation `generation`.
    void append(quint32 object, quint32 generation);

    quint64 firstRv() const { return m_firstRv; }
    // The resourceVersion of the last change (firstRv() - 1 when empty).
    quint64 lastRv() const { return m_firstRv + m_changes.size() - 1; }
    qsizetype size() const { return qsizetype(m_changes.size()); }
    bool contains(quint64 rv) const { return rv >= m_firstRv && rv <= lastRv(); }

    // `{"type":"MODIFIED","object":...}\n` of the change at `rv`, appended to `out`.
    void appendFrame(quint64 rv, QByteArray &out) const;
    // The object changed at `rv` in its base version (same key, labels and fields).
    const StoredObject &baseAt(quint64 rv) const
    {
        return *m_bases[m_changes[rv - m_firstRv].object].object;
    }
    // The change at `rv` as a stored event (object and previous version made on demand).
    EventPtr eventAt(quint64 rv) const;
    // The state of each changed object after the last change (null if never changed).
    std::vector<ObjectPtr> finalObjects() const;
    // The version of the object changed at `rv` as it was just before that change.
    ObjectPtr previousAt(quint64 rv) const;

private:
    struct Base
    {
        ObjectPtr object;
        // Byte spans of the resourceVersion and generation values, in order of position.
        qsizetype firstStart = 0, firstEnd = 0, secondStart = 0, secondEnd = 0;
        bool rvFirst = true;
    };
    struct Change
    {
        quint32 object;
        quint32 generation;
        quint64 previousRv; // 0: the base
    };

    QByteArray render(const Base &base, quint64 rv, quint32 generation) const;
    ObjectPtr objectAt(quint64 rv) const;

    std::vector<Base> m_bases;
    std::vector<Change> m_changes;
    std::vector<quint64> m_lastRv; // per base: rv of its latest change (0: none)
    quint64 m_firstRv;
};

} // namespace informant::sim
