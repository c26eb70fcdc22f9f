// Goldenstein Fig. 7 with the Goldenstein local model (steer::local): the U-shaped trap of
// experiments/scenarios/u_trap.yaml. Direct steering enters the dead end and cycles in it
// (§6.1: it escapes "only every now and then, because of the noise"); the harmonic field and
// our hybrid automaton (seek, then follow the wall: §6.2 names the two strategies) lead around
// it, without collisions.
#include <gtest/gtest.h>

#include <memory>

#include "steer/environment/brute_force_provider.hpp"
#include "steer/local/goldenstein_model.hpp"
#include "steer/planning/direct_planner.hpp"
#include "steer/planning/harmonic_planner.hpp"
#include "steer/planning/hybrid_planner.hpp"
#include "steer/sim/simulation.hpp"

namespace steer::planning {
namespace {

struct Outcome {
  bool reached = false;
  double time = -1.0;
  double minClearance = 1e9;  // body surface to the nearest wall (m); < −1e-3 is a collision
  std::vector<std::string> modes;
  double maxX = -1e9;  // deepest point reached along the trap's axis (m)
};

Outcome run(std::unique_ptr<sim::Planner> planner, std::uint64_t seed) {
  sim::World w;
  w.bounds = {sim::Vec3(-20, -15, -1), sim::Vec3(20, 15, 1)};
  w.obstacles.push_back({geometry::Segment{{3, -4}, {3, 4}}, {}});
  w.obstacles.push_back({geometry::Segment{{-4, -4}, {3, -4}}, {}});
  w.obstacles.push_back({geometry::Segment{{-4, 4}, {3, 4}}, {}});
  w.refreshPieces();
  sim::Agent a;
  a.radius = 0.4;
  a.nearRadius = 5.0;
  a.desiredSpeed = 1.3;
  a.maxSpeed = 2.0;
  a.state.position = sim::Vec3(-12, 0, 0);
  sim::Goal g;
  g.target.point = sim::Vec3(10, 0, 0);
  g.reachRadius = 0.6;
  a.goals.push_back(g);
  w.agents.push_back(a);
  sim::SimulationSettings s;
  s.dt = 0.05;
  s.duration = 90.0;
  s.seed = seed;
  s.integrator.kind = sim::IntegratorKind::RK4;
  sim::Simulation simulation(w, s, std::make_unique<local::GoldensteinModel>(),
                             std::make_unique<environment::BruteForceProvider>(), std::move(planner));
  Outcome o;
  simulation.start();
  while (!simulation.finished()) {
    simulation.step();
    const sim::Agent& agent = simulation.world().agents[0];
    if (!agent.enabled) break;
    o.maxX = std::max(o.maxX, agent.state.position.x());
    for (const auto& piece : simulation.world().pieces())
      o.minClearance = std::min(o.minClearance, sim::distanceToPiece(piece, agent.state.position) - agent.radius);
    const std::string mode(simulation.planner().mode(0));
    if (o.modes.empty() || o.modes.back() != mode) o.modes.push_back(mode);
  }
  o.reached = simulation.world().agents[0].finishTime >= 0.0;
  o.time = simulation.world().agents[0].finishTime;
  return o;
}

TEST(UTrapGoldenstein, DirectDoesNotReachTheTarget) {
  int reached = 0;
  for (std::uint64_t seed : {1, 2, 3}) {
    const Outcome o = run(std::make_unique<DirectPlanner>(), seed);
    reached += o.reached ? 1 : 0;
    // It does walk into the U (whose mouth is at x = −4, its back wall at x = 3).
    EXPECT_GT(o.maxX, -2.0) << seed;
    EXPECT_GT(o.minClearance, -1e-3) << seed;
  }
  // The paper allows a lucky escape by noise; most runs stay trapped.
  EXPECT_LE(reached, 1);
}

TEST(UTrapGoldenstein, HarmonicReachesWithoutCollisions) {
  HarmonicPlannerParameters p;
  p.field.resolution = 160;
  p.field.clearance = 0.4;
  const Outcome o = run(std::make_unique<HarmonicPlanner>(p), 1);
  EXPECT_TRUE(o.reached) << o.time;
  EXPECT_GT(o.minClearance, -1e-3);
}

TEST(UTrapGoldenstein, HybridReachesWithoutCollisions) {
  const Outcome o = run(std::make_unique<HybridPlanner>(HybridPlannerParameters{}), 1);
  EXPECT_TRUE(o.reached);
  EXPECT_GT(o.minClearance, -1e-3);
  std::string trace;
  for (const auto& m : o.modes) trace += m + " ";
  EXPECT_NE(std::find(o.modes.begin(), o.modes.end(), "escape"), o.modes.end()) << trace;
}

}  // namespace
}  // namespace steer::planning
