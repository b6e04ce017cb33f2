#!/usr/bin/env bash
# Informant developer entry point.
#   ./dev.sh demo            install dependencies, build, start `informant --demo`
#   ./dev.sh test [--sanitize]  install dependencies, build, run the whole test suite
#   ./dev.sh bench [--quick] Release build, run the benchmark scenarios, write bench/results/latest.md
#   ./dev.sh fuzz SECONDS    build the libFuzzer targets (clang, ASan+UBSan) and run each
#   ./dev.sh chaos [SEEDS]   churn + every fault against informantctl dump; report divergences
#   ./dev.sh soak [MINUTES]  churn against the GUI and informantctl; RSS growth to bench/results
#   ./dev.sh build           configure and build only
#   ./dev.sh deps            install the Debian packages only
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(cmake ninja-build g++ ccache pkg-config qt6-base-dev qt6-base-dev-tools
          libgl-dev libyaml-cpp-dev libsimdjson-dev libjemalloc-dev xvfb xauth curl openssl fonts-dejavu-core)
FUZZ_PACKAGES=(clang libclang-rt-14-dev)

sudo_if_needed() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

deps() {
    local missing=()
    for p in "${PACKAGES[@]}" "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "dev.sh: installing ${missing[*]}"
        sudo_if_needed apt-get update -qq
        sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
}

build() {
    local dir=build type=RelWithDebInfo extra=()
    if [ "${1:-}" = "--sanitize" ]; then
        dir=build-sanitize; type=Debug; extra+=(-DINFORMANT_SANITIZE=ON)
    fi
    if [ -n "${CI:-}" ]; then extra+=(-DINFORMANT_WERROR=ON); fi
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE="$type" "${extra[@]}"
    elif [ ${#extra[@]} -gt 0 ]; then
        cmake -S . -B "$dir" "${extra[@]}" >/dev/null
    fi
    cmake --build "$dir" --parallel "$(nproc)"
    BUILD_DIR=$dir
}

cmd=${1:-help}
shift || true
case "$cmd" in
    deps) deps ;;
    build) deps; build "$@" ;;
    demo)
        deps; build
        exec "$BUILD_DIR/app/informant" --demo "$@"
        ;;
    test)
        deps; build "$@"
        export QT_QPA_PLATFORM=offscreen
        cd "$BUILD_DIR"
        ctest --output-on-failure --parallel "$(nproc)" --timeout 600
        ;;
    bench)
        deps; command -v npm >/dev/null || deps nodejs npm
        cmake -S . -B build-release -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
        cmake --build build-release --parallel "$(nproc)" --target informant-sim informantctl informant bench_timeline bench_decode
        (cd bench/baselines && npm ci --no-audit --no-fund >/dev/null)
        exec bench/run.sh build-release "$@"
        ;;
    fuzz)
        deps "${FUZZ_PACKAGES[@]}"
        seconds=${1:-60}
        cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DINFORMANT_FUZZ=ON >/dev/null
        targets=$(ls tests/fuzz/fuzz_*.cpp | xargs -n1 basename | sed 's/\.cpp$//')
        cmake --build build-fuzz --parallel "$(nproc)" --target $targets
        status=0
        for t in $targets; do
            corpus=tests/fuzz/corpus/${t#fuzz_}
            work=build-fuzz/corpus/${t#fuzz_}
            mkdir -p "$work"
            echo "== $t for ${seconds}s"
            if ! build-fuzz/tests/fuzz/$t -max_total_time="$seconds" -print_final_stats=1 \
                    -artifact_prefix="build-fuzz/$t-" "$work" "$corpus" 2>build-fuzz/$t.log; then
                status=1; echo "$t: CRASH, see build-fuzz/$t.log"; tail -30 build-fuzz/$t.log
            fi
            grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' build-fuzz/$t.log || true
            runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' build-fuzz/$t.log | grep -oE '[0-9]+$' || echo 0)
            # The issue asks for >= 100k inputs per target in a 60 s run.
            [ "${runs:-0}" -ge 100000 ] || echo "$t: only ${runs:-0} inputs ran (< 100000)"
        done
        exit $status
        ;;
    chaos)
        deps; build
        exec tests/chaos/run.sh "$BUILD_DIR" "$@"
        ;;
    soak)
        deps; build
        exec bench/soak.sh "$BUILD_DIR" "$@"
        ;;
    *)
        sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
        [ "$cmd" = help ] || exit 2
        ;;
esac
