#pragma once
// Small worlds for the Goldenstein behaviour tests, run through sim::Simulation with the
// brute-force provider (the oracle) and the direct planner, and a watcher that measures
// clearances and counts collisions (overlap > 1e-3, each contact once, ARCHITECTURE.md §5).
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <set>
#include <utility>

#include "steer/environment/brute_force_provider.hpp"
#include "steer/local/goldenstein_model.hpp"
#include "steer/planning/direct_planner.hpp"
#include "steer/sim/simulation.hpp"

namespace steer::test {

using sim::Vec3;

inline sim::Agent seeker(const Vec3& position, const Vec3& direction, const Vec3& target) {
  sim::Agent a;
  a.state.position = position;
  a.state.direction = direction.normalized();
  sim::Goal g;
  g.target.point = target;
  a.goals.push_back(g);
  return a;
}

inline sim::World emptyWorld(int dimension = 2) {
  sim::World w;
  w.dimension = dimension;
  w.bounds = {Vec3(-60, -60, -60), Vec3(60, 60, 60)};
  return w;
}

inline void addBall(sim::World& w, const Vec3& centre, double radius) {
  w.obstacles.push_back({geometry::Ball{centre, radius}, {}});
}

/// Clearances and unique contacts over a run.
class Watch final : public sim::StepObserver {
 public:
  void onStep(const sim::World& world, const sim::Planner&, std::span<const Vec3>) override { look(world); }
  void onStart(const sim::World& world, const sim::Planner&) override { look(world); }

  double minAgentGap = std::numeric_limits<double>::infinity();
  double minObstacleGap = std::numeric_limits<double>::infinity();
  int collisions = 0;
  double maxAbsY = 0.0;
  /// Time (s) some enabled agent spent nearly stopped (|v| < 0.1 m/s): a stall.
  double stalledTime = 0.0;

 private:
  void look(const sim::World& world) {
    const auto& agents = world.agents;
    bool stalled = false;
    for (const auto& a : agents) stalled = stalled || (a.enabled && std::abs(a.state.speed) < 0.1);
    if (stalled && world.time > 1.0) stalledTime += world.time - lastTime_;
    lastTime_ = world.time;
    std::set<std::pair<std::size_t, std::size_t>> now;
    for (std::size_t i = 0; i < agents.size(); ++i) {
      if (!agents[i].enabled) continue;
      const Vec3& p = agents[i].state.position;
      maxAbsY = std::max(maxAbsY, std::abs(p.y()));
      for (std::size_t j = i + 1; j < agents.size(); ++j) {
        if (!agents[j].enabled) continue;
        const double gap = (agents[j].state.position - p).norm() - agents[i].radius - agents[j].radius;
        minAgentGap = std::min(minAgentGap, gap);
        if (gap < -1e-3) now.insert({i, j});
      }
      const auto& pieces = world.pieces();
      for (std::size_t k = 0; k < pieces.size(); ++k) {
        const double gap = sim::distanceToPiece(pieces[k], p) - agents[i].radius;
        minObstacleGap = std::min(minObstacleGap, gap);
        if (gap < -1e-3) now.insert({i, agents.size() + pieces[k].obstacle});
      }
    }
    for (const auto& c : now)
      if (!active_.count(c)) ++collisions;
    active_ = std::move(now);
  }
  std::set<std::pair<std::size_t, std::size_t>> active_;
  double lastTime_ = 0.0;
};

struct RunOptions {
  local::GoldensteinParameters parameters{};
  double dt = 0.05;
  double duration = 60.0;
  std::uint64_t seed = 7;
  int threads = 1;
  sim::IntegratorKind integrator = sim::IntegratorKind::RK4;
};

inline sim::Simulation makeSimulation(sim::World world, const RunOptions& o) {
  sim::SimulationSettings s;
  s.dt = o.dt;
  s.duration = o.duration;
  s.seed = o.seed;
  s.threads = o.threads;
  s.minAgentsPerThread = 1;  // a test that asks for threads gets them, however few the agents
  s.integrator.kind = o.integrator;
  s.integrator.absTolerance = 1e-9;
  s.integrator.relTolerance = 1e-9;
  return sim::Simulation(std::move(world), s, std::make_unique<local::GoldensteinModel>(o.parameters),
                         std::make_unique<environment::BruteForceProvider>(),
                         std::make_unique<planning::DirectPlanner>());
}

struct RunResult {
  sim::World world;
  Watch watch;
  int reached = 0;
};

inline RunResult run(sim::World world, const RunOptions& o) {
  auto simulation = makeSimulation(std::move(world), o);
  RunResult r;
  simulation.addObserver(&r.watch);
  simulation.run();
  r.world = simulation.world();
  for (const auto& a : r.world.agents) r.reached += a.finishTime >= 0.0;
  return r;
}

}  // namespace steer::test
