// SOR in red–black order (the chequerboard colouring by parity of i + j), Goldenstein
// Appendix A.2's Laplace equation with the same five-point stencil, residual form and ω as the
// lexicographic sweep in laplace_solvers.cpp.
//
// Why this layout: a red node's four neighbours are all black, so every red node of a sweep
// can be updated independently, and then every black one. The two colours are stored in two
// separate half-width arrays, so that a row of one colour is contiguous and its neighbours in
// the other colour are contiguous too (west/east at offsets m + p − 1 and m + p of the same
// row, south/north at m of the adjacent rows, p = (colour + j) mod 2): the inner loop is a
// unit-stride loop GCC vectorises. The obstacle mask is folded into a coefficient per node,
// ω/4 for unknown nodes and 0 for fixed ones (target, walls, the outer ring), so there is no
// branch per node and a fixed node's update is c + 0·r = c, bit for bit.
//
// The 5-point Laplacian in red–black order is consistently ordered, like the lexicographic
// one, so Young's theory gives the same ω* = 2 / (1 + √(1 − ρ_J²)) and the same asymptotic
// rate; the sweep counts differ only by the start-up transient.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "steer/planning/laplace_solvers.hpp"

namespace steer::planning {

namespace {

// Same flush as the lexicographic sweep (see laplace_solvers.cpp): values below 1e-300 become
// 0, so that denormals never slow the loop down. Only updated nodes are flushed.
constexpr double kFlush = 1e-300;

// The padded grid (a ring of fixed zeros around the nx × ny block) split by colour.
// Padded node (i, j), i ∈ [0, nx + 1], j ∈ [0, ny + 1], has colour c = (i + j) mod 2 and is
// stored at colour[c][j·half + m] with i = 2m + ((c + j) mod 2). Unused slots hold 0 with
// coefficient 0.
struct RedBlackGrid {
  int nx, ny;
  std::size_t half;  // slots per row and colour
  std::vector<double> value[2];
  // 1 where unknown, 0 where fixed: the node's coefficient is (ω/4)·mask ((ω/4)·1 is exactly
  // ω/4) and its flush limit 1e-300·mask. A double, not a byte: converting bytes to doubles
  // made the vectorised sweep 45 % slower (1.50 against 1.03 ns per node and sweep at 1024²),
  // more than the extra memory traffic costs once four sweeps share a pass.
  std::vector<double> mask[2];
  double quarterOmega;

  RedBlackGrid(const LaplaceProblem& p, double omega)
      : nx(p.nx), ny(p.ny), half(static_cast<std::size_t>(p.nx + 2) / 2 + 1), quarterOmega(0.25 * omega) {
    const std::size_t size = half * static_cast<std::size_t>(ny + 2);
    for (int c = 0; c < 2; ++c) value[c].assign(size, 0.0), mask[c].assign(size, 0);
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        const auto [c, k] = slot(i + 1, j + 1);
        value[c][k] = p.value[p.index(i, j)];
        mask[c][k] = p.unknown[p.index(i, j)] ? 1.0 : 0.0;
      }
  }
  // Colour and slot of padded node (i, j).
  std::pair<int, std::size_t> slot(int i, int j) const {
    const int c = (i + j) & 1;
    return {c, static_cast<std::size_t>(j) * half + static_cast<std::size_t>(i / 2)};
  }
  void store(LaplaceProblem& p) const {
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        const auto [c, k] = slot(i + 1, j + 1);
        p.value[p.index(i, j)] = value[c][k];
      }
  }
};

// Updates the nodes of one colour in row j from the other colour, returning the largest
// |change|. `a`, `u` are this colour's row (values, mask), `o` the other colour's array at
// row j, `half` its row length; p = (colour + j) mod 2; slots m ∈ [lo, hi].
// Cloned for AVX2 (4 doubles per instruction, picked at load time on CPUs that have it) and
// for the baseline x86-64 (SSE2). Not FMA: contracting c + k·r would change the rounding,
// and the result would depend on the machine.
__attribute__((target_clones("avx2", "default")))
double relaxRow(double* __restrict a, const double* __restrict u, const double* __restrict o, std::size_t half,
                int p, std::size_t lo, std::size_t hi, double quarterOmega) {
  const double* __restrict west = o + p - 1;
  const double* __restrict east = o + p;
  const double* __restrict south = o - half;
  const double* __restrict north = o + half;
  // max is associative and exact, so the reduction may run in vector lanes; GCC only does
  // that for floating point under -ffast-math or an explicit `omp simd` reduction, hence the
  // pragma (this file is compiled with -fopenmp-simd: no OpenMP runtime, no threads).
  double largest = 0.0;
#pragma omp simd reduction(max : largest)
  for (std::size_t q = lo; q <= hi; ++q) {
    const double c = a[q];
    const double r = ((west[q] - c) + (east[q] - c)) + ((south[q] - c) + (north[q] - c));
    const double unknown = u[q];
    double next = c + (quarterOmega * unknown) * r;
    // Flush updated nodes only: a fixed node's limit is 0, and |c| < 0 never holds.
    next = std::abs(next) < kFlush * unknown ? 0.0 : next;
    a[q] = next;
    const double d = std::abs(next - c);
    largest = largest < d ? d : largest;
  }
  return largest;
}

// Colour c of row j, if j is an interior row.
double relaxColourRow(RedBlackGrid& g, int c, int j) {
  if (j < 1 || j > g.ny) return 0.0;
  const int p = (c + j) & 1;
  // Slots whose node i = 2m + p lies in [1, nx].
  const std::size_t lo = p == 1 ? 0 : 1;
  const std::size_t hi = static_cast<std::size_t>((g.nx - p) / 2);
  if (hi < lo) return 0.0;
  const std::size_t row = static_cast<std::size_t>(j) * g.half;
  return relaxRow(g.value[c].data() + row, g.mask[c].data() + row, g.value[1 - c].data() + row, g.half, p, lo, hi,
                  g.quarterOmega);
}

// `count` (1 ≤ count ≤ kSweepsPerPass) red–black sweeps in one pass over the rows; largest[t]
// receives the largest |change| of sweep t.
//
// One sweep is every colour-0 node (i + j even, in padded coordinates), then every colour-1
// node. Colour 1 of row j − 1 only needs colour 0 of rows j − 2 … j, and colour 0 of row j only
// colour 1 of rows j − 1 … j + 1; so at step j the pass updates colour 0 of row j and colour 1
// of row j − 1 for the first sweep, the same two rows two further back for the second sweep
// (whose colour 0 of row j − 2 needs the first sweep's colour 1 of rows j − 3 … j − 1, just
// done), and so on. Every node sees the same operands as in `count` separate two-colour
// sweeps, so the result is bit for bit theirs; but the rows in flight stay in cache and the
// grid, far larger than the caches at 1024², is brought from memory once per pass instead of
// twice per sweep.
constexpr int kSweepsPerPass = 4;

void multiSweepRedBlack(RedBlackGrid& g, int count, double* largest) {
  for (int t = 0; t < count; ++t) largest[t] = 0.0;
  for (int j = 1; j <= g.ny + 1 + 2 * (count - 1); ++j)
    for (int t = 0; t < count; ++t) {
      largest[t] = std::max(largest[t], relaxColourRow(g, 0, j - 2 * t));
      largest[t] = std::max(largest[t], relaxColourRow(g, 1, j - 2 * t - 1));
    }
}

}  // namespace

SolveStats solveSorRedBlack(LaplaceProblem& problem, double tolerance, std::int64_t maxSweeps, double omega,
                            const std::function<void()>& checkpoint) {
  if (!(omega > 0.0 && omega < 2.0)) omega = sorOmegaFromJacobi(estimateJacobiSpectralRadius(problem, checkpoint));
  RedBlackGrid g(problem, omega);
  SolveStats stats;
  // The criterion is checked after every pass of up to kSweepsPerPass sweeps, on the last
  // one: at most kSweepsPerPass − 1 sweeps more than a check after every sweep, each of them
  // bringing the solution closer to the fixed point. `iterations` counts every sweep run.
  double largest[kSweepsPerPass];
  while (stats.iterations < maxSweeps) {
    if (checkpoint) checkpoint();
    const int count = static_cast<int>(std::min<std::int64_t>(kSweepsPerPass, maxSweeps - stats.iterations));
    multiSweepRedBlack(g, count, largest);
    stats.iterations += count;
    stats.finalUpdate = largest[count - 1];
    if (stats.finalUpdate < tolerance) {
      stats.converged = true;
      break;
    }
  }
  g.store(problem);
  return stats;
}

}  // namespace steer::planning
