#pragma once
// Shared by the environment tests: drive a provider and the brute-force oracle through the
// same motion and compare every near set exactly, and every step's contacts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <span>
#include <sstream>
#include <tuple>
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

/// Success when the provider's contacts of the last update are the oracle's: the same agent
/// pairs and agent–piece pairs, each at the same time within `tolerance` (s; the providers solve
/// the same quadratic in different but equivalent forms, and a grazing contact's time is
/// sensitive to rounding).
/// `skip`, when given, leaves out the contacts it holds for (those the contract leaves open).
inline ::testing::AssertionResult sameContacts(const sim::World& world, const sim::NeighborProvider& provider,
                                               const sim::NeighborProvider& oracle, double tolerance = 1e-7,
                                               const std::function<bool(const sim::Contact&)>& skip = {}) {
  const auto key = [](const sim::Contact& c) { return std::tie(c.a, c.withObstacle, c.b, c.piece); };
  const auto byKey = [&](std::span<const sim::Contact> contacts) {
    std::vector<sim::Contact> sorted;
    for (const sim::Contact& c : contacts)
      if (!skip || !skip(c)) sorted.push_back(c);
    std::sort(sorted.begin(), sorted.end(), [&](const sim::Contact& x, const sim::Contact& y) { return key(x) < key(y); });
    return sorted;
  };
  const auto got = byKey(provider.contacts()), want = byKey(oracle.contacts());
  const auto describe = [](const sim::Contact& c) {
    std::ostringstream out;
    out << "agent " << c.a << (c.withObstacle ? " with piece " : " with agent ") << (c.withObstacle ? c.piece : c.b)
        << " at t = " << c.time;
    return out.str();
  };
  for (std::size_t k = 0; k < std::max(got.size(), want.size()); ++k) {
    if (k < got.size() && k < want.size() && key(got[k]) == key(want[k]) &&
        std::abs(got[k].time - want[k].time) <= tolerance)
      continue;
    std::ostringstream all;
    for (const auto* list : {&got, &want}) {
      all << (list == &got ? "\n  provider:" : "\n  oracle:  ");
      for (std::size_t j = 0; j < std::min<std::size_t>(list->size(), 12); ++j) all << " [" << describe((*list)[j]) << "]";
    }
    return ::testing::AssertionFailure()
           << provider.name() << "'s contacts differ from the oracle's in the step to t = " << world.time << " ("
           << got.size() << " vs " << want.size() << "): " << (k < got.size() ? describe(got[k]) : "none") << " vs "
           << (k < want.size() ? describe(want[k]) : "none") << all.str();
  }
  return ::testing::AssertionSuccess();
}

/// Resets `provider` and the oracle on `world`, then for `steps` steps applies `move(world,
/// step)` (which must change positions, flags or radii, and refresh pieces if obstacles
/// move) and updates both, asserting equal near sets after every reset and update, and equal
/// contacts after every update (the provider must detect contacts, as by default). Returns
/// the total number of neighbour entries seen, and adds the number of contacts the oracle found
/// to `*contactsSeen` when given, so that callers can check the test was not vacuous.
inline std::size_t compareWithOracle(sim::World& world, sim::NeighborProvider& provider, int steps,
                                     const std::function<void(sim::World&, int)>& move,
                                     std::size_t* contactsSeen = nullptr) {
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
    if (contactsSeen != nullptr) *contactsSeen += oracle.contacts().size();
    const auto contacts = sameContacts(world, provider, oracle);
    EXPECT_TRUE(contacts);
    if (!contacts) return seen;
  }
  return seen;
}

/// Two providers of one kind, `with` finding contacts and `without` told not to (a timing
/// baseline), driven through `steps` steps of `motion` (CrowdMotion): `without` reports no
/// contacts and the same near sets. Returns how many contacts `with` found.
template <class Motion>
std::size_t contactsOnlyWhenOn(Motion& motion, sim::NeighborProvider& with, sim::NeighborProvider& without, int steps) {
  with.reset(motion.world());
  without.reset(motion.world());
  std::size_t found = 0;
  for (int step = 0; step < steps; ++step) {
    motion.step();
    with.update(motion.world(), motion.previous());
    without.update(motion.world(), motion.previous());
    found += with.contacts().size();
    EXPECT_TRUE(without.contacts().empty()) << "step " << step;
    EXPECT_TRUE(sameNearSets(motion.world(), without, with)) << "step " << step;
  }
  return found;
}

}  // namespace steer::test
