// The CDT of a world as plain segments. CGAL types stay in this file.
#include "steer/environment/triangulation_edges.hpp"

#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>

#include <algorithm>
#include <stdexcept>
#include <utility>
#include <vector>

#include "wall_split.hpp"

namespace steer::environment {

namespace {
using K = CGAL::Exact_predicates_inexact_constructions_kernel;
// The same triangulation class as the kinetic provider's, without its per-vertex and per-face
// bookkeeping.
using CDT = CGAL::Constrained_Delaunay_triangulation_2<K, CGAL::Default, CGAL::Exact_predicates_tag>;
}  // namespace

std::vector<TriangulationEdge> constrainedDelaunayEdges(const sim::World& world) {
  if (world.dimension != 2) throw std::invalid_argument("constrainedDelaunayEdges: 2D worlds only");
  CDT cdt;
  // The walls split where they cross, their end points in one call (CGAL sorts them in space),
  // as the kinetic provider does.
  std::vector<geometry::Segment> walls;
  for (const sim::ObstaclePiece& piece : world.pieces())
    if (!piece.moving && piece.kind == sim::ObstaclePiece::Kind::Segment) walls.push_back(piece.segment);
  const kinetic::WallPieces split = kinetic::splitAtCrossings(walls);
  std::vector<K::Point_2> ends;
  for (const geometry::Vec2& e : split.points) ends.emplace_back(e.x(), e.y());
  cdt.insert_constraints(ends.begin(), ends.end(), split.pieces.begin(), split.pieces.end());
  for (const sim::Agent& agent : world.agents) {
    if (!agent.enabled) continue;
    const K::Point_2 p(agent.state.position.x(), agent.state.position.y());
    // A vertex on a constraint would split it; a duplicate point adds nothing (KineticProvider
    // keeps both out the same way).
    CDT::Locate_type type;
    int index = 0;
    const CDT::Face_handle face = cdt.locate(p, type, index);
    if (type == CDT::VERTEX) continue;
    if (type == CDT::EDGE && cdt.is_constrained(CDT::Edge(face, index))) continue;
    cdt.insert(p, type, face, index);
  }
  // CGAL's faces are listed in an order that depends on where the heap put them (two renders of
  // one run drew the same edges in different orders and directions, a few pixels apart): each
  // edge from its lexicographically smaller end, the list sorted.
  const auto smaller = [](const geometry::Vec2& p, const geometry::Vec2& q) {
    return p.x() < q.x() || (p.x() == q.x() && p.y() < q.y());
  };
  std::vector<TriangulationEdge> edges;
  edges.reserve(3 * cdt.number_of_vertices());
  for (auto e = cdt.finite_edges_begin(); e != cdt.finite_edges_end(); ++e) {
    const auto& p = e->first->vertex(CDT::cw(e->second))->point();
    const auto& q = e->first->vertex(CDT::ccw(e->second))->point();
    geometry::Vec2 a(p.x(), p.y()), b(q.x(), q.y());
    if (smaller(b, a)) std::swap(a, b);
    edges.push_back({a, b, cdt.is_constrained(*e)});
  }
  std::sort(edges.begin(), edges.end(), [&](const TriangulationEdge& e, const TriangulationEdge& f) {
    return smaller(e.a, f.a) || (e.a == f.a && smaller(e.b, f.b));
  });
  return edges;
}

}  // namespace steer::environment
