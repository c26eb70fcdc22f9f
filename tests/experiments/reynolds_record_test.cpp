// summary.json's `reynolds` record of a Reynolds run (config_reynolds_record.cpp): the parameters
// written back as a `reynolds:` section. The oracle is the run itself: the scenario with its
// section replaced by the record runs the same trajectories, bit for bit, and the record of that
// run is the record again. Checked on every behavior kind at once with keys away from their
// defaults, on the pigeons' state machine (states, transitions, avatar, claps, contagion, a
// height-field surface, 3D), and on the default crowd preset.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "part_configs.hpp"  // experiments/src: readReynoldsParameters, reynoldsParametersJson
#include "steer/experiments/factory.hpp"

using namespace steer;

namespace {

const std::string kEveryBehavior = R"(name: every_behavior
world: {min: [-20, -20], max: [20, 20]}
duration: 3
seed: 11
model: reynolds
obstacles:
  - segment: {from: [-5, 6], to: [5, 6]}
  - box: {min: [2, -6], max: [4, -4]}
agents:
  - {name: lead, position: [-10, 0], goals: [{kind: seek, target: [10, 0]}]}
  - {name: cat, position: [10, 5], goals: [{kind: seek, target: [-10, 5]}]}
  - {name: a, position: [-8, 2], goals: [{kind: seek, target: [10, -2]}]}
  - {name: b, position: [-8, -2], goals: [{kind: seek, target: [10, 2]}]}
reynolds:
  combiner: dithering
  vehicle: {mass: 1.5, max_force: 3, max_speed: 2.2, paper_euler: false, limit_low_speed_turning: true,
            max_turn_rate: 4, turn_reference_speed: 0.7, turn_floor: 0.2}
  think: {every: 2, avoid_every: 1, random_phase: false}
  resources: [{position: [3, 3], radius: 0.5}]
  behaviors:
    - {kind: seek_goal, weight: 0.5, priority: 1, probability: 0.9}
    - {kind: arrive_goal, slowing_distance: 3.5}
    - {kind: flee_goal, weight: 0.1, probability: 0.3}
    - {kind: pursue_goal, weight: 0.2, prediction_factor: 0.7}
    - {kind: evade_goal, weight: 0.1, prediction_factor: 0.2}
    - {kind: offset_pursuit, weight: 0.2, offset: [-1.5, 0.5], prediction_factor: 0.3, slowing_distance: 2.5}
    - {kind: fly_by, weight: 0.1, distance: 1.7, prediction_factor: 0.4}
    - {kind: shadow_goal, weight: 0.1, distance: 2.2, prediction_factor: 0.6}
    - {kind: seek_point, weight: 0.2, point: [1, -3]}
    - {kind: obstacle_avoidance, weight: 3, priority: 5, avoidance: {min_look_ahead: 1.2, look_ahead_time: 1.7, margin: 0.2, braking: 0.4}}
    - {kind: wander, weight: 0.3, wander: {distance: 1.5, radius: 0.8, rate: 0.25}}
    - {kind: follow_path, weight: 0.2, path: {points: [[-10, -10], [0, -8], [10, -10]], radius: 1.5},
       prediction_time: 0.8, ahead_distance: 1.5, path_direction: -1}
    - {kind: wall_following, weight: 0.2, distance: 0.9, prediction_time: 0.6}
    - {kind: containment, weight: 1, region: {min: [-15, -15], max: [15, 15]}, prediction_time: 0.9, margin: 1.2}
    - {kind: flow_field, weight: 0.2}
    - {kind: unaligned_avoidance, weight: 0.7, max_time: 2.5, margin: 0.4}
    - {kind: separation, weight: 1.1, neighborhood: {distance: 2.5, angle_deg: 135}}
    - {kind: cohesion, weight: 0.3, neighborhood: {distance: 3.5, angle_deg: 143}}
    - {kind: alignment, weight: 0.4, neighborhood: {distance: 3, angle_deg: 117}}
    - kind: flocking
      weight: 0.5
      flocking:
        separation: {weight: 2.5, distance: 1.4, angle_deg: 170}
        alignment: {weight: 0.9, distance: 3.5, angle_deg: 126}
        cohesion: {weight: 0.7, distance: 3.8, angle_deg: 100}
    - {kind: leader_following, weight: 0.4, agent: lead, leader: {behind: 1.2, slowing_distance: 1.8, ahead_length: 3.5,
       ahead_width: 0.8, separation_weight: 1.2, separation_distance: 1.3}}
    - {kind: interpose, weight: 0.2, agent: lead, agent_b: cat}
    - {kind: hide, weight: 0.2, agent: cat, distance: 1.3, slowing_distance: 2.2}
    - {kind: avatar_avoidance, weight: 0.5}
    - {kind: climb, weight: 0.1, speed: 0.5}
    - {kind: explore, weight: 0.3, explore: {cell_size: 4, sensing_radius: 3, clearance: 0.4}}
    - {kind: forage, weight: 0.3, forage: {perception: 4, slowing_distance: 1.5}, wander: {distance: 1, radius: 0.6, rate: 0.2}}
)";

struct Outcome {
  std::vector<double> positions;
  nlohmann::json record;
};

// Runs the scenario and records its parameters as a run would (agents by name).
Outcome runAndRecord(const experiments::Scenario& s) {
  auto simulation = experiments::makeSimulation(s);
  simulation.run();
  Outcome o;
  for (const auto& a : simulation.world().agents) o.positions.insert(o.positions.end(), a.state.position.data(), a.state.position.data() + 3);
  std::vector<std::string> names;
  for (const auto& a : s.world.agents) names.push_back(a.name);
  o.record = experiments::reynoldsParametersJson(experiments::readReynoldsParameters(s), s.world.dimension, names);
  return o;
}

// Every key the scenario's section gives is in the record with the value given (a record that
// wrote a default in place of a given value could still run the same where that key had no
// effect in the few seconds run).
void expectGivenInRecord(const YAML::Node& given, const nlohmann::json& record, const std::string& at) {
  if (given.IsMap()) {
    ASSERT_TRUE(record.is_object()) << at;
    for (const auto& entry : given) {
      const std::string key = entry.first.Scalar();
      if (key == "preset") continue;
      ASSERT_TRUE(record.contains(key)) << at << "." << key;
      expectGivenInRecord(entry.second, record[key], at + "." + key);
    }
  } else if (given.IsSequence()) {
    ASSERT_TRUE(record.is_array()) << at;
    ASSERT_EQ(record.size(), given.size()) << at;
    for (std::size_t i = 0; i < given.size(); ++i) expectGivenInRecord(given[i], record[i], at + "[" + std::to_string(i) + "]");
  } else if (record.is_boolean()) {
    EXPECT_EQ(given.as<bool>(), record.get<bool>()) << at;
  } else if (record.is_number()) {
    const double g = given.as<double>(), r = record.get<double>();
    EXPECT_NEAR(g, r, 1e-12 * std::max(1.0, std::abs(g))) << at;  // degrees come back to the radians' bit
  } else {
    EXPECT_EQ(given.as<std::string>(), record.get<std::string>()) << at;
  }
}

void expectTheRecordRunsTheSame(experiments::Scenario s) {
  const Outcome original = runAndRecord(s);
  ASSERT_EQ(original.record["preset"], "none");
  s.reynolds = YAML::Load(original.record.dump());  // JSON is YAML
  const Outcome replayed = runAndRecord(s);
  EXPECT_EQ(replayed.positions, original.positions);
  EXPECT_EQ(replayed.record, original.record);
}

}  // namespace

TEST(ReynoldsRecord, EveryBehaviorKindRunsTheSameFromItsRecord) {
  const auto s = experiments::parseYamlScenario(kEveryBehavior, "t.yaml");
  const auto record = runAndRecord(s).record;
  // Every kind is there, with the keys given (an angle read back to the same radians).
  ASSERT_EQ(record["behaviors"].size(), 27u);
  EXPECT_EQ(record["combiner"], "dithering");
  EXPECT_EQ(record["vehicle"]["max_speed"], 2.2);
  EXPECT_EQ(record["behaviors"][11]["path_direction"], -1);
  EXPECT_EQ(record["behaviors"][20]["agent"], "lead");
  EXPECT_EQ(record["behaviors"][21]["agent_b"], "cat");
  EXPECT_EQ(record["behaviors"][5]["offset"], nlohmann::json::array({-1.5, 0.5}));
  EXPECT_NEAR(record["behaviors"][16]["neighborhood"]["angle_deg"].get<double>(), 135.0, 1e-12);
  // A behavior's record holds only the keys it reads (the reader refuses the others).
  EXPECT_FALSE(record["behaviors"][16].contains("slowing_distance"));
  expectGivenInRecord(s.reynolds, record, "reynolds");
  expectTheRecordRunsTheSame(s);
}

TEST(ReynoldsRecord, ThePigeonsStateMachineRunsTheSameFromItsRecord) {
  auto s = experiments::loadScenario(std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/pigeons.yaml");
  s.settings.duration = 1.0;  // 60 steps: the walking state, the surface, the clap's set-up
  for (auto c : s.reynolds["claps"]) c["time"] = 0.5;  // and a clap within them: take-offs
  const auto record = runAndRecord(s).record;
  EXPECT_EQ(record["states"].size(), 4u);
  EXPECT_EQ(record["initial_state"], "walking");
  EXPECT_EQ(record["vehicle"]["surface"]["kind"], "height_field");
  EXPECT_FALSE(record["avatar"]["path"]["waypoints"].empty());
  expectGivenInRecord(s.reynolds, record, "reynolds");
  expectTheRecordRunsTheSame(s);
}

TEST(ReynoldsRecord, TheCrowdPresetRunsTheSameFromItsRecord) {
  auto s = experiments::parseYamlScenario(kEveryBehavior, "t.yaml");
  s.reynolds = YAML::Node();  // no section: the crowd preset
  const auto record = runAndRecord(s).record;
  EXPECT_EQ(record["combiner"], "truncated_sum");
  EXPECT_FALSE(record["vehicle"].contains("max_speed"));  // none: the agents' max_speed bounds it
  expectTheRecordRunsTheSame(s);
}
