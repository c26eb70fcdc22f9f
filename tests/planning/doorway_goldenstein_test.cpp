// A doorway for the Goldenstein local model (steer::local) with the harmonic planner: the field
// in the agents' configuration space (obstacles grown by the body, the default clearance `auto`)
// leads an agent that starts beside a 1.6 m doorway through it. With the obstacles not grown the
// streamlines run along the wall and turn into the doorway at a right angle within a body width,
// and the agent circled in front of it (experiments/scenarios/steersuite/doorway.xml: 6 of 12).
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <memory>
#include <span>
#include <vector>

#include "steer/environment/brute_force_provider.hpp"
#include "steer/local/goldenstein_model.hpp"
#include "steer/planning/harmonic_planner.hpp"
#include "steer/sim/simulation.hpp"

namespace steer::planning {
namespace {

struct Start {
  sim::Vec3 position, direction;
};

// Starts beside the doorway on its right, heading along the wall, towards it or away.
const std::vector<Start> kStarts = {
    {{2.5, -2, 0}, {0, 1, 0}}, {{2, 2, 0}, {0, -1, 0}}, {{1.5, -1.5, 0}, {-1, 0, 0}},
    {{3, 0, 0}, {0, 1, 0}},    {{1.5, 1, 0}, {0, 1, 0}},
};

sim::World doorway(const Start& start) {
  sim::World w;
  w.bounds = {sim::Vec3(-20, -20, -1), sim::Vec3(20, 20, 1)};
  // A wall 0.4 m thick along x = 0 from y = −15 to 15, with a 1.6 m doorway at y = 0.
  w.obstacles.push_back({geometry::AlignedBox{{-0.2, -15}, {0.2, -0.8}}, {}});
  w.obstacles.push_back({geometry::AlignedBox{{-0.2, 0.8}, {0.2, 15}}, {}});
  w.refreshPieces();
  sim::Agent a;
  a.radius = 0.35;
  a.nearRadius = 5.0;
  a.desiredSpeed = 1.3;
  a.maxSpeed = 2.0;
  a.state.position = start.position;
  a.state.direction = start.direction;
  sim::Goal g;
  g.target.point = sim::Vec3(-16, 0, 0);
  g.reachRadius = 0.5;
  a.goals.push_back(g);
  w.agents.push_back(a);
  return w;
}

// The smallest gap between the agent's body and a wall over the run (negative: overlap).
class WallGap final : public sim::StepObserver {
 public:
  void onStep(const sim::World& world, const sim::Planner&, std::span<const sim::Vec3>) override {
    const sim::Agent& a = world.agents[0];
    for (const auto& piece : world.pieces())
      smallest = std::min(smallest, sim::distanceToPiece(piece, a.state.position) - a.radius);
  }
  double smallest = std::numeric_limits<double>::infinity();
};

struct Outcome {
  bool reached = false;
  double wallGap = 0.0;  // m
};

Outcome runFrom(const Start& start, double clearance) {
  sim::SimulationSettings s;
  s.dt = 0.05;
  s.duration = 60.0;
  s.seed = 1;
  HarmonicPlannerParameters p;
  p.field.clearance = clearance;
  sim::Simulation simulation(doorway(start), s, std::make_unique<local::GoldensteinModel>(),
                             std::make_unique<environment::BruteForceProvider>(),
                             std::make_unique<HarmonicPlanner>(p));
  WallGap gap;
  simulation.addObserver(&gap);
  simulation.run();
  return {simulation.world().agents[0].finishTime >= 0.0, gap.smallest};
}

bool reaches(const Start& start, double clearance) { return runFrom(start, clearance).reached; }

// Through the doorway, not through its jambs: the body never overlaps a wall by more than the
// metrics' 1 mm.
TEST(DoorwayGoldenstein, TheFieldInConfigurationSpaceLeadsThroughADoorway) {
  for (const Start& start : kStarts) {
    const Outcome o = runFrom(start, HarmonicSettings::kAutoClearance);
    EXPECT_TRUE(o.reached) << start.position.transpose();
    EXPECT_GT(o.wallGap, -1e-3) << start.position.transpose();
  }
}

// The oracle for the test above: the same starts with the obstacles not grown.
TEST(DoorwayGoldenstein, WithoutClearanceTheAgentMissesTheDoorwayFromBeside) {
  int reached = 0;
  for (const Start& start : kStarts) reached += reaches(start, 0.0) ? 1 : 0;
  EXPECT_LT(reached, static_cast<int>(kStarts.size()));
}

}  // namespace
}  // namespace steer::planning
