// The `local:` section of a scenario (issue #3): every field of local::GoldensteinParameters,
// read through YamlMap so that unknown keys are errors with their location and key path.
// Angles are in radians, as in the paper. Example:
//   local:
//     preset: steer              # steer (our defaults) | paper (GoldensteinParameters::asPrinted)
//     weights: quasi_static      # quasi_static | integrated | direct_sum
//     d0_base: 8
//     heading_noise: 0.05
#include <nlohmann/json.hpp>
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

namespace {
constexpr double kPi = 3.14159265358979323846;
constexpr double kAny = 1e300;
using P = local::GoldensteinParameters;

// Every number of the section: its key, its field, and what it may be (positive: > 0, finite;
// else within [min, max]). One table for reading and for writing, so that summary.json's record
// of a run's parameters names every key the reader takes.
struct NumberKey {
  const char* key;
  double P::*field;
  bool positive;
  double min, max;
};
constexpr NumberKey kNumbers[] = {
    {"a", &P::a, true, 0, 0},
    {"heading_rate", &P::headingRate, true, 0, 0},
    {"delta", &P::delta, false, 1e-6, kPi - 1e-6},
    {"window_edge_gap", &P::windowEdgeGap, false, 1e-6, 1.0},
    {"passing_bias", &P::passingBias, false, 0.0, kPi},
    {"agent_decay_factor", &P::agentDecayFactor, false, 1e-6, 1.0},
    {"segment_switch_distance", &P::segmentSwitchDistance, false, 0.0, 1e6},
    {"c1", &P::c1, true, 0, 0},
    {"c2", &P::c2, true, 0, 0},
    {"gamma21", &P::gamma21, true, 0, 0},
    {"alpha1_scale", &P::alpha1Scale, true, 0, 0},
    {"weight_rate", &P::weightRate, true, 0, 0},
    {"initial_target_weight", &P::initialTargetWeight, false, -2.0, 2.0},
    {"initial_obstacle_weight", &P::initialObstacleWeight, false, -2.0, 2.0},
    {"weight_floor", &P::weightFloor, false, 0.0, 0.999},
    {"heading_noise", &P::headingNoise, false, 0.0, 1e6},
    {"weight_noise", &P::weightNoise, false, 0.0, 1e6},
    {"time_to_contact", &P::timeToContact, true, 0, 0},
    {"front_half_angle", &P::frontHalfAngle, false, 1e-6, kPi},
    {"retreat_fraction", &P::retreatFraction, false, 0.0, 1.0},
    {"arrival_gain", &P::arrivalGain, false, 0.0, 1e6},
    {"d0_base", &P::d0Base, false, 0.0, 1e6},
    {"d1_base", &P::d1Base, false, 0.0, 1e6},
    {"v0", &P::v0, false, -kAny, kAny},
    {"dexterity_gain_min", &P::dexterityGainMin, false, 1e-6, 1.0},
    {"dexterity_gain_max", &P::dexterityGainMax, false, 1e-6, 1.0},
    {"mass_gain_min", &P::massGainMin, false, 1e-6, 1.0},
    {"mass_gain_max", &P::massGainMax, false, 1e-6, 1.0},
    {"filter_step", &P::filterStep, true, 0, 0},
};
struct BoolKey {
  const char* key;
  bool P::*field;
};
constexpr BoolKey kBools[] = {{"group_walls", &P::groupWalls}, {"windowed_alpha2", &P::windowedAlpha2}};

std::string courageMappingName(local::CourageMapping mapping) {
  return mapping == local::CourageMapping::Printed ? "printed" : "prose";
}
}  // namespace

local::GoldensteinParameters readGoldensteinParameters(const Scenario& s) {
  if (!s.local.IsDefined() || s.local.IsNull()) return {};
  yaml::YamlMap m(s.file, s.local, "local");
  // A preset gives the starting values; every key given beside it overrides its value.
  const std::string preset = m.choice("preset", "steer", {"steer", "paper"});
  P p = preset == "paper" ? P::asPrinted() : P{};
  for (const NumberKey& k : kNumbers)
    p.*k.field = k.positive ? m.positive(k.key, p.*k.field) : m.number(k.key, p.*k.field, k.min, k.max);
  for (const BoolKey& k : kBools) p.*k.field = m.boolean(k.key, p.*k.field);
  // The fallbacks of the two choices are the preset's values, as every number's is.
  const std::string mode = m.choice("weights", weightModeName(p.weightMode), {"quasi_static", "integrated", "direct_sum"});
  p.weightMode = mode == "integrated"   ? local::WeightMode::Integrated
                 : mode == "direct_sum" ? local::WeightMode::DirectSum
                                        : local::WeightMode::QuasiStatic;
  const std::string mapping = m.choice("courage_mapping", courageMappingName(p.courageMapping), {"prose", "printed"});
  p.courageMapping = mapping == "printed" ? local::CourageMapping::Printed : local::CourageMapping::Prose;
  // The traits are each agent's, not the model's (`--param local.courage=0.9` was only "unknown").
  const std::string traits =
      "an agent's or a group's personality: {dexterity, mass, courage} (--param agents.NAME.personality.TRAIT=V, "
      "groups.NAME.personality.TRAIT.mean=V)";
  m.finish({{"personality", traits}, {"dexterity", traits}, {"mass", traits}, {"courage", traits}});
  // Cross-field constraints (min ≤ max, passing_bias < delta, ...), reported at the section.
  try {
    local::validate(p);
  } catch (const std::invalid_argument& e) {
    yaml::fail(s.file, s.local, "local", e.what());
  }
  return p;
}

nlohmann::json goldensteinParametersJson(const local::GoldensteinParameters& p) {
  nlohmann::json j = nlohmann::json::object();
  for (const NumberKey& k : kNumbers) j[k.key] = p.*k.field;
  for (const BoolKey& k : kBools) j[k.key] = p.*k.field;
  j["weights"] = weightModeName(p.weightMode);
  j["courage_mapping"] = courageMappingName(p.courageMapping);
  return j;
}

}  // namespace steer::experiments
