// The worked example of combining-steering-behaviours.txt: A = (1,4), B = (3,2), C = (1,−2).
#include <gtest/gtest.h>

#include <vector>

#include "steer/reynolds/combiners.hpp"

namespace steer::reynolds {
namespace {

std::vector<WeightedForce> example() {
  // Priorities A > B > C; weights 0.25 / 0.5 / 0.25.
  return {{Vec3(1, 4, 0), 0.25, 3, 1.0}, {Vec3(3, 2, 0), 0.5, 2, 1.0}, {Vec3(1, -2, 0), 0.25, 1, 1.0}};
}

void expectNear(const Vec3& a, const Vec3& b) { EXPECT_LT((a - b).norm(), 1e-12) << a.transpose() << " vs " << b.transpose(); }

// A force whose components square to infinity (beyond ~1.3e154) is still truncated to the
// maximum along its direction: its plain norm overflowed, and f · (left / inf) added nothing.
TEST(Combiners, TruncatedSumTruncatesAForceTooLargeToSquare) {
  const std::vector<WeightedForce> huge = {{Vec3(3e200, 4e200, 0), 1.0, 1, 1.0}};
  expectNear(truncatedSum(huge, 5.0), Vec3(3, 4, 0));
}

TEST(Combiners, ArbitrationTakesTheHighestPriority) { expectNear(priorityArbitration(example()), Vec3(1, 4, 0)); }

TEST(Combiners, ArbitrationSkipsZeroForces) {
  auto f = example();
  f[0].force = Vec3::Zero();  // e.g. obstacle avoidance with nothing in the way
  expectNear(priorityArbitration(f), Vec3(3, 2, 0));
}

TEST(Combiners, ArbitrationDoesNotDependOnListOrder) {
  auto f = example();
  std::swap(f[0], f[2]);
  expectNear(priorityArbitration(f), Vec3(1, 4, 0));
}

TEST(Combiners, WeightedBlendGivesTwoOneAndAHalf) { expectNear(weightedBlend(example()), Vec3(2, 1.5, 0)); }

TEST(Combiners, TruncatedSumStopsWhenTheMaximumIsReachedAfterB) {
  // The budget is used up exactly by A and B: C is dropped.
  const double budget = (0.25 * Vec3(1, 4, 0)).norm() + (0.5 * Vec3(3, 2, 0)).norm();
  expectNear(truncatedSum(example(), budget), Vec3(1.75, 2, 0));
}

TEST(Combiners, TruncatedSumTruncatesThePartialBehavior) {
  const double a = (0.25 * Vec3(1, 4, 0)).norm();
  const double budget = a + 1.0;  // room for one unit of B
  const Vec3 expected = 0.25 * Vec3(1, 4, 0) + Vec3(3, 2, 0).normalized();
  expectNear(truncatedSum(example(), budget), expected);
  // With an unlimited budget it is the weighted blend.
  expectNear(truncatedSum(example(), 1e9), weightedBlend(example()));
}

TEST(Combiners, DitheringWithCertainTopIsArbitration) {
  sim::Noise noise(7);
  for (std::uint64_t step = 0; step < 50; ++step)
    expectNear(prioritizedDithering(example(), noise, 1, step, 0), Vec3(1, 4, 0));
}

TEST(Combiners, DitheringPicksBWhenANotChosen) {
  auto f = example();
  f[0].probability = 0.0;  // A is never selected by the draw
  f[1].probability = 1.0;
  sim::Noise noise(7);
  expectNear(prioritizedDithering(f, noise, 1, 3, 0), Vec3(3, 2, 0));
}

TEST(Combiners, DitheringFrequenciesFollowTheProbabilities) {
  auto f = example();
  f[0].probability = 0.3;
  f[1].probability = 0.5;
  f[2].probability = 1.0;
  sim::Noise noise(11);
  int a = 0, b = 0, c = 0;
  const int n = 20000;
  for (int step = 0; step < n; ++step) {
    const Vec3 r = prioritizedDithering(f, noise, 2, static_cast<std::uint64_t>(step), 0);
    if ((r - f[0].force).norm() < 1e-12) ++a;
    else if ((r - f[1].force).norm() < 1e-12) ++b;
    else if ((r - f[2].force).norm() < 1e-12) ++c;
  }
  EXPECT_NEAR(a / double(n), 0.3, 0.02);
  EXPECT_NEAR(b / double(n), 0.7 * 0.5, 0.02);
  EXPECT_NEAR(c / double(n), 0.7 * 0.5, 0.02);
}

TEST(Combiners, NamesRoundTrip) {
  for (auto k : {CombinerKind::WeightedBlend, CombinerKind::PriorityArbitration, CombinerKind::PrioritizedDithering,
                 CombinerKind::TruncatedSum}) {
    CombinerKind back{};
    ASSERT_TRUE(parseCombiner(combinerName(k), back));
    EXPECT_EQ(back, k);
  }
  CombinerKind out{};
  EXPECT_FALSE(parseCombiner("average", out));
}

}  // namespace
}  // namespace steer::reynolds
