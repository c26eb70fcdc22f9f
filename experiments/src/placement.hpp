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

/// One free position in the box for a body of `radius` (SteerSuite's <random>true</random>).
sim::Vec3 randomFreePosition(const sim::World& world, const std::vector<sim::Agent>& existing,
                             const sim::Vec3& lo, const sim::Vec3& hi, double radius, std::uint64_t seed,
                             const SourceLocation& where, int dimension);

}  // namespace steer::experiments
