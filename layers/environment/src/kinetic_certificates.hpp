#pragma once
// Certificate arithmetic of the kinetic CDT (no CGAL here): the in-circle determinant of four
// linearly moving points as a polynomial in τ, its first failure in [τ0, 1], conservative
// next-check budgets from the margins (a margin over the speed bounds that could close it), and
// the contact times of continuous collision detection.
#include <array>

#include "steer/geometry/shapes.hpp"

namespace steer::environment::kinetic {

using geometry::Vec2;

/// A point moving linearly within the step: p(τ) = p0 + τ u, τ ∈ [0, 1].
struct Motion {
  Vec2 p0;
  Vec2 u;
  Vec2 at(double tau) const { return p0 + tau * u; }
};

/// Coefficients c[k] of τ^k.
using Quartic = std::array<double, 5>;

/// The in-circle determinant of (a, b, c; d): positive when d is strictly inside the circle of
/// the counter-clockwise triangle abc. Degree ≤ 4 in τ.
Quartic inCirclePolynomial(const Motion& a, const Motion& b, const Motion& c, const Motion& d);

double evaluate(const Quartic& f, double tau);

/// The first failure of "f < 0" in [tau0, 1]: `tau` is the start of the first interval (between
/// consecutive real roots) on which f > 0, `probe` a point inside it (for exact confirmation).
struct Failure {
  bool fails = false;
  double tau = 1.0;
  double probe = 1.0;
};
/// `solved` is set when a root solve was needed (the cheap coefficient bound did not suffice).
Failure firstFailure(const Quartic& f, double tau0, bool& solved);

/// The angle margin π − (∠acb + ∠adb) of the edge ab with apexes c and d (radians; ≤ 0 when
/// the edge is not locally Delaunay), exactly (two atan2; tests compare the bound below to it).
double inCircleMargin(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d);

/// The in-circle certificate's margin and budget, sharing the four side lengths.
struct InCircleBound {
  double margin = 0.0;  ///< a lower bound of inCircleMargin (≤ 0 exactly when it is ≤ 0, up to rounding)
  double budget = 0.0;  ///< motion-clock time for which the certificate cannot fail
};
/// The margin from the sine and cosine of the angle sum, without inverse trigonometric functions:
/// with m = π − (∠acb + ∠adb), sin m and cos m are products of the sides' dot and cross products
/// over their lengths, and m ≥ 3 sin m / (2 + cos m) on [0, π] (the derivative of the difference
/// is (1 − cos m)² / (2 + cos m)² ≥ 0); for m ≥ π/2 also m ≥ π/2 − cos m. The bound is within
/// 5 % of m for m ≤ π/2, where certificates come due. Budget: motion-clock time for which the
/// certificate cannot fail when each point moves at most its speed bound (wa … wd, m per unit of
/// clock). Each of the four sides ca, cb, da, db (length L, relative speed bound w) turns by at
/// most asin(min(1, w t / L)) in time t, and the margin shrinks by at most the sum of those turns.
InCircleBound inCircleBound(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d, double wa, double wb,
                            double wc, double wd);

/// The margin of the line-of-sight certificate of segment pq against wall ab: the least distance
/// of an end point of either segment to the other segment. Whether pq meets ab can change only
/// when an end point of one comes onto the other, and each of these distances changes by at most
/// the largest motion of p and q (walls are static), so the status holds while the points have
/// moved less than this margin in all.
double sightMargin(const Vec2& p, const Vec2& q, const geometry::Segment& wall);

/// Signed distance of p from the line through a and b (positive on the left of a→b).
double signedLineDistance(const Vec2& a, const Vec2& b, const Vec2& p);

}  // namespace steer::environment::kinetic
