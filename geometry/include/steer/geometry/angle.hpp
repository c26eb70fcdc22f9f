#pragma once
/// @file Angles in radians. Every difference φ − ψ in the Goldenstein model is wrapped to
/// (−π, π] (ARCHITECTURE.md §3).
#include "steer/geometry/vec.hpp"

namespace steer::geometry {

inline constexpr double kPi = 3.14159265358979323846;

/// Wraps an angle to (−π, π].
double wrapAngle(double radians);

/// Heading angle of a 2D direction, measured from +x, in (−π, π].
double headingOf(const Vec2& direction);

/// Unit vector of heading `radians`.
Vec2 directionOf(double radians);

}  // namespace steer::geometry
