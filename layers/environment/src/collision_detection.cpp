#include <algorithm>
#include <cmath>
#include <tuple>

#include "steer/environment/collision.hpp"
#include "steer/geometry/distance.hpp"

namespace steer::environment {

using geometry::Vec2;
using geometry::Vec3;

std::optional<double> firstContactRelative(const Vec3& d0, const Vec3& d1, double reach) {
  // |d0 + τ v|² = reach²  ⇔  a τ² + b τ + c = 0.
  const Vec3 v = d1 - d0;
  const double c = d0.squaredNorm() - reach * reach;
  if (!(c > 0.0)) return std::nullopt;  // already touching: the contact began earlier
  const double a = v.squaredNorm();
  const double b = 2.0 * d0.dot(v);
  if (!(a > 0.0) || b >= 0.0) return std::nullopt;  // c > 0: both roots ≤ 0 unless b < 0
  const double disc = b * b - 4.0 * a * c;
  if (disc < 0.0) return std::nullopt;
  // Numerically stable smaller root: q = −(b − √disc)/2 > 0, τ = c / q.
  const double q = -0.5 * (b - std::sqrt(disc));
  const double tau = c / q;
  if (tau > 1.0) return std::nullopt;
  return std::max(0.0, tau);
}

std::optional<double> firstContactPoints(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1,
                                         double reach) {
  return firstContactRelative(p0 - q0, p1 - q1, reach);
}

std::optional<double> firstContactSegment(const Vec2& p0, const Vec2& p1, const geometry::Segment& segment,
                                          const Vec2& shift, double reach) {
  // Work in the segment's frame: the centre moves from p0 to p1 − shift.
  const Vec2 e1 = p1 - shift;
  if (!(geometry::distanceToSegment(p0, segment) > reach)) return std::nullopt;
  std::optional<double> best;
  const auto consider = [&](std::optional<double> tau) {
    if (tau && (!best || *tau < *best)) best = tau;
  };
  // Through one of the end discs.
  for (const Vec2& end : {segment.a, segment.b})
    consider(firstContactRelative(geometry::lift(p0 - end), geometry::lift(e1 - end), reach));
  // Through a long side of the capsule: the signed distance to the line is linear in τ.
  const Vec2 d = segment.b - segment.a;
  const double length = d.norm();
  if (length > 0.0) {
    const Vec2 n(-d.y() / length, d.x() / length);
    const double s0 = n.dot(p0 - segment.a);
    const double s1 = n.dot(e1 - segment.a);
    if (std::abs(s0) > reach && s0 != s1) {
      const double target = s0 > 0.0 ? reach : -reach;
      const double tau = (target - s0) / (s1 - s0);
      if (tau >= 0.0 && tau <= 1.0) {
        const Vec2 p = p0 + tau * (e1 - p0);
        const double u = (p - segment.a).dot(d) / (length * length);
        if (u >= 0.0 && u <= 1.0) consider(tau);
      }
    }
  }
  return best;
}

std::optional<double> firstContactPiece(const Vec3& p0, const Vec3& p1, double radius,
                                        const sim::ObstaclePiece& piece, const Vec3& shift, int dimension) {
  if (piece.kind == sim::ObstaclePiece::Kind::Ball) {
    Vec3 a0 = p0, a1 = p1, c0 = piece.ball.center, c1 = piece.ball.center + shift;
    if (dimension == 2) a0.z() = a1.z() = c0.z() = c1.z() = 0.0;
    return firstContactPoints(a0, a1, c0, c1, radius + piece.ball.radius);
  }
  return firstContactSegment(geometry::xy(p0), geometry::xy(p1), piece.segment, geometry::xy(shift), radius);
}

Vec3 pieceShift(const sim::ObstaclePiece& before, const sim::ObstaclePiece& now) {
  return now.kind == sim::ObstaclePiece::Kind::Ball ? Vec3(now.ball.center - before.ball.center)
                                                    : geometry::lift(now.segment.a - before.segment.a);
}

void agentContactsInStep(const sim::World& world, std::span<const Vec3> previous,
                         std::span<const sim::ObstaclePiece> piecesBefore, double t0, sim::AgentIndex p,
                         std::span<const sim::AgentIndex> others, std::span<const sim::PieceIndex> pieces,
                         std::vector<sim::Contact>& out) {
  const sim::Agent& a = world.agents[p];
  const double dt = world.time - t0;
  const Vec3 &p0 = previous[p], &p1 = a.state.position;
  for (const sim::AgentIndex q : others) {
    if (q <= p || !world.agents[q].enabled) continue;
    const auto tau = firstContactPoints(p0, p1, previous[q], world.agents[q].state.position,
                                        a.radius + world.agents[q].radius);
    if (tau) out.push_back({p, q, 0, false, t0 + *tau * dt});
  }
  const auto& now = world.pieces();
  for (const sim::PieceIndex k : pieces) {
    const sim::ObstaclePiece& start = piecesBefore.empty() ? now[k] : piecesBefore[k];
    const auto tau = firstContactPiece(p0, p1, a.radius, start, pieceShift(start, now[k]), world.dimension);
    if (tau) out.push_back({p, sim::kNoAgent, k, true, t0 + *tau * dt});
  }
}

void sortContacts(std::span<sim::Contact> contacts) {
  std::sort(contacts.begin(), contacts.end(), [](const sim::Contact& x, const sim::Contact& y) {
    return std::tie(x.time, x.a, x.withObstacle, x.b, x.piece) < std::tie(y.time, y.a, y.withObstacle, y.b, y.piece);
  });
}

}  // namespace steer::environment
