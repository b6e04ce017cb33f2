#include "models/kindinfo.h"

#include <algorithm>
#include <vector>

namespace informant {

namespace {

// Damerau-Levenshtein distance (optimal string alignment), two short words.
int editDistance(const QString &a, const QString &b)
{
    const qsizetype n = a.size();
    const qsizetype m = b.size();
    std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
    for (qsizetype i = 0; i <= n; ++i)
        d[i][0] = int(i);
    for (qsizetype j = 0; j <= m; ++j)
        d[0][j] = int(j);
    for (qsizetype i = 1; i <= n; ++i) {
        for (qsizetype j = 1; j <= m; ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[n][m];
}

// The kinds whose table opens in an order of its own (kindinfo.h).
struct KindDefaultSort
{
    QLatin1String group;
    QLatin1String kind;
    QLatin1String column;
    Qt::SortOrder order;
};

// Events newest first, as Lens opens them: an event list is read for what
// just went wrong, and by namespace and name a busy cluster's first screen
// was Job chatter from twenty minutes ago, the crash-looping pod's BackOff
// thousands of rows down. LAST SEEN ascending: the smallest age on top. Both
// Event APIs print that column.
constexpr KindDefaultSort kDefaultSorts[] = {
    {QLatin1String(""), QLatin1String("Event"), QLatin1String("LAST SEEN"), Qt::AscendingOrder},
    {QLatin1String("events.k8s.io"), QLatin1String("Event"), QLatin1String("LAST SEEN"),
     Qt::AscendingOrder},
};

} // namespace

KindInfo::Sort KindInfo::defaultSort() const
{
    for (const KindDefaultSort &sort : kDefaultSorts) {
        if (group == sort.group && kind == sort.kind)
            return Sort{sort.column, sort.order};
    }
    return {};
}

bool KindInfo::matchesName(const QString &text) const
{
    const QString t = text.trimmed().toLower();
    if (t.isEmpty())
        return false;
    if (t == plural || t == kind.toLower() || t == id() || shortNames.contains(t))
        return true;
    // "deployment.apps", "deploy.apps"
    const qsizetype dot = t.indexOf(QLatin1Char('.'));
    if (dot > 0 && t.mid(dot + 1) == group) {
        const QString head = t.left(dot);
        return head == plural || head == kind.toLower() || shortNames.contains(head);
    }
    return false;
}

int KindInfo::nameDistance(const QString &text) const
{
    const QString t = text.trimmed().toLower();
    int best = editDistance(t, plural);
    best = std::min(best, editDistance(t, kind.toLower()));
    for (const QString &shortName : shortNames)
        best = std::min(best, editDistance(t, shortName));
    return best;
}

// "Deployment" -> "Deployments", "Ingress" -> "Ingresses", "Endpoints" stays.
QString KindInfo::pluralTitle() const
{
    if (kind.endsWith(QLatin1Char('s')) && plural == kind.toLower())
        return kind;
    if (kind.endsWith(QLatin1String("ss")) || kind.endsWith(QLatin1Char('x')))
        return kind + QStringLiteral("es");
    if (kind.endsWith(QLatin1Char('y')) && plural.endsWith(QLatin1String("ies")))
        return kind.chopped(1) + QStringLiteral("ies");
    return kind + QLatin1Char('s');
}

} // namespace informant
