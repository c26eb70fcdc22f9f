#pragma once
// Which obstacle pieces of a near environment add a repeller (A.2) (private to steer::local).
//
// §4.1.1 treats a non-spherical obstacle as one object with one repeller: seen from the
// midpoint of the segment when far, from its closest point when near. The environment layer
// hands a solid (a box, an oriented box, a polygon) to the local layer as its boundary edges;
// taken one by one they make a convex solid several obstacles: its back edges, hidden from the
// agent by the solid itself, repel as well, and a vertex that is the closest point of two edges
// repels twice. A box-shaped wall then weighs two or three times what the same wall drawn as a
// segment weighs, in f_obs and in the sums of (A.8) and (A.10): near a door of two box frames
// the target is switched off and the agent turned aside (maze_b), and the doubled corners of the
// theater's seat rows hold agents at stable headings facing a neighbour. So the edges of a
// convex solid act as that one obstacle: its nearest edge alone adds a repeller, seen as §4.1.1
// says (its closest point near, its midpoint far); every edge still counts for r_min of (6),
// which is a question of safety, not of steering. A non-convex polygon keeps a repeller per edge
// (another of its arms may be as close as the nearest one).
#include <cstddef>
#include <cstdint>
#include <span>

#include "steer/sim/near_environment.hpp"
#include "steer/sim/world.hpp"

namespace steer::local::detail {

/// True for the solids whose edges act as one obstacle: boxes, oriented boxes and convex
/// polygons (either orientation).
bool isConvexSolid(const sim::Obstacle& obstacle);

/// Walks a near environment's obstacle list in order and says, for each entry, whether it adds a
/// repeller. The list is sorted by piece id (NearEnvironment), and the pieces of one obstacle
/// have consecutive ids, so the edges of a solid form one run; should they not, each run would
/// keep its own nearest edge. "Nearest" is measured from the agent's centre `p` (x–y) to the
/// edges moved on by `tau` seconds, as the repellers see them; of two edges at the same distance
/// (both closest at their shared vertex, where their near views coincide) the first is kept.
/// Without a world (null), every piece repels.
class SolidEdges {
 public:
  SolidEdges(const sim::World* world, std::span<const sim::NearObstacle> list, const geometry::Vec2& p, double tau)
      : world_(world), list_(list), p_(p), tau_(tau) {}

  /// For entry i; call with i = 0, 1, 2, ... in order.
  bool repels(std::size_t i);

 private:
  double distance(std::size_t i) const;

  const sim::World* world_;
  std::span<const sim::NearObstacle> list_;
  geometry::Vec2 p_;
  double tau_;
  std::size_t runEnd_ = 0;       ///< one past the current run of one obstacle's pieces
  std::size_t runNearest_ = 0;   ///< the entry of the run's nearest piece
  bool runIsSolid_ = false;      ///< the run's obstacle is a convex solid
};

}  // namespace steer::local::detail
