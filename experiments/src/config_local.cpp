// The `local:` section of a scenario (issue #3): every field of local::GoldensteinParameters,
// read through YamlMap so that unknown keys are errors with their location and key path.
// Angles are in radians, as in the paper. Example:
//   local:
//     preset: steer              # steer (our defaults) | paper (GoldensteinParameters::asPrinted)
//     weights: quasi_static      # quasi_static | integrated | direct_sum
//     d0_base: 8
//     heading_noise: 0.05
#include <stdexcept>

#include "part_configs.hpp"
#include "yaml_support.hpp"

namespace steer::experiments {

namespace {
std::string weightModeName(local::WeightMode mode) {
  switch (mode) {
    case local::WeightMode::Integrated: return "integrated";
    case local::WeightMode::DirectSum: return "direct_sum";
    case local::WeightMode::QuasiStatic: break;
  }
  return "quasi_static";
}
}  // namespace

std::string readLocalPreset(const Scenario& s) {
  if (!s.local.IsDefined() || s.local.IsNull()) return "steer";
  yaml::YamlMap m(s.file, s.local, "local");
  return m.choice("preset", "steer", {"steer", "paper"});
}

local::GoldensteinParameters readGoldensteinParameters(const Scenario& s) {
  if (!s.local.IsDefined() || s.local.IsNull()) return {};
  yaml::YamlMap m(s.file, s.local, "local");
  // A preset gives the starting values; every key given beside it overrides its value.
  const std::string preset = m.choice("preset", "steer", {"steer", "paper"});
  local::GoldensteinParameters p = preset == "paper" ? local::GoldensteinParameters::asPrinted() : local::GoldensteinParameters{};
  constexpr double kPi = 3.14159265358979323846;
  p.a = m.positive("a", p.a);
  p.headingRate = m.positive("heading_rate", p.headingRate);
  p.delta = m.number("delta", p.delta, 1e-6, kPi - 1e-6);
  p.windowEdgeGap = m.number("window_edge_gap", p.windowEdgeGap, 1e-6, 1.0);
  p.passingBias = m.number("passing_bias", p.passingBias, 0.0, kPi);
  p.agentDecayFactor = m.number("agent_decay_factor", p.agentDecayFactor, 1e-6, 1.0);
  p.segmentSwitchDistance = m.number("segment_switch_distance", p.segmentSwitchDistance, 0.0, 1e6);
  p.groupWalls = m.boolean("group_walls", p.groupWalls);
  // The fallbacks of the two choices are the preset's values, as every number's is.
  const std::string mode = m.choice("weights", weightModeName(p.weightMode), {"quasi_static", "integrated", "direct_sum"});
  p.weightMode = mode == "integrated"   ? local::WeightMode::Integrated
                 : mode == "direct_sum" ? local::WeightMode::DirectSum
                                        : local::WeightMode::QuasiStatic;
  p.c1 = m.positive("c1", p.c1);
  p.c2 = m.positive("c2", p.c2);
  p.gamma21 = m.positive("gamma21", p.gamma21);
  p.alpha1Scale = m.positive("alpha1_scale", p.alpha1Scale);
  p.windowedAlpha2 = m.boolean("windowed_alpha2", p.windowedAlpha2);
  p.weightRate = m.positive("weight_rate", p.weightRate);
  p.initialTargetWeight = m.number("initial_target_weight", p.initialTargetWeight, -2.0, 2.0);
  p.initialObstacleWeight = m.number("initial_obstacle_weight", p.initialObstacleWeight, -2.0, 2.0);
  p.weightFloor = m.number("weight_floor", p.weightFloor, 0.0, 0.999);
  p.headingNoise = m.number("heading_noise", p.headingNoise, 0.0, 1e6);
  p.weightNoise = m.number("weight_noise", p.weightNoise, 0.0, 1e6);
  p.timeToContact = m.positive("time_to_contact", p.timeToContact);
  p.frontHalfAngle = m.number("front_half_angle", p.frontHalfAngle, 1e-6, kPi);
  p.retreatFraction = m.number("retreat_fraction", p.retreatFraction, 0.0, 1.0);
  p.arrivalGain = m.number("arrival_gain", p.arrivalGain, 0.0, 1e6);
  p.d0Base = m.number("d0_base", p.d0Base, 0.0, 1e6);
  const std::string mapping = m.choice("courage_mapping", p.courageMapping == local::CourageMapping::Printed ? "printed" : "prose",
                                       {"prose", "printed"});
  p.courageMapping = mapping == "printed" ? local::CourageMapping::Printed : local::CourageMapping::Prose;
  p.d1Base = m.number("d1_base", p.d1Base, 0.0, 1e6);
  p.v0 = m.number("v0", p.v0);
  p.dexterityGainMin = m.number("dexterity_gain_min", p.dexterityGainMin, 1e-6, 1.0);
  p.dexterityGainMax = m.number("dexterity_gain_max", p.dexterityGainMax, 1e-6, 1.0);
  p.massGainMin = m.number("mass_gain_min", p.massGainMin, 1e-6, 1.0);
  p.massGainMax = m.number("mass_gain_max", p.massGainMax, 1e-6, 1.0);
  p.filterStep = m.positive("filter_step", p.filterStep);
  m.finish();
  // Cross-field constraints (min ≤ max, passing_bias < delta, ...), reported at the section.
  try {
    local::validate(p);
  } catch (const std::invalid_argument& e) {
    yaml::fail(s.file, s.local, "local", e.what());
  }
  return p;
}

}  // namespace steer::experiments
