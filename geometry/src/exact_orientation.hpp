#pragma once
// The exact orientation test, for the few cases a floating-point determinant cannot decide
// (distance.cpp). In its own file: CGAL's interval arithmetic needs -frounding-math, which made
// the rest of distance.cpp (in every provider's hot loop) ~6 % slower.
namespace steer::geometry {

/// Sign of the orientation of (a, b, c), exactly: +1 counter-clockwise, −1 clockwise, 0 collinear.
/// Coordinates by value, so that the caller's fast path keeps them in registers.
int exactOrientation(double ax, double ay, double bx, double by, double cx, double cy);

}  // namespace steer::geometry
