#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "cell_key.hpp"
#include "number_text.hpp"
#include "obstacle_checks.hpp"
#include "steer/experiments/scenario.hpp"

namespace steer::experiments {

namespace {
SourceLocation agentLocation(const Scenario& s, std::size_t i) {
  return i < s.sources.size() ? s.sources[i].agent : SourceLocation{s.file, 0, 0};
}
SourceLocation goalLocation(const Scenario& s, std::size_t i, std::size_t g) {
  if (i < s.sources.size() && g < s.sources[i].goals.size()) return s.sources[i].goals[g];
  return agentLocation(s, i);
}
std::string agentLabel(const Scenario& s, const sim::Agent& a) {
  std::string label = "agent " + std::to_string(a.id) + (a.name.empty() ? "" : " '" + a.name + "'");
  if (a.id < s.sources.size() && !s.sources[a.id].path.empty()) label = s.sources[a.id].path + ": " + label;
  return label;
}
// A body counts as starting inside an obstacle once it overlaps it by more than this (m); the
// same tolerance as a collision (ARCHITECTURE.md §5).
constexpr double kOverlap = 1e-3;

// A region goal is reached when the agent's centre is inside the box: a box without area, or
// one that lies outside the world or wholly inside a solid obstacle, cannot be reached.
void checkRegionGoal(const Scenario& s, const ObstacleIndex& index, std::size_t i, std::size_t g) {
  const sim::Agent& a = s.world.agents[i];
  const geometry::AlignedBox& box = a.goals[g].region;
  const std::string what = agentLabel(s, a) + ": goal " + std::to_string(g);
  if (!box.min.allFinite() || !box.max.allFinite() || !(box.max.x() > box.min.x()) || !(box.max.y() > box.min.y()))
    throw InputError(goalLocation(s, i, g), what + ": the region needs max > min in x and y");
  const sim::Vec3& lo = s.world.bounds.min;
  const sim::Vec3& hi = s.world.bounds.max;
  const sim::Goal& goal = a.goals[g];
  if (!(box.max.x() > lo.x() && box.min.x() < hi.x() && box.max.y() > lo.y() && box.min.y() < hi.y() &&
        goal.regionZMax >= lo.z() && goal.regionZMin <= hi.z()))
    throw InputError(goalLocation(s, i, g), what + ": the region is outside the world bounds");
  // An obstacle that holds the box holds its corner box.min: only those near it are candidates.
  const auto holder = index.first(box.min, 0.0, [&](std::size_t o) {
    const auto& obstacle = s.world.obstacles[o];
    if (!obstacle.isStatic() || std::holds_alternative<geometry::Segment>(obstacle.shape)) return false;
    // May be concave: samples would not prove it; the exact test (geometry::contains) does.
    if (const auto* polygon = std::get_if<geometry::Polygon>(&obstacle.shape)) return geometry::contains(*polygon, box);
    // The corners decide for a convex shape; the grid guards the boundary. In 3D the box spans
    // the goal's z range (a sphere far below or above it does not hold it; a prism holds every z).
    const bool space = s.world.dimension == 3;
    const double z0 = space ? std::max(goal.regionZMin, lo.z()) : 0.0;  // the part in the world
    const double z1 = space ? std::min(goal.regionZMax, hi.z()) : 0.0;
    bool inside = true;
    for (int u = 0; u <= 4 && inside; ++u)
      for (int v = 0; v <= 4 && inside; ++v)
        for (int w = 0; w <= (space ? 2 : 0) && inside; ++w) {
          const geometry::Vec2 q = box.min + (box.max - box.min).cwiseProduct(geometry::Vec2(u / 4.0, v / 4.0));
          const double z = z0 + (z1 - z0) * (w / 2.0);
          inside = sim::obstacleContains(obstacle, sim::Vec3::Zero(), sim::Vec3(q.x(), q.y(), z), 0.0);
        }
    return inside;
  });
  if (holder) throw InputError(goalLocation(s, i, g), what + ": the region lies inside obstacle " + std::to_string(*holder));
}

// Bodies that overlap at the start (by more than the collision tolerance) are an error, as a
// start inside an obstacle is: the run would count a collision at t = 0, and agents at one point
// have no direction from each other (the local layer's repulsion is undefined there). Each body
// is listed under every cell of a uniform grid (cells of twice the median radius) that its box
// covers, the list is sorted by cell, and the bodies sharing a cell are compared: O(n log n) for
// a crowd, also for a column along one axis (a sweep along x alone was O(n²) there). A body
// covering very many cells (one huge agent) is compared with every agent instead. The reported
// pair is the lowest later id, then the lowest earlier id. (A hash map of a vector per cell took
// ~6 s of `steer check`'s 14 s for 1,000,000 agents, most of it in its allocations.)
void checkStartOverlaps(const Scenario& s) {
  const auto& agents = s.world.agents;
  std::vector<double> radii;
  for (const auto& a : agents)
    if (a.enabled) radii.push_back(a.radius);
  if (radii.size() < 2) return;
  std::nth_element(radii.begin(), radii.begin() + radii.size() / 2, radii.end());
  const double cell = std::max(2.0 * radii[radii.size() / 2], 1e-9);
  const int layers = s.world.dimension == 3 ? 1 : 0;  // cells along z: only in 3D
  const auto cellOf = [&](double v) { return cellIndex(v, cell); };
  constexpr long kMaxCellsPerBody = 4096;
  std::vector<std::pair<std::uint64_t, std::size_t>> listed;  // (cell key, agent)
  listed.reserve(4 * radii.size());
  std::vector<std::size_t> large;
  for (std::size_t i = 0; i < agents.size(); ++i) {
    const sim::Agent& a = agents[i];
    if (!a.enabled) continue;
    const sim::Vec3& p = a.state.position;
    const long x0 = cellOf(p.x() - a.radius), x1 = cellOf(p.x() + a.radius);
    const long y0 = cellOf(p.y() - a.radius), y1 = cellOf(p.y() + a.radius);
    const long z0 = layers ? cellOf(p.z() - a.radius) : 0, z1 = layers ? cellOf(p.z() + a.radius) : 0;
    if ((x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1) > kMaxCellsPerBody) {
      large.push_back(i);
      continue;
    }
    for (long z = z0; z <= z1; ++z)
      for (long y = y0; y <= y1; ++y)
        for (long x = x0; x <= x1; ++x) listed.emplace_back(cellKey(x, y, z), i);
  }
  std::sort(listed.begin(), listed.end());
  constexpr std::size_t kNoAgent = std::numeric_limits<std::size_t>::max();
  std::pair<std::size_t, std::size_t> first{kNoAgent, kNoAgent};  // (later, earlier)
  const auto compare = [&](std::size_t later, std::size_t earlier) {
    if (std::pair{later, earlier} >= first) return;
    const sim::Agent &a = agents[later], &b = agents[earlier];
    if (a.radius + b.radius - (a.state.position - b.state.position).norm() > kOverlap) first = {later, earlier};
  };
  for (std::size_t run = 0; run < listed.size();) {
    std::size_t end = run + 1;
    while (end < listed.size() && listed[end].first == listed[run].first) ++end;
    // Ascending agents within a cell: the later one of a pair is the second.
    for (std::size_t k = run + 1; k < end && listed[k].second < first.first; ++k)
      for (std::size_t j = run; j < k; ++j) compare(listed[k].second, listed[j].second);
    run = end;
  }
  for (const std::size_t l : large)
    for (std::size_t j = 0; j < agents.size(); ++j)
      if (j != l && agents[j].enabled) compare(std::max(l, j), std::min(l, j));
  if (first.first == kNoAgent) return;
  const std::size_t i = first.first, j = first.second;
  const sim::Agent &a = agents[i], &b = agents[j];
  const double overlap = a.radius + b.radius - (a.state.position - b.state.position).norm();
  std::ostringstream what;
  what << agentLabel(s, a) << ": starts overlapping agent " << b.id << (b.name.empty() ? "" : " '" + b.name + "'");
  if (j < s.sources.size() && !s.sources[j].path.empty()) what << " (" << s.sources[j].path << ")";
  what << " by " << std::setprecision(3) << overlap << " m";
  throw InputError(agentLocation(s, i), what.str());
}
}  // namespace

void validateScenario(const Scenario& s, const ReplacedSettings& replaced) {
  const sim::World& w = s.world;
  if (!(s.settings.dt > 0.0) || !std::isfinite(s.settings.dt)) throw InputError({s.file, 0, 0}, "dt must be > 0");
  if (!(s.settings.duration > 0.0) || !std::isfinite(s.settings.duration))
    throw InputError({s.file, 0, 0}, "duration must be > 0");
  // dt: 5e-324 passes "dt > 0" and then never finishes; 10^8 steps is days of computing.
  if (!replaced.dt && !replaced.duration && s.settings.duration / s.settings.dt > 1e8) {
    // The message asks about dt: its key when the file gives it, else the duration's.
    const bool dtGiven = s.dtAt.line > 0, durationGiven = s.durationAt.line > 0;
    throw InputError(dtGiven ? s.dtAt : durationGiven ? s.durationAt : SourceLocation{s.file, 0, 0},
                     std::string(dtGiven ? "dt: " : durationGiven ? "duration: " : "") +
                         "duration / dt is over 10^8 steps: is dt in seconds?");
  }
  // Far from the origin, neighbouring doubles are far apart: a 0.01 m world at 1e15 m (where
  // they are 0.125 m apart) kept its agent where it stood while its speed read 1.3 m/s. The world
  // must resolve a billionth of its smallest side.
  {
    double reach = 0.0, side = std::numeric_limits<double>::infinity();
    for (int k = 0; k < w.dimension; ++k) {
      reach = std::max({reach, std::abs(w.bounds.min[k]), std::abs(w.bounds.max[k])});
      side = std::min(side, w.bounds.max[k] - w.bounds.min[k]);
    }
    const double gap = std::nextafter(reach, std::numeric_limits<double>::infinity()) - reach;
    if (gap > 1e-9 * side) {
      std::ostringstream what;
      what << "world: coordinates as far as " << reach << " m from the origin are " << gap
           << " m apart, more than a billionth of the world's smallest side (" << side
           << " m): motions that small are lost (move the world nearer the origin)";
      throw InputError(s.worldAt.line > 0 ? s.worldAt : SourceLocation{s.file, 0, 0}, what.str());
    }
  }
  for (std::size_t o = 0; o < w.obstacles.size(); ++o) {
    if (const auto* ball = std::get_if<geometry::Ball>(&w.obstacles[o].shape); ball != nullptr && !(ball->radius > 0.0))
      throw InputError({s.file, 0, 0}, "obstacle " + std::to_string(o) + ": radius must be > 0");
  }
  const ObstacleIndex index(w.obstacles);
  for (std::size_t i = 0; i < w.agents.size(); ++i) {
    const sim::Agent& a = w.agents[i];
    const SourceLocation at = agentLocation(s, i);
    if (!a.state.position.allFinite() || !a.state.direction.allFinite() || !std::isfinite(a.state.speed))
      throw InputError(at, agentLabel(s, a) + ": position, direction and speed must be finite");
    if (!(a.radius > 0.0)) throw InputError(at, agentLabel(s, a) + ": radius must be > 0");
    if (!(a.nearRadius > 0.0)) throw InputError(at, agentLabel(s, a) + ": near_radius must be > 0");
    if (!(a.maxSpeed > 0.0)) throw InputError(at, agentLabel(s, a) + ": max_speed must be > 0");
    if (!w.bounds.contains(a.state.position, w.dimension))
      throw InputError(at, agentLabel(s, a) + ": starts outside the world bounds");
    // A body wider than the world (a group of them is refused by its count check already).
    for (int k = 0; k < w.dimension; ++k)
      if (2.0 * a.radius > w.bounds.max[k] - w.bounds.min[k])
        throw InputError(at, agentLabel(s, a) + ": radius " + numberText(a.radius) + " m: the body is wider than the world (" +
                                 numberText(w.bounds.max[k] - w.bounds.min[k]) + " m along " + "xyz"[k] + ")");
    if (const auto o = index.first(geometry::xy(a.state.position), a.radius, [&](std::size_t k) {
          return sim::obstacleContains(w.obstacles[k], sim::Vec3::Zero(), a.state.position, a.radius - kOverlap);
        }))
      throw InputError(at, agentLabel(s, a) + ": starts inside obstacle " + std::to_string(*o));
    // A near disk inside the body sees nothing before it touches: two such agents walked into each
    // other, 1.84 m deep, without a word.
    if (a.nearRadius < a.radius)
      throw InputError(at, agentLabel(s, a) + ": near_radius " + numberText(a.nearRadius) + " m lies inside the body (radius " +
                               numberText(a.radius) + " m): the agent would see nothing before touching it; make it larger");
    for (std::size_t g = 0; g < a.goals.size(); ++g) {
      const sim::Goal& goal = a.goals[g];
      if (goal.kind == sim::Goal::Kind::SeekRegion) checkRegionGoal(s, index, i, g);
      const bool seek = goal.kind == sim::Goal::Kind::Seek, flee = goal.kind == sim::Goal::Kind::Flee;
      if (!(seek || flee) || goal.target.kind != sim::Target::Kind::Point) continue;
      const sim::Vec3& p = goal.target.point;
      if (!p.allFinite()) throw InputError(goalLocation(s, i, g), agentLabel(s, a) + ": goal must be finite");
      if (!w.bounds.contains(p, w.dimension))
        throw InputError(goalLocation(s, i, g), agentLabel(s, a) + ": goal " + std::to_string(g) + " is outside the world bounds");
      // A point to flee from may well lie in an obstacle (a fire in a building).
      if (!seek) continue;
      if (const auto o = index.first(geometry::xy(p), 0.0, [&](std::size_t k) {
            return sim::obstacleContains(w.obstacles[k], sim::Vec3::Zero(), p, 0.0);
          }))
        throw InputError(goalLocation(s, i, g),
                         agentLabel(s, a) + ": goal " + std::to_string(g) + " is inside obstacle " + std::to_string(*o));
    }
  }
  checkStartOverlaps(s);
}

}  // namespace steer::experiments
