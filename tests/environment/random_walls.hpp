#pragma once
// Random walls for the tests of the wall splitting and crossing count.
#include <random>
#include <vector>

#include "steer/geometry/shapes.hpp"

namespace steer::environment::test {

// Random walls in a 10 m square, with end points on a 0.5 m grid half of the time (T-junctions,
// shared end points, collinear overlaps, walls through other walls' corners: none of them a
// proper crossing) and anywhere the rest of the time (proper crossings).
inline std::vector<geometry::Segment> randomWalls(unsigned seed, int count,
                                                  const geometry::Vec2& offset = geometry::Vec2::Zero()) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> anywhere(-5.0, 5.0);
  std::uniform_int_distribution<int> grid(-10, 10);
  std::vector<geometry::Segment> walls;
  for (int k = 0; k < count; ++k) {
    const bool onGrid = k % 2 == 0;
    auto point = [&] {
      return onGrid ? geometry::Vec2(0.5 * grid(rng), 0.5 * grid(rng)) : geometry::Vec2(anywhere(rng), anywhere(rng));
    };
    walls.push_back({offset + point(), offset + point()});
  }
  return walls;
}

}  // namespace steer::environment::test
