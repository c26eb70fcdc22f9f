#!/usr/bin/env bash
# Compares two steer_bench binaries on one benchmark by running them at the same time, one per
# core, so that both see the same noise of a shared machine. On the VMs we measure on, runs in
# turn drift by ±10 % from one minute to the next (docs/benchmarks.md, section 2026-12-01), far
# more than the few percent a cut is worth; two processes running together share that drift.
# Each round swaps which binary starts first. Prints both real times per iteration and B ÷ A.
#
#   scripts/bench-side-by-side.sh OLD_BINARY NEW_BINARY 'BM_NearEnvironment_Kinetic/100000' [ROUNDS]
#
# The filter must select exactly one benchmark. Needs two free cores: anything else running
# (a build, the tests) loads one side more than the other.
set -euo pipefail

if [[ $# -lt 3 || $# -gt 4 ]]; then
  echo "usage: $0 BINARY_A BINARY_B BENCHMARK_FILTER [ROUNDS=2]" >&2
  exit 2
fi
a=$1 b=$2 filter=$3 rounds=${4:-2}
for bin in "$a" "$b"; do
  [[ -x $bin ]] || { echo "$0: '$bin' is not an executable file" >&2; exit 2; }
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "$0: ROUNDS must be a positive whole number, not '$rounds'" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One run: the benchmark's real time per iteration with its unit, e.g. "311 ms".
run() {
  "$1" --benchmark_filter="$filter" --benchmark_format=csv 2>/dev/null |
    awk -F, 'NR > 1 && $1 !~ /_(mean|median|stddev|cv)"?$/ { gsub(/"/, "", $1); print $3, $5; exit }' > "$2"
}

for ((round = 1; round <= rounds; ++round)); do
  if ((round % 2)); then
    run "$a" "$work/a" & run "$b" "$work/b" & wait
  else
    run "$b" "$work/b" & run "$a" "$work/a" & wait
  fi
  read -r ta unit_a < "$work/a" || { echo "$0: '$a' ran no benchmark matching '$filter'" >&2; exit 2; }
  read -r tb unit_b < "$work/b" || { echo "$0: '$b' ran no benchmark matching '$filter'" >&2; exit 2; }
  awk -v r="$round" -v ta="$ta" -v tb="$tb" -v u="$unit_a" \
    'BEGIN { printf "round %d: A %.4g %s, B %.4g %s, B / A = %.3f\n", r, ta, u, tb, u, tb / ta }'
  [[ $unit_a == "$unit_b" ]] || echo "$0: the two binaries report different units ($unit_a, $unit_b)" >&2
done
