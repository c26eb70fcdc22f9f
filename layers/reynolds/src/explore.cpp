#include "steer/reynolds/explore.hpp"

#include <limits>
#include <queue>

#include "steer/geometry/distance.hpp"
#include "steer/sim/obstacle.hpp"

namespace steer::reynolds {

namespace {

// Distance from point p to segment [a, b] in 3D.
double pointSegmentDistance(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 ab = b - a;
  const double len2 = ab.squaredNorm();
  const double t = len2 > 0.0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
  return (p - (a + t * ab)).norm();
}

}  // namespace

ExploreGrid::ExploreGrid(const ExploreParameters& p, int dimension)
    : dimension_(dimension), min_(p.min), sensing_(p.sensingRadius), clearance_(p.clearance) {
  std::size_t cells = 1;
  for (int k = 0; k < 3; ++k) {
    if (k >= dimension) {
      counts_[k] = 1;
      edge_[k] = 1.0;
      continue;
    }
    const double extent = std::max(p.max[k] - p.min[k], 0.0);
    counts_[k] = std::max(1, static_cast<int>(std::ceil(extent / p.cellSize - 1e-9)));
    edge_[k] = extent > 0.0 ? extent / counts_[k] : p.cellSize;
    cells *= static_cast<std::size_t>(counts_[k]);
  }
  blocked_.assign(cells, 0);
  component_.assign(cells, 0);
}

Vec3 ExploreGrid::center(std::size_t cell) const {
  const std::size_t x = cell % counts_[0];
  const std::size_t y = (cell / counts_[0]) % counts_[1];
  const std::size_t z = cell / (static_cast<std::size_t>(counts_[0]) * counts_[1]);
  Vec3 c(min_.x() + (x + 0.5) * edge_.x(), min_.y() + (y + 0.5) * edge_.y(), 0.0);
  if (dimension_ == 3) c.z() = min_.z() + (z + 0.5) * edge_.z();
  return c;
}

std::size_t ExploreGrid::cellOf(const Vec3& p) const {
  int i[3] = {0, 0, 0};
  for (int k = 0; k < dimension_; ++k) {
    const double at = std::floor((p[k] - min_[k]) / edge_[k]);
    i[k] = static_cast<int>(std::clamp(at, 0.0, static_cast<double>(counts_[k] - 1)));
  }
  return index(i[0], i[1], i[2]);
}

void ExploreGrid::findReachable(const sim::World& world) {
  std::vector<sim::ObstaclePiece> pieces;
  for (std::uint32_t i = 0; i < world.obstacles.size(); ++i)
    if (world.obstacles[i].isStatic()) sim::appendPieces(world.obstacles[i], i, Vec3::Zero(), Vec3::Zero(), pieces);
  const auto flat = [&](const Vec3& v) { return dimension_ == 2 ? Vec3(v.x(), v.y(), 0.0) : v; };

  for (std::size_t c = 0; c < size(); ++c) {
    blocked_[c] = 0;
    for (const sim::Obstacle& o : world.obstacles)
      if (o.isStatic() && sim::obstacleContains(o, Vec3::Zero(), center(c), clearance_)) blocked_[c] = 1;
  }
  // A straight move between two neighbouring centres is cut when it passes within the
  // clearance of a wall (in the x–y plane, where walls live) or of a ball.
  const auto cut = [&](std::size_t a, std::size_t b) {
    const Vec3 pa = center(a), pb = center(b);
    const geometry::Segment move{geometry::xy(pa), geometry::xy(pb)};
    for (const sim::ObstaclePiece& piece : pieces) {
      if (piece.kind == sim::ObstaclePiece::Kind::Segment) {
        if (geometry::segmentDistance(move, piece.segment) <= clearance_) return true;
      } else if (pointSegmentDistance(flat(piece.ball.center), pa, pb) <= piece.ball.radius + clearance_) {
        return true;
      }
    }
    return false;
  };
  // Breadth-first labelling over face neighbours, in increasing cell index (deterministic).
  std::fill(component_.begin(), component_.end(), -1);
  int label = 0;
  std::queue<std::size_t> queue;
  for (std::size_t seed = 0; seed < size(); ++seed) {
    if (blocked_[seed] || component_[seed] >= 0) continue;
    component_[seed] = label;
    queue.push(seed);
    while (!queue.empty()) {
      const std::size_t c = queue.front();
      queue.pop();
      const int at[3] = {static_cast<int>(c % counts_[0]), static_cast<int>((c / counts_[0]) % counts_[1]),
                         static_cast<int>(c / (static_cast<std::size_t>(counts_[0]) * counts_[1]))};
      for (int k = 0; k < dimension_; ++k)
        for (const int step : {-1, 1}) {
          int next[3] = {at[0], at[1], at[2]};
          next[k] += step;
          if (next[k] < 0 || next[k] >= counts_[k]) continue;
          const std::size_t n = index(next[0], next[1], next[2]);
          if (blocked_[n] || component_[n] >= 0 || cut(c, n)) continue;
          component_[n] = label;
          queue.push(n);
        }
    }
    ++label;
  }
}

int ExploreGrid::componentAt(const Vec3& p) const {
  const std::size_t own = cellOf(p);
  if (!blocked_[own]) return component_[own];
  double best = std::numeric_limits<double>::infinity();
  int found = -1;
  for (std::size_t c = 0; c < size(); ++c) {
    if (blocked_[c]) continue;
    const double d = (center(c) - p).squaredNorm();
    if (d < best) {
      best = d;
      found = component_[c];
    }
  }
  return found;
}

std::size_t ExploreGrid::openCells() const {
  return static_cast<std::size_t>(std::count(blocked_.begin(), blocked_.end(), 0));
}

std::size_t exploreTarget(const ExploreGrid& grid, std::span<const double> lastSeen, const Vec3& position) {
  const int reachable = grid.componentAt(position);
  Vec3 here = position;
  if (grid.dimension() == 2) here.z() = 0.0;
  std::size_t best = grid.size();
  double bestSeen = 0.0, bestDistance = 0.0;
  for (std::size_t c = 0; c < grid.size(); ++c) {
    if (grid.blocked(c) || grid.component(c) != reachable) continue;
    const double seen = lastSeen.empty() ? kNeverSeen : lastSeen[c];
    const double distance = (grid.center(c) - here).squaredNorm();
    // Least recently seen, then nearest, then the lowest index (the scan order).
    if (best == grid.size() || seen < bestSeen || (seen == bestSeen && distance < bestDistance)) {
      best = c;
      bestSeen = seen;
      bestDistance = distance;
    }
  }
  return best;
}

double coverage(const ExploreGrid& grid, std::span<const double> lastSeen) {
  std::size_t open = 0, seen = 0;
  for (std::size_t c = 0; c < grid.size(); ++c) {
    if (grid.blocked(c)) continue;
    ++open;
    seen += !lastSeen.empty() && std::isfinite(lastSeen[c]) ? 1 : 0;
  }
  return open == 0 ? 1.0 : static_cast<double>(seen) / open;
}

}  // namespace steer::reynolds
