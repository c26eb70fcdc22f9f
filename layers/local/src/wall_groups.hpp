#pragma once
// Walls the agent cannot pass between steer as one obstacle (private to steer::local).
//
// §4.1.1 sees a segment from its closest point when near, as a point obstacle. Two walls that
// meet, at a concave corner of a room or where two wall boxes abut, are then two small
// repellers with a gap between their directions that the geometry does not have; the heading
// into that gap (towards the corner) is an attractor of Σ f_obs_i, and an agent whose target is
// off stands there at d1 (v = 0 by (6)): maze_b's walkers in the corners of their rooms, the
// agent of Fig. 7 in an inner corner of the U instead of cycling out and in as the paper
// describes. A third point at the corner does not help: between any two neighbouring point
// repellers lies an attractor.
//
// The paper's own reasoning about two obstacles (A.1.1: "if they are far enough apart, an agent
// should be able to pass through them", otherwise the pair is to be avoided as a whole) and
// §4.1.1's treatment of an extended obstacle as one object seen under its whole angle give the
// rule used here: repelling wall pieces closer to each other than the agent's diameter (no
// passage between them) form a group, and a group of two or more steers as one object: its
// direction is the middle of the union of the members' angular extents [ψ_k − Δψ_k, ψ_k + Δψ_k]
// (taken about the nearest member's direction), its Δψ half that union (at most π/2, as a far
// segment's), its clearance the nearest member's (the smallest). The members still count, one by
// one, for r_min of (6) (a question of safety: what is in front is decided by the real pieces),
// and no longer steer alone. A lone wall is unchanged. Balls (pillars, agents) are not grouped:
// the paper's two-obstacle case (the hidden target) is left to the adaptive weights, as §4.1.2
// says. GoldensteinParameters::groupWalls switches the rule off.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "steer/geometry/shapes.hpp"
#include "steer/geometry/vec.hpp"

namespace steer::local::detail {

/// One repelling wall piece as the agent sees it (heading_field.cpp's View, with its segment).
struct WallView {
  geometry::Segment segment;  ///< moved to the sample's time
  geometry::Vec2 c;           ///< agent's centre → reference point (closest point or midpoint), |c| > 0
  double sinHalf = 0.0;       ///< sin Δψ
  double halfAngle = 0.0;     ///< Δψ (rad)
  double clearance = 0.0;     ///< surface to surface (m)
};

/// The steering object of a group of two or more walls.
struct GroupView {
  geometry::Vec2 c;        ///< along the group's middle direction, |c| = the nearest member's |c|
  double sinHalf = 0.0;
  double halfAngle = 0.0;  ///< half the union of the members' extents, ≤ π/2
  double clearance = 0.0;  ///< the nearest member's
};

/// Groups `walls` by "closer to each other than `diameter`" (transitively). After group(),
/// groupOf(k) is the index of the first member of k's group (k itself for a lone wall or the
/// first of a group), and view(g) the steering object of the group whose first member is g.
class WallGroups {
 public:
  void group(const std::vector<WallView>& walls, double diameter);
  std::size_t groupOf(std::size_t k) const { return parent_[k]; }
  bool grouped(std::size_t k) const { return size_[parent_[k]] > 1; }
  GroupView view(const std::vector<WallView>& walls, std::size_t first) const;

 private:
  std::size_t find(std::size_t k);
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  struct Box {
    geometry::Vec2 lo, hi;
  };
  std::vector<std::size_t> parent_;
  std::vector<std::uint32_t> size_;
  std::vector<Box> boxes_;                 // group(): each wall's bounding box
  std::vector<std::size_t> order_;         // group(): walls by the low end of their box
  std::vector<std::size_t> next_, last_;   // each group's members as a list from its first
};

}  // namespace steer::local::detail
