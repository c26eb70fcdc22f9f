// constrainedDelaunayEdges (issue #7, for `steer render --triangulation`): the edges of the CDT
// of a world, against brute-force oracles: the Delaunay edges of points in general position
// (empty circumcircles), Euler's count 3V − 3 − h, every wall covered by constrained edges, no
// two edges crossing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <set>
#include <stdexcept>
#include <utility>

#include "steer/environment/triangulation_edges.hpp"

using namespace steer;
using environment::TriangulationEdge;
using geometry::Vec2;

namespace {

sim::World pointsWorld(int n, std::uint64_t seed) {
  sim::World w;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-10.0, 10.0);
  for (int k = 0; k < n; ++k) {
    sim::Agent a;
    a.state.position = sim::Vec3(u(rng), u(rng), 0.0);
    w.agents.push_back(a);
  }
  w.refreshPieces();
  return w;
}

double cross(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

// Is d strictly inside the circle through a, b, c (counter-clockwise or not)?
bool inCircle(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  const Vec2 ad = a - d, bd = b - d, cd = c - d;
  const double det = ad.squaredNorm() * cross(bd, cd) - bd.squaredNorm() * cross(ad, cd) + cd.squaredNorm() * cross(ad, bd);
  return cross(b - a, c - a) > 0 ? det > 0 : det < 0;
}

using Key = std::pair<std::size_t, std::size_t>;
Key key(std::size_t i, std::size_t j) { return {std::min(i, j), std::max(i, j)}; }

std::size_t indexOf(const std::vector<Vec2>& pts, const Vec2& p) {
  for (std::size_t k = 0; k < pts.size(); ++k)
    if (pts[k] == p) return k;
  ADD_FAILURE() << "an edge ends at " << p.transpose() << ", which is no input point";
  return pts.size();
}

// Proper crossing of open segments (sharing an end point is not crossing).
bool crosses(const TriangulationEdge& e, const TriangulationEdge& f) {
  const double d1 = cross(e.b - e.a, f.a - e.a), d2 = cross(e.b - e.a, f.b - e.a);
  const double d3 = cross(f.b - f.a, e.a - f.a), d4 = cross(f.b - f.a, e.b - f.a);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

}  // namespace

TEST(TriangulationEdges, PointsGiveExactlyTheBruteForceDelaunayEdges) {
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    const sim::World w = pointsWorld(30, seed);
    std::vector<Vec2> pts;
    for (const auto& a : w.agents) pts.push_back(geometry::xy(a.state.position));
    const std::size_t n = pts.size();
    // Oracle: an edge belongs to the Delaunay triangulation of points in general position iff it
    // is a side of a triangle whose circumcircle holds no other point.
    std::set<Key> oracle;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j)
        for (std::size_t k = j + 1; k < n; ++k) {
          bool empty = true;
          for (std::size_t m = 0; m < n && empty; ++m)
            if (m != i && m != j && m != k && inCircle(pts[i], pts[j], pts[k], pts[m])) empty = false;
          if (empty) oracle.insert({key(i, j), key(j, k), key(i, k)});
        }
    // Hull edges: every other point on one side.
    std::size_t hull = 0;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) {
        int left = 0, right = 0;
        for (std::size_t m = 0; m < n; ++m)
          if (m != i && m != j) (cross(pts[j] - pts[i], pts[m] - pts[i]) > 0 ? left : right)++;
        if (left == 0 || right == 0) ++hull;
      }
    const auto edges = environment::constrainedDelaunayEdges(w);
    std::set<Key> got;
    for (const auto& e : edges) {
      EXPECT_FALSE(e.constrained);
      got.insert(key(indexOf(pts, e.a), indexOf(pts, e.b)));
    }
    EXPECT_EQ(got.size(), edges.size()) << "an edge is listed twice";
    EXPECT_EQ(got, oracle) << "seed " << seed;
    EXPECT_EQ(edges.size(), 3 * n - 3 - hull) << "Euler: E = 3V − 3 − h";
  }
}

TEST(TriangulationEdges, EveryWallIsCoveredByConstrainedEdgesAndNoEdgesCross) {
  sim::World w = pointsWorld(60, 9);
  const std::vector<geometry::Segment> walls = {
      {Vec2(-6, -6), Vec2(6, -6)}, {Vec2(6, -6), Vec2(6, 6)}, {Vec2(-3, 2), Vec2(4, 3.5)}};
  for (const auto& s : walls) w.obstacles.push_back({s, {}});
  // An agent exactly on a wall and one on a wall's end point stay out, as in KineticProvider.
  sim::Agent onWall;
  onWall.state.position = sim::Vec3(0, -6, 0);
  w.agents.push_back(onWall);
  onWall.state.position = sim::Vec3(6, 6, 0);
  w.agents.push_back(onWall);
  w.refreshPieces();
  const auto edges = environment::constrainedDelaunayEdges(w);
  for (const auto& s : walls) {
    // The constrained edges on this wall's line and inside it sum to its length.
    double covered = 0.0;
    for (const auto& e : edges) {
      if (!e.constrained) continue;
      const Vec2 d = s.b - s.a;
      if (std::abs(cross(d, e.a - s.a)) > 1e-9 * d.squaredNorm() || std::abs(cross(d, e.b - s.a)) > 1e-9 * d.squaredNorm()) continue;
      covered += (e.b - e.a).norm();
    }
    EXPECT_NEAR(covered, (s.b - s.a).norm(), 1e-9) << s.a.transpose() << " -> " << s.b.transpose();
  }
  std::size_t constrained = 0;
  for (const auto& e : edges) constrained += e.constrained;
  EXPECT_EQ(constrained, walls.size()) << "no agent splits a wall";
  for (std::size_t i = 0; i < edges.size(); ++i)
    for (std::size_t j = i + 1; j < edges.size(); ++j)
      EXPECT_FALSE(crosses(edges[i], edges[j])) << "edges " << i << " and " << j << " cross";
  // The vertices: every agent but the two on the walls, and the walls' end points.
  std::set<std::pair<double, double>> vertices;
  for (const auto& e : edges) vertices.insert({e.a.x(), e.a.y()}), vertices.insert({e.b.x(), e.b.y()});
  EXPECT_EQ(vertices.size(), 60u + 5u);
}

// The list does not depend on where the heap put CGAL's faces: their container's order did, so
// `steer render --triangulation` drew the same edges in another order, some from the other end,
// and two renders of one run differed by a few pixels. A ring of 100 cocircular agents (the
// circle swap's start) built after different allocations gives one list: each edge from its
// lexicographically smaller end, the edges in lexicographic order.
TEST(TriangulationEdges, TheListIsTheSameWhereverTheHeapPutsTheFaces) {
  sim::World w;
  for (int k = 0; k < 100; ++k) {
    sim::Agent a;
    const double angle = 2.0 * 3.141592653589793 * k / 100.0;
    a.state.position = sim::Vec3(20.0 * std::cos(angle), 20.0 * std::sin(angle), 0.0);
    w.agents.push_back(a);
  }
  w.refreshPieces();
  const auto first = environment::constrainedDelaunayEdges(w);
  const auto order = [](const Vec2& p, const Vec2& q) { return std::make_pair(p.x(), p.y()) < std::make_pair(q.x(), q.y()); };
  for (std::size_t k = 0; k < first.size(); ++k) {
    EXPECT_TRUE(order(first[k].a, first[k].b)) << k;
    if (k > 0) {
      EXPECT_TRUE(order(first[k - 1].a, first[k].a) || (first[k - 1].a == first[k].a && order(first[k - 1].b, first[k].b)))
          << k;
    }
  }
  std::mt19937 rng(3);
  for (int trial = 0; trial < 8; ++trial) {
    std::vector<std::unique_ptr<char[]>> junk;
    for (int k = 0; k < 500; ++k) junk.emplace_back(new char[1 + rng() % 5000]);
    for (std::size_t k = 0; k < junk.size(); k += 2) junk[k].reset();
    const auto again = environment::constrainedDelaunayEdges(w);
    ASSERT_EQ(again.size(), first.size());
    for (std::size_t k = 0; k < first.size(); ++k)
      ASSERT_TRUE(again[k].a == first[k].a && again[k].b == first[k].b) << "trial " << trial << ", edge " << k;
  }
}

// Oracle: the same world with agent 3 taken out has the same edges.
TEST(TriangulationEdges, DisabledAgentsAreNotVertices) {
  sim::World w = pointsWorld(10, 4);
  w.agents[3].enabled = false;
  const auto edges = environment::constrainedDelaunayEdges(w);
  ASSERT_FALSE(edges.empty());
  for (const auto& e : edges) {
    EXPECT_NE(e.a, geometry::xy(w.agents[3].state.position));
    EXPECT_NE(e.b, geometry::xy(w.agents[3].state.position));
  }
  sim::World without = w;
  without.agents.erase(without.agents.begin() + 3);
  const auto expected = environment::constrainedDelaunayEdges(without);
  ASSERT_EQ(edges.size(), expected.size());
  for (std::size_t k = 0; k < edges.size(); ++k)
    EXPECT_TRUE(edges[k].a == expected[k].a && edges[k].b == expected[k].b) << "edge " << k;
}

TEST(TriangulationEdges, ThreeDimensionalWorldsAreRefused) {
  sim::World w = pointsWorld(5, 5);
  w.dimension = 3;
  EXPECT_THROW(environment::constrainedDelaunayEdges(w), std::invalid_argument);
}
