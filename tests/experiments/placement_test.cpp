// The readers' occupancy grid for random placement (experiments/src/placement.hpp) against
// brute force: bodies of very different sizes (a few far larger than the cells, which it keeps
// in a list), flat and in 3D, queried by small bodies and by bodies larger than the world.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "placement.hpp"

using namespace steer;

namespace {
struct Body {
  sim::Vec3 p;
  double r;
};

void expectOverlapsEqualBruteForce(bool flat, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> at(-60, 60), small(0.2, 0.6), large(5, 40), huge(80, 300), unit(0, 1);
  const auto point = [&] { return sim::Vec3(at(rng), at(rng), flat ? 0.0 : at(rng)); };
  experiments::Occupancy occupancy(1.0);
  std::vector<Body> bodies;
  for (int k = 0; k < 3000; ++k) {
    const Body b{point(), k % 500 == 7 ? large(rng) : small(rng)};
    occupancy.add(b.p, b.r);
    bodies.push_back(b);
  }
  int hits = 0, misses = 0;
  for (int q = 0; q < 4000; ++q) {
    const sim::Vec3 p = point();
    const double r = q % 400 == 3 ? huge(rng) : q % 20 == 1 ? large(rng) : small(rng);
    bool expected = false;
    for (const Body& b : bodies) expected = expected || (b.p - p).norm() < r + b.r;
    ASSERT_EQ(occupancy.overlaps(p, r), expected) << "query " << q << " at " << p.transpose() << " radius " << r;
    (expected ? hits : misses) += 1;
  }
  EXPECT_GT(hits, 100);  // both answers are exercised
  EXPECT_GT(misses, 100);
}
}  // namespace

TEST(Occupancy, OverlapsEqualsBruteForceOnAPlane) { expectOverlapsEqualBruteForce(true, 11); }
TEST(Occupancy, OverlapsEqualsBruteForceInSpace) { expectOverlapsEqualBruteForce(false, 12); }
