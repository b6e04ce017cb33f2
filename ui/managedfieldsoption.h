#pragma once

// The details pane's "Managed fields" YAML option, told whether the session
// keeps metadata.managedFields. informant drops them when it decodes objects
// (they are a large share of every object of every watched kind, and rarely
// read) unless it runs with --no-transform; ticking the box then showed the
// same YAML with no reason given. Where there are none, the box is unticked,
// disabled, and its tooltip says why and how to get them. GUI thread.

class QCheckBox;

namespace informant {

void setManagedFieldsKept(QCheckBox *option, bool kept);

} // namespace informant
