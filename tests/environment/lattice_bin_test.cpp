// The bin lattice on its own (Reynolds 2000): locality queries equal a brute-force scan,
// re-binning is O(1) (a move inside a bin does not re-link), and the intrusive lists stay
// consistent through inserts, moves and removals, also for objects outside the box.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "steer/environment/bin_lattice.hpp"

using namespace steer;
using environment::BinLattice;
using geometry::Vec3;

namespace {

std::vector<BinLattice::Id> bruteWithin(const std::vector<Vec3>& p, const std::vector<bool>& present, const Vec3& c,
                                        double r) {
  std::vector<BinLattice::Id> out;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (present[i] && (p[i] - c).norm() <= r) out.push_back(static_cast<BinLattice::Id>(i));
  return out;
}

std::vector<BinLattice::Id> sorted(std::vector<BinLattice::Id> v) {
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

TEST(BinLattice, QueriesEqualBruteForceThroughInsertsMovesAndRemovals) {
  for (int dim : {2, 3}) {
    const Vec3 lo(-10, -10, dim == 3 ? -10 : 0), hi(10, 10, dim == 3 ? 10 : 0);
    BinLattice lattice(lo, hi, BinLattice::divisionsFor(lo, hi, 2.0, dim));
    std::mt19937 rng(42 + dim);
    // Positions reach 50% beyond the box: those objects live in the border bins.
    std::uniform_real_distribution<double> u(-15, 15), radius(0.0, 6.0);
    const auto draw = [&] { return Vec3(u(rng), u(rng), dim == 3 ? u(rng) : 0.0); };
    const std::size_t n = 600;
    std::vector<Vec3> p(n);
    std::vector<bool> present(n, false);
    for (std::size_t i = 0; i < n; i += 2) {
      p[i] = draw();
      lattice.insert(static_cast<BinLattice::Id>(i), p[i]);
      present[i] = true;
    }
    std::size_t found = 0;
    for (int round = 0; round < 200; ++round) {
      for (int k = 0; k < 20; ++k) {
        const auto i = static_cast<BinLattice::Id>(rng() % n);
        if (present[i] && rng() % 4 == 0) {
          lattice.remove(i);
          present[i] = false;
        } else if (present[i]) {
          p[i] += 0.5 * (draw() / 15.0);
          lattice.move(i, p[i]);
        } else {
          p[i] = draw();
          lattice.insert(i, p[i]);
          present[i] = true;
        }
      }
      ASSERT_EQ(lattice.size(), static_cast<std::size_t>(std::count(present.begin(), present.end(), true)));
      const Vec3 c = draw();
      const double r = radius(rng);
      std::vector<BinLattice::Id> got;
      lattice.queryWithin(c, r, got);
      const auto want = bruteWithin(p, present, c, r);
      ASSERT_EQ(sorted(got), want) << "dimension " << dim << " round " << round;
      found += want.size();
    }
    EXPECT_GT(found, 300u) << "the queries should find something, or the test proves little";
  }
}

TEST(BinLattice, QueryOnTheBoundaryOfTheSphereIsInclusive) {
  BinLattice lattice(Vec3(0, 0, 0), Vec3(8, 8, 0), {4, 4, 1});
  lattice.insert(0, Vec3(4, 4, 0));
  lattice.insert(1, Vec3(6, 4, 0));  // exactly at distance 2, and in another bin
  lattice.insert(2, Vec3(4, 6.5, 0));
  std::vector<BinLattice::Id> got;
  lattice.queryWithin(Vec3(4, 4, 0), 2.0, got);
  EXPECT_EQ(sorted(got), (std::vector<BinLattice::Id>{0, 1}));
}

TEST(BinLattice, MovesInsideABinDoNotRelinkAndMovesAcrossRelinkOnce) {
  BinLattice lattice(Vec3(0, 0, 0), Vec3(10, 10, 0), {10, 10, 1});
  for (BinLattice::Id i = 0; i < 100; ++i) lattice.insert(i, Vec3(0.5 + i % 10, 0.5 + i / 10, 0));
  for (int step = 0; step < 8; ++step)
    for (BinLattice::Id i = 0; i < 100; ++i) lattice.move(i, lattice.position(i) + Vec3(0.05, 0.0, 0));
  EXPECT_EQ(lattice.rebinCount(), 0u);  // 0.5 + 0.4 stays in the first bin
  for (BinLattice::Id i = 0; i < 100; ++i) lattice.move(i, lattice.position(i) + Vec3(0.2, 0.0, 0));
  EXPECT_EQ(lattice.rebinCount(), 90u);  // the last column stays in the border bin
  std::set<BinLattice::Id> all;
  lattice.forEachInBins(Vec3(-1, -1, 0), Vec3(11, 11, 0), [&](BinLattice::Id id, const Vec3&) { all.insert(id); });
  EXPECT_EQ(all.size(), 100u);
}

TEST(BinLattice, ACapOnTheNumberOfBinsIsRespected) {
  const auto n = BinLattice::divisionsFor(Vec3(0, 0, 0), Vec3(1e6, 1e6, 0), 1.0, 2, 10000);
  EXPECT_LE(static_cast<std::size_t>(n[0]) * n[1] * n[2], 10000u);
  EXPECT_GE(n[0], 50);
}

// Bounds whose extent overflows (±1e308: 2e308 is infinite) never fit under the cap, however
// large the bins grow: that looped forever. Bounds of ±1e300, as the readers allow, fit.
TEST(BinLattice, AnExtentThatOverflowsIsRejectedNotLoopedOn) {
  EXPECT_THROW(BinLattice::divisionsFor(Vec3(-1e308, -1e308, 0), Vec3(1e308, 1e308, 0), 1.0, 2), std::invalid_argument);
  const auto n = BinLattice::divisionsFor(Vec3(-1e300, -1e300, 0), Vec3(1e300, 1e300, 0), 1.0, 2, 10000);
  EXPECT_LE(static_cast<std::size_t>(n[0]) * n[1] * n[2], 10000u);
}
