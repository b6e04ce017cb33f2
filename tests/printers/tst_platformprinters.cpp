// kubectl's columns and cells for the less central kinds: ReplicationController,
// PodTemplate, LimitRange, IngressClass, ControllerRevision, CSI storage
// kinds, RBAC, PriorityClass, RuntimeClass, webhooks, CSRs and APIServices.

#include "printertestutil.h"

using namespace informant;
using namespace printertest;

class TestPlatformPrinters : public QObject
{
    Q_OBJECT

private slots:
    void columnsMatchKubectl_data();
    void columnsMatchKubectl() { checkHeaderRow(); }
    void cellsMatchKubectl_data();
    void cellsMatchKubectl() { checkRow(); }

private:
    void addCoreRows();
    void addWorkloadAndNetworkRows();
    void addStorageRows();
    void addRbacRows();
    void addAdminRows();
};

void TestPlatformPrinters::columnsMatchKubectl_data()
{
    addHeaderRows({
        {"", "ReplicationController",
         "NAME,DESIRED,CURRENT,READY,AGE,CONTAINERS*,IMAGES*,SELECTOR*"},
        {"", "PodTemplate", "NAME,CONTAINERS,IMAGES,POD LABELS"},
        {"", "LimitRange", "NAME,CREATED AT"},
        {"networking.k8s.io", "IngressClass", "NAME,CONTROLLER,PARAMETERS,AGE"},
        {"apps", "ControllerRevision", "NAME,CONTROLLER,REVISION,AGE"},
        {"storage.k8s.io", "CSINode", "NAME,DRIVERS,AGE"},
        {"storage.k8s.io", "CSIDriver",
         "NAME,ATTACHREQUIRED,PODINFOONMOUNT,STORAGECAPACITY,"
         "TOKENREQUESTS,REQUIRESREPUBLISH,MODES,AGE"},
        {"storage.k8s.io", "VolumeAttachment", "NAME,ATTACHER,PV,NODE,ATTACHED,AGE"},
        {"rbac.authorization.k8s.io", "Role", "NAME,CREATED AT"},
        {"rbac.authorization.k8s.io", "ClusterRole", "NAME,CREATED AT"},
        {"rbac.authorization.k8s.io", "RoleBinding",
         "NAME,ROLE,AGE,USERS*,GROUPS*,SERVICEACCOUNTS*"},
        {"rbac.authorization.k8s.io", "ClusterRoleBinding",
         "NAME,ROLE,AGE,USERS*,GROUPS*,SERVICEACCOUNTS*"},
        {"scheduling.k8s.io", "PriorityClass", "NAME,VALUE,GLOBAL-DEFAULT,AGE,PREEMPTIONPOLICY"},
        {"node.k8s.io", "RuntimeClass", "NAME,HANDLER,AGE"},
        {"admissionregistration.k8s.io", "MutatingWebhookConfiguration", "NAME,WEBHOOKS,AGE"},
        {"admissionregistration.k8s.io", "ValidatingWebhookConfiguration", "NAME,WEBHOOKS,AGE"},
        {"certificates.k8s.io", "CertificateSigningRequest",
         "NAME,AGE,SIGNERNAME,REQUESTOR,REQUESTEDDURATION,CONDITION"},
        {"apiregistration.k8s.io", "APIService", "NAME,SERVICE,AVAILABLE,AGE"},
    });
}

void TestPlatformPrinters::cellsMatchKubectl_data()
{
    addPrinterColumns();
    addCoreRows();
    addWorkloadAndNetworkRows();
    addStorageRows();
    addRbacRows();
    addAdminRows();
}

void TestPlatformPrinters::addCoreRows()
{
    const Row rc{"", "ReplicationController"};
    addRow(
        rc, "ready",
        object(
            "v1", "ReplicationController", "legacy",
            R"(,"spec":{"replicas":2,"selector":{"app":"legacy"},"template":{"spec":{"containers":[{"name":"web","image":"nginx"}]}}},"status":{"replicas":2,"readyReplicas":1}})"),
        {"legacy", "2", "2", "1", "120m", "web", "nginx", "app=legacy"});
    addRow(rc, "no selector",
           object("v1", "ReplicationController", "bare", R"(,"spec":{"replicas":0}})"),
           {"bare", "0", "0", "0", "120m", "", "", "<none>"});
    const Row pt{"", "PodTemplate"};
    addRow(
        pt, "labels and two containers",
        object(
            "v1", "PodTemplate", "tpl",
            R"(,"template":{"metadata":{"labels":{"b":"2","a":"1"}},"spec":{"containers":[{"name":"x","image":"i1"},{"name":"y","image":"i2"}]}})"),
        {"tpl", "x,y", "i1,i2", "a=1,b=2"});
    addRow(pt, "no labels",
           object("v1", "PodTemplate", "plain",
                  R"(,"template":{"spec":{"containers":[{"name":"x","image":"i"}]}})"),
           {"plain", "x", "i", "<none>"});
    const Row lr{"", "LimitRange"};
    addRow(lr, "created at", object("v1", "LimitRange", "limits", R"(,"spec":{"limits":[]})"),
           {"limits", "2024-05-01T10:00:00Z"});
}

void TestPlatformPrinters::addWorkloadAndNetworkRows()
{
    const Row cr{"apps", "ControllerRevision"};
    addRow(
        cr, "owned by a stateful set",
        object(
            "apps/v1", "ControllerRevision", "web-7d9f", R"(,"revision":3)",
            R"(,"ownerReferences":[{"apiVersion":"apps/v1","kind":"StatefulSet","name":"web","uid":"u","controller":true}])"),
        {"web-7d9f", "statefulset.apps/web", "3", "120m"});
    addRow(
        cr, "core group owner",
        object(
            "apps/v1", "ControllerRevision", "x-1", R"(,"revision":1)",
            R"(,"ownerReferences":[{"apiVersion":"v1","kind":"Pod","name":"p","uid":"u","controller":true}])"),
        {"x-1", "pod/p", "1", "120m"});
    addRow(
        cr, "no controller",
        object(
            "apps/v1", "ControllerRevision", "orphan", R"(,"revision":2)",
            R"(,"ownerReferences":[{"apiVersion":"apps/v1","kind":"DaemonSet","name":"d","uid":"u"}])"),
        {"orphan", "<none>", "2", "120m"});
    const Row ic{"networking.k8s.io", "IngressClass"};
    addRow(ic, "no parameters",
           object("networking.k8s.io/v1", "IngressClass", "nginx",
                  R"(,"spec":{"controller":"k8s.io/ingress-nginx"}})", {}, ""),
           {"nginx", "k8s.io/ingress-nginx", "<none>", "120m"});
    addRow(
        ic, "parameters with group",
        object(
            "networking.k8s.io/v1", "IngressClass", "lb",
            R"(,"spec":{"controller":"example.com/lb","parameters":{"apiGroup":"k8s.example.com","kind":"IngressParameters","name":"external-lb"}}})",
            {}, ""),
        {"lb", "example.com/lb", "IngressParameters.k8s.example.com/external-lb", "120m"});
    addRow(ic, "parameters without group",
           object("networking.k8s.io/v1", "IngressClass", "cm",
                  R"(,"spec":{"controller":"c","parameters":{"kind":"ConfigMap","name":"cfg"}}})",
                  {}, ""),
           {"cm", "c", "ConfigMap/cfg", "120m"});
}

void TestPlatformPrinters::addStorageRows()
{
    const Row node{"storage.k8s.io", "CSINode"};
    addRow(node, "two drivers",
           object("storage.k8s.io/v1", "CSINode", "n1",
                  R"(,"spec":{"drivers":[{"name":"a"},{"name":"b"}]}})", {}, ""),
           {"n1", "2", "120m"});
    const Row driver{"storage.k8s.io", "CSIDriver"};
    addRow(driver, "defaults",
           object("storage.k8s.io/v1", "CSIDriver", "csi.example.com", R"(,"spec":{}})", {}, ""),
           {"csi.example.com", "true", "false", "false", "<unset>", "false", "<none>", "120m"});
    addRow(
        driver, "everything set",
        object(
            "storage.k8s.io/v1", "CSIDriver", "secrets.csi",
            R"(,"spec":{"attachRequired":false,"podInfoOnMount":true,"storageCapacity":true,"tokenRequests":[{"audience":"vault"},{"audience":"aws"}],"requiresRepublish":true,"volumeLifecycleModes":["Persistent","Ephemeral"]}})",
            {}, ""),
        {"secrets.csi", "false", "true", "true", "vault,aws", "true", "Persistent,Ephemeral",
         "120m"});
    const Row va{"storage.k8s.io", "VolumeAttachment"};
    addRow(
        va, "attached",
        object(
            "storage.k8s.io/v1", "VolumeAttachment", "csi-123",
            R"(,"spec":{"attacher":"ebs.csi.aws.com","nodeName":"n1","source":{"persistentVolumeName":"pv1"}},"status":{"attached":true}})",
            {}, ""),
        {"csi-123", "ebs.csi.aws.com", "pv1", "n1", "true", "120m"});
    addRow(va, "inline volume not attached",
           object("storage.k8s.io/v1", "VolumeAttachment", "csi-456",
                  R"(,"spec":{"attacher":"a","nodeName":"n2","source":{"inlineVolumeSpec":{}}}})",
                  {}, ""),
           {"csi-456", "a", "", "n2", "false", "120m"});
}

void TestPlatformPrinters::addRbacRows()
{
    const Row role{"rbac.authorization.k8s.io", "Role"};
    addRow(role, "created at",
           object("rbac.authorization.k8s.io/v1", "Role", "reader", R"(,"rules":[])"),
           {"reader", "2024-05-01T10:00:00Z"});
    const Row clusterRole{"rbac.authorization.k8s.io", "ClusterRole"};
    addRow(clusterRole, "created at",
           object("rbac.authorization.k8s.io/v1", "ClusterRole", "admin", "", {}, ""),
           {"admin", "2024-05-01T10:00:00Z"});
    const Row rb{"rbac.authorization.k8s.io", "RoleBinding"};
    addRow(
        rb, "all subject kinds",
        object(
            "rbac.authorization.k8s.io/v1", "RoleBinding", "readers",
            R"(,"roleRef":{"apiGroup":"rbac.authorization.k8s.io","kind":"Role","name":"reader"},"subjects":[{"kind":"User","name":"alice"},{"kind":"User","name":"bob"},{"kind":"Group","name":"devs"},{"kind":"ServiceAccount","name":"ci","namespace":"build"}])"),
        {"readers", "Role/reader", "120m", "alice, bob", "devs", "build/ci"});
    addRow(rb, "no subjects",
           object("rbac.authorization.k8s.io/v1", "RoleBinding", "empty",
                  R"(,"roleRef":{"kind":"ClusterRole","name":"view"})"),
           {"empty", "ClusterRole/view", "120m", "", "", ""});
    const Row crb{"rbac.authorization.k8s.io", "ClusterRoleBinding"};
    addRow(
        crb, "service account without namespace",
        object(
            "rbac.authorization.k8s.io/v1", "ClusterRoleBinding", "system:basic",
            R"(,"roleRef":{"kind":"ClusterRole","name":"system:basic-user"},"subjects":[{"kind":"Group","name":"system:authenticated"},{"kind":"ServiceAccount","name":"sa"}])",
            {}, ""),
        {"system:basic", "ClusterRole/system:basic-user", "120m", "", "system:authenticated",
         "sa"});
}

void TestPlatformPrinters::addAdminRows()
{
    const Row pc{"scheduling.k8s.io", "PriorityClass"};
    addRow(pc, "system critical",
           object("scheduling.k8s.io/v1", "PriorityClass", "system-cluster-critical",
                  R"(,"value":2000000000,"preemptionPolicy":"PreemptLowerPriority")", {}, ""),
           {"system-cluster-critical", "2000000000", "false", "120m", "PreemptLowerPriority"});
    addRow(pc, "global default never preempts",
           object("scheduling.k8s.io/v1", "PriorityClass", "batch",
                  R"(,"value":-10,"globalDefault":true,"preemptionPolicy":"Never")", {}, ""),
           {"batch", "-10", "true", "120m", "Never"});
    const Row rt{"node.k8s.io", "RuntimeClass"};
    addRow(rt, "gvisor",
           object("node.k8s.io/v1", "RuntimeClass", "gvisor", R"(,"handler":"runsc")", {}, ""),
           {"gvisor", "runsc", "120m"});
    const Row mw{"admissionregistration.k8s.io", "MutatingWebhookConfiguration"};
    addRow(mw, "two webhooks",
           object("admissionregistration.k8s.io/v1", "MutatingWebhookConfiguration", "inject",
                  R"(,"webhooks":[{"name":"a.example.com"},{"name":"b.example.com"}])", {}, ""),
           {"inject", "2", "120m"});
    const Row vw{"admissionregistration.k8s.io", "ValidatingWebhookConfiguration"};
    addRow(vw, "none",
           object("admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration", "v", "", {},
                  ""),
           {"v", "0", "120m"});
    const Row csr{"certificates.k8s.io", "CertificateSigningRequest"};
    addRow(
        csr, "pending",
        object(
            "certificates.k8s.io/v1", "CertificateSigningRequest", "csr-1",
            R"(,"spec":{"signerName":"kubernetes.io/kube-apiserver-client","username":"alice","expirationSeconds":86400}})",
            {}, ""),
        {"csr-1", "120m", "kubernetes.io/kube-apiserver-client", "alice", "24h", "Pending"});
    addRow(
        csr, "approved and issued",
        object(
            "certificates.k8s.io/v1", "CertificateSigningRequest", "csr-2",
            R"(,"spec":{"signerName":"kubernetes.io/kubelet-serving","username":"system:node:n1"},"status":{"conditions":[{"type":"Approved","status":"True"}],"certificate":"LS0t"}})",
            {}, ""),
        {"csr-2", "120m", "kubernetes.io/kubelet-serving", "system:node:n1", "<none>",
         "Approved,Issued"});
    addRow(
        csr, "denied and failed",
        object(
            "certificates.k8s.io/v1", "CertificateSigningRequest", "csr-3",
            R"(,"spec":{"username":"mallory"},"status":{"conditions":[{"type":"Approved","status":"True"},{"type":"Denied","status":"True"},{"type":"Failed","status":"True"}]}})",
            {}, ""),
        {"csr-3", "120m", "<none>", "mallory", "<none>", "Denied,Failed"});
    const Row api{"apiregistration.k8s.io", "APIService"};
    addRow(
        api, "local",
        object(
            "apiregistration.k8s.io/v1", "APIService", "v1.apps",
            R"(,"spec":{"group":"apps","version":"v1"},"status":{"conditions":[{"type":"Available","status":"True","reason":"Local"}]}})",
            {}, ""),
        {"v1.apps", "Local", "True", "120m"});
    addRow(
        api, "unavailable service",
        object(
            "apiregistration.k8s.io/v1", "APIService", "v1beta1.metrics.k8s.io",
            R"(,"spec":{"service":{"namespace":"kube-system","name":"metrics-server"}},"status":{"conditions":[{"type":"Available","status":"False","reason":"MissingEndpoints"}]}})",
            {}, ""),
        {"v1beta1.metrics.k8s.io", "kube-system/metrics-server", "False (MissingEndpoints)",
         "120m"});
    addRow(api, "no conditions",
           object("apiregistration.k8s.io/v1", "APIService", "v1.x", R"(,"spec":{}})", {}, ""),
           {"v1.x", "Local", "Unknown", "120m"});
}

QTEST_GUILESS_MAIN(TestPlatformPrinters)
#include "tst_platformprinters.moc"
