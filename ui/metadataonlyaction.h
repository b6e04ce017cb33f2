#pragma once

// MetadataOnlyAction: View ▸ "Watch <kind> metadata only", checkable, for
// the kind the window shows. Toggling it records the choice
// (MetadataOnlyChoice) and has the session go on over an informer of the
// other sort at once (ClusterSession::setReadsMetadataOnly): the table fills
// again from a new list. Disabled where the session cannot choose (a local
// one) and while no kind is shown. GUI thread.

#include "models/kindinfo.h"

#include <QAction>

namespace informant {

class ClusterSession;

class MetadataOnlyAction final : public QAction
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MetadataOnlyAction)

public:
    MetadataOnlyAction(ClusterSession *session, QObject *parent);

    void setKind(const KindInfo &kind);

private:
    void apply(bool metadataOnly);

    ClusterSession *m_session;
    KindInfo m_kind;
};

} // namespace informant
