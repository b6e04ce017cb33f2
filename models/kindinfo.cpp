#include "models/kindinfo.h"

namespace informant {

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

} // namespace informant
