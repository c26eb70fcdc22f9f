#pragma once
/// @file The constrained Delaunay triangulation (CDT) of a 2D world as plain segments, for
/// pictures (`steer render --triangulation`) and tests. It is the triangulation the kinetic
/// provider maintains (Goldenstein et al. 2001, §5 and Appendix A.3.1): the enabled agents'
/// positions as vertices, the static obstacles' segment pieces as constraints; built afresh, and
/// without the kinetic provider's four far helper vertices (so the hull is the points' own).
#include <vector>

#include "steer/geometry/vec.hpp"
#include "steer/sim/world.hpp"

namespace steer::environment {

/// One edge of the triangulation, between two vertices (m, x–y plane).
struct TriangulationEdge {
  geometry::Vec2 a = geometry::Vec2::Zero(), b = geometry::Vec2::Zero();
  bool constrained = false;  ///< a piece of a static wall (a constrained edge of the CDT)
};

/// Every finite edge of the CDT of `world` once, from its lexicographically smaller end (x, then
/// y), in lexicographic order (the same list in every process): vertices at the enabled agents'
/// positions and the end points of the static segment pieces (World::pieces(): call World::refreshPieces()
/// after changing obstacles), constraints along those pieces. As in KineticProvider, an agent
/// exactly on a wall or on another vertex is left out. Throws std::invalid_argument unless
/// World::dimension == 2.
std::vector<TriangulationEdge> constrainedDelaunayEdges(const sim::World& world);

}  // namespace steer::environment
