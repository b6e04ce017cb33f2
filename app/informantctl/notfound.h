#pragma once

// kubectl's error for an object named on the command line that the server
// does not have. As cli-runtime's Info.Get: when the object was looked for
// in a namespace other than "default", kubectl then asks for the namespace
// itself, and if that is missing too the namespace's NotFound (the
// server's Status message, `namespaces "none" not found`) is the error
// instead of the object's. The look-up is one GET; any other answer (the
// namespace exists, or reading it is forbidden) leaves the object's error.
//
// Main thread only (a blocking request on the session's connection).

#include <QString>

namespace informantctl {

class InformerRunner;

// "Error from server (NotFound): ..." for `name` of the runner's kind in
// the runner's namespace.
QString notFoundMessage(const InformerRunner &runner, const QString &name);

} // namespace informantctl
