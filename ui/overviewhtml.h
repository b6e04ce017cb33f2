#pragma once

// The details pane's Overview as HTML: key fields of the object (and of its
// kind: pod node/IP and containers with their state and last termination
// (overviewcontainers.h), workload replicas and images, service ports; what
// kubectl describe shows first of a CronJob (overviewcronjob.h), a Node
// (overviewnode.h), a PersistentVolumeClaim, PersistentVolume or
// StorageClass), labels, annotations with their values
// (overviewannotations.h), conditions (toned by overviewcondition.h), owners
// and controlled objects as links
// ("object:<apiVersion>|<kind>|<namespace>|<name>"), a Secret's data keys and
// sizes (values decoded once revealed), a ConfigMap's data keys and values
// (overviewconfigmap.h). Built from the selected object's JSON only (Qt JSON DOM).

#include "informer/core/kubeobject.h"

#include <QList>
#include <QString>

namespace informant {

struct ObjectLink
{
    QString apiVersion;
    QString kind;
    QString namespaceName;
    QString name;

    QString toUrl() const;
    static ObjectLink fromUrl(const QString &url);
};

// `revealSecrets`: a Secret's data values are shown decoded, and its
// annotations' values (kubectl's last-applied one holds its data), not masked.
// `cluster`: the object's, first, in a window of several clusters (two may
// both hold a payments/ledger-db-0); empty: no such row.
QString overviewHtml(const KubeObject &object, const QList<KubeObject> &controlled, qint64 nowMs,
                     bool dark, bool revealSecrets = false, const QString &cluster = {});

} // namespace informant
