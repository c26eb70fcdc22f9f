#pragma once
// Random placement of agents by seeded rejection sampling, with no overlap between agents or
// with obstacles (SteerSuite's agentRegion, our groups' regions).
#include <vector>

#include "steer/experiments/input_error.hpp"
#include "steer/sim/world.hpp"

namespace steer::experiments {

/// `count` centres in the box [lo, hi] (x–y, and z in 3D) at least 2·radius from each other and
/// from `existing` agents (by their own radii), and at least `radius` from every obstacle.
/// Throws InputError at `where` when the region cannot hold them.
std::vector<sim::Vec3> placeWithoutOverlap(const sim::World& world, const std::vector<sim::Agent>& existing,
                                           const sim::Vec3& lo, const sim::Vec3& hi, double radius,
                                           std::size_t count, std::uint64_t seed, const SourceLocation& where,
                                           int dimension);

/// Throws InputError at `where`, as "`field`: ...", when `count` bodies of `radius` cannot fit
/// in the box [lo, hi] at all: discs (balls in 3D) that do not overlap cover no more area
/// (volume) than the box clipped to the world and grown by `radius` on every side. This is a
/// necessary condition only, so it never rejects a placement that could succeed; it turns a
/// hopeless one into an error at once instead of minutes of rejection sampling.
void requireRoomFor(const sim::World& world, const sim::Vec3& lo, const sim::Vec3& hi, double radius,
                    std::size_t count, const SourceLocation& where, const std::string& field, int dimension);

/// One free position in the box for a body of `radius` (SteerSuite's <random>true</random>).
sim::Vec3 randomFreePosition(const sim::World& world, const std::vector<sim::Agent>& existing,
                             const sim::Vec3& lo, const sim::Vec3& hi, double radius, std::uint64_t seed,
                             const SourceLocation& where, int dimension);

}  // namespace steer::experiments
