// Harmonic field solvers (Goldenstein Appendix A.2) on a maze-like map: Gauss–Seidel (the
// paper's), SOR with the optimal ω of the grid (lexicographic and red–black order), and CG
// preconditioned by a black-box multigrid V-cycle (the fast solver), all to the same final
// update (the paper's 1e-15). Counters: iterations (sweeps or CG steps), final_update,
// converged (0 when the cap stopped it). Gauss–Seidel needs O(n²) sweeps and is capped from
// 512 up, where it would run for many minutes. Every timed solve includes its set-up (SOR's
// estimate of ω*, multigrid's hierarchy) and the copy of the problem.
#include <benchmark/benchmark.h>

#include "planning/maps.hpp"
#include "steer/planning/grid.hpp"
#include "steer/planning/harmonic_field.hpp"
#include "steer/planning/laplace_solvers.hpp"

namespace {

using namespace steer;
using namespace steer::planning;

constexpr double kTolerance = 1e-15;

// A 12 × 12 random maze of 5 m rooms (60 m square), target in the far corner; u = 1 − λ with
// the paper's initial 0.5.
LaplaceProblem mazeProblem(int n) {
  const auto maze = test::randomMaze(12, 5.0, 7);
  const GridSpec grid = GridSpec::over(maze.world.bounds, n);
  const Raster r = withTarget(rasterizeStaticObstacles(maze.world, grid, 0.0),
                              {TargetRegion::Kind::Disc, geometry::xy(maze.target), 0.5, {}});
  LaplaceProblem p(grid.nx, grid.ny);
  for (std::size_t k = 0; k < grid.size(); ++k) {
    p.unknown[k] = r.cells[k] == Cell::Free;
    p.value[k] = r.cells[k] == Cell::Free ? 0.5 : (r.cells[k] == Cell::Target ? 1.0 : 0.0);
  }
  return p;
}

void report(benchmark::State& state, const SolveStats& s) {
  state.counters["iterations"] = static_cast<double>(s.iterations);
  state.counters["final_update"] = s.finalUpdate;
  state.counters["converged"] = s.converged ? 1 : 0;
}

void BM_HarmonicSolve_GaussSeidel(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const std::int64_t cap = n >= 512 ? 2000 : 1'000'000;
  const LaplaceProblem base = mazeProblem(n);
  SolveStats s;
  for (auto _ : state) {
    LaplaceProblem p = base;
    s = solveGaussSeidel(p, kTolerance, cap);
    benchmark::DoNotOptimize(p.value.data());
  }
  report(state, s);
  state.counters["cap"] = static_cast<double>(cap);
}

void BM_HarmonicSolve_SOR(benchmark::State& state) {
  const LaplaceProblem base = mazeProblem(static_cast<int>(state.range(0)));
  SolveStats s;
  for (auto _ : state) {
    LaplaceProblem p = base;
    s = solveSor(p, kTolerance, 10'000'000, 0.0);
    benchmark::DoNotOptimize(p.value.data());
  }
  report(state, s);
}

// The same SOR (same ω*, same tolerance) in red–black order: colour-split rows, vectorised.
void BM_HarmonicSolve_SOR_RedBlack(benchmark::State& state) {
  const LaplaceProblem base = mazeProblem(static_cast<int>(state.range(0)));
  SolveStats s;
  for (auto _ : state) {
    LaplaceProblem p = base;
    s = solveSor(p, kTolerance, 10'000'000, 0.0, SorOrdering::RedBlack);
    benchmark::DoNotOptimize(p.value.data());
  }
  report(state, s);
}

void BM_HarmonicSolve_Multigrid(benchmark::State& state) {
  const LaplaceProblem base = mazeProblem(static_cast<int>(state.range(0)));
  SolveStats s;
  for (auto _ : state) {
    LaplaceProblem p = base;
    s = solveMultigrid(p, kTolerance, 10'000);
    benchmark::DoNotOptimize(p.value.data());
  }
  report(state, s);
}

// The whole field as the planners use it: rasterization excluded, renormalization passes
// included (on this maze the potential falls far below 1e-16).
void BM_HarmonicField_Multigrid(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const auto maze = test::randomMaze(12, 5.0, 7);
  const GridSpec grid = GridSpec::over(maze.world.bounds, n);
  const Raster r = withTarget(rasterizeStaticObstacles(maze.world, grid, 0.0),
                              {TargetRegion::Kind::Disc, geometry::xy(maze.target), 0.5, {}});
  HarmonicSettings settings;
  settings.resolution = n;
  HarmonicStats stats;
  for (auto _ : state) {
    const HarmonicField f = solveHarmonicField(r, settings);
    stats = f.stats();
    benchmark::DoNotOptimize(f.logComplement().data());
  }
  state.counters["iterations"] = static_cast<double>(stats.iterations);
  state.counters["passes"] = stats.passes;
}

}  // namespace

BENCHMARK(BM_HarmonicSolve_GaussSeidel)->Arg(128)->Arg(256)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_HarmonicSolve_SOR)->Arg(128)->Arg(256)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_HarmonicSolve_SOR_RedBlack)->Arg(128)->Arg(256)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_HarmonicSolve_Multigrid)->Arg(128)->Arg(256)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_HarmonicField_Multigrid)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->Iterations(1);
