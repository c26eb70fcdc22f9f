#pragma once
// Shared by the environment tests: drive a provider and the brute-force oracle through the
// same motion and compare every near set exactly.
#include <gtest/gtest.h>

#include <functional>
#include <sstream>
#include <vector>

#include "steer/environment/brute_force_provider.hpp"
#include "steer/sim/neighbor_provider.hpp"

namespace steer::test {

/// Sizes for the heavy loops: smaller under the sanitizer build so that it stays within CI's
/// budget.
#ifdef STEER_SANITIZE_BUILD
inline constexpr int kScale = 8;
#else
inline constexpr int kScale = 1;
#endif

/// Success when every agent's neighbour and obstacle lists equal the oracle's.
inline ::testing::AssertionResult sameNearSets(const sim::World& world, const sim::NeighborProvider& provider,
                                               const sim::NeighborProvider& oracle) {
  for (sim::AgentIndex i = 0; i < world.agents.size(); ++i) {
    const auto got = provider.neighbors(i);
    const auto want = oracle.neighbors(i);
    const auto gotObstacles = provider.obstacles(i);
    const auto wantObstacles = oracle.obstacles(i);
    const bool sameAgents = std::equal(got.begin(), got.end(), want.begin(), want.end());
    const bool sameObstacles =
        std::equal(gotObstacles.begin(), gotObstacles.end(), wantObstacles.begin(), wantObstacles.end());
    if (sameAgents && sameObstacles) continue;
    std::ostringstream out;
    const auto list = [&](auto span) {
      out << "{";
      for (auto x : span) out << " " << x;
      out << " }";
    };
    out << provider.name() << " differs from the oracle for agent " << i << " at t = " << world.time
        << ": neighbours ";
    list(got);
    out << " vs ";
    list(want);
    out << ", obstacles ";
    list(gotObstacles);
    out << " vs ";
    list(wantObstacles);
    return ::testing::AssertionFailure() << out.str();
  }
  return ::testing::AssertionSuccess();
}

/// Resets `provider` and the oracle on `world`, then for `steps` steps applies `move(world,
/// step)` (which must change positions, flags or radii, and refresh pieces if obstacles
/// move) and updates both, asserting equal near sets after every reset and update. Returns
/// the total number of neighbour entries seen, so that callers can check the test was not
/// vacuous.
inline std::size_t compareWithOracle(sim::World& world, sim::NeighborProvider& provider, int steps,
                                     const std::function<void(sim::World&, int)>& move) {
  environment::BruteForceProvider oracle;
  provider.reset(world);
  oracle.reset(world);
  std::size_t seen = 0;
  const auto check = [&] {
    const auto result = sameNearSets(world, provider, oracle);
    EXPECT_TRUE(result);
    for (sim::AgentIndex i = 0; i < world.agents.size(); ++i) seen += oracle.neighbors(i).size();
    return static_cast<bool>(result);
  };
  if (!check()) return seen;
  std::vector<sim::Vec3> previous(world.agents.size());
  for (int s = 1; s <= steps; ++s) {
    for (std::size_t i = 0; i < world.agents.size(); ++i) previous[i] = world.agents[i].state.position;
    move(world, s);
    provider.update(world, previous);
    oracle.update(world, previous);
    if (!check()) return seen;  // one report is enough
  }
  return seen;
}

}  // namespace steer::test
