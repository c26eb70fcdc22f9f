#pragma once
/// @file Vector types. steer works in metres and seconds throughout; a 2D world uses the
/// x–y plane of a Vec3 with z = 0, so that 2D and 3D agents share one state layout.
#include <Eigen/Core>

namespace steer::geometry {

using Vec2 = Eigen::Vector2d;
using Vec3 = Eigen::Vector3d;

/// The x–y part of a 3D vector.
inline Vec2 xy(const Vec3& v) { return v.head<2>(); }
/// Lifts a 2D vector into the z = 0 plane.
inline Vec3 lift(const Vec2& v, double z = 0.0) { return Vec3(v.x(), v.y(), z); }

/// 2D cross product (the z of the 3D cross product).
inline double cross(const Vec2& a, const Vec2& b) { return a.x() * b.y() - a.y() * b.x(); }

/// True when every component is finite (no NaN, no infinity).
template <typename Derived>
bool allFinite(const Eigen::MatrixBase<Derived>& v) {
  return v.allFinite();
}

}  // namespace steer::geometry
