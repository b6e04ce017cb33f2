#include "ui/metadataonlyaction.h"

#include "models/clustersession.h"
#include "ui/metadataonlychoice.h"

namespace informant {

MetadataOnlyAction::MetadataOnlyAction(ClusterSession *session, QObject *parent)
    : QAction(parent)
    , m_session(session)
{
    setCheckable(true);
    setObjectName(QStringLiteral("metadataOnlyAction"));
    connect(this, &QAction::triggered, this, &MetadataOnlyAction::apply);
    setKind(KindInfo());
}

void MetadataOnlyAction::setKind(const KindInfo &kind)
{
    m_kind = kind;
    const bool can = kind.isValid() && m_session->canReadMetadataOnly();
    setText(kind.isValid() ? tr("Watch %1 &metadata only").arg(kind.plural)
                           : tr("Watch &metadata only"));
    setEnabled(can);
    setChecked(can && m_session->readsMetadataOnly(kind));
    setToolTip(can ? tr("Hold only the metadata of %1: less memory and traffic; their data, "
                        "spec and status are read one object at a time, in the details pane")
                         .arg(kind.plural)
                   : tr("This session holds what it was given"));
}

void MetadataOnlyAction::apply(bool metadataOnly)
{
    if (!m_kind.isValid())
        return;
    MetadataOnlyChoice::choose(m_kind.id(), metadataOnly);
    m_session->setReadsMetadataOnly(m_kind, metadataOnly);
}

} // namespace informant
