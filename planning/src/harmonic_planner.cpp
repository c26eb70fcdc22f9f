#include "steer/planning/harmonic_planner.hpp"

#include <algorithm>
#include <stdexcept>
#include <variant>

#include "steer/geometry/distance.hpp"
#include "steer/planning/field_cache.hpp"

namespace steer::planning {

using geometry::Vec2;

bool HarmonicFieldSet::staticTarget(const sim::Goal& goal, TargetRegion& out) {
  if (goal.kind == sim::Goal::Kind::SeekRegion) {
    out = {TargetRegion::Kind::Box, Vec2::Zero(), 0.0, goal.region};
    return true;
  }
  if (goal.kind != sim::Goal::Kind::Seek) return false;
  const sim::Target& t = goal.target;
  Vec2 point;
  if (t.kind == sim::Target::Kind::Point) point = geometry::xy(t.point);
  else if (t.kind == sim::Target::Kind::Path && t.path.waypoints.size() == 1) point = geometry::xy(t.path.waypoints.front());
  else return false;
  out = {TargetRegion::Kind::Disc, point, std::max(goal.reachRadius, 0.0), {}};
  return true;
}

HarmonicFieldSet::Key HarmonicFieldSet::keyOf(const TargetRegion& t) {
  if (t.kind == TargetRegion::Kind::Box)
    return {1, t.box.min.x(), t.box.min.y(), t.box.max.x(), t.box.max.y(), 0.0};
  return {0, t.center.x(), t.center.y(), t.radius, 0.0, 0.0};
}

void HarmonicFieldSet::prepare(const sim::World& world) {
  // The fields live on a grid of the x–y plane: in a 3D world an agent followed their flat
  // streamlines without a word (the scenario readers refuse it; a program building its own did not).
  if (world.dimension != 2)
    throw std::invalid_argument("harmonic fields are 2D (a grid of the x-y plane); the world is 3D: use the direct planner");
  fields_.clear();
  minima_.clear();
  cacheHits_ = 0;
  agentsCutOff_ = 0;
  solveSeconds_ = 0.0;
  std::vector<geometry::Ball> circles;
  for (const auto& o : world.obstacles)
    if (o.isStatic())
      if (const auto* b = std::get_if<geometry::Ball>(&o.shape)) circles.push_back(*b);
  walls_ = WallGrid(world.staticWalls(), circles);
  raster_ = rasterizeStaticObstacles(world, GridSpec::over(world.bounds, settings_.resolution),
                                     clearanceFor(settings_, world));
  for (const auto& agent : world.agents)
    for (const auto& goal : agent.goals) {
      TargetRegion target;
      if (!staticTarget(goal, target)) continue;
      const Key key = keyOf(target);
      if (fields_.count(key) != 0) continue;
      Raster r = withTarget(raster_, target);
      const std::uint64_t cacheKey = fieldKey(r, settings_);
      std::shared_ptr<const HarmonicField> field;
      if (auto cached = loadCachedField(cacheDir_, cacheKey)) {
        ++cacheHits_;
        field = std::make_shared<const HarmonicField>(std::move(*cached));
      } else {
        field = std::make_shared<const HarmonicField>(solveHarmonicField(std::move(r), settings_));
        solveSeconds_ += field->stats().seconds;
        storeCachedField(cacheDir_, cacheKey, *field);
      }
      // One pass over the grid (a walk from each cell, memoized): small beside a solve.
      minima_[key] = countLocalMinima(*field);
      fields_[key] = std::move(field);
    }
  // Agents the field of their first static target cannot lead from where they start: cut off
  // from it (a sealed room, or a door the clearance closed). They head straight for the target
  // instead, which is easy to miss without being told.
  for (const auto& agent : world.agents)
    for (const auto& goal : agent.goals) {
      TargetRegion target;
      if (!staticTarget(goal, target)) continue;
      const HarmonicField& field = *fields_.at(keyOf(target));
      if (field.descentDirection(geometry::xy(agent.state.position)).isZero()) ++agentsCutOff_;
      break;
    }
}

std::vector<sim::PlannerFigure> HarmonicFieldSet::figures() const {
  double notConverged = 0, iterations = 0, finalUpdate = 0, freeCells = 0, minima = 0, disconnected = 0;
  for (const auto& [key, field] : fields_) {
    const HarmonicStats& s = field->stats();
    notConverged += s.converged ? 0 : 1;
    iterations += static_cast<double>(s.iterations);
    finalUpdate = std::max(finalUpdate, s.finalUpdate);
    const LocalMinimaReport& m = minima_.at(key);
    freeCells += static_cast<double>(m.freeCells);
    minima += static_cast<double>(m.localMinima);
    disconnected += static_cast<double>(m.disconnected);
  }
  return {{"fields", static_cast<double>(fields_.size()), true},
          {"fields_from_cache", static_cast<double>(cacheHits_), true},
          {"fields_not_converged", notConverged, true},
          {"field_iterations", iterations, true},
          {"field_final_update", finalUpdate},
          {"field_solve_seconds", solveSeconds_},
          {"field_free_cells", freeCells, true},
          {"field_local_minimum_cells", minima, true},
          {"field_disconnected_cells", disconnected, true},
          {"agents_cut_off_at_start", static_cast<double>(agentsCutOff_), true}};
}

const HarmonicField* HarmonicFieldSet::fieldFor(const sim::World& world, const sim::Agent& agent) const {
  const sim::Goal* goal = world.currentGoal(agent);
  TargetRegion target;
  if (goal == nullptr || !staticTarget(*goal, target)) return nullptr;
  const auto it = fields_.find(keyOf(target));
  return it == fields_.end() ? nullptr : it->second.get();
}

bool HarmonicFieldSet::clearSight(const Vec2& from, const Vec2& to, double radius) const {
  return !walls_.anyWithin({from, to}, radius);
}

HarmonicPlanner::HarmonicPlanner(HarmonicPlannerParameters parameters)
    : parameters_(std::move(parameters)), fields_(parameters_.field, parameters_.cacheDir), direct_(parameters_.direct) {}

void HarmonicPlanner::prepare(const sim::World& world) { fields_.prepare(world); }

void HarmonicPlanner::plan(const sim::World& world, const sim::NeighborProvider& environment, std::span<sim::Vec3> goals) {
  modes_.assign(world.agents.size(), Mode::Direct);
  directGoals_.assign(world.agents.size(), sim::Vec3::Zero());
  direct_.plan(world, environment, directGoals_);
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    const sim::Agent& agent = world.agents[i];
    if (!agent.enabled) continue;
    goals[i] = directGoals_[i];
    const HarmonicField* field = fields_.fieldFor(world, agent);
    if (field == nullptr) continue;  // no static target: direct
    const Vec2 p = geometry::xy(agent.state.position);
    if (fields_.clearSight(p, geometry::xy(sim::goalPoint(world, agent)), agent.radius)) {
      modes_[i] = Mode::Sight;
      continue;
    }
    const Vec2 d = field->descentDirection(p);
    if (d.norm() == 0.0) continue;  // cut off from the target, or deep in an obstacle: direct
    goals[i] = geometry::lift(d);
    modes_[i] = Mode::Field;
  }
}

std::string_view HarmonicPlanner::mode(sim::AgentIndex agent) const {
  if (agent >= modes_.size()) return "direct";
  switch (modes_[agent]) {
    case Mode::Field: return "field";
    case Mode::Sight: return "sight";
    case Mode::Direct: break;
  }
  return "direct";
}

}  // namespace steer::planning
