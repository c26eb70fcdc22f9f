#pragma once
// Crowd-like motion for the environment benchmarks and tests (issue #4): N agents spread
// uniformly over a square (2D) or cube (3D) at a given mean spacing, each walking along a
// heading that turns smoothly, never moving more than `stepFraction` of the mean spacing in
// one step. Deterministic: every draw comes from sim::Noise keyed by (agent, step).
//
// Agents ignore walls (they may walk through them): the providers under test must give the
// right near sets whatever the positions are, and the benchmark measures only the
// environment layer. Agents bounce off the world bounds so that the density stays uniform.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include <Eigen/Geometry>

#include "steer/sim/noise.hpp"
#include "steer/sim/world.hpp"

namespace steer::bench {

struct CrowdMotionSettings {
  std::size_t agents = 1000;
  int dimension = 2;            ///< 2 (x–y plane) or 3
  double spacing = 1.0;         ///< mean distance between neighbouring agents (m), > 0
  double stepFraction = 0.05;   ///< largest step as a fraction of `spacing`, in (0, 1]
  double maxTurn = 0.15;        ///< largest heading change per step (rad)
  double nearRadius = 3.0;      ///< every agent's near radius, in units of `spacing`
  double bodyRadius = 0.25;     ///< every agent's body radius, in units of `spacing`
  double dt = 0.1;              ///< step length (s), so that speeds are consistent
  int walls = 0;                ///< number of random wall segments (2D only)
  std::uint64_t seed = 1;
};

class CrowdMotion {
 public:
  explicit CrowdMotion(const CrowdMotionSettings& settings) : s_(settings), noise_(settings.seed) {
    const auto n = static_cast<double>(std::max<std::size_t>(s_.agents, 1));
    side_ = s_.spacing * std::pow(n, 1.0 / s_.dimension);
    world_.dimension = s_.dimension;
    const double h = side_ / 2;
    const double hz = s_.dimension == 3 ? h : 1.0;
    world_.bounds = {sim::Vec3(-h, -h, -hz), sim::Vec3(h, h, hz)};
    const double maxStep = s_.stepFraction * s_.spacing;
    for (int w = 0; w < (s_.dimension == 2 ? s_.walls : 0); ++w) {
      const sim::Vec3 a = randomPoint(1000000 + w, 0);
      const double angle = 2 * 3.14159265358979 * noise_.uniform(1000000 + w, 0, 9);
      const double length = s_.spacing * (2 + 6 * noise_.uniform(1000000 + w, 0, 10));
      const geometry::Vec2 b = geometry::xy(a) + length * geometry::Vec2(std::cos(angle), std::sin(angle));
      world_.obstacles.push_back({geometry::Segment{geometry::xy(a), b}, {}});
    }
    world_.refreshPieces();
    world_.agents.resize(s_.agents);
    turn_.assign(s_.agents, 0.0);
    for (std::size_t i = 0; i < s_.agents; ++i) {
      sim::Agent& a = world_.agents[i];
      a.id = static_cast<sim::AgentIndex>(i);
      a.radius = s_.bodyRadius * s_.spacing;
      a.nearRadius = s_.nearRadius * s_.spacing;
      a.maxSpeed = maxStep / s_.dt;
      a.desiredSpeed = a.maxSpeed * 0.75;
      a.state.position = randomPoint(i, 0);
      a.state.direction = randomDirection(i);
      a.state.speed = a.maxSpeed * (0.5 + 0.5 * noise_.uniform(i, 0, 3));
    }
    if (s_.dimension == 3) {  // each heading's turn axis: a random direction across it
      axis_.resize(s_.agents);
      for (std::size_t i = 0; i < s_.agents; ++i) {
        axis_[i] = sim::Vec3(noise_.normal(i, 0, 11), noise_.normal(i, 0, 12), noise_.normal(i, 0, 13));
        acrossHeading(axis_[i], world_.agents[i].state.direction);
      }
    }
    previous_.resize(s_.agents);
    for (std::size_t i = 0; i < s_.agents; ++i) previous_[i] = world_.agents[i].state.position;
  }

  sim::World& world() { return world_; }
  const sim::World& world() const { return world_; }
  /// Every agent's position at the start of the last step.
  std::span<const sim::Vec3> previous() const { return previous_; }
  double side() const { return side_; }
  std::uint64_t steps() const { return step_; }

  /// Advances every enabled agent by one step (at most stepFraction · spacing) and the clock.
  void step() {
    ++step_;
    for (std::size_t i = 0; i < world_.agents.size(); ++i) {
      sim::Agent& a = world_.agents[i];
      previous_[i] = a.state.position;
      if (!a.enabled) continue;
      // The turn rate follows a bounded random walk, so headings turn smoothly.
      turn_[i] = std::clamp(turn_[i] + 0.3 * s_.maxTurn * (2 * noise_.uniform(i, step_, 0) - 1), -s_.maxTurn,
                            s_.maxTurn);
      turnHeading(a.state.direction, turn_[i], i);
      a.state.speed = std::clamp(a.state.speed + 0.05 * a.maxSpeed * (2 * noise_.uniform(i, step_, 1) - 1),
                                 0.25 * a.maxSpeed, a.maxSpeed);
      sim::Vec3 p = a.state.position + s_.dt * a.state.velocity();
      for (int k = 0; k < s_.dimension; ++k) {  // bounce off the bounds
        if (p[k] < world_.bounds.min[k] || p[k] > world_.bounds.max[k]) {
          a.state.direction[k] = -a.state.direction[k];
          p[k] = std::clamp(p[k], world_.bounds.min[k], world_.bounds.max[k]);
        }
      }
      a.state.position = p;
    }
    world_.time += s_.dt;
    world_.refreshPieces();
  }

 private:
  sim::Vec3 randomPoint(std::uint64_t key, std::uint64_t stream) const {
    sim::Vec3 p = sim::Vec3::Zero();
    for (int k = 0; k < s_.dimension; ++k)
      p[k] = world_.bounds.min[k] + (world_.bounds.max[k] - world_.bounds.min[k]) * noise_.uniform(key, 0, 100 + stream + k);
    return p;
  }
  sim::Vec3 randomDirection(std::uint64_t i) const {
    if (s_.dimension == 2) {
      const double angle = 2 * 3.14159265358979 * noise_.uniform(i, 0, 4);
      return sim::Vec3(std::cos(angle), std::sin(angle), 0);
    }
    sim::Vec3 d(noise_.normal(i, 0, 5), noise_.normal(i, 0, 6), noise_.normal(i, 0, 7));
    return d.norm() > 1e-12 ? sim::Vec3(d.normalized()) : sim::Vec3::UnitX();
  }
  void turnHeading(sim::Vec3& d, double angle, std::uint64_t i) {
    if (s_.dimension == 2) {
      const double c = std::cos(angle), sn = std::sin(angle);
      d = sim::Vec3(c * d.x() - sn * d.y(), sn * d.x() + c * d.y(), 0);
      return;
    }
    // 3D: rotate about the agent's turn axis, which drifts a little each step (by at most about
    // maxTurn) and stays across the heading: the heading bends smoothly, as in 2D. (The axis was
    // drawn afresh at every step until 2026-11-30, so 3D headings jittered in direction.)
    sim::Vec3& axis = axis_[i];
    axis += 0.3 * s_.maxTurn * sim::Vec3(noise_.normal(i, step_, 2), noise_.normal(i, step_, 3), noise_.normal(i, step_, 4));
    acrossHeading(axis, d);
    d = (d * std::cos(angle) + axis.cross(d) * std::sin(angle)).normalized();
  }
  // `axis` made a unit vector perpendicular to `d` (any such one if it is along d).
  static void acrossHeading(sim::Vec3& axis, const sim::Vec3& d) {
    axis -= axis.dot(d) * d;
    if (axis.norm() < 1e-9) axis = d.unitOrthogonal();
    axis.normalize();
  }

  CrowdMotionSettings s_;
  sim::Noise noise_;
  sim::World world_;
  double side_ = 0.0;
  std::vector<double> turn_;
  std::vector<sim::Vec3> axis_;  // 3D: each agent's turn axis (unit, across its heading)
  std::vector<sim::Vec3> previous_;
  std::uint64_t step_ = 0;
};

}  // namespace steer::bench
