#include "placement.hpp"

#include <cmath>
#include <sstream>

#include "cell_key.hpp"
#include "steer/geometry/angle.hpp"
#include "steer/sim/noise.hpp"

namespace steer::experiments {

namespace {
constexpr double kLargeCells = 8.0;  // a disc wider than this many cells goes in the list
}  // namespace

void Occupancy::add(const sim::Vec3& p, double r) {
  if (r > kLargeCells * cell_) {
    large_.push_back({p, r});
    return;
  }
  const auto [x, y, z] = coords(p);
  cells_[cellKey(x, y, z)].push_back({p, r});
  ++gridded_;
  maxRadius_ = std::max(maxRadius_, r);
  flat_ = flat_ && p.z() == 0.0;
}

bool Occupancy::overlaps(const sim::Vec3& p, double r) const {
  for (const Disc& d : large_)
    if (hit(d, p, r)) return true;
  if (gridded_ == 0) return false;
  // The cells a disc centre within r + maxRadius_ may sit in; a query for a huge body would
  // visit more cells than there are discs: it scans the discs instead.
  const double reachCells = std::ceil((r + maxRadius_) / cell_);
  const bool flatQuery = flat_ && p.z() == 0.0;
  const double visits = std::pow(2.0 * reachCells + 1.0, flatQuery ? 2.0 : 3.0);
  if (!(visits <= static_cast<double>(gridded_))) {
    for (const auto& [key, discs] : cells_)
      for (const Disc& d : discs)
        if (hit(d, p, r)) return true;
    return false;
  }
  const int reach = static_cast<int>(reachCells);
  const int reachZ = flatQuery ? 0 : reach;
  const auto [cx, cy, cz] = coords(p);
  for (int dx = -reach; dx <= reach; ++dx)
    for (int dy = -reach; dy <= reach; ++dy)
      for (int dz = -reachZ; dz <= reachZ; ++dz) {
        const auto it = cells_.find(cellKey(cx + dx, cy + dy, cz + dz));
        if (it == cells_.end()) continue;
        for (const Disc& d : it->second)
          if (hit(d, p, r)) return true;
      }
  return false;
}

std::tuple<long, long, long> Occupancy::coords(const sim::Vec3& p) const {
  return {cellIndex(p.x(), cell_), cellIndex(p.y(), cell_), cellIndex(p.z(), cell_)};
}

std::vector<sim::Vec3> placeWithoutOverlap(const sim::World& world, const ObstacleIndex& obstacles, Occupancy& placed,
                                           const sim::Vec3& lo, const sim::Vec3& hi, double radius, std::size_t count,
                                           std::uint64_t seed, const SourceLocation& where, int dimension,
                                           const std::string& field) {
  const sim::Noise noise(seed);
  std::vector<sim::Vec3> out;
  out.reserve(count);
  // Generous, but bounded: an impossible region must fail, not loop for ever.
  const std::uint64_t maxAttempts = 2000 + 500 * static_cast<std::uint64_t>(count);
  std::uint64_t attempt = 0;
  // Why the tries failed, for the message: a region inside an obstacle read as one too small.
  std::uint64_t outside = 0, onAgents = 0, onObstacles = 0;
  while (out.size() < count) {
    if (attempt >= maxAttempts) {
      std::ostringstream m;
      m << (field.empty() ? "" : field + ": ") << "cannot place " << count << " agents of radius " << radius
        << " without overlap in this region (placed " << out.size() << " in " << attempt << " tries; failed tries: "
        << onObstacles << " on an obstacle, " << onAgents << " on another agent, " << outside << " outside the world)";
      throw InputError(where, m.str());
    }
    sim::Vec3 p;
    for (int k = 0; k < 3; ++k) p[k] = lo[k] + (hi[k] - lo[k]) * noise.uniform(attempt, 0, static_cast<std::uint64_t>(k));
    if (dimension == 2) p.z() = 0.0;
    ++attempt;
    if (!world.bounds.contains(p, dimension)) {
      ++outside;
      continue;
    }
    if (placed.overlaps(p, radius)) {
      ++onAgents;
      continue;
    }
    if (obstacles.first(geometry::xy(p), radius, [&](std::size_t k) {
          return sim::obstacleContains(world.obstacles[k], sim::Vec3::Zero(), p, radius);
        })) {
      ++onObstacles;
      continue;
    }
    placed.add(p, radius);
    out.push_back(p);
  }
  return out;
}

void requireRegionInWorld(const sim::World& world, const sim::Vec3& lo, const sim::Vec3& hi,
                          const SourceLocation& where, const std::string& field, int dimension) {
  static constexpr const char* kAxis[] = {"x", "y", "z"};
  for (int k = 0; k < dimension; ++k)
    if (hi[k] < world.bounds.min[k] || lo[k] > world.bounds.max[k]) {
      std::ostringstream m;
      m << field << ": the region lies outside the world (it spans " << kAxis[k] << " from " << lo[k] << " to "
        << hi[k] << ", the world from " << world.bounds.min[k] << " to " << world.bounds.max[k] << ")";
      throw InputError(where, m.str());
    }
}

void requireRoomFor(const sim::World& world, const sim::Vec3& lo, const sim::Vec3& hi, double radius,
                    std::size_t count, const SourceLocation& where, const std::string& field, int dimension) {
  // Centres lie in the region and in the world; each body reaches `radius` beyond its centre.
  double room = 1.0;
  for (int k = 0; k < dimension; ++k) {
    const double from = std::max(lo[k], world.bounds.min[k]), to = std::min(hi[k], world.bounds.max[k]);
    room *= std::max(0.0, to - from) + 2.0 * radius;
  }
  const double body = dimension == 3 ? 4.0 / 3.0 * geometry::kPi * radius * radius * radius : geometry::kPi * radius * radius;
  const double needed = static_cast<double>(count) * body;
  if (needed > room) {
    std::ostringstream m;
    m << field << ": " << count << " agents of radius " << radius << " cannot fit in the region: their bodies need "
      << needed << (dimension == 3 ? " m³" : " m²") << ", the region (within the world, widened by the radius) has "
      << room << (dimension == 3 ? " m³" : " m²");
    throw InputError(where, m.str());
  }
  // The placement is random sequential addition, which jams at about 54.7 % of the area covered
  // in 2D and 38.4 % of the volume in 3D (Feder 1980; Torquato, Uche and Stillinger 2006): a
  // large crowd above that fails only after millions of attempts (~50 s for 100,000 agents).
  // Small counts are left to the attempts, where the bound says less.
  const double jamming = dimension == 3 ? 0.42 : 0.6;  // a margin above the limits
  if (count >= 1000 && needed > jamming * room) {
    std::ostringstream m;
    m << field << ": " << count << " agents of radius " << radius << " would cover " << std::lround(100.0 * needed / room)
      << " % of the region (within the world, widened by the radius); random placement stops near "
      << (dimension == 3 ? "38 % of a volume" : "55 % of an area") << ": give a larger region or fewer agents";
    throw InputError(where, m.str());
  }
}

sim::Vec3 randomFreePosition(const sim::World& world, const ObstacleIndex& obstacles, Occupancy& occupied,
                             const sim::Vec3& lo, const sim::Vec3& hi, double radius, std::uint64_t seed,
                             const SourceLocation& where, int dimension) {
  return placeWithoutOverlap(world, obstacles, occupied, lo, hi, radius, 1, seed, where, dimension).front();
}

}  // namespace steer::experiments
