#include "obstacle_checks.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <unordered_map>
#include <vector>

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Polygon_2_algorithms.h>

#include "steer/geometry/distance.hpp"

namespace steer::experiments {

namespace {

// An axis-aligned box around a shape. Only balls have a height: the other shapes are 2D
// outlines in the x–y plane (prisms in 3D), so their z is not checked.
struct Extent {
  geometry::Vec3 lo, hi;
  bool hasZ = false;
};

void grow(Extent& e, const geometry::Vec2& p) {
  e.lo.head<2>() = e.lo.head<2>().cwiseMin(p);
  e.hi.head<2>() = e.hi.head<2>().cwiseMax(p);
}

Extent extentOf(const sim::Obstacle::Shape& shape) {
  Extent e{geometry::Vec3::Constant(INFINITY), geometry::Vec3::Constant(-INFINITY), false};
  e.lo.z() = e.hi.z() = 0.0;
  if (const auto* b = std::get_if<geometry::Ball>(&shape)) {
    e.lo = b->center - geometry::Vec3::Constant(b->radius);
    e.hi = b->center + geometry::Vec3::Constant(b->radius);
    e.hasZ = true;
  } else if (const auto* s = std::get_if<geometry::Segment>(&shape)) {
    grow(e, s->a);
    grow(e, s->b);
  } else if (const auto* p = std::get_if<geometry::Polygon>(&shape)) {
    for (const auto& v : p->vertices) grow(e, v);
  } else if (const auto* a = std::get_if<geometry::AlignedBox>(&shape)) {
    grow(e, a->min);
    grow(e, a->max);
  } else if (const auto* o = std::get_if<geometry::OrientedBox>(&shape)) {
    const double c = std::abs(std::cos(o->angle)), s = std::abs(std::sin(o->angle));
    const geometry::Vec2 reach(c * o->half.x() + s * o->half.y(), s * o->half.x() + c * o->half.y());
    grow(e, o->center - reach);
    grow(e, o->center + reach);
  }
  return e;
}

std::string number(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

}  // namespace

std::optional<std::string> obstacleOutsideWorld(const sim::Obstacle& obstacle, const sim::Bounds& bounds,
                                                int dimension) {
  Extent e = extentOf(obstacle.shape);
  // A moving obstacle's shape is given at its first way-point; it sweeps the way-points' box.
  if (!obstacle.path.waypoints.empty()) {
    const geometry::Vec3 first = obstacle.path.waypoints.front();
    geometry::Vec3 lo = geometry::Vec3::Zero(), hi = geometry::Vec3::Zero();
    for (const auto& w : obstacle.path.waypoints) {
      lo = lo.cwiseMin(w - first);
      hi = hi.cwiseMax(w - first);
    }
    e.lo += lo;
    e.hi += hi;
  }
  static const char* const kAxis[] = {"x", "y", "z"};
  for (int k = 0; k < dimension; ++k) {
    if (k == 2 && !e.hasZ) continue;
    if (e.lo[k] < bounds.min[k] || e.hi[k] > bounds.max[k])
      return std::string("the obstacle reaches outside the world bounds (it spans ") + kAxis[k] + " from " +
             number(e.lo[k]) + " to " + number(e.hi[k]) + ", the world " + number(bounds.min[k]) + " to " +
             number(bounds.max[k]) + ")";
  }
  return std::nullopt;
}

namespace {

// CGAL's sweep (Shamos–Hoey, O(n log n), exact predicates): true when no two edges meet other
// than consecutive ones at their common vertex. Coordinates must be finite.
bool simpleBySweep(const std::vector<geometry::Vec2>& v) {
  using K = CGAL::Exact_predicates_inexact_constructions_kernel;
  std::vector<K::Point_2> points;
  points.reserve(v.size());
  for (const auto& p : v) points.emplace_back(p.x(), p.y());
  return CGAL::is_simple_2(points.begin(), points.end(), K());
}

}  // namespace

// A valid polygon (the usual case) is confirmed simple by CGAL's sweep. Only one the sweep finds
// not simple is searched pair by pair for the pair to name: edge i is compared only with the
// edges that share a grid cell with it (an edge over very many cells is compared with every
// edge). Testing every pair made a valid polygon of 64,000 vertices take 19 s; the grid alone
// still took 10 s for a simple zigzag of 8,000 long edges packed close (all in one cell).
// Pairs are looked at in the order of the plain double loop (i ascending, then j), so the pair
// reported is the same. (The sweep's predicates are exact and the pair search's are not: where
// rounding would make them disagree, on edges within ~1e-16 relative of touching, the sweep's
// answer "simple" is kept.)
bool polygonVerticesCollinear(const geometry::Polygon& polygon) {
  // Each fan triangle from vertex 0 has no area (the readers' 1e-12 of the signed area).
  const auto& v = polygon.vertices;
  for (std::size_t k = 1; k + 1 < v.size(); ++k) {
    const geometry::Vec2 a = v[k] - v[0], b = v[k + 1] - v[0];
    if (std::abs(a.x() * b.y() - a.y() * b.x()) >= 2e-12) return false;
  }
  return true;
}

std::optional<std::pair<std::size_t, std::size_t>> polygonSelfIntersection(const geometry::Polygon& polygon) {
  const auto& v = polygon.vertices;
  const std::size_t n = v.size();
  if (n < 3) return std::nullopt;
  const bool finite = std::all_of(v.begin(), v.end(), [](const geometry::Vec2& p) { return p.allFinite(); });
  if (finite && simpleBySweep(v)) return std::nullopt;
  const auto edge = [&](std::size_t i) { return geometry::Segment{v[i], v[(i + 1) % n]}; };
  geometry::Vec2 lo = v[0], hi = v[0];
  std::vector<double> lengths;
  for (std::size_t i = 0; i < n; ++i) {
    lo = lo.cwiseMin(v[i]);
    hi = hi.cwiseMax(v[i]);
    lengths.push_back(edge(i).length());
  }
  std::nth_element(lengths.begin(), lengths.begin() + n / 2, lengths.end());
  // Cells about a median edge long. (Smaller cells did not help long edges packed close, as in a
  // zigzag: each then covered and collected hundreds of cells; such a polygon still costs about
  // as much as testing every pair.)
  double cell = std::max({lengths[n / 2], (hi.x() - lo.x()) / 2048.0, (hi.y() - lo.y()) / 2048.0, 1e-9});
  if (!std::isfinite(cell)) cell = INFINITY;  // a span beyond the doubles (±1e308): one cell
  const long nx = std::isfinite(cell) ? static_cast<long>((hi.x() - lo.x()) / cell) + 1 : 1;
  const long ny = std::isfinite(cell) ? static_cast<long>((hi.y() - lo.y()) / cell) + 1 : 1;
  const auto cellRange = [&](std::size_t i, long& x0, long& x1, long& y0, long& y1) {
    x0 = x1 = y0 = y1 = 0;
    if (nx == 1 && ny == 1) return;
    const geometry::Segment e = edge(i);
    x0 = static_cast<long>((std::min(e.a.x(), e.b.x()) - lo.x()) / cell);
    x1 = std::min(nx - 1, static_cast<long>((std::max(e.a.x(), e.b.x()) - lo.x()) / cell));
    y0 = static_cast<long>((std::min(e.a.y(), e.b.y()) - lo.y()) / cell);
    y1 = std::min(ny - 1, static_cast<long>((std::max(e.a.y(), e.b.y()) - lo.y()) / cell));
  };
  constexpr long kMaxCells = 4096;
  std::unordered_map<long, std::vector<std::size_t>> cells;
  std::vector<std::size_t> large;
  std::vector<char> isLarge(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    long x0, x1, y0, y1;
    cellRange(i, x0, x1, y0, y1);
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > kMaxCells) {
      isLarge[i] = 1;
      large.push_back(i);
      continue;
    }
    for (long y = y0; y <= y1; ++y)
      for (long x = x0; x <= x1; ++x) cells[y * nx + x].push_back(i);
  }
  std::vector<std::size_t> candidates;
  for (std::size_t i = 0; i < n; ++i) {
    // Adjacent edges always share their common vertex, so segmentsIntersect cannot judge them;
    // they are wrong only when collinear and pointing back (a spike of zero width).
    const geometry::Vec2 d1 = v[(i + 1) % n] - v[i], d2 = v[(i + 2) % n] - v[(i + 1) % n];
    if (geometry::cross(d1, d2) == 0.0 && d1.dot(d2) < 0.0) return std::make_pair(i, (i + 1) % n);
    candidates.assign(large.begin(), large.end());
    if (isLarge[i]) {
      for (std::size_t j = i + 2; j < n; ++j) candidates.push_back(j);
    } else {
      long x0, x1, y0, y1;
      cellRange(i, x0, x1, y0, y1);
      for (long y = y0; y <= y1; ++y)
        for (long x = x0; x <= x1; ++x)
          if (const auto it = cells.find(y * nx + x); it != cells.end())
            candidates.insert(candidates.end(), it->second.begin(), it->second.end());
    }
    std::sort(candidates.begin(), candidates.end());
    candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
    // Non-adjacent edges must not share any point (edge n-1 is adjacent to edge 0).
    for (const std::size_t j : candidates) {
      if (j < i + 2 || (i == 0 && j == n - 1)) continue;
      if (geometry::segmentsIntersect(edge(i), edge(j))) return std::make_pair(i, j);
    }
  }
  return std::nullopt;
}

ObstacleIndex::ObstacleIndex(const std::vector<sim::Obstacle>& obstacles) {
  if (obstacles.empty()) return;
  std::vector<Extent> extents;
  std::vector<double> sizes;
  geometry::Vec2 lo = geometry::Vec2::Constant(INFINITY), hi = geometry::Vec2::Constant(-INFINITY);
  for (const auto& o : obstacles) {
    extents.push_back(extentOf(o.shape));
    const Extent& e = extents.back();
    lo = lo.cwiseMin(e.lo.head<2>());
    hi = hi.cwiseMax(e.hi.head<2>());
    sizes.push_back(std::max(e.hi.x() - e.lo.x(), e.hi.y() - e.lo.y()));
  }
  if (!lo.allFinite() || !hi.allFinite()) {  // not expected after validation: every obstacle a candidate
    for (std::uint32_t k = 0; k < obstacles.size(); ++k) large_.push_back(k);
    return;
  }
  // Cells about the size of a typical obstacle, at most 2048 a side.
  std::nth_element(sizes.begin(), sizes.begin() + sizes.size() / 2, sizes.end());
  origin_ = lo;
  cell_ = std::max({sizes[sizes.size() / 2], (hi.x() - lo.x()) / 2048.0, (hi.y() - lo.y()) / 2048.0, 1e-6});
  if (!std::isfinite(cell_)) {  // a span beyond the doubles (±1e308): every obstacle a candidate
    for (std::uint32_t k = 0; k < obstacles.size(); ++k) large_.push_back(k);
    return;
  }
  nx_ = static_cast<long>((hi.x() - lo.x()) / cell_) + 1;
  ny_ = static_cast<long>((hi.y() - lo.y()) / cell_) + 1;
  constexpr long kMaxCells = 4096;
  const auto span = [&](const Extent& e, auto&& f) {
    const long x0 = static_cast<long>((e.lo.x() - lo.x()) / cell_), x1 = static_cast<long>((e.hi.x() - lo.x()) / cell_);
    const long y0 = static_cast<long>((e.lo.y() - lo.y()) / cell_), y1 = static_cast<long>((e.hi.y() - lo.y()) / cell_);
    for (long y = y0; y <= y1; ++y)
      for (long x = x0; x <= x1; ++x) f(static_cast<std::size_t>(y * nx_ + x));
  };
  const auto cells = [&](const Extent& e) {
    return (static_cast<long>((e.hi.x() - e.lo.x()) / cell_) + 2) * (static_cast<long>((e.hi.y() - e.lo.y()) / cell_) + 2);
  };
  std::vector<std::uint32_t> count(static_cast<std::size_t>(nx_ * ny_) + 1, 0);
  for (std::uint32_t k = 0; k < extents.size(); ++k) {
    if (cells(extents[k]) > kMaxCells) {
      large_.push_back(k);
      continue;
    }
    span(extents[k], [&](std::size_t c) { ++count[c + 1]; });
  }
  for (std::size_t c = 1; c < count.size(); ++c) count[c] += count[c - 1];
  start_ = count;
  entries_.resize(count.back());
  for (std::uint32_t k = 0; k < extents.size(); ++k)
    if (cells(extents[k]) <= kMaxCells) span(extents[k], [&](std::size_t c) { entries_[count[c]++] = k; });
}

std::optional<std::size_t> ObstacleIndex::first(const geometry::Vec2& p, double margin,
                                                const std::function<bool(std::size_t)>& test) const {
  candidates_.assign(large_.begin(), large_.end());
  if (nx_ > 0) {
    // Clamped as doubles: a point far beyond the grid would overflow a long.
    const auto clampTo = [](double v, long n) {
      return static_cast<long>(std::clamp(std::floor(v), 0.0, static_cast<double>(n - 1)));
    };
    const double r = std::max(margin, 0.0) + 1e-6;  // a micrometre more: rounding at cell edges
    // A point beyond the grid still meets the border cells' obstacles only if they reach it:
    // clamping keeps the query a superset.
    const long x0 = clampTo((p.x() - r - origin_.x()) / cell_, nx_), x1 = clampTo((p.x() + r - origin_.x()) / cell_, nx_);
    const long y0 = clampTo((p.y() - r - origin_.y()) / cell_, ny_), y1 = clampTo((p.y() + r - origin_.y()) / cell_, ny_);
    for (long y = y0; y <= y1; ++y)
      for (long x = x0; x <= x1; ++x) {
        const auto c = static_cast<std::size_t>(y * nx_ + x);
        candidates_.insert(candidates_.end(), entries_.begin() + start_[c], entries_.begin() + start_[c + 1]);
      }
  }
  std::sort(candidates_.begin(), candidates_.end());
  candidates_.erase(std::unique(candidates_.begin(), candidates_.end()), candidates_.end());
  for (const std::uint32_t k : candidates_)
    if (test(k)) return k;
  return std::nullopt;
}

}  // namespace steer::experiments
