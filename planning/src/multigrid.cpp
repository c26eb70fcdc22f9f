// Conjugate gradients preconditioned by one black-box multigrid V-cycle (multigrid_hierarchy.hpp)
// for the Laplace problem of laplace_solvers.hpp.
//
// Precision. The iterate x and the residual r are doubles, and r starts as the residual in
// the same difference form as the relaxation solvers use, Σ(x_neighbour − x), whose terms are
// exact where the values are close; the stopping test is the paper's, on the largest change
// of a nodal value in one iteration (|α·p|). The preconditioner runs in float: z = M⁻¹ r and
// the search direction p are floats, A·p is formed in double from them (exactly, up to one
// rounding per node), and x and r move by the same α·p and α·A·p, so the recurrence keeps r
// the residual of x to double precision however coarse M⁻¹ is. A float M⁻¹ is a slightly
// different preconditioner, not a less accurate solution: the iteration counts are those of
// a double V-cycle (tests/planning/laplace_solver_test.cpp compares the solution with SOR's).
// Values below float's range (1e-38) in z are flushed to zero by the V-cycle's own arithmetic
// and only cost iterations where the solution is below the tolerance anyway.
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

// Σ r·z over the padded grid.
__attribute__((target_clones("avx2", "default")))
double dotRZ(const double* __restrict r, const Real* __restrict z, std::size_t n) {
  double lanes[kLanes] = {};
  std::size_t k = 0;
  for (; k + kLanes <= n; k += kLanes)
    for (int l = 0; l < kLanes; ++l) lanes[l] += r[k + l] * double(z[k + l]);
  for (; k < n; ++k) lanes[0] += r[k] * double(z[k]);
  return finish(lanes);
}

// (A·p)_k in double for an unknown node k (p vanishes on fixed nodes).
inline double applyA(const Real* p, std::size_t k, Index S) {
  return 4.0 * double(p[k]) - ((double(p[k - 1]) + double(p[k + 1])) + (double(p[k - S]) + double(p[k + S])));
}

// Σ p·A·p, row by row.
__attribute__((target_clones("avx2", "default")))
double energyRow(const Real* __restrict p, const Real* __restrict u, Index S, int n) {
  double lanes[kLanes] = {};
  int i = 1;
  for (; i + kLanes - 1 <= n; i += kLanes)
    for (int l = 0; l < kLanes; ++l) lanes[l] += double(u[i + l]) * double(p[i + l]) * applyA(p, static_cast<std::size_t>(i + l), S);
  for (; i <= n; ++i) lanes[0] += double(u[i]) * double(p[i]) * applyA(p, static_cast<std::size_t>(i), S);
  return finish(lanes);
}

// x += α p, r −= α A p, rhs ← r (float, the next V-cycle's input); returns max |α p|.
__attribute__((target_clones("avx2", "default")))
double stepRow(double* __restrict x, double* __restrict r, Real* __restrict rhs, const Real* __restrict p,
               const Real* __restrict u, double alpha, Index S, int n) {
  double lanes[kLanes] = {};
  int i = 1;
  auto node = [&](int k, double& largest) {
    const double step = alpha * double(p[k]);
    largest = std::max(largest, std::abs(step));
    x[k] += step;
    r[k] -= double(u[k]) * (alpha * applyA(p, static_cast<std::size_t>(k), S));
    rhs[k] = static_cast<Real>(r[k]);
  };
  for (; i + kLanes - 1 <= n; i += kLanes)
    for (int l = 0; l < kLanes; ++l) node(i + l, lanes[l]);
  for (; i <= n; ++i) node(i, lanes[0]);
  return *std::max_element(lanes, lanes + kLanes);
}

// p ← z + β p.
__attribute__((target_clones("avx2", "default")))
void updateDirection(Real* __restrict p, const Real* __restrict z, double beta, std::size_t n) {
  const Real b = static_cast<Real>(beta);
  for (std::size_t k = 0; k < n; ++k) p[k] = z[k] + b * p[k];
}

}  // namespace

SolveStats solveMultigrid(LaplaceProblem& problem, double tolerance, std::int64_t maxIterations) {
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
  std::vector<double> x(n, 0.0), r(n, 0.0);
  std::vector<Real> p(n, Real(0));
  for (int j = 0; j < problem.ny; ++j)
    for (int i = 0; i < problem.nx; ++i) x[F.at(i + 1, j + 1)] = problem.value[problem.index(i, j)];
  for (int j = 1; j <= F.ny; ++j)
    for (int i = 1; i <= F.nx; ++i) {
      const std::size_t k = F.at(i, j);
      if (!F.unknown[k]) continue;
      const double c = x[k];
      r[k] = ((x[k - 1] - c) + (x[k + 1] - c)) + ((x[k - S] - c) + (x[k + S] - c));
      F.b[k] = static_cast<Real>(r[k]);
    }
  double rz = 0.0;
  while (stats.iterations < maxIterations) {
    hierarchy.vcycle();  // F.x = M⁻¹ F.b, F.b = r (rounded)
    const double rzNext = dotRZ(r.data(), F.x.data(), n);
    if (!(rzNext > 0.0)) {
      // r·M⁻¹r = 0: the residual is exactly zero (or the preconditioner underflowed to 0).
      stats.converged = stats.converged || rzNext == 0.0;
      break;
    }
    if (stats.iterations == 0) std::copy(F.x.begin(), F.x.end(), p.begin());
    else updateDirection(p.data(), F.x.data(), rzNext / rz, n);
    rz = rzNext;
    double pAp = 0.0;
    for (int j = 1; j <= F.ny; ++j) pAp += energyRow(p.data() + F.at(0, j), F.unknown.data() + F.at(0, j), S, F.nx);
    if (!(pAp > 0.0)) break;
    const double alpha = rz / pAp;
    double largest = 0.0;
    for (int j = 1; j <= F.ny; ++j) {
      const std::size_t row = F.at(0, j);
      largest = std::max(largest, stepRow(x.data() + row, r.data() + row, F.b.data() + row, p.data() + row,
                                          F.unknown.data() + row, alpha, S, F.nx));
    }
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
