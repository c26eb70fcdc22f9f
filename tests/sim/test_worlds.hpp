#pragma once
// Small worlds built in code for sim-level tests.
#include <random>

#include "steer/sim/world.hpp"

namespace steer::test {

/// n agents at random non-overlapping spots in a square of side `side`, each seeking the
/// mirror point through the origin, plus a few walls.
inline sim::World randomCrowd(int n, double side, unsigned seed, bool walls = true) {
  sim::World w;
  w.dimension = 2;
  w.bounds = {sim::Vec3(-side, -side, -1), sim::Vec3(side, side, 1)};
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-side / 2, side / 2);
  if (walls) {
    w.obstacles.push_back({geometry::Segment{{-side / 4, -1}, {-side / 4, side / 4}}, {}});
    w.obstacles.push_back({geometry::AlignedBox{{side / 8, -side / 8}, {side / 4, 0}}, {}});
  }
  w.refreshPieces();
  while (static_cast<int>(w.agents.size()) < n) {
    sim::Agent a;
    a.state.position = sim::Vec3(u(rng), u(rng), 0);
    bool ok = true;
    for (const auto& o : w.obstacles) ok = ok && !sim::obstacleContains(o, sim::Vec3::Zero(), a.state.position, a.radius);
    for (const auto& b : w.agents) ok = ok && (b.state.position - a.state.position).norm() > 2 * a.radius;
    if (!ok) continue;
    sim::Goal g;
    g.target.point = -a.state.position;
    a.goals.push_back(g);
    a.id = static_cast<sim::AgentIndex>(w.agents.size());
    w.agents.push_back(a);
  }
  return w;
}

}  // namespace steer::test
