#!/usr/bin/env bash
# One command from a fresh Debian 12 machine to `steer demo`: installs what is missing, builds
# steer in Release (build/), and runs the demo (the U-trap of Goldenstein et al. Fig. 7 with the
# direct, harmonic and hybrid planners). Extra arguments go to `steer demo`.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DSTEER_BUILD_TESTS=OFF -DSTEER_BUILD_BENCHMARKS=OFF
cmake --build build --target steer -j "$(nproc)"
./build/experiments/steer demo --out runs/demo "$@"
