// The continuous-collision helper against analytic contact times and against dense sampling of
// the distance, the lattice provider's contacts against an all-pairs scan, and brute force with its
// contacts turned off (a timing baseline) against itself with them on.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "benchmarks/crowd_motion.hpp"
#include "environment/oracle.hpp"
#include "steer/environment/brute_force_provider.hpp"
#include "steer/environment/collision.hpp"
#include "steer/environment/lattice_provider.hpp"
#include "steer/geometry/distance.hpp"

using namespace steer;
using geometry::Vec2;
using geometry::Vec3;

TEST(Collision, HeadOnDiscsMeetAtTheAnalyticTime) {
  // Centres 10 apart closing at 4 per step, reach 2: contact at τ = 8/4 = 2 → none in [0, 1];
  // closing at 16: τ = 0.5.
  EXPECT_FALSE(environment::firstContactPoints(Vec3(0, 0, 0), Vec3(2, 0, 0), Vec3(10, 0, 0), Vec3(8, 0, 0), 2.0));
  const auto tau = environment::firstContactPoints(Vec3(0, 0, 0), Vec3(8, 0, 0), Vec3(10, 0, 0), Vec3(2, 0, 0), 2.0);
  ASSERT_TRUE(tau);
  EXPECT_NEAR(*tau, 0.5, 1e-12);
}

TEST(Collision, AlreadyTouchingOrSeparatingIsNoNewContact) {
  EXPECT_FALSE(environment::firstContactPoints(Vec3(0, 0, 0), Vec3(5, 0, 0), Vec3(1, 0, 0), Vec3(6, 0, 0), 2.0));
  EXPECT_FALSE(environment::firstContactPoints(Vec3(0, 0, 0), Vec3(-5, 0, 0), Vec3(3, 0, 0), Vec3(8, 0, 0), 2.0));
}

TEST(Collision, PassingThroughASegmentInteriorAndGrazingItsEnd) {
  const geometry::Segment wall{{0, -1}, {0, 1}};
  const auto through = environment::firstContactSegment(Vec2(-2, 0), Vec2(2, 0), wall, Vec2::Zero(), 0.5);
  ASSERT_TRUE(through);
  EXPECT_NEAR(*through, 1.5 / 4.0, 1e-12);
  // Passing beyond the end at height 1.3: only the end disc of radius 0.5 around (0, 1) is met,
  // when |(−2 + 4τ, 0.3)| = 0.5, i.e. 4τ − 2 = −0.4.
  const auto end = environment::firstContactSegment(Vec2(-2, 1.3), Vec2(2, 1.3), wall, Vec2::Zero(), 0.5);
  ASSERT_TRUE(end);
  EXPECT_NEAR(*end, 1.6 / 4.0, 1e-12);
  EXPECT_FALSE(environment::firstContactSegment(Vec2(-2, 1.6), Vec2(2, 1.6), wall, Vec2::Zero(), 0.5));
  // A wall moving onto a resting agent.
  const auto moving = environment::firstContactSegment(Vec2(2, 0), Vec2(2, 0), wall, Vec2(3, 0), 0.5);
  ASSERT_TRUE(moving);
  EXPECT_NEAR(*moving, 1.5 / 3.0, 1e-12);
}

// Dense sampling: the reported τ is where the distance reaches `reach`, and no earlier sample
// is inside; when nothing is reported, no sample is inside.
TEST(Collision, AgreesWithDenseSamplingOnRandomMotions) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-3, 3);
  int contacts = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const Vec2 p0(u(rng), u(rng)), p1(u(rng), u(rng));
    const geometry::Segment s{{u(rng), u(rng)}, {u(rng), u(rng)}};
    const Vec2 shift = trial % 2 ? Vec2(u(rng), u(rng)) : Vec2::Zero();
    const double reach = 0.3;
    const auto tau = environment::firstContactSegment(p0, p1, s, shift, reach);
    const auto dist = [&](double t) {
      const geometry::Segment st{s.a + t * shift, s.b + t * shift};
      return geometry::distanceToSegment(p0 + t * (p1 - p0), st);
    };
    if (!(dist(0) > reach)) {
      EXPECT_FALSE(tau);
      continue;
    }
    double firstInside = 2.0;
    for (int k = 0; k <= 4000; ++k)
      if (dist(k / 4000.0) < reach) {
        firstInside = k / 4000.0;
        break;
      }
    if (tau) {
      ++contacts;
      EXPECT_NEAR(dist(*tau), reach, 1e-9) << "trial " << trial;
      EXPECT_LE(*tau, firstInside + 1e-12) << "trial " << trial;
    } else {
      EXPECT_EQ(firstInside, 2.0) << "a contact was missed in trial " << trial;
    }
  }
  EXPECT_GT(contacts, 100);
}

// The lattice's contacts are exactly those an all-pairs scan with the same helper finds, for a
// fast crowd whose agents cross each other between steps.
TEST(LatticeContacts, EqualAnAllPairsScan) {
  bench::CrowdMotionSettings s;
  s.agents = 400;
  s.walls = 15;
  s.stepFraction = 1.0;  // a full spacing per step: bodies of radius 0.25 pass through each other
  s.seed = 9;
  bench::CrowdMotion motion(s);
  environment::LatticeProvider provider;
  provider.reset(motion.world());
  std::size_t total = 0, walls = 0;
  for (int step = 0; step < 60; ++step) {
    const double t0 = motion.world().time;
    const auto piecesBefore = motion.world().pieces();
    motion.step();
    const auto& w = motion.world();
    provider.update(w, motion.previous());
    std::vector<sim::Contact> want;
    for (std::size_t i = 0; i < w.agents.size(); ++i) {
      for (std::size_t j = i + 1; j < w.agents.size(); ++j) {
        const auto tau = environment::firstContactPoints(motion.previous()[i], w.agents[i].state.position,
                                                         motion.previous()[j], w.agents[j].state.position,
                                                         w.agents[i].radius + w.agents[j].radius);
        if (tau)
          want.push_back({static_cast<sim::AgentIndex>(i), static_cast<sim::AgentIndex>(j), 0, false,
                          t0 + *tau * (w.time - t0)});
      }
      for (std::size_t k = 0; k < piecesBefore.size(); ++k) {
        const auto tau = environment::firstContactPiece(motion.previous()[i], w.agents[i].state.position,
                                                        w.agents[i].radius, piecesBefore[k], Vec3::Zero(), 2);
        if (tau) want.push_back({static_cast<sim::AgentIndex>(i), sim::kNoAgent, static_cast<sim::PieceIndex>(k), true,
                                 t0 + *tau * (w.time - t0)});
      }
    }
    environment::sortContacts(want);
    const auto got = provider.contacts();
    ASSERT_EQ(got.size(), want.size()) << "step " << step;
    for (std::size_t c = 0; c < got.size(); ++c) {
      EXPECT_EQ(got[c].a, want[c].a);
      EXPECT_EQ(got[c].b, want[c].b);
      EXPECT_EQ(got[c].piece, want[c].piece);
      EXPECT_EQ(got[c].withObstacle, want[c].withObstacle);
      EXPECT_EQ(got[c].time, want[c].time);
      walls += want[c].withObstacle;
    }
    total += got.size();
  }
  EXPECT_GT(total, 50u);
  EXPECT_GT(walls, 5u);
}

// Brute force as a timing baseline leaves contacts out (as the lattice can), so that a speed-up
// measured against it compares the same work; as the oracle it finds them. Same near sets.
TEST(BruteForceContacts, AreFoundUnlessTurnedOff) {
  bench::CrowdMotionSettings s;
  s.agents = 200;
  s.walls = 8;
  s.stepFraction = 1.0;
  s.seed = 4;
  bench::CrowdMotion motion(s);
  environment::BruteForceProvider oracle, nearSetsOnly({.detectContacts = false});
  EXPECT_GT(test::contactsOnlyWhenOn(motion, oracle, nearSetsOnly, 20), 10u);
}
