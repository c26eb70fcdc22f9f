// The `reynolds:` section of a scenario (issue #6): combiner, behaviors with weights, priorities,
// probabilities and parameters, think rate, vehicle, state machine, the pigeons' avatar,
// claps and contagion, and the resources that forage behaviors consume. Every key is read through YamlMap, so unknown keys are errors with their
// location and key path.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "edit_distance.hpp"
#include "part_configs.hpp"
#include "steer/reynolds/pigeons.hpp"
#include "yaml_support.hpp"

namespace steer::experiments {

namespace {

using yaml::YamlMap;
constexpr double kDeg = 3.14159265358979323846 / 180.0;
// Explore keeps a last-seen time per cell and agent: bound what a scenario may ask for.
constexpr double kMaxExploreCells = 1e6;
constexpr double kMaxExploreMemory = 2e7;  // agents × cells (8 bytes each)

// A count that may be far beyond any integer type (a cell_size of 1e-300 gave 1e600 cells, which
// printed as -9223372036854775808): three significant digits.
std::string roughCount(double count) {
  if (!std::isfinite(count)) return "more than 1e308";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", count);
  return buffer;
}

struct ReynoldsReader {
  const Scenario& s;
  std::map<std::string, int> stateIndex;

  sim::AgentIndex agentNamed(const YamlMap& m, const std::string& key) const {
    const std::string name = m.requiredString(key);
    for (const auto& a : s.world.agents)
      if (a.name == name) return a.id;
    m.fail(key, "no agent named '" + name + "'");
  }

  void neighborhood(const YamlMap& m, reynolds::Neighborhood& n) const {
    n.distance = m.positive("distance", n.distance);
    n.angle = m.number("angle_deg", n.angle / kDeg, 0.0, 180.0) * kDeg;
  }

  // A point the agents are to reach (a way-point, a spine point, a point to seek) lies in the world.
  geometry::Vec3 reachedPoint(const YAML::Node& n, const std::string& at) const {
    const geometry::Vec3 p = yaml::toPoint(s.file, n, at, s.world.dimension);
    yaml::requireInWorld(s.file, n, at, p, s.world.bounds, s.world.dimension);
    return p;
  }

  // How far p is from the world's box (0 inside it), over the scenario's axes.
  double distanceToWorld(const geometry::Vec3& p) const {
    double squared = 0.0;
    for (int k = 0; k < s.world.dimension; ++k) {
      const double out = std::max({s.world.bounds.min[k] - p[k], 0.0, p[k] - s.world.bounds.max[k]});
      squared += out * out;
    }
    return std::sqrt(squared);
  }

  sim::Path path(const YamlMap& m) const {
    sim::Path p;
    m.forEach("waypoints", [&](const YAML::Node& n, const std::string& at) { p.waypoints.push_back(reachedPoint(n, at)); });
    if (p.waypoints.empty()) m.fail("waypoints", "a path needs at least one way-point");
    p.speed = m.positive("speed", p.speed);
    p.loop = m.boolean("loop", p.loop);
    return p;
  }

  void zone(const YamlMap& m, reynolds::AvatarZone& z) const {
    z.radius = m.positive("radius", z.radius);
    z.velocityWeight = m.number("velocity_weight", z.velocityWeight, 0.0, 1e6);
  }

  // After "unknown behavior 'W'": the behavior W is a misspelling of, else those whose names hold
  // it ("seek": seek_goal, ...), else every name (the list is long, but the file cannot run
  // without one of them).
  static std::vector<std::string> behaviorNames() {
    std::vector<std::string> names;
    for (int k = 0; k <= static_cast<int>(reynolds::BehaviorKind::Forage); ++k)
      names.emplace_back(reynolds::behaviorName(static_cast<reynolds::BehaviorKind>(k)));
    return names;
  }
  static std::string behaviorHint(const std::string& word) {
    const std::vector<std::string> names = behaviorNames();
    if (const std::string best = nearestWord(word, names); !best.empty()) return "; a misspelling of '" + best + "'?";
    const auto listed = [&](bool holdingOnly) {
      std::string list;
      for (const std::string& name : names)
        if (!holdingOnly || (!word.empty() && name.find(word) != std::string::npos)) list += (list.empty() ? "" : ", ") + name;
      return list;
    };
    if (const std::string holding = listed(true); !holding.empty()) return "; did you mean one of: " + holding + "?";
    return "; the behaviors: " + listed(false);
  }

  reynolds::BehaviorSpec behavior(const YAML::Node& node, const std::string& at) const {
    YamlMap m(s.file, node, at);
    reynolds::BehaviorSpec b;
    const std::string kind = m.requiredString("kind");
    if (!reynolds::parseBehavior(kind, b.kind)) m.fail("kind", "unknown behavior '" + kind + "'" + behaviorHint(kind));
    {
      static const std::set<std::string> common = {"kind", "weight", "priority", "probability", "high_rate"};
      static const std::set<std::string> anyKinds = [] {
        std::set<std::string> all;
        for (int k = 0; k <= static_cast<int>(reynolds::BehaviorKind::Forage); ++k)
          for (auto& key : reynoldsBehaviorKeys(static_cast<reynolds::BehaviorKind>(k))) all.insert(key);
        return all;
      }();
      const std::vector<std::string> own = reynoldsBehaviorKeys(b.kind);
      for (const auto& entry : node) {
        const std::string key = entry.first.Scalar();
        if (common.count(key) || std::find(own.begin(), own.end(), key) != own.end() || !anyKinds.count(key)) continue;
        std::string reads;
        for (const auto& k : own) reads += (reads.empty() ? "" : ", ") + k;
        m.fail(key, "the " + kind + " behavior does not read it (" + (reads.empty() ? "it reads none of its own" : "its own keys: " + reads) + ")");
      }
    }
    b.weight = m.number("weight", b.weight, 0.0, 1e6);
    b.priority = static_cast<int>(m.integer("priority", b.priority, -1000000, 1000000));
    b.probability = m.number("probability", b.probability, 0.0, 1.0);
    b.highRate = m.boolean("high_rate", reynolds::isAvoidanceKind(b.kind));
    b.slowingDistance = m.positive("slowing_distance", b.slowingDistance);
    b.predictionFactor = m.number("prediction_factor", b.predictionFactor, 0.0, 1e6);
    b.predictionTime = m.number("prediction_time", b.predictionTime, 0.0, 1e6);
    b.aheadDistance = m.number("ahead_distance", b.aheadDistance, 0.0, 1e6);
    b.pathDirection = static_cast<int>(m.integer("path_direction", 1, -1, 1));
    if (b.pathDirection == 0) m.fail("path_direction", "must be 1 (along the path) or -1 (against it), got 0");
    b.distance = m.number("distance", b.distance, 0.0, 1e6);
    b.margin = m.number("margin", b.margin, 0.0, 1e6);
    b.maxTime = m.positive("max_time", b.maxTime);
    b.speed = m.number("speed", b.speed, -1e3, 1e3);
    if (m.has("point")) b.point = reachedPoint(m.node("point"), m.childPath("point"));
    b.offset = m.point("offset", b.offset, s.world.dimension);
    if (m.has("agent")) b.agentA = agentNamed(m, "agent");
    if (m.has("agent_b")) b.agentB = agentNamed(m, "agent_b");
    // Interposing between an agent and itself is seeking it, under another name.
    if (m.has("agent") && m.has("agent_b") && b.agentA == b.agentB)
      m.fail("agent_b", "names the same agent as `agent`: interpose needs two agents");
    if (m.has("neighborhood")) {
      YamlMap n = m.map("neighborhood");
      neighborhood(n, b.neighborhood);
      n.finish();
    }
    if (m.has("flocking")) {
      YamlMap f = m.map("flocking");
      auto part = [&](const std::string& key, double& weight, reynolds::Neighborhood& n) {
        if (!f.has(key)) return;
        YamlMap p = f.map(key);
        weight = p.number("weight", weight, 0.0, 1e6);
        neighborhood(p, n);
        p.finish();
      };
      part("separation", b.flocking.separationWeight, b.flocking.separation);
      part("alignment", b.flocking.alignmentWeight, b.flocking.alignment);
      part("cohesion", b.flocking.cohesionWeight, b.flocking.cohesion);
      f.finish();
    }
    if (m.has("avoidance")) {
      YamlMap a = m.map("avoidance");
      b.avoidance.minLookAhead = a.number("min_look_ahead", b.avoidance.minLookAhead, 0.0, 1e6);
      b.avoidance.lookAheadTime = a.number("look_ahead_time", b.avoidance.lookAheadTime, 0.0, 1e6);
      b.avoidance.margin = a.number("margin", b.avoidance.margin, 0.0, 1e6);
      b.avoidance.braking = a.number("braking", b.avoidance.braking, 0.0, 1.0);
      a.finish();
    }
    if (m.has("wander")) {
      YamlMap w = m.map("wander");
      b.wander.distance = w.number("distance", b.wander.distance, 0.0, 1e6);
      b.wander.radius = w.positive("radius", b.wander.radius);
      b.wander.rate = w.number("rate", b.wander.rate, 0.0, 1e6);
      w.finish();
    }
    if (m.has("path")) {
      YamlMap p = m.map("path");
      p.forEach("points", [&](const YAML::Node& n, const std::string& a) { b.path.points.push_back(reachedPoint(n, a)); });
      if (b.path.points.size() < 2) p.fail("points", "a path spine needs at least two points");
      b.path.radius = p.positive("radius", b.path.radius);
      p.finish();
    }
    if (m.has("region")) {
      YamlMap r = m.map("region");
      if (r.has("center")) {
        b.region.kind = reynolds::Region::Kind::Sphere;
        b.region.center = r.requiredPoint("center", s.world.dimension);
        b.region.radius = r.positive("radius", b.region.radius);
        // Containment pushes every agent into the region: one that misses the world is out of reach.
        if (!(distanceToWorld(b.region.center) < b.region.radius))
          r.fail("center", "the containment sphere does not reach into the world");
      } else {
        b.region.kind = reynolds::Region::Kind::Box;
        b.region.min = r.requiredPoint("min", s.world.dimension);
        b.region.max = r.requiredPoint("max", s.world.dimension);
        // An inverted or flat box contains nothing, and containment would push every agent for ever.
        for (int k = 0; k < s.world.dimension; ++k)
          if (!(b.region.max[k] > b.region.min[k])) r.fail("max", "max must exceed min on every axis");
        for (int k = 0; k < s.world.dimension; ++k)
          if (!(b.region.max[k] > s.world.bounds.min[k] && b.region.min[k] < s.world.bounds.max[k]))
            r.fail("min", "the containment box does not reach into the world");
      }
      r.finish();
    }
    b.explore.min = s.world.bounds.min;  // explore covers the world unless told otherwise
    b.explore.max = s.world.bounds.max;
    if (m.has("explore")) {
      YamlMap e = m.map("explore");
      // Cells outside the world could never be seen: the agents would seek them for ever.
      if (e.has("min")) b.explore.min = reachedPoint(e.node("min"), e.childPath("min"));
      if (e.has("max")) b.explore.max = reachedPoint(e.node("max"), e.childPath("max"));
      b.explore.cellSize = e.positive("cell_size", b.explore.cellSize);
      b.explore.sensingRadius = e.positive("sensing_radius", b.explore.sensingRadius);
      b.explore.clearance = e.number("clearance", b.explore.clearance, 0.0, 1e6);
      e.finish();
    }
    if (m.has("explore") || b.kind == reynolds::BehaviorKind::Explore) checkExplore(m, b.explore);
    if (m.has("forage")) {
      YamlMap f = m.map("forage");
      b.forage.perception = f.positive("perception", b.forage.perception);
      b.forage.slowingDistance = f.positive("slowing_distance", b.forage.slowingDistance);
      f.finish();
    }
    if (m.has("leader")) {
      YamlMap l = m.map("leader");
      b.leader.behind = l.number("behind", b.leader.behind, 0.0, 1e6);
      b.leader.slowingDistance = l.positive("slowing_distance", b.leader.slowingDistance);
      b.leader.aheadLength = l.number("ahead_length", b.leader.aheadLength, 0.0, 1e6);
      b.leader.aheadWidth = l.number("ahead_width", b.leader.aheadWidth, 0.0, 1e6);
      b.leader.separationWeight = l.number("separation_weight", b.leader.separationWeight, 0.0, 1e6);
      b.leader.separation.distance = l.positive("separation_distance", b.leader.separation.distance);
      l.finish();
    }
    // A behavior without what it steers by would do nothing, without a word: follow_path with no
    // path, or hide with no threat, stood the agent still for a whole run that "reached".
    const auto need = [&](const char* key, const char* what) {
      if (!m.has(key)) m.missing(key, std::string(what) + " for " + kind);
    };
    switch (b.kind) {
      case reynolds::BehaviorKind::SeekPoint: need("point", "the point to seek"); break;
      case reynolds::BehaviorKind::FollowPath: need("path", "the path {points, radius} to follow"); break;
      case reynolds::BehaviorKind::LeaderFollowing: need("agent", "the leader's name"); break;
      case reynolds::BehaviorKind::Interpose:
        need("agent", "the first agent's name");
        need("agent_b", "the second agent's name");
        break;
      case reynolds::BehaviorKind::Hide: need("agent", "the threat's name"); break;
      default: break;
    }
    m.finish();
    return b;
  }

  // Explore's box must be a box, and its grid small enough to remember for every agent. Errors
  // point at the behavior's `explore` key (or at the behavior when it has none).
  void checkExplore(const YamlMap& m, const reynolds::ExploreParameters& p) const {
    const int dimension = s.world.dimension;
    for (int k = 0; k < dimension; ++k)
      if (!(p.min[k] < p.max[k])) m.fail("explore", "the box needs min < max on every axis");
    double cells = 1.0;
    for (int k = 0; k < dimension; ++k) cells *= std::max(1.0, std::ceil((p.max[k] - p.min[k]) / p.cellSize - 1e-9));
    if (cells > kMaxExploreCells)
      m.fail("explore", "the grid would have " + roughCount(cells) + " cells (at most 1,000,000): use a larger cell_size");
    const double remembered = cells * static_cast<double>(s.world.agents.size());
    if (remembered > kMaxExploreMemory)
      m.fail("explore", "agents × cells would be " + roughCount(remembered) +
                            " remembered times (at most 20,000,000): use a larger cell_size");
  }

  std::vector<reynolds::BehaviorSpec> behaviors(const YamlMap& m) const {
    std::vector<reynolds::BehaviorSpec> out;
    m.forEach("behaviors", [&](const YAML::Node& n, const std::string& at) { out.push_back(behavior(n, at)); });
    return out;
  }

  int state(const YamlMap& m, const std::string& key) const {
    const std::string name = m.requiredString(key);
    const auto it = stateIndex.find(name);
    if (it == stateIndex.end()) m.fail(key, "no state named '" + name + "'");
    return it->second;
  }
};

}  // namespace

// The keys of its own that a behavior reads (reynolds_model.cpp's steering of each kind),
// besides kind, weight, priority, probability and high_rate. Every key was read whatever the
// kind: `max_time` on a separation did nothing, without a word.
std::vector<std::string> reynoldsBehaviorKeys(reynolds::BehaviorKind kind) {
  using K = reynolds::BehaviorKind;
  switch (kind) {
    case K::SeekGoal: case K::FleeGoal: case K::FlowField: case K::AvatarAvoidance: return {};
    case K::ArriveGoal: return {"slowing_distance"};
    case K::PursueGoal: case K::EvadeGoal: return {"prediction_factor"};
    case K::OffsetPursuit: return {"offset", "prediction_factor", "slowing_distance"};
    case K::FlyBy: return {"distance", "prediction_factor"};
    case K::ShadowGoal: return {"distance", "prediction_factor"};
    case K::SeekPoint: return {"point"};
    case K::ObstacleAvoidance: return {"avoidance"};
    case K::Wander: return {"wander"};
    case K::FollowPath: return {"path", "prediction_time", "ahead_distance", "path_direction"};
    case K::WallFollowing: return {"distance", "prediction_time"};
    case K::Containment: return {"region", "prediction_time", "margin"};
    case K::UnalignedAvoidance: return {"max_time", "margin"};
    case K::Separation: case K::Cohesion: case K::Alignment: return {"neighborhood"};
    case K::Flocking: return {"flocking"};
    case K::LeaderFollowing: return {"agent", "leader"};
    case K::Interpose: return {"agent", "agent_b"};
    case K::Hide: return {"agent", "distance", "slowing_distance"};
    case K::Climb: return {"speed"};
    case K::Explore: return {"explore"};
    case K::Forage: return {"forage", "wander"};
  }
  return {};
}

const char* reynoldsSurfaceKindName(reynolds::Surface::Kind kind) {
  switch (kind) {
    case reynolds::Surface::Kind::Plane: return "plane";
    case reynolds::Surface::Kind::HeightField: return "height_field";
    case reynolds::Surface::Kind::None: break;
  }
  return "none";
}

reynolds::ReynoldsParameters readReynoldsParameters(const Scenario& s) {
  if (!s.reynolds.IsDefined() || s.reynolds.IsNull()) return reynolds::ReynoldsParameters::crowdDefaults();
  YamlMap m(s.file, s.reynolds, "reynolds");
  ReynoldsReader r{s, {}};
  const std::string preset = m.choice("preset", "crowd", {"crowd", "pigeons", "none"});
  reynolds::ReynoldsParameters p = preset == "crowd"     ? reynolds::ReynoldsParameters::crowdDefaults()
                                   : preset == "pigeons" ? reynolds::pigeonsInThePark()
                                                         : reynolds::ReynoldsParameters{};
  if (m.has("combiner")) {
    const std::string c = m.choice("combiner", "blend", {"blend", "arbitration", "dithering", "truncated_sum"});
    reynolds::parseCombiner(c, p.combiner);
  }
  if (m.has("vehicle")) {
    YamlMap v = m.map("vehicle");
    auto& vp = p.vehicle;
    vp.mass = v.positive("mass", vp.mass);
    vp.maxForce = v.positive("max_force", vp.maxForce);
    vp.maxSpeed = v.positive("max_speed", vp.maxSpeed);
    vp.paperEuler = v.boolean("paper_euler", vp.paperEuler);
    vp.banking = v.boolean("banking", vp.banking);
    vp.bankAcceleration = v.number("bank_acceleration", vp.bankAcceleration, 0.0, 1e6);
    vp.bankGravity = v.number("bank_gravity", vp.bankGravity, 0.0, 1e6);
    vp.bankDamping = v.number("bank_damping", vp.bankDamping, 0.0, 1e6);
    vp.limitLowSpeedTurning = v.boolean("limit_low_speed_turning", vp.limitLowSpeedTurning);
    vp.maxTurnRate = v.positive("max_turn_rate", vp.maxTurnRate);
    vp.turnReferenceSpeed = v.positive("turn_reference_speed", vp.turnReferenceSpeed);
    vp.turnFloor = v.number("turn_floor", vp.turnFloor, 0.0, 1.0);
    if (v.has("surface")) {
      YamlMap f = v.map("surface");
      // The preset's kind when none is given: `surface: {wavelength: 25}` on the pigeons dropped
      // their ground (the fallback was "none"), where every other key keeps the preset's value.
      const char* presetKind = reynoldsSurfaceKindName(vp.surface.kind);
      const std::string kind = f.choice("kind", presetKind, {"none", "plane", "height_field"});
      vp.surface.kind = kind == "plane"          ? reynolds::Surface::Kind::Plane
                        : kind == "height_field" ? reynolds::Surface::Kind::HeightField
                                                 : reynolds::Surface::Kind::None;
      vp.surface.point = f.vector("point", vp.surface.point);
      vp.surface.normal = f.vector("normal", vp.surface.normal);
      if (vp.surface.normal.norm() == 0.0 || (kind == "plane" && vp.surface.normal.normalized().z() < 1e-6))
        f.fail("normal", "must be non-zero and not horizontal");
      vp.surface.normal.normalize();
      vp.surface.amplitude = f.number("amplitude", vp.surface.amplitude, 0.0, 1e6);
      vp.surface.wavelength = f.positive("wavelength", vp.surface.wavelength);
      f.finish();
    }
    v.finish();
  }
  if (m.has("think")) {
    YamlMap t = m.map("think");
    p.think.thinkEvery = static_cast<int>(t.integer("every", p.think.thinkEvery, 1, 1000));
    p.think.avoidEvery = static_cast<int>(t.integer("avoid_every", p.think.avoidEvery, 1, 1000));
    p.think.randomPhase = t.boolean("random_phase", p.think.randomPhase);
    t.finish();
  }
  if (m.has("behaviors")) p.behaviors = r.behaviors(m);
  if (m.has("states")) {
    p.states.clear();
    m.forEach("states", [&](const YAML::Node& n, const std::string& at) {
      YamlMap st(s.file, n, at);
      reynolds::StateSpec spec;
      spec.name = st.requiredString("name");
      if (r.stateIndex.count(spec.name)) st.fail("name", "duplicate state '" + spec.name + "'");
      spec.flying = st.boolean("flying", false);
      spec.maxSpeed = st.number("max_speed", 0.0, 0.0, 1e6);
      spec.behaviors = r.behaviors(st);
      st.finish();
      r.stateIndex[spec.name] = static_cast<int>(p.states.size());
      p.states.push_back(std::move(spec));
    });
    p.transitions.clear();
    p.initialState = m.has("initial_state") ? r.state(m, "initial_state") : 0;
  } else {
    for (std::size_t i = 0; i < p.states.size(); ++i) r.stateIndex[p.states[i].name] = static_cast<int>(i);
    if (m.has("initial_state")) p.initialState = r.state(m, "initial_state");
  }
  // With states (given, or the preset's), each state runs its own behaviors: a list at the top
  // would be read and never run.
  if (m.has("behaviors") && !p.states.empty())
    m.fail("behaviors", "with states, each state runs its own behaviors: give them in a state");
  if (m.has("transitions")) {
    if (p.states.empty()) m.fail("transitions", "transitions need states");
    p.transitions.clear();
    m.forEach("transitions", [&](const YAML::Node& n, const std::string& at) {
      YamlMap t(s.file, n, at);
      reynolds::Transition tr;
      tr.from = r.state(t, "from");
      tr.to = r.state(t, "to");
      const std::string trigger = t.requiredString("trigger");
      if (!reynolds::parseTrigger(trigger, tr.trigger))
        t.fail("trigger", "unknown trigger '" + trigger + "' (clap, avatar, contagion, time, grounded, always)");
      // `value` is a time for `time` and a fraction for `contagion`; the other triggers do not
      // read it (it was taken silently), and a contagion fraction above 1 never fired.
      using reynolds::TriggerKind;
      if (tr.trigger == TriggerKind::Contagion) tr.value = t.number("value", 0.0, 0.0, 1.0);
      else if (tr.trigger == TriggerKind::TimeInState) tr.value = t.number("value", 0.0, 0.0, 1e9);
      else if (t.has("value")) t.fail("value", "only the time and contagion triggers read a value, not " + trigger);
      tr.startles = t.boolean("startles", false);
      t.finish();
      p.transitions.push_back(tr);
    });
  }
  if (m.has("annoyance")) {
    YamlMap a = m.map("annoyance");
    p.annoyanceStep = a.number("step", p.annoyanceStep, 0.0, 1e6);
    p.annoyanceDecay = a.positive("decay", p.annoyanceDecay);
    p.annoyanceScale = a.number("scale", p.annoyanceScale, 0.0, 1e6);
    a.finish();
  }
  p.groundTolerance = m.number("ground_tolerance", p.groundTolerance, 0.0, 1e6);
  if (m.has("avatar")) {
    YamlMap a = m.map("avatar");
    if (a.has("path")) {
      YamlMap pm = a.map("path");
      p.avatar.path = r.path(pm);
      pm.finish();
    }
    if (a.has("move_away")) {
      YamlMap z = a.map("move_away");
      r.zone(z, p.avatar.moveAway);
      z.finish();
    }
    if (a.has("takeoff")) {
      YamlMap z = a.map("takeoff");
      r.zone(z, p.avatar.takeoff);
      z.finish();
    }
    a.finish();
  }
  if (m.has("claps")) {
    p.claps.clear();
    m.forEach("claps", [&](const YAML::Node& n, const std::string& at) {
      YamlMap c(s.file, n, at);
      reynolds::Clap clap;
      clap.time = c.requiredNumber("time", 0.0, 1e9);
      clap.position = c.point("position", clap.position, s.world.dimension);
      clap.radius = c.positive("radius", clap.radius);
      // Heard within its radius: a clap that reaches no point of the world startles nobody.
      if (!(r.distanceToWorld(clap.position) <= clap.radius))
        c.fail("position", "the clap is heard nowhere in the world (its radius does not reach it)");
      c.finish();
      p.claps.push_back(clap);
    });
  }
  if (m.has("resources")) {
    m.forEach("resources", [&](const YAML::Node& n, const std::string& at) {
      YamlMap c(s.file, n, at);
      reynolds::Resource resource;
      resource.position = c.requiredPoint("position", s.world.dimension);
      yaml::requireInWorld(s.file, c.node("position"), c.childPath("position"), resource.position, s.world.bounds, s.world.dimension);
      resource.radius = c.number("radius", resource.radius, 0.0, 1e6);
      c.finish();
      p.resources.push_back(resource);
    });
  }
  if (m.has("contagion")) {
    YamlMap c = m.map("contagion");
    p.contagion.distance = c.positive("distance", p.contagion.distance);
    p.contagion.climbSpeed = c.number("climb_speed", p.contagion.climbSpeed, 0.0, 1e6);
    p.contagion.height = c.positive("height", p.contagion.height);
    c.finish();
  }
  // Where keys written in the section itself belong: the vehicle's beside `vehicle` rather than
  // in it (they are every model's words: max_speed, mass).
  std::map<std::string, std::string> elsewhere;
  for (const char* key : {"mass", "max_force", "max_speed", "paper_euler", "banking", "bank_acceleration", "bank_gravity",
                          "bank_damping", "limit_low_speed_turning", "max_turn_rate", "turn_reference_speed", "turn_floor",
                          "surface"})
    elsewhere[key] = "reynolds.vehicle: {" + std::string(key) + ": ...}";
  // A behavior's kind written as a key of the section (`--param reynolds.separation.weight=2`).
  for (const std::string& kind : ReynoldsReader::behaviorNames())
    elsewhere[kind] = "a behavior of the list reynolds.behaviors: [{kind: " + kind + ", weight: ...}, ...]";
  m.finish(elsewhere);
  for (const auto& st : p.states)
    if (st.behaviors.empty()) m.fail("states", "state '" + st.name + "' has no behaviors");
  if (p.states.empty() && p.behaviors.empty()) m.fail("behaviors", "no behaviors to steer with");
  return p;
}

}  // namespace steer::experiments
