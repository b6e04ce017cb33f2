// kubectl's columns and cells for core/v1 kinds (and the header layout of
// every built-in printer). Expected strings are what `kubectl get` prints.

#include "printertestutil.h"

#include <atomic>
#include <thread>
#include <vector>

using namespace informant;
using namespace printertest;

class TestPrinters : public QObject
{
    Q_OBJECT

private slots:
    void columnsMatchKubectl_data();
    void columnsMatchKubectl() { checkHeaderRow(); }
    void cellsMatchKubectl_data();
    void cellsMatchKubectl() { checkRow(); }
    void unknownKindsGetNameAndAge();
    void cellsAreCutAtLineBreaks();
    void sortKeysOrderAgesAndCounts();
    void printingFromManyThreadsGivesTheSameCells();

private:
    void addPodRows();
    void addNodeRows();
    void addNamespaceRows();
    void addServiceRows();
    void addEndpointsRows();
    void addConfigAndSecretRows();
    void addServiceAccountRows();
    void addVolumeRows();
    void addClaimRows();
    void addResourceQuotaRows();
    void addEventRows();
    void addEventsGroupRows();
};

void TestPrinters::columnsMatchKubectl_data()
{
    addHeaderRows({
        {"", "Pod", "NAME,READY,STATUS,RESTARTS,AGE,IP*,NODE*,NOMINATED NODE*,READINESS GATES*"},
        {"", "Node",
         "NAME,STATUS,ROLES,AGE,VERSION,INTERNAL-IP*,EXTERNAL-IP*,OS-IMAGE*,"
         "KERNEL-VERSION*,CONTAINER-RUNTIME*"},
        {"", "Namespace", "NAME,STATUS,AGE"},
        {"", "Service", "NAME,TYPE,CLUSTER-IP,EXTERNAL-IP,PORT(S),AGE,SELECTOR*"},
        {"", "Endpoints", "NAME,ENDPOINTS,AGE"},
        {"discovery.k8s.io", "EndpointSlice", "NAME,ADDRESSTYPE,PORTS,ENDPOINTS,AGE"},
        {"", "ConfigMap", "NAME,DATA,AGE"},
        {"", "Secret", "NAME,TYPE,DATA,AGE"},
        {"", "ServiceAccount", "NAME,SECRETS,AGE"},
        {"apps", "Deployment", "NAME,READY,UP-TO-DATE,AVAILABLE,AGE,CONTAINERS*,IMAGES*,SELECTOR*"},
        {"apps", "ReplicaSet", "NAME,DESIRED,CURRENT,READY,AGE,CONTAINERS*,IMAGES*,SELECTOR*"},
        {"apps", "StatefulSet", "NAME,READY,AGE,CONTAINERS*,IMAGES*"},
        {"apps", "DaemonSet",
         "NAME,DESIRED,CURRENT,READY,UP-TO-DATE,AVAILABLE,NODE SELECTOR,AGE,"
         "CONTAINERS*,IMAGES*,SELECTOR*"},
        {"batch", "Job", "NAME,STATUS,COMPLETIONS,DURATION,AGE,CONTAINERS*,IMAGES*,SELECTOR*"},
        {"batch", "CronJob",
         "NAME,SCHEDULE,TIMEZONE,SUSPEND,ACTIVE,LAST SCHEDULE,AGE,CONTAINERS*,"
         "IMAGES*,SELECTOR*"},
        {"networking.k8s.io", "Ingress", "NAME,CLASS,HOSTS,ADDRESS,PORTS,AGE"},
        {"", "PersistentVolume",
         "NAME,CAPACITY,ACCESS MODES,RECLAIM POLICY,STATUS,CLAIM,"
         "STORAGECLASS,VOLUMEATTRIBUTESCLASS,REASON,AGE,VOLUMEMODE*"},
        {"", "PersistentVolumeClaim",
         "NAME,STATUS,VOLUME,CAPACITY,ACCESS MODES,STORAGECLASS,"
         "VOLUMEATTRIBUTESCLASS,AGE,VOLUMEMODE*"},
        {"storage.k8s.io", "StorageClass",
         "NAME,PROVISIONER,RECLAIMPOLICY,VOLUMEBINDINGMODE,"
         "ALLOWVOLUMEEXPANSION,AGE"},
        {"", "Event",
         "LAST SEEN,TYPE,REASON,OBJECT,SUBOBJECT*,SOURCE*,MESSAGE,FIRST SEEN*,COUNT*,"
         "NAME*"},
        {"events.k8s.io", "Event",
         "LAST SEEN,TYPE,REASON,OBJECT,SUBOBJECT*,SOURCE*,MESSAGE,"
         "FIRST SEEN*,COUNT*,NAME*"},
        {"autoscaling", "HorizontalPodAutoscaler",
         "NAME,REFERENCE,TARGETS,MINPODS,MAXPODS,"
         "REPLICAS,AGE"},
        {"networking.k8s.io", "NetworkPolicy", "NAME,POD-SELECTOR,AGE"},
        {"apiextensions.k8s.io", "CustomResourceDefinition", "NAME,CREATED AT"},
        {"coordination.k8s.io", "Lease", "NAME,HOLDER,AGE"},
        {"policy", "PodDisruptionBudget",
         "NAME,MIN AVAILABLE,MAX UNAVAILABLE,ALLOWED DISRUPTIONS,"
         "AGE"},
        {"", "ResourceQuota", "NAME,REQUEST,LIMIT,AGE"},
    });
}

void TestPrinters::cellsMatchKubectl_data()
{
    addPrinterColumns();
    addPodRows();
    addNodeRows();
    addNamespaceRows();
    addServiceRows();
    addEndpointsRows();
    addConfigAndSecretRows();
    addServiceAccountRows();
    addVolumeRows();
    addClaimRows();
    addResourceQuotaRows();
    addEventRows();
    addEventsGroupRows();
}

void TestPrinters::addPodRows()
{
    const Row r{"", "Pod"};
    const QByteArray app = R"("containers":[{"name":"app","image":"nginx"}])";
    const QByteArray runningReady =
        R"("phase":"Running","containerStatuses":[{"name":"app","ready":true,"restartCount":0,"state":{"running":{}}}])";
    addRow(
        r, "wide columns",
        object(
            "v1", "Pod", "web-0",
            ",\"spec\":{" + app +
                R"(,"nodeName":"n1","readinessGates":[{"conditionType":"example.com/a"},{"conditionType":"example.com/b"}]},"status":{)" +
                runningReady +
                R"(,"podIP":"10.0.0.5","podIPs":[{"ip":"10.0.0.5"},{"ip":"fd00::5"}],"nominatedNodeName":"n2","conditions":[{"type":"example.com/a","status":"True"},{"type":"example.com/b","status":"False"}]}})"),
        {"web-0", "1/1", "Running", "0", "120m", "10.0.0.5", "n1", "n2", "1/2"});
    addRow(r, "unscheduled",
           object("v1", "Pod", "web-1", ",\"spec\":{" + app + R"(},"status":{"phase":"Pending"}})"),
           {"web-1", "0/1", "Pending", "0", "120m", "<none>", "<none>", "<none>", "<none>"});
    addRow(r, "legacy podIP only",
           object("v1", "Pod", "web-2",
                  ",\"spec\":{" + app + R"(,"nodeName":"n3"},"status":{)" + runningReady +
                      R"(,"podIP":"10.0.0.7"}})"),
           {"web-2", "1/1", "Running", "0", "120m", "10.0.0.7", "n3", "<none>", "<none>"});
    addRow(r, "readiness gate without condition",
           object("v1", "Pod", "web-3",
                  ",\"spec\":{" + app +
                      R"(,"readinessGates":[{"conditionType":"example.com/a"}]},"status":{)" +
                      runningReady + "}}"),
           {"web-3", "1/1", "Running", "0", "120m", "<none>", "<none>", "<none>", "0/1"});
    addRow(r, "no creation timestamp",
           R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"bare"},"spec":{)" + app +
               R"(},"status":{"phase":"Pending"}})",
           {"bare", "0/1", "Pending", "0", "<unknown>", "<none>", "<none>", "<none>", "<none>"});
}

void TestPrinters::addNodeRows()
{
    const Row r{"", "Node"};
    addRow(
        r, "ready control plane",
        object(
            "v1", "Node", "cp-1",
            R"(,"status":{"conditions":[{"type":"MemoryPressure","status":"False"},{"type":"Ready","status":"True"}],"addresses":[{"type":"InternalIP","address":"192.168.1.10"},{"type":"Hostname","address":"cp-1"}],"nodeInfo":{"kubeletVersion":"v1.30.1","osImage":"Ubuntu 22.04.4 LTS","kernelVersion":"5.15.0-105-generic","containerRuntimeVersion":"containerd://1.7.13"}}})",
            R"(,"labels":{"node-role.kubernetes.io/control-plane":""})", ""),
        {"cp-1", "Ready", "control-plane", "120m", "v1.30.1", "192.168.1.10", "<none>",
         "Ubuntu 22.04.4 LTS", "5.15.0-105-generic", "containerd://1.7.13"});
    addRow(
        r, "not ready and cordoned",
        object(
            "v1", "Node", "w-1",
            R"(,"spec":{"unschedulable":true},"status":{"conditions":[{"type":"Ready","status":"False"}],"nodeInfo":{"kubeletVersion":"v1.29.0"}}})",
            {}, ""),
        {"w-1", "NotReady,SchedulingDisabled", "<none>", "120m", "v1.29.0", "<none>", "<none>",
         "<unknown>", "<unknown>", "<unknown>"});
    addRow(r, "no ready condition",
           object("v1", "Node", "w-2",
                  R"(,"status":{"conditions":[{"type":"DiskPressure","status":"False"}]}})", {},
                  ""),
           {"w-2", "Unknown", "<none>", "120m", "", "<none>", "<none>", "<unknown>", "<unknown>",
            "<unknown>"});
    addRow(
        r, "unknown ready status and two roles",
        object(
            "v1", "Node", "w-3",
            R"(,"status":{"conditions":[{"type":"Ready","status":"Unknown"}],"addresses":[{"type":"ExternalIP","address":"203.0.113.7"},{"type":"InternalIP","address":"10.1.0.3"}]}})",
            R"(,"labels":{"kubernetes.io/role":"worker","node-role.kubernetes.io/infra":""})", ""),
        {"w-3", "NotReady", "infra,worker", "120m", "", "10.1.0.3", "203.0.113.7", "<unknown>",
         "<unknown>", "<unknown>"});
    addRow(
        r, "ready but cordoned, empty role label ignored",
        object(
            "v1", "Node", "w-4",
            R"(,"spec":{"unschedulable":true},"status":{"conditions":[{"type":"Ready","status":"True"}]}})",
            R"(,"labels":{"node-role.kubernetes.io/":"","kubernetes.io/role":""})", ""),
        {"w-4", "Ready,SchedulingDisabled", "<none>", "120m", "", "<none>", "<none>", "<unknown>",
         "<unknown>", "<unknown>"});
}

void TestPrinters::addNamespaceRows()
{
    const Row r{"", "Namespace"};
    addRow(r, "active",
           object("v1", "Namespace", "default", R"(,"status":{"phase":"Active"})", {}, ""),
           {"default", "Active", "120m"});
    addRow(r, "terminating",
           object("v1", "Namespace", "old", R"(,"status":{"phase":"Terminating"})", kDeleting, ""),
           {"old", "Terminating", "120m"});
    addRow(r, "no status", object("v1", "Namespace", "bare", "", {}, ""), {"bare", "", "120m"});
    addRow(
        r, "months old",
        R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"kube-system","creationTimestamp":"2024-01-01T00:00:00Z"},"status":{"phase":"Active"}})",
        {"kube-system", "Active", "121d"});
    addRow(
        r, "years old",
        R"({"apiVersion":"v1","kind":"Namespace","metadata":{"name":"legacy","creationTimestamp":"2021-03-01T00:00:00Z"},"status":{"phase":"Active"}})",
        {"legacy", "Active", "3y62d"});
}

void TestPrinters::addServiceRows()
{
    const Row r{"", "Service"};
    addRow(
        r, "cluster ip",
        object(
            "v1", "Service", "kube-dns",
            R"(,"spec":{"type":"ClusterIP","clusterIP":"10.96.0.10","clusterIPs":["10.96.0.10"],"ports":[{"name":"dns","port":53,"protocol":"UDP"},{"name":"dns-tcp","port":53,"protocol":"TCP"}],"selector":{"k8s-app":"kube-dns"}}})"),
        {"kube-dns", "ClusterIP", "10.96.0.10", "<none>", "53/UDP,53/TCP", "120m",
         "k8s-app=kube-dns"});
    addRow(
        r, "node port with external ip",
        object(
            "v1", "Service", "web",
            R"(,"spec":{"type":"NodePort","clusterIPs":["10.96.1.2"],"externalIPs":["1.2.3.4"],"ports":[{"port":80,"nodePort":30080,"protocol":"TCP"}]}})"),
        {"web", "NodePort", "10.96.1.2", "1.2.3.4", "80:30080/TCP", "120m", "<none>"});
    addRow(
        r, "pending load balancer",
        object(
            "v1", "Service", "lb",
            R"(,"spec":{"type":"LoadBalancer","clusterIPs":["10.96.1.3"],"ports":[{"port":443,"nodePort":31443,"protocol":"TCP"}],"selector":{"b":"2","a":"1"}},"status":{"loadBalancer":{}}})"),
        {"lb", "LoadBalancer", "10.96.1.3", "<pending>", "443:31443/TCP", "120m", "a=1,b=2"});
    const QByteArray elb = object(
        "v1", "Service", "elb",
        R"(,"spec":{"type":"LoadBalancer","clusterIPs":["10.96.1.4"],"ports":[{"port":80,"nodePort":30001,"protocol":"TCP"}]},"status":{"loadBalancer":{"ingress":[{"hostname":"a1234567890.elb.amazonaws.com"}]}}})");
    addRow(
        r, "long load balancer name is cut", elb,
        {"elb", "LoadBalancer", "10.96.1.4", "a1234567890.e...", "80:30001/TCP", "120m", "<none>"});
    addRow(r, "long load balancer name in wide output", elb,
           {"elb", "LoadBalancer", "10.96.1.4", "a1234567890.elb.amazonaws.com", "80:30001/TCP",
            "120m", "<none>"},
           true);
    addRow(
        r, "load balancer ips sorted plus external ips",
        object(
            "v1", "Service", "lb2",
            R"(,"spec":{"type":"LoadBalancer","clusterIPs":["10.96.1.5"],"externalIPs":["9.9.9.9"],"ports":[{"port":80,"nodePort":30002,"protocol":"TCP"}]},"status":{"loadBalancer":{"ingress":[{"ip":"5.6.7.8"},{"ip":"1.2.3.4"}]}}})"),
        {"lb2", "LoadBalancer", "10.96.1.5", "1.2.3.4,5.6.7.8,9.9.9.9", "80:30002/TCP", "120m",
         "<none>"});
    addRow(
        r, "headless without ports",
        object(
            "v1", "Service", "db",
            R"(,"spec":{"type":"ClusterIP","clusterIP":"None","clusterIPs":["None"],"selector":{"app":"db"}}})"),
        {"db", "ClusterIP", "None", "<none>", "<none>", "120m", "app=db"});
    addRow(r, "external name",
           object("v1", "Service", "ext",
                  R"(,"spec":{"type":"ExternalName","externalName":"db.example.com"}})"),
           {"ext", "ExternalName", "<none>", "db.example.com", "<none>", "120m", "<none>"});
}

void TestPrinters::addEndpointsRows()
{
    const Row r{"", "Endpoints"};
    addRow(r, "no subsets", object("v1", "Endpoints", "none", ""), {"none", "<none>", "120m"});
    addRow(
        r, "two addresses one port",
        object(
            "v1", "Endpoints", "web",
            R"(,"subsets":[{"addresses":[{"ip":"10.0.0.1"},{"ip":"10.0.0.2"}],"ports":[{"port":8080,"protocol":"TCP"}]}])"),
        {"web", "10.0.0.1:8080,10.0.0.2:8080", "120m"});
    addRow(
        r, "more than three",
        object(
            "v1", "Endpoints", "big",
            R"(,"subsets":[{"addresses":[{"ip":"10.0.0.1"},{"ip":"10.0.0.2"}],"ports":[{"name":"http","port":80},{"name":"https","port":443}]}])"),
        {"big", "10.0.0.1:80,10.0.0.2:80,10.0.0.1:443 + 1 more...", "120m"});
    addRow(r, "headless without ports",
           object("v1", "Endpoints", "headless",
                  R"(,"subsets":[{"addresses":[{"ip":"10.0.0.1"},{"ip":"10.0.0.2"}]}])"),
           {"headless", "10.0.0.1,10.0.0.2", "120m"});
    addRow(r, "ipv6",
           object("v1", "Endpoints", "v6",
                  R"(,"subsets":[{"addresses":[{"ip":"fd00::1"}],"ports":[{"port":80}]}])"),
           {"v6", "[fd00::1]:80", "120m"});
    addRow(
        r, "only not ready addresses",
        object("v1", "Endpoints", "starting",
               R"(,"subsets":[{"notReadyAddresses":[{"ip":"10.0.0.9"}],"ports":[{"port":80}]}])"),
        {"starting", "", "120m"});
}

void TestPrinters::addConfigAndSecretRows()
{
    const Row c{"", "ConfigMap"};
    addRow(c, "two keys", object("v1", "ConfigMap", "cfg", R"(,"data":{"a":"1","b":"2"})"),
           {"cfg", "2", "120m"});
    addRow(c, "data and binary data",
           object("v1", "ConfigMap", "mixed",
                  R"(,"data":{"a":"1","b":"2"},"binaryData":{"c":"AA=="})"),
           {"mixed", "3", "120m"});
    addRow(c, "no data", object("v1", "ConfigMap", "empty", ""), {"empty", "0", "120m"});
    addRow(c, "empty data", object("v1", "ConfigMap", "empty2", R"(,"data":{})"),
           {"empty2", "0", "120m"});
    addRow(c, "root ca",
           object("v1", "ConfigMap", "kube-root-ca.crt", R"(,"data":{"ca.crt":"-----BEGIN"})"),
           {"kube-root-ca.crt", "1", "120m"});
    const Row s{"", "Secret"};
    addRow(s, "opaque",
           object("v1", "Secret", "creds", R"(,"type":"Opaque","data":{"u":"YQ==","p":"Yg=="})"),
           {"creds", "Opaque", "2", "120m"});
    addRow(s, "tls",
           object("v1", "Secret", "tls",
                  R"(,"type":"kubernetes.io/tls","data":{"tls.crt":"","tls.key":""})"),
           {"tls", "kubernetes.io/tls", "2", "120m"});
    addRow(s, "no data", object("v1", "Secret", "empty", R"(,"type":"Opaque")"),
           {"empty", "Opaque", "0", "120m"});
    addRow(
        s, "service account token",
        object(
            "v1", "Secret", "sa-token",
            R"(,"type":"kubernetes.io/service-account-token","data":{"ca.crt":"","namespace":"","token":""})"),
        {"sa-token", "kubernetes.io/service-account-token", "3", "120m"});
    addRow(s, "no type", object("v1", "Secret", "odd", ""), {"odd", "", "0", "120m"});
}

void TestPrinters::addServiceAccountRows()
{
    const Row r{"", "ServiceAccount"};
    addRow(r, "no secrets", object("v1", "ServiceAccount", "default", ""),
           {"default", "0", "120m"});
    addRow(r, "one secret",
           object("v1", "ServiceAccount", "builder", R"(,"secrets":[{"name":"builder-token"}])"),
           {"builder", "1", "120m"});
    addRow(r, "two secrets",
           object("v1", "ServiceAccount", "ci", R"(,"secrets":[{"name":"a"},{"name":"b"}])"),
           {"ci", "2", "120m"});
    addRow(r, "image pull secrets do not count",
           object("v1", "ServiceAccount", "puller", R"(,"imagePullSecrets":[{"name":"regcred"}])"),
           {"puller", "0", "120m"});
    addRow(r, "no timestamp",
           R"({"apiVersion":"v1","kind":"ServiceAccount","metadata":{"name":"x"}})",
           {"x", "0", "<unknown>"});
}

void TestPrinters::addVolumeRows()
{
    const Row r{"", "PersistentVolume"};
    addRow(
        r, "bound",
        object(
            "v1", "PersistentVolume", "pv1",
            R"(,"spec":{"capacity":{"storage":"10Gi"},"accessModes":["ReadWriteOnce"],"persistentVolumeReclaimPolicy":"Delete","claimRef":{"namespace":"default","name":"data"},"storageClassName":"standard","volumeMode":"Filesystem"},"status":{"phase":"Bound"}})",
            {}, ""),
        {"pv1", "10Gi", "RWO", "Delete", "Bound", "default/data", "standard", "<unset>", "", "120m",
         "Filesystem"});
    addRow(
        r, "available with every access mode",
        object(
            "v1", "PersistentVolume", "pv2",
            R"(,"spec":{"capacity":{"storage":"1Ti"},"accessModes":["ReadWriteMany","ReadOnlyMany","ReadWriteOnce"],"persistentVolumeReclaimPolicy":"Retain"},"status":{"phase":"Available"}})",
            {}, ""),
        {"pv2", "1Ti", "RWO,ROX,RWX", "Retain", "Available", "", "", "<unset>", "", "120m",
         "<unset>"});
    addRow(
        r, "terminating",
        object(
            "v1", "PersistentVolume", "pv3",
            R"(,"spec":{"capacity":{"storage":"5Gi"},"accessModes":["ReadWriteOnce"],"persistentVolumeReclaimPolicy":"Delete","storageClassName":"standard"},"status":{"phase":"Released"}})",
            kDeleting, ""),
        {"pv3", "5Gi", "RWO", "Delete", "Terminating", "", "standard", "<unset>", "", "120m",
         "<unset>"});
    addRow(
        r, "beta class annotation wins",
        object(
            "v1", "PersistentVolume", "pv4",
            R"(,"spec":{"capacity":{"storage":"500Mi"},"storageClassName":"fast"},"status":{"phase":"Available"}})",
            R"(,"annotations":{"volume.beta.kubernetes.io/storage-class":"slow"})", ""),
        {"pv4", "500Mi", "", "", "Available", "", "slow", "<unset>", "", "120m", "<unset>"});
    addRow(
        r, "failed with reason and attributes class",
        object(
            "v1", "PersistentVolume", "pv5",
            R"(,"spec":{"capacity":{"storage":"1Gi"},"accessModes":["ReadWriteOncePod"],"persistentVolumeReclaimPolicy":"Recycle","volumeAttributesClassName":"gold","volumeMode":"Block"},"status":{"phase":"Failed","reason":"RecycleFailed"}})",
            {}, ""),
        {"pv5", "1Gi", "RWOP", "Recycle", "Failed", "", "", "gold", "RecycleFailed", "120m",
         "Block"});
    addRow(r, "no capacity", object("v1", "PersistentVolume", "pv6", R"(,"spec":{}})", {}, ""),
           {"pv6", "0", "", "", "", "", "", "<unset>", "", "120m", "<unset>"});
}

void TestPrinters::addClaimRows()
{
    const Row r{"", "PersistentVolumeClaim"};
    addRow(
        r, "bound",
        object(
            "v1", "PersistentVolumeClaim", "data",
            R"(,"spec":{"volumeName":"pv1","storageClassName":"standard","volumeMode":"Filesystem","resources":{"requests":{"storage":"8Gi"}}},"status":{"phase":"Bound","capacity":{"storage":"10Gi"},"accessModes":["ReadWriteOnce"]}})"),
        {"data", "Bound", "pv1", "10Gi", "RWO", "standard", "<unset>", "120m", "Filesystem"});
    addRow(
        r, "pending shows no capacity",
        object(
            "v1", "PersistentVolumeClaim", "wait",
            R"(,"spec":{"storageClassName":"fast","resources":{"requests":{"storage":"1Gi"}}},"status":{"phase":"Pending","capacity":{"storage":"1Gi"},"accessModes":["ReadWriteOnce"]}})"),
        {"wait", "Pending", "", "", "", "fast", "<unset>", "120m", "<unset>"});
    addRow(
        r, "terminating",
        object(
            "v1", "PersistentVolumeClaim", "gone",
            R"(,"spec":{"volumeName":"pv9","storageClassName":"standard"},"status":{"phase":"Bound","capacity":{"storage":"2Gi"},"accessModes":["ReadWriteMany"]}})",
            kDeleting),
        {"gone", "Terminating", "pv9", "2Gi", "RWX", "standard", "<unset>", "120m", "<unset>"});
    addRow(
        r, "beta class annotation wins",
        object(
            "v1", "PersistentVolumeClaim", "legacy",
            R"(,"spec":{"storageClassName":"standard","volumeAttributesClassName":"silver"},"status":{"phase":"Pending"}})",
            R"(,"annotations":{"volume.beta.kubernetes.io/storage-class":"old"})"),
        {"legacy", "Pending", "", "", "", "old", "silver", "120m", "<unset>"});
    addRow(
        r, "bound without status capacity",
        object("v1", "PersistentVolumeClaim", "odd",
               R"(,"spec":{"volumeName":"pv2","volumeMode":"Block"},"status":{"phase":"Bound"}})"),
        {"odd", "Bound", "pv2", "0", "", "", "<unset>", "120m", "Block"});
}

void TestPrinters::addResourceQuotaRows()
{
    const Row r{"", "ResourceQuota"};
    addRow(
        r, "requests and limits",
        object(
            "v1", "ResourceQuota", "compute",
            R"(,"status":{"hard":{"pods":"10","requests.cpu":"4","limits.cpu":"8","limits.memory":"16Gi"},"used":{"pods":"3","requests.cpu":"1500m","limits.cpu":"2","limits.memory":"1Gi"}}})"),
        {"compute", "pods: 3/10, requests.cpu: 1500m/4", "limits.cpu: 2/8, limits.memory: 1Gi/16Gi",
         "120m"});
    addRow(r, "no status", object("v1", "ResourceQuota", "new", R"(,"spec":{"hard":{"pods":"5"}})"),
           {"new", "", "", "120m"});
    addRow(r, "missing usage reads zero",
           object("v1", "ResourceQuota", "q", R"(,"status":{"hard":{"services":"5"},"used":{}}})"),
           {"q", "services: 0/5", "", "120m"});
    addRow(
        r, "only limits",
        object("v1", "ResourceQuota", "lim",
               R"(,"status":{"hard":{"limits.memory":"2Gi"},"used":{"limits.memory":"512Mi"}}})"),
        {"lim", "", "limits.memory: 512Mi/2Gi", "120m"});
    addRow(
        r, "object counts",
        object(
            "v1", "ResourceQuota", "objects",
            R"(,"status":{"hard":{"count/deployments.apps":"5","configmaps":"20"},"used":{"count/deployments.apps":"1","configmaps":"2"}}})"),
        {"objects", "configmaps: 2/20, count/deployments.apps: 1/5", "", "120m"});
}

void TestPrinters::addEventRows()
{
    const Row r{"", "Event"};
    addRow(
        r, "scheduled",
        object(
            "v1", "Event", "web-0.17c1",
            R"(,"involvedObject":{"kind":"Pod","namespace":"default","name":"web-0"},"reason":"Scheduled","message":"Successfully assigned default/web-0 to n1","source":{"component":"default-scheduler"},"firstTimestamp":"2024-05-01T11:50:00Z","lastTimestamp":"2024-05-01T11:55:00Z","count":1,"type":"Normal")"),
        {"5m", "Normal", "Scheduled", "pod/web-0", "", "default-scheduler",
         "Successfully assigned default/web-0 to n1", "10m", "1", "web-0.17c1"});
    addRow(
        r, "back off with host and field path",
        object(
            "v1", "Event", "web-0.17c2",
            R"(,"involvedObject":{"kind":"Pod","name":"web-0","fieldPath":"spec.containers{app}"},"reason":"BackOff","message":"Back-off restarting failed container","source":{"component":"kubelet","host":"n1"},"firstTimestamp":"2024-05-01T10:00:00Z","lastTimestamp":"2024-05-01T11:59:58Z","count":12,"type":"Warning")"),
        {"2s", "Warning", "BackOff", "pod/web-0", "spec.containers{app}", "kubelet, n1",
         "Back-off restarting failed container", "120m", "12", "web-0.17c2"});
    addRow(
        r, "new style with series",
        object(
            "v1", "Event", "e3",
            R"(,"involvedObject":{"kind":"Deployment","name":"web"},"reason":"ScalingReplicaSet","message":"Scaled up","eventTime":"2024-05-01T11:59:30.000000Z","series":{"count":4,"lastObservedTime":"2024-05-01T11:59:50.000000Z"},"reportingComponent":"deployment-controller","reportingInstance":"cp-1","type":"Normal")"),
        {"10s", "Normal", "ScalingReplicaSet", "deployment/web", "", "deployment-controller, cp-1",
         "Scaled up", "30s", "4", "e3"});
    addRow(
        r, "no timestamps and no count",
        object(
            "v1", "Event", "e4",
            R"(,"involvedObject":{"kind":"Node","name":"n1"},"reason":"Starting","type":"Normal")"),
        {"<unknown>", "Normal", "Starting", "node/n1", "", "", "", "<unknown>", "1", "e4"});
    addRow(
        r, "multi-line message is trimmed and cut",
        object(
            "v1", "Event", "e5",
            R"(,"involvedObject":{"kind":"Pod","name":"p"},"reason":"Failed","message":"  line one\nline two\n","lastTimestamp":"2024-05-01T11:00:00Z","firstTimestamp":"2024-05-01T11:00:00Z","count":2,"type":"Warning")"),
        {"60m", "Warning", "Failed", "pod/p", "", "", "line one...", "60m", "2", "e5"});
    addRow(
        r, "object without a name",
        object(
            "v1", "Event", "e6",
            R"(,"involvedObject":{"kind":"Cluster"},"reason":"Boot","firstTimestamp":"2024-05-01T11:59:00Z","count":1,"type":"Normal")"),
        {"60s", "Normal", "Boot", "cluster", "", "", "", "60s", "1", "e6"});
}

void TestPrinters::addEventsGroupRows()
{
    const Row r{"events.k8s.io", "Event"};
    addRow(
        r, "singleton",
        object(
            "events.k8s.io/v1", "Event", "a1",
            R"(,"regarding":{"kind":"Pod","name":"web-0"},"reason":"Pulled","note":"Image pulled","eventTime":"2024-05-01T11:58:00.000000Z","reportingController":"kubelet","reportingInstance":"n1","type":"Normal")"),
        {"2m", "Normal", "Pulled", "pod/web-0", "", "kubelet, n1", "Image pulled", "2m", "1",
         "a1"});
    addRow(
        r, "series",
        object(
            "events.k8s.io/v1", "Event", "a2",
            R"(,"regarding":{"kind":"Pod","name":"web-0","fieldPath":"spec.containers{app}"},"reason":"BackOff","note":"Back-off","eventTime":"2024-05-01T11:00:00.000000Z","series":{"count":7,"lastObservedTime":"2024-05-01T11:59:00.000000Z"},"reportingController":"kubelet","type":"Warning")"),
        {"60s", "Warning", "BackOff", "pod/web-0", "spec.containers{app}", "kubelet", "Back-off",
         "60m", "7", "a2"});
    addRow(
        r, "deprecated fields",
        object(
            "events.k8s.io/v1", "Event", "a3",
            R"(,"regarding":{"kind":"Node","name":"n1"},"reason":"NodeReady","note":"ready","deprecatedFirstTimestamp":"2024-05-01T11:00:00Z","deprecatedLastTimestamp":"2024-05-01T11:30:00Z","deprecatedCount":3,"deprecatedSource":{"component":"kubelet"},"type":"Normal")"),
        {"30m", "Normal", "NodeReady", "node/n1", "", "kubelet", "ready", "60m", "3", "a3"});
    addRow(
        r, "note is trimmed",
        object(
            "events.k8s.io/v1", "Event", "a4",
            R"(,"regarding":{"kind":"Job","name":"j"},"reason":"Completed","note":"  done  ","eventTime":"2024-05-01T11:59:59.000000Z","reportingController":"job-controller","type":"Normal")"),
        {"1s", "Normal", "Completed", "job/j", "", "job-controller", "done", "1s", "1", "a4"});
    addRow(r, "no time at all",
           object("events.k8s.io/v1", "Event", "a5",
                  R"(,"regarding":{"kind":"Pod","name":"x"},"reason":"R","type":"Warning")"),
           {"<unknown>", "Warning", "R", "pod/x", "", "", "", "<unknown>", "1", "a5"});
}

void TestPrinters::unknownKindsGetNameAndAge()
{
    QVERIFY(!hasBuiltinPrinter(QStringLiteral("example.com"), QStringLiteral("Widget")));
    const ResourcePrinter &printer =
        printerFor(QStringLiteral("example.com"), QStringLiteral("Widget"));
    QCOMPARE(headerLine(printer.columns()), QStringLiteral("NAME,AGE"));
    const auto widget = KubeObject::fromJson(object("example.com/v1", "Widget", "w", ""));
    QVERIFY(widget.ok());
    QCOMPARE(printer.cells(*widget, kNowMs), (QStringList{"w", "120m"}));
    QVERIFY(&printer == &defaultPrinter());
    QVERIFY(&printerFor(*widget) == &defaultPrinter());
    const auto deployment = KubeObject::fromJson(object("apps/v1", "Deployment", "d", ""));
    QVERIFY(deployment.ok());
    QVERIFY(&printerFor(*deployment) ==
            &printerFor(QStringLiteral("apps"), QStringLiteral("Deployment")));
    const auto pod = KubeObject::fromJson(object("v1", "Pod", "p", ""));
    QVERIFY(pod.ok());
    QVERIFY(&printerFor(*pod) == &printerFor(QString(), QStringLiteral("Pod")));
    // Same kind name in another group is not the built-in one.
    QVERIFY(&printerFor(QStringLiteral("example.com"), QStringLiteral("Pod")) == &defaultPrinter());
}

void TestPrinters::cellsAreCutAtLineBreaks()
{
    const auto holder = KubeObject::fromJson(
        object("coordination.k8s.io/v1", "Lease", "l", R"(,"spec":{"holderIdentity":"a\rb"})"));
    QVERIFY(holder.ok());
    const QStringList cells =
        printerFor(QStringLiteral("coordination.k8s.io"), QStringLiteral("Lease"))
            .cells(*holder, kNowMs);
    QCOMPARE(cells, (QStringList{"l", "a...", "120m"}));
}

void TestPrinters::sortKeysOrderAgesAndCounts()
{
    const auto older = KubeObject::fromJson(
        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a","creationTimestamp":"2024-05-01T09:00:00Z"},"data":{"k":"v","l":"w"}})");
    const auto newer = KubeObject::fromJson(
        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"b","creationTimestamp":"2024-05-01T11:00:00Z"},"data":{"k":"v"}})");
    QVERIFY(older.ok() && newer.ok());
    const ResourcePrinter &printer = printerFor(QString(), QStringLiteral("ConfigMap"));
    const QList<PrintCell> a = printer.row(*older, kNowMs);
    const QList<PrintCell> b = printer.row(*newer, kNowMs);
    QCOMPARE(a[2].text, QStringLiteral("3h"));
    QCOMPARE(b[2].text, QStringLiteral("60m"));
    QVERIFY(comparePrintCells(b[2], a[2]) < 0); // younger first, like "60m" < "3h"
    QVERIFY(comparePrintCells(b[1], a[1]) < 0); // 1 < 2 data items
    QVERIFY(comparePrintCells(a[0], b[0]) < 0); // names by text
    QCOMPARE(comparePrintCells(a[1], a[1]), 0);
    QVERIFY(comparePrintCells(a[1], PrintCell{QStringLiteral("<none>"), std::nullopt}) < 0);
}

void TestPrinters::printingFromManyThreadsGivesTheSameCells()
{
    const auto pod = KubeObject::fromJson(object(
        "v1", "Pod", "p",
        R"(,"spec":{"containers":[{"name":"a"}]},"status":{"phase":"Running","containerStatuses":[{"name":"a","ready":true,"restartCount":2,"state":{"running":{}}}]}})"));
    QVERIFY(pod.ok());
    const ResourcePrinter &printer = printerFor(*pod);
    const QStringList expected = printer.cells(*pod, kNowMs);
    constexpr int kThreads = 4;
    constexpr int kRounds = 2000;
    std::atomic<int> mismatches = 0;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < kRounds; ++i) {
                if (printer.cells(*pod, kNowMs) != expected)
                    ++mismatches;
            }
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    QCOMPARE(mismatches.load(), 0);
    QCOMPARE(expected, (QStringList{"p", "1/1", "Running", "2", "120m", "<none>", "<none>",
                                    "<none>", "<none>"}));
}

QTEST_GUILESS_MAIN(TestPrinters)
#include "tst_printers.moc"
