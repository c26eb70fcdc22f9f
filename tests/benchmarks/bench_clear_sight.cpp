// The planners' clear-sight test (harmonic and hybrid, Goldenstein §6.1): every enabled agent
// asks each step whether its body can move straight to its target. A room of K × K boxes
// (0.5 m every 2.4 m, 4 K² walls) and 10,000 sight lines from points among them to a target
// beyond the far side. Scan: every wall's box, then its distance (the planners' test before the
// grid); Grid: WallGrid::anyWithin. The same with circles (_Circles*). Counter `blocked`: the sight lines a wall blocks (the same
// in both, or the benchmark stops with an error).
#include <benchmark/benchmark.h>

#include <random>

#include "steer/geometry/distance.hpp"
#include "steer/geometry/vec.hpp"
#include "steer/planning/wall_grid.hpp"

namespace {

using namespace steer;
using geometry::Segment;
using geometry::Vec2;

constexpr int kSightLines = 10000;
constexpr double kRadius = 0.25;

std::vector<Segment> boxRoom(int k) {
  std::vector<Segment> walls;
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) {
      const Vec2 lo(2.4 * i, 2.4 * j), hi = lo + Vec2(0.5, 0.5);
      walls.push_back({lo, {hi.x(), lo.y()}});
      walls.push_back({{hi.x(), lo.y()}, hi});
      walls.push_back({hi, {lo.x(), hi.y()}});
      walls.push_back({{lo.x(), hi.y()}, lo});
    }
  return walls;
}

std::vector<Segment> sightLines(int k) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(0.0, 2.4 * k);
  const Vec2 target(2.4 * k + 1.0, 1.2 * k + 0.7);
  std::vector<Segment> lines;
  for (int q = 0; q < kSightLines; ++q) lines.push_back({{u(rng), u(rng)}, target});
  return lines;
}

bool scanOfEveryWall(const std::vector<Segment>& walls, const Segment& path, double radius) {
  const Vec2 lo = path.a.cwiseMin(path.b), hi = path.a.cwiseMax(path.b);
  const double reach = radius * (1.0 + 1e-9) + 1e-9 * (1.0 + hi.cwiseAbs().maxCoeff() + lo.cwiseAbs().maxCoeff());
  for (const auto& w : walls) {
    const Vec2 wlo = w.a.cwiseMin(w.b), whi = w.a.cwiseMax(w.b);
    if (wlo.x() - hi.x() > reach || lo.x() - whi.x() > reach || wlo.y() - hi.y() > reach || lo.y() - whi.y() > reach)
      continue;
    if (geometry::segmentDistance(path, w) <= radius) return true;
  }
  return false;
}

int blockedByScan(const std::vector<Segment>& walls, const std::vector<Segment>& lines) {
  int blocked = 0;
  for (const auto& line : lines) blocked += scanOfEveryWall(walls, line, kRadius) ? 1 : 0;
  return blocked;
}

void BM_ClearSight_Scan(benchmark::State& state) {
  const int k = static_cast<int>(state.range(0));
  const auto walls = boxRoom(k);
  const auto lines = sightLines(k);
  int blocked = 0;
  for (auto _ : state) benchmark::DoNotOptimize(blocked = blockedByScan(walls, lines));
  state.counters["walls"] = static_cast<double>(walls.size());
  state.counters["blocked"] = blocked;
}

void BM_ClearSight_Grid(benchmark::State& state) {
  const int k = static_cast<int>(state.range(0));
  const auto walls = boxRoom(k);
  const auto lines = sightLines(k);
  const planning::WallGrid grid(walls);
  int blocked = 0;
  for (auto _ : state) {
    blocked = 0;
    for (const auto& line : lines) blocked += grid.anyWithin(line, kRadius) ? 1 : 0;
    benchmark::DoNotOptimize(blocked);
  }
  if (blocked != blockedByScan(walls, lines)) state.SkipWithError("the grid and the scan disagree");
  state.counters["walls"] = static_cast<double>(walls.size());
  state.counters["blocked"] = blocked;
}

// Round obstacles: a forest of K × K circles of radius 0.3 m every 2.4 m and the same sight
// lines. Scan: every circle's distance, as the planners tested circles until 2026-11-29; Grid:
// the circles in the WallGrid beside the walls.
std::vector<geometry::Ball> forest(int k) {
  std::vector<geometry::Ball> circles;
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < k; ++j) circles.push_back({{2.4 * i + 0.25, 2.4 * j + 0.25, 0.0}, 0.3});
  return circles;
}

int blockedByCircleScan(const std::vector<geometry::Ball>& circles, const std::vector<Segment>& lines) {
  int blocked = 0;
  for (const auto& line : lines)
    for (const auto& c : circles)
      if (geometry::distanceToSegment(geometry::xy(c.center), line) <= c.radius + kRadius) {
        ++blocked;
        break;
      }
  return blocked;
}

void BM_ClearSight_CirclesScan(benchmark::State& state) {
  const int k = static_cast<int>(state.range(0));
  const auto circles = forest(k);
  const auto lines = sightLines(k);
  int blocked = 0;
  for (auto _ : state) benchmark::DoNotOptimize(blocked = blockedByCircleScan(circles, lines));
  state.counters["circles"] = static_cast<double>(circles.size());
  state.counters["blocked"] = blocked;
}

void BM_ClearSight_CirclesGrid(benchmark::State& state) {
  const int k = static_cast<int>(state.range(0));
  const auto circles = forest(k);
  const auto lines = sightLines(k);
  const planning::WallGrid grid({}, circles);
  int blocked = 0;
  for (auto _ : state) {
    blocked = 0;
    for (const auto& line : lines) blocked += grid.anyWithin(line, kRadius) ? 1 : 0;
    benchmark::DoNotOptimize(blocked);
  }
  if (blocked != blockedByCircleScan(circles, lines)) state.SkipWithError("the grid and the scan disagree");
  state.counters["circles"] = static_cast<double>(circles.size());
  state.counters["blocked"] = blocked;
}

}  // namespace

BENCHMARK(BM_ClearSight_Scan)->Arg(9)->Arg(81)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ClearSight_Grid)->Arg(9)->Arg(81)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ClearSight_CirclesScan)->Arg(9)->Arg(81)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ClearSight_CirclesGrid)->Arg(9)->Arg(81)->Unit(benchmark::kMillisecond);
