#include "ui/managedfieldsoption.h"

#include <QCheckBox>

namespace informant {

void setManagedFieldsKept(QCheckBox *option, bool kept)
{
    if (kept) {
        option->setEnabled(true);
        option->setToolTip(QCheckBox::tr("Show metadata.managedFields: which manager (kubectl, "
                                         "a controller, server-side apply) owns each field"));
        return;
    }
    // Unticked first: the YAML it shows follows the box's toggled().
    option->setChecked(false);
    option->setEnabled(false);
    option->setToolTip(QCheckBox::tr(
        "No managed fields to show: informant drops metadata.managedFields from the objects it "
        "watches, to save memory. Start informant with --no-transform to keep them."));
}

} // namespace informant
