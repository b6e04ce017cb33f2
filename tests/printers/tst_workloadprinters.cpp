// kubectl's cells for workloads (apps, batch) and networking, discovery,
// storage, policy, autoscaling, coordination and apiextensions kinds.

#include "printertestutil.h"

using namespace informant;
using namespace printertest;

namespace {

QByteArray podTemplate(const char *containers)
{
    return QByteArray(R"("template":{"spec":{"containers":)") + containers + "}}";
}

const char *kNginx = R"([{"name":"nginx","image":"nginx:1.25"}])";
const char *kTwo = R"([{"name":"app","image":"app:v2"},{"name":"proxy","image":"envoy:1.29"}])";

} // namespace

class TestWorkloadPrinters : public QObject
{
    Q_OBJECT

private slots:
    void cellsMatchKubectl_data();
    void cellsMatchKubectl() { checkRow(); }

private:
    void addDeploymentRows();
    void addReplicaSetRows();
    void addStatefulSetRows();
    void addDaemonSetRows();
    void addJobRows();
    void addCronJobRows();
    void addIngressRows();
    void addNetworkPolicyRows();
    void addEndpointSliceRows();
    void addStorageClassRows();
    void addHpaRows();
    void addPdbRows();
    void addLeaseRows();
    void addCrdRows();
};

void TestWorkloadPrinters::cellsMatchKubectl_data()
{
    addPrinterColumns();
    addDeploymentRows();
    addReplicaSetRows();
    addStatefulSetRows();
    addDaemonSetRows();
    addJobRows();
    addCronJobRows();
    addIngressRows();
    addNetworkPolicyRows();
    addEndpointSliceRows();
    addStorageClassRows();
    addHpaRows();
    addPdbRows();
    addLeaseRows();
    addCrdRows();
}

void TestWorkloadPrinters::addDeploymentRows()
{
    const Row r{"apps", "Deployment"};
    addRow(
        r, "available",
        object(
            "apps/v1", "Deployment", "web",
            ",\"spec\":{\"replicas\":3,\"selector\":{\"matchLabels\":{\"app\":\"web\"}}," +
                podTemplate(kNginx) +
                R"(},"status":{"replicas":3,"readyReplicas":3,"updatedReplicas":3,"availableReplicas":3}})"),
        {"web", "3/3", "3", "3", "120m", "nginx", "nginx:1.25", "app=web"});
    addRow(
        r, "rolling out",
        object(
            "apps/v1", "Deployment", "api",
            ",\"spec\":{\"replicas\":3,\"selector\":{\"matchLabels\":{\"app\":\"api\"}}," +
                podTemplate(kTwo) +
                R"(},"status":{"replicas":4,"readyReplicas":2,"updatedReplicas":1,"availableReplicas":2}})"),
        {"api", "2/3", "1", "2", "120m", "app,proxy", "app:v2,envoy:1.29", "app=api"});
    addRow(
        r, "scaled to zero with set selector",
        object(
            "apps/v1", "Deployment", "idle",
            R"(,"spec":{"replicas":0,"selector":{"matchExpressions":[{"key":"tier","operator":"In","values":["b","a"]}]},)" +
                podTemplate(kNginx) + "}}"),
        {"idle", "0/0", "0", "0", "120m", "nginx", "nginx:1.25", "tier in (a,b)"});
    addRow(
        r, "invalid selector operator",
        object(
            "apps/v1", "Deployment", "bad",
            R"(,"spec":{"replicas":1,"selector":{"matchExpressions":[{"key":"a","operator":"Near"}]},)" +
                podTemplate(kNginx) + "}}"),
        {"bad", "0/1", "0", "0", "120m", "nginx", "nginx:1.25", "<invalid>"});
    addRow(r, "defaulted replicas and empty selector",
           object("apps/v1", "Deployment", "bare",
                  R"(,"spec":{"selector":{},)" + podTemplate(kNginx) + "}}"),
           {"bare", "0/1", "0", "0", "120m", "nginx", "nginx:1.25", ""});
    addRow(
        r, "labels and expressions",
        object(
            "apps/v1", "Deployment", "mix",
            R"(,"spec":{"replicas":2,"selector":{"matchLabels":{"app":"x"},"matchExpressions":[{"key":"env","operator":"Exists"},{"key":"canary","operator":"DoesNotExist"}]},)" +
                podTemplate(kNginx) +
                R"(},"status":{"readyReplicas":1,"updatedReplicas":2,"availableReplicas":1}})"),
        {"mix", "1/2", "2", "1", "120m", "nginx", "nginx:1.25", "app=x,!canary,env"});
}

void TestWorkloadPrinters::addReplicaSetRows()
{
    const Row r{"apps", "ReplicaSet"};
    auto rs = [](const char *name, const QByteArray &specExtra, const QByteArray &status) {
        return object("apps/v1", "ReplicaSet", name,
                      ",\"spec\":{" + specExtra + podTemplate(kNginx) + "},\"status\":" + status);
    };
    addRow(
        r, "ready",
        rs("web-6d4cf56db6",
           R"("replicas":3,"selector":{"matchLabels":{"app":"web","pod-template-hash":"6d4cf56db6"}},)",
           R"({"replicas":3,"readyReplicas":3})"),
        {"web-6d4cf56db6", "3", "3", "3", "120m", "nginx", "nginx:1.25",
         "app=web,pod-template-hash=6d4cf56db6"});
    addRow(r, "old revision",
           rs("web-old", R"("replicas":0,"selector":{"matchLabels":{"app":"web"}},)", "{}"),
           {"web-old", "0", "0", "0", "120m", "nginx", "nginx:1.25", "app=web"});
    addRow(r, "partly ready",
           rs("web-new", R"("replicas":2,"selector":{"matchLabels":{"app":"web"}},)",
              R"({"replicas":2,"readyReplicas":1})"),
           {"web-new", "2", "2", "1", "120m", "nginx", "nginx:1.25", "app=web"});
    addRow(r, "no selector", rs("orphan", R"("replicas":1,)", R"({"replicas":1})"),
           {"orphan", "1", "1", "0", "120m", "nginx", "nginx:1.25", "<none>"});
    addRow(r, "empty selector",
           rs("all", R"("replicas":1,"selector":{},)", R"({"replicas":1,"readyReplicas":1})"),
           {"all", "1", "1", "1", "120m", "nginx", "nginx:1.25", "<none>"});
}

void TestWorkloadPrinters::addStatefulSetRows()
{
    const Row r{"apps", "StatefulSet"};
    auto sts = [](const char *name, const char *replicas, const char *containers,
                  const char *status) {
        return object("apps/v1", "StatefulSet", name,
                      ",\"spec\":{" + QByteArray(replicas) + podTemplate(containers) +
                          "},\"status\":" + status);
    };
    addRow(r, "ready", sts("db", R"("replicas":3,)", kNginx, R"({"readyReplicas":3})"),
           {"db", "3/3", "120m", "nginx", "nginx:1.25"});
    addRow(r, "starting", sts("db2", R"("replicas":3,)", kNginx, R"({"readyReplicas":1})"),
           {"db2", "1/3", "120m", "nginx", "nginx:1.25"});
    addRow(r, "scaled down", sts("db3", R"("replicas":0,)", kNginx, "{}"),
           {"db3", "0/0", "120m", "nginx", "nginx:1.25"});
    addRow(r, "defaulted replicas", sts("db4", "", kNginx, "{}"),
           {"db4", "0/1", "120m", "nginx", "nginx:1.25"});
    addRow(r, "two containers", sts("db5", R"("replicas":2,)", kTwo, R"({"readyReplicas":2})"),
           {"db5", "2/2", "120m", "app,proxy", "app:v2,envoy:1.29"});
}

void TestWorkloadPrinters::addDaemonSetRows()
{
    const Row r{"apps", "DaemonSet"};
    auto ds = [](const char *name, const char *nodeSelector, const char *status) {
        return object(
            "apps/v1", "DaemonSet", name,
            QByteArray(
                R"(,"spec":{"selector":{"matchLabels":{"k8s-app":"kube-proxy"}},"template":{"spec":{)") +
                nodeSelector +
                R"("containers":[{"name":"kube-proxy","image":"kube-proxy:v1.30"}]}}},"status":)" +
                status);
    };
    const char *full =
        R"({"desiredNumberScheduled":3,"currentNumberScheduled":3,"numberReady":3,"updatedNumberScheduled":3,"numberAvailable":3})";
    addRow(r, "all scheduled",
           ds("kube-proxy", R"("nodeSelector":{"kubernetes.io/os":"linux"},)", full),
           {"kube-proxy", "3", "3", "3", "3", "3", "kubernetes.io/os=linux", "120m", "kube-proxy",
            "kube-proxy:v1.30", "k8s-app=kube-proxy"});
    addRow(r, "no node selector", ds("agent", "", full),
           {"agent", "3", "3", "3", "3", "3", "<none>", "120m", "kube-proxy", "kube-proxy:v1.30",
            "k8s-app=kube-proxy"});
    addRow(
        r, "rolling update",
        ds("agent2", "",
           R"({"desiredNumberScheduled":5,"currentNumberScheduled":4,"numberReady":2,"updatedNumberScheduled":3,"numberAvailable":2})"),
        {"agent2", "5", "4", "2", "3", "2", "<none>", "120m", "kube-proxy", "kube-proxy:v1.30",
         "k8s-app=kube-proxy"});
    addRow(r, "sorted node selector", ds("gpu", R"("nodeSelector":{"b":"2","a":"1"},)", full),
           {"gpu", "3", "3", "3", "3", "3", "a=1,b=2", "120m", "kube-proxy", "kube-proxy:v1.30",
            "k8s-app=kube-proxy"});
    addRow(r, "no status yet", ds("new", "", "{}"),
           {"new", "0", "0", "0", "0", "0", "<none>", "120m", "kube-proxy", "kube-proxy:v1.30",
            "k8s-app=kube-proxy"});
}

void TestWorkloadPrinters::addJobRows()
{
    const Row r{"batch", "Job"};
    auto job = [](const char *name, const char *spec, const char *status,
                  const QByteArray &meta = {}) {
        return object(
            "batch/v1", "Job", name,
            QByteArray(",\"spec\":{") + spec +
                R"("selector":{"matchLabels":{"batch.kubernetes.io/controller-uid":"abc"}},"template":{"spec":{"containers":[{"name":"pi","image":"perl:5.34"}]}}},"status":)" +
                status,
            meta);
    };
    const QStringList tail = {"pi", "perl:5.34", "batch.kubernetes.io/controller-uid=abc"};
    addRow(
        r, "complete",
        job("pi", R"("completions":1,"parallelism":1,)",
            R"({"succeeded":1,"startTime":"2024-05-01T10:00:00Z","completionTime":"2024-05-01T10:00:42Z","conditions":[{"type":"SuccessCriteriaMet","status":"True"},{"type":"Complete","status":"True"}]})"),
        QStringList{"pi", "Complete", "1/1", "42s", "120m"} + tail);
    addRow(r, "running",
           job("batch", R"("completions":5,"parallelism":2,)",
               R"({"succeeded":2,"active":2,"startTime":"2024-05-01T11:30:00Z"})"),
           QStringList{"batch", "Running", "2/5", "30m", "120m"} + tail);
    addRow(r, "work queue not started", job("queue", R"("parallelism":3,)", "{}"),
           QStringList{"queue", "Running", "0/1 of 3", "", "120m"} + tail);
    addRow(
        r, "failed",
        job("bad", R"("parallelism":1,)",
            R"({"failed":6,"startTime":"2024-05-01T10:00:00Z","conditions":[{"type":"FailureTarget","status":"True"},{"type":"Failed","status":"True"}]})"),
        QStringList{"bad", "Failed", "0/1", "120m", "120m"} + tail);
    addRow(r, "suspended",
           job("later", R"("completions":3,"parallelism":1,"suspend":true,)",
               R"({"conditions":[{"type":"Suspended","status":"True"}]})"),
           QStringList{"later", "Suspended", "0/3", "", "120m"} + tail);
    addRow(r, "terminating",
           job("gone", R"("completions":1,)", R"({"startTime":"2024-05-01T11:59:00Z"})", kDeleting),
           QStringList{"gone", "Terminating", "0/1", "60s", "120m"} + tail);
    addRow(
        r, "failure target only",
        job("failing", R"("completions":2,)",
            R"({"succeeded":1,"startTime":"2024-05-01T11:00:00Z","conditions":[{"type":"FailureTarget","status":"True"}]})"),
        QStringList{"failing", "FailureTarget", "1/2", "60m", "120m"} + tail);
    addRow(
        r, "complete condition false",
        job("flip", R"("completions":1,)",
            R"({"startTime":"2024-05-01T11:58:00Z","conditions":[{"type":"Complete","status":"False"}]})"),
        QStringList{"flip", "Running", "0/1", "2m", "120m"} + tail);
}

void TestWorkloadPrinters::addCronJobRows()
{
    const Row r{"batch", "CronJob"};
    auto cron = [](const char *name, const char *spec, const char *status,
                   const char *selector = "") {
        return object(
            "batch/v1", "CronJob", name,
            QByteArray(",\"spec\":{") + spec + R"("jobTemplate":{"spec":{)" + selector +
                R"("template":{"spec":{"containers":[{"name":"hello","image":"busybox:1.36"}]}}}}},"status":)" +
                status);
    };
    addRow(r, "recently scheduled",
           cron("hello", R"("schedule":"*/5 * * * *","suspend":false,)",
                R"({"active":[{"name":"hello-1"}],"lastScheduleTime":"2024-05-01T11:55:00Z"})"),
           {"hello", "*/5 * * * *", "<none>", "False", "1", "5m", "120m", "hello", "busybox:1.36",
            "<none>"});
    addRow(
        r, "suspended with time zone",
        cron("paused", R"("schedule":"0 3 * * *","timeZone":"Europe/Paris","suspend":true,)", "{}"),
        {"paused", "0 3 * * *", "Europe/Paris", "True", "0", "<none>", "120m", "hello",
         "busybox:1.36", "<none>"});
    addRow(r, "suspend unset", cron("odd", R"("schedule":"@hourly",)", "{}"),
           {"odd", "@hourly", "<none>", "<unset>", "0", "<none>", "120m", "hello", "busybox:1.36",
            "<none>"});
    addRow(
        r, "two active jobs",
        cron("busy", R"("schedule":"* * * * *","suspend":false,)",
             R"({"active":[{"name":"a"},{"name":"b"}],"lastScheduleTime":"2024-05-01T11:59:00Z"})"),
        {"busy", "* * * * *", "<none>", "False", "2", "60s", "120m", "hello", "busybox:1.36",
         "<none>"});
    addRow(r, "job template selector",
           cron("sel", R"("schedule":"0 0 * * 0","suspend":false,)",
                R"({"lastScheduleTime":"2024-04-28T00:00:00Z"})",
                R"("selector":{"matchLabels":{"job":"sel"}},)"),
           {"sel", "0 0 * * 0", "<none>", "False", "0", "3d12h", "120m", "hello", "busybox:1.36",
            "job=sel"});
}

void TestWorkloadPrinters::addIngressRows()
{
    const Row r{"networking.k8s.io", "Ingress"};
    addRow(
        r, "class host and address",
        object(
            "networking.k8s.io/v1", "Ingress", "web",
            R"(,"spec":{"ingressClassName":"nginx","rules":[{"host":"foo.com"}]},"status":{"loadBalancer":{"ingress":[{"ip":"1.2.3.4"}]}}})"),
        {"web", "nginx", "foo.com", "1.2.3.4", "80", "120m"});
    addRow(r, "no class, no host, tls",
           object("networking.k8s.io/v1", "Ingress", "any",
                  R"(,"spec":{"rules":[{"http":{}}],"tls":[{"hosts":["x"]}]}})"),
           {"any", "<none>", "*", "", "80, 443", "120m"});
    addRow(
        r, "more than three hosts",
        object(
            "networking.k8s.io/v1", "Ingress", "many",
            R"(,"spec":{"rules":[{"host":"a"},{"host":"b"},{"host":"c"},{"host":"d"},{"host":"e"}]}})"),
        {"many", "<none>", "a,b,c + 2 more...", "", "80", "120m"});
    addRow(r, "rule without host skipped",
           object("networking.k8s.io/v1", "Ingress", "mixed",
                  R"(,"spec":{"rules":[{"host":""},{"host":"b.example"}]}})"),
           {"mixed", "<none>", "b.example", "", "80", "120m"});
    const QByteArray twoIps = object(
        "networking.k8s.io/v1", "Ingress", "lb",
        R"(,"spec":{"ingressClassName":"traefik"},"status":{"loadBalancer":{"ingress":[{"ip":"10.0.0.2"},{"ip":"10.0.0.1"},{"ip":"10.0.0.2"}]}}})");
    addRow(r, "addresses sorted, unique and cut", twoIps,
           {"lb", "traefik", "*", "10.0.0.1,10.0...", "80", "120m"});
    addRow(r, "addresses in wide output", twoIps,
           {"lb", "traefik", "*", "10.0.0.1,10.0.0.2", "80", "120m"}, true);
}

void TestWorkloadPrinters::addNetworkPolicyRows()
{
    const Row r{"networking.k8s.io", "NetworkPolicy"};
    auto np = [](const char *name, const char *spec) {
        return object("networking.k8s.io/v1", "NetworkPolicy", name, QByteArray(spec));
    };
    addRow(r, "all pods", np("deny-all", R"(,"spec":{"podSelector":{},"policyTypes":["Ingress"]})"),
           {"deny-all", "<none>", "120m"});
    addRow(r, "match labels", np("db", R"(,"spec":{"podSelector":{"matchLabels":{"app":"db"}}})"),
           {"db", "app=db", "120m"});
    addRow(
        r, "set based",
        np("roles",
           R"(,"spec":{"podSelector":{"matchExpressions":[{"key":"role","operator":"In","values":["frontend","backend"]}]}})"),
        {"roles", "role in (backend,frontend)", "120m"});
    addRow(r, "no spec", np("empty", ""), {"empty", "<none>", "120m"});
    addRow(
        r, "labels and notin",
        np("mix",
           R"(,"spec":{"podSelector":{"matchLabels":{"app":"db"},"matchExpressions":[{"key":"env","operator":"NotIn","values":["dev"]}]}})"),
        {"mix", "app=db,env notin (dev)", "120m"});
}

void TestWorkloadPrinters::addEndpointSliceRows()
{
    const Row r{"discovery.k8s.io", "EndpointSlice"};
    auto slice = [](const char *name, const char *body) {
        return object("discovery.k8s.io/v1", "EndpointSlice", name,
                      QByteArray(R"(,"addressType":"IPv4")") + body);
    };
    addRow(
        r, "two endpoints",
        slice(
            "web-abc",
            R"(,"ports":[{"name":"http","port":8080,"protocol":"TCP"}],"endpoints":[{"addresses":["10.0.0.1"]},{"addresses":["10.0.0.2"]}])"),
        {"web-abc", "IPv4", "8080", "10.0.0.1,10.0.0.2", "120m"});
    addRow(r, "nothing yet", slice("empty", ""), {"empty", "IPv4", "<unset>", "<unset>", "120m"});
    addRow(
        r, "named and wildcard ports",
        slice("named", R"(,"ports":[{"name":"http"},{}],"endpoints":[{"addresses":["10.0.0.3"]}])"),
        {"named", "IPv4", "http,*", "10.0.0.3", "120m"});
    addRow(
        r, "more than three endpoints",
        slice(
            "big",
            R"(,"ports":[{"port":80}],"endpoints":[{"addresses":["a"]},{"addresses":["b"]},{"addresses":["c"]},{"addresses":["d"]},{"addresses":["e"]}])"),
        {"big", "IPv4", "80", "a,b,c + 2 more...", "120m"});
    addRow(
        r, "more than three ports",
        slice("ports", R"(,"ports":[{"port":1},{"port":2},{"port":3},{"port":4}],"endpoints":[])"),
        {"ports", "IPv4", "1,2,3 + 1 more...", "<unset>", "120m"});
}

void TestWorkloadPrinters::addStorageClassRows()
{
    const Row r{"storage.k8s.io", "StorageClass"};
    auto sc = [](const char *name, const char *body, const char *meta = "") {
        return object("storage.k8s.io/v1", "StorageClass", name, QByteArray(body), QByteArray(meta),
                      "");
    };
    addRow(
        r, "default class",
        sc("standard",
           R"(,"provisioner":"rancher.io/local-path","reclaimPolicy":"Delete","volumeBindingMode":"WaitForFirstConsumer")",
           R"(,"annotations":{"storageclass.kubernetes.io/is-default-class":"true"})"),
        {"standard (default)", "rancher.io/local-path", "Delete", "WaitForFirstConsumer", "false",
         "120m"});
    addRow(r, "beta default annotation",
           sc("old", R"(,"provisioner":"kubernetes.io/gce-pd")",
              R"(,"annotations":{"storageclass.beta.kubernetes.io/is-default-class":"true"})"),
           {"old (default)", "kubernetes.io/gce-pd", "Delete", "Immediate", "false", "120m"});
    addRow(
        r, "retain with expansion",
        sc("fast",
           R"(,"provisioner":"ebs.csi.aws.com","reclaimPolicy":"Retain","volumeBindingMode":"Immediate","allowVolumeExpansion":true)"),
        {"fast", "ebs.csi.aws.com", "Retain", "Immediate", "true", "120m"});
    addRow(r, "defaults", sc("plain", R"(,"provisioner":"csi.example.com")"),
           {"plain", "csi.example.com", "Delete", "Immediate", "false", "120m"});
    addRow(r, "default annotation false",
           sc("nope", R"(,"provisioner":"p")",
              R"(,"annotations":{"storageclass.kubernetes.io/is-default-class":"false"})"),
           {"nope", "p", "Delete", "Immediate", "false", "120m"});
}

void TestWorkloadPrinters::addHpaRows()
{
    const Row r{"autoscaling", "HorizontalPodAutoscaler"};
    auto hpa = [](const char *name, const char *spec, const char *status,
                  const char *version = "autoscaling/v2") {
        return object(
            version, "HorizontalPodAutoscaler", name,
            QByteArray(
                R"(,"spec":{"scaleTargetRef":{"apiVersion":"apps/v1","kind":"Deployment","name":"web"},)") +
                spec + "},\"status\":" + status);
    };
    const char *cpu50 =
        R"("metrics":[{"type":"Resource","resource":{"name":"cpu","target":{"type":"Utilization","averageUtilization":50}}}])";
    addRow(
        r, "cpu utilization",
        hpa("web", (QByteArray(R"("minReplicas":1,"maxReplicas":10,)") + cpu50).constData(),
            R"({"currentReplicas":2,"currentMetrics":[{"type":"Resource","resource":{"name":"cpu","current":{"averageUtilization":10,"averageValue":"50m"}}}]})"),
        {"web", "Deployment/web", "cpu: 10%/50%", "1", "10", "2", "120m"});
    addRow(
        r, "no current metrics yet",
        hpa("new", (QByteArray(R"("minReplicas":2,"maxReplicas":5,)") + cpu50).constData(), "{}"),
        {"new", "Deployment/web", "cpu: <unknown>/50%", "2", "5", "0", "120m"});
    addRow(
        r, "memory average value",
        hpa("mem",
            R"("maxReplicas":4,"metrics":[{"type":"Resource","resource":{"name":"memory","target":{"type":"AverageValue","averageValue":"500Mi"}}}])",
            R"({"currentReplicas":1,"currentMetrics":[{"type":"Resource","resource":{"name":"memory","current":{"averageValue":"300Mi"}}}]})"),
        {"mem", "Deployment/web", "memory: 300Mi/500Mi", "<unset>", "4", "1", "120m"});
    addRow(
        r, "more than two metrics",
        hpa("three",
            R"("minReplicas":1,"maxReplicas":3,"metrics":[{"type":"Resource","resource":{"name":"cpu","target":{"type":"Utilization","averageUtilization":60}}},{"type":"Pods","pods":{"metric":{"name":"qps"},"target":{"type":"AverageValue","averageValue":"1k"}}},{"type":"Resource","resource":{"name":"memory","target":{"type":"Utilization"}}}])",
            R"({"currentReplicas":3,"currentMetrics":[{"type":"Resource","resource":{"name":"cpu","current":{"averageUtilization":70}}},{"type":"Pods","pods":{"metric":{"name":"qps"},"current":{"averageValue":"500"}}}]})"),
        {"three", "Deployment/web", "cpu: 70%/60%, 500/1k + 1 more...", "1", "3", "3", "120m"});
    addRow(r, "autoscaling v1",
           hpa("v1", R"("maxReplicas":10,"targetCPUUtilizationPercentage":80)",
               R"({"currentReplicas":1,"currentCPUUtilizationPercentage":35})", "autoscaling/v1"),
           {"v1", "Deployment/web", "cpu: 35%/80%", "<unset>", "10", "1", "120m"});
    addRow(r, "no metrics", hpa("none", R"("minReplicas":1,"maxReplicas":2)", "{}"),
           {"none", "Deployment/web", "<none>", "1", "2", "0", "120m"});
    addRow(
        r, "external value and object average",
        hpa("ext",
            R"("minReplicas":1,"maxReplicas":2,"metrics":[{"type":"External","external":{"metric":{"name":"queue"},"target":{"type":"Value","value":"100"}}},{"type":"Object","object":{"metric":{"name":"rps"},"target":{"type":"AverageValue","averageValue":"10"}}}])",
            R"({"currentReplicas":1,"currentMetrics":[{"type":"External","external":{"metric":{"name":"queue"},"current":{"value":"42"}}}]})"),
        {"ext", "Deployment/web", "42/100, <unknown>/10 (avg)", "1", "2", "1", "120m"});
}

void TestWorkloadPrinters::addPdbRows()
{
    const Row r{"policy", "PodDisruptionBudget"};
    auto pdb = [](const char *name, const char *spec, const char *status) {
        return object("policy/v1", "PodDisruptionBudget", name,
                      QByteArray(",\"spec\":{") + spec + "},\"status\":" + status);
    };
    addRow(r, "min available count",
           pdb("web", R"("minAvailable":2)", R"({"disruptionsAllowed":1})"),
           {"web", "2", "N/A", "1", "120m"});
    addRow(r, "max unavailable percent",
           pdb("api", R"("maxUnavailable":"25%")", R"({"disruptionsAllowed":2})"),
           {"api", "N/A", "25%", "2", "120m"});
    addRow(r, "min available percent", pdb("db", R"("minAvailable":"50%")", "{}"),
           {"db", "50%", "N/A", "0", "120m"});
    addRow(r, "neither set", pdb("none", "", "{}"), {"none", "N/A", "N/A", "0", "120m"});
    addRow(r, "zero max unavailable",
           pdb("strict", R"("maxUnavailable":0)", R"({"disruptionsAllowed":0})"),
           {"strict", "N/A", "0", "0", "120m"});
}

void TestWorkloadPrinters::addLeaseRows()
{
    const Row r{"coordination.k8s.io", "Lease"};
    auto lease = [](const char *name, const char *spec) {
        return object("coordination.k8s.io/v1", "Lease", name, QByteArray(spec), {},
                      "kube-node-lease");
    };
    addRow(r, "node lease",
           lease("n1", R"(,"spec":{"holderIdentity":"n1","leaseDurationSeconds":40})"),
           {"n1", "n1", "120m"});
    addRow(r, "no holder", lease("free", R"(,"spec":{})"), {"free", "", "120m"});
    addRow(r, "controller manager",
           lease("kube-controller-manager",
                 R"(,"spec":{"holderIdentity":"cp-1_4f6a8e2c-1b2d-4c3e-9f00-123456789abc"})"),
           {"kube-controller-manager", "cp-1_4f6a8e2c-1b2d-4c3e-9f00-123456789abc", "120m"});
    addRow(r, "no spec", lease("bare", ""), {"bare", "", "120m"});
    addRow(r, "empty holder", lease("empty", R"(,"spec":{"holderIdentity":""})"),
           {"empty", "", "120m"});
}

void TestWorkloadPrinters::addCrdRows()
{
    const Row r{"apiextensions.k8s.io", "CustomResourceDefinition"};
    auto crd = [](const char *name, const char *created) {
        QByteArray json =
            QByteArray(
                R"({"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":")") +
            name + "\"";
        if (created[0])
            json += QByteArray(R"(,"creationTimestamp":")") + created + "\"";
        return json + "}}";
    };
    addRow(r, "created", crd("widgets.example.com", "2024-05-01T10:00:00Z"),
           {"widgets.example.com", "2024-05-01T10:00:00Z"});
    addRow(r, "older", crd("gadgets.example.com", "2023-11-30T23:59:59Z"),
           {"gadgets.example.com", "2023-11-30T23:59:59Z"});
    addRow(r, "offset timestamp is shown in UTC", crd("x.example.com", "2024-05-01T12:00:00+02:00"),
           {"x.example.com", "2024-05-01T10:00:00Z"});
    addRow(r, "no timestamp", crd("y.example.com", ""), {"y.example.com", "0001-01-01T00:00:00Z"});
    addRow(r, "fraction dropped", crd("z.example.com", "2024-02-29T08:30:15.250Z"),
           {"z.example.com", "2024-02-29T08:30:15Z"});
}

QTEST_GUILESS_MAIN(TestWorkloadPrinters)
#include "tst_workloadprinters.moc"
