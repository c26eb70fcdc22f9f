#include "steer/reynolds/behaviors.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "steer/geometry/angle.hpp"
#include "steer/geometry/distance.hpp"
#include "steer/sim/obstacle.hpp"

namespace steer::reynolds {

namespace {
Vec3 safeNormalized(const Vec3& v) {
  const double n = v.norm();
  return n > 1e-12 ? Vec3(v / n) : Vec3::Zero();
}
}  // namespace

Vec3 Other::forward() const {
  const double n = velocity.norm();
  if (n > 1e-9) return velocity / n;
  const double h = heading.norm();
  return h > 1e-9 ? Vec3(heading / h) : Vec3::UnitX();
}

Other toOther(const sim::NearAgent& agent) { return {agent.position, agent.velocity, agent.radius}; }

Vec3 seek(const Character& self, const Vec3& target) {
  return safeNormalized(target - self.position) * self.maxSpeed - self.velocity;
}

Vec3 flee(const Character& self, const Vec3& target) {
  return safeNormalized(self.position - target) * self.maxSpeed - self.velocity;
}

Vec3 seekDirection(const Character& self, const Vec3& direction, double speed) {
  return safeNormalized(direction) * std::min(speed, self.maxSpeed) - self.velocity;
}

double pursuitInterval(const Character& self, const Other& quarry, double c, double alignedCos) {
  const Vec3 offset = self.position - quarry.position;
  const double distance = offset.norm();
  const Vec3 qf = quarry.forward();
  const bool aligned = self.forward.dot(qf) >= alignedCos;
  const bool inFront = qf.dot(offset) > 0.0;
  // Predicting ahead would make a pursuer in front of an aligned quarry run away from it.
  if (aligned && inFront && quarry.velocity.squaredNorm() > 0.0) return 0.0;
  return distance * c;
}

Vec3 pursuit(const Character& self, const Other& quarry, double c) {
  const double t = pursuitInterval(self, quarry, c);
  return seek(self, quarry.position + t * quarry.velocity);
}

Vec3 evasion(const Character& self, const Other& quarry, double c) {
  const double t = (self.position - quarry.position).norm() * c;
  return flee(self, quarry.position + t * quarry.velocity);
}

Vec3 offsetPursuit(const Character& self, const Other& quarry, const Vec3& offset, double c,
                   double slowingDistance) {
  const Vec3 f = quarry.forward();
  Vec3 side = Vec3::UnitZ().cross(f);
  if (side.norm() < 1e-9) side = Vec3::UnitY();
  side.normalize();
  const Vec3 up = f.cross(side);
  const Vec3 point = quarry.position + offset.x() * f + offset.y() * side + offset.z() * up;
  const double t = (point - self.position).norm() * c;
  return arrival(self, point + t * quarry.velocity, slowingDistance);
}

Vec3 flyByPoint(const Character& self, const Other& quarry, double radius, double c) {
  const Vec3 predicted = quarry.position + (quarry.position - self.position).norm() * c * quarry.velocity;
  const Vec3 local = predicted - self.position;
  // The side-up plane is the plane normal to forward: what is left of the offset without its
  // forward part.
  const Vec3 lateral = local - local.dot(self.forward) * self.forward;
  const double n = lateral.norm();
  // On the axis (or at the character itself) the paper's normalization has no direction: aim R
  // to the character's side (its left) of the quarry, which it then passes on its right.
  const Vec3 away = n > 1e-12 * std::max(1.0, local.norm()) ? Vec3(lateral / n) : Vec3(-self.side);
  return predicted - radius * away;
}

Vec3 flyBy(const Character& self, const Other& quarry, double radius, double c) {
  return seek(self, flyByPoint(self, quarry, radius, c));
}

Vec3 arrival(const Character& self, const Vec3& target, double slowingDistance) {
  const Vec3 toTarget = target - self.position;
  const double distance = toTarget.norm();
  if (distance < 1e-12) return -self.velocity;
  const double ramped = self.maxSpeed * (distance / slowingDistance);
  const double clipped = std::min(ramped, self.maxSpeed);
  return toTarget * (clipped / distance) - self.velocity;
}

Vec3 arrivalDirection(const Character& self, const Vec3& direction, double distance, double speed,
                      double slowingDistance, double targetSpeed) {
  const double cruise = std::min(speed, self.maxSpeed);
  const double clipped = std::min(targetSpeed + cruise * distance / slowingDistance, cruise);
  return safeNormalized(direction) * clipped - self.velocity;
}

namespace {
// The parameters s ∈ `range` where v(s) = v0 + s (v1 − v0) lies strictly between lo and hi (an
// interval; empty when first > second).
std::pair<double, double> strip(double v0, double v1, double lo, double hi, std::pair<double, double> range = {0.0, 1.0}) {
  const double dv = v1 - v0;
  if (std::abs(dv) <= 1e-15 * (std::abs(v0) + std::abs(v1) + hi - lo)) {
    if (!(v0 > lo && v0 < hi)) return {1.0, 0.0};
    return range;
  }
  double s0 = (lo - v0) / dv, s1 = (hi - v0) / dv;
  if (s0 > s1) std::swap(s0, s1);
  return {std::max(range.first, s0), std::min(range.second, s1)};
}
}  // namespace

double avoidanceLength(const Character& self, const ObstacleAvoidanceParameters& p) {
  return p.minLookAhead + p.lookAheadTime * self.velocity.norm();
}

Vec3 obstacleAvoidance(const Character& self, std::span<const sim::NearObstacle> obstacles,
                       const ObstacleAvoidanceParameters& p) {
  const double length = avoidanceLength(self, p);
  const double width = self.radius + p.margin;
  const Vec3& f = self.forward;
  double nearest = std::numeric_limits<double>::infinity();  // where the most threatening one is met
  double ahead = nearest;                                     // the distance to its surface ahead
  Vec3 lateralAway = Vec3::Zero();

  // Already within the margin of a surface (pushed there by neighbours, not by our heading):
  // the forward cylinder cannot help, so move straight out and cancel the velocity into it.
  const sim::NearObstacle* closest = nullptr;
  for (const auto& o : obstacles)
    if (o.distance < width && (closest == nullptr || o.distance < closest->distance)) closest = &o;
  if (closest != nullptr) {
    Vec3 out = self.position - closest->closest;
    if (closest->piece->kind == sim::ObstaclePiece::Kind::Segment) out.z() = 0.0;
    // Inside a ball the closest point is the centre of the body itself: out from the ball's
    // centre instead (there was no push at all), and to the side from the centre exactly.
    if (closest->piece->kind == sim::ObstaclePiece::Kind::Ball) {
      out = self.position - closest->piece->ball.center;
      if (out.norm() < 1e-12) out = self.side;
    }
    const Vec3 n = safeNormalized(out);
    const double into = std::min(0.0, self.velocity.dot(n));
    // Full strength once the body touches (distance ≤ radius), ramping up across the margin.
    const double strength = std::clamp((width - closest->distance) / std::max(p.margin, 1e-9), 0.0, 1.0);
    return n * self.maxSpeed * strength - into * n;
  }

  for (const auto& o : obstacles) {
    const sim::ObstaclePiece& piece = *o.piece;
    if (piece.kind == sim::ObstaclePiece::Kind::Ball) {
      const Vec3 d = piece.ball.center - self.position;
      const double along = d.dot(f);
      const double r = piece.ball.radius;
      if (along + r < 0.0 || along - r > length) continue;
      const Vec3 lateral = d - along * f;
      // The cylinder is the spine [p, p + L·f] grown by its radius (the walls' rule below): a
      // ball meets it when its centre is within r + width of the spine. The lateral distance
      // alone took a ball just passed (its centre behind, its grown chord of the axis wholly
      // behind the character) as the most threatening, at once and at full urgency.
      if ((d - std::clamp(along, 0.0, length) * f).norm() >= r + width) continue;
      // Where the forward axis enters the obstacle grown by the cylinder's radius: the paper's
      // "line-sphere intersection", the nearest of which is "the most threatening" (the nearest
      // surface along the axis, along − r, picked a wide obstacle beside the path over a small
      // one dead ahead).
      const double reach = r + width;
      const double at = std::max(0.0, along - std::sqrt(std::max(0.0, reach * reach - lateral.squaredNorm())));
      if (at < nearest) {
        nearest = at;
        ahead = std::max(0.0, along - r);  // how near its surface is, for the urgency below
        Vec3 away = -lateral;
        // Dead ahead: pick the side deterministically.
        if (away.norm() < 1e-9) away = self.side;
        lateralAway = safeNormalized(away);
      }
    } else {
      // A wall: the spine [p, p + L·f] against the segment, in the x–y plane.
      const geometry::Vec2 p0 = geometry::xy(self.position);
      const geometry::Vec2 f2 = geometry::xy(f);
      if (f2.norm() < 1e-9) continue;
      const geometry::Segment spine{p0, p0 + length * f2.normalized()};
      const geometry::Segment& wall = piece.segment;
      if (geometry::segmentDistance(spine, wall) >= width) continue;
      // Where the forward axis first meets the wall grown by the cylinder's radius (the balls'
      // rule): the nearest point along the axis of the part of the wall inside the strip
      // |lateral| < width, within the cylinder's length. Both conditions are affine in the
      // wall's parameter, so that part is one interval and its nearest point one of its ends.
      // (The wall sampled at 17 points missed a slanted wall's part in the strip between
      // samples and fell back to its point nearest the agent: the urgency jumped from 0.2 to
      // 0.8 and back as a long wall moved by a quarter of a metre.)
      const geometry::Vec2 fd = f2.normalized();
      const double lateralA = geometry::cross(fd, wall.a - p0), lateralB = geometry::cross(fd, wall.b - p0);
      const double alongA = (wall.a - p0).dot(fd), alongB = (wall.b - p0).dot(fd);
      const auto part = strip(lateralA, lateralB, -width, width, strip(alongA, alongB, -width, length + width));
      double at;
      geometry::Vec2 site;
      if (part.first <= part.second) {
        const double s = alongA <= alongB ? part.first : part.second;
        at = alongA + s * (alongB - alongA);
        site = wall.a + s * (wall.b - wall.a);
      } else {
        // Within the cylinder's radius of the spine only at the rounding of the strip's edges.
        site = geometry::closestPointOnSegment(p0, wall);
        at = (site - p0).dot(fd);
      }
      at = std::max(0.0, at);
      if (at < nearest) {
        nearest = at;
        ahead = at;
        // Lateral direction away from the wall: the wall normal's lateral part towards us, or,
        // for a wall square across our path, towards its nearer end.
        const geometry::Vec2 w = wall.b - wall.a;
        geometry::Vec2 n(-w.y(), w.x());
        if (n.dot(p0 - site) < 0.0) n = -n;
        geometry::Vec2 lateral = n - n.dot(fd) * fd;
        if (lateral.norm() < 0.2 * n.norm()) {
          const double sa = geometry::cross(fd, wall.a - p0);
          const double sb = geometry::cross(fd, wall.b - p0);
          // Go round the end that sticks out less to its side.
          const geometry::Vec2 leftOfF(-fd.y(), fd.x());
          const double nearEnd = std::abs(sa) < std::abs(sb) ? sa : sb;
          lateral = nearEnd > 0.0 ? leftOfF : geometry::Vec2(-leftOfF);
          if (std::abs(sa) < 1e-9 && std::abs(sb) < 1e-9) lateral = leftOfF;
        }
        lateralAway = safeNormalized(geometry::lift(lateral));
      }
    }
  }
  if (!std::isfinite(nearest)) return Vec3::Zero();
  // Stronger the closer the threat; brake in front of it.
  const double urgency = std::clamp(1.0 - ahead / std::max(length, 1e-9), 0.2, 1.0);
  const Vec3 lateral = lateralAway * self.maxSpeed * urgency;
  const Vec3 brake = -p.braking * urgency * self.velocity.dot(f) * f;
  return lateral + brake;
}

Vec3 wander(const Character& self, WanderState& state, const WanderParameters& p, int dimension,
            const sim::Noise& noise, std::uint64_t agent, std::uint64_t step, std::uint64_t stream) {
  auto unitOf = [&](const WanderState& s) {
    return Vec3(std::cos(s.elevation) * std::cos(s.azimuth), std::cos(s.elevation) * std::sin(s.azimuth),
                std::sin(s.elevation));
  };
  // The random displacement is a point drawn uniformly in a disc (2D) or ball (3D) of radius
  // `rate` (relative units): the paper's "small circle" (it was a square or cube, up to √2 or √3
  // times longer along the diagonals).
  Vec3 u = unitOf(state);
  const double u0 = noise.uniform(agent, step, stream), u1 = noise.uniform(agent, step, stream + 1);
  Vec3 jitter;
  if (dimension == 3) {
    const double z = 2.0 * u1 - 1.0, around = 2.0 * geometry::kPi * noise.uniform(agent, step, stream + 2);
    const double ring = std::sqrt(std::max(0.0, 1.0 - z * z));
    jitter = std::cbrt(u0) * Vec3(ring * std::cos(around), ring * std::sin(around), z);
  } else {
    const double around = 2.0 * geometry::kPi * u1;
    jitter = std::sqrt(u0) * Vec3(std::cos(around), std::sin(around), 0.0);
  }
  u += p.rate * jitter;
  if (dimension == 2) u.z() = 0.0;
  if (u.norm() < 1e-12) u = Vec3::UnitX();
  u.normalize();
  state.azimuth = std::atan2(u.y(), u.x());
  state.elevation = dimension == 3 ? std::asin(std::clamp(u.z(), -1.0, 1.0)) : 0.0;
  const Vec3 world = u.x() * self.forward + u.y() * self.side + u.z() * self.up;
  return self.forward * p.distance + p.radius * world;
}

Vec3 explore(const Character& self, const ExploreGrid& grid, std::span<const double> lastSeen) {
  const std::size_t target = exploreTarget(grid, lastSeen, self.position);
  if (target == grid.size()) return Vec3::Zero();
  Vec3 goal = grid.center(target);
  if (grid.dimension() == 2) goal.z() = self.position.z();
  return seek(self, goal);
}

Vec3 forage(const Character& self, WanderState& state, const ResourceLedger& resources, const ForageParameters& p,
            const WanderParameters& w, int dimension, const sim::Noise& noise, std::uint64_t agent,
            std::uint64_t step, std::uint64_t stream) {
  const std::size_t target = forageTarget(resources, self.position, p.perception);
  if (target == resources.size()) return wander(self, state, w, dimension, noise, agent, step, stream);
  return arrival(self, resources.resources()[target].position, p.slowingDistance);
}

PathProjection projectOnPath(const PathSpine& path, const Vec3& p) {
  PathProjection best;
  best.distance = std::numeric_limits<double>::infinity();
  double start = 0.0;
  for (std::size_t i = 0; i + 1 < path.points.size(); ++i) {
    const Vec3 a = path.points[i], b = path.points[i + 1];
    const Vec3 ab = b - a;
    const double len2 = ab.squaredNorm();
    const double t = len2 > 0.0 ? std::clamp((p - a).dot(ab) / len2, 0.0, 1.0) : 0.0;
    const Vec3 q = a + t * ab;
    const double d = (p - q).norm();
    if (d < best.distance) best = {start + t * std::sqrt(len2), q, d};
    start += std::sqrt(len2);
  }
  if (path.points.size() == 1) best = {0.0, path.points[0], (p - path.points[0]).norm()};
  return best;
}

Vec3 pointOnPath(const PathSpine& path, double s) {
  if (path.points.empty()) return Vec3::Zero();
  if (s <= 0.0) return path.points.front();
  for (std::size_t i = 0; i + 1 < path.points.size(); ++i) {
    const double len = (path.points[i + 1] - path.points[i]).norm();
    if (s <= len && len > 0.0) return path.points[i] + (path.points[i + 1] - path.points[i]) * (s / len);
    s -= len;
  }
  return path.points.back();
}

Vec3 followPath(const Character& self, const PathSpine& path, double predictionTime, double aheadDistance,
                int direction) {
  const Vec3 future = self.position + self.velocity * predictionTime;
  const PathProjection here = projectOnPath(path, future);
  if (here.distance <= path.radius) return Vec3::Zero();
  return seek(self, pointOnPath(path, here.along + (direction >= 0 ? 1.0 : -1.0) * aheadDistance));
}

Vec3 wallFollowing(const Character& self, std::span<const sim::NearObstacle> obstacles, double offset,
                   double predictionTime) {
  const Vec3 future = self.position + self.velocity * predictionTime;
  const geometry::Vec2 f2 = geometry::xy(future);
  double best = std::numeric_limits<double>::infinity();
  Vec3 target = Vec3::Zero();
  for (const auto& o : obstacles) {
    if (o.piece->kind != sim::ObstaclePiece::Kind::Segment) continue;
    const geometry::Vec2 q = geometry::closestPointOnSegment(f2, o.piece->segment);
    const double d = (q - f2).norm();
    if (d >= best) continue;
    best = d;
    // The wall normal on the character's side.
    const geometry::Vec2 w = o.piece->segment.b - o.piece->segment.a;
    geometry::Vec2 n = geometry::Vec2(-w.y(), w.x()).normalized();
    if (n.dot(geometry::xy(self.position) - q) < 0.0) n = -n;
    target = geometry::lift(q + offset * n, self.position.z());
  }
  if (!std::isfinite(best)) return Vec3::Zero();
  return seek(self, target);
}

bool Region::contains(const Vec3& p, int dimension) const {
  if (kind == Kind::Sphere) {
    Vec3 d = p - center;
    if (dimension == 2) d.z() = 0.0;
    return d.norm() <= radius;
  }
  for (int k = 0; k < dimension; ++k)
    if (p[k] < min[k] || p[k] > max[k]) return false;
  return true;
}

Vec3 Region::inside(const Vec3& p, double margin, int dimension) const {
  if (kind == Kind::Sphere) {
    Vec3 d = p - center;
    if (dimension == 2) d.z() = 0.0;
    const double n = d.norm();
    const double r = std::max(0.0, radius - margin);
    return n > r && n > 0.0 ? Vec3(center + d * (r / n) + (dimension == 2 ? Vec3(0, 0, p.z()) : Vec3::Zero()))
                            : p;
  }
  Vec3 q = p;
  for (int k = 0; k < dimension; ++k) {
    const double lo = std::min(min[k] + margin, 0.5 * (min[k] + max[k]));
    const double hi = std::max(max[k] - margin, 0.5 * (min[k] + max[k]));
    q[k] = std::clamp(p[k], lo, hi);
  }
  return q;
}

Vec3 containment(const Character& self, const Region& region, double predictionTime, double margin,
                 int dimension) {
  const Vec3 future = self.position + self.velocity * predictionTime;
  if (region.contains(future, dimension)) return Vec3::Zero();
  // Project the future position inside and extend that offset again (reynolds-1999), so the
  // target stays strictly inside even when the character is on the boundary.
  const Vec3 in = region.inside(future, margin, dimension);
  return seek(self, in + (in - future));
}

Vec3 flowFollowing(const Character& self, const Vec3& fieldDirection, double speed) {
  return seekDirection(self, fieldDirection, speed);
}

NeighborhoodTest::NeighborhoodTest(const Neighborhood& n)
    : distance2(n.distance * n.distance), cosAngle(std::cos(n.angle)), all(n.angle >= geometry::kPi) {}

bool Neighborhood::contains(const Character& self, const Vec3& other) const {
  const Vec3 d = other - self.position;
  return NeighborhoodTest(*this).contains(self.forward, d, d.squaredNorm());
}

Vec3 unalignedCollisionAvoidance(const Character& self, std::span<const Other> others, double maxTime,
                                 double margin) {
  double soonest = maxTime;
  const Other* threat = nullptr;
  for (const Other& o : others) {
    const Vec3 dp = o.position - self.position;
    const Vec3 dv = o.velocity - self.velocity;
    const double dv2 = dv.squaredNorm();
    if (dv2 < 1e-12) continue;
    const double t = -dp.dot(dv) / dv2;
    if (t <= 0.0 || t >= soonest) continue;
    if ((dp + dv * t).norm() >= self.radius + o.radius + margin) continue;
    soonest = t;
    threat = &o;
  }
  if (threat == nullptr) return Vec3::Zero();
  const Vec3 mine = self.position + self.velocity * soonest;
  const Vec3 theirs = threat->position + threat->velocity * soonest;
  const Vec3 offset = mine - theirs;
  Vec3 lateral = offset - offset.dot(self.forward) * self.forward;
  if (lateral.norm() < 1e-9) lateral = self.side;
  // Pass the site first when already ahead of the other at the nearest approach, else let it go.
  const double along = offset.dot(self.forward) >= 0.0 ? 1.0 : -1.0;
  const double urgency = 1.0 - soonest / maxTime;
  return (safeNormalized(lateral) + 0.5 * along * self.forward) * self.maxSpeed * (0.5 + 0.5 * urgency);
}

Vec3 separation(const Character& self, std::span<const Other> others, const Neighborhood& n) {
  return separation(self, others, NeighborhoodTest(n));
}

Vec3 separation(const Character& self, std::span<const Other> others, const NeighborhoodTest& n) {
  Vec3 sum = Vec3::Zero();
  for (const Other& o : others) {
    const Vec3 d = o.position - self.position;
    if (!n.contains(self.forward, d, d.squaredNorm())) continue;
    const Vec3 away = self.position - o.position;
    sum += away / away.squaredNorm();  // normalize(away) / |away|
  }
  return sum;
}

Vec3 cohesion(const Character& self, std::span<const Other> others, const Neighborhood& n) {
  return cohesion(self, others, NeighborhoodTest(n));
}

Vec3 cohesion(const Character& self, std::span<const Other> others, const NeighborhoodTest& n) {
  Vec3 sum = Vec3::Zero();
  int count = 0;
  for (const Other& o : others) {
    const Vec3 d = o.position - self.position;
    if (!n.contains(self.forward, d, d.squaredNorm())) continue;
    sum += o.position;
    ++count;
  }
  return count == 0 ? Vec3::Zero() : Vec3(sum / count - self.position);
}

Vec3 alignment(const Character& self, std::span<const Other> others, const Neighborhood& n) {
  return alignment(self, others, NeighborhoodTest(n));
}

Vec3 alignment(const Character& self, std::span<const Other> others, const NeighborhoodTest& n) {
  Vec3 sum = Vec3::Zero();
  int count = 0;
  for (const Other& o : others) {
    const Vec3 d = o.position - self.position;
    if (!n.contains(self.forward, d, d.squaredNorm())) continue;
    sum += o.velocity;
    ++count;
  }
  return count == 0 ? Vec3::Zero() : Vec3(sum / count - self.velocity);
}

FlockingTests::FlockingTests(const FlockingParameters& p)
    : separationWeight(p.separationWeight),
      alignmentWeight(p.alignmentWeight),
      cohesionWeight(p.cohesionWeight),
      separation(p.separation),
      alignment(p.alignment),
      cohesion(p.cohesion) {}

Vec3 flocking(const Character& self, std::span<const Other> others, const FlockingParameters& p) {
  return flocking(self, others, FlockingTests(p));
}

Vec3 flocking(const Character& self, std::span<const Other> others, const FlockingTests& p) {
  // The three behaviors above in one pass over the neighbours, each neighbour's offset and its
  // squared length computed once for the three tests (the same sums in the same order, so the
  // same result as calling them one by one, at a fraction of the cost).
  // Each neighbour's terms are added as selected (a term or zero) rather than behind a branch
  // on its membership, which mispredicts: a sum that starts at +0 is never −0, so adding +0
  // leaves it exactly as it was.
  const Vec3 zero = Vec3::Zero();
  Vec3 separate = zero, velocities = zero, positions = zero;
  int aligned = 0, cohesive = 0;
  for (const Other& o : others) {
    const Vec3 d = o.position - self.position;
    const double d2 = d.squaredNorm();
    const bool inSeparation = p.separation.contains(self.forward, d, d2);
    const bool inAlignment = p.alignment.contains(self.forward, d, d2);
    const bool inCohesion = p.cohesion.contains(self.forward, d, d2);
    const Vec3 away = self.position - o.position;
    // normalize(away) / |away|; the divisor is 1 when the term is not used (never 0 / 0).
    const Vec3 push = away / (inSeparation ? away.squaredNorm() : 1.0);
    separate += inSeparation ? push : zero;
    velocities += inAlignment ? o.velocity : zero;
    positions += inCohesion ? o.position : zero;
    aligned += inAlignment ? 1 : 0;
    cohesive += inCohesion ? 1 : 0;
  }
  const Vec3 align = aligned == 0 ? Vec3::Zero() : Vec3(velocities / aligned - self.velocity);
  const Vec3 cohere = cohesive == 0 ? Vec3::Zero() : Vec3(positions / cohesive - self.position);
  return p.separationWeight * separate + p.alignmentWeight * align + p.cohesionWeight * cohere;
}

Vec3 leaderFollowing(const Character& self, const Other& leader, std::span<const Other> followers,
                     const LeaderFollowingParameters& p) {
  const Vec3 lf = leader.forward();
  const Vec3 d = self.position - leader.position;
  const double along = d.dot(lf);
  const Vec3 lateral = d - along * lf;
  Vec3 steer;
  if (along > 0.0 && along < p.aheadLength && lateral.norm() < p.aheadWidth) {
    // In the leader's way: step sideways out of its path.
    Vec3 away = lateral.norm() > 1e-9 ? Vec3(lateral) : Vec3(self.side);
    steer = safeNormalized(away) * self.maxSpeed - self.velocity;
  } else {
    steer = arrival(self, leader.position - lf * p.behind, p.slowingDistance);
  }
  return steer + p.separationWeight * separation(self, followers, p.separation);
}

Vec3 interpose(const Character& self, const Other& a, const Other& b) {
  const Vec3 mid = 0.5 * (a.position + b.position);
  const double t = (mid - self.position).norm() / std::max(self.maxSpeed, 1e-9);
  const Vec3 target = 0.5 * (a.position + a.velocity * t + b.position + b.velocity * t);
  return seek(self, target);  // "use seek to steer toward the target point" (it slowed within 1 m)
}

Vec3 hide(const Character& self, const Other& threat, std::span<const sim::NearObstacle> obstacles,
          double behind, double slowingDistance) {
  double best = std::numeric_limits<double>::infinity();
  Vec3 spot = Vec3::Zero();
  for (const auto& o : obstacles) {
    if (o.piece->kind != sim::ObstaclePiece::Kind::Ball) continue;
    const auto& ball = o.piece->ball;
    const Vec3 away = safeNormalized(ball.center - threat.position);
    const Vec3 candidate = ball.center + away * (ball.radius + behind);
    const double d = (candidate - self.position).norm();
    if (d < best) {
      best = d;
      spot = candidate;
    }
  }
  if (!std::isfinite(best)) return evasion(self, threat, 0.0);
  return arrival(self, spot, slowingDistance);
}

Vec3 shadow(const Character& self, const Other& quarry, double approach, double c) {
  if ((quarry.position - self.position).norm() > approach) return pursuit(self, quarry, c);
  return quarry.velocity - self.velocity;
}

}  // namespace steer::reynolds
