#pragma once
// The static walls as constraints for the kinetic CDT: pieces that meet only at their end points.
//
// CGAL's constrained triangulation with Exact_predicates_tag splits crossing constraints itself,
// one after the other, at intersection points it constructs in floating point. Each rounded
// Steiner point bends the rest of the constraint being inserted, so an exact incidence further
// along (a wall through another's corner) is lost and a sliver triangle appears; when a later
// constraint crosses an edge next to such a sliver, its computed intersection falls outside the
// edge's two triangles and CGAL snaps it to the nearer end of the crossed edge, which can be far
// away. Three walls crossing near a box corner bent one of them 0.27 m off its line, and an agent
// in plain sight of another (no wall between them) was not in its near set.
//
// Here every crossing is computed once, from the two original walls, and an end point lying on
// another wall (exact predicates, or within rounding of a point inside it) splits it at exactly
// that point; the pieces then deviate from the walls by rounding only, and a stretch that walls
// along one line share is one piece. Where that rounding makes pieces cross that the walls did not,
// the pieces are split again, so that CGAL has no crossings left to construct.
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "steer/geometry/shapes.hpp"

namespace steer::environment::kinetic {

struct WallPieces {
  std::vector<geometry::Vec2> points;                      ///< end points of the pieces
  std::vector<std::pair<std::size_t, std::size_t>> pieces;  ///< indices into points
  /// Per input wall: how far its pieces may stray from it (m). 0 when they lie exactly on it
  /// (no cut but at exact incidences); otherwise a bound on the rounding of its constructed cuts,
  /// so that a point farther than this from the wall is on the same side of its pieces.
  std::vector<double> straying;
  /// Per piece: an input wall it is part of (one of them where walls overlap along a line).
  std::vector<std::size_t> wallOf;
};

/// The walls (zero-length ones dropped) split where they cross or touch each other, in the form
/// CGAL's insert_constraints takes. No two pieces are the same segment: copies of one wall (the
/// same segment, either way round) give its pieces once, `wallOf` naming the first copy, and every
/// copy has its straying; walls overlapping along a line give each stretch they share once.
/// Points within 4 units in the last place (at the walls' scale) of each other are one point: an
/// end point if there is one among them.
WallPieces splitAtCrossings(std::span<const geometry::Segment> walls);

/// The distance (m) within which splitAtCrossings takes two points for one, and an end point for
/// one on a wall it is that near to: 4 units in the last place at the walls' largest coordinate.
double touchTolerance(std::span<const geometry::Segment> walls);

/// Whether `e` lies within `tolerance` of a point strictly inside `wall` (in doubles: near the
/// tolerance, either answer; an exact incidence is for exact predicates to settle).
bool nearlyInside(const geometry::Segment& wall, const geometry::Vec2& e, double tolerance);

}  // namespace steer::environment::kinetic
