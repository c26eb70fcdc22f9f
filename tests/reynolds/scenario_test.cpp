// `--model reynolds` through the scenario loaders and factory (issue #6, "Done when"):
// SteerSuite cases, the pigeons scenario file, and the `reynolds:` section's error reporting.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <vector>

#include "steer/experiments/factory.hpp"
#include "steer/geometry/vec.hpp"
#include "steer/experiments/input_error.hpp"
#include "steer/experiments/metrics.hpp"
#include "part_configs.hpp"  // experiments/src: readReynoldsParameters
#include "steer/reynolds/pigeons.hpp"
#include "steer/reynolds/reynolds_model.hpp"

namespace steer::reynolds {
namespace {

struct Outcome {
  int agents = 0, reached = 0, obstacleContacts = 0, agentContacts = 0;
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

Outcome runCase(const std::string& file, const std::string& neighbors, const std::string& model = "reynolds") {
  experiments::Scenario s = experiments::loadScenario(std::string(STEER_TEST_DATA_DIR) + "/steersuite/" + file);
  s.model = model;
  s.planner = "direct";
  s.neighbors = neighbors;
  s.settings.duration = 200.0;
  sim::Simulation sim = experiments::makeSimulation(s);
  ObstacleContacts contacts;
  experiments::MetricsRecorder metrics;  // agent–agent collisions as summary.json counts them
  sim.addObserver(&contacts);
  sim.addObserver(&metrics);
  sim.run();
  Outcome o;
  o.agents = static_cast<int>(sim.world().agents.size());
  for (const auto& a : sim.world().agents) o.reached += a.finishTime >= 0.0 ? 1 : 0;
  o.obstacleContacts = contacts.count;
  o.agentContacts = static_cast<int>(metrics.metrics().agentAgentCollisions);
  return o;
}

// A hundred agents swapping places through the circle's centre. Reynolds' pairwise predictions
// conflict in so dense a crossing, so contacts remain (148 in a `steer run` of 2026-12-01;
// papers/reynolds1999/README.md), but far fewer than agents that do not avoid each other at all:
// the straight model on the same file, the oracle here, reaches too, through ~5,000 overlaps.
TEST(ReynoldsSteerSuite, CircleSwapOfHundredAgents) {
  const Outcome o = runCase("circle_swap_100.xml", "lattice");
  EXPECT_EQ(o.agents, 100);
  EXPECT_GE(o.reached, 95);
  const Outcome blind = runCase("circle_swap_100.xml", "lattice", "straight");
  EXPECT_GE(blind.reached, 95);
  EXPECT_LT(o.agentContacts * 10, blind.agentContacts) << o.agentContacts << " against " << blind.agentContacts;
}

TEST(ReynoldsSteerSuite, PillarsAreAvoided) {
  for (const char* file : {"head_on_pillar.xml", "two_pillars.xml"}) {
    const Outcome o = runCase(file, "brute");
    EXPECT_EQ(o.reached, o.agents) << file;
    EXPECT_EQ(o.obstacleContacts, 0) << file;
  }
}

// The fly_by behavior through a scenario file: an agent after a point moving straight along a
// path passes it (the point goes from ahead of the agent to behind it) at about the behavior's
// `distance` (reynolds-1999's R), where pursue_goal runs into it; fly_by reads `distance` and
// `prediction_factor`, and another kind's key is an error.
TEST(ReynoldsScenario, FlyByPassesItsMovingTargetAtItsDistance) {
  const std::string head =
      "name: t\nmodel: reynolds\nworld: {min: [-30, -30], max: [30, 30]}\nduration: 20\nagents:\n"
      "  - {position: [0, -10], heading_deg: 90,\n"
      "     goals: [{kind: seek, target: {path: {waypoints: [[-10, 5], [30, 5]], speed: 1}}, reach_radius: 0.1}]}\n";
  struct Pass {
    double nearest = 1e9;
    bool passed = false;
  };
  auto run = [&](const std::string& behavior) {
    experiments::Scenario s = experiments::parseYamlScenario(head + "reynolds: {behaviors: [" + behavior + "]}\n", "t.yaml");
    sim::Simulation sim = experiments::makeSimulation(s);
    Pass p;
    bool wasAhead = false;
    while (sim.world().time < 20.0 && sim.world().agents[0].enabled) {
      sim.step();
      const sim::Agent& a = sim.world().agents[0];
      const sim::Vec3 toTarget = sim.world().targetPosition(a.goals[0].target) - a.state.position;
      p.nearest = std::min(p.nearest, toTarget.norm());
      const bool ahead = toTarget.dot(a.state.velocity()) > 0.0;
      if (wasAhead && !ahead) p.passed = true;
      wasAhead = ahead;
      if (p.passed) break;
    }
    return p;
  };
  const Pass flying = run("{kind: fly_by, distance: 2, prediction_factor: 0.3}");
  EXPECT_TRUE(flying.passed);
  EXPECT_GT(flying.nearest, 1.0);
  EXPECT_LT(flying.nearest, 4.0);
  const Pass pursuing = run("{kind: pursue_goal, prediction_factor: 0.3}");
  EXPECT_LT(pursuing.nearest, 0.3) << "pursuit comes up to the point";
  EXPECT_THROW(run("{kind: fly_by, offset: [1, 0]}"), experiments::InputError);
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

TEST(ReynoldsScenario, ForageFileEatsEveryResourceOnce) {
  experiments::Scenario s = experiments::loadScenario(std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/forage.yaml");
  ASSERT_EQ(s.model, "reynolds");
  sim::Simulation sim = experiments::makeSimulation(s);
  sim.run();
  const auto& ledger = dynamic_cast<const ReynoldsModel&>(sim.model()).resources();
  ASSERT_EQ(ledger.size(), 16u);
  EXPECT_EQ(ledger.remaining(), 0u);
  std::vector<int> eaten(sim.world().agents.size(), 0);
  for (std::size_t k = 0; k < ledger.size(); ++k) {
    ASSERT_LT(ledger.consumedBy(k), eaten.size());
    ++eaten[ledger.consumedBy(k)];
    EXPECT_GE(ledger.consumedAt(k), 0.0);
    EXPECT_LE(ledger.consumedAt(k), s.settings.duration);
  }
  EXPECT_GE(*std::min_element(eaten.begin(), eaten.end()), 1);  // every forager found something
}

namespace {
// Agent 0's committed positions, start included: the oracle of what it can have sensed.
class PathRecorder final : public sim::StepObserver {
 public:
  void onStart(const sim::World& world, const sim::Planner&) override { path.push_back(world.agents[0].state.position); }
  void onStep(const sim::World& world, const sim::Planner&, std::span<const Vec3>) override {
    path.push_back(world.agents[0].state.position);
  }
  std::vector<Vec3> path;
};
}  // namespace

TEST(ReynoldsScenario, ExploreFileSeesEveryReachableCellThroughTheDoor) {
  experiments::Scenario s = experiments::loadScenario(std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/explore.yaml");
  sim::Simulation sim = experiments::makeSimulation(s);
  PathRecorder recorder;
  sim.addObserver(&recorder);
  sim.run();
  const auto& model = dynamic_cast<const ReynoldsModel&>(sim.model());
  ASSERT_EQ(model.exploreGrids().size(), 1u);
  const ExploreGrid& grid = model.exploreGrids()[0];
  EXPECT_LT(grid.openCells(), grid.size());  // the pillar blocks some cells
  // Both sides of the wall are one component: the door joins them.
  EXPECT_EQ(grid.component(grid.cellOf(Vec3(-10, -6, 0))), grid.component(grid.cellOf(Vec3(10, -6, 0))));
  EXPECT_EQ(coverage(grid, model.lastSeen(0, 0)), 1.0);
  // The memory is the trajectory's: every open cell's centre came within the sensing radius of a
  // committed position (in the x–y plane), and so did every cell the memory holds.
  const auto lastSeen = model.lastSeen(0, 0);
  ASSERT_GT(recorder.path.size(), 10u);
  std::size_t open = 0;
  for (std::size_t c = 0; c < grid.size(); ++c) {
    double nearest = std::numeric_limits<double>::infinity();
    for (const Vec3& at : recorder.path)
      nearest = std::min(nearest, (geometry::xy(grid.center(c)) - geometry::xy(at)).norm());
    const bool sensed = nearest <= grid.sensingRadius();
    EXPECT_EQ(std::isfinite(lastSeen[c]), sensed) << "cell " << c << ", nearest pass " << nearest << " m";
    if (!grid.blocked(c)) {
      ++open;
      EXPECT_TRUE(sensed) << "open cell " << c;
    }
  }
  EXPECT_EQ(open, grid.openCells());
}

// A vehicle key not given keeps the preset's value, the surface's kind too: `surface:
// {wavelength: 25}` on the pigeons' preset dropped their ground (the kind fell back to none).
TEST(ReynoldsScenario, ASurfaceWithoutKindKeepsThePresetsKind) {
  const std::string head =
      "name: t\nmodel: reynolds\ndimension: 3\nworld: {min: [-20, -20, -5], max: [20, 20, 20]}\nagents:\n"
      "  - {position: [0, 0, 0], stays: true}\n";
  const auto read = [&](const std::string& tail) {
    return experiments::readReynoldsParameters(experiments::parseYamlScenario(head + tail, "t.yaml"));
  };
  const ReynoldsParameters preset = read("reynolds: {preset: pigeons}\n");
  ASSERT_EQ(preset.vehicle.surface.kind, Surface::Kind::HeightField);
  const ReynoldsParameters tuned = read("reynolds: {preset: pigeons, vehicle: {surface: {wavelength: 30}}}\n");
  EXPECT_EQ(tuned.vehicle.surface.kind, Surface::Kind::HeightField);
  EXPECT_EQ(tuned.vehicle.surface.wavelength, 30.0);
  EXPECT_EQ(tuned.vehicle.surface.amplitude, preset.vehicle.surface.amplitude);
  EXPECT_EQ(read("reynolds: {preset: pigeons, vehicle: {surface: {kind: none}}}\n").vehicle.surface.kind, Surface::Kind::None);
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
  // An unknown behavior's message says which one was meant, or which there are.
  const auto messageOf = [&](const std::string& tail) {
    try {
      parseModel(tail);
    } catch (const experiments::InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(messageOf("reynolds: {behaviors: [{kind: seek_gaol}]}\n").find("unknown behavior 'seek_gaol'; a misspelling of 'seek_goal'?"),
            std::string::npos);
  EXPECT_NE(messageOf("reynolds: {behaviors: [{kind: seek}]}\n").find("did you mean one of: seek_goal, seek_point?"),
            std::string::npos);
  const std::string every = messageOf("reynolds: {behaviors: [{kind: teleport}]}\n");
  for (int k = 0; k <= static_cast<int>(BehaviorKind::Forage); ++k)
    EXPECT_NE(every.find(behaviorName(static_cast<BehaviorKind>(k))), std::string::npos) << every;
  // A vehicle key beside `vehicle` says it belongs in it.
  EXPECT_NE(messageOf("reynolds: {max_force: 3, behaviors: [{kind: seek_goal}]}\n")
                .find("reynolds.max_force: unknown key here; it belongs in reynolds.vehicle: {max_force: ...}"),
            std::string::npos);
  // A behavior's kind as a key of the section (a --param reynolds.separation.weight=2) says
  // behaviors are a list.
  EXPECT_NE(messageOf("reynolds: {separation: {weight: 2}}\n")
                .find("reynolds.separation: unknown key here; it belongs in a behavior of the list reynolds.behaviors: "
                      "[{kind: separation, weight: ...}, ...]"),
            std::string::npos)
      << messageOf("reynolds: {separation: {weight: 2}}\n");
  EXPECT_THROW(parseModel("reynolds: {behaviors: [{kind: seek_goal, wieght: 2}]}\n"), experiments::InputError);
  EXPECT_THROW(parseModel("reynolds: {states: [{name: a, behaviors: [{kind: wander}]}], initial_state: b}\n"),
               experiments::InputError);
}

TEST(ReynoldsScenario, ExploreAndForageKeysAreReadAndBadValuesAreErrorsWithLocations) {
  const std::string head =
      "name: t\nmodel: reynolds\nworld: {min: [-10, -10], max: [10, 10]}\nagents:\n"
      "  - {position: [0, 0], stays: true}\n";
  auto parse = [&](const std::string& tail) {
    experiments::Scenario s = experiments::parseYamlScenario(head + tail, "t.yaml");
    return experiments::readReynoldsParameters(s);
  };
  // Defaults: explore covers the world's box.
  const ReynoldsParameters d = parse("reynolds: {preset: none, behaviors: [{kind: explore}, {kind: forage}]}\n");
  ASSERT_EQ(d.behaviors.size(), 2u);
  EXPECT_EQ(d.behaviors[0].explore.min.head<2>(), geometry::Vec2(-10, -10));  // z is not used in 2D
  EXPECT_EQ(d.behaviors[0].explore.max.head<2>(), geometry::Vec2(10, 10));
  EXPECT_EQ(d.behaviors[0].explore.cellSize, ExploreParameters{}.cellSize);
  EXPECT_EQ(d.behaviors[1].forage.perception, ForageParameters{}.perception);
  EXPECT_TRUE(d.resources.empty());
  const ReynoldsParameters p = parse(
      "reynolds:\n  preset: none\n  behaviors:\n"
      "    - {kind: explore, explore: {min: [-5, -4], max: [5, 4], cell_size: 1, sensing_radius: 0.8, clearance: 0.2}}\n"
      "    - {kind: forage, forage: {perception: 3, slowing_distance: 1.5}, wander: {radius: 0.5}}\n"
      "  resources:\n    - {position: [1, 2], radius: 0.3}\n    - {position: [-3, 4]}\n");
  EXPECT_EQ(p.behaviors[0].explore.min, Vec3(-5, -4, 0));
  EXPECT_EQ(p.behaviors[0].explore.max, Vec3(5, 4, 0));
  EXPECT_EQ(p.behaviors[0].explore.cellSize, 1.0);
  EXPECT_EQ(p.behaviors[0].explore.sensingRadius, 0.8);
  EXPECT_EQ(p.behaviors[0].explore.clearance, 0.2);
  EXPECT_EQ(p.behaviors[1].forage.perception, 3.0);
  EXPECT_EQ(p.behaviors[1].forage.slowingDistance, 1.5);
  EXPECT_EQ(p.behaviors[1].wander.radius, 0.5);
  ASSERT_EQ(p.resources.size(), 2u);
  EXPECT_EQ(p.resources[0].position, Vec3(1, 2, 0));
  EXPECT_EQ(p.resources[0].radius, 0.3);
  EXPECT_EQ(p.resources[1].radius, Resource{}.radius);
  // The world's own box, and points on its boundary, are inside.
  const ReynoldsParameters edge = parse(
      "reynolds: {preset: none, behaviors: [{kind: explore, explore: {min: [-10, -10], max: [10, 10]}}, "
      "{kind: seek_point, point: [10, -10]}, {kind: follow_path, path: {points: [[-10, 0], [10, 0]]}}]}\n");
  EXPECT_EQ(edge.behaviors[0].explore.max, Vec3(10, 10, 0));

  // Each bad value: an InputError naming the file, line and key.
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"reynolds: {behaviors: [{kind: explore, explore: {cell_size: 0}}]}\n", "cell_size"},
      {"reynolds: {behaviors: [{kind: explore, explore: {sensing_radius: -1}}]}\n", "sensing_radius"},
      {"reynolds: {behaviors: [{kind: explore, explore: {min: [2, 0], max: [1, 5]}}]}\n", "explore"},
      {"reynolds: {behaviors: [{kind: explore, explore: {cell_size: 0.01}}]}\n", "explore"},
      {"reynolds: {behaviors: [{kind: explore, explore: {cells: 4}}]}\n", "explore.cells"},
      {"reynolds: {behaviors: [{kind: forage, forage: {perception: 0}}]}\n", "perception"},
      {"reynolds: {behaviors: [{kind: forage, forage: {range: 3}}]}\n", "forage.range"},
      {"reynolds: {behaviors: [{kind: forage}], resources: [{position: [30, 0]}]}\n", "position"},
      {"reynolds: {behaviors: [{kind: forage}], resources: [{position: [1, 0], radius: -0.1}]}\n", "radius"},
      {"reynolds: {behaviors: [{kind: forage}], resources: [{radius: 0.1}]}\n", "position"},
      {"reynolds: {behaviors: [{kind: forage}], resources: [{position: [1, 0], amount: 3}]}\n", "amount"},
      {"reynolds: {behaviors: [{kind: containment, region: {min: [5, -5], max: [-5, 5]}}]}\n", "region.max"},
      {"reynolds: {behaviors: [{kind: containment, region: {min: [-5, 0], max: [5, 0]}}]}\n", "region.max"},
      // Where the agents are to go lies in the world: cells outside it could never be seen.
      {"reynolds: {behaviors: [{kind: explore, explore: {min: [-10, -10], max: [10, 10.5]}}]}\n",
       "reynolds.behaviors[0].explore.max: outside the world bounds"},
      {"reynolds: {behaviors: [{kind: explore, explore: {min: [-11, -10]}}]}\n", "explore.min: outside the world bounds"},
      {"reynolds: {behaviors: [{kind: seek_point, point: [0, -12]}]}\n", "reynolds.behaviors[0].point: outside the world bounds"},
      {"reynolds: {behaviors: [{kind: follow_path, path: {points: [[0, 0], [20, 0]]}}]}\n",
       "reynolds.behaviors[0].path.points[1]: outside the world bounds"},
      {"reynolds: {behaviors: [{kind: wander}], avatar: {path: {waypoints: [[0, 0], [0, 30]]}}}\n",
       "reynolds.avatar.path.waypoints[1]: outside the world bounds"},
      {"reynolds: {behaviors: [{kind: forage}], resources: [{position: [30, 0]}]}\n", "position: outside the world bounds"},
      {"reynolds: {behaviors: [{kind: wander, weight: }]}\n", "reynolds.behaviors[0].weight: a value is required"},
      // A behavior without what it steers by did nothing, without a word.
      {"reynolds: {behaviors: [{kind: seek_point}]}\n", "reynolds.behaviors[0].point: required key is missing"},
      {"reynolds: {behaviors: [{kind: follow_path}]}\n", "reynolds.behaviors[0].path: required key is missing"},
      {"reynolds: {behaviors: [{kind: leader_following}]}\n", "reynolds.behaviors[0].agent: required key is missing"},
      {"reynolds: {behaviors: [{kind: hide}]}\n", "reynolds.behaviors[0].agent: required key is missing"},
      {"reynolds: {behaviors: [{kind: interpose}]}\n", "reynolds.behaviors[0].agent: required key is missing"},
  };
  // A key the reader knows is not taken for a misspelling of the missing one ("'agent' here: a
  // misspelling of 'agent_b'?" beside interpose's agent).
  try {
    experiments::readReynoldsParameters(experiments::parseYamlScenario(
        "name: t\nmodel: reynolds\nworld: {min: [-10, -10], max: [10, 10]}\nagents:\n"
        "  - {name: a, position: [0, 0], stays: true}\nreynolds: {behaviors: [{kind: interpose, agent: a}]}\n",
        "t.yaml"));
    ADD_FAILURE() << "interpose without agent_b accepted";
  } catch (const experiments::InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("reynolds.behaviors[0].agent_b: required key is missing"), std::string::npos) << what;
    EXPECT_EQ(what.find("misspelling"), std::string::npos) << what;
  }
  for (const auto& [tail, key] : bad) {
    try {
      parse(tail);
      ADD_FAILURE() << "accepted: " << tail;
    } catch (const experiments::InputError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("t.yaml:6:"), std::string::npos) << what;
      EXPECT_NE(what.find(key), std::string::npos) << what;
    }
  }
}

}  // namespace
}  // namespace steer::reynolds
