// Counting the static walls' crossings (see wall_crossings.hpp).
#include "steer/environment/wall_crossings.hpp"

#include "wall_split.hpp"

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/box_intersection_d.h>

#include <algorithm>
#include <utility>
#include <vector>

namespace steer::environment {

namespace {

using K = CGAL::Exact_predicates_inexact_constructions_kernel;

// A wall's bounding box for CGAL's box intersection (the BoxIntersectionBox_d concept), its
// index as id (CGAL's ID_EXPLICIT boxes number themselves from a global counter).
struct WallBox {
  using NT = double;
  using ID = std::size_t;
  static int dimension() { return 2; }
  ID id() const { return index; }
  NT min_coord(int d) const { return lo[d]; }
  NT max_coord(int d) const { return hi[d]; }
  K::Segment_2 segment;
  std::size_t index;
  double lo[2], hi[2];
};

// Thrown by the callback to stop the traversal at the cap or the budget of pairs: CGAL's box
// intersection has no other way to stop early, and the whole traversal is what the count warns of.
struct Enough {};

}  // namespace

std::size_t staticWallCrossings(const sim::World& world, std::size_t cap) {
  if (world.dimension != 2 || cap == 0) return 0;
  // Distinct walls, each with its end points in one order: the kinetic CDT splits the copies of a
  // wall once (wall_split.hpp), so copies add no vertex and count once here.
  std::vector<std::pair<geometry::Vec2, geometry::Vec2>> walls;
  const auto before = [](const geometry::Vec2& p, const geometry::Vec2& q) {
    return p.x() < q.x() || (p.x() == q.x() && p.y() < q.y());
  };
  for (const sim::ObstaclePiece& piece : world.pieces()) {
    if (piece.moving || piece.kind != sim::ObstaclePiece::Kind::Segment || piece.segment.a == piece.segment.b) continue;
    const auto& [a, b] = piece.segment;
    walls.push_back(before(a, b) ? std::pair{a, b} : std::pair{b, a});
  }
  const auto wallBefore = [&](const auto& u, const auto& v) {
    return before(u.first, v.first) || (u.first == v.first && before(u.second, v.second));
  };
  std::sort(walls.begin(), walls.end(), wallBefore);
  walls.erase(std::unique(walls.begin(), walls.end()), walls.end());

  std::vector<geometry::Segment> segments;
  segments.reserve(walls.size());
  for (const auto& [a, b] : walls) segments.push_back({a, b});
  const double tolerance = kinetic::touchTolerance(segments);

  std::vector<WallBox> boxes;
  boxes.reserve(walls.size());
  for (const auto& [a, b] : segments) {
    const K::Segment_2 s({a.x(), a.y()}, {b.x(), b.y()});
    const CGAL::Bbox_2 box = s.bbox();
    boxes.push_back({s, boxes.size(), {box.xmin(), box.ymin()}, {box.xmax(), box.ymax()}});
  }
  std::size_t crossings = 0, pairs = 0;
  const std::size_t pairBudget = 64 * cap;
  try {
    CGAL::box_self_intersection_d(boxes.begin(), boxes.end(), [&](const WallBox& u, const WallBox& v) {
      if (++pairs > pairBudget) throw Enough{};
      const K::Segment_2 &s = u.segment, &t = v.segment;
      // A proper crossing: each wall's end points strictly on either side of the other's line.
      const auto side = [](const K::Segment_2& w, const K::Point_2& p) {
        return static_cast<int>(CGAL::orientation(w.source(), w.target(), p));
      };
      if (side(s, t.source()) * side(s, t.target()) >= 0 || side(t, s.source()) * side(t, s.target()) >= 0) return;
      // Walls with an end point within rounding of the other are cut there instead, as touching
      // (wall_split.hpp): walls along a diagonal line cross each other at tiny angles.
      const geometry::Segment &p = segments[u.index], &q = segments[v.index];
      if (kinetic::nearlyInside(p, q.a, tolerance) || kinetic::nearlyInside(p, q.b, tolerance) ||
          kinetic::nearlyInside(q, p.a, tolerance) || kinetic::nearlyInside(q, p.b, tolerance))
        return;
      if (++crossings >= cap) throw Enough{};
    });
  } catch (const Enough&) {
    // At the cap, or out of pairs to look at: the crossings counted so far either way.
  }
  return crossings;
}

}  // namespace steer::environment
