#pragma once

// readUpTo: reads a file the user named (a kubeconfig, a certificate, a key)
// bounded by what is read, not by QFile::size(): a FIFO or a device
// (`certificate-authority: /dev/zero`) has size 0 and may never end.

#include <QByteArray>

class QFile;

namespace informant {

// Up to maxBytes + 1 bytes of the open `file`: more than maxBytes read means
// the file is too large. Check file.error() after it.
QByteArray readUpTo(QFile &file, qint64 maxBytes);

} // namespace informant
