#include "steer/planning/hybrid_planner.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace steer::planning {

using geometry::Vec2;

HybridAutomaton HybridAutomaton::seekOrEscape() {
  HybridAutomaton a;
  a.modes = {{"seek", HybridMode::Strategy::Seek}, {"escape", HybridMode::Strategy::FollowWallLeft}};
  a.initial = "seek";
  a.transitions.push_back({"seek", "escape", {{HybridGuard::Kind::ProgressBelow, 0.5, 3.0}}});
  a.transitions.push_back(
      {"escape", "seek", {{HybridGuard::Kind::TargetVisible, 0.0, 0.0}, {HybridGuard::Kind::TimeInModeAbove, 1.0, 0.0}}});
  a.transitions.push_back({"escape", "seek", {{HybridGuard::Kind::CloserThanEntry, 1.0, 0.0}}});
  return a;
}

std::string HybridAutomaton::validate() const {
  if (modes.empty()) return "no modes";
  auto known = [&](const std::string& n) {
    return std::any_of(modes.begin(), modes.end(), [&](const HybridMode& m) { return m.name == n; });
  };
  for (std::size_t i = 0; i < modes.size(); ++i)
    for (std::size_t j = i + 1; j < modes.size(); ++j)
      if (modes[i].name == modes[j].name) return "mode '" + modes[i].name + "' declared twice";
  if (!initial.empty() && !known(initial)) return "unknown initial mode '" + initial + "'";
  for (const auto& t : transitions) {
    if (!known(t.from)) return "transition from unknown mode '" + t.from + "'";
    if (!known(t.to)) return "transition to unknown mode '" + t.to + "'";
    if (t.guards.empty()) return "transition " + t.from + " -> " + t.to + " has no guard";
    for (const auto& g : t.guards)
      if (g.kind == HybridGuard::Kind::ProgressBelow && !(g.window > 0.0)) return "progress_below needs window > 0";
  }
  return {};
}

namespace {
struct Named {
  const char* name;
  int value;
};
constexpr Named kStrategies[] = {{"seek", 0}, {"field", 1}, {"follow_wall_left", 2}, {"follow_wall_right", 3}, {"flee", 4}, {"wait", 5}};
constexpr Named kGuards[] = {{"target_visible", 0},     {"target_hidden", 1},  {"progress_below", 2}, {"time_in_mode_above", 3},
                             {"distance_below", 4},     {"distance_above", 5}, {"closer_than_entry", 6}};
}  // namespace

const char* strategyName(HybridMode::Strategy s) { return kStrategies[static_cast<int>(s)].name; }
bool parseStrategy(const std::string& name, HybridMode::Strategy& out) {
  for (const auto& n : kStrategies)
    if (name == n.name) return out = static_cast<HybridMode::Strategy>(n.value), true;
  return false;
}
const char* guardName(HybridGuard::Kind k) { return kGuards[static_cast<int>(k)].name; }
bool parseGuard(const std::string& name, HybridGuard::Kind& out) {
  for (const auto& n : kGuards)
    if (name == n.name) return out = static_cast<HybridGuard::Kind>(n.value), true;
  return false;
}

HybridPlanner::HybridPlanner(HybridPlannerParameters parameters)
    : parameters_(std::move(parameters)), fields_(parameters_.field, parameters_.cacheDir) {
  const std::string problem = parameters_.automaton.validate();
  if (!problem.empty()) throw std::invalid_argument("hybrid automaton: " + problem);
  if (parameters_.automaton.initial.empty()) parameters_.automaton.initial = parameters_.automaton.modes.front().name;
  transitionsFrom_.assign(parameters_.automaton.modes.size(), {});
  for (std::size_t t = 0; t < parameters_.automaton.transitions.size(); ++t)
    transitionsFrom_[modeIndex(parameters_.automaton.transitions[t].from)].push_back(static_cast<int>(t));
  for (const auto& m : parameters_.automaton.modes) needsField_ = needsField_ || m.strategy == HybridMode::Strategy::Field;
}

int HybridPlanner::modeIndex(const std::string& name) const {
  const auto& modes = parameters_.automaton.modes;
  for (std::size_t i = 0; i < modes.size(); ++i)
    if (modes[i].name == name) return static_cast<int>(i);
  return 0;
}

void HybridPlanner::prepare(const sim::World& world) {
  // Clear sight needs the static walls even when no mode follows the field; the fields
  // themselves are solved only when a mode uses them.
  HarmonicSettings s = parameters_.field;
  if (!needsField_) s.resolution = 4;
  fields_ = HarmonicFieldSet(s, needsField_ ? parameters_.cacheDir : std::filesystem::path{});
  if (needsField_) {
    fields_.prepare(world);
  } else {
    sim::World staticOnly = world;
    for (auto& a : staticOnly.agents) a.goals.clear();
    fields_.prepare(staticOnly);
  }
  agents_.assign(world.agents.size(), {});
  const int initial = modeIndex(parameters_.automaton.initial);
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    agents_[i].mode = initial;
    agents_[i].enteredAt = world.time;
    agents_[i].entryDistance = (sim::goalPoint(world, world.agents[i]) - world.agents[i].state.position).norm();
    agents_[i].goalIndex = world.agents[i].goalIndex;
  }
  changes_.clear();
}

bool HybridPlanner::holds(const HybridGuard& g, const sim::World& world, const sim::Agent&, const AgentMode& s,
                          double distance, bool visible) const {
  const double inMode = world.time - s.enteredAt;
  switch (g.kind) {
    case HybridGuard::Kind::TargetVisible: return visible;
    case HybridGuard::Kind::TargetHidden: return !visible;
    case HybridGuard::Kind::TimeInModeAbove: return inMode >= g.value;
    case HybridGuard::Kind::DistanceBelow: return distance < g.value;
    case HybridGuard::Kind::DistanceAbove: return distance > g.value;
    case HybridGuard::Kind::CloserThanEntry: return distance <= s.entryDistance - g.value;
    case HybridGuard::Kind::ProgressBelow: {
      if (inMode + 1e-9 < g.window || s.history.empty()) return false;
      // The sample at or just before now − W.
      double then = s.history.front().second;
      for (const auto& [t, d] : s.history) {
        if (t > world.time - g.window + 1e-9) break;
        then = d;
      }
      return then - distance < g.value;
    }
  }
  return false;
}

sim::Vec3 HybridPlanner::steer(const HybridMode& mode, const sim::World& world, const sim::Agent& agent) const {
  using S = HybridMode::Strategy;
  const sim::Vec3 direct = sim::directGoalDirection(world, agent);
  switch (mode.strategy) {
    case S::Seek: return direct;
    case S::Flee: return -direct;
    case S::Wait: return sim::Vec3::Zero();
    case S::Field: {
      const HarmonicField* f = fields_.fieldFor(world, agent);
      const Vec2 p = geometry::xy(agent.state.position);
      if (f == nullptr || fields_.clearSight(p, geometry::xy(sim::goalPoint(world, agent)), agent.radius)) return direct;
      const Vec2 d = f->descentDirection(p);
      return d.norm() > 0.0 ? geometry::lift(d) : direct;
    }
    case S::FollowWallLeft:
    case S::FollowWallRight: {
      const sim::Vec3& p = agent.state.position;
      double best = std::numeric_limits<double>::infinity();
      sim::Vec3 closest = p;
      for (const auto& piece : world.pieces()) {
        const double d = sim::distanceToPiece(piece, p);
        if (d < best) best = d, closest = sim::closestPointOnPiece(piece, p);
      }
      if (best > parameters_.wallSensing) return direct;
      Vec2 away = geometry::xy(p - closest);
      const double dist = away.norm();
      if (dist < 1e-9) return direct;
      away /= dist;
      // Tangent with the wall on the chosen side: rotating "away" by +90° keeps it on the left.
      const double side = mode.strategy == S::FollowWallLeft ? 1.0 : -1.0;
      const Vec2 tangent = side * Vec2(-away.y(), away.x());
      const double standoff = agent.radius + parameters_.wallDistance;
      // Proportional correction towards the standoff distance, saturated at 45°.
      const double correction = std::clamp((standoff - dist) / standoff, -1.0, 1.0);
      return geometry::lift((tangent + correction * away).normalized());
    }
  }
  return direct;
}

void HybridPlanner::plan(const sim::World& world, const sim::NeighborProvider&, std::span<sim::Vec3> goals) {
  if (agents_.size() != world.agents.size()) prepare(world);
  const auto& modes = parameters_.automaton.modes;
  const auto& transitions = parameters_.automaton.transitions;
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    const sim::Agent& agent = world.agents[i];
    if (!agent.enabled) continue;
    AgentMode& s = agents_[i];
    // The automaton steers towards a place: for a goal with none to approach (idle, flee, flow,
    // or none left for an agent that stays) its guards mean nothing (the distance to "the aim",
    // the agent itself, never shrinks, so "no progress" held and it went following walls while
    // idling or after arriving); such an agent gets the goal's own direction.
    const sim::Goal* goal = world.currentGoal(agent);
    if (goal == nullptr || !goal->approachesPlace()) {
      goals[i] = sim::directGoalDirection(world, agent);
      continue;
    }
    const sim::Vec3 aim = sim::goalPoint(world, agent);
    const double distance = (aim - agent.state.position).norm();
    const bool visible = fields_.clearSight(geometry::xy(agent.state.position), geometry::xy(aim), agent.radius);
    if (agent.goalIndex != s.goalIndex) {
      // A new goal: the automaton starts again in its initial mode, and its distances are to the
      // new aim (compared with the last goal's, "no progress" fired the moment it was reached).
      const int initial = modeIndex(parameters_.automaton.initial);
      if (s.mode != initial) changes_.push_back({world.time, static_cast<sim::AgentIndex>(i), modes[s.mode].name, modes[initial].name});
      s.mode = initial;
      s.goalIndex = agent.goalIndex;
      s.enteredAt = world.time;
      s.entryDistance = distance;
      s.history.clear();
    }
    s.history.emplace_back(world.time, distance);
    double longest = 0.0;
    for (const auto& t : transitions)
      for (const auto& g : t.guards) longest = std::max(longest, g.window);
    while (s.history.size() > 2 && s.history[1].first < world.time - longest - 1e-9) s.history.pop_front();
    for (const int t : transitionsFrom_[s.mode]) {
      const auto& tr = transitions[t];
      bool all = true;
      for (const auto& g : tr.guards) all = all && holds(g, world, agent, s, distance, visible);
      if (!all) continue;
      changes_.push_back({world.time, static_cast<sim::AgentIndex>(i), modes[s.mode].name, tr.to});
      s.mode = modeIndex(tr.to);
      s.enteredAt = world.time;
      s.entryDistance = distance;
      s.history.assign(1, {world.time, distance});
      break;
    }
    goals[i] = steer(modes[s.mode], world, agent);
  }
}

std::string_view HybridPlanner::mode(sim::AgentIndex agent) const {
  if (agent >= agents_.size()) return parameters_.automaton.initial;
  return parameters_.automaton.modes[agents_[agent].mode].name;
}

}  // namespace steer::planning
