#pragma once
/// @file The random source of the case generators, and the frame a case is drawn in: unit
/// coordinates within ±halfSide, then scaled and offset (tiny and huge scales and far offsets are
/// where rounding bites).
#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <vector>

#include "steer/geometry/vec.hpp"
#include "steer/sim/agent.hpp"

namespace steer::fuzz {

using sim::Vec3;
using geometry::Vec2;

/// Deterministic for a seed with one standard library (the distributions' algorithms are the
/// library's: libstdc++ here, so a seed names the same case on every Debian machine).
class CaseRandom {
 public:
  explicit CaseRandom(std::uint64_t seed) : engine_(seed * 0x9E3779B97F4A7C15ull + 12345) {}

  int dimension = 2;
  double scale = 1.0;            ///< metres per unit
  Vec3 offset = Vec3::Zero();    ///< where the unit origin lies (m)
  double halfSide = 5.0;         ///< units

  double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(engine_); }
  int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }  ///< inclusive
  bool chance(double p) { return uniform(0, 1) < p; }
  std::uint64_t bits() { return engine_(); }
  template <class T>
  const T& pick(const std::vector<T>& v) {
    return v[static_cast<std::size_t>(integer(0, static_cast<int>(v.size()) - 1))];
  }
  std::size_t index(std::size_t size) { return static_cast<std::size_t>(integer(0, static_cast<int>(size) - 1)); }
  /// A uniformly random direction in the case's dimension.
  Vec3 unitVector() {
    if (dimension == 2) {
      const double a = uniform(0, 2 * std::numbers::pi);
      return Vec3(std::cos(a), std::sin(a), 0);
    }
    Vec3 d(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
    while (d.norm() < 0.1 || d.norm() > 1) d = Vec3(uniform(-1, 1), uniform(-1, 1), uniform(-1, 1));
    return d.normalized();
  }
  /// Unit coordinates to metres (z kept only in 3D).
  Vec3 at(double x, double y, double z = 0) const { return offset + scale * Vec3(x, y, dimension == 3 ? z : 0.0); }
  Vec2 at2(double x, double y) const { return geometry::xy(at(x, y)); }
  /// A point anywhere in the frame's square or cube.
  Vec3 anywhere() { return at(uniform(-halfSide, halfSide), uniform(-halfSide, halfSide), uniform(-halfSide, halfSide)); }
  /// A unit coordinate on a grid of `step`.
  double onGrid(double step) { return step * std::round(uniform(-halfSide, halfSide) / step); }

 private:
  std::mt19937_64 engine_;
};

}  // namespace steer::fuzz
