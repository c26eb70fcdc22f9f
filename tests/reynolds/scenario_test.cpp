// `--model reynolds` through the scenario loaders and factory (issue #6, "Done when"):
// SteerSuite cases, the pigeons scenario file, and the `reynolds:` section's error reporting.
#include <gtest/gtest.h>

#include <cmath>

#include "steer/experiments/factory.hpp"
#include "steer/experiments/input_error.hpp"
#include "steer/reynolds/pigeons.hpp"
#include "steer/reynolds/reynolds_model.hpp"

namespace steer::reynolds {
namespace {

struct Outcome {
  int agents = 0, reached = 0, obstacleContacts = 0;
};

// Counts agent–obstacle overlaps (> 1e-3) that start, as the metrics do.
class ObstacleContacts final : public sim::StepObserver {
 public:
  void onStep(const sim::World& world, const sim::Planner&, std::span<const sim::Vec3>) override {
    const auto& pieces = world.pieces();
    touching_.resize(world.agents.size() * pieces.size(), false);
    for (const auto& a : world.agents) {
      if (!a.enabled) continue;
      for (std::size_t k = 0; k < pieces.size(); ++k) {
        const bool now = sim::distanceToPiece(pieces[k], a.state.position) < a.radius - 1e-3;
        auto&& was = touching_[a.id * pieces.size() + k];
        if (now && !was) ++count;
        was = now;
      }
    }
  }
  int count = 0;

 private:
  std::vector<bool> touching_;
};

Outcome runCase(const std::string& file, const std::string& neighbors) {
  experiments::Scenario s = experiments::loadScenario(std::string(STEER_TEST_DATA_DIR) + "/steersuite/" + file);
  s.model = "reynolds";
  s.planner = "direct";
  s.neighbors = neighbors;
  s.settings.duration = 200.0;
  sim::Simulation sim = experiments::makeSimulation(s);
  ObstacleContacts contacts;
  sim.addObserver(&contacts);
  sim.run();
  Outcome o;
  o.agents = static_cast<int>(sim.world().agents.size());
  for (const auto& a : sim.world().agents) o.reached += a.finishTime >= 0.0 ? 1 : 0;
  o.obstacleContacts = contacts.count;
  return o;
}

TEST(ReynoldsSteerSuite, CircleSwapOfHundredAgents) {
  const Outcome o = runCase("circle_swap_100.xml", "lattice");
  EXPECT_EQ(o.agents, 100);
  EXPECT_GE(o.reached, 95);
}

TEST(ReynoldsSteerSuite, PillarsAreAvoided) {
  for (const char* file : {"head_on_pillar.xml", "two_pillars.xml"}) {
    const Outcome o = runCase(file, "brute");
    EXPECT_EQ(o.reached, o.agents) << file;
    EXPECT_EQ(o.obstacleContacts, 0) << file;
  }
}

TEST(ReynoldsScenario, PigeonsFileRunsAndTheFlockIsStartled) {
  experiments::Scenario s = experiments::loadScenario(std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/pigeons.yaml");
  ASSERT_EQ(s.model, "reynolds");
  ASSERT_EQ(s.world.agents.size(), 280u);
  const auto model = experiments::makeLocalModel(s);
  const auto* reynolds = dynamic_cast<const ReynoldsModel*>(model.get());
  ASSERT_NE(reynolds, nullptr);
  const ReynoldsParameters& p = reynolds->parameters();
  ASSERT_EQ(p.states.size(), 4u);
  ASSERT_EQ(p.claps.size(), 1u);
  // Run until just after the clap.
  s.settings.duration = p.claps[0].time + 3.0;
  sim::Simulation sim = experiments::makeSimulation(s);
  sim.run();
  int startled = 0;
  for (const auto& a : sim.world().agents) startled += a.state.model[kSlotAnnoyance] > 0.0 ? 1 : 0;
  EXPECT_GE(startled, static_cast<int>(0.95 * 280));
}

TEST(ReynoldsScenario, UnknownKeysAndNamesAreErrorsWithLocations) {
  const std::string head =
      "name: t\nmodel: reynolds\nworld: {min: [-10, -10], max: [10, 10]}\nagents:\n"
      "  - {position: [0, 0], goals: [{kind: seek, target: [5, 0]}]}\n";
  auto parseModel = [&](const std::string& tail) {
    experiments::Scenario s = experiments::parseYamlScenario(head + tail, "t.yaml");
    return experiments::makeLocalModel(s);
  };
  EXPECT_NO_THROW(parseModel("reynolds: {combiner: arbitration, behaviors: [{kind: arrive_goal}]}\n"));
  try {
    parseModel("reynolds:\n  combiner: blend\n  behaviours: []\n");
    FAIL() << "unknown key accepted";
  } catch (const experiments::InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("t.yaml:8"), std::string::npos) << what;
    EXPECT_NE(what.find("reynolds.behaviours"), std::string::npos) << what;
  }
  EXPECT_THROW(parseModel("reynolds: {behaviors: [{kind: teleport}]}\n"), experiments::InputError);
  EXPECT_THROW(parseModel("reynolds: {behaviors: [{kind: seek_goal, wieght: 2}]}\n"), experiments::InputError);
  EXPECT_THROW(parseModel("reynolds: {states: [{name: a, behaviors: [{kind: wander}]}], initial_state: b}\n"),
               experiments::InputError);
}

}  // namespace
}  // namespace steer::reynolds
