// The SOR factor of a masked grid, from the spectral radius ρ_J of its Jacobi iteration (see
// laplace_solvers.hpp). On a maze ρ_J is set by the corridor width, not by the grid's outer
// size, so the rectangle's ω* over-relaxes badly there (a few times more sweeps).
#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <vector>

#include "padded_grid.hpp"
#include "steer/planning/laplace_solvers.hpp"

namespace steer::planning {

namespace {

// y = J·x, J = ¼ · (adjacency of unknown nodes): the Jacobi iteration matrix of (A.14), with
// fixed nodes held at zero.
void applyJacobi(const detail::Padded& p, const std::vector<double>& x, std::vector<double>& y) {
  const int s = p.stride;
  for (int j = 1; j <= p.ny; ++j) {
    const std::size_t row = static_cast<std::size_t>(j) * s;
    for (int i = 1; i <= p.nx; ++i) {
      const std::size_t k = row + i;
      y[k] = p.unknown[k] ? 0.25 * (x[k - 1] + x[k + 1] + x[k - s] + x[k + s]) : 0.0;
    }
  }
}

}  // namespace

double estimateJacobiSpectralRadius(const LaplaceProblem& problem) {
  detail::Padded p(problem);
  std::vector<double> q(p.value.size(), 0.0), prev(q.size(), 0.0), w(q.size(), 0.0);
  double count = 0.0;
  for (std::size_t k = 0; k < q.size(); ++k)
    if (p.unknown[k]) q[k] = 1.0, count += 1.0;
  if (count == 0.0) return 0.0;
  for (auto& v : q) v /= std::sqrt(count);
  // Lanczos from the all-ones vector, which is positive and so not orthogonal to the Perron
  // vector of J. The largest Ritz value converges to ρ_J from below in O(√(1/(1 − ρ_J))) steps
  // (a few dozen on a 1024² maze), each as cheap as a Jacobi sweep.
  std::vector<double> alpha, beta;
  double previous = -1.0, estimate = 0.0;
  constexpr int kMaxSteps = 400;
  for (int step = 0; step < kMaxSteps; ++step) {
    applyJacobi(p, q, w);
    double a = 0.0;
    for (std::size_t k = 0; k < w.size(); ++k) a += w[k] * q[k];
    const double b0 = beta.empty() ? 0.0 : beta.back();
    double norm = 0.0;
    for (std::size_t k = 0; k < w.size(); ++k) {
      w[k] -= a * q[k] + b0 * prev[k];
      norm += w[k] * w[k];
    }
    alpha.push_back(a);
    norm = std::sqrt(norm);
    const bool exhausted = norm < 1e-12;
    if (step % 8 == 7 || exhausted || step + 1 == kMaxSteps) {
      Eigen::VectorXd d = Eigen::Map<Eigen::VectorXd>(alpha.data(), static_cast<Eigen::Index>(alpha.size()));
      Eigen::VectorXd e = Eigen::VectorXd::Zero(std::max<Eigen::Index>(d.size() - 1, 0));
      for (Eigen::Index k = 0; k < e.size(); ++k) e[k] = beta[static_cast<std::size_t>(k)];
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver;
      solver.computeFromTridiagonal(d, e, Eigen::EigenvaluesOnly);
      estimate = solver.eigenvalues().maxCoeff();
      // Stop once 1 − ρ_J, which sets ω, has settled to 1 %.
      if (previous >= 0.0 && std::abs(estimate - previous) < 0.01 * (1.0 - estimate)) break;
      previous = estimate;
    }
    if (exhausted) break;
    beta.push_back(norm);
    std::swap(prev, q);
    for (std::size_t k = 0; k < w.size(); ++k) q[k] = w[k] / norm;
  }
  return std::clamp(estimate, 0.0, 1.0);
}

double sorOmegaFromJacobi(double rhoJacobi) {
  const double r = std::clamp(rhoJacobi, 0.0, 1.0);
  return 2.0 / (1.0 + std::sqrt(1.0 - r * r));
}

}  // namespace steer::planning
