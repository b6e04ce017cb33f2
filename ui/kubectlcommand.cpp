#include "ui/kubectlcommand.h"

#include "models/clusterrowkey.h"

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

KubectlTarget KubectlTargets::forRow(QStringView rowKey) const
{
    const QStringView cluster = clusterOfRowKey(rowKey);
    if (cluster.isEmpty())
        return single;
    if (const auto it = byCluster.constFind(cluster.toString()); it != byCluster.cend())
        return *it;
    KubectlTarget none;
    none.unavailableReason =
        QStringLiteral("Nothing says how kubectl reaches cluster %1").arg(cluster);
    return none;
}

QString KubectlTargets::whyUnavailable(const QStringList &rowKeys) const
{
    QStringList asked;
    for (const QString &key : rowKeys) {
        const QString cluster = clusterOfRowKey(key).toString();
        if (asked.contains(cluster))
            continue;
        asked.append(cluster);
        if (const QString why = forRow(key).whyUnavailable(); !why.isEmpty())
            return cluster.isEmpty() || why.contains(cluster)
                       ? why
                       : cluster + QStringLiteral(": ") + why;
    }
    return {};
}

QString kubectlCommand(KubectlVerb verb, const KindInfo &kind, const QList<KubeObject> &objects,
                       const QStringList &rowKeys, const KubectlTargets &targets)
{
    if (objects.isEmpty() || objects.size() != rowKeys.size() ||
        !targets.whyUnavailable(rowKeys).isEmpty())
        return {};
    // Clusters in the order the rows first name them, each with its objects.
    QStringList clusters;
    QHash<QString, QList<KubeObject>> objectsOf;
    for (qsizetype i = 0; i < objects.size(); ++i) {
        const QString cluster = clusterOfRowKey(rowKeys.at(i)).toString();
        if (!objectsOf.contains(cluster))
            clusters.append(cluster);
        objectsOf[cluster].append(objects.at(i));
    }
    QStringList lines;
    for (const QString &cluster : std::as_const(clusters)) {
        const KubectlTarget target =
            cluster.isEmpty() ? targets.single : targets.byCluster.value(cluster);
        lines.append(kubectlCommand(verb, kind, objectsOf.value(cluster), target));
    }
    return lines.join(QLatin1Char('\n'));
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
