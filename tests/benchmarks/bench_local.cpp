// Benchmarks of the Goldenstein local layer (issue #3).
//  BM_GoldensteinRhs/<k>:  one evaluation of the right-hand side (the heading, weight and speed
//                          rates, fixed-point weights included) per agent, with k obstacles in
//                          range; items_per_second = agents evaluated per second.
//  BM_GoldensteinStep/<N>: one full step (RK4 through Odeint, filters, noise) of every agent of a
//                          crowd of N; items_per_second = agent-steps per second. Near
//                          environments are gathered once, so this measures the local layer.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

#include "steer/environment/brute_force_provider.hpp"
#include "steer/local/goldenstein_model.hpp"
#include "steer/sim/near_environment.hpp"
#include "steer/sim/planner.hpp"

using namespace steer;
using sim::Vec3;

namespace {

/// 256 agents, each alone in its own world slice with k discs scattered in its near disc
/// (2–5 m away, on all sides), heading +x towards a target.
struct RhsSetup {
  sim::World world;
  std::vector<sim::NearEnvironment> near;
  std::vector<Vec3> goals;

  explicit RhsSetup(int k) {
    constexpr int kAgents = 256;
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> angle(-3.14159, 3.14159), dist(2.0, 5.0), radius(0.3, 0.8);
    for (int i = 0; i < kAgents; ++i) {
      sim::Agent a;
      a.id = static_cast<sim::AgentIndex>(i);
      a.state.position = Vec3(100.0 * i, 0, 0);
      sim::Goal g;
      g.target.point = a.state.position + Vec3(20, 3, 0);
      a.goals.push_back(g);
      world.agents.push_back(a);
      for (int j = 0; j < k; ++j) {
        const double t = angle(rng), r = dist(rng);
        world.obstacles.push_back({geometry::Ball{a.state.position + Vec3(r * std::cos(t), r * std::sin(t), 0), radius(rng)}, {}});
      }
    }
    world.bounds = {Vec3(-10, -10, -1), Vec3(100.0 * kAgents, 10, 1)};
    world.refreshPieces();
    near.resize(kAgents);
    goals.resize(kAgents);
    for (int i = 0; i < kAgents; ++i) {
      for (int j = 0; j < k; ++j) {
        const auto idx = static_cast<sim::PieceIndex>(i * k + j);
        const auto& piece = world.pieces()[idx];
        const Vec3& p = world.agents[i].state.position;
        near[i].obstacles.push_back({idx, &piece, sim::closestPointOnPiece(piece, p), sim::distanceToPiece(piece, p)});
      }
      goals[i] = (world.agents[i].goals[0].target.point - world.agents[i].state.position).normalized();
    }
  }
};

void BM_GoldensteinRhs(benchmark::State& state) {
  const RhsSetup setup(static_cast<int>(state.range(0)));
  const local::GoldensteinModel model;
  const sim::IntegratorSettings integrator;
  const sim::Noise noise(1);
  double sink = 0.0;
  for (auto _ : state) {
    for (std::size_t i = 0; i < setup.near.size(); ++i) {
      const sim::StepInput in{setup.world, setup.world.agents[i], setup.near[i], setup.goals[i], 0.0, 0.05, 0,
                              integrator, noise};
      const local::Rates r = model.rates(in);
      sink += r.turnRate + r.speed;
    }
    benchmark::DoNotOptimize(sink);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(setup.near.size()));
}
BENCHMARK(BM_GoldensteinRhs)->Arg(1)->Arg(8)->Arg(32);

void BM_GoldensteinStep(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  // A crowd at about one agent per 6 m², walking to mirrored points.
  sim::World world;
  const double side = std::sqrt(6.0 * n);
  world.bounds = {Vec3(-side, -side, -1), Vec3(side, side, 1)};
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(-side / 2, side / 2);
  for (int i = 0; i < n; ++i) {
    sim::Agent a;
    a.id = static_cast<sim::AgentIndex>(i);
    a.nearRadius = 3.0;
    a.state.position = Vec3(u(rng), u(rng), 0);
    a.state.speed = 1.0;
    sim::Goal g;
    g.target.point = -a.state.position;
    a.goals.push_back(g);
    world.agents.push_back(a);
  }
  world.refreshPieces();
  const local::GoldensteinModel model;
  for (auto& a : world.agents) model.initialize(a, 2);
  environment::BruteForceProvider provider;
  provider.reset(world);
  std::vector<sim::NearEnvironment> near(n);
  std::vector<Vec3> goals(n);
  double neighbours = 0;
  for (int i = 0; i < n; ++i) {
    sim::gatherNearEnvironment(world, provider, static_cast<sim::AgentIndex>(i), near[i]);
    goals[i] = sim::directGoalDirection(world, world.agents[i]);
    neighbours += near[i].agents.size();
  }
  const sim::IntegratorSettings integrator;  // RK4
  const sim::Noise noise(1);
  std::vector<sim::AgentState> next(n);
  for (auto _ : state) {
    for (int i = 0; i < n; ++i) {
      const sim::StepInput in{world, world.agents[i], near[i], goals[i], 0.0, 0.05, 0, integrator, noise};
      next[i] = model.advance(in);
    }
    benchmark::DoNotOptimize(next.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.counters["mean_neighbours"] = neighbours / n;
}
BENCHMARK(BM_GoldensteinStep)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

}  // namespace
