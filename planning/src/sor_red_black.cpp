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
  std::vector<double> coef[2];  // ω/4 where unknown, 0 where fixed

  RedBlackGrid(const LaplaceProblem& p, double omega)
      : nx(p.nx), ny(p.ny), half(static_cast<std::size_t>(p.nx + 2) / 2 + 1) {
    const std::size_t size = half * static_cast<std::size_t>(ny + 2);
    for (int c = 0; c < 2; ++c) value[c].assign(size, 0.0), coef[c].assign(size, 0.0);
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        const auto [c, k] = slot(i + 1, j + 1);
        value[c][k] = p.value[p.index(i, j)];
        coef[c][k] = p.unknown[p.index(i, j)] ? 0.25 * omega : 0.0;
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
// |change|. `a`, `k` are this colour's row (values, coefficients), `o` the other colour's
// array at row j, `half` its row length; p = (colour + j) mod 2; slots m ∈ [lo, hi].
double relaxRow(double* __restrict a, const double* __restrict k, const double* __restrict o, std::size_t half, int p,
                std::size_t lo, std::size_t hi) {
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
    double next = c + k[q] * r;
    next = (std::abs(next) < kFlush && k[q] != 0.0) ? 0.0 : next;
    a[q] = next;
    const double d = std::abs(next - c);
    largest = largest < d ? d : largest;
  }
  return largest;
}

// One red–black sweep: colour 0 (i + j even, in padded coordinates), then colour 1.
double sweepRedBlack(RedBlackGrid& g) {
  double largest = 0.0;
  for (int c = 0; c < 2; ++c) {
    double* a = g.value[c].data();
    const double* k = g.coef[c].data();
    const double* o = g.value[1 - c].data();
    for (int j = 1; j <= g.ny; ++j) {
      const int p = (c + j) & 1;
      // Slots whose node i = 2m + p lies in [1, nx].
      const std::size_t lo = p == 1 ? 0 : 1;
      const std::size_t hi = static_cast<std::size_t>((g.nx - p) / 2);
      if (hi < lo) continue;
      const std::size_t row = static_cast<std::size_t>(j) * g.half;
      largest = std::max(largest, relaxRow(a + row, k + row, o + row, g.half, p, lo, hi));
    }
  }
  return largest;
}

}  // namespace

SolveStats solveSorRedBlack(LaplaceProblem& problem, double tolerance, std::int64_t maxSweeps, double omega) {
  if (!(omega > 0.0 && omega < 2.0)) omega = sorOmegaFromJacobi(estimateJacobiSpectralRadius(problem));
  RedBlackGrid g(problem, omega);
  SolveStats stats;
  while (stats.iterations < maxSweeps) {
    stats.finalUpdate = sweepRedBlack(g);
    ++stats.iterations;
    if (stats.finalUpdate < tolerance) {
      stats.converged = true;
      break;
    }
  }
  g.store(problem);
  return stats;
}

}  // namespace steer::planning
