// steer_bench: the project's Google Benchmark executable. Each part adds its own bench_*.cpp.
#include <benchmark/benchmark.h>

BENCHMARK_MAIN();
