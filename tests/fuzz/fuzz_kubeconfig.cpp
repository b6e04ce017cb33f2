// Fuzz target: the kubeconfig loader (yaml-cpp plus our readers) and the
// resolution of every context. Must never crash or throw; an error must
// never quote a token or password given in the file.

#include "informer/kube/kubeconfig.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray yaml(reinterpret_cast<const char *>(data), qsizetype(size));
    // A directory that does not exist: relative file references resolve
    // into it and fail to read instead of touching real files.
    auto config =
        informant::Kubeconfig::parse(yaml, QStringLiteral("/nonexistent-fuzz-dir/kubeconfig"));
    if (!config.ok())
        return 0;
    QStringList contexts = config->contexts.keys();
    contexts.prepend(QString()); // current-context
    for (const QString &context : std::as_const(contexts)) {
        auto resolved = config->resolve(context);
        if (resolved.ok())
            continue;
        for (const auto &user : std::as_const(config->users)) {
            for (const QString &secret : {user.token, user.password}) {
                if (secret.size() >= 8 && resolved.errorMessage().contains(secret))
                    __builtin_trap();
            }
        }
    }
    return 0;
}
