#include "steer/planning/laplace_solvers.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "padded_grid.hpp"

namespace steer::planning {

const char* solverName(LaplaceSolver solver) {
  switch (solver) {
    case LaplaceSolver::GaussSeidel: return "gs";
    case LaplaceSolver::Sor: return "sor";
    case LaplaceSolver::Multigrid: return "multigrid";
  }
  return "?";
}

bool parseSolver(const std::string& name, LaplaceSolver& out) {
  if (name == "gs") out = LaplaceSolver::GaussSeidel;
  else if (name == "sor") out = LaplaceSolver::Sor;
  else if (name == "multigrid" || name == "mg") out = LaplaceSolver::Multigrid;
  else return false;
  return true;
}

double optimalSorOmega(int nx, int ny) {
  const double pi = std::numbers::pi;
  const double rho = 0.5 * (std::cos(pi / (nx + 1)) + std::cos(pi / (ny + 1)));
  return 2.0 / (1.0 + std::sqrt(std::max(0.0, 1.0 - rho * rho)));
}

namespace {

// Relaxation runs in extended precision (x87 long double, 64-bit mantissa): near the target
// the values are ≈ 1, where a double's spacing is 1.1e-16, and over-relaxation with ω → 2
// amplifies rounding to a few 1e-15, so in double the paper's 1e-15 stopping test is never
// met. Values below 1e-300 are flushed to zero: they matter to no renormalization pass (see
// harmonic_field.hpp) and denormal arithmetic would slow a sweep down a hundredfold.
using Real = long double;
constexpr Real kFlush = 1e-300L;

// One relaxation sweep in lexicographic order; ω = 1 is Gauss–Seidel (A.15).
template <bool kRelaxed>
double sweep(detail::PaddedT<Real>& p, Real omega) {
  Real largest = 0.0;
  const int s = p.stride;
  for (int j = 1; j <= p.ny; ++j) {
    Real* v = p.value.data() + static_cast<std::size_t>(j) * s;
    const std::uint8_t* u = p.unknown.data() + static_cast<std::size_t>(j) * s;
    for (int i = 1; i <= p.nx; ++i) {
      if (!u[i]) continue;
      const Real average = 0.25L * (v[i - 1] + v[i + 1] + v[i - s] + v[i + s]);
      Real next = kRelaxed ? v[i] + omega * (average - v[i]) : average;
      if (std::abs(next) < kFlush) next = 0.0L;
      largest = std::max(largest, std::abs(next - v[i]));
      v[i] = next;
    }
  }
  return static_cast<double>(largest);
}

template <bool kRelaxed>
SolveStats relax(LaplaceProblem& problem, double tolerance, std::int64_t maxSweeps, double omega) {
  detail::PaddedT<Real> p(problem);
  SolveStats stats;
  while (stats.iterations < maxSweeps) {
    stats.finalUpdate = sweep<kRelaxed>(p, static_cast<Real>(omega));
    ++stats.iterations;
    if (stats.finalUpdate < tolerance) {
      stats.converged = true;
      break;
    }
  }
  p.store(problem);
  return stats;
}

}  // namespace

SolveStats solveGaussSeidel(LaplaceProblem& problem, double tolerance, std::int64_t maxSweeps) {
  return relax<false>(problem, tolerance, maxSweeps, 1.0);
}

SolveStats solveSor(LaplaceProblem& problem, double tolerance, std::int64_t maxSweeps, double omega) {
  if (!(omega > 0.0 && omega < 2.0)) omega = optimalSorOmega(problem.nx, problem.ny);
  return relax<true>(problem, tolerance, maxSweeps, omega);
}

SolveStats solveLaplace(LaplaceProblem& problem, const SolverSettings& settings) {
  switch (settings.solver) {
    case LaplaceSolver::GaussSeidel: return solveGaussSeidel(problem, settings.tolerance, settings.maxIterations);
    case LaplaceSolver::Sor: return solveSor(problem, settings.tolerance, settings.maxIterations, settings.omega);
    case LaplaceSolver::Multigrid: return solveMultigrid(problem, settings.tolerance, settings.maxIterations);
  }
  return {};
}

double maxAveragingResidual(const LaplaceProblem& problem) {
  detail::Padded p(problem);
  double largest = 0.0;
  const int s = p.stride;
  for (int j = 1; j <= p.ny; ++j)
    for (int i = 1; i <= p.nx; ++i) {
      const std::size_t k = static_cast<std::size_t>(j) * s + i;
      if (!p.unknown[k]) continue;
      const double average = 0.25 * (p.value[k - 1] + p.value[k + 1] + p.value[k - s] + p.value[k + s]);
      largest = std::max(largest, std::abs(p.value[k] - average));
    }
  return largest;
}

}  // namespace steer::planning
