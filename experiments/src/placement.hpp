#pragma once
// Random placement of agents by seeded rejection sampling, with no overlap between agents or
// with obstacles (SteerSuite's agentRegion, our groups' regions).
#include <algorithm>
#include <cstdint>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "obstacle_checks.hpp"
#include "steer/experiments/input_error.hpp"
#include "steer/sim/world.hpp"

namespace steer::experiments {

/// The bodies random placement must keep clear of (agents placed so far, agents given a
/// position), in a hash grid of cells of `cell` metres, so that each placement costs O(1)
/// whatever the crowd's size. Kept by a reader across its regions and random agents. Bodies
/// much larger than the cells are kept in a list that every query scans, so that one huge body
/// does not widen every query's reach.
class Occupancy {
 public:
  explicit Occupancy(double cell) : cell_(std::max(cell, 1e-6)) {}
  void add(const sim::Vec3& center, double radius);
  /// Whether a body of radius r at p would overlap one held (touching is allowed).
  bool overlaps(const sim::Vec3& p, double r) const;

 private:
  struct Disc {
    sim::Vec3 p;
    double r;
  };
  std::tuple<long, long, long> coords(const sim::Vec3& p) const;
  static bool hit(const Disc& d, const sim::Vec3& p, double r) { return (d.p - p).norm() < r + d.r; }
  double cell_;
  double maxRadius_ = 0.0;  // of the discs in the grid
  bool flat_ = true;  // every disc at z = 0 (2D): a query at z = 0 looks at one layer of cells
  std::unordered_map<std::uint64_t, std::vector<Disc>> cells_;
  std::size_t gridded_ = 0;   // discs in cells_
  std::vector<Disc> large_;   // discs of radius > kLargeCells cells
};

/// `count` centres in the box [lo, hi] (x–y, and z in 3D) at least 2·radius from each other and
/// from the bodies in `occupied` (which gets the new ones), and at least `radius` from every
/// obstacle of the world (`obstacles` indexes them; the readers build it once, after their
/// obstacles). Throws InputError at `where` when the region cannot hold them, as "`field`: ..."
/// (when given), saying what the failed tries met.
std::vector<sim::Vec3> placeWithoutOverlap(const sim::World& world, const ObstacleIndex& obstacles, Occupancy& occupied,
                                           const sim::Vec3& lo, const sim::Vec3& hi, double radius, std::size_t count,
                                           std::uint64_t seed, const SourceLocation& where, int dimension,
                                           const std::string& field = {});

/// Throws InputError at `where`, as "`field`: ...", when the box [lo, hi] does not meet the
/// world on some axis (the first `dimension` ones): no centre could be placed in it, and the
/// room check below would have measured the bodies' margin alone.
void requireRegionInWorld(const sim::World& world, const sim::Vec3& lo, const sim::Vec3& hi,
                          const SourceLocation& where, const std::string& field, int dimension);

/// Throws InputError at `where`, as "`field`: ...", when `count` bodies of `radius` cannot fit
/// in the box [lo, hi] at all: discs (balls in 3D) that do not overlap cover no more area
/// (volume) than the box clipped to the world and grown by `radius` on every side. This is a
/// necessary condition only, so it never rejects a placement that could succeed; it turns a
/// hopeless one into an error at once instead of minutes of rejection sampling.
void requireRoomFor(const sim::World& world, const sim::Vec3& lo, const sim::Vec3& hi, double radius,
                    std::size_t count, const SourceLocation& where, const std::string& field, int dimension);

/// One free position in the box for a body of `radius` (SteerSuite's <random>true</random>),
/// added to `occupied`.
sim::Vec3 randomFreePosition(const sim::World& world, const ObstacleIndex& obstacles, Occupancy& occupied,
                             const sim::Vec3& lo, const sim::Vec3& hi, double radius, std::uint64_t seed,
                             const SourceLocation& where, int dimension);

}  // namespace steer::experiments
