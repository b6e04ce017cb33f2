#include "ui/kubectlcommand.h"

#include <QHash>
#include <QRegularExpression>
#include <QStringList>

namespace informant {

namespace {

QString resourceName(const KindInfo &kind)
{
    if (!kind.group.isEmpty())
        return kind.plural + QLatin1Char('.') + kind.group;
    return kind.kind.isEmpty() ? kind.plural : kind.kind.toLower();
}

QStringList connectionWords(const KubectlTarget &target)
{
    QStringList words;
    const auto add = [&words](const char *flag, const QString &value) {
        if (!value.isEmpty())
            words << QLatin1String(flag) << shellQuoted(value);
    };
    add("--context", target.context);
    add("--server", target.server);
    add("--certificate-authority", target.certificateAuthority);
    if (target.insecureSkipTlsVerify)
        words << QStringLiteral("--insecure-skip-tls-verify");
    add("--kubeconfig", target.kubeconfig);
    return words;
}

} // namespace

QString KubectlTarget::whyUnavailable() const
{
    if (!unavailableReason.isEmpty())
        return unavailableReason;
    if (context.isEmpty() && server.isEmpty())
        return QStringLiteral("Nothing says how kubectl reaches this cluster");
    return {};
}

QString kubectlCommand(KubectlVerb verb, const KindInfo &kind, const QList<KubeObject> &objects,
                       const KubectlTarget &target)
{
    if (objects.isEmpty() || !target.whyUnavailable().isEmpty())
        return {};
    // Namespaces in the order the rows first name them, each with its names.
    QStringList namespaces;
    QHash<QString, QStringList> names;
    for (const KubeObject &object : objects) {
        const QString ns = kind.namespaced ? object.namespaceName() : QString();
        if (!names.contains(ns))
            namespaces.append(ns);
        names[ns].append(shellQuoted(object.name()));
    }
    const QStringList connection = connectionWords(target);
    QStringList lines;
    for (const QString &ns : std::as_const(namespaces)) {
        QStringList words{QStringLiteral("kubectl"),
                          verb == KubectlVerb::Describe ? QStringLiteral("describe")
                                                        : QStringLiteral("get"),
                          shellQuoted(resourceName(kind))};
        words << names.value(ns);
        if (!ns.isEmpty())
            words << QStringLiteral("-n") << shellQuoted(ns);
        if (verb == KubectlVerb::GetYaml)
            words << QStringLiteral("-o") << QStringLiteral("yaml");
        words << connection;
        lines.append(words.join(QLatin1Char(' ')));
    }
    return lines.join(QLatin1Char('\n'));
}

QString shellQuoted(const QString &word)
{
    // The characters no POSIX shell splits on, expands or globs anywhere in
    // a word (as Python's shlex.quote).
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (plain.match(word).hasMatch())
        return word;
    QString quoted = word;
    quoted.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

} // namespace informant
