// The 3D kinetic provider (A.3.2) is kinetic, not rebuilt: a step without motion does no
// certificate work, the work grows with the motion and stays flat per agent as N grows, the
// triangulation stays valid, and agents sharing one point are handled.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <random>
#include <string>

#include "benchmarks/crowd_motion.hpp"
#include "environment/oracle.hpp"
#include "steer/environment/kinetic_provider_3d.hpp"

using namespace steer;
using environment::KineticProvider3D;
using environment::KineticStats3D;
using sim::Vec3;
using test::kScale;

namespace {

bench::CrowdMotionSettings crowd3(std::size_t n, double stepFraction, std::uint64_t seed, double nearRadius = 1.5) {
  bench::CrowdMotionSettings s;
  s.nearRadius = nearRadius;
  s.agents = n;
  s.dimension = 3;
  s.stepFraction = stepFraction;
  s.seed = seed;
  return s;
}

std::uint64_t certificateWork(const KineticStats3D& s) {
  return s.nearEvaluations + s.candidateRebuilds + s.reinsertions;
}

// Certificate evaluations per agent per step over `steps` steps (after a warm-up).
double workPerAgentStep(std::size_t n, double stepFraction, int steps) {
  bench::CrowdMotion motion(crowd3(n, stepFraction, 31));
  KineticProvider3D provider;
  provider.reset(motion.world());
  for (int s = 0; s < 10; ++s) {
    motion.step();
    provider.update(motion.world(), motion.previous());
  }
  const auto before = certificateWork(provider.stats());
  for (int s = 0; s < steps; ++s) {
    motion.step();
    provider.update(motion.world(), motion.previous());
  }
  return static_cast<double>(certificateWork(provider.stats()) - before) / (static_cast<double>(n) * steps);
}

}  // namespace

TEST(Kinetic3D, AStepWithoutMotionDoesNoCertificateWork) {
  bench::CrowdMotion motion(crowd3(2000 / kScale, 0.05, 30));
  KineticProvider3D provider;
  provider.reset(motion.world());
  for (int s = 0; s < 5; ++s) {
    motion.step();
    provider.update(motion.world(), motion.previous());
  }
  const KineticStats3D before = provider.stats();
  const std::vector<Vec3> same(motion.world().agents.size());
  provider.update(motion.world(), same);
  const KineticStats3D& after = provider.stats();
  EXPECT_EQ(after.nearEvaluations, before.nearEvaluations);
  EXPECT_EQ(after.candidateRebuilds, before.candidateRebuilds);
  EXPECT_EQ(after.reinsertions, before.reinsertions);
  EXPECT_EQ(after.walkVisits, before.walkVisits);
  EXPECT_EQ(after.walkEdges, before.walkEdges);
  EXPECT_EQ(after.adjacencyRefreshes, before.adjacencyRefreshes);
}

TEST(Kinetic3D, WorkGrowsWithMotionAndStaysFlatPerAgentAsNGrows) {
  const double slow = workPerAgentStep(1000 / kScale, 0.005, 20);
  const double fast = workPerAgentStep(1000 / kScale, 0.05, 20);
  const double small = fast;
  const double large = workPerAgentStep(8000 / kScale, 0.05, 20);
  std::printf("work per agent and step: slow %.3f fast %.3f | N small %.3f large %.3f\n", slow, fast, small, large);
  EXPECT_GT(fast, 2.0 * slow);
  EXPECT_LT(large, 1.5 * small + 0.05) << "per-agent work should not grow with N";
}

TEST(Kinetic3D, TriangulationStaysValidAndNearSetsExact) {
  bench::CrowdMotion motion(crowd3(500 / kScale, 0.3, 32, 3.0));
  KineticProvider3D provider;
  int checked = 0;
  test::compareWithOracle(motion.world(), provider, 100 / kScale, [&](sim::World&, int s) {
    motion.step();
    if (s % 10 == 0) {
      // is_valid walks the whole triangulation, so it runs every tenth step only.
      EXPECT_TRUE(provider.isValid()) << "step " << s;
      ++checked;
    }
  });
  EXPECT_TRUE(provider.isValid());
  EXPECT_GT(provider.stats().reinsertions, 0u);
  EXPECT_GT(checked, 0);
  // The counters a run reports in summary.json are these stats, by name.
  std::map<std::string, double> work;
  for (const auto& w : provider.work()) work[w.name] = w.total;
  EXPECT_EQ(work.size(), 7u);
  EXPECT_EQ(work["near_evaluations"], static_cast<double>(provider.stats().nearEvaluations));
  EXPECT_EQ(work["candidate_rebuilds"], static_cast<double>(provider.stats().candidateRebuilds));
  EXPECT_EQ(work["reinsertions"], static_cast<double>(provider.stats().reinsertions));
  EXPECT_EQ(work["walk_visits"], static_cast<double>(provider.stats().walkVisits));
  EXPECT_EQ(work["walk_edges"], static_cast<double>(provider.stats().walkEdges));
  EXPECT_EQ(work["adjacency_refreshes"], static_cast<double>(provider.stats().adjacencyRefreshes));
  EXPECT_EQ(work["rebuilds"], 0.0) << "no agent came near a far corner";
  // A walk reads the neighbours of every vertex it reaches (each vertex has ≥ 4 in 3D).
  EXPECT_GE(provider.stats().walkEdges, 4 * provider.stats().walkVisits);
  // Vertex moves left stale adjacency arrays behind, and the walks re-read them from T.
  EXPECT_GT(provider.stats().adjacencyRefreshes, 0u);
}

// Agents that sit on the very same point share one Delaunay vertex; they split up, meet again
// and some are disabled while sharing.
TEST(Kinetic3D, CoincidentAgents) {
  sim::World w;
  w.dimension = 3;
  w.bounds = {Vec3(-10, -10, -10), Vec3(10, 10, 10)};
  for (int k = 0; k < 40; ++k) {
    sim::Agent a;
    a.nearRadius = 2.0;
    a.state.position = Vec3(k % 4, 0, 0);  // ten agents on each of four points
    w.agents.push_back(a);
  }
  for (std::size_t i = 0; i < w.agents.size(); ++i) w.agents[i].id = static_cast<sim::AgentIndex>(i);
  KineticProvider3D provider;
  const auto seen = test::compareWithOracle(w, provider, 64, [](sim::World& world, int s) {
    for (std::size_t i = 0; i < world.agents.size(); ++i) {
      // Spread along different directions, then come back to the shared points.
      const double t = (s <= 32 ? s : 64 - s) / 8.0;
      const double k = static_cast<double>(i % 4);
      world.agents[i].state.position = Vec3(k, 0, 0) + t * Vec3(0, 0.1 * (i % 10), 0.05 * (i / 10));
    }
    if (s == 40) world.agents[3].enabled = world.agents[7].enabled = false;
    if (s == 50) world.agents[3].enabled = true;
  });
  EXPECT_GT(seen, 100u);
  EXPECT_TRUE(provider.isValid());
}

// As a timing against the lattice (which can leave them out too), the 3D provider may skip the
// contacts; it finds them otherwise, and the near sets do not depend on it.
TEST(Kinetic3D, ContactsAreFoundUnlessTurnedOff) {
  bench::CrowdMotion motion(crowd3(300, 1.0, 33));
  environment::KineticSettings3D off;
  off.detectContacts = false;
  KineticProvider3D withContacts, without(off);
  EXPECT_GT(test::contactsOnlyWhenOn(motion, withContacts, without, 20), 10u);
}

// The vertex-move threshold is a fraction of the typical (median) near radius: one agent with a
// radius 10^4 times smaller, which set it when it was a fraction of the smallest, made every
// vertex move every step. With that agent the moves stay those of the crowd without it (within
// a factor 1.5), and the near sets stay exact.
TEST(Kinetic3D, OneTinyNearRadiusDoesNotMakeEveryVertexMove) {
  const auto movesPerAgentStep = [](bool tiny) {
    bench::CrowdMotion motion(crowd3(1500 / kScale, 0.05, 32));
    if (tiny) motion.world().agents[0].nearRadius = 1.5e-4;
    KineticProvider3D provider;
    environment::BruteForceProvider brute;
    provider.reset(motion.world());
    brute.reset(motion.world());
    for (int s = 0; s < 20; ++s) {
      motion.step();
      provider.update(motion.world(), motion.previous());
      brute.update(motion.world(), motion.previous());
      EXPECT_TRUE(test::sameNearSets(motion.world(), provider, brute)) << "step " << s;
    }
    return static_cast<double>(provider.stats().reinsertions) / (motion.world().agents.size() * 20.0);
  };
  const double crowd = movesPerAgentStep(false), withTiny = movesPerAgentStep(true);
  EXPECT_LT(crowd, 0.5) << "a vertex moves once its agent has gone a fifth of a radius";
  EXPECT_LT(withTiny, 1.5 * crowd + 0.01) << "crowd " << crowd << ", with one tiny radius " << withTiny;
}

// An agent that jumps (moves more than half its near radius in a step) counts as leaving its
// old place and arriving at the new one: as the step's largest displacement it spent every
// agent's budget, and every candidate set was made again in every step with a teleport. With one
// agent teleported to a random place each step, the candidate rebuilds stay within a few per
// step of the crowd's own, and the near sets stay exact.
TEST(Kinetic3D, OneTeleportingAgentDoesNotMakeEveryAgentLookAgain) {
  const auto rebuildsPerStep = [](bool teleport) {
    // A near radius of 0.8 spacings: a jump marks the agents within twice the largest candidate
    // radius of both its ends (~2 × 17 spacings³), a small part of the crowd even at the
    // sanitizer builds' eighth of it (187 agents), where the old rule made all of them look.
    bench::CrowdMotion motion(crowd3(1500 / kScale, 0.02, 33, 0.8));
    KineticProvider3D provider;
    environment::BruteForceProvider brute;
    provider.reset(motion.world());
    brute.reset(motion.world());
    std::mt19937_64 rng(5);
    const sim::World& w = motion.world();
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const auto anywhere = [&] {
      const Vec3 t(u(rng), u(rng), u(rng));
      return Vec3(w.bounds.min + t.cwiseProduct(w.bounds.max - w.bounds.min));
    };
    const auto before = provider.stats().candidateRebuilds;
    for (int s = 0; s < 20; ++s) {
      motion.step();
      if (teleport) motion.world().agents[static_cast<std::size_t>(s) % 7].state.position = anywhere();
      provider.update(motion.world(), motion.previous());
      brute.update(motion.world(), motion.previous());
      EXPECT_TRUE(test::sameNearSets(motion.world(), provider, brute)) << "step " << s;
    }
    return static_cast<double>(provider.stats().candidateRebuilds - before) / 20.0;
  };
  const double crowd = rebuildsPerStep(false), withJumps = rebuildsPerStep(true);
  const double agents = 1500.0 / kScale;
  EXPECT_LT(withJumps, crowd + 0.3 * agents) << "crowd " << crowd << ", with a teleport a step " << withJumps;
  std::printf("crowd %.2f, with a teleport a step %.2f, of %.0f agents\n", crowd, withJumps, agents);
}
