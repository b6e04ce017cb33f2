#include "sim/replaylog.h"

namespace informant::sim {

namespace {

// The span of the string value of `"key":"` after `from`, or {-1, -1}.
std::pair<qsizetype, qsizetype> valueSpan(const QByteArray &json, const QByteArray &key,
                                          qsizetype from = 0)
{
    const QByteArray marker = '"' + key + "\":\"";
    const qsizetype at = json.indexOf(marker, from);
    if (at < 0)
        return {-1, -1};
    const qsizetype start = at + marker.size();
    const qsizetype end = json.indexOf('"', start);
    return end < 0 ? std::pair<qsizetype, qsizetype>{-1, -1} : std::pair{start, end};
}

} // namespace

ReplayLog::ReplayLog(std::vector<ObjectPtr> bases, const QByteArray &generationKey, quint64 firstRv)
    : m_lastRv(bases.size(), 0)
    , m_firstRv(firstRv)
{
    m_bases.reserve(bases.size());
    for (ObjectPtr &object : bases) {
        Base base;
        const QByteArray rvText = QByteArray::number(object->resourceVersion);
        auto rv = valueSpan(object->json, "resourceVersion");
        if (object->json.mid(rv.first, rv.second - rv.first) != rvText)
            rv = {-1, -1};
        const auto generation = valueSpan(object->json, generationKey);
        base.rvFirst = rv.first < generation.first;
        const auto first = base.rvFirst ? rv : generation;
        const auto second = base.rvFirst ? generation : rv;
        base.firstStart = first.first;
        base.firstEnd = first.second;
        base.secondStart = second.first;
        base.secondEnd = second.second;
        base.object = std::move(object);
        m_bases.push_back(std::move(base));
    }
}

void ReplayLog::append(quint32 object, quint32 generation)
{
    const quint64 rv = m_firstRv + m_changes.size();
    m_changes.push_back({object, generation, m_lastRv[object]});
    m_lastRv[object] = rv;
}

QByteArray ReplayLog::render(const Base &base, quint64 rv, quint32 generation) const
{
    const QByteArray &json = base.object->json;
    if (base.firstStart < 0 || base.secondStart < 0)
        return withResourceVersion(json, rv); // no generation annotation: rv only
    const QByteArray rvText = QByteArray::number(rv);
    const QByteArray generationText = QByteArray::number(generation);
    const QByteArray &first = base.rvFirst ? rvText : generationText;
    const QByteArray &second = base.rvFirst ? generationText : rvText;
    QByteArray out;
    out.reserve(json.size() + 24);
    out.append(json.constData(), base.firstStart)
        .append(first)
        .append(json.constData() + base.firstEnd, base.secondStart - base.firstEnd)
        .append(second)
        .append(json.constData() + base.secondEnd, json.size() - base.secondEnd);
    return out;
}

void ReplayLog::appendFrame(quint64 rv, QByteArray &out) const
{
    const Change &change = m_changes[rv - m_firstRv];
    const Base &base = m_bases[change.object];
    const QByteArray &json = base.object->json;
    out.append("{\"type\":\"MODIFIED\",\"object\":");
    if (base.firstStart < 0 || base.secondStart < 0) {
        out.append(withResourceVersion(json, rv));
    } else {
        // Straight into `out`: no temporary per frame.
        char digits[2][24];
        const int rvLength =
            std::snprintf(digits[0], sizeof digits[0], "%llu", static_cast<unsigned long long>(rv));
        const int generationLength =
            std::snprintf(digits[1], sizeof digits[1], "%u", change.generation);
        const int firstIndex = base.rvFirst ? 0 : 1;
        const int firstLength = base.rvFirst ? rvLength : generationLength;
        const int secondLength = base.rvFirst ? generationLength : rvLength;
        out.append(json.constData(), base.firstStart)
            .append(digits[firstIndex], firstLength)
            .append(json.constData() + base.firstEnd, base.secondStart - base.firstEnd)
            .append(digits[1 - firstIndex], secondLength)
            .append(json.constData() + base.secondEnd, json.size() - base.secondEnd);
    }
    out.append("}\n");
}

ObjectPtr ReplayLog::objectAt(quint64 rv) const
{
    const Change &change = m_changes[rv - m_firstRv];
    const Base &base = m_bases[change.object];
    auto object = std::make_shared<StoredObject>(*base.object);
    object->json = render(base, rv, change.generation);
    object->resourceVersion = rv;
    return object;
}

ObjectPtr ReplayLog::previousAt(quint64 rv) const
{
    const Change &change = m_changes[rv - m_firstRv];
    return change.previousRv == 0 ? m_bases[change.object].object : objectAt(change.previousRv);
}

EventPtr ReplayLog::eventAt(quint64 rv) const
{
    auto event = std::make_shared<StoredEvent>();
    event->type = StoredEvent::Type::Modified;
    event->resourceVersion = rv;
    event->object = objectAt(rv);
    event->previous = previousAt(rv);
    return event;
}

std::vector<ObjectPtr> ReplayLog::finalObjects() const
{
    std::vector<ObjectPtr> objects(m_bases.size());
    for (std::size_t i = 0; i < m_bases.size(); ++i) {
        if (m_lastRv[i] != 0)
            objects[i] = objectAt(m_lastRv[i]);
    }
    return objects;
}

} // namespace informant::sim
