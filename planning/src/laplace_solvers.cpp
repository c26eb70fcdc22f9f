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

// Relaxation runs in double, in residual form: λ ← λ + (ω/4)·Σ(λ_neighbour − λ), the same
// iteration as (A.15) (ω = 1) and SOR, but the four differences are exact (Sterbenz) where the
// values are close, as they are near convergence. The plain form ω·(¼Σλ_neighbour − λ) first
// rounds a sum of four values ≈ 1 (spacing 1.1e-16), and SOR amplifies that rounding by about
// ω/(2 − ω): on a 128² square with a target node, its sweeps then stall at updates of a few
// 1e-15 (13,943 sweeps instead of 776 to reach the paper's 1e-15), which is why session 1 ran
// these loops in x87 long double, three times slower. Values below 1e-300 are flushed to
// zero: they matter to no renormalization pass (see harmonic_field.hpp) and denormal
// arithmetic would slow a sweep down a hundredfold.
constexpr double kFlush = 1e-300;

// The update of one node, returning |change|; fixed nodes are left alone.
inline double relaxNode(double* v, std::size_t k, std::ptrdiff_t s, std::uint8_t unknown, double quarterOmega) {
  const double c = v[k];
  const double r = ((v[k - 1] - c) + (v[k + 1] - c)) + ((v[k - s] - c) + (v[k + s] - c));
  double next = c + quarterOmega * r;
  if (std::abs(next) < kFlush) next = 0.0;
  next = unknown ? next : c;
  v[k] = next;
  return std::abs(next - c);
}

// One sweep in lexicographic order (row by row, i increasing); ω = 1 is Gauss–Seidel (A.15).
// Each node needs its west and south neighbours' new values, so a plain loop is one long
// chain of dependent floating-point operations. Here four rows advance together, each one
// node behind the row below it: node (i, j + r) is updated at step i + r, after (i − 1, j + r)
// and (i, j + r − 1) and before (i + 1, j + r) and (i, j + r + 1), exactly as in the plain
// order, so every node sees the same operands and the result is bit for bit the
// lexicographic sweep's; but the four chains are independent and run in parallel in the CPU.
double sweep(detail::Padded& p, double omega) {
  constexpr int kRows = 4;
  const double quarterOmega = 0.25 * omega;
  const std::ptrdiff_t s = p.stride;
  double* v = p.value.data();
  const std::uint8_t* u = p.unknown.data();
  double largest[kRows] = {0.0, 0.0, 0.0, 0.0};
  auto node = [&](int i, int j) {
    const std::size_t k = static_cast<std::size_t>(j) * p.stride + i;
    return relaxNode(v, k, s, u[k], quarterOmega);
  };
  int j = 1;
  for (; j + kRows - 1 <= p.ny; j += kRows) {
    for (int t = 1; t < p.nx + kRows; ++t) {
      if (t >= kRows && t <= p.nx) {
        // All four rows are inside: no bounds checks.
        const std::size_t k = static_cast<std::size_t>(j) * p.stride + t;
        largest[0] = std::max(largest[0], relaxNode(v, k, s, u[k], quarterOmega));
        largest[1] = std::max(largest[1], relaxNode(v, k + s - 1, s, u[k + s - 1], quarterOmega));
        largest[2] = std::max(largest[2], relaxNode(v, k + 2 * s - 2, s, u[k + 2 * s - 2], quarterOmega));
        largest[3] = std::max(largest[3], relaxNode(v, k + 3 * s - 3, s, u[k + 3 * s - 3], quarterOmega));
        continue;
      }
      for (int r = 0; r < kRows; ++r) {
        const int i = t - r;
        if (i >= 1 && i <= p.nx) largest[r] = std::max(largest[r], node(i, j + r));
      }
    }
  }
  for (; j <= p.ny; ++j)
    for (int i = 1; i <= p.nx; ++i) largest[0] = std::max(largest[0], node(i, j));
  return std::max(std::max(largest[0], largest[1]), std::max(largest[2], largest[3]));
}

SolveStats relax(LaplaceProblem& problem, double tolerance, std::int64_t maxSweeps, double omega,
                 const std::function<void()>& checkpoint) {
  detail::Padded p(problem);
  SolveStats stats;
  while (stats.iterations < maxSweeps) {
    if (checkpoint) checkpoint();
    stats.finalUpdate = sweep(p, omega);
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

SolveStats solveGaussSeidel(LaplaceProblem& problem, double tolerance, std::int64_t maxSweeps,
                            const std::function<void()>& checkpoint) {
  return relax(problem, tolerance, maxSweeps, 1.0, checkpoint);
}

SolveStats solveSor(LaplaceProblem& problem, double tolerance, std::int64_t maxSweeps, double omega,
                    SorOrdering ordering, const std::function<void()>& checkpoint) {
  if (ordering == SorOrdering::RedBlack) return solveSorRedBlack(problem, tolerance, maxSweeps, omega, checkpoint);
  if (!(omega > 0.0 && omega < 2.0)) omega = sorOmegaFromJacobi(estimateJacobiSpectralRadius(problem, checkpoint));
  return relax(problem, tolerance, maxSweeps, omega, checkpoint);
}

namespace {
SolveStats dispatch(LaplaceProblem& problem, const SolverSettings& settings) {
  switch (settings.solver) {
    case LaplaceSolver::GaussSeidel:
      return solveGaussSeidel(problem, settings.tolerance, settings.maxIterations, settings.checkpoint);
    case LaplaceSolver::Sor:
      return solveSor(problem, settings.tolerance, settings.maxIterations, settings.omega, settings.sorOrdering,
                      settings.checkpoint);
    case LaplaceSolver::Multigrid:
      return solveMultigrid(problem, settings.tolerance, settings.maxIterations, settings.checkpoint);
  }
  return {};
}
}  // namespace

SolveStats solveLaplace(LaplaceProblem& problem, const SolverSettings& settings) {
  SolveStats stats = dispatch(problem, settings);
  // A NaN update never exceeds the tolerance (max() passes it by), so red–black SOR fed an
  // infinite datum once reported a NaN solution as converged: no solve is converged with a value
  // that is not finite.
  for (std::size_t k = 0; k < problem.value.size() && stats.converged; ++k)
    if (problem.unknown[k] && !std::isfinite(problem.value[k])) stats.converged = false;
  return stats;
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
      // A NaN residual is the answer: std::max(largest, NaN) kept `largest`, so a solution with
      // NaN unknowns read as solved.
      const double residual = std::abs(p.value[k] - average);
      if (std::isnan(residual)) return residual;
      largest = std::max(largest, residual);
    }
  return largest;
}

}  // namespace steer::planning
