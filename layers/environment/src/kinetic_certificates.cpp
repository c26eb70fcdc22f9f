#include "kinetic_certificates.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "steer/geometry/angle.hpp"
#include "steer/geometry/distance.hpp"

namespace steer::environment::kinetic {

namespace {

// Polynomials of degree ≤ 4 as coefficient arrays (c[k] of τ^k).
using Quad = std::array<double, 3>;

double evalDeg(const double* c, int deg, double t) {
  double v = c[deg];
  for (int k = deg - 1; k >= 0; --k) v = v * t + c[k];
  return v;
}

// The root of c (degree deg, derivative d) in [a, b], where c changes sign (fa = c(a)) and is
// monotone: Newton's steps, kept inside the shrinking bracket, with a bisection whenever a step
// leaves it or does not halve the step before (Press et al.'s rtsafe). Until the iterate stops
// moving: as precise as the bisection to machine precision it replaced, in ~5-8 evaluations of
// c and d instead of ~55 of c (the kinetic sweep solves one quartic, cubic and quadratic per
// in-circle certificate that may fail in the step: ~1/3 of its time went to the bisections).
double rootInBracket(const double* c, const double* d, int deg, double a, double b, double fa) {
  double x = 0.5 * (a + b), step = b - a, stepBefore = step;
  for (int it = 0; it < 200; ++it) {
    const double fx = evalDeg(c, deg, x);
    if (fx == 0.0) return x;
    if ((fx < 0.0) == (fa < 0.0)) {
      a = x;
      fa = fx;
    } else {
      b = x;
    }
    const double dfx = evalDeg(d, deg - 1, x);
    double next = x - fx / dfx;
    stepBefore = step;
    if (!(next > a && next < b) || std::abs(2.0 * (next - x)) > std::abs(stepBefore)) {
      next = 0.5 * (a + b);  // (also when dfx is 0 or the step is not finite)
      if (next <= a || next >= b) return next;  // the bracket is two adjacent doubles
    }
    step = next - x;
    if (next == x) return x;
    x = next;
  }
  return x;
}

// Real roots of the polynomial c (degree deg) inside [lo, hi], ascending. The polynomial is cut
// into monotone pieces at the roots of its derivative (found the same way, recursively), and in
// each piece with a sign change the root is found to machine precision (rootInBracket). This
// needs no leading coefficient to be well away from zero, which the kinetic quartics often
// violate (Eigen's companion-matrix solver would need the degree trimmed by a guessed tolerance).
void rootsIn(const double* c, int deg, double lo, double hi, double* out, int& count) {
  count = 0;
  while (deg > 0 && c[deg] == 0.0) --deg;
  if (deg == 0) return;
  if (deg == 1) {
    const double r = -c[0] / c[1];
    if (r >= lo && r <= hi) out[count++] = r;
    return;
  }
  double d[4] = {0, 0, 0, 0};
  for (int k = 1; k <= deg; ++k) d[k - 1] = k * c[k];
  double crit[4] = {0, 0, 0, 0};
  int nc = 0;
  rootsIn(d, deg - 1, lo, hi, crit, nc);
  double prev = lo;
  double fprev = evalDeg(c, deg, lo);
  for (int k = 0; k <= nc; ++k) {
    const double next = k < nc ? crit[k] : hi;
    const double fnext = evalDeg(c, deg, next);
    if (fprev == 0.0) {
      if (count == 0 || out[count - 1] != prev) out[count++] = prev;
    } else if ((fprev < 0.0) != (fnext < 0.0) && fnext != 0.0) {
      out[count++] = rootInBracket(c, d, deg, prev, next, fprev);
    }
    prev = next;
    fprev = fnext;
  }
  if (fprev == 0.0 && (count == 0 || out[count - 1] != prev)) out[count++] = prev;
}

double angleAt(const Vec2& apex, const Vec2& a, const Vec2& b) {
  const Vec2 u = a - apex, v = b - apex;
  return std::atan2(std::abs(geometry::cross(u, v)), u.dot(v));
}

}  // namespace

Quartic inCirclePolynomial(const Motion& a, const Motion& b, const Motion& c, const Motion& d) {
  // Rows (x, y, x² + y²) of a − d, b − d, c − d, each coordinate linear in τ: x(τ) = x0 + x1 τ.
  // det = l_a M_bc + l_b M_ca + l_c M_ab with the lifts l (quadratic) and the 2×2 minors M of
  // the coordinates (quadratic), written out (the products of coefficient arrays cost twice as
  // many instructions).
  struct Row {
    double x0, x1, y0, y1;
  };
  const Row ra{a.p0.x() - d.p0.x(), a.u.x() - d.u.x(), a.p0.y() - d.p0.y(), a.u.y() - d.u.y()};
  const Row rb{b.p0.x() - d.p0.x(), b.u.x() - d.u.x(), b.p0.y() - d.p0.y(), b.u.y() - d.u.y()};
  const Row rc{c.p0.x() - d.p0.x(), c.u.x() - d.u.x(), c.p0.y() - d.p0.y(), c.u.y() - d.u.y()};
  const auto lift = [](const Row& r) -> Quad {
    return {r.x0 * r.x0 + r.y0 * r.y0, 2.0 * (r.x0 * r.x1 + r.y0 * r.y1), r.x1 * r.x1 + r.y1 * r.y1};
  };
  const auto minor = [](const Row& p, const Row& q) -> Quad {  // x_p y_q − y_p x_q
    return {p.x0 * q.y0 - p.y0 * q.x0, (p.x0 * q.y1 + p.x1 * q.y0) - (p.y0 * q.x1 + p.y1 * q.x0),
            p.x1 * q.y1 - p.y1 * q.x1};
  };
  const Quad la = lift(ra), lb = lift(rb), lc = lift(rc);
  const Quad mbc = minor(rb, rc), mca = minor(rc, ra), mab = minor(ra, rb);
  Quartic r{};
  for (const auto& [l, m] : {std::pair{la, mbc}, {lb, mca}, {lc, mab}}) {
    r[0] += l[0] * m[0];
    r[1] += l[0] * m[1] + l[1] * m[0];
    r[2] += l[0] * m[2] + l[1] * m[1] + l[2] * m[0];
    r[3] += l[1] * m[2] + l[2] * m[1];
    r[4] += l[2] * m[2];
  }
  return r;
}

double evaluate(const Quartic& f, double tau) { return evalDeg(f.data(), 4, tau); }

Failure firstFailure(const Quartic& f, double tau0, bool& solved) {
  solved = false;
  Failure out;
  if (tau0 > 1.0) return out;
  // Cheap exclusion: on [0, 1] every τ^k ∈ [0, 1], so f ≤ c0 + Σ max(c_k, 0).
  double upper = f[0];
  for (int k = 1; k < 5; ++k) upper += std::max(f[k], 0.0);
  if (upper < 0.0) return out;
  solved = true;
  double roots[4];
  int n = 0;
  rootsIn(f.data(), 4, tau0, 1.0, roots, n);
  // Intervals between consecutive roots; a root within 1e-12 of tau0 is the event just
  // processed (the new edge is cocircular there) and does not split the first interval.
  double left = tau0;
  for (int k = 0; k <= n; ++k) {
    const double right = k < n ? roots[k] : 1.0;
    if (right - left <= 1e-12 && k < n) continue;
    const double mid = k < n ? 0.5 * (left + right) : (right > left ? 0.5 * (left + right) : right);
    if (evaluate(f, mid) > 0.0) {
      out.fails = true;
      out.tau = left;
      // Confirm close to the event, where the quadrilateral is still the one that failed
      // (later in the interval other events may change it first); fall back to the middle
      // when the determinant is not yet positive there in floating point.
      const double nearEvent = left + std::min(0.5 * (right - left), 1e-4);
      out.probe = evaluate(f, nearEvent) > 0.0 ? nearEvent : mid;
      return out;
    }
    left = right;
  }
  return out;
}

double inCircleMargin(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  return geometry::kPi - (angleAt(c, a, b) + angleAt(d, a, b));
}

InCircleBound inCircleBound(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d, double wa, double wb,
                            double wc, double wd) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  InCircleBound out;
  const Vec2 ca = a - c, cb = b - c, da = a - d, db = b - d;
  const double L[4] = {ca.norm(), cb.norm(), da.norm(), db.norm()};
  // sin and cos of the angles at c and d, times the products of their sides' lengths.
  const double xc = std::abs(geometry::cross(ca, cb)), dc = ca.dot(cb);
  const double xd = std::abs(geometry::cross(da, db)), dd = da.dot(db);
  const double lengths = (L[0] * L[1]) * (L[2] * L[3]);
  if (!(lengths > 0.0)) return out;  // a degenerate quadrilateral: look at it now
  // With θ = ∠acb + ∠adb = π − m: sin m = sin θ, cos m = −cos θ (both times `lengths`).
  const double sinM = xc * dd + dc * xd;
  const double cosM = xc * xd - dc * dd;
  out.margin = 3.0 * sinM / (2.0 * lengths + cosM);
  // m ∈ [π/2, π] exactly when sin m ≥ 0 ≥ cos m (θ ∈ [0, 2π]: both angles are in [0, π]).
  if (cosM < 0.0 && sinM > 0.0) out.margin = std::max(out.margin, geometry::kPi / 2.0 - cosM / lengths);
  if (!(out.margin > 0.0)) return out;
  // Side s has length L_s and relative speed bound w_s; in time t its direction turns by at
  // most asin(x_s) with x_s = w_s t / L_s (the end of a vector of length L moved by δ < L turns
  // it by at most asin(δ / L)). asin is convex on [0, 1], so asin(x) ≤ κ(x0) x for x ≤ x0 with
  // κ(x0) = asin(x0) / x0: κ = π/3 for x0 = 1/2, π/2 for x0 = 1, and for the short budgets that
  // most edges get, 1.0107211 for x0 = 1/4 and 1.0026227 for x0 = 1/8 (rounded up).
  const double w[4] = {wc + wa, wc + wb, wd + wa, wd + wb};
  double rate = 0.0, cap = kInf;  // Σ w_s / L_s, min L_s / w_s
  for (int k = 0; k < 4; ++k) {
    if (!(w[k] > 0.0)) continue;
    rate += w[k] / L[k];
    cap = std::min(cap, L[k] / w[k]);
  }
  if (!(rate > 0.0)) {
    out.budget = kInf;
    return out;
  }
  // x_s ≤ x0 while t ≤ x0 cap, where Σ asin(x_s) ≤ κ(x0) rate t: each tier is a bound.
  const double eighth = std::min(out.margin / (1.0026227 * rate), 0.125 * cap);
  const double quarter = std::min(out.margin / (1.0107211 * rate), 0.25 * cap);
  const double half = std::min(out.margin / (geometry::kPi / 3.0 * rate), 0.5 * cap);
  const double full = std::min(out.margin / (geometry::kPi / 2.0 * rate), cap);
  out.budget = 0.999 * std::max({eighth, quarter, half, full});
  return out;
}

double sightMargin(const Vec2& p, const Vec2& q, const geometry::Segment& wall) {
  const geometry::Segment sight{p, q};
  return std::min({geometry::distanceToSegment(p, wall), geometry::distanceToSegment(q, wall),
                   geometry::distanceToSegment(wall.a, sight), geometry::distanceToSegment(wall.b, sight)});
}

double signedLineDistance(const Vec2& a, const Vec2& b, const Vec2& p) {
  const Vec2 d = b - a;
  const double len = d.norm();
  if (len == 0.0) return (p - a).norm();
  return geometry::cross(d, p - a) / len;
}

}  // namespace steer::environment::kinetic
