#!/usr/bin/env bash
# Chaos suite: churn plus every simulator fault, mixed at random, against
# `informantctl dump` for several kinds at once; after the faults stop, each
# dump must equal the simulator's truth (keys, uids, resourceVersions).
#
#   tests/chaos/run.sh BUILD_DIR [SEEDS] [--seconds S] [--first-seed N] [--kinds "pods nodes"]
#                      [--no-deadline]
#
# For each seed S (first-seed .. first-seed+SEEDS-1):
#   1. informant-sim --scenario churn --churn 2000 --seed S, faults from the
#      first phase. The fault period is split into 4 phases; each phase turns
#      on three faults in rotation (so every fault runs in every seed) plus
#      each other fault with probability 1/2, intensities drawn from a bash
#      RNG seeded with S (the same seed gives the same schedule).
#   2. One `informantctl dump KIND -A --for D` per kind, started together;
#      D ends CONVERGE_S (8 s) after the faults stop, so what is dumped is
#      the informer's state 8-9 s after the last fault (dump then waits at
#      most its own catch-up for a backing-off informer: if that pushes the
#      exit past 10 s after the faults stopped, the seed counts as LATE;
#      --no-deadline drops that check, for ctest on a loaded machine).
#   3. After the last phase: POST /sim/v1/faults/off and /sim/v1/churn/pause
#      (the truth is then fixed), wait for the dumps, compare each dump
#      byte for byte with GET /sim/v1/snapshot?resource=KIND (both are
#      sorted by key and have the same shape).
# Prints one line per seed and kind and a final count; exits 1 on any
# divergence, late or failed dump. Work files stay in BUILD_DIR/chaos/seed-S.
set -euo pipefail

usage() {
    sed -n '6,7p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

[ $# -ge 1 ] || usage
BUILD_DIR=$(cd "$1" && pwd)
shift
SEEDS=10
LIMIT_MS=10000  # dumps must have ended this long after the faults stop
SECONDS_FAULTS=20
FIRST_SEED=1
KINDS="pods namespaces nodes configmaps"
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then
    SEEDS=$1
    shift
fi
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) SECONDS_FAULTS=$2; shift 2 ;;
        --first-seed) FIRST_SEED=$2; shift 2 ;;
        --kinds) KINDS=$2; shift 2 ;;
        --no-deadline) LIMIT_MS=0; shift ;;
        *) usage ;;
    esac
done
[[ $SECONDS_FAULTS =~ ^[0-9]+$ ]] && [ "$SECONDS_FAULTS" -ge 4 ] || {
    echo "run.sh: --seconds must be an integer >= 4" >&2
    exit 2
}

SIM=$BUILD_DIR/app/informant-sim
CTL=$BUILD_DIR/app/informantctl
for exe in "$SIM" "$CTL"; do
    [ -x "$exe" ] || { echo "run.sh: $exe is not built" >&2; exit 2; }
done
command -v curl >/dev/null || { echo "run.sh: curl is needed" >&2; exit 2; }

CONVERGE_S=8    # dumps end this long after the faults stop
PHASES=4
FAULTS=(drop-watch cut-frame gone error429 error500 error504 delay compact restart)

sim_pid=""
dump_pids=()
cleanup() {
    for pid in "${dump_pids[@]}" $sim_pid; do
        pkill -P "$pid" 2>/dev/null || true # the dump inside the subshell
        kill "$pid" 2>/dev/null || true
    done
}
trap cleanup EXIT

now_ms() { date +%s%3N; }

# uniform integer in [lo, hi] from bash's seeded RNG
draw() { echo $(($1 + RANDOM % ($2 - $1 + 1))); }

# One fault with a random intensity. Probabilities stay low enough that a
# paged list (several requests) still gets through now and then.
fault_value() {
    case "$1" in
        drop-watch) echo "drop-watch=$(draw 500 4000)ms" ;;
        cut-frame) echo "cut-frame=0.$(printf %04d "$(draw 2 40)")" ;;
        gone) echo "gone=0.$(printf %02d "$(draw 2 15)")" ;;
        error429) echo "error429=0.$(printf %02d "$(draw 2 12)")" ;;
        error500) echo "error500=0.$(printf %02d "$(draw 2 15)")" ;;
        error504) echo "error504=0.$(printf %02d "$(draw 2 12)")" ;;
        delay) echo "delay=$(draw 20 400)ms" ;;
        compact) echo "compact=$(draw 20 500)" ;;
        restart) echo "restart=$(draw 1500 6000)ms" ;;
    esac
}

phase_spec() {
    local phase=$1 spec=() i
    for i in "${!FAULTS[@]}"; do
        local forced=$(((i - phase * 3 + 90) % 9 < 3))
        if [ "$forced" -eq 1 ] || [ $((RANDOM % 2)) -eq 0 ]; then
            spec+=("$(fault_value "${FAULTS[$i]}")")
        fi
    done
    (IFS=,; echo "${spec[*]}")
}

post() { curl -sf -X POST --data-binary "${2:-}" "$url/sim/v1/$1" >/dev/null; }

run_seed() {
    local seed=$1 work=$BUILD_DIR/chaos/seed-$1
    rm -rf "$work"
    mkdir -p "$work"
    RANDOM=$seed
    local specs=() p
    for ((p = 0; p < PHASES; p++)); do specs+=("$(phase_spec "$p")"); done
    printf '%s\n' "${specs[@]}" >"$work/faults.txt"

    "$SIM" --scenario churn --churn 2000 --seed "$seed" --faults "${specs[0]}" \
        --port-file "$work/port" >"$work/sim.log" 2>&1 &
    sim_pid=$!
    local waited=0
    while [ ! -s "$work/port" ]; do
        sleep 0.1
        waited=$((waited + 1))
        if [ $waited -gt 300 ] || ! kill -0 "$sim_pid" 2>/dev/null; then
            echo "seed $seed: simulator did not start (see $work/sim.log)"
            failures=$((failures + 1))
            return
        fi
    done
    url=http://127.0.0.1:$(cat "$work/port")

    local start end kind
    start=$(now_ms)
    dump_pids=()
    for kind in $KINDS; do
        # Each dump notes its own exit status and time, so waiting for one
        # does not delay the clock of the next.
        (
            status=0
            "$CTL" --server "$url" dump "$kind" -A --for $((SECONDS_FAULTS + CONVERGE_S)) \
                --stats --out "$work/$kind.json" >"$work/$kind.stats" 2>"$work/$kind.err" ||
                status=$?
            now_ms >"$work/$kind.end"
            exit $status
        ) &
        dump_pids+=($!)
    done
    local phase_ms=$((SECONDS_FAULTS * 1000 / PHASES))
    for ((p = 1; p <= PHASES; p++)); do
        sleep "$(awk -v ms=$((start + p * phase_ms - $(now_ms))) 'BEGIN{print (ms > 0 ? ms / 1000 : 0)}')"
        if [ $p -lt $PHASES ]; then
            post faults "${specs[$p]}" || echo "seed $seed: cannot set faults ${specs[$p]}"
        fi
    done
    post faults/off
    post churn/pause
    local off
    off=$(now_ms)

    local i=0 status
    for kind in $KINDS; do
        status=0
        wait "${dump_pids[$i]}" || status=$?
        end=$(cat "$work/$kind.end")
        i=$((i + 1))
        curl -sf "$url/sim/v1/snapshot?resource=$kind" -o "$work/$kind.truth" ||
            echo "[]" >"$work/$kind.truth"
        local objects late_ms=$((end - off))
        objects=$(grep -o '"key"' "$work/$kind.truth" | wc -l || true)
        local verdict
        if [ $status -ne 0 ]; then
            verdict="FAILED (exit $status: $(tail -1 "$work/$kind.err"))"
        elif ! cmp -s "$work/$kind.json" "$work/$kind.truth"; then
            verdict="DIVERGED ($(divergence "$work/$kind.json" "$work/$kind.truth"))"
        elif [ $LIMIT_MS -gt 0 ] && [ $late_ms -gt $LIMIT_MS ]; then
            verdict="LATE (equal, but the dump ended $late_ms ms after the faults stopped)"
        else
            verdict="ok"
        fi
        [ "$verdict" = ok ] || failures=$((failures + 1))
        printf 'seed %-3s %-11s %-8s objects %5s, relists %3s, watch restarts %3s, ended %4.1f s after faults\n' \
            "$seed" "$kind" "${verdict%% *}" "$objects" "$(stat_of relists "$work/$kind.stats")" \
            "$(stat_of watch_restarts "$work/$kind.stats")" "$(awk -v ms=$late_ms 'BEGIN{print ms/1000}')"
        [ "$verdict" = ok ] || echo "    $verdict; faults: $(paste -sd'|' "$work/faults.txt")"
    done
    dump_pids=()
    kill "$sim_pid" 2>/dev/null || true
    wait "$sim_pid" 2>/dev/null || true
    sim_pid=""
}

# A number from dump's --stats line, "?" if absent.
stat_of() { grep -o "\"$1\":[0-9]*" "$2" 2>/dev/null | cut -d: -f2 | grep . || echo "?"; }

# "3 missing, 1 extra, 12 stale" between a dump and the truth
divergence() {
    local dump=$1 truth=$2
    local d t
    d=$(mktemp)
    t=$(mktemp)
    tr '}' '\n' <"$dump" | sed 's/^[],[]*//' | grep '"key"' | sort >"$d" || true
    tr '}' '\n' <"$truth" | sed 's/^[],[]*//' | grep '"key"' | sort >"$t" || true
    local missing extra stale
    missing=$(comm -13 <(sed 's/,"resourceVersion.*//' "$d" | sort -u) \
        <(sed 's/,"resourceVersion.*//' "$t" | sort -u) | wc -l)
    extra=$(comm -23 <(sed 's/,"resourceVersion.*//' "$d" | sort -u) \
        <(sed 's/,"resourceVersion.*//' "$t" | sort -u) | wc -l)
    stale=$(comm -13 "$d" "$t" | wc -l)
    stale=$((stale - missing))
    rm -f "$d" "$t"
    echo "$missing missing, $extra extra, $stale stale"
}

failures=0
echo "chaos: $SEEDS seeds from $FIRST_SEED, $SECONDS_FAULTS s of faults each, kinds: $KINDS"
for ((seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++)); do
    run_seed "$seed"
done
echo "chaos: $failures divergences (including late or failed dumps) over $SEEDS seeds"
[ $failures -eq 0 ]
