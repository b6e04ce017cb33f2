#pragma once

// informantctl started with standard input, output or error closed
// (`informantctl get pods 2>&-`): as Go's runtime does for kubectl at
// start-up, each of file descriptors 0, 1 and 2 that is not open is opened
// on /dev/null. Left closed, the next file the process opened would take
// its number: Qt's event dispatcher opens an eventfd first, and error
// messages or a table written "to stderr" or "to stdout" would go into it
// (or into a socket to the API server, or a file being written) instead of
// nowhere, as the caller asked.

namespace informantctl {

// Call first thing in main, before anything opens a file.
void openClosedStandardFileDescriptors();

} // namespace informantctl
