#include "sim/scenarios/namespacecontroller.h"

#include "sim/objectwriter.h"
#include "sim/scenarios/clusterobjects.h"

#include <QDateTime>

namespace informant::sim {

namespace {

const QString kNamespaces = QStringLiteral("/namespaces");
const QString kServiceAccounts = QStringLiteral("/serviceaccounts");
const QString kDefault = QStringLiteral("default");

} // namespace

void NamespaceController::reconcile()
{
    const std::optional<ResourceType> serviceAccounts =
        m_context.table.findByStorage(kServiceAccounts);
    if (!serviceAccounts)
        return;
    std::vector<ObjectPtr> namespaces;
    for (const auto &[key, ns] : m_context.storage.store(kNamespaces).objects()) {
        if (!ns->beingDeleted &&
            !m_context.storage.store(kServiceAccounts).get(ns->name + u'/' + kDefault))
            namespaces.push_back(ns);
    }
    for (const ObjectPtr &ns : namespaces) {
        QDateTime at; // now
        if (!m_served.contains(ns->uid)) {
            m_served.insert(ns->uid);
            at = QDateTime::fromString(
                QString::fromUtf8(jsonMember(ns->json, {"metadata", "creationTimestamp"}))
                    .remove(u'"'),
                Qt::ISODate);
        }
        (void)ObjectWriter(m_context, at)
            .create(*serviceAccounts, objects::serviceAccount(ns->name, kDefault), ns->name);
    }
}

} // namespace informant::sim
