#pragma once

// Registers the ui library's compiled resources (the application icon).
// Idempotent; call before the first use of ":/informant/...".

namespace informant {

void initUiResources();

} // namespace informant
