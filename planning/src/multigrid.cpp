// Multigrid-preconditioned conjugate gradients for the masked 5-point Laplacian (see
// laplace_solvers.hpp). Every level stores a variable-coefficient 5-point stencil on a padded
// grid; a node is active when its diagonal is positive. The coarse operators are Galerkin
// products P^T A P with piecewise-constant P over 2×2 blocks, so walls and Dirichlet nodes
// carry over exactly, and the V-cycle (red–black Gauss–Seidel, red then black before the
// coarse correction and black then red after) is symmetric positive definite, as CG needs.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "padded_grid.hpp"
#include "steer/planning/laplace_solvers.hpp"

namespace steer::planning {

namespace {

struct Level {
  int nx = 0, ny = 0, stride = 0;
  std::vector<double> diag, cw, ce, cs, cn;  // A = diag·x − Σ c·x_neighbour
  std::vector<double> x, b, r;
  // The finest level is the plain masked Laplacian: diag 4 and unit couplings between unknown
  // nodes. There the stencil arrays are not read, only `unknown` (1 byte per node instead of
  // 40): the solve is memory-bound, and the finest level is three quarters of the work. Fixed
  // nodes hold x = 0 in every vector these loops see, so summing all four neighbours gives
  // exactly the same numbers as the zero couplings would.
  bool unit = false;
  std::vector<std::uint8_t> unknown;

  Level(int nx_, int ny_) : nx(nx_), ny(ny_), stride(nx_ + 2) {
    const std::size_t n = static_cast<std::size_t>(nx + 2) * (ny + 2);
    for (auto* v : {&diag, &cw, &ce, &cs, &cn, &x, &b, &r}) v->assign(n, 0.0);
  }
  std::size_t at(int i, int j) const { return static_cast<std::size_t>(j + 1) * stride + (i + 1); }
  bool active(std::size_t k) const { return unit ? unknown[k] != 0 : diag[k] > 0.0; }
};

// The correction from the coarse level is scaled by this factor: piecewise-constant
// interpolation under-corrects smooth errors by about a half, a known weakness of aggregation
// multigrid. The scaling keeps the preconditioner symmetric positive definite.
constexpr double kCoarseScale = 1.8;

void apply(const Level& L, const std::vector<double>& x, std::vector<double>& y) {
  const int s = L.stride;
  if (L.unit) {
    for (int j = 1; j <= L.ny; ++j) {
      const std::size_t row = static_cast<std::size_t>(j) * s;
      for (int i = 1; i <= L.nx; ++i) {
        const std::size_t k = row + i;
        y[k] = L.unknown[k] ? 4.0 * x[k] - (x[k - 1] + x[k + 1] + x[k - s] + x[k + s]) : 0.0;
      }
    }
    return;
  }
  for (int j = 1; j <= L.ny; ++j) {
    const std::size_t row = static_cast<std::size_t>(j) * s;
    for (int i = 1; i <= L.nx; ++i) {
      const std::size_t k = row + i;
      y[k] = L.diag[k] * x[k] - (L.cw[k] * x[k - 1] + L.ce[k] * x[k + 1] + L.cs[k] * x[k - s] + L.cn[k] * x[k + s]);
    }
  }
}

void smoothColor(Level& L, int color) {
  const int s = L.stride;
  if (L.unit) {
    for (int j = 1; j <= L.ny; ++j) {
      const std::size_t row = static_cast<std::size_t>(j) * s;
      for (int i = 1 + ((j + 1 + color) & 1); i <= L.nx; i += 2) {
        const std::size_t k = row + i;
        if (!L.unknown[k]) continue;
        L.x[k] = (L.b[k] + L.x[k - 1] + L.x[k + 1] + L.x[k - s] + L.x[k + s]) / 4.0;
      }
    }
    return;
  }
  for (int j = 1; j <= L.ny; ++j) {
    const std::size_t row = static_cast<std::size_t>(j) * s;
    for (int i = 1 + ((j + 1 + color) & 1); i <= L.nx; i += 2) {
      const std::size_t k = row + i;
      if (L.diag[k] <= 0.0) continue;
      L.x[k] = (L.b[k] + L.cw[k] * L.x[k - 1] + L.ce[k] * L.x[k + 1] + L.cs[k] * L.x[k - s] + L.cn[k] * L.x[k + s]) /
               L.diag[k];
    }
  }
}

Level coarsen(const Level& F) {
  Level C((F.nx + 1) / 2, (F.ny + 1) / 2);
  for (int J = 0; J < C.ny; ++J)
    for (int I = 0; I < C.nx; ++I) {
      // Children beyond the fine grid fall on its zero ring and contribute nothing.
      const std::size_t d00 = F.at(2 * I, 2 * J), d10 = F.at(2 * I + 1, 2 * J);
      const std::size_t d01 = F.at(2 * I, 2 * J + 1), d11 = F.at(2 * I + 1, 2 * J + 1);
      const std::size_t k = C.at(I, J);
      C.diag[k] = F.diag[d00] + F.diag[d10] + F.diag[d01] + F.diag[d11] -
                  2.0 * (F.ce[d00] + F.ce[d01] + F.cn[d00] + F.cn[d10]);
      C.ce[k] = F.ce[d10] + F.ce[d11];
      C.cw[k] = F.cw[d00] + F.cw[d01];
      C.cn[k] = F.cn[d01] + F.cn[d11];
      C.cs[k] = F.cs[d00] + F.cs[d10];
      if (C.diag[k] <= 1e-12) C.diag[k] = C.ce[k] = C.cw[k] = C.cn[k] = C.cs[k] = 0.0;
    }
  return C;
}

void vcycle(std::vector<Level>& levels, std::size_t l) {
  Level& L = levels[l];
  std::fill(L.x.begin(), L.x.end(), 0.0);
  if (l + 1 == levels.size()) {
    for (int k = 0; k < 40; ++k) {
      smoothColor(L, 0);
      smoothColor(L, 1);
      smoothColor(L, 1);
      smoothColor(L, 0);
    }
    return;
  }
  smoothColor(L, 0);
  smoothColor(L, 1);
  apply(L, L.x, L.r);
  for (std::size_t k = 0; k < L.r.size(); ++k) L.r[k] = L.active(k) ? L.b[k] - L.r[k] : 0.0;
  Level& C = levels[l + 1];
  for (int J = 0; J < C.ny; ++J)
    for (int I = 0; I < C.nx; ++I)
      C.b[C.at(I, J)] = L.r[L.at(2 * I, 2 * J)] + L.r[L.at(2 * I + 1, 2 * J)] + L.r[L.at(2 * I, 2 * J + 1)] +
                        L.r[L.at(2 * I + 1, 2 * J + 1)];
  vcycle(levels, l + 1);
  for (int j = 0; j < L.ny; ++j)
    for (int i = 0; i < L.nx; ++i) {
      const std::size_t k = L.at(i, j);
      if (L.active(k)) L.x[k] += kCoarseScale * C.x[C.at(i / 2, j / 2)];
    }
  smoothColor(L, 1);
  smoothColor(L, 0);
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) s += a[k] * b[k];
  return s;
}

}  // namespace

SolveStats solveMultigrid(LaplaceProblem& problem, double tolerance, std::int64_t maxIterations) {
  SolveStats stats;
  detail::Padded p(problem);
  std::vector<Level> levels;
  levels.emplace_back(p.nx, p.ny);
  Level& F = levels.front();
  const int s = p.stride;
  std::vector<double> x(p.value.size(), 0.0);
  bool any = false;
  for (int j = 1; j <= p.ny; ++j)
    for (int i = 1; i <= p.nx; ++i) {
      const std::size_t k = static_cast<std::size_t>(j) * s + i;
      if (!p.unknown[k]) continue;
      any = true;
      F.diag[k] = 4.0;
      double rhs = 0.0;
      for (const std::ptrdiff_t d : {std::ptrdiff_t{-1}, std::ptrdiff_t{1}, std::ptrdiff_t{-s}, std::ptrdiff_t{s}}) {
        const std::size_t n = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(k) + d);
        const double c = p.unknown[n] ? 1.0 : 0.0;
        if (!p.unknown[n]) rhs += p.value[n];
        if (d == -1) F.cw[k] = c;
        else if (d == 1) F.ce[k] = c;
        else if (d == -s) F.cs[k] = c;
        else F.cn[k] = c;
      }
      F.b[k] = rhs;
      x[k] = p.value[k];
    }
  F.unit = true;
  F.unknown = p.unknown;
  if (!any) {
    stats.converged = true;
    return stats;
  }
  while (levels.back().nx > 2 || levels.back().ny > 2) levels.push_back(coarsen(levels.back()));

  Level& fine = levels.front();
  const std::vector<double> rhs = fine.b;
  std::vector<double> r(x.size()), z(x.size()), q(x.size()), dir(x.size());
  apply(fine, x, q);
  for (std::size_t k = 0; k < x.size(); ++k) r[k] = fine.diag[k] > 0.0 ? rhs[k] - q[k] : 0.0;
  // z = M⁻¹ r by one V-cycle. The vectors are swapped in and out rather than copied (two
  // passes over 8 MB per iteration at 1024²); vcycle() neither changes the finest b nor needs
  // its x on entry.
  auto precondition = [&]() {
    levels.front().b.swap(r);
    vcycle(levels, 0);
    levels.front().b.swap(r);
    levels.front().x.swap(z);
  };
  precondition();
  dir = z;
  double rz = dot(r, z);
  while (stats.iterations < maxIterations && rz > 0.0) {
    apply(fine, dir, q);
    const double pq = dot(dir, q);
    if (!(pq > 0.0)) break;
    const double alpha = rz / pq;
    double largest = 0.0;
    for (std::size_t k = 0; k < x.size(); ++k) {
      const double step = alpha * dir[k];
      largest = std::max(largest, std::abs(step));
      x[k] += step;
      r[k] -= alpha * q[k];
    }
    ++stats.iterations;
    stats.finalUpdate = largest;
    if (largest < tolerance) {
      stats.converged = true;
      break;
    }
    precondition();
    const double rzNext = dot(r, z);
    const double beta = rzNext / rz;
    rz = rzNext;
    for (std::size_t k = 0; k < x.size(); ++k) dir[k] = z[k] + beta * dir[k];
  }
  if (rz == 0.0) stats.converged = true;
  for (int j = 0; j < p.ny; ++j)
    for (int i = 0; i < p.nx; ++i)
      if (problem.unknown[problem.index(i, j)]) problem.value[problem.index(i, j)] = x[p.at(i, j)];
  return stats;
}

}  // namespace steer::planning
