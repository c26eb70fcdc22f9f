// End-to-end scaling benchmark (issue #8): one full simulation step of a crowd, as `steer run`
// would execute it for a scenario with `model: goldenstein`, `planner: direct` and
// `neighbors: kinetic` (the parts experiments::makeSimulation builds from those names, with their
// default parameters): kinetic near-environment update, direct planner, Goldenstein local layer
// (RK4 through Odeint), commit and goal bookkeeping.
//
//  BM_Crowd_Goldenstein/<N>:         N agents, 2 threads (SimulationSettings::threads = 2, which
//                                    sets the OpenMP team of the per-agent loop); items_per_second
//                                    = agent-steps per second of wall time.
//  BM_Crowd_Goldenstein_1Thread/<N>: the same on 1 thread, for the thread-scaling ratio.
//  BM_Crowd_Goldenstein_Shuffled/<N>: the same on 2 threads with the agents numbered at random in
//                                    space (the grid crowd is numbered row after row): what a
//                                    numbering without locality costs the step.
//
// The world: two crowds crossing a square in opposite directions. Agents (default body radius
// 0.5 m, near radius 5 m, desired speed 1.3 m/s) stand on a jittered grid with 2.5 m spacing;
// those in the left half walk to a point 10 m beyond the right edge at their own height, and
// the others to the left, so every agent is still walking (and the two crowds meet in the
// middle) for every measured step. Setup, start() and a few warm-up steps are outside the timed
// loop. Wall time is the measure (UseRealTime); CPU time is the whole process's
// (MeasureProcessCPUTime), i.e. both threads.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <numeric>
#include <random>
#include <vector>

#include "steer/environment/kinetic_provider.hpp"
#include "steer/local/goldenstein_model.hpp"
#include "steer/planning/direct_planner.hpp"
#include "steer/sim/near_environment.hpp"
#include "steer/sim/noise.hpp"
#include "steer/sim/simulation.hpp"

namespace {

using namespace steer;
using sim::Vec3;

constexpr double kSpacing = 2.5;  // m between grid neighbours (0.16 agents/m²)
constexpr double kGoalMargin = 10.0;  // m beyond the far edge
constexpr int kWarmUpSteps = 5;

// `shuffled`: the agents numbered at random in space (as a SteerSuite region's agents, placed at
// random, are numbered), instead of row after row of the grid.
sim::Simulation makeCrowd(std::int64_t n, int threads, bool shuffled) {
  sim::World world;
  world.dimension = 2;
  const auto columns = static_cast<std::int64_t>(std::ceil(std::sqrt(static_cast<double>(n))));
  const double h = kSpacing * static_cast<double>(columns) / 2;
  const double outer = h + kGoalMargin + 1.0;
  world.bounds = {Vec3(-outer, -outer, -1), Vec3(outer, outer, 1)};
  const sim::Noise jitter(11);
  world.agents.resize(static_cast<std::size_t>(n));
  std::vector<std::int64_t> place(static_cast<std::size_t>(n));
  std::iota(place.begin(), place.end(), 0);
  if (shuffled) {
    std::mt19937_64 rng(5);  // a fixed draw: every run numbers the crowd alike
    std::shuffle(place.begin(), place.end(), rng);
  }
  for (std::int64_t k = 0; k < n; ++k) {
    sim::Agent& a = world.agents[static_cast<std::size_t>(k)];
    const std::int64_t i = place[static_cast<std::size_t>(k)];  // the grid cell agent k stands in
    const auto id = static_cast<std::uint64_t>(i);
    const double x = -h + kSpacing * (static_cast<double>(i % columns) + 0.3 + 0.4 * jitter.uniform(id, 0, 0));
    const double y = -h + kSpacing * (static_cast<double>(i / columns) + 0.3 + 0.4 * jitter.uniform(id, 0, 1));
    a.state.position = Vec3(x, y, 0);
    const double side = x < 0 ? 1.0 : -1.0;  // walk to the other side
    a.state.direction = Vec3(side, 0, 0);
    a.state.speed = a.desiredSpeed;
    sim::Goal g;
    g.target.point = Vec3(side * (h + kGoalMargin), y, 0);
    a.goals.push_back(g);
  }
  sim::SimulationSettings settings;  // dt 0.05 s, RK4
  settings.duration = 1e9;
  settings.seed = 1;
  settings.threads = threads;
  return sim::Simulation(std::move(world), settings, std::make_unique<local::GoldensteinModel>(),
                         std::make_unique<environment::KineticProvider>(),
                         std::make_unique<planning::DirectPlanner>());
}

void runCrowd(benchmark::State& state, int threads, bool shuffled = false) {
  const std::int64_t n = state.range(0);
  sim::Simulation simulation = makeCrowd(n, threads, shuffled);
  simulation.start();
  for (int s = 0; s < kWarmUpSteps; ++s) simulation.step();
  std::int64_t agentSteps = 0;
  for (auto _ : state) {
    agentSteps += static_cast<std::int64_t>(simulation.world().enabledCount());
    simulation.step();
  }
  state.SetItemsProcessed(agentSteps);
  // Evidence that the crowd is walking, not standing: mean speed (m/s) at the end.
  double speed = 0.0;
  for (const auto& a : simulation.world().agents) speed += a.state.speed;
  state.counters["mean_speed"] = speed / static_cast<double>(n);
  state.counters["enabled"] = static_cast<double>(simulation.world().enabledCount());
  // How crowded it is: mean size of an agent's near set (agents) at the end.
  sim::NearEnvironment near;
  double neighbours = 0.0;
  for (std::int64_t i = 0; i < n; ++i) {
    sim::gatherNearEnvironment(simulation.world(), simulation.environment(), static_cast<sim::AgentIndex>(i), near);
    neighbours += static_cast<double>(near.agents.size());
  }
  state.counters["mean_neighbours"] = neighbours / static_cast<double>(n);
}

// Wall time is the measure (the step runs on several threads); CPU time is the whole process's.
void timing(benchmark::internal::Benchmark* b) {
  b->UseRealTime()->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);
}

void BM_Crowd_Goldenstein(benchmark::State& state) { runCrowd(state, 2); }
void BM_Crowd_Goldenstein_1Thread(benchmark::State& state) { runCrowd(state, 1); }
void BM_Crowd_Goldenstein_Shuffled(benchmark::State& state) { runCrowd(state, 2, true); }

// Fixed step counts (about a second each at 1,000 and 10,000; 100,000 takes about a second per
// step, so two), so that every run measures the same steps of the same crowd and the 1- and
// 2-thread figures compare like with like.
BENCHMARK(BM_Crowd_Goldenstein)->Arg(1000)->Iterations(100)->Apply(timing);
BENCHMARK(BM_Crowd_Goldenstein)->Arg(10000)->Iterations(10)->Apply(timing);
BENCHMARK(BM_Crowd_Goldenstein)->Arg(100000)->Iterations(2)->Apply(timing);
BENCHMARK(BM_Crowd_Goldenstein_1Thread)->Arg(1000)->Iterations(100)->Apply(timing);
BENCHMARK(BM_Crowd_Goldenstein_1Thread)->Arg(10000)->Iterations(10)->Apply(timing);
BENCHMARK(BM_Crowd_Goldenstein_Shuffled)->Arg(10000)->Iterations(10)->Apply(timing);
BENCHMARK(BM_Crowd_Goldenstein_Shuffled)->Arg(100000)->Iterations(2)->Apply(timing);

}  // namespace
