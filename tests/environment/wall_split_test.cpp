// The static walls split where they cross, for the kinetic CDT (layers/environment/src/
// wall_split.hpp), against brute force over every pair of walls: the pieces follow their walls,
// meet only at shared end points, and have a cut at every crossing.
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/intersections.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "random_walls.hpp"
#include "steer/geometry/distance.hpp"
#include "wall_split.hpp"

namespace steer::environment::kinetic {
namespace {

using geometry::Segment;
using geometry::Vec2;

// The oracle's test, exact: pieces of one wall are collinear, where floating-point orientations
// are noise.
bool meet(const Segment& p, const Segment& q) {
  using K = CGAL::Exact_predicates_inexact_constructions_kernel;
  const auto segment = [](const Segment& s) { return K::Segment_2({s.a.x(), s.a.y()}, {s.b.x(), s.b.y()}); };
  return CGAL::do_intersect(segment(p), segment(q));
}

double totalLength(const std::vector<Segment>& walls) {
  double sum = 0.0;
  for (const auto& w : walls) sum += w.length();
  return sum;
}

std::vector<Segment> piecesOf(const WallPieces& split) {
  std::vector<Segment> out;
  for (const auto& [a, b] : split.pieces) out.push_back({split.points[a], split.points[b]});
  return out;
}

using test::randomWalls;

bool sameSegment(const Segment& u, const Segment& v) { return (u.a == v.a && u.b == v.b) || (u.a == v.b && u.b == v.a); }

void expectAProperSplit(const std::vector<Segment>& walls) {
  std::vector<Segment> kept;  // copies of one wall give its pieces once
  for (const auto& w : walls)
    if (w.a != w.b && std::none_of(kept.begin(), kept.end(), [&](const Segment& k) { return sameSegment(k, w); }))
      kept.push_back(w);
  const WallPieces split = splitAtCrossings(walls);
  const std::vector<Segment> pieces = piecesOf(split);
  double scale = 1.0;
  for (const auto& w : kept) scale = std::max({scale, w.a.cwiseAbs().maxCoeff(), w.b.cwiseAbs().maxCoeff()});
  const double rounding = 1e-14 * scale;
  // No two pieces are the same segment (walls along one line share their common stretches).
  for (std::size_t i = 0; i < pieces.size(); ++i)
    for (std::size_t j = i + 1; j < pieces.size(); ++j)
      EXPECT_FALSE(sameSegment(pieces[i], pieces[j])) << "pieces " << i << " and " << j << " are one segment";
  // Each wall is covered by pieces along it (walls collinear to rounding share theirs, so the
  // pieces along a wall may be more than its length, never less), and the pieces are no longer
  // than the walls together.
  for (const auto& w : kept) {
    double along = 0.0;
    for (const auto& p : pieces)
      if (geometry::distanceToSegment(p.a, w) < rounding && geometry::distanceToSegment(p.b, w) < rounding) along += p.length();
    EXPECT_GE(along, w.length() - 1e-9 * scale) << "wall (" << w.a.transpose() << ")-(" << w.b.transpose() << ")";
  }
  EXPECT_LE(totalLength(pieces), totalLength(kept) + 1e-9 * scale);
  // Each piece lies along a wall (its end points within rounding of one wall).
  for (const auto& p : pieces)
    EXPECT_TRUE(std::any_of(kept.begin(), kept.end(), [&](const Segment& w) {
      return geometry::distanceToSegment(p.a, w) < rounding && geometry::distanceToSegment(p.b, w) < rounding;
    })) << "piece (" << p.a.transpose() << ")-(" << p.b.transpose() << ") follows no wall";
  // ... and within its own wall, end points included (a crossing constructed from doubles put a
  // cut beyond a wall's end, along a wall crossing it at a tiny angle).
  ASSERT_EQ(split.wallOf.size(), pieces.size());
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const Segment& own = walls[split.wallOf[k]];
    EXPECT_LT(geometry::distanceToSegment(pieces[k].a, own), rounding) << "piece " << k << " leaves its wall";
    EXPECT_LT(geometry::distanceToSegment(pieces[k].b, own), rounding) << "piece " << k << " leaves its wall";
  }
  // Pieces meet only at end points they share.
  for (std::size_t i = 0; i < pieces.size(); ++i)
    for (std::size_t j = i + 1; j < pieces.size(); ++j) {
      const Segment &p = pieces[i], &q = pieces[j];
      if (p.a == q.a || p.a == q.b || p.b == q.a || p.b == q.b) continue;
      EXPECT_FALSE(meet(p, q))
          << "(" << p.a.transpose() << ")-(" << p.b.transpose() << ") meets (" << q.a.transpose() << ")-("
          << q.b.transpose() << ")";
    }
  // Every crossing of two walls is a piece end point. Walls with an end point within rounding of
  // the other touch there (or overlap along a line, to rounding), and where exactly they cross at
  // a tiny angle is anywhere along that stretch.
  std::vector<Vec2> ends;
  for (const auto& p : pieces) ends.insert(ends.end(), {p.a, p.b});
  const auto touch = [&](const Segment& s, const Segment& t) {
    return geometry::distanceToSegment(s.a, t) < rounding || geometry::distanceToSegment(s.b, t) < rounding ||
           geometry::distanceToSegment(t.a, s) < rounding || geometry::distanceToSegment(t.b, s) < rounding;
  };
  for (std::size_t i = 0; i < kept.size(); ++i)
    for (std::size_t j = i + 1; j < kept.size(); ++j) {
      const Segment &s = kept[i], &t = kept[j];
      const Vec2 d = s.b - s.a, e = t.b - t.a;
      const double den = geometry::cross(d, e);
      if (den == 0.0 || !meet(s, t) || touch(s, t)) continue;
      const Vec2 x = s.a + geometry::cross(t.a - s.a, e) / den * d;
      EXPECT_TRUE(std::any_of(ends.begin(), ends.end(), [&](const Vec2& v) { return (v - x).norm() < 1e3 * rounding; }))
          << "no cut at the crossing " << x.transpose() << " of walls " << i << " and " << j;
    }
}

TEST(WallSplit, RandomWallsAreCutAtEveryCrossingAndNowhereElse) {
  for (unsigned seed = 1; seed <= 40; ++seed) {
    SCOPED_TRACE(seed);
    expectAProperSplit(randomWalls(seed, 40));
    expectAProperSplit(randomWalls(seed, 40, Vec2(1e6, -3e5)));  // coarser rounding
  }
}

// Walls through one point (a star, end points rounded to a micrometre as a file gives them): each
// is cut once, at the one point where they all meet. The 124,750 copies of that point were
// compared pairwise, which took minutes at 500 walls.
TEST(WallSplit, ManyWallsThroughOnePointMeetThere) {
  std::vector<Segment> walls;
  const int count = 250;
  for (int k = 0; k < count; ++k) {
    const double angle = 3.141592653589793 * k / count;
    const Vec2 a(std::round(5e6 * std::cos(angle)) / 1e6, std::round(5e6 * std::sin(angle)) / 1e6);
    walls.push_back({a, -a});
  }
  expectAProperSplit(walls);
  const WallPieces split = splitAtCrossings(walls);
  EXPECT_EQ(split.pieces.size(), 2u * count);
  const std::vector<Segment> pieces = piecesOf(split);
  EXPECT_TRUE(std::all_of(pieces.begin(), pieces.end(), [&](const Segment& p) { return p.a == pieces[0].b || p.b == pieces[0].b; }));
}

// Walls along one line, each overlapping all the others: n of them have 2n end points on the
// line and 2n - 1 stretches between them, each a piece once. Each wall cut at the others' end
// points gave every stretch once per wall over it (~n²/2 pieces) and the pairs among those ~n³:
// 1,000 such walls took 75 s to set up. Along (0.6, 0.8) the end points are on the line only to
// rounding, the walls crossed each other at tiny angles, and each round of splitting again made
// crossings of its own: 40 walls grew to 1.5 million pieces in four rounds.
TEST(WallSplit, WallsOverlappingAlongOneLineShareTheirStretches) {
  const auto along = [](int count, const Vec2& direction) {
    std::vector<Segment> walls;
    for (int k = 0; k < count; ++k) walls.push_back({0.002 * k * direction, (10.0 + 0.002 * k) * direction});
    return walls;
  };
  for (const Vec2& direction : {Vec2(1, 0), Vec2(0.6, 0.8)}) {
    expectAProperSplit(along(40, direction));
    const WallPieces split = splitAtCrossings(along(500, direction));
    EXPECT_EQ(split.pieces.size(), 2u * 500 - 1) << "along " << direction.transpose();
    EXPECT_NEAR(totalLength(piecesOf(split)), 10.0 + 0.002 * 499, 1e-9) << "the pieces cover the line once";
  }
  // A wall across them all cuts every one: 2 more pieces of the line and 2 of the crossing wall.
  auto crossed = along(40, Vec2(1, 0));
  crossed.push_back({Vec2(5.0001, -1), Vec2(5.0001, 1)});
  expectAProperSplit(crossed);
  EXPECT_EQ(splitAtCrossings(crossed).pieces.size(), 2u * 40 - 1 + 1 + 2);
}

TEST(WallSplit, ThreeWallsCrossingNearABoxCorner) {
  // The layout where CGAL's own splitting bent the third wall 0.27 m off its line: the second
  // wall passes exactly through the box's corner (-1, 0).
  expectAProperSplit({{{-2.5, 0}, {2.5, 2}},
                      {{-2.5, -1}, {-1, -1}},
                      {{-1, -1}, {-1, 0}},
                      {{-1, 0}, {-2.5, 0}},
                      {{-2.5, 0}, {-2.5, -1}},
                      {{0, 3}, {-1.5, -1.5}},
                      {{0.5, -3}, {-1.5, 2}}});
}

// Walls 0 and 1 collinear to rounding (exactly, neither touches the other), wall 2 crossing wall
// 0 near wall 1, 3·10^5 m from the origin: the piece of wall 0 that ended at the rounded crossing
// crossed wall 1, and CGAL bent wall 1, which had a straying of 0. Each end point of walls 0 and
// 1 is within rounding of the other wall, so they are cut there, share the stretch where they
// overlap, and both stray by that rounding (an agent within it is kept off the triangulation).
TEST(WallSplit, APieceThatRoundingMakesCrossAnotherWallIsSplitAgain) {
  const std::vector<Segment> walls = {
      {Vec2(-0x1.41d2899627c56p+18, 0x1.39b984c8ec705p+18), Vec2(-0x1.41d2bd23303b8p+18, 0x1.39b864fc41a92p+18)},
      {Vec2(-0x1.41d2a35cac007p+18, 0x1.39b8f4e2970cbp+18), Vec2(-0x1.41d26fcfa38a5p+18, 0x1.39ba14af41d3ep+18)},
      {Vec2(-0x1.41d22bca00f4p+18, 0x1.39b79406249e2p+18), Vec2(-0x1.41d2c192d9376p+18, 0x1.39b9055c8b47cp+18)}};
  ASSERT_FALSE(meet(walls[0], walls[1])) << "exactly, walls 0 and 1 do not meet";
  ASSERT_FALSE(meet(walls[1], walls[2]));
  ASSERT_TRUE(meet(walls[0], walls[2]));
  expectAProperSplit(walls);
  const WallPieces split = splitAtCrossings(walls);
  ASSERT_EQ(split.straying.size(), 3u);
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_GT(split.straying[k], 0.0) << "wall " << k;
    EXPECT_LT(split.straying[k], 1e-7) << "wall " << k;
  }
  ASSERT_EQ(split.wallOf.size(), split.pieces.size());
  // Wall 0 in three pieces (the shared stretch, to the crossing, on), one more of wall 1, and
  // wall 2 cut at the crossing.
  EXPECT_EQ(split.pieces.size(), 6u);
}

// Two walls crossing at a tiny angle (found by a differential fuzzer at a scale of 1e-4 m): their
// crossing constructed from doubles came out 3.7e-4 m from the exact one and 1.8e-4 m beyond
// the first wall's end, so that wall's pieces ran past its end and back.
TEST(WallSplit, TwoWallsCrossingAtATinyAngleAreCutWithinBoth) {
  const std::vector<Segment> walls = {
      {Vec2(0x1.7d0d67bedb334p-13, -0x1.a83b63aa0c86fp-14), Vec2(-0x1.716afb54c9248p-16, 0x1.ae3a2aa8dc28cp-14)},
      {Vec2(-0x1.d40b531611c58p-13, 0x1.3e7d847ff35adp-12), Vec2(0x1.a481400ee0398p-12, -0x1.50096519f5c1cp-12)},
      {Vec2(-0x1.0343fdc66bd88p-16, 0x1.2311cb409b958p-13), Vec2(-0x1.d48f4fa27314fp-11, -0x1.92a305deef042p-14)},
      {Vec2(0x1.ca789d1be75b4p-14, 0x1.747a03037635ep-13), Vec2(-0x1.829165f6cdf5ap-12, -0x1.3af28bbc0cb15p-12)},
      {Vec2(-0x1.e82ffc7caf4a4p-13, 0x1.f68ce558cf698p-17), Vec2(-0x1.80cd11b9209d8p-15, 0x1.9a9241bf5603dp-13)}};
  ASSERT_TRUE(meet(walls[0], walls[1]));
  expectAProperSplit(walls);
}

// A wall given many times (a box repeated in a scenario file) is split once: its copies overlap
// each other along their whole length, and splitting every pair of them took time and memory with
// the square of the copies (1,000 boxes: 4.9 s and 1.3 GB before a run's first step).
TEST(WallSplit, CopiesOfAWallAreSplitOnce) {
  const std::vector<Segment> box = {{{1, 1}, {2, 1}}, {{2, 1}, {2, 3}}, {{2, 3}, {1, 3}}, {{1, 3}, {1, 1}}};
  const Segment across{{0, 2}, {3, 2}};
  std::vector<Segment> once = box, many;
  once.push_back(across);
  for (int copy = 0; copy < 300; ++copy)
    for (const Segment& side : box) many.push_back(copy % 2 == 0 ? side : Segment{side.b, side.a});  // either way round
  many.push_back(across);
  const WallPieces one = splitAtCrossings(once), all = splitAtCrossings(many);
  EXPECT_EQ(piecesOf(all).size(), piecesOf(one).size());
  EXPECT_EQ(all.points, one.points);
  // Every copy keeps its own straying (what the triangulation reads per wall), its first copy's.
  ASSERT_EQ(all.straying.size(), many.size());
  for (std::size_t k = 0; k + 1 < many.size(); ++k) EXPECT_EQ(all.straying[k], one.straying[k % 4]) << "wall " << k;
  EXPECT_EQ(all.straying.back(), one.straying.back());
  EXPECT_GT(one.straying[1], 0.0);  // the crossed sides stray (constructed cuts): the copies must say so too
  for (const std::size_t wall : all.wallOf) EXPECT_TRUE(wall < 4 || wall + 1 == many.size()) << "a piece names a later copy";
  expectAProperSplit(many);
}

TEST(WallSplit, TouchingAndOverlappingWallsAreCutAtTheirEndPoints) {
  const WallPieces split = splitAtCrossings(std::vector<Segment>{
      {{0, 0}, {4, 0}},   // overlapped by the next one from x = 2 to 4
      {{2, 0}, {6, 0}},
      {{1, -1}, {1, 0}},  // a T-junction on the first
      {{3, 3}, {3, 3}},   // zero length: dropped
  });
  std::vector<std::pair<Vec2, Vec2>> got;
  for (const auto& [a, b] : split.pieces) got.emplace_back(split.points[a], split.points[b]);
  const std::vector<std::pair<Vec2, Vec2>> expected = {
      {{0, 0}, {1, 0}}, {{1, 0}, {2, 0}}, {{2, 0}, {4, 0}},  // the first wall
      {{4, 0}, {6, 0}},                                      // the second (2 to 4 is shared)
      {{1, -1}, {1, 0}},                                     // the T
  };
  EXPECT_EQ(got, expected);
}

}  // namespace
}  // namespace steer::environment::kinetic
