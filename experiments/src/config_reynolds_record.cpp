// summary.json's record of a Reynolds run: its parameters written back as a `reynolds:` section
// (config_reynolds.cpp reads it), every key the run reads, so that a comparison names the
// vehicle, the behaviors and their weights the run used, whatever the scenario file says later.
// It says `preset: none`, so that no preset value shows through on reading it back.
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "part_configs.hpp"

namespace steer::experiments {

namespace {

using nlohmann::json;
constexpr double kDeg = 3.14159265358979323846 / 180.0;

struct RecordWriter {
  int dimension;
  const std::vector<std::string>& agentNames;

  json point(const geometry::Vec3& p) const {
    json a = json::array();
    for (int k = 0; k < dimension; ++k) a.push_back(p[k]);
    return a;
  }
  json vector3(const geometry::Vec3& v) const { return json::array({v.x(), v.y(), v.z()}); }

  // The reader takes angle_deg and multiplies by π/180: the degrees written are the double that
  // gives back the very radians (x / kDeg rounded can be one unit off in the last place).
  static double degreesOf(double radians) {
    double d = radians / kDeg;
    if (d * kDeg == radians) return d;
    double up = d, down = d;
    for (int i = 0; i < 8; ++i) {
      up = std::nextafter(up, std::numeric_limits<double>::infinity());
      down = std::nextafter(down, -std::numeric_limits<double>::infinity());
      if (up * kDeg == radians) return up;
      if (down * kDeg == radians) return down;
    }
    return d;
  }
  static json neighborhood(const reynolds::Neighborhood& n) {
    return {{"distance", n.distance}, {"angle_deg", degreesOf(n.angle)}};
  }
  std::string agentName(sim::AgentIndex id) const { return agentNames.at(id); }

  // One key of a behavior's own (reynoldsBehaviorKeys), from its field.
  json ownKey(const reynolds::BehaviorSpec& b, const std::string& key) const {
    if (key == "slowing_distance") return b.slowingDistance;
    if (key == "prediction_factor") return b.predictionFactor;
    if (key == "prediction_time") return b.predictionTime;
    if (key == "ahead_distance") return b.aheadDistance;
    if (key == "path_direction") return b.pathDirection;
    if (key == "distance") return b.distance;
    if (key == "margin") return b.margin;
    if (key == "max_time") return b.maxTime;
    if (key == "speed") return b.speed;
    if (key == "point") return point(b.point);
    if (key == "offset") return point(b.offset);
    if (key == "agent") return agentName(b.agentA);
    if (key == "agent_b") return agentName(b.agentB);
    if (key == "neighborhood") return neighborhood(b.neighborhood);
    if (key == "flocking") {
      const auto& f = b.flocking;
      const auto part = [](double weight, const reynolds::Neighborhood& n) {
        json j = neighborhood(n);
        j["weight"] = weight;
        return j;
      };
      return {{"separation", part(f.separationWeight, f.separation)},
              {"alignment", part(f.alignmentWeight, f.alignment)},
              {"cohesion", part(f.cohesionWeight, f.cohesion)}};
    }
    if (key == "avoidance")
      return {{"min_look_ahead", b.avoidance.minLookAhead}, {"look_ahead_time", b.avoidance.lookAheadTime},
              {"margin", b.avoidance.margin}, {"braking", b.avoidance.braking}};
    if (key == "wander") return {{"distance", b.wander.distance}, {"radius", b.wander.radius}, {"rate", b.wander.rate}};
    if (key == "path") {
      json points = json::array();
      for (const auto& p : b.path.points) points.push_back(point(p));
      return {{"points", points}, {"radius", b.path.radius}};
    }
    if (key == "region") {
      if (b.region.kind == reynolds::Region::Kind::Sphere)
        return {{"center", point(b.region.center)}, {"radius", b.region.radius}};
      return {{"min", point(b.region.min)}, {"max", point(b.region.max)}};
    }
    if (key == "explore")
      return {{"min", point(b.explore.min)}, {"max", point(b.explore.max)}, {"cell_size", b.explore.cellSize},
              {"sensing_radius", b.explore.sensingRadius}, {"clearance", b.explore.clearance}};
    if (key == "forage") return {{"perception", b.forage.perception}, {"slowing_distance", b.forage.slowingDistance}};
    if (key == "leader")
      return {{"behind", b.leader.behind}, {"slowing_distance", b.leader.slowingDistance},
              {"ahead_length", b.leader.aheadLength}, {"ahead_width", b.leader.aheadWidth},
              {"separation_weight", b.leader.separationWeight}, {"separation_distance", b.leader.separation.distance}};
    throw std::logic_error("reynoldsParametersJson: no field for the behavior key '" + key + "'");
  }

  json behavior(const reynolds::BehaviorSpec& b) const {
    json j = {{"kind", reynolds::behaviorName(b.kind)}, {"weight", b.weight}, {"priority", b.priority},
              {"probability", b.probability}, {"high_rate", b.highRate}};
    for (const auto& key : reynoldsBehaviorKeys(b.kind)) {
      // An agent a behavior may go without (the reader checks those it needs).
      if ((key == "agent" && b.agentA == sim::kNoAgent) || (key == "agent_b" && b.agentB == sim::kNoAgent)) continue;
      j[key] = ownKey(b, key);
    }
    return j;
  }
  json behaviors(const std::vector<reynolds::BehaviorSpec>& list) const {
    json a = json::array();
    for (const auto& b : list) a.push_back(behavior(b));
    return a;
  }

  json vehicle(const reynolds::VehicleParameters& v) const {
    json j = {{"mass", v.mass},
              {"max_force", v.maxForce},
              {"paper_euler", v.paperEuler},
              {"banking", v.banking},
              {"bank_acceleration", v.bankAcceleration},
              {"bank_gravity", v.bankGravity},
              {"bank_damping", v.bankDamping},
              {"limit_low_speed_turning", v.limitLowSpeedTurning},
              {"max_turn_rate", v.maxTurnRate},
              {"turn_reference_speed", v.turnReferenceSpeed},
              {"turn_floor", v.turnFloor}};
    // None (infinite) unless given: the agents' own max_speed bounds the vehicle then.
    if (std::isfinite(v.maxSpeed)) j["max_speed"] = v.maxSpeed;
    const auto& f = v.surface;
    j["surface"] = {{"kind", reynoldsSurfaceKindName(f.kind)},
                    {"point", vector3(f.point)},
                    {"normal", vector3(f.normal)},
                    {"amplitude", f.amplitude},
                    {"wavelength", f.wavelength}};
    return j;
  }

  static json zone(const reynolds::AvatarZone& z) { return {{"radius", z.radius}, {"velocity_weight", z.velocityWeight}}; }
};

}  // namespace

json reynoldsParametersJson(const reynolds::ReynoldsParameters& p, int dimension, const std::vector<std::string>& agentNames) {
  const RecordWriter w{dimension, agentNames};
  json j = json::object();
  j["preset"] = "none";
  j["combiner"] = reynolds::combinerName(p.combiner);
  j["vehicle"] = w.vehicle(p.vehicle);
  j["think"] = {{"every", p.think.thinkEvery}, {"avoid_every", p.think.avoidEvery}, {"random_phase", p.think.randomPhase}};
  if (p.states.empty()) {
    j["behaviors"] = w.behaviors(p.behaviors);
  } else {
    // With states each state runs its own list (the reader refuses a top-level one beside them).
    json states = json::array();
    for (const auto& st : p.states)
      states.push_back({{"name", st.name}, {"flying", st.flying}, {"max_speed", st.maxSpeed}, {"behaviors", w.behaviors(st.behaviors)}});
    j["states"] = states;
    j["initial_state"] = p.states.at(static_cast<std::size_t>(p.initialState)).name;
    json transitions = json::array();
    for (const auto& t : p.transitions) {
      json tj = {{"from", p.states.at(static_cast<std::size_t>(t.from)).name},
                 {"to", p.states.at(static_cast<std::size_t>(t.to)).name},
                 {"trigger", reynolds::triggerName(t.trigger)},
                 {"startles", t.startles}};
      // Only these two triggers read a value (the reader refuses it on the others).
      if (t.trigger == reynolds::TriggerKind::TimeInState || t.trigger == reynolds::TriggerKind::Contagion) tj["value"] = t.value;
      transitions.push_back(tj);
    }
    if (!transitions.empty()) j["transitions"] = transitions;
  }
  j["annoyance"] = {{"step", p.annoyanceStep}, {"decay", p.annoyanceDecay}, {"scale", p.annoyanceScale}};
  j["ground_tolerance"] = p.groundTolerance;
  json avatar = {{"move_away", RecordWriter::zone(p.avatar.moveAway)}, {"takeoff", RecordWriter::zone(p.avatar.takeoff)}};
  if (!p.avatar.path.empty()) {
    json waypoints = json::array();
    for (const auto& q : p.avatar.path.waypoints) waypoints.push_back(w.point(q));
    avatar["path"] = {{"waypoints", waypoints}, {"speed", p.avatar.path.speed}, {"loop", p.avatar.path.loop}};
  }
  j["avatar"] = avatar;
  json claps = json::array();
  for (const auto& c : p.claps) claps.push_back({{"time", c.time}, {"position", w.point(c.position)}, {"radius", c.radius}});
  j["claps"] = claps;
  json resources = json::array();
  for (const auto& r : p.resources) resources.push_back({{"position", w.point(r.position)}, {"radius", r.radius}});
  j["resources"] = resources;
  j["contagion"] = {{"distance", p.contagion.distance}, {"climb_speed", p.contagion.climbSpeed}, {"height", p.contagion.height}};
  return j;
}

}  // namespace steer::experiments
