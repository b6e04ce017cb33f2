#include "models/facetcounts.h"

#include <algorithm>
#include <vector>

namespace informant {

namespace {

void bump(QHash<QString, qsizetype> &counts, const QString &key, qsizetype n)
{
    const auto it = counts.find(key);
    if (it == counts.end())
        counts.insert(key, n);
    else if ((*it += n) == 0)
        counts.erase(it);
}

void bump(QHash<Label, FacetCounts::Tally> &counts, const Label &key, FacetCounts::Tally n)
{
    auto it = counts.find(key);
    if (it == counts.end()) {
        counts.insert(key, n);
        return;
    }
    it->objects += n.objects;
    it->inScope += n.inScope;
    if (*it == FacetCounts::Tally{})
        counts.erase(it);
}

} // namespace

FacetCounts FacetCounts::of(const QHash<QString, KubeObject> &objects, const QSet<QString> &scope)
{
    // Namespaces, label keys and values are interned (core/stringpool.h),
    // and the objects of one owner share one label list: tallied first by
    // the addresses of their namespace and label list, then by those of the
    // labels' strings, 100k pods cost a pointer hash each, not five string
    // hashes. Equal strings or lists at two addresses (not interned) make
    // two tallies, merged at the end.
    struct Group
    {
        QString namespaceName;
        const QList<Label> *labels = nullptr; // lives as long as `objects`
        qsizetype objects = 0;
    };
    QHash<std::pair<const QChar *, const Label *>, Group> groups;
    for (const KubeObject &object : objects) {
        const QString namespaceName = object.namespaceName();
        const QList<Label> &labels = object.labels();
        Group &group = groups[{namespaceName.constData(), labels.constData()}];
        if (group.objects++ == 0)
            group = Group{namespaceName, &labels, 1};
    }
    QHash<const QChar *, std::pair<QString, qsizetype>> byNamespace;
    QHash<std::pair<const QChar *, const QChar *>, std::pair<Label, Tally>> byLabel;
    for (const Group &group : std::as_const(groups)) {
        auto &[name, count] = byNamespace[group.namespaceName.constData()];
        name = group.namespaceName;
        count += group.objects;
        const bool inScope = !scope.isEmpty() && scope.contains(group.namespaceName);
        for (const Label &label : *group.labels) {
            auto &[tallied, tally] = byLabel[{label.key.constData(), label.value.constData()}];
            tallied = label; // keeps the strings, so their addresses, alive
            tally.objects += group.objects;
            if (inScope)
                tally.inScope += group.objects;
        }
    }
    FacetCounts counts;
    counts.scope = scope;
    for (const auto &[name, count] : std::as_const(byNamespace))
        counts.namespaces[name] += count;
    for (const auto &[label, tally] : std::as_const(byLabel)) {
        Tally &total = counts.labels[label];
        total.objects += tally.objects;
        total.inScope += tally.inScope;
    }
    return counts;
}

void FacetCounts::count(const KubeObject &object, qsizetype sign)
{
    const QString namespaceName = object.namespaceName();
    bump(namespaces, namespaceName, sign);
    const bool inScope = !scope.isEmpty() && scope.contains(namespaceName);
    for (const Label &label : object.labels())
        bump(labels, label, Tally{sign, inScope ? sign : 0});
}

void FacetCounts::countChange(const KubeObject &before, const KubeObject &after)
{
    // Shared label lists compare by pointer first (QList::operator==).
    if (!before.isNull() && !after.isNull() && before.namespaceName() == after.namespaceName() &&
        before.labels() == after.labels())
        return;
    if (!before.isNull())
        count(before, -1);
    if (!after.isNull())
        count(after, +1);
}

void FacetCounts::add(const FacetCounts &delta)
{
    Q_ASSERT(delta.scope == scope);
    for (auto it = delta.namespaces.cbegin(); it != delta.namespaces.cend(); ++it)
        bump(namespaces, it.key(), it.value());
    for (auto it = delta.labels.cbegin(); it != delta.labels.cend(); ++it)
        bump(labels, it.key(), it.value());
}

QList<std::pair<QString, qsizetype>> FacetCounts::namespaceCounts() const
{
    QList<std::pair<QString, qsizetype>> out;
    out.reserve(namespaces.size());
    for (auto it = namespaces.cbegin(); it != namespaces.cend(); ++it) {
        if (!it.key().isEmpty())
            out.append({it.key(), it.value()});
    }
    std::sort(out.begin(), out.end());
    return out;
}

LabelCounts FacetCounts::labelCounts(const QMap<QString, QSet<QString>> &ticked,
                                     qsizetype maxValuesPerKey) const
{
    const bool scoped = !scope.isEmpty();
    struct Entry
    {
        const Label *label;
        qsizetype count;
    };
    struct Key
    {
        QString name;
        std::vector<Entry> entries;
    };
    // By key, as pointers into the hash: strings are copied only for the
    // values kept.
    std::vector<Key> keys;
    QHash<QString, size_t> keyIndex;
    const QChar *lastKey = nullptr;
    size_t last = 0;
    for (auto it = labels.cbegin(); it != labels.cend(); ++it) {
        const Label &label = it.key();
        if (keys.empty() || label.key.constData() != lastKey) {
            auto found = keyIndex.constFind(label.key);
            if (found == keyIndex.cend()) {
                found = keyIndex.insert(label.key, keys.size());
                keys.push_back(Key{label.key, {}});
            }
            last = *found;
            lastKey = label.key.constData();
        }
        keys[last].entries.push_back(Entry{&label, scoped ? it->inScope : it->objects});
    }
    LabelCounts out;
    for (Key &key : keys) {
        auto &[keyCount, values] = out[key.name];
        std::vector<Entry> &entries = key.entries;
        for (const Entry &entry : entries)
            keyCount += entry.count; // an object has a key once, with one value
        if (qsizetype(entries.size()) > maxValuesPerKey) {
            // Ticked values first, then the biggest: a ticked value keeps its
            // row and its real count however many values the key has.
            auto rest = entries.begin();
            if (const auto keep = ticked.constFind(key.name); keep != ticked.cend())
                rest = std::partition(entries.begin(), entries.end(), [&keep](const Entry &e) {
                    return keep->contains(e.label->value);
                });
            const auto room =
                std::max<std::ptrdiff_t>(maxValuesPerKey - (rest - entries.begin()), 0);
            if (entries.end() - rest > room) {
                std::nth_element(rest, rest + room, entries.end(),
                                 [](const Entry &a, const Entry &b) { return a.count > b.count; });
                entries.erase(rest + room, entries.end());
            }
        }
        values.reserve(qsizetype(entries.size()));
        for (const Entry &entry : entries)
            values.append({entry.label->value, entry.count});
        std::sort(values.begin(), values.end());
    }
    return out;
}

} // namespace informant
