#include "steer/planning/harmonic_field.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <deque>

namespace steer::planning {

using geometry::Vec2;

namespace {
constexpr double kNegInf = -std::numeric_limits<double>::infinity();
constexpr int kDx4[4] = {-1, 1, 0, 0};
constexpr int kDy4[4] = {0, 0, -1, 1};
}  // namespace

double clearanceFor(const HarmonicSettings& settings, const sim::World& world) {
  if (settings.clearance >= 0.0) return settings.clearance;
  double largest = 0.0;
  for (const auto& agent : world.agents) largest = std::max(largest, agent.radius);
  return largest;
}

HarmonicField solveHarmonicField(Raster raster, const HarmonicSettings& settings) {
  const auto start = std::chrono::steady_clock::now();
  const GridSpec& g = raster.grid;
  const std::size_t n = g.size();
  HarmonicStats stats;
  stats.solver = solverName(settings.solver.solver);
  std::vector<double> logU(n, kNegInf);
  // 0: obstacle, 1: accepted (finite log u), 2: pending, 3: disconnected.
  std::vector<std::uint8_t> state(n, 0);
  for (std::size_t k = 0; k < n; ++k) {
    if (raster.cells[k] == Cell::Target) {
      logU[k] = 0.0;
      state[k] = 1;
    } else if (raster.cells[k] == Cell::Free) {
      state[k] = 2;
    }
  }
  // Free cells with no 4-connected path of free cells to the target are cut off before any
  // solve: pass 1 starts every unknown at 0.5, and in a sealed room that start decays only as
  // fast as the solver goes, so a loose tolerance or a small τ accepted its residue as a
  // potential (maze_b's sealed rooms read as 5,402 "local minima" instead of disconnected).
  {
    std::deque<std::size_t> reach;
    std::vector<std::uint8_t> reached(n, 0);
    for (std::size_t k = 0; k < n; ++k)
      if (state[k] == 1) reached[k] = 1, reach.push_back(k);
    while (!reach.empty()) {
      const std::size_t k = reach.front();
      reach.pop_front();
      const int i = static_cast<int>(k % g.nx), j = static_cast<int>(k / g.nx);
      for (int d = 0; d < 4; ++d) {
        const int a = i + kDx4[d], b = j + kDy4[d];
        if (!g.inside(a, b)) continue;
        const std::size_t m = g.index(a, b);
        if (state[m] == 2 && !reached[m]) reached[m] = 1, reach.push_back(m);
      }
    }
    for (std::size_t k = 0; k < n; ++k)
      if (state[k] == 2 && !reached[k]) state[k] = 3;
  }
  const double tau = std::clamp(settings.acceptThreshold, 1e-300, 0.1);
  auto record = [&](const SolveStats& s) {
    stats.iterations += s.iterations;
    stats.finalUpdate = std::max(stats.finalUpdate, s.finalUpdate);
    stats.converged = stats.converged && s.converged;
    ++stats.passes;
  };

  // Pass 1: the whole grid, the paper's set-up in the complement: target 1, walls 0, free 0.5.
  {
    LaplaceProblem p(g.nx, g.ny);
    bool anyTarget = false;
    for (std::size_t k = 0; k < n; ++k) {
      p.unknown[k] = state[k] == 2;
      p.value[k] = state[k] == 2 ? 0.5 : (state[k] == 1 ? 1.0 : 0.0);
      anyTarget = anyTarget || raster.cells[k] == Cell::Target;
    }
    if (anyTarget) {
      record(solveLaplace(p, settings.solver));
      for (std::size_t k = 0; k < n; ++k)
        if (state[k] == 2 && p.value[k] >= tau) {
          logU[k] = std::log(p.value[k]);
          state[k] = 1;
        }
    } else {
      for (auto& s : state)
        if (s == 2) s = 3;
    }
  }

  // Later passes: each connected pending region, rescaled by its largest accepted neighbour.
  std::vector<int> component(n, -1);
  std::vector<std::size_t> members;
  std::deque<std::size_t> queue;
  int passes = 1;
  while (passes < settings.maxPasses) {
    bool anyPending = false;
    std::fill(component.begin(), component.end(), -1);
    int label = 0;
    for (std::size_t seed = 0; seed < n; ++seed) {
      if (state[seed] != 2 || component[seed] >= 0) continue;
      anyPending = true;
      members.clear();
      queue.assign(1, seed);
      component[seed] = label;
      int i0 = g.nx, j0 = g.ny, i1 = -1, j1 = -1;
      double scale = kNegInf;
      while (!queue.empty()) {
        const std::size_t k = queue.front();
        queue.pop_front();
        members.push_back(k);
        const int i = static_cast<int>(k % g.nx), j = static_cast<int>(k / g.nx);
        i0 = std::min(i0, i), i1 = std::max(i1, i), j0 = std::min(j0, j), j1 = std::max(j1, j);
        for (int d = 0; d < 4; ++d) {
          const int a = i + kDx4[d], b = j + kDy4[d];
          if (!g.inside(a, b)) continue;
          const std::size_t m = g.index(a, b);
          if (state[m] == 1) scale = std::max(scale, logU[m]);
          if (state[m] == 2 && component[m] < 0) {
            component[m] = label;
            queue.push_back(m);
          }
        }
      }
      if (scale == kNegInf) {  // no accepted neighbour: cut off from the target
        for (const auto k : members) state[k] = 3;
        ++label;
        continue;
      }
      // Crop to the region's bounding box plus one ring of (Dirichlet) cells.
      i0 = std::max(0, i0 - 1), j0 = std::max(0, j0 - 1), i1 = std::min(g.nx - 1, i1 + 1), j1 = std::min(g.ny - 1, j1 + 1);
      LaplaceProblem p(i1 - i0 + 1, j1 - j0 + 1);
      const auto besideRegion = [&](int i, int j) {
        for (int d = 0; d < 4; ++d) {
          const int a = i + kDx4[d], b = j + kDy4[d];
          if (g.inside(a, b) && component[g.index(a, b)] == label) return true;
        }
        return false;
      };
      for (int j = j0; j <= j1; ++j)
        for (int i = i0; i <= i1; ++i) {
          const std::size_t k = g.index(i, j);
          const std::size_t q = p.index(i - i0, j - j0);
          if (component[k] == label) {
            p.unknown[q] = 1;
            p.value[q] = 0.5 * tau;
          } else if (state[k] == 1 && besideRegion(i, j)) {
            // Only the region's neighbours are data of its solve (at most 1: scale is the largest
            // of them). An accepted cell elsewhere in the box can lie far above the region, nearer
            // the target: below log u = −709 its e^(log u − scale) was +inf, and red–black SOR's
            // and the multigrid's 0·inf on fixed nodes made NaN of the solve (a deep spiral).
            p.value[q] = std::exp(logU[k] - scale);
          }
        }
      record(solveLaplace(p, settings.solver));
      bool progress = false;
      // Normally some cell reaches τ (a neighbour of the largest datum is ≥ ¼); should underflow
      // prevent it, every positive value is accepted so that the loop always advances.
      for (const double floor : {tau, 0.0}) {
        for (const auto k : members) {
          const int i = static_cast<int>(k % g.nx), j = static_cast<int>(k / g.nx);
          const double v = p.value[p.index(i - i0, j - j0)];
          if (state[k] == 2 && v > 0.0 && v >= floor) {
            logU[k] = std::log(v) + scale;
            state[k] = 1;
            progress = true;
          }
        }
        if (progress) break;
      }
      if (!progress)
        for (const auto k : members) state[k] = 3;
      ++label;
    }
    if (!anyPending) break;
    ++passes;
  }
  for (std::size_t k = 0; k < n; ++k)
    if (state[k] == 2) stats.converged = false;  // pass cap reached
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return HarmonicField(std::move(raster), std::move(logU), std::move(stats));
}

double HarmonicField::potential(int i, int j) const {
  const double l = logU_[grid().index(i, j)];
  return l == kNegInf ? 1.0 : 0.0 - std::expm1(l);  // 0 − : the target is 0, not −expm1(0) = −0
}

bool HarmonicField::reachable(int i, int j) const {
  return grid().inside(i, j) && logU_[grid().index(i, j)] > kNegInf;
}

Vec2 HarmonicField::nodeDescent(int i, int j) const {
  const Vec2 grad = nodeLogGradient(i, j);
  const double norm = grad.norm();
  return norm > 0.0 ? Vec2(grad / norm) : Vec2::Zero();
}

Vec2 HarmonicField::nodeLogGradient(int i, int j) const {
  if (!reachable(i, j)) return Vec2::Zero();
  const GridSpec& g = grid();
  const double c = logU_[g.index(i, j)];
  Vec2 grad = Vec2::Zero();
  for (int axis = 0; axis < 2; ++axis) {
    const int ai = axis == 0 ? 1 : 0, aj = axis == 0 ? 0 : 1;
    const bool lo = reachable(i - ai, j - aj), hi = reachable(i + ai, j + aj);
    const double l = lo ? logU_[g.index(i - ai, j - aj)] : 0.0;
    const double r = hi ? logU_[g.index(i + ai, j + aj)] : 0.0;
    if (lo && hi) grad[axis] = 0.5 * (r - l);
    else if (hi) grad[axis] = r - c;
    else if (lo) grad[axis] = c - l;
  }
  return grad / g.h;
}

Vec2 HarmonicField::descentDirection(const Vec2& p) const {
  const GridSpec& g = grid();
  const double fx = (p.x() - g.origin.x()) / g.h - 0.5;
  const double fy = (p.y() - g.origin.y()) / g.h - 0.5;
  // Farther out than the search below reaches (8 cells), no cell answers: zero, as the search
  // would give; and no int cast of a coordinate far beyond int's range (an agent 1e8 m outside
  // a 10 m grid overflowed it, undefined behaviour that UBSan stopped at).
  constexpr double kReach = 10.0;
  if (!(fx >= -kReach && fx <= g.nx + kReach && fy >= -kReach && fy <= g.ny + kReach)) return Vec2::Zero();
  const int i0 = static_cast<int>(std::floor(fx)), j0 = static_cast<int>(std::floor(fy));
  const double tx = fx - i0, ty = fy - j0;
  Vec2 sum = Vec2::Zero();
  for (int b = 0; b < 2; ++b)
    for (int a = 0; a < 2; ++a) {
      const double w = (a ? tx : 1.0 - tx) * (b ? ty : 1.0 - ty);
      if (w > 0.0) sum += w * nodeDescent(i0 + a, j0 + b);
    }
  if (sum.norm() > 1e-9) return sum.normalized();
  // Inside an (inflated) obstacle cell or at a degenerate spot: head for the nearest
  // reachable cell centre, preferring the one of largest log u among equals. Not from a free
  // cell cut off from the target: the nearest reachable cell lies beyond a wall, and an agent
  // in a sealed room was steered into it (and reported as following the field).
  // The same from an obstacle cell whose nearest free cell is such a cut-off one: an agent in the
  // grown band along a sealed room's wall belongs to the room, and was steered through the wall
  // to the reachable cells beyond it.
  const int ci = static_cast<int>(std::floor(fx + 0.5)), cj = static_cast<int>(std::floor(fy + 0.5));
  const auto cutOff = [&](int i, int j) { return g.inside(i, j) && raster_.cells[g.index(i, j)] == Cell::Free && !reachable(i, j); };
  if (cutOff(ci, cj)) return Vec2::Zero();
  for (int radius = 1; radius <= 8; ++radius) {
    double best = std::numeric_limits<double>::infinity();
    Vec2 bestDir = Vec2::Zero();
    bool bestCutOff = false;
    for (int j = cj - radius; j <= cj + radius; ++j)
      for (int i = ci - radius; i <= ci + radius; ++i) {
        if (std::max(std::abs(i - ci), std::abs(j - cj)) != radius) continue;
        const bool open = reachable(i, j), sealed = !open && cutOff(i, j);
        if (!open && !sealed) continue;
        const Vec2 d = g.center(i, j) - p;
        const double score = d.norm() - (open ? 1e-6 * logU_[g.index(i, j)] : 0.0);
        if (score < best) best = score, bestDir = d, bestCutOff = sealed;
      }
    if (bestCutOff) return Vec2::Zero();
    if (bestDir.norm() > 0.0) return bestDir.normalized();
  }
  return Vec2::Zero();
}

LocalMinimaReport countLocalMinima(const HarmonicField& field) {
  const GridSpec& g = field.grid();
  const auto& cells = field.cells();
  const auto& logU = field.logComplement();
  LocalMinimaReport report;
  // 0 unknown, 1 reaches the target, 2 fails.
  std::vector<std::uint8_t> result(g.size(), 0);
  std::vector<std::size_t> path;
  auto blocked = [&](int i, int j) { return !g.inside(i, j) || cells[g.index(i, j)] == Cell::Obstacle; };
  for (int j = 0; j < g.ny; ++j)
    for (int i = 0; i < g.nx; ++i) {
      const std::size_t k0 = g.index(i, j);
      if (cells[k0] != Cell::Free) continue;
      ++report.freeCells;
      if (!field.reachable(i, j)) {
        ++report.disconnected;
        continue;
      }
      path.clear();
      int ci = i, cj = j;
      std::uint8_t outcome = 0;
      while (true) {
        const std::size_t k = g.index(ci, cj);
        if (cells[k] == Cell::Target) { outcome = 1; break; }
        if (result[k] != 0) { outcome = result[k]; break; }
        path.push_back(k);
        const Vec2 d = field.nodeDescent(ci, cj);
        double bestAlign = 0.0;
        int bi = 0, bj = 0;
        for (int dj = -1; dj <= 1; ++dj)
          for (int di = -1; di <= 1; ++di) {
            if (di == 0 && dj == 0) continue;
            const int a = ci + di, b = cj + dj;
            if (!field.reachable(a, b) || logU[g.index(a, b)] <= logU[k]) continue;
            if (di != 0 && dj != 0 && (blocked(ci + di, cj) || blocked(ci, cj + dj))) continue;
            const double align = d.dot(Vec2(di, dj).normalized());
            if (align > bestAlign) bestAlign = align, bi = a, bj = b;
          }
        if (bestAlign <= 0.0) { outcome = 2; break; }
        ci = bi, cj = bj;
      }
      for (const auto k : path) result[k] = outcome;
      if (result[k0] == 2) ++report.localMinima;
    }
  return report;
}

}  // namespace steer::planning
