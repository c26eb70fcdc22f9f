#pragma once
// Worlds for the planning tests and benchmarks: generated mazes and the U-shaped trap of
// Goldenstein Fig. 7.
#include <random>
#include <vector>

#include "steer/sim/world.hpp"

namespace steer::test {

/// A serpentine maze: `turns` + 1 horizontal corridors of width `width` and length `length`,
/// joined alternately at the right and left ends, separated by walls of thickness `wall`. The
/// start is at the beginning of the first corridor, the target at the end of the last one.
struct Maze {
  sim::World world;
  sim::Vec3 start;
  sim::Vec3 target;
};

inline Maze serpentineMaze(int turns, double length, double width, double wall) {
  Maze m;
  const double height = (turns + 1) * width + turns * wall;
  m.world.bounds = {sim::Vec3(0, 0, -1), sim::Vec3(length, height, 1)};
  for (int c = 0; c < turns; ++c) {
    const double y0 = (c + 1) * width + c * wall;
    // The separating wall leaves a gap of one corridor width at alternating ends.
    const bool gapRight = c % 2 == 0;
    const double x0 = gapRight ? 0.0 : width;
    const double x1 = gapRight ? length - width : length;
    m.world.obstacles.push_back({geometry::AlignedBox{{x0, y0}, {x1, y0 + wall}}, {}});
  }
  m.world.refreshPieces();
  m.start = sim::Vec3(0.5 * width, 0.5 * width, 0);
  const double yLast = turns * (width + wall) + 0.5 * width;
  m.target = sim::Vec3(turns % 2 == 0 ? length - 0.5 * width : 0.5 * width, yLast, 0);
  return m;
}

/// A "perfect" maze by randomized depth-first search on a cells × cells lattice of rooms of
/// size `pitch`, with walls as thin segments. Seeded, deterministic.
inline Maze randomMaze(int cells, double pitch, unsigned seed) {
  Maze m;
  const double side = cells * pitch;
  m.world.bounds = {sim::Vec3(0, 0, -1), sim::Vec3(side, side, 1)};
  std::vector<int> visited(cells * cells, 0);
  // wallE[c]: wall east of cell c; wallN[c]: wall north of c.
  std::vector<int> wallE(cells * cells, 1), wallN(cells * cells, 1);
  std::mt19937 rng(seed);
  std::vector<int> stack{0};
  visited[0] = 1;
  while (!stack.empty()) {
    const int c = stack.back();
    const int x = c % cells, y = c / cells;
    std::vector<int> options;
    if (x > 0 && !visited[c - 1]) options.push_back(0);
    if (x + 1 < cells && !visited[c + 1]) options.push_back(1);
    if (y > 0 && !visited[c - cells]) options.push_back(2);
    if (y + 1 < cells && !visited[c + cells]) options.push_back(3);
    if (options.empty()) {
      stack.pop_back();
      continue;
    }
    const int o = options[std::uniform_int_distribution<int>(0, static_cast<int>(options.size()) - 1)(rng)];
    int next = c;
    if (o == 0) next = c - 1, wallE[c - 1] = 0;
    if (o == 1) next = c + 1, wallE[c] = 0;
    if (o == 2) next = c - cells, wallN[c - cells] = 0;
    if (o == 3) next = c + cells, wallN[c] = 0;
    visited[next] = 1;
    stack.push_back(next);
  }
  for (int y = 0; y < cells; ++y)
    for (int x = 0; x < cells; ++x) {
      const int c = y * cells + x;
      if (x + 1 < cells && wallE[c])
        m.world.obstacles.push_back({geometry::Segment{{(x + 1) * pitch, y * pitch}, {(x + 1) * pitch, (y + 1) * pitch}}, {}});
      if (y + 1 < cells && wallN[c])
        m.world.obstacles.push_back({geometry::Segment{{x * pitch, (y + 1) * pitch}, {(x + 1) * pitch, (y + 1) * pitch}}, {}});
    }
  m.world.refreshPieces();
  m.start = sim::Vec3(0.5 * pitch, 0.5 * pitch, 0);
  m.target = sim::Vec3(side - 0.5 * pitch, side - 0.5 * pitch, 0);
  return m;
}

/// Goldenstein Fig. 7: a U-shaped room open towards the agent, the target behind its back
/// wall. Walls are segments; the room is `depth` deep and `width` wide.
struct UTrap {
  sim::World world;
  sim::Vec3 start;
  sim::Vec3 target;
};

inline UTrap uTrap(double width = 8.0, double depth = 8.0) {
  UTrap t;
  t.world.bounds = {sim::Vec3(-20, -20, -1), sim::Vec3(20, 20, 1)};
  const double h = 0.5 * width;
  // Opening towards −x; back wall at x = depth.
  t.world.obstacles.push_back({geometry::Segment{{0, -h}, {depth, -h}}, {}});
  t.world.obstacles.push_back({geometry::Segment{{0, h}, {depth, h}}, {}});
  t.world.obstacles.push_back({geometry::Segment{{depth, -h}, {depth, h}}, {}});
  t.world.refreshPieces();
  t.start = sim::Vec3(-10, 0, 0);
  t.target = sim::Vec3(depth + 6, 0, 0);
  return t;
}

}  // namespace steer::test
