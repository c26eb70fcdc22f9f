#include "check_command.hpp"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <type_traits>
#include <variant>

#include "number_text.hpp"
#include "part_configs.hpp"
#include "steer/experiments/factory.hpp"

namespace steer::experiments {

namespace {

// "0.3 m" for one value, "0.25-0.4 m" for a range.
template <class Get>
std::string range(const std::vector<sim::Agent>& agents, Get&& get, const char* unit) {
  double lo = get(agents.front()), hi = lo;
  for (const auto& a : agents) {
    lo = std::min(lo, get(a));
    hi = std::max(hi, get(a));
  }
  return (lo == hi ? numberText(lo) : numberText(lo) + "-" + numberText(hi)) + " " + unit;
}

// "3 boxes, 1 segment" (in the order of the first of each kind); each name is "singular|plural".
std::string counted(const std::vector<std::pair<std::string, int>>& counts) {
  std::string out;
  for (const auto& [what, n] : counts) {
    const auto bar = what.find('|');
    out += (out.empty() ? "" : ", ") + std::to_string(n) + " " + (n == 1 ? what.substr(0, bar) : what.substr(bar + 1));
  }
  return out;
}

// Counts one more `what`, kept in the order of first appearance.
void add(std::vector<std::pair<std::string, int>>& counts, const std::string& what) {
  for (auto& [name, n] : counts)
    if (name == what) {
      ++n;
      return;
    }
  counts.push_back({what, 1});
}

// The scenario file's names (docs/scenario-reference.md), as "singular|plural".
std::string obstacleKind(const sim::Obstacle& o, int dimension) {
  return std::visit(
      [&](const auto& shape) -> std::string {
        using T = std::decay_t<decltype(shape)>;
        if constexpr (std::is_same_v<T, geometry::Ball>) return dimension == 3 ? "sphere|spheres" : "circle|circles";
        else if constexpr (std::is_same_v<T, geometry::Segment>) return "segment|segments";
        else if constexpr (std::is_same_v<T, geometry::Polygon>) return "polygon|polygons";
        else if constexpr (std::is_same_v<T, geometry::AlignedBox>) return "box|boxes";
        else return "oriented_box|oriented_boxes";
      },
      o.shape);
}

std::string goalKind(sim::Goal::Kind kind) {
  switch (kind) {
    case sim::Goal::Kind::Seek: return "seek|seek";
    case sim::Goal::Kind::Flee: return "flee|flee";
    case sim::Goal::Kind::FlowDirection: return "flow|flow";
    case sim::Goal::Kind::SeekRegion: return "region|region";
    case sim::Goal::Kind::Idle: return "idle|idle";
  }
  return "goal|goals";
}

std::string bounds(const sim::World& w) {
  std::string out;
  for (int k = 0; k < w.dimension; ++k)
    out += (k > 0 ? " x " : "") + ("[" + numberText(w.bounds.min[k]) + ", " + numberText(w.bounds.max[k]) + "]");
  return out + " m";
}

// Which configuration sections the file (or a --param) gives, and whether the run reads them:
// each is checked whatever the model, but a `reynolds:` section does nothing to a Goldenstein
// run. The Reynolds model's behaviors are named, so that a --param on them shows.
void sections(const Scenario& s, std::ostream& out) {
  const auto given = [](const YAML::Node& n) { return n.IsDefined() && !n.IsNull(); };
  std::string list;
  const auto note = [&](const char* name, const YAML::Node& node, bool used) {
    if (!given(node)) return;
    list += (list.empty() ? "" : ", ") + std::string(name) + (used ? "" : " (not read by the " + s.model + " model)");
  };
  note("local", s.local, s.model == "goldenstein");
  note("reynolds", s.reynolds, s.model == "reynolds");
  note("planning", s.planning, true);
  note("environment", s.environment, true);
  out << "  sections: " << (list.empty() ? std::string("none (every default)") : list) << "\n";
  if (s.model != "reynolds") return;
  const reynolds::ReynoldsParameters p = readReynoldsParameters(s);
  const auto names = [](const std::vector<reynolds::BehaviorSpec>& behaviors) {
    std::string text;
    for (const auto& b : behaviors) text += (text.empty() ? "" : ", ") + std::string(reynolds::behaviorName(b.kind));
    return text.empty() ? std::string("none") : text;
  };
  if (p.states.empty()) {
    out << "  reynolds behaviors: " << names(p.behaviors) << "\n";
    return;
  }
  for (const auto& state : p.states) out << "  reynolds state " << state.name << ": " << names(state.behaviors) << "\n";
}

void summary(const Scenario& s, std::ostream& out) {
  const sim::World& w = s.world;
  const auto steps = static_cast<long long>(std::ceil(s.settings.duration / s.settings.dt - 1e-9));
  out << s.file << ": valid (read as steer run reads it; nothing was run or written)\n";
  out << "  scenario: " << s.name << ", " << w.dimension << "D, world " << bounds(w) << "\n";
  out << "  run: model " << s.model << ", planner " << s.planner << ", neighbors " << s.neighbors << ", integrator "
      << sim::integratorName(s.settings.integrator.kind) << ", dt " << numberText(s.settings.dt) << " s, duration "
      << numberText(s.settings.duration) << " s (" << steps << " steps), seed " << s.settings.seed << "\n";
  if (w.agents.empty()) {
    out << "  agents: none\n";
  } else {
    std::vector<std::pair<std::string, int>> groups;
    int alone = 0;
    for (const auto& a : w.agents)
      if (a.group.empty()) ++alone;
      else add(groups, a.group);
    std::string where;
    for (const auto& [name, n] : groups) where += (where.empty() ? "" : ", ") + std::to_string(n) + " in " + name;
    if (alone > 0 && !groups.empty()) where += ", " + std::to_string(alone) + " on their own";
    out << "  agents: " << w.agents.size();
    if (!groups.empty()) out << " (" << where << ")";
    out << "; radius " << range(w.agents, [](const sim::Agent& a) { return a.radius; }, "m") << ", desired speed "
        << range(w.agents, [](const sim::Agent& a) { return a.desiredSpeed; }, "m/s") << ", max speed "
        << range(w.agents, [](const sim::Agent& a) { return a.maxSpeed; }, "m/s") << ", near radius "
        << range(w.agents, [](const sim::Agent& a) { return a.nearRadius; }, "m") << "\n";
    std::vector<std::pair<std::string, int>> goals;
    int without = 0;
    for (const auto& a : w.agents) {
      if (a.goals.empty()) ++without;
      for (const auto& g : a.goals) add(goals, goalKind(g.kind));
    }
    out << "  goals: " << (goals.empty() ? std::string("none") : counted(goals));
    if (without > 0 && !goals.empty()) out << "; " << without << " agents without goals";
    out << "\n";
  }
  // The file's obstacles (a SteerSuite case's after conversion), then the walls that close the
  // world, which the file gives as `walls: true`.
  const std::size_t own = w.obstacles.size() - s.worldWalls;
  std::vector<std::pair<std::string, int>> kinds;
  int moving = 0;
  for (std::size_t k = 0; k < own; ++k) {
    add(kinds, obstacleKind(w.obstacles[k], w.dimension));
    if (!w.obstacles[k].isStatic()) ++moving;
  }
  out << "  obstacles: " << (own == 0 ? std::string("none") : std::to_string(own) + " (" + counted(kinds) + ")");
  if (moving > 0) out << ", " << moving << " moving";
  if (isSteerSuitePath(s.file) && own > 0) out << " (as converted from SteerSuite's)";
  if (s.worldWalls > 0)
    out << "; the world closed by " << s.worldWalls << " walls along its bounds" << (w.dimension == 3 ? " (its sides, not its floor or ceiling)" : "");
  else
    out << "; the world's bounds are not walls";
  out << "\n";
  sections(s, out);
}

}  // namespace

int checkCommand(const std::string& path, const RunOverrides& overrides) {
  try {
    Scenario scenario = loadWithOverrides(path, overrides);
    validateScenario(scenario);
    // The parts' own sections (local, reynolds, planning, environment) are read as the run's
    // set-up reads them; the steps, and the harmonic field's solve, are not made.
    (void)makeSimulation(scenario);
    scenarioNotes(scenario, "steer check");
    idleAgentsNote(scenario, "steer check");
    summary(scenario, std::cout);
  } catch (const InputError& e) {
    reportInputError(withParams(e, overrides.params));
    return 2;
  } catch (const std::exception& e) {
    std::cerr << path << ": internal error while reading: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

}  // namespace steer::experiments
