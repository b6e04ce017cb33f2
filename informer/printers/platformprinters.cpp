// Printers for cluster-administration kinds: RBAC (Role and ClusterRole use
// the apiserver's default NAME/CREATED AT table), PriorityClass,
// RuntimeClass, admission webhook configurations, CertificateSigningRequest
// and APIService, as kubectl prints them.

#include "informer/printers/builtinprinters.h"
#include "informer/printers/duration.h"
#include "informer/printers/printerutil.h"

namespace informant::printers_detail {

namespace {

// rbac.SubjectsStrings: users, groups and service accounts ("ns/name").
QList<PrintCell> bindingRow(const RowContext &row)
{
    const JsonView roleRef = row.root["roleRef"];
    QStringList users;
    QStringList groups;
    QStringList serviceAccounts;
    for (const JsonView &subject : row.root["subjects"].items()) {
        const QString kind = subject["kind"].str();
        const QString name = subject["name"].str();
        if (kind == QLatin1String("User")) {
            users.append(name);
        } else if (kind == QLatin1String("Group")) {
            groups.append(name);
        } else if (kind == QLatin1String("ServiceAccount")) {
            const QString ns = subject["namespace"].str();
            serviceAccounts.append(ns.isEmpty() ? name : ns + u'/' + name);
        }
    }
    const QString separator = QStringLiteral(", ");
    return {textCell(row.object.name()),
            textCell(roleRef["kind"].str() + u'/' + roleRef["name"].str()),
            ageCell(row.object.creationTimestampMs(), row.nowMs),
            textCell(users.join(separator)),
            textCell(groups.join(separator)),
            textCell(serviceAccounts.join(separator))};
}

QList<PrintCell> priorityClassRow(const RowContext &row)
{
    return {textCell(row.object.name()), countCell(row.root["value"].intOr(0)),
            boolCell(row.root["globalDefault"].boolean().value_or(false)),
            ageCell(row.object.creationTimestampMs(), row.nowMs),
            textCell(row.root["preemptionPolicy"].str())};
}

QList<PrintCell> runtimeClassRow(const RowContext &row)
{
    return {textCell(row.object.name()), textCell(row.root["handler"].str()),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

QList<PrintCell> webhookRow(const RowContext &row)
{
    return {textCell(row.object.name()), countCell(row.root["webhooks"].size()),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

// extractCSRStatus: Denied over Approved over Pending, then Failed, Issued.
QString csrCondition(const RowContext &row)
{
    bool approved = false;
    bool denied = false;
    bool failed = false;
    for (const JsonView &condition : row.status()["conditions"].items()) {
        const QString type = condition["type"].str();
        approved = approved || type == QLatin1String("Approved");
        denied = denied || type == QLatin1String("Denied");
        failed = failed || type == QLatin1String("Failed");
    }
    QString status = denied     ? QStringLiteral("Denied")
                     : approved ? QStringLiteral("Approved")
                                : QStringLiteral("Pending");
    if (failed)
        status += QStringLiteral(",Failed");
    if (!row.status()["certificate"].str().isEmpty())
        status += QStringLiteral(",Issued");
    return status;
}

QList<PrintCell> csrRow(const RowContext &row)
{
    const JsonView spec = row.spec();
    QString duration = QStringLiteral("<none>");
    if (const auto seconds = spec["expirationSeconds"].integer())
        duration = humanDuration(*seconds * 1000);
    return {textCell(row.object.name()),
            ageCell(row.object.creationTimestampMs(), row.nowMs),
            textCell(orNone(spec["signerName"].str())),
            textCell(spec["username"].str()),
            textCell(duration),
            textCell(csrCondition(row))};
}

QList<PrintCell> apiServiceRow(const RowContext &row)
{
    const JsonView service = row.spec()["service"];
    const QString serviceText = service.isObject()
                                    ? service["namespace"].str() + u'/' + service["name"].str()
                                    : QStringLiteral("Local");
    QString available = QStringLiteral("Unknown");
    for (const JsonView &condition : row.status()["conditions"].items()) {
        if (condition["type"].str() != QLatin1String("Available"))
            continue;
        const QString status = condition["status"].str();
        const QString reason = condition["reason"].str();
        available = status == QLatin1String("True") || reason.isEmpty()
                        ? status
                        : QStringLiteral("%1 (%2)").arg(status, reason);
        break;
    }
    return {textCell(row.object.name()), textCell(serviceText), textCell(available),
            ageCell(row.object.creationTimestampMs(), row.nowMs)};
}

} // namespace

void addPlatformPrinters(QList<BuiltinPrinter> &out)
{
    static const TablePrinter binding({nameColumn(), column("Role"), ageColumn(),
                                       column("Users", "string", 1), column("Groups", "string", 1),
                                       column("ServiceAccounts", "string", 1)},
                                      bindingRow);
    static const TablePrinter priorityClass({nameColumn(), column("Value", "integer"),
                                             column("Global-Default", "boolean"), ageColumn(),
                                             column("PreemptionPolicy")},
                                            priorityClassRow);
    static const TablePrinter runtimeClass({nameColumn(), column("Handler"), ageColumn()},
                                           runtimeClassRow);
    static const TablePrinter webhooks({nameColumn(), column("Webhooks", "integer"), ageColumn()},
                                       webhookRow);
    static const TablePrinter csr({nameColumn(), ageColumn(), column("SignerName"),
                                   column("Requestor"), column("RequestedDuration"),
                                   column("Condition")},
                                  csrRow);
    static const TablePrinter apiService(
        {nameColumn(), column("Service"), column("Available"), ageColumn()}, apiServiceRow);
    out.append({"rbac.authorization.k8s.io", "Role", &createdAtPrinter()});
    out.append({"rbac.authorization.k8s.io", "ClusterRole", &createdAtPrinter()});
    out.append({"rbac.authorization.k8s.io", "RoleBinding", &binding});
    out.append({"rbac.authorization.k8s.io", "ClusterRoleBinding", &binding});
    out.append({"scheduling.k8s.io", "PriorityClass", &priorityClass});
    out.append({"node.k8s.io", "RuntimeClass", &runtimeClass});
    out.append({"admissionregistration.k8s.io", "MutatingWebhookConfiguration", &webhooks});
    out.append({"admissionregistration.k8s.io", "ValidatingWebhookConfiguration", &webhooks});
    out.append({"certificates.k8s.io", "CertificateSigningRequest", &csr});
    out.append({"apiregistration.k8s.io", "APIService", &apiService});
}

} // namespace informant::printers_detail
