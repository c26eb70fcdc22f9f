#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to the whole test suite: installs what is missing,
# then builds and runs every test through ctest in two configurations: Release (build-release/)
# and AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/). Tests that render run under
# xvfb-run. `scripts/test.sh release` or `scripts/test.sh asan` runs one configuration.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh

configs=("${@:-release asan}")
configs=(${configs[*]})
jobs="$(nproc)"
status=0

run_config() {
  local name=$1 dir=build-$1
  shift
  echo "== steer tests: $name =="
  cmake -S . -B "$dir" -G Ninja "$@"
  cmake --build "$dir" -j "$jobs"
  # xvfb-run gives the VTK rendering tests a display; the others do not care. -noreset: by
  # default Xvfb resets when its last client disconnects, and a test that connects during the
  # reset fails with "bad X server connection" (seen in CI with tests running in parallel).
  (cd "$dir" && xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" ctest --output-on-failure -j "$jobs" --timeout 1500) || status=1
}

for c in "${configs[@]}"; do
  case "$c" in
    release) run_config release -DCMAKE_BUILD_TYPE=Release -DSTEER_BUILD_BENCHMARKS=ON ;;
    asan)
      # Leaks are checked; halt on the first UB report. OpenMP's runtime keeps thread-local
      # allocations alive at exit, which LeakSanitizer would report as ours.
      export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:${ASAN_OPTIONS:-}"
      export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:${UBSAN_OPTIONS:-}"
      export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:${LSAN_OPTIONS:-}"
      # -O1 -g1 rather than RelWithDebInfo's -O2 -g: the instrumented build compiles ~1.7 × faster
      # (CI's two cores spent most of their time here), and stack traces keep files and lines.
      # No NDEBUG: Eigen's index checks and CGAL's preconditions are on in this configuration.
      run_config asan -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" \
        -DSTEER_SANITIZE=ON -DSTEER_BUILD_BENCHMARKS=OFF ;;
    *) echo "unknown configuration '$c' (release or asan)" >&2; exit 2 ;;
  esac
done
exit $status
