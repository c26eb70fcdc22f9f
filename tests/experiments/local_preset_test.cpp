// The `local:` section's presets: `preset: paper` is GoldensteinParameters::asPrinted() (the
// switches that depart from the paper's printed equations turned back, but for the four it keeps
// on purpose), keys beside a preset override it, and a run with the preset is the run with those
// keys spelt out.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "part_configs.hpp"  // experiments/src: readGoldensteinParameters
#include "steer/experiments/factory.hpp"
#include "steer/experiments/input_error.hpp"

using namespace steer;

namespace {

// Two groups crossing between walls and a box: walls one by one or grouped, agents as
// obstacles, α2 over every obstacle and the arrival slow-down all act in 20 s.
const std::string kScenario =
    "name: preset\n"
    "world: {min: [-12, -8], max: [12, 8]}\n"
    "duration: 20\n"
    "seed: 5\n"
    "obstacles:\n"
    "  - segment: {from: [-4, 2], to: [4, 2]}\n"
    "  - segment: {from: [4, 2], to: [4, 4]}\n"
    "  - box: {min: [-1, -3], max: [1, -1.5]}\n"
    "groups:\n"
    "  - {count: 6, region: {min: [-11, -4], max: [-7, 4]}, goals: [{kind: seek, target: [10, 0]}]}\n"
    "  - {count: 6, region: {min: [7, -4], max: [11, 4]}, goals: [{kind: seek, target: [-10, 0]}]}\n";

experiments::Scenario parse(const std::string& local) {
  return experiments::parseYamlScenario(kScenario + local, "t.yaml");
}

std::vector<double> finalPositions(const std::string& local) {
  auto s = parse(local);
  s.model = "goldenstein";
  auto simulation = experiments::makeSimulation(s);
  simulation.run();
  std::vector<double> out;
  for (const auto& a : simulation.world().agents) out.insert(out.end(), a.state.position.data(), a.state.position.data() + 3);
  return out;
}

}  // namespace

TEST(LocalPreset, PaperTurnsTheEquationsDepartingSwitchesBack) {
  const local::GoldensteinParameters ours;
  const local::GoldensteinParameters paper = experiments::readGoldensteinParameters(parse("local: {preset: paper}\n"));
  // Each field the preset sets differs from our default, so each line below can fail.
  EXPECT_TRUE(ours.windowedAlpha2);
  EXPECT_FALSE(paper.windowedAlpha2);
  EXPECT_TRUE(ours.groupWalls);
  EXPECT_FALSE(paper.groupWalls);
  EXPECT_NE(ours.agentDecayFactor, 1.0);
  EXPECT_EQ(paper.agentDecayFactor, 1.0);
  EXPECT_NE(ours.headingRate, 1.0);
  EXPECT_EQ(paper.headingRate, 1.0);
  EXPECT_NE(ours.arrivalGain, 0.0);
  EXPECT_EQ(paper.arrivalGain, 0.0);
  EXPECT_NE(ours.retreatFraction, 1.0);
  EXPECT_EQ(paper.retreatFraction, 1.0);
  // The paper's constants are our defaults already and stay.
  EXPECT_EQ(paper.a, 1.0);
  EXPECT_EQ(paper.delta, 0.8);
  EXPECT_EQ(paper.c1, 2.0);
  EXPECT_EQ(paper.gamma21, 0.05);
  EXPECT_EQ(paper.alpha1Scale, 0.4);
  EXPECT_EQ(paper.d0Base, ours.d0Base);
  EXPECT_EQ(paper.d1Base, ours.d1Base);

  // `steer`, the default, is our defaults.
  const local::GoldensteinParameters steer = experiments::readGoldensteinParameters(parse("local: {preset: steer}\n"));
  EXPECT_TRUE(steer.windowedAlpha2);
  EXPECT_EQ(steer.headingRate, ours.headingRate);
}

// What the reader gives for a preset alone is the C++ preset, every field of it: the reader's
// choices (weights, courage_mapping) once fell back to fixed names, which would have undone a
// preset that set them.
TEST(LocalPreset, ThePresetReadIsTheCppPresetInEveryField) {
  EXPECT_EQ(experiments::readGoldensteinParameters(parse("local: {preset: paper}\n")), local::GoldensteinParameters::asPrinted());
  EXPECT_EQ(experiments::readGoldensteinParameters(parse("local: {preset: steer}\n")), local::GoldensteinParameters{});
  // And a choice given beside a preset is taken.
  const auto p = experiments::readGoldensteinParameters(parse("local: {preset: paper, weights: integrated, courage_mapping: printed}\n"));
  EXPECT_EQ(p.weightMode, local::WeightMode::Integrated);
  EXPECT_EQ(p.courageMapping, local::CourageMapping::Printed);
  EXPECT_FALSE(p.windowedAlpha2);
}

TEST(LocalPreset, KeysBesideThePresetOverrideIt) {
  const local::GoldensteinParameters p =
      experiments::readGoldensteinParameters(parse("local: {heading_rate: 2, preset: paper, group_walls: true}\n"));
  EXPECT_EQ(p.headingRate, 2.0);
  EXPECT_TRUE(p.groupWalls);
  EXPECT_FALSE(p.windowedAlpha2);  // from the preset
  EXPECT_EQ(p.agentDecayFactor, 1.0);
}

TEST(LocalPreset, AnUnknownPresetNamesTheKeyAndTheChoices) {
  try {
    experiments::readGoldensteinParameters(parse("local:\n  preset: papr\n"));
    FAIL() << "no error";
  } catch (const experiments::InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("t.yaml:13"), std::string::npos) << what;
    EXPECT_NE(what.find("local.preset"), std::string::npos) << what;
    EXPECT_NE(what.find("paper"), std::string::npos) << what;
  }
}

TEST(LocalPreset, ARunWithThePresetIsTheRunWithItsKeys) {
  const auto preset = finalPositions("local: {preset: paper}\n");
  const auto spelt = finalPositions(
      "local: {windowed_alpha2: false, group_walls: false, agent_decay_factor: 1, heading_rate: 1, "
      "arrival_gain: 0, retreat_fraction: 1}\n");
  EXPECT_EQ(preset, spelt);
  EXPECT_NE(preset, finalPositions(""));  // and the preset does change the run
}

// summary.json's `local` record of a Goldenstein run: every key the section takes, written from
// the parameters the run used; read back as a `local:` section (JSON is YAML), it gives the same
// parameters, for either preset and for every field changed at once.
TEST(LocalSection, ARunsRecordReadsBackAsTheSameParameters) {
  local::GoldensteinParameters changed;
  changed.a = 1.25;
  changed.headingRate = 1.5;
  changed.delta = 0.7;
  changed.windowEdgeGap = 0.04;
  changed.passingBias = 0.1;
  changed.agentDecayFactor = 0.5;
  changed.segmentSwitchDistance = 3.0;
  changed.groupWalls = false;
  changed.weightMode = local::WeightMode::Integrated;
  changed.c1 = 2.5;
  changed.c2 = 1.5;
  changed.gamma21 = 0.07;
  changed.alpha1Scale = 0.3;
  changed.windowedAlpha2 = false;
  changed.weightRate = 12.0;
  changed.initialTargetWeight = 0.9;
  changed.initialObstacleWeight = 0.2;
  changed.weightFloor = 0.02;
  changed.headingNoise = 0.1;
  changed.weightNoise = 0.02;
  changed.timeToContact = 1.5;
  changed.frontHalfAngle = 0.3;
  changed.retreatFraction = 0.4;
  changed.arrivalGain = 0.5;
  changed.d0Base = 6.0;
  changed.courageMapping = local::CourageMapping::Printed;
  changed.d1Base = 0.3;
  changed.v0 = 0.1;
  changed.dexterityGainMin = 0.2;
  changed.dexterityGainMax = 0.9;
  changed.massGainMin = 0.15;
  changed.massGainMax = 0.8;
  changed.filterStep = 0.04;
  ASSERT_FALSE(changed == local::GoldensteinParameters{});
  for (const auto& parameters : {local::GoldensteinParameters{}, local::GoldensteinParameters::asPrinted(), changed}) {
    const nlohmann::json record = experiments::goldensteinParametersJson(parameters);
    const auto s = parse("local: " + record.dump() + "\n");
    EXPECT_TRUE(experiments::readGoldensteinParameters(s) == parameters) << record.dump();
  }
  // The default preset's record read back under the printed preset is still the defaults: the
  // record names every key, so no preset value shows through.
  nlohmann::json withPreset = experiments::goldensteinParametersJson(local::GoldensteinParameters{});
  withPreset["preset"] = "paper";
  EXPECT_TRUE(experiments::readGoldensteinParameters(parse("local: " + withPreset.dump() + "\n")) ==
              local::GoldensteinParameters{});
}
