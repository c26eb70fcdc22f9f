// What issue #4's four near-environment benchmarks share (BM_NearEnvironment_Kinetic, _Rebuild,
// _Lattice and _Brute, in bench_environment_kinetic.cpp and bench_environment.cpp): the same
// motion (seed and walls), the same untimed warm-up and timed window, and the same check of the
// near sets against the definition after the timed steps. With different seeds, warm-ups and
// time bases, their ratios compared different things.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>
#include <vector>

#include "benchmarks/crowd_motion.hpp"
#include "steer/environment/brute_force_provider.hpp"

namespace steer::bench {

// Crowd-like motion: at most 5 % of the mean spacing per step, headings turning smoothly, near
// radius 3 spacings, N/200 random walls.
inline CrowdMotionSettings nearEnvironmentMotion(std::size_t n) {
  CrowdMotionSettings s;
  s.agents = n;
  s.stepFraction = 0.05;
  s.walls = static_cast<int>(n / 200);
  s.seed = 7;
  return s;
}

// The timed window, the same at every N: steps 11 to 210 after reset(). For the kinetic provider
// it spans the structure ageing after its numbering in space order and the first renumbering
// (every KineticSettings::renumberAfter = 2 near radii walked, ~170 steps of this motion), whose
// cost is then in the figure as it is in a run. (Timed for as long as benchmark's min_time,
// 100,000 agents saw 2-3 steps, the freshest layout, and no renumbering.) Benchmarks that keep
// nothing between steps (Rebuild, Brute) cost the same at any age and time the window's first 20.
inline constexpr int kWarmUpSteps = 10;
inline constexpr int kTimedSteps = 200;

// After the timed steps, a sample of 100 agents' near sets is checked against the definition
// (environment::isNearNeighbor over every agent): a benchmark of wrong sets reports an error
// instead of a figure. Outside the timed region.
template <class NeighborsOf>
void checkSampleAgainstDefinition(benchmark::State& state, const sim::World& world, NeighborsOf neighborsOf) {
  const auto walls = environment::sightBlockers(world);
  const std::size_t n = world.agents.size(), stride = std::max<std::size_t>(1, n / 100);
  for (std::size_t i = 0; i < n; i += stride) {
    std::vector<sim::AgentIndex> expected;
    for (std::size_t j = 0; j < n; ++j)
      if (environment::isNearNeighbor(world, walls, world.agents[i], world.agents[j]))
        expected.push_back(static_cast<sim::AgentIndex>(j));
    std::vector<sim::AgentIndex> got = neighborsOf(static_cast<sim::AgentIndex>(i));
    std::sort(got.begin(), got.end());
    if (got != expected) {
      state.SkipWithError(("agent " + std::to_string(i) + "'s near set differs from the definition").c_str());
      return;
    }
  }
}

// Time per agent-step, from the iterations' time (real time where the benchmark says UseRealTime,
// as the 2D ones do; CPU time otherwise).
inline benchmark::Counter nsPerAgent(std::size_t n) {
  return benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

}  // namespace steer::bench
