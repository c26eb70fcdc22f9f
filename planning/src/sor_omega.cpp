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

double estimateJacobiSpectralRadius(const LaplaceProblem& problem, const std::function<void()>& checkpoint) {
  detail::Padded p(problem);
  const int s = p.stride;
  const std::size_t size = p.value.size();
  // J = ¼ · (adjacency of unknown nodes), the Jacobi iteration matrix of (A.14) with fixed
  // nodes held at zero: (J·x)_k = quarter[k] · Σ x_neighbours, quarter = ¼ on unknown nodes and
  // 0 on fixed ones (no branch per node).
  std::vector<double> quarter(size, 0.0);
  double count = 0.0;
  for (std::size_t k = 0; k < size; ++k)
    if (p.unknown[k]) quarter[k] = 0.25, count += 1.0;
  if (count == 0.0) return 0.0;
  // Lanczos from the all-ones vector, which is positive and so not orthogonal to the Perron
  // vector of J. The largest Ritz value converges to ρ_J from below in O(√(1/(1 − ρ_J))) steps
  // (a few dozen on a 1024² maze). The Lanczos vector q_k is kept unnormalised, q_k = v / σ,
  // so that a step is two passes over the grid (J·v with the dot product v·Jv, then the
  // three-term recurrence with its norm) instead of four: at 1024² the grid is larger than
  // the caches and the estimate cost as much as a third of the SOR solve.
  std::vector<double> prev(size, 0.0), v(size, 0.0), y(size, 0.0);
  for (std::size_t k = 0; k < size; ++k) v[k] = quarter[k] != 0.0 ? 1.0 : 0.0;
  double sigma = std::sqrt(count), sigmaPrev = 1.0;
  std::vector<double> alpha, beta;
  double previous = -1.0, estimate = 0.0;
  constexpr int kMaxSteps = 400;
  constexpr std::size_t kLanes = 4;
  for (int step = 0; step < kMaxSteps; ++step) {
    if (checkpoint) checkpoint();  // up to 400 passes over a fine grid before SOR's first sweep
    // y = J·v and v·y, over the interior (the ring stays zero).
    // Four partial sums (by index mod 4): one running sum would be a chain of dependent
    // additions, several times slower than the pass's memory traffic.
    double vy[kLanes] = {0.0, 0.0, 0.0, 0.0};
    for (int j = 1; j <= p.ny; ++j) {
      const std::size_t row = static_cast<std::size_t>(j) * s;
      for (std::size_t k = row + 1; k <= row + static_cast<std::size_t>(p.nx); ++k) {
        const double jv = quarter[k] * ((v[k - 1] + v[k + 1]) + (v[k - s] + v[k + s]));
        y[k] = jv;
        vy[k % kLanes] += jv * v[k];
      }
    }
    const double a = ((vy[0] + vy[1]) + (vy[2] + vy[3])) / (sigma * sigma);
    const double b0 = beta.empty() ? 0.0 : beta.back();
    // w = J·q − a·q − b·q_prev, written over prev (no longer needed), and |w|².
    double sums[kLanes] = {0.0, 0.0, 0.0, 0.0};
    const double invSigma = 1.0 / sigma, bOverPrev = b0 / sigmaPrev;
    for (std::size_t k = 0; k < size; ++k) {
      const double w = (y[k] - a * v[k]) * invSigma - bOverPrev * prev[k];
      prev[k] = w;
      sums[k % kLanes] += w * w;
    }
    double norm = (sums[0] + sums[1]) + (sums[2] + sums[3]);
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
    // q_prev ← q (= v/σ), q ← w/|w| (= the array now in prev, over its norm).
    std::swap(prev, v);
    sigmaPrev = sigma;
    sigma = norm;
  }
  return std::clamp(estimate, 0.0, 1.0);
}

double sorOmegaFromJacobi(double rhoJacobi) {
  const double r = std::clamp(rhoJacobi, 0.0, 1.0);
  return 2.0 / (1.0 + std::sqrt(1.0 - r * r));
}

}  // namespace steer::planning
