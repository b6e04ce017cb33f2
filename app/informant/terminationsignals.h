#pragma once

// Ends informant as closing its windows does when it receives SIGTERM (a
// desktop session logging out, `kill`), SIGHUP (the terminal that started it
// closing) or SIGINT (Ctrl+C there). By default these signals end the process
// where it stands: no window saves its size, dock layout and columns, and a
// credential plugin waiting for a browser sign-in is left running with the
// processes it started. A second signal, while the first is being handled,
// ends the process at once as the default would: a shutdown that hangs can
// still be ended.

namespace informant {

// Call once, after the QApplication is made: the signals are handled in its
// event loop.
void closeWindowsOnTerminationSignals();

} // namespace informant
