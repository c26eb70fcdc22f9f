// Conjugate gradients preconditioned by one black-box multigrid V-cycle (multigrid_hierarchy.hpp)
// for the Laplace problem of laplace_solvers.hpp.
//
// Precision. The iterate x is a double, and every iteration recomputes the true residual of x
// from it in the relaxation solvers' difference form, Σ(x_neighbour − x), whose terms are
// exact where the values are close; the stopping test is the paper's, on the largest change
// of a nodal value in one iteration (|α·p|, exact in double). Everything else is float: the
// residual handed to the V-cycle (rounded relative to itself, so it stays accurate as it
// shrinks), z = M⁻¹ r and the search direction p, with p·A·p accumulated in double. A float
// V-cycle is a slightly different preconditioner, not a less accurate solution: the answer is
// whatever x the double residual says is converged (tests/planning/laplace_solver_test.cpp
// checks (A.14) to 1e-15 and agreement with Gauss–Seidel), and the iteration counts are those
// of a double V-cycle (15 on the benchmark maze in both; docs/benchmarks.md). Float halves the
// V-cycle's memory traffic, which is what bounds its speed at 1024². Far down a corridor, where
// the residual falls below float's range (1e-38), the V-cycle sees 0; there the solution is
// far below the tolerance anyway, which is why harmonic_field.cpp renormalises such regions.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "multigrid_hierarchy.hpp"
#include "steer/planning/laplace_solvers.hpp"

namespace steer::planning {

namespace {

using detail::mg::Real;
using Index = std::ptrdiff_t;

// Reductions use eight partial sums in a fixed order, so they vectorise and still give the
// same bits on every machine.
constexpr int kLanes = 8;

double finish(const double (&lanes)[kLanes]) {
  double total = 0.0;
  for (const double v : lanes) total += v;
  return total;
}

// Σ b·z over the padded grid.
__attribute__((target_clones("avx2", "default")))
double dot(const Real* __restrict b, const Real* __restrict z, std::size_t n) {
  double lanes[kLanes] = {};
  std::size_t k = 0;
  for (; k + kLanes <= n; k += kLanes)
    for (int l = 0; l < kLanes; ++l) lanes[l] += double(b[k + l]) * double(z[k + l]);
  for (; k < n; ++k) lanes[0] += double(b[k]) * double(z[k]);
  return finish(lanes);
}

// Σ p·A·p over one row; q is ¼ on unknown nodes and 0 on fixed ones (where p is 0).
__attribute__((target_clones("avx2", "default")))
double energyRow(const Real* __restrict p, const Real* __restrict q, Index S, int n) {
  double lanes[kLanes] = {};
  auto term = [&](int k) {
    const double ap = 4.0 * double(p[k]) - ((double(p[k - 1]) + double(p[k + 1])) + (double(p[k - S]) + double(p[k + S])));
    return 4.0 * double(q[k]) * double(p[k]) * ap;
  };
  int i = 1;
  for (; i + kLanes - 1 <= n; i += kLanes)
    for (int l = 0; l < kLanes; ++l) lanes[l] += term(i + l);
  for (; i <= n; ++i) lanes[0] += term(i);
  return finish(lanes);
}

// x += α p over one row.
__attribute__((target_clones("avx2", "default")))
void stepRow(double* __restrict x, const Real* __restrict p, double alpha, int n) {
  for (int i = 1; i <= n; ++i) x[i] += alpha * double(p[i]);
}

// max |p| over one row. Rounding is monotone, so |α|·max|p| is exactly the largest |α·p|.
__attribute__((target_clones("avx2", "default")))
Real maxAbsRow(const Real* __restrict p, int n) {
  Real lanes[kLanes] = {};
  int i = 1;
  for (; i + kLanes - 1 <= n; i += kLanes)
    for (int l = 0; l < kLanes; ++l) {
      const Real a = std::abs(p[i + l]);
      lanes[l] = a > lanes[l] ? a : lanes[l];
    }
  Real largest = 0;
  for (const Real v : lanes) largest = v > largest ? v : largest;
  for (; i <= n; ++i) largest = std::abs(p[i]) > largest ? std::abs(p[i]) : largest;
  return largest;
}

// The residual of (A.14) over one row, in the relaxation solvers' difference form, rounded to
// float as the V-cycle's right-hand side: rhs = Σ (x_neighbour − x) on unknown nodes, 0 on fixed.
__attribute__((target_clones("avx2", "default")))
void residualRow(Real* __restrict rhs, const double* __restrict x, const Real* __restrict q, Index S, int n) {
  for (int i = 1; i <= n; ++i) {
    const double c = x[i];
    const double r = ((x[i - 1] - c) + (x[i + 1] - c)) + ((x[i - S] - c) + (x[i + S] - c));
    rhs[i] = static_cast<Real>((4.0 * double(q[i])) * r);
  }
}

// p ← z + β p over one row.
__attribute__((target_clones("avx2", "default")))
void directionRow(Real* __restrict p, const Real* __restrict z, Real beta, int n) {
  for (int i = 1; i <= n; ++i) p[i] = z[i] + beta * p[i];
}

}  // namespace

SolveStats solveMultigrid(LaplaceProblem& problem, double tolerance, std::int64_t maxIterations,
                          const std::function<void()>& checkpoint) {
  SolveStats stats;
  if (std::none_of(problem.unknown.begin(), problem.unknown.end(), [](std::uint8_t u) { return u != 0; })) {
    stats.converged = true;
    return stats;
  }
  detail::mg::Hierarchy hierarchy(problem.nx, problem.ny, problem.unknown);
  detail::mg::Level& F = hierarchy.finest();
  const Index S = F.stride;
  const std::size_t n = F.size;
  // x with the Dirichlet values on fixed nodes (the frame is 0, as in LaplaceProblem).
  std::vector<double> x(n, 0.0);
  std::vector<Real> p(n, Real(0));
  for (int j = 0; j < problem.ny; ++j)
    for (int i = 0; i < problem.nx; ++i) x[F.at(i + 1, j + 1)] = problem.value[problem.index(i, j)];
  auto row = [&](int j) { return F.at(0, j); };
  for (int j = 1; j <= F.ny; ++j) residualRow(F.b.data() + row(j), x.data() + row(j), F.quarter.data() + row(j), S, F.nx);
  // PCG with the residual recomputed from x every iteration (not updated by −α·A·p): it is
  // then the true residual of the double iterate, and needs no array of its own. F.b holds it.
  double rz = 0.0;
  while (stats.iterations < maxIterations) {
    if (checkpoint) checkpoint();
    hierarchy.vcycle();  // z = F.x = M⁻¹ F.b
    const double rzNext = dot(F.b.data(), F.x.data(), n);
    if (!(rzNext > 0.0)) {
      // r·M⁻¹r = 0: the residual is 0 to float precision (below 1e-38 everywhere).
      stats.converged = rzNext == 0.0;
      break;
    }
    // p ← z (first iteration) or z + β p, row by row, and Σ p·A·p of each row once the rows
    // around it have their new p.
    const Real beta = stats.iterations == 0 ? Real(0) : static_cast<Real>(rzNext / rz);
    rz = rzNext;
    double pAp = 0.0;
    for (int j = 1; j <= F.ny + 1; ++j) {
      if (j <= F.ny) directionRow(p.data() + row(j), F.x.data() + row(j), beta, F.nx);
      if (j >= 2) pAp += energyRow(p.data() + row(j - 1), F.quarter.data() + row(j - 1), S, F.nx);
    }
    if (!(pAp > 0.0)) break;
    const double alpha = rz / pAp;
    // x += α p row by row, and the residual of each row as soon as the rows around it moved.
    Real largestP = 0;
    for (int j = 1; j <= F.ny + 1; ++j) {
      if (j <= F.ny) {
        stepRow(x.data() + row(j), p.data() + row(j), alpha, F.nx);
        largestP = std::max(largestP, maxAbsRow(p.data() + row(j), F.nx));
      }
      if (j >= 2) residualRow(F.b.data() + row(j - 1), x.data() + row(j - 1), F.quarter.data() + row(j - 1), S, F.nx);
    }
    const double largest = std::abs(alpha) * double(largestP);
    ++stats.iterations;
    stats.finalUpdate = largest;
    if (largest < tolerance) {
      stats.converged = true;
      break;
    }
  }
  for (int j = 0; j < problem.ny; ++j)
    for (int i = 0; i < problem.nx; ++i)
      if (problem.unknown[problem.index(i, j)]) problem.value[problem.index(i, j)] = x[F.at(i + 1, j + 1)];
  return stats;
}

}  // namespace steer::planning
