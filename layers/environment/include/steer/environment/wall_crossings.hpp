#pragma once
/// @file How many times the static walls of a 2D world cross one another. The kinetic provider
/// (Goldenstein et al. 2001, §5) puts every crossing into its constrained triangulation as a
/// vertex, so its set-up grows with their number: 10,000 overlapping boxes (~10^6 crossings)
/// took 74 s and 2 GB to set up, the lattice provider 8 ms. `steer run` and `steer check` say so
/// before a run from this count.
#include <cstddef>

#include "steer/sim/world.hpp"

namespace steer::environment {

/// The proper crossings (a point inside both walls, not an end point of either) among the
/// distinct segment pieces of the static obstacles (World::pieces(); call World::refreshPieces()
/// after changing obstacles), counted up to `cap`. Copies of a wall count once, as the kinetic
/// CDT splits them once, and walls with an end point within rounding (4 units in the last place
/// at the walls' largest coordinate) of the other do not count: the CDT cuts them there. The
/// count stops at `cap`, and also after 64 × `cap` pairs of walls whose bounding boxes meet (e.g.
/// thousands of collinear walls overlapping one another), returning the crossings counted until
/// then. O(w log² w + the pairs looked at) for w walls. 0 for a 3D world.
std::size_t staticWallCrossings(const sim::World& world, std::size_t cap);

}  // namespace steer::environment
