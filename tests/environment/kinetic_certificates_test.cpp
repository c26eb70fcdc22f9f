// Certificate arithmetic of the kinetic CDT (layers/environment/src/kinetic_certificates.hpp):
// the in-circle margin bound against the exact angle margin, and the in-circle budget against
// random motions that stay within it (the certificate must hold for all of them).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "kinetic_certificates.hpp"

using namespace steer::environment::kinetic;

namespace {

constexpr double kPi = 3.14159265358979323846;

// A convex quadrilateral a, c, b, d (edge ab, apex c on its left, d on its right) with corners
// on a circle of radius 1 around the origin, d then pushed in or out radially by `push`.
struct Quad {
  Vec2 a, b, c, d;
};
Quad randomQuad(std::mt19937& rng, double push) {
  std::uniform_real_distribution<double> u(0.0, 1.0);
  // Four angles in increasing order: a, c, b, d around the circle.
  double t[4];
  for (double& x : t) x = 2 * kPi * u(rng);
  std::sort(t, t + 4);
  auto on = [](double angle, double radius) { return Vec2(radius * std::cos(angle), radius * std::sin(angle)); };
  // Counter-clockwise a → c → b → d: c lies left of a→b? With a at t0, c at t1, b at t2, the
  // triangle (c, a, b) is clockwise; name them so that c is on the left of a → b.
  Quad q;
  q.b = on(t[0], 1.0);
  q.c = on(t[1], 1.0);
  q.a = on(t[2], 1.0);
  q.d = on(t[3], 1.0 + push);
  return q;
}

}  // namespace

TEST(KineticCertificates, MarginBoundIsBelowTheAngleMarginAndClose) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> push(-0.5, 3.0);
  int tight = 0, positive = 0;
  for (int trial = 0; trial < 200000; ++trial) {
    const Quad q = randomQuad(rng, push(rng));
    const double m = inCircleMargin(q.a, q.b, q.c, q.d);
    const double bound = inCircleBound(q.a, q.b, q.c, q.d, 1, 1, 1, 1).margin;
    // A lower bound where the edge is Delaunay; not positive where it is not.
    ASSERT_LE(bound, std::max(m, 0.0) + 1e-12) << "trial " << trial;
    // Same sign, apart from rounding at cocircular configurations.
    if (std::abs(m) > 1e-9) {
      ASSERT_EQ(bound > 0.0, m > 0.0) << "trial " << trial << " m " << m;
    }
    if (m > 1e-6) {
      ++positive;
      // Within 5 % where certificates come due (m ≤ π/2), within 30 % beyond.
      ASSERT_GE(bound, (m <= kPi / 2 ? 0.95 : 0.70) * m) << "trial " << trial << " m " << m;
      if (bound >= 0.99 * m) ++tight;
    }
  }
  EXPECT_GT(positive, 10000);
  EXPECT_GT(tight, positive / 4);  // not merely a loose bound
}

// Move every corner by at most its speed bound × t for t up to the budget: the quadrilateral
// stays locally Delaunay (exact margin > 0). Then go a few times past the budget: some trials
// must fail there, or the budget would be too cautious to mean anything.
TEST(KineticCertificates, InCircleBudgetHoldsForEveryMotionWithinIt) {
  std::mt19937 rng(12);
  std::uniform_real_distribution<double> push(0.0, 1.0), u(0.0, 1.0), speed(0.0, 0.5);
  int failedBeyond = 0, trials = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    Quad q = randomQuad(rng, push(rng));
    if (!(inCircleMargin(q.a, q.b, q.c, q.d) > 1e-6)) continue;
    const double w[4] = {speed(rng), speed(rng), speed(rng), speed(rng)};  // a, b, c, d
    const InCircleBound bound = inCircleBound(q.a, q.b, q.c, q.d, w[0], w[1], w[2], w[3]);
    ASSERT_GT(bound.budget, 0.0);
    ++trials;
    auto moved = [&](double t) {
      Vec2* corner[4] = {&q.a, &q.b, &q.c, &q.d};
      Quad m = q;
      Vec2* out[4] = {&m.a, &m.b, &m.c, &m.d};
      for (int k = 0; k < 4; ++k) {
        const double angle = 2 * kPi * u(rng);
        const double len = w[k] * t * std::sqrt(u(rng));
        *out[k] = *corner[k] + len * Vec2(std::cos(angle), std::sin(angle));
      }
      return m;
    };
    for (int k = 0; k < 20; ++k) {
      const Quad m = moved(bound.budget * u(rng));
      ASSERT_GT(inCircleMargin(m.a, m.b, m.c, m.d), 0.0) << "trial " << trial;
    }
    for (int k = 0; k < 20; ++k) {
      const Quad m = moved(8.0 * bound.budget);
      if (!(inCircleMargin(m.a, m.b, m.c, m.d) > 0.0)) {
        ++failedBeyond;
        break;
      }
    }
  }
  EXPECT_GT(trials, 5000);
  EXPECT_GT(failedBeyond, trials / 20);
}

namespace {
// The in-circle determinant of (a, b, c; d) computed directly: the oracle for the polynomial.
double inCircleAt(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d) {
  const Vec2 p = a - d, q = b - d, r = c - d;
  const double lp = p.squaredNorm(), lq = q.squaredNorm(), lr = r.squaredNorm();
  return p.x() * (q.y() * lr - r.y() * lq) - p.y() * (q.x() * lr - r.x() * lq) + lp * (q.x() * r.y() - r.x() * q.y());
}
}  // namespace

TEST(KineticCertificates, InCirclePolynomialEqualsTheDeterminantAlongTheMotion) {
  std::mt19937 rng(13);
  std::uniform_real_distribution<double> u(-2.0, 2.0);
  for (int trial = 0; trial < 2000; ++trial) {
    Motion m[4];
    for (auto& x : m) x = {Vec2(u(rng), u(rng)), Vec2(u(rng), u(rng))};
    const Quartic f = inCirclePolynomial(m[0], m[1], m[2], m[3]);
    for (double tau : {0.0, 0.1, 0.37, 0.5, 0.81, 1.0}) {
      const double want = inCircleAt(m[0].at(tau), m[1].at(tau), m[2].at(tau), m[3].at(tau));
      ASSERT_NEAR(evaluate(f, tau), want, 1e-9 * (1.0 + std::abs(want))) << "trial " << trial << " tau " << tau;
    }
  }
}

// firstFailure's exclusions may only skip quartics that stay negative on [0, 1]: checked on a fine
// grid for random quartics, many of them negative at both ends and positive in between.
TEST(KineticCertificates, FirstFailureMissesNoPositiveStretch) {
  std::mt19937 rng(14);
  std::uniform_real_distribution<double> u(-1.0, 1.0), root(0.0, 1.0);
  int positive = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    Quartic f;
    if (trial % 2 == 0) {
      for (double& c : f) c = u(rng);
    } else {  // −(τ − r1)(τ − r2)(τ² + 1) scaled: positive between two roots in [0, 1]
      const double r1 = root(rng), r2 = root(rng), k = 0.1 + std::abs(u(rng));
      const double s = r1 + r2, p = r1 * r2;  // (τ² − s τ + p)(τ² + 1)
      f = {-k * p, k * s, -k * (1.0 + p), k * s, -k};
    }
    bool anyPositive = false;
    for (int i = 0; i <= 2000 && !anyPositive; ++i) anyPositive = evaluate(f, i / 2000.0) > 1e-12;
    bool solved = false;
    const Failure fail = firstFailure(f, 0.0, solved);
    if (anyPositive) {
      ++positive;
      ASSERT_TRUE(fail.fails) << "trial " << trial;
      ASSERT_GT(evaluate(f, fail.probe), 0.0) << "trial " << trial;
    }
  }
  EXPECT_GT(positive, 5000);
}

// The first failure is found where it is: for −k(τ − r1)(τ − r2)(τ² + 1), positive exactly
// between its two roots, at the smaller root to within rounding (the roots are found by
// Newton's steps inside a bracket, as precisely as the bisection to machine precision before).
TEST(KineticCertificates, FirstFailureIsAtTheFirstRoot) {
  std::mt19937 rng(15);
  std::uniform_real_distribution<double> root(0.0, 1.0), scale(0.01, 100.0);
  for (int trial = 0; trial < 20000; ++trial) {
    const double r1 = root(rng), r2 = root(rng), k = scale(rng);
    if (std::abs(r1 - r2) < 1e-6) continue;  // a double root: no sign change to find
    const double s = r1 + r2, p = r1 * r2;
    const Quartic f = {-k * p, k * s, -k * (1.0 + p), k * s, -k};
    bool solved = false;
    const Failure fail = firstFailure(f, 0.0, solved);
    ASSERT_TRUE(fail.fails) << "trial " << trial;
    // Rounding of the coefficients moves a root by ~1e-16 over the slope there, which is
    // proportional to the roots' gap (both methods stay within 5e-16 / gap).
    ASSERT_NEAR(fail.tau, std::min(r1, r2), 2e-15 / std::abs(r1 - r2)) << "trial " << trial;
    ASSERT_GT(evaluate(f, fail.probe), 0.0) << "trial " << trial;
    ASSERT_LT(fail.probe, std::max(r1, r2)) << "trial " << trial;
  }
}
