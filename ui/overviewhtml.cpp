#include "ui/overviewhtml.h"

#include "models/rowformatter.h"
#include "models/yamlrenderer.h"
#include "ui/overviewannotations.h"
#include "ui/overviewcondition.h"
#include "ui/overviewconfigmap.h"
#include "ui/overviewcontainers.h"
#include "ui/overviewcronjob.h"
#include "ui/overviewnode.h"
#include "ui/overviewtone.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringDecoder>
#include <QStringList>

#include <algorithm>

namespace informant {

QString ObjectLink::toUrl() const
{
    return QStringLiteral("object:%1|%2|%3|%4").arg(apiVersion, kind, namespaceName, name);
}

ObjectLink ObjectLink::fromUrl(const QString &url)
{
    const QStringList parts = url.mid(url.indexOf(u':') + 1).split(u'|');
    if (parts.size() != 4)
        return {};
    return ObjectLink{parts.at(0), parts.at(1), parts.at(2), parts.at(3)};
}

namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

struct Html
{
    QString out;
    bool dark = false;

    void section(const QString &title)
    {
        out +=
            QStringLiteral("<h4 style='margin-top:12px;margin-bottom:4px'>%1</h4>").arg(esc(title));
    }
    void beginTable() { out += QStringLiteral("<table cellspacing='0' cellpadding='2'>"); }
    void endTable() { out += QStringLiteral("</table>"); }
    void row(const QString &key, const QString &valueHtml)
    {
        out += QStringLiteral("<tr><td style='color:%1;padding-right:14px' valign='top'>%2</td>"
                              "<td valign='top'>%3</td></tr>")
                   .arg(dark ? QStringLiteral("#9aa0a6") : QStringLiteral("#5f6368"), esc(key),
                        valueHtml);
    }
    void text(const QString &key, const QString &value)
    {
        if (!value.isEmpty())
            row(key, esc(value));
    }
    void rows(const QList<OverviewRow> &list)
    {
        for (const OverviewRow &r : list)
            row(r.key, r.valueHtml);
    }
};

QString link(const ObjectLink &l)
{
    const QString label = l.namespaceName.isEmpty() ? l.name : l.namespaceName + u'/' + l.name;
    return QStringLiteral("<a href='%1'>%2 %3</a>").arg(esc(l.toUrl()), esc(l.kind), esc(label));
}

// One key=value a line: side by side, Qt's text layout broke them at any
// hyphen ("pod-template-" / "hash=..."), and it has no nowrap for inline text.
QString chips(const QJsonObject &map)
{
    QStringList parts;
    for (auto it = map.begin(); it != map.end(); ++it)
        parts.append(
            QStringLiteral("<code>%1=%2</code>").arg(esc(it.key()), esc(it.value().toString())));
    return parts.join(QStringLiteral("<br>"));
}

// A Secret's data: each key with its size and, revealed, its value decoded
// (the YAML tab shows the base64 the API server stores). Masked otherwise.
// Its own table after the metadata one, so the generic rows (labels,
// owners, ...) that follow the kind's fields never land among the keys.
void secretData(Html &h, const QJsonObject &o, bool reveal)
{
    const QJsonObject data = o.value(QLatin1String("data")).toObject();
    if (data.isEmpty())
        return;
    h.section(QStringLiteral("Data"));
    h.beginTable();
    for (auto it = data.begin(); it != data.end(); ++it) {
        const auto decoded = QByteArray::fromBase64Encoding(
            it.value().toString().toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded) {
            h.row(it.key(), QStringLiteral("<i>not valid base64</i>"));
            continue;
        }
        const QByteArray &bytes = *decoded;
        const QString size = QStringLiteral("%1 bytes").arg(bytes.size());
        if (!reveal) {
            h.row(it.key(), QStringLiteral("%1 &nbsp;<span style='color:gray'>%2</span>")
                                .arg(kMaskedValue, size));
            continue;
        }
        QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        const QString text = utf8.decode(bytes);
        const bool printable =
            !utf8.hasError() && std::none_of(text.begin(), text.end(), [](QChar c) {
                return c.category() == QChar::Other_Control && c != u'\n' && c != u'\t' &&
                       c != u'\r';
            });
        h.row(it.key(), printable ? QStringLiteral("<pre style='margin:0'>%1</pre>").arg(esc(text))
                                  : QStringLiteral("<i>binary, %1</i>").arg(size));
    }
    h.endTable();
}

// A ConfigMap's data and binaryData keys, each in its own table after the
// metadata one, as a Secret's data.
void configMapData(Html &h, const QJsonObject &o)
{
    const auto table = [&h](const QString &title, const QList<OverviewRow> &rows) {
        if (rows.isEmpty())
            return;
        h.section(title);
        h.beginTable();
        h.rows(rows);
        h.endTable();
    };
    table(QStringLiteral("Data"), configMapDataRows(o));
    table(QStringLiteral("Binary data"), configMapBinaryDataRows(o));
}

// A deletionTimestamp in the future is a graceful termination (the kubelet
// still has the grace period to stop the pod); finalizers are named only when
// metadata.finalizers holds some: a pod past its grace period without any
// waits for its kubelet, not for a finalizer.
void deletionRow(Html &h, const KubeObject &object, const QJsonObject &o, qint64 nowMs)
{
    const qint64 deletion = object.deletionTimestampMs();
    QStringList finalizers;
    for (const QJsonValue &f :
         o.value(QLatin1String("metadata")).toObject().value(QLatin1String("finalizers")).toArray())
        finalizers.append(f.toString());
    QString text = deletion > nowMs
                       ? QStringLiteral("Terminating (grace period ends in %1)")
                             .arg(humanAge(deletion - nowMs))
                       : QStringLiteral("since %1 ago").arg(humanAge(nowMs - deletion));
    if (!finalizers.isEmpty())
        text +=
            QStringLiteral(" (finalizers pending: %1)").arg(finalizers.join(QStringLiteral(", ")));
    h.row(QStringLiteral("Deleting"),
          QStringLiteral("<span style='color:#d08c12'>%1</span>").arg(esc(text)));
}

void podFields(Html &h, const QJsonObject &o, qint64 nowMs)
{
    const QJsonObject spec = o.value(QLatin1String("spec")).toObject();
    const QJsonObject status = o.value(QLatin1String("status")).toObject();
    h.row(QStringLiteral("Phase"), tonedHtml(status.value(QLatin1String("phase")).toString()));
    h.text(QStringLiteral("Node"), spec.value(QLatin1String("nodeName")).toString());
    h.text(QStringLiteral("Pod IP"), status.value(QLatin1String("podIP")).toString());
    h.text(QStringLiteral("QoS class"), status.value(QLatin1String("qosClass")).toString());
    h.text(QStringLiteral("Service account"),
           spec.value(QLatin1String("serviceAccountName")).toString());
    h.rows(podContainerRows(o, nowMs));
}

void workloadFields(Html &h, const QJsonObject &o)
{
    const QJsonObject spec = o.value(QLatin1String("spec")).toObject();
    const QJsonObject status = o.value(QLatin1String("status")).toObject();
    if (spec.contains(QLatin1String("replicas"))) {
        h.text(QStringLiteral("Replicas"),
               QStringLiteral("%1 desired · %2 ready · %3 updated · %4 available")
                   .arg(spec.value(QLatin1String("replicas")).toInt())
                   .arg(status.value(QLatin1String("readyReplicas")).toInt())
                   .arg(status.value(QLatin1String("updatedReplicas")).toInt())
                   .arg(status.value(QLatin1String("availableReplicas")).toInt()));
    }
    const QJsonObject selector = spec.value(QLatin1String("selector"))
                                     .toObject()
                                     .value(QLatin1String("matchLabels"))
                                     .toObject();
    if (!selector.isEmpty())
        h.row(QStringLiteral("Selector"), chips(selector));
    const QString strategy =
        spec.value(QLatin1String("strategy")).toObject().value(QLatin1String("type")).toString();
    h.text(QStringLiteral("Strategy"), strategy);
    h.rows(templateContainerRows(
        spec.value(QLatin1String("template")).toObject().value(QLatin1String("spec")).toObject()));
}

void cronJobFields(Html &h, const QJsonObject &o, qint64 nowMs)
{
    h.rows(cronJobRows(o, nowMs));
    h.rows(templateContainerRows(o.value(QLatin1String("spec"))
                                     .toObject()
                                     .value(QLatin1String("jobTemplate"))
                                     .toObject()
                                     .value(QLatin1String("spec"))
                                     .toObject()
                                     .value(QLatin1String("template"))
                                     .toObject()
                                     .value(QLatin1String("spec"))
                                     .toObject()));
}

void serviceFields(Html &h, const QJsonObject &o)
{
    const QJsonObject spec = o.value(QLatin1String("spec")).toObject();
    h.text(QStringLiteral("Type"), spec.value(QLatin1String("type")).toString());
    h.text(QStringLiteral("Cluster IP"), spec.value(QLatin1String("clusterIP")).toString());
    QStringList ports;
    for (const QJsonValue &p : spec.value(QLatin1String("ports")).toArray()) {
        const QJsonObject port = p.toObject();
        ports.append(QStringLiteral("%1/%2 → %3")
                         .arg(port.value(QLatin1String("port")).toInt())
                         .arg(port.value(QLatin1String("protocol")).toString(QStringLiteral("TCP")))
                         .arg(port.value(QLatin1String("targetPort")).toVariant().toString()));
    }
    h.text(QStringLiteral("Ports"), ports.join(QStringLiteral(", ")));
    const QJsonObject selector = spec.value(QLatin1String("selector")).toObject();
    if (!selector.isEmpty())
        h.row(QStringLiteral("Selector"), chips(selector));
}

// A link labelled with the object's name only: the row's title says what
// it is ("Volume", "Claim").
QString nameLink(const ObjectLink &l)
{
    const QString label = l.namespaceName.isEmpty() ? l.name : l.namespaceName + u'/' + l.name;
    return QStringLiteral("<a href='%1'>%2</a>").arg(esc(l.toUrl()), esc(label));
}

// kubectl's GetAccessModesAsString: RWO,ROX,RWX,RWOP in that order.
QString accessModes(const QJsonArray &modes)
{
    static const std::pair<QLatin1String, QLatin1String> table[] = {
        {QLatin1String("ReadWriteOnce"), QLatin1String("RWO")},
        {QLatin1String("ReadOnlyMany"), QLatin1String("ROX")},
        {QLatin1String("ReadWriteMany"), QLatin1String("RWX")},
        {QLatin1String("ReadWriteOncePod"), QLatin1String("RWOP")}};
    QStringList out;
    for (const auto &[mode, shortName] : table) {
        if (modes.contains(QJsonValue(mode)))
            out.append(shortName);
    }
    return out.join(u',');
}

QString storageQuantity(const QJsonObject &resources)
{
    return resources.value(QLatin1String("storage")).toString();
}

// storageutil.GetPersistentVolume(Claim)Class: the field, else the beta
// annotation older objects carry.
QString storageClassName(const QJsonObject &o)
{
    const QString name = o.value(QLatin1String("spec"))
                             .toObject()
                             .value(QLatin1String("storageClassName"))
                             .toString();
    if (!name.isEmpty())
        return name;
    return o.value(QLatin1String("metadata"))
        .toObject()
        .value(QLatin1String("annotations"))
        .toObject()
        .value(QLatin1String("volume.beta.kubernetes.io/storage-class"))
        .toString();
}

void storageClassRow(Html &h, const QJsonObject &o)
{
    const QString name = storageClassName(o);
    if (!name.isEmpty())
        h.row(QStringLiteral("Storage class"),
              nameLink(ObjectLink{QStringLiteral("storage.k8s.io/v1"),
                                  QStringLiteral("StorageClass"), QString(), name}));
}

// As kubectl describe: a claim or volume being deleted is "Terminating".
QString storagePhase(const KubeObject &object, const QJsonObject &o)
{
    if (object.isBeingDeleted())
        return QStringLiteral("Terminating");
    return o.value(QLatin1String("status")).toObject().value(QLatin1String("phase")).toString();
}

// kubectl describe pvc: Status, Volume and, once bound, the Capacity and
// Access Modes of the volume (status), then the StorageClass.
void claimFields(Html &h, const KubeObject &object, const QJsonObject &o)
{
    const QJsonObject spec = o.value(QLatin1String("spec")).toObject();
    const QJsonObject status = o.value(QLatin1String("status")).toObject();
    const QString phase = storagePhase(object, o);
    if (!phase.isEmpty())
        h.row(QStringLiteral("Status"), tonedHtml(phase));
    const QString volume = spec.value(QLatin1String("volumeName")).toString();
    if (!volume.isEmpty()) {
        h.row(QStringLiteral("Volume"),
              nameLink(ObjectLink{QStringLiteral("v1"), QStringLiteral("PersistentVolume"),
                                  QString(), volume}));
        h.text(QStringLiteral("Capacity"),
               storageQuantity(status.value(QLatin1String("capacity")).toObject()));
        h.text(QStringLiteral("Access modes"),
               accessModes(status.value(QLatin1String("accessModes")).toArray()));
    }
    storageClassRow(h, o);
}

// kubectl describe pv: Status, Claim, Reclaim Policy, Capacity, Access
// Modes, StorageClass.
void volumeFields(Html &h, const KubeObject &object, const QJsonObject &o)
{
    const QJsonObject spec = o.value(QLatin1String("spec")).toObject();
    const QString phase = storagePhase(object, o);
    if (!phase.isEmpty())
        h.row(QStringLiteral("Status"), tonedHtml(phase));
    const QJsonObject claim = spec.value(QLatin1String("claimRef")).toObject();
    const QString claimName = claim.value(QLatin1String("name")).toString();
    if (!claimName.isEmpty())
        h.row(QStringLiteral("Claim"),
              nameLink(ObjectLink{QStringLiteral("v1"), QStringLiteral("PersistentVolumeClaim"),
                                  claim.value(QLatin1String("namespace")).toString(), claimName}));
    h.text(QStringLiteral("Reclaim policy"),
           spec.value(QLatin1String("persistentVolumeReclaimPolicy")).toString());
    h.text(QStringLiteral("Capacity"),
           storageQuantity(spec.value(QLatin1String("capacity")).toObject()));
    h.text(QStringLiteral("Access modes"),
           accessModes(spec.value(QLatin1String("accessModes")).toArray()));
    storageClassRow(h, o);
    h.text(QStringLiteral("Message"),
           o.value(QLatin1String("status")).toObject().value(QLatin1String("message")).toString());
}

// kubectl describe storageclass: Provisioner, ReclaimPolicy,
// VolumeBindingMode, IsDefaultClass (either annotation, as kubectl reads it).
void storageClassFields(Html &h, const QJsonObject &o)
{
    h.text(QStringLiteral("Provisioner"), o.value(QLatin1String("provisioner")).toString());
    h.text(QStringLiteral("Reclaim policy"), o.value(QLatin1String("reclaimPolicy")).toString());
    h.text(QStringLiteral("Volume binding mode"),
           o.value(QLatin1String("volumeBindingMode")).toString());
    const QJsonObject annotations = o.value(QLatin1String("metadata"))
                                        .toObject()
                                        .value(QLatin1String("annotations"))
                                        .toObject();
    const bool isDefault =
        annotations.value(QLatin1String("storageclass.kubernetes.io/is-default-class"))
                .toString() == QLatin1String("true") ||
        annotations.value(QLatin1String("storageclass.beta.kubernetes.io/is-default-class"))
                .toString() == QLatin1String("true");
    h.text(QStringLiteral("Default class"),
           isDefault ? QStringLiteral("Yes") : QStringLiteral("No"));
}

// The kind's own fields, after the metadata ones.
void kindFields(Html &h, const KubeObject &object, const QJsonObject &o, qint64 nowMs)
{
    const QString kind = object.kind();
    const bool core = object.apiVersion() == QLatin1String("v1");
    if (kind == QLatin1String("Pod"))
        podFields(h, o, nowMs);
    else if (core && kind == QLatin1String("Node"))
        h.rows(nodeRows(o));
    else if (kind == QLatin1String("CronJob") &&
             object.apiVersion().startsWith(QLatin1String("batch/")))
        cronJobFields(h, o, nowMs);
    else if (kind == QLatin1String("Service"))
        serviceFields(h, o);
    else if (kind == QLatin1String("Secret"))
        h.text(QStringLiteral("Type"), o.value(QLatin1String("type")).toString());
    else if (core && kind == QLatin1String("PersistentVolumeClaim"))
        claimFields(h, object, o);
    else if (core && kind == QLatin1String("PersistentVolume"))
        volumeFields(h, object, o);
    else if (kind == QLatin1String("StorageClass") &&
             object.apiVersion().startsWith(QLatin1String("storage.k8s.io/")))
        storageClassFields(h, o);
    else if (o.value(QLatin1String("spec")).toObject().contains(QLatin1String("replicas")) ||
             kind == QLatin1String("DaemonSet"))
        workloadFields(h, o);
}

// The pane wraps at word boundaries or anywhere (QTextEdit's default), and
// Qt lays a table wider than its room out again wrapping anywhere: every
// cell can then shrink to one character, and only a block that is nowrap
// keeps its width (nowrap on inline text is not applied). So the type,
// status and age are nowrap cells, and a condition's reason (nowrap, a line
// of its own) and message (wrapping) take a row under it across the table:
// as a fourth column they made the table wider than the pane's default
// width, which then scrolled sideways or broke them a letter a line.
void conditions(Html &h, const QJsonArray &list, qint64 nowMs)
{
    if (list.isEmpty())
        return;
    h.section(QStringLiteral("Conditions"));
    // The header cells are spaced as the rows below them ("Status Age" ran
    // together over short columns).
    h.out +=
        QStringLiteral("<table cellspacing='0' cellpadding='2'><tr>"
                       "<th align='left' style='white-space:nowrap;padding-right:12px'>Type</th>"
                       "<th align='left' style='white-space:nowrap;padding-right:12px'>Status</th>"
                       "<th align='left' style='white-space:nowrap'>Age</th>"
                       "</tr>");
    for (const QJsonValue &v : list) {
        const QJsonObject c = v.toObject();
        const QString status = c.value(QLatin1String("status")).toString();
        const qint64 t =
            parseKubeTimestampMs(c.value(QLatin1String("lastTransitionTime")).toString().toUtf8());
        const QString color = conditionHealthy(c.value(QLatin1String("type")).toString(), status)
                                  ? QStringLiteral("#2ea043")
                                  : QStringLiteral("#d08c12");
        h.out += QStringLiteral("<tr><td style='white-space:nowrap;padding-right:12px'>%1</td>"
                                "<td style='white-space:nowrap;color:%2;padding-right:12px'>%3</td>"
                                "<td style='white-space:nowrap'>%4</td></tr>")
                     .arg(esc(c.value(QLatin1String("type")).toString()), color, esc(status),
                          t < 0 ? QString() : humanAge(nowMs - t));
        const QString reason = c.value(QLatin1String("reason")).toString();
        const QString message = c.value(QLatin1String("message")).toString();
        if (reason.isEmpty() && message.isEmpty())
            continue;
        QString why;
        if (!reason.isEmpty())
            why += QStringLiteral("<p style='white-space:nowrap;margin:0'>%1</p>").arg(esc(reason));
        if (!message.isEmpty())
            why += QStringLiteral("<p style='margin:0'>%1</p>").arg(esc(message));
        h.out += QStringLiteral("<tr><td colspan='3' style='padding-left:16px;padding-bottom:4px'>"
                                "%1</td></tr>")
                     .arg(why);
    }
    h.out += QStringLiteral("</table>");
}

} // namespace

QString overviewHtml(const KubeObject &object, const QList<KubeObject> &controlled, qint64 nowMs,
                     bool dark, bool revealSecrets, const QString &cluster)
{
    if (object.isNull())
        return QStringLiteral("<p style='color:gray'>Select an object to see its details.</p>");
    const QJsonObject o = QJsonDocument::fromJson(object.json()).object();
    Html h;
    h.dark = dark;
    h.beginTable();
    if (!cluster.isEmpty())
        h.text(QStringLiteral("Cluster"), cluster);
    h.text(QStringLiteral("Kind"),
           object.kind() + QStringLiteral(" (") + object.apiVersion() + u')');
    h.text(QStringLiteral("Name"), object.name());
    h.text(QStringLiteral("Namespace"), object.namespaceName());
    const qint64 created = object.creationTimestampMs();
    if (created >= 0)
        h.text(QStringLiteral("Age"), humanAge(nowMs - created));
    if (object.isBeingDeleted())
        deletionRow(h, object, o, nowMs);
    h.text(QStringLiteral("UID"), object.uid());
    h.text(QStringLiteral("Resource version"), object.resourceVersion());
    kindFields(h, object, o, nowMs);
    const QJsonObject meta = o.value(QLatin1String("metadata")).toObject();
    const QJsonObject labels = meta.value(QLatin1String("labels")).toObject();
    if (!labels.isEmpty())
        h.row(QStringLiteral("Labels"), chips(labels));
    const QJsonObject annotations = meta.value(QLatin1String("annotations")).toObject();
    if (!annotations.isEmpty()) {
        const bool isSecret = object.kind() == QLatin1String("Secret");
        h.row(QStringLiteral("Annotations"),
              annotationsHtml(annotations, isSecret && !revealSecrets));
    }
    QStringList owners;
    for (const OwnerReference &ref : object.ownerReferences()) {
        owners.append(link(ObjectLink{ref.apiVersion, ref.kind, object.namespaceName(), ref.name}) +
                      (ref.controller ? QStringLiteral(" (controller)") : QString()));
    }
    if (!owners.isEmpty())
        h.row(QStringLiteral("Owned by"), owners.join(QStringLiteral("<br>")));
    QStringList children;
    for (const KubeObject &child : controlled) {
        children.append(link(
            ObjectLink{child.apiVersion(), child.kind(), child.namespaceName(), child.name()}));
    }
    if (!children.isEmpty())
        h.row(QStringLiteral("Controls"), children.join(QStringLiteral("<br>")));
    h.endTable();
    if (object.kind() == QLatin1String("Secret"))
        secretData(h, o, revealSecrets);
    else if (object.kind() == QLatin1String("ConfigMap") &&
             object.apiVersion() == QLatin1String("v1"))
        configMapData(h, o);
    conditions(
        h, o.value(QLatin1String("status")).toObject().value(QLatin1String("conditions")).toArray(),
        nowMs);
    return h.out;
}

} // namespace informant
