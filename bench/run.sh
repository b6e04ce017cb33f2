#!/usr/bin/env bash
# The benchmark harness (spec/performance.md): runs the scenarios against
# informant-sim, with the transport floor (curl) and the baselines
# (@kubernetes/client-node, kubectl) in the same run, and prints one table.
#   bench/run.sh BUILD_DIR [--quick]
# Writes bench/results/latest.md. Benchmarks are not tests: nothing here fails
# on a missed target; the table says which targets are met.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build-release}
QUICK=${2:-}
PODS=100000
[ "$QUICK" = "--quick" ] && PODS=20000
SIM=$BUILD/app/informant-sim
CTL=$BUILD/app/informantctl
OUT=bench/results/latest.md
WORK=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT

progress() { printf '\r\033[K[bench] %s' "$*" >&2; }
now_ms() { date +%s%3N; }
json_field() { sed -E "s/.*\"$1\":([0-9.]+).*/\1/" <<<"$2"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

start_sim() { # args...; sets SIM_PID and URL
    rm -f "$WORK/port"
    "$SIM" --port-file "$WORK/port" "$@" >"$WORK/sim.log" 2>&1 &
    SIM_PID=$!
    for _ in $(seq 1 600); do [ -s "$WORK/port" ] && break; sleep 0.1; done
    URL="http://127.0.0.1:$(cat "$WORK/port")"
}
stop_sim() { kill "$SIM_PID" 2>/dev/null || true; wait "$SIM_PID" 2>/dev/null || true; }

# Peak and final RSS (kB) of a command, sampled every 100 ms; its stdout to $WORK/cmd.out.
run_sampled() {
    "$@" >"$WORK/cmd.out" 2>"$WORK/cmd.err" &
    local pid=$! peak=0 last=0 rss
    while kill -0 "$pid" 2>/dev/null; do
        rss=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
        [ -n "$rss" ] && [ "$rss" -gt 0 ] && last=$rss && [ "$rss" -gt "$peak" ] && peak=$rss
        sleep 0.1
    done
    wait "$pid" || true
    SAMPLED_PEAK_KB=$peak
    SAMPLED_LAST_KB=$last
}

rows=()
row() { rows+=("| $1 | $2 | $3 | $4 | $5 | $6 |"); }

# ---------------------------------------------------------------- S1 + S4
progress "S1: starting informant-sim with $PODS pods"
t0=$(now_ms); start_sim --scenario scale --pods "$PODS" --namespaces 50 --seed 1; t1=$(now_ms)
sim_start_ms=$((t1 - t0))

progress "S1: transport floor (curl, the whole list)"
t0=$(now_ms); list_bytes=$(curl -s "$URL/api/v1/pods" -o "$WORK/list.json" -w '%{size_download}'); t1=$(now_ms)
floor_ms=$((t1 - t0))

progress "S1: informantctl dump pods -A --until-synced --stats"
run_sampled "$CTL" --server "$URL" -A --stats dump pods --until-synced --out "$WORK/dump.json"
ours_stats=$(tail -n1 "$WORK/cmd.out")
ours_ms=$(json_field synced_ms "$ours_stats")
ours_peak_kb=$SAMPLED_PEAK_KB

progress "S1: @kubernetes/client-node informer"
node_stats=$(node bench/baselines/clientnode-informer.mjs --server "$URL" --timeout 600 2>/dev/null | tail -n1 || echo '{}')
node_ms=$(json_field synced_ms "$node_stats")
node_rss_kb=$(json_field peak_rss_kb "$node_stats")

progress "S1: kubectl get pods -A -o json"
t0=$(now_ms); kubectl --server "$URL" get pods -A -o json >/dev/null 2>&1 || true; t1=$(now_ms)
kubectl_ms=$((t1 - t0))

s1_floor_ratio=$(ratio "$ours_ms" "$floor_ms")
s1_node_ratio=$(ratio "$node_ms" "$ours_ms")
s1_met=$(awk -v f="$s1_floor_ratio" -v n="$s1_node_ratio" 'BEGIN { print (f <= 2.5 && n >= 20) ? "yes" : "no" }')
row "S1 initial sync, $PODS pods (ms)" "$ours_ms" "$floor_ms" "client-node $node_ms; kubectl $kubectl_ms" \
    "${s1_floor_ratio}x floor; client-node ${s1_node_ratio}x slower" "$s1_met (≤2.5x floor, ≥20x client-node)"

# S4: memory. Steady RSS while watching after sync; peak during a forced relist.
progress "S4: steady RSS and forced relist"
"$CTL" --server "$URL" -A dump pods --for 40 --out "$WORK/dump2.json" >/dev/null 2>&1 &
ctl_pid=$!
sleep 15
steady_kb=$(awk '/VmRSS/ {print $2}' "/proc/$ctl_pid/status")
hwm_before=$(awk '/VmHWM/ {print $2}' "/proc/$ctl_pid/status")
# Force a relist: the next watch request is answered 410 Gone, and watches are dropped.
curl -s -X POST --data 'gone=1,drop-watch=0.2s' "$URL/sim/v1/faults" >/dev/null
relist_peak=$steady_kb
for _ in $(seq 1 80); do
    rss=$(awk '/VmRSS/ {print $2}' "/proc/$ctl_pid/status" 2>/dev/null || echo 0)
    [ "${rss:-0}" -gt "$relist_peak" ] && relist_peak=$rss
    sleep 0.1
done
curl -s -X POST "$URL/sim/v1/faults/off" >/dev/null
wait "$ctl_pid" || true
raw_kb=$((list_bytes / 1024))
s4_ratio=$(ratio "$steady_kb" "$raw_kb")
s4_relist=$(ratio "$relist_peak" "$steady_kb")
s4_met=$(awk -v a="$s4_ratio" -v b="$s4_relist" 'BEGIN { print (a <= 1.2 && b <= 1.3) ? "yes" : "no" }')
row "S4 memory, $PODS pods (RSS kB)" "steady $steady_kb; relist peak $relist_peak; sync peak $ours_peak_kb" \
    "raw list $raw_kb" "client-node peak $node_rss_kb" "${s4_ratio}x raw; relist ${s4_relist}x steady" \
    "$s4_met (≤1.2x raw, relist ≤1.3x)"
stop_sim

# ---------------------------------------------------------------- S2
progress "S2: watch throughput (churn as fast as the simulator can)"
start_sim --scenario churn --pods 2000 --namespaces 10 --churn 1000000 --seed 2
sleep 2
floor_events=$( (timeout 10 curl -sN "$URL/api/v1/pods?watch=true&resourceVersion=0" || true) | wc -l)
floor_eps=$((floor_events / 10))
"$CTL" --server "$URL" -A --stats dump pods --for 12 --out "$WORK/dump3.json" >"$WORK/s2.out" 2>/dev/null || true
ours_eps=$(json_field events_per_s "$(tail -n1 "$WORK/s2.out")")
node_stats=$(node bench/baselines/clientnode-informer.mjs --server "$URL" --events 100000 --timeout 30 2>/dev/null | tail -n1 || echo '{}')
node_eps=$(json_field events_per_s "$node_stats")
stop_sim
s2_floor=$(ratio "$ours_eps" "$floor_eps")
s2_node=$(ratio "$ours_eps" "$node_eps")
s2_met=$(awk -v f="$s2_floor" -v n="$s2_node" 'BEGIN { print (f >= 0.5 && n >= 20) ? "yes" : "no" }')
row "S2 watch events/s" "$ours_eps" "$floor_eps" "client-node $node_eps" \
    "${s2_floor}x floor; ${s2_node}x client-node" "$s2_met (≥0.5x floor, ≥20x client-node)"

progress "done"; echo >&2
{
    echo "# Benchmark results"
    echo
    echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr); $(date -u +%Y-%m-%dT%H:%MZ)."
    echo "informant-sim start with $PODS pods: ${sim_start_ms} ms. Run: bench/run.sh ${QUICK:-(full)}."
    echo
    echo "| scenario | ours | floor | baselines | ratios | target met |"
    echo "|---|---|---|---|---|---|"
    printf '%s\n' "${rows[@]}"
} | tee "$OUT"
