// Decode micro-benchmark (not a test): decodes a PodList of 10k realistic
// ~4 KiB pods with decodeListPage and reports MB/s and objects/s, with and
// without the default transform (dropping metadata.managedFields), and the
// same pods as a watch stream (ADDED frames fed to WatchStreamDecoder in
// 64 KiB chunks, as a socket delivers them; straight from the stream, and
// read into a buffer first).
//
//   build/bench/bench_decode [pods] [rounds] [watch|list]
//
// With `watch`, only the watch stream is measured (for profiling that path);
// with `list`, only the list body fed in chunks to ListBodyDecoder.

#include "informer/core/listbodydecoder.h"
#include "informer/core/listpage.h"
#include "informer/core/watchstreamdecoder.h"

#include <QFile>
#include <QTextStream>

#include <algorithm>
#include <cstring>
#include <ctime>

using namespace informant;

namespace {

// CPU time of this thread: the machine is shared, and wall time under load
// measures the neighbours more than the decoder.
class CpuTimer
{
public:
    void start() { m_start = now(); }
    qint64 nsecsElapsed() const { return now() - m_start; }

private:
    static qint64 now()
    {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return qint64(t.tv_sec) * 1000000000 + t.tv_nsec;
    }
    qint64 m_start = 0;
};

QByteArray realisticPod(int i)
{
    const QByteArray n = QByteArray::number(i);
    const QByteArray ns = "team-" + QByteArray::number(i % 20);
    const QByteArray app = "svc-" + QByteArray::number(i % 97);
    QByteArray pod;
    pod +=
        R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":")" + app + "-7d9f8c6b5-" + n +
        R"(","generateName":")" + app + R"(-7d9f8c6b5-","namespace":")" + ns +
        R"(","uid":"3f2a1b4c-5d6e-4f70-8a9b-)" + n.rightJustified(12, '0') +
        R"(","resourceVersion":")" + QByteArray::number(100000 + i) +
        R"(","creationTimestamp":"2026-11-20T10:15:30Z","labels":{"app":")" + app +
        R"(","pod-template-hash":"7d9f8c6b5","tier":"backend","env":"prod","team":"payments"},)"
        R"("annotations":{"kubectl.kubernetes.io/restartedAt":"2026-11-19T08:00:00Z","prometheus.io/scrape":"true","prometheus.io/port":"9090"},)"
        R"("ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":")" +
        app +
        R"(-7d9f8c6b5","uid":"9a8b7c6d-1111-2222-3333-444455556666","controller":true,"blockOwnerDeletion":true}],)"
        R"("managedFields":[{"manager":"kube-controller-manager","operation":"Update","apiVersion":"v1","time":"2026-11-20T10:15:30Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:generateName":{},"f:labels":{".":{},"f:app":{},"f:pod-template-hash":{},"f:tier":{}},"f:ownerReferences":{".":{},"k:{\"uid\":\"9a8b7c6d-1111-2222-3333-444455556666\"}":{}}},"f:spec":{"f:containers":{"k:{\"name\":\"app\"}":{".":{},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:ports":{".":{},"k:{\"containerPort\":8080,\"protocol\":\"TCP\"}":{".":{},"f:containerPort":{},"f:protocol":{}}},"f:resources":{".":{},"f:limits":{".":{},"f:cpu":{},"f:memory":{}},"f:requests":{".":{},"f:cpu":{},"f:memory":{}}}}},"f:dnsPolicy":{},"f:enableServiceLinks":{},"f:restartPolicy":{},"f:schedulerName":{},"f:securityContext":{},"f:terminationGracePeriodSeconds":{}}}},)"
        R"({"manager":"kubelet","operation":"Update","apiVersion":"v1","time":"2026-11-20T10:15:41Z","fieldsType":"FieldsV1","fieldsV1":{"f:status":{"f:conditions":{"k:{\"type\":\"ContainersReady\"}":{".":{},"f:lastProbeTime":{},"f:lastTransitionTime":{},"f:status":{},"f:type":{}},"k:{\"type\":\"Initialized\"}":{".":{},"f:lastProbeTime":{},"f:lastTransitionTime":{},"f:status":{},"f:type":{}},"k:{\"type\":\"Ready\"}":{".":{},"f:lastProbeTime":{},"f:lastTransitionTime":{},"f:status":{},"f:type":{}}},"f:containerStatuses":{},"f:hostIP":{},"f:phase":{},"f:podIP":{},"f:podIPs":{".":{},"k:{\"ip\":\"10.244.1.23\"}":{".":{},"f:ip":{}}},"f:startTime":{}}},"subresource":"status"}]},)"
        R"("spec":{"volumes":[{"name":"kube-api-access-x7k2p","projected":{"sources":[{"serviceAccountToken":{"expirationSeconds":3607,"path":"token"}},{"configMap":{"name":"kube-root-ca.crt","items":[{"key":"ca.crt","path":"ca.crt"}]}},{"downwardAPI":{"items":[{"path":"namespace","fieldRef":{"apiVersion":"v1","fieldPath":"metadata.namespace"}}]}}],"defaultMode":420}}],)"
        R"("containers":[{"name":"app","image":"registry.example.com/payments/)" +
        app +
        R"(:1.24.3","ports":[{"containerPort":8080,"protocol":"TCP"}],"env":[{"name":"LOG_LEVEL","value":"info"},{"name":"POD_NAME","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"}}}],"resources":{"limits":{"cpu":"500m","memory":"512Mi"},"requests":{"cpu":"100m","memory":"128Mi"}},"volumeMounts":[{"name":"kube-api-access-x7k2p","readOnly":true,"mountPath":"/var/run/secrets/kubernetes.io/serviceaccount"}],"livenessProbe":{"httpGet":{"path":"/healthz","port":8080,"scheme":"HTTP"},"initialDelaySeconds":10,"timeoutSeconds":1,"periodSeconds":10,"successThreshold":1,"failureThreshold":3},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"}],)"
        R"("restartPolicy":"Always","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst","serviceAccountName":"default","serviceAccount":"default","nodeName":"node-)" +
        QByteArray::number(i % 50) +
        R"(","securityContext":{},"schedulerName":"default-scheduler","tolerations":[{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute","tolerationSeconds":300},{"key":"node.kubernetes.io/unreachable","operator":"Exists","effect":"NoExecute","tolerationSeconds":300}],"priority":0,"enableServiceLinks":true,"preemptionPolicy":"PreemptLowerPriority"},)"
        R"("status":{"phase":"Running","conditions":[{"type":"Initialized","status":"True","lastProbeTime":null,"lastTransitionTime":"2026-11-20T10:15:30Z"},{"type":"Ready","status":"True","lastProbeTime":null,"lastTransitionTime":"2026-11-20T10:15:41Z"},{"type":"ContainersReady","status":"True","lastProbeTime":null,"lastTransitionTime":"2026-11-20T10:15:41Z"},{"type":"PodScheduled","status":"True","lastProbeTime":null,"lastTransitionTime":"2026-11-20T10:15:30Z"}],)"
        R"("hostIP":"10.0.0.)" +
        QByteArray::number(i % 50) +
        R"(","podIP":"10.244.1.23","podIPs":[{"ip":"10.244.1.23"}],"startTime":"2026-11-20T10:15:30Z","containerStatuses":[{"name":"app","state":{"running":{"startedAt":"2026-11-20T10:15:40Z"}},"lastState":{},"ready":true,"restartCount":0,"image":"registry.example.com/payments/)" +
        app + R"(:1.24.3","imageID":"registry.example.com/payments/)" + app +
        R"(@sha256:4f1c2a9e8b7d6c5f4e3d2c1b0a9f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d7","containerID":"containerd://8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3928170f6e5d4c3b2a1f0e9d8c7b6a5f4e","started":true}],"qosClass":"Burstable"}})";
    return pod;
}

QByteArray podList(int count)
{
    QByteArray list =
        R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"200000"},"items":[)";
    for (int i = 0; i < count; ++i) {
        if (i)
            list += ',';
        list += realisticPod(i);
    }
    list += "]}";
    return list;
}

struct Figures
{
    double megabytesPerSecond;
    double objectsPerSecond;
    qint64 storedBytes;
};

Figures measure(const QByteArray &body, int pods, int rounds, bool dropManagedFields)
{
    QList<double> seconds;
    qint64 stored = 0;
    for (int round = 0; round < rounds; ++round) {
        CpuTimer timer;
        timer.start();
        auto page = decodeListPage(body, DecodeOptions{dropManagedFields});
        seconds.append(timer.nsecsElapsed() / 1e9);
        if (!page.ok() || page->items.size() != pods)
            qFatal("decode failed: %s", qPrintable(page.errorMessage()));
        stored = 0;
        for (const auto &item : page->items)
            stored += item.jsonSize();
    }
    std::sort(seconds.begin(), seconds.end());
    const double median = seconds[seconds.size() / 2];
    return {body.size() / 1e6 / median, pods / median, stored};
}

// The list body as RestListerWatcher decodes it: fed in 1 MiB chunks.
Figures measureListStream(const QByteArray &body, int pods, int rounds)
{
    constexpr qsizetype kChunk = 1 << 20;
    QList<double> seconds;
    for (int round = 0; round < rounds; ++round) {
        CpuTimer timer;
        timer.start();
        ListBodyDecoder decoder(DecodeOptions{true});
        for (qsizetype at = 0; at < body.size(); at += kChunk)
            decoder.feed(QByteArrayView(body).sliced(at, qMin(kChunk, body.size() - at)));
        auto page = decoder.finish();
        seconds.append(timer.nsecsElapsed() / 1e9);
        if (!page.ok() || page->items.size() != pods)
            qFatal("list stream decode failed: %s", qPrintable(page.errorMessage()));
    }
    std::sort(seconds.begin(), seconds.end());
    const double median = seconds[seconds.size() / 2];
    return {body.size() / 1e6 / median, pods / median, 0};
}

// The watch-stream path: frame scanning plus per-frame decoding. With
// `readBuffer`, each chunk is first copied into one reused buffer, as
// RestWatchStream reads the reply: the decoder then finds the bytes in the
// cache, as it does in the application, instead of paying for the first
// touch of a 50 MB stream.
Figures measureWatchStream(int pods, int rounds, bool readBuffer)
{
    QByteArray stream;
    for (int i = 0; i < pods; ++i)
        stream += R"({"type":"ADDED","object":)" + realisticPod(i) + "}\n";
    constexpr qsizetype kChunk = 64 * 1024;
    QByteArray buffer(kChunk, Qt::Uninitialized);
    QList<double> seconds;
    qint64 stored = 0;
    for (int round = 0; round < rounds; ++round) {
        WatchStreamDecoder decoder(DecodeOptions{true});
        QList<WatchEvent> events;
        events.reserve(pods);
        CpuTimer timer;
        timer.start();
        for (qsizetype at = 0; at < stream.size(); at += kChunk) {
            QByteArrayView chunk =
                QByteArrayView(stream).sliced(at, qMin(kChunk, stream.size() - at));
            if (readBuffer) {
                std::memcpy(buffer.data(), chunk.data(), size_t(chunk.size()));
                chunk = QByteArrayView(buffer.constData(), chunk.size());
            }
            decoder.feed(chunk, events);
        }
        seconds.append(timer.nsecsElapsed() / 1e9);
        if (decoder.failed() || events.size() != pods)
            qFatal("watch decode failed: %s", qPrintable(decoder.errorMessage()));
        stored = 0;
        for (const auto &event : events)
            stored += event.object.jsonSize();
    }
    std::sort(seconds.begin(), seconds.end());
    const double median = seconds[seconds.size() / 2];
    return {stream.size() / 1e6 / median, pods / median, stored};
}

void reportWatchStream(int pods, int rounds, QTextStream &out)
{
    for (bool readBuffer : {false, true}) {
        const Figures w = measureWatchStream(pods, rounds, readBuffer);
        out << (readBuffer ? "watch stream, 64 KiB reads into a buffer, drop managedFields: "
                           : "watch stream, 64 KiB chunks, drop managedFields: ")
            << QString::number(w.megabytesPerSecond, 'f', 0) << " MB/s, "
            << QString::number(w.objectsPerSecond, 'f', 0) << " objects/s\n";
    }
}

qint64 residentKb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return 0;
}

// Resident memory the decoded objects take, per object and against the input,
// decoding pages of 500 as a reflector does (the parser's buffers are sized to
// one page, not to the whole list).
void measureFootprint(int pods, QTextStream &out)
{
    constexpr int kPageSize = 500;
    QList<QByteArray> pages;
    qint64 inputBytes = 0;
    for (int first = 0; first < pods; first += kPageSize) {
        QByteArray page =
            R"({"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"1"},"items":[)";
        for (int i = first; i < qMin(pods, first + kPageSize); ++i)
            page += (i > first ? "," : "") + realisticPod(i);
        page += "]}";
        inputBytes += page.size();
        pages.append(page);
    }
    (void)decodeListPage(pages.first(), DecodeOptions{true}); // warm the parser buffers
    const qint64 before = residentKb();
    QList<KubeObject> kept;
    kept.reserve(pods);
    qint64 stored = 0;
    for (const QByteArray &page : pages) {
        auto decoded = decodeListPage(page, DecodeOptions{true});
        for (const auto &item : decoded->items) {
            stored += item.jsonSize();
            kept.append(item);
        }
    }
    const qint64 after = residentKb();
    out << "resident per object (pages of 500, managedFields dropped): "
        << (after - before) * 1024 / pods << " bytes, of which JSON " << stored / pods << " bytes; "
        << QString::number((after - before) * 1024.0 / inputBytes, 'f', 2) << "x the input bytes\n";
}

} // namespace

int main(int argc, char **argv)
{
    const int pods = argc > 1 ? atoi(argv[1]) : 10000;
    const int rounds = argc > 2 ? atoi(argv[2]) : 9;
    const bool watchOnly = argc > 3 && qstrcmp(argv[3], "watch") == 0;
    // Only the list body through ListBodyDecoder, for comparing two builds.
    const bool listOnly = argc > 3 && qstrcmp(argv[3], "list") == 0;
    QTextStream out(stdout);
    out << "(CPU time of the decoding thread)\n";
    if (watchOnly) {
        reportWatchStream(pods, rounds, out);
        return 0;
    }
    const QByteArray body = podList(pods);
    out << "PodList: " << pods << " pods, " << body.size() / 1e6 << " MB, " << body.size() / pods
        << " bytes/pod; median of " << rounds << " rounds\n";
    if (!listOnly)
        measureFootprint(pods, out); // first, before freed rounds can be reused
    for (bool drop : {false, true}) {
        if (listOnly)
            break;
        const Figures f = measure(body, pods, rounds, drop);
        out << (drop ? "decode + drop managedFields: " : "decode (keep everything):    ")
            << QString::number(f.megabytesPerSecond, 'f', 0) << " MB/s, "
            << QString::number(f.objectsPerSecond, 'f', 0) << " objects/s, stored JSON "
            << QString::number(f.storedBytes * 100.0 / body.size(), 'f', 1) << "% of input\n";
    }
    const Figures l = measureListStream(body, pods, rounds);
    out << "list body in 1 MiB chunks (ListBodyDecoder), drop managedFields: "
        << QString::number(l.megabytesPerSecond, 'f', 0) << " MB/s, "
        << QString::number(l.objectsPerSecond, 'f', 0) << " objects/s\n";
    if (listOnly)
        return 0;
    reportWatchStream(pods, rounds, out);
    return 0;
}
