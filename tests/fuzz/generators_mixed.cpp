// The random mix: every kind of obstacle, placement, radius and motion the providers take, with
// the coincidences that exact predicates must settle (shared end points, collinear walls, agents
// on walls and on each other, radii equal to a distance) and input that breaks the contract's
// assumptions on purpose (speed bounds that lie, teleports, positions that are not finite while
// disabled).
#include <algorithm>
#include <limits>

#include "fuzz/generators.hpp"
#include "steer/geometry/distance.hpp"
#include "steer/sim/obstacle.hpp"

namespace steer::fuzz {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = std::numbers::pi;

Vec2 direction(double angle) { return Vec2(std::cos(angle), std::sin(angle)); }

// Static obstacles of many kinds, each drawn in unit coordinates relative to those before it.
void addStaticObstacles(CaseRandom& random, FuzzCase& c) {
  const int mode = random.integer(0, 9);
  const int count = mode <= 1 ? 0 : mode <= 6 ? random.integer(1, 12) : random.integer(10, 40);
  const double h = random.halfSide;
  std::vector<std::pair<Vec2, Vec2>> walls;  // unit coordinates, for the relations below
  const auto anyPoint = [&] { return Vec2(random.uniform(-h, h), random.uniform(-h, h)); };
  const auto gridPoint = [&](double step) { return Vec2(random.onGrid(step), random.onGrid(step)); };
  const auto wall = [&](const Vec2& a, const Vec2& b) {
    walls.push_back({a, b});
    addWall(c, random.at2(a.x(), a.y()), random.at2(b.x(), b.y()));
  };
  for (int k = 0; k < count; ++k) {
    const int kind = random.integer(0, 19);
    if (kind <= 4 || walls.empty()) {  // a random wall, sometimes short
      const Vec2 a = anyPoint();
      const double length = random.chance(0.2) ? random.uniform(0.01, 0.5) : random.uniform(0.5, 8);
      wall(a, a + length * direction(random.uniform(0, 2 * kPi)));
    } else if (kind <= 6) {  // axis-aligned on a half grid
      const Vec2 a = gridPoint(0.5);
      const double length = 0.5 * random.integer(1, 12);
      wall(a, random.chance(0.5) ? Vec2(a + Vec2(length, 0)) : Vec2(a + Vec2(0, length)));
    } else if (kind == 7) {  // collinear with an earlier wall, overlapping or touching it
      const auto& [a, b] = random.pick(walls);
      static constexpr double kAt[] = {-0.5, 0.0, 0.25, 0.5, 1.0, 1.5, 2.0};
      const double t1 = kAt[random.integer(0, 6)], t2 = kAt[random.integer(0, 6)];
      wall(a + t1 * (b - a), a + t2 * (b - a));
    } else if (kind == 8) {  // a poly-line: from an earlier wall's end point
      const auto& [a, b] = random.pick(walls);
      const Vec2 from = random.chance(0.5) ? a : b;
      wall(from, from + random.uniform(0.3, 5) * direction(random.uniform(0, 2 * kPi)));
    } else if (kind == 9) {  // a T: from an earlier wall's midpoint
      const auto& [a, b] = random.pick(walls);
      const Vec2 middle = 0.5 * (a + b);
      wall(middle, middle + random.uniform(0.3, 5) * direction(random.uniform(0, 2 * kPi)));
    } else if (kind == 10) {  // a star of walls through one point
      const Vec2 centre = random.chance(0.5) ? gridPoint(1.0) : anyPoint();
      for (int arm = random.integer(2, 5); arm > 0; --arm) {
        const double angle = random.chance(0.5) ? kPi * random.integer(0, 7) / 4 : random.uniform(0, kPi);
        const Vec2 d = direction(angle);
        wall(centre - random.uniform(0.2, 4) * d, centre + random.uniform(0.2, 4) * d);
      }
    } else if (kind == 11) {  // zero length
      const Vec2 a = random.chance(0.5) ? gridPoint(1.0) : anyPoint();
      wall(a, a);
    } else if (kind == 12) {  // very short: 1e-12 to 1e-5 units
      const Vec2 a = anyPoint();
      wall(a, a + std::pow(10.0, random.uniform(-12, -5)) * direction(random.uniform(0, 2 * kPi)));
    } else if (kind == 13) {  // the last obstacle again, or reversed (exact, in metres)
      ObstacleSpec again = c.obstacles.back();
      if (again.shape == ObstacleSpec::Shape::Segment) {
        if (random.chance(0.5)) again.numbers = {again.numbers[2], again.numbers[3], again.numbers[0], again.numbers[1]};
        again.waypoints.clear();
        c.obstacles.push_back(again);
      }
    } else if (kind == 14) {  // crossing an earlier wall
      const auto& [a, b] = random.pick(walls);
      const Vec2 m = a + random.uniform(0, 1) * (b - a);
      const Vec2 d = direction(random.uniform(0, 2 * kPi));
      wall(m - random.uniform(0.2, 3) * d, m + random.uniform(0.2, 3) * d);
    } else if (kind == 15) {  // an aligned box
      const Vec2 a = random.chance(0.5) ? gridPoint(0.5) : anyPoint();
      const Vec2 size(random.uniform(0.1, 3), random.uniform(0.1, 3));
      const Vec2 lo = random.at2(a.x(), a.y()), hi = random.at2(a.x() + size.x(), a.y() + size.y());
      c.obstacles.push_back(staticObstacle(ObstacleSpec::Shape::AlignedBox, {lo.x(), lo.y(), hi.x(), hi.y()}));
    } else if (kind == 16) {  // an oriented box
      const Vec2 centre = random.at2(random.uniform(-h, h), random.uniform(-h, h));
      c.obstacles.push_back(staticObstacle(ObstacleSpec::Shape::OrientedBox,
                                           {centre.x(), centre.y(), random.scale * random.uniform(0.05, 2),
                                            random.scale * random.uniform(0.05, 2), random.uniform(-3, 3)}));
    } else if (kind == 17) {  // a star-shaped polygon, often concave
      const Vec2 centre(random.uniform(-h, h), random.uniform(-h, h));
      const int corners = random.integer(3, 8);
      ObstacleSpec polygon = staticObstacle(ObstacleSpec::Shape::Polygon, {});
      for (int j = 0; j < corners; ++j) {
        const double angle = 2 * kPi * j / corners + random.uniform(-0.2, 0.2), reach = random.uniform(0.2, 2.5);
        const Vec2 v = random.at2(centre.x() + reach * std::cos(angle), centre.y() + reach * std::sin(angle));
        polygon.numbers.push_back(v.x());
        polygon.numbers.push_back(v.y());
      }
      c.obstacles.push_back(polygon);
    } else {  // a ball
      const Vec3 centre = random.anywhere();
      c.obstacles.push_back(staticObstacle(ObstacleSpec::Shape::Ball, {centre.x(), centre.y(), c.dimension == 3 ? centre.z() : 0.0,
                                                                       random.scale * random.uniform(0.05, 2)}));
    }
  }
}

// Moving walls, balls and boxes on 2 to 4 way-points, sometimes fast.
void addMovingObstacles(CaseRandom& random, FuzzCase& c) {
  const double h = random.halfSide, s = random.scale;
  for (int k = random.integer(1, 6); k > 0; --k) {
    ObstacleSpec o;
    const int kind = random.integer(0, 3);
    const Vec3 at = random.anywhere();
    if (kind == 0) {
      const Vec2 a = geometry::xy(at), b = a + s * random.uniform(0.2, 5) * direction(random.uniform(0, 2 * kPi));
      o = staticObstacle(ObstacleSpec::Shape::Segment, {a.x(), a.y(), b.x(), b.y()});
    } else if (kind == 1) {
      o = staticObstacle(ObstacleSpec::Shape::Ball, {at.x(), at.y(), c.dimension == 3 ? at.z() : 0.0, s * random.uniform(0.05, 1.5)});
    } else if (kind == 2) {
      o = staticObstacle(ObstacleSpec::Shape::AlignedBox,
                         {at.x(), at.y(), at.x() + s * random.uniform(0.1, 2), at.y() + s * random.uniform(0.1, 2)});
    } else {
      o = staticObstacle(ObstacleSpec::Shape::OrientedBox,
                         {at.x(), at.y(), s * random.uniform(0.05, 1), s * random.uniform(0.05, 1), random.uniform(-3, 3)});
    }
    for (int j = random.integer(2, 4) - 1; j >= 0; --j) {
      const bool first = o.waypoints.empty();
      const Vec3 w = first ? Vec3::Zero()
                           : Vec3(s * random.uniform(-h, h), s * random.uniform(-h, h),
                                  c.dimension == 3 ? s * random.uniform(-h, h) : 0.0);
      o.waypoints.push_back({w.x(), w.y(), w.z()});
    }
    o.speed = s * (random.chance(0.2) ? random.uniform(5, 40) : random.uniform(0.2, 4));
    o.loop = random.chance(0.5);
    c.obstacles.push_back(o);
  }
}

// The static wall pieces of the case (walls and the edges of solid shapes), in metres.
std::vector<geometry::Segment> staticSegments(const FuzzCase& c) {
  std::vector<geometry::Segment> out;
  const sim::World world = buildWorld(FuzzCase{.obstacles = c.obstacles, .times = {0.0}, .samples = {{}}});
  for (const sim::ObstaclePiece& piece : world.pieces())
    if (!piece.moving && piece.kind == sim::ObstaclePiece::Kind::Segment) out.push_back(piece.segment);
  return out;
}

}  // namespace

FuzzCase generateMixed(std::uint64_t seed, const GenerateOptions& options) {
  CaseRandom random(seed);
  FuzzCase c;
  c.dimension = random.chance(0.7) ? 2 : 3;
  if (options.provider) {
    c.provider = *options.provider;
    if (c.provider == ProviderKind::Kinetic2D) c.dimension = 2;
    if (c.provider == ProviderKind::Kinetic3D) c.dimension = 3;
  } else {
    c.provider = random.chance(0.8) ? (c.dimension == 2 ? ProviderKind::Kinetic2D : ProviderKind::Kinetic3D)
                                    : ProviderKind::Lattice;
  }
  random.dimension = c.dimension;
  // Scale and offset: metres per unit from 2^-20 to 1024, the origin up to 10^6 m away.
  const int scaleMode = random.integer(0, 9);
  random.scale = scaleMode <= 5   ? 1.0
                 : scaleMode == 6 ? std::ldexp(1.0, -13)
                 : scaleMode == 7 ? 1e-4
                 : scaleMode == 8 ? std::ldexp(1.0, -20)
                                  : 1024.0;
  const int offsetMode = random.integer(0, 9);
  if (offsetMode >= 6) {
    const double far = offsetMode == 9 ? 1e6 : random.uniform(1e5, 1e6);
    const auto coordinate = [&] { return std::round(random.uniform(-far, far)); };
    random.offset = Vec3(coordinate(), coordinate(), c.dimension == 3 ? coordinate() : 0.0);
    if (random.chance(0.3))  // not integral
      random.offset = Vec3(random.uniform(-1e6, 1e6), random.uniform(-1e6, 1e6),
                           c.dimension == 3 ? random.uniform(-1e6, 1e6) : 0.0);
  }
  // Size: mostly 5 to 60 agents, sometimes 1 to 4 or 60 to 300.
  const int sizeMode = random.integer(0, 19);
  const std::size_t n = sizeMode == 0    ? static_cast<std::size_t>(random.integer(1, 4))
                        : sizeMode <= 12 ? static_cast<std::size_t>(std::exp(random.uniform(std::log(5.0), std::log(60.0))))
                                         : static_cast<std::size_t>(std::exp(random.uniform(std::log(60.0), std::log(300.0))));
  const int steps = n > 150 ? random.integer(5, 30) : random.integer(5, 60);
  const double spacing = random.chance(0.3) ? random.uniform(0.3, 1.0) : random.uniform(1.0, 2.0);
  random.halfSide = 0.5 * spacing * std::pow(static_cast<double>(n), 1.0 / c.dimension) + 1.0;
  const double h = random.halfSide;
  // World bounds: the agents' square, or a smaller or a much larger one.
  const double boundsHalf = random.chance(0.2) ? h * random.uniform(0.2, 1)
                            : random.chance(0.2) ? h * random.uniform(2, 100)
                                                 : h;
  for (int k = 0; k < 3; ++k) {
    const bool used = k < 2 || c.dimension == 3;
    c.boundsMin[static_cast<std::size_t>(k)] = used ? random.offset[k] - random.scale * boundsHalf : -1.0;
    c.boundsMax[static_cast<std::size_t>(k)] = used ? random.offset[k] + random.scale * boundsHalf : 1.0;
  }
  c.detectContacts = random.chance(0.9);
  c.renumberAfter = random.chance(0.5) ? 2.0 : random.uniform(0.0, 0.5);
  c.skin = random.chance(0.5) ? 0.3 : std::pow(10.0, random.uniform(-4, 0.3));
  c.moveThreshold = random.chance(0.5) ? 0.2 : std::pow(10.0, random.uniform(-3, 0.3));
  c.binSize = random.chance(0.6) ? 0.0 : random.scale * random.uniform(0.2, 5);
  c.binsPerRadius = random.uniform(0.5, 3);
  c.checkValid = n <= 40 && random.chance(0.3);

  addStaticObstacles(random, c);
  if (random.chance(0.3)) addMovingObstacles(random, c);
  const auto segments = staticSegments(c);
  const double s = random.scale;

  // Radii: one of six regimes per case (the same for all, drawn per agent, exact steps, rare
  // infinities and tiny or huge discs, logarithmic).
  const int nearMode = random.integer(0, 5);
  const double nearConstant = random.uniform(0.5, 4) * spacing;
  const auto drawNear = [&]() -> double {
    switch (nearMode) {
      case 0: return s * nearConstant;
      case 1: return s * random.uniform(0.3, 6) * spacing;
      case 2: return s * (random.chance(0.5) ? 1.0 : random.chance(0.5) ? 2.0 : std::sqrt(2.0));
      case 3: {
        const int k = random.integer(0, 19);
        if (k == 0) return kInf;
        if (k == 1) return 1e300;
        if (k == 2) return s * 1e-3;
        if (k == 3) return s * random.uniform(20, 200);
        return s * random.uniform(0.5, 4);
      }
      case 4: return s * std::pow(10.0, random.uniform(-2, 1));
      default: return s * random.uniform(1, 3);
    }
  };
  const int bodyMode = random.integer(0, 4);
  const double bodyConstant = random.uniform(0.05, 0.5);
  const auto drawBody = [&]() -> double {
    switch (bodyMode) {
      case 0: return s * 0.25;
      case 1: return s * bodyConstant;
      case 2: return s * random.uniform(0.01, 1.2);
      case 3: return s * random.uniform(0.5, 3.0);
      default: return s * std::pow(10.0, random.uniform(-4, 0));
    }
  };
  // Motion: step length as a fraction of the spacing, how honest the speed bounds are, and the
  // rates of the events that break smooth motion.
  const double dt = random.chance(0.6) ? 0.1 : random.chance(0.5) ? 0.25 : random.uniform(0.01, 1.0);
  const double stepFraction =
      random.chance(0.4) ? 0.05 : random.chance(0.5) ? random.uniform(0.01, 0.3) : random.uniform(0.3, 2.0);
  const int speedBoundMode = random.integer(0, 5);
  const double pTeleport = random.chance(0.5) ? 0.0 : random.uniform(0.0, 0.05);
  const double pToggle = random.chance(0.5) ? 0.0 : random.uniform(0.0, 0.08);
  const double pNearRadius = random.chance(0.5) ? 0.0 : random.uniform(0.0, 0.1);
  const double pBody = random.chance(0.6) ? 0.0 : random.uniform(0.0, 0.05);
  const double pSnap = random.chance(0.5) ? 0.0 : random.uniform(0.0, 0.05);
  const bool notFiniteWhileDisabled = random.chance(0.05);
  const bool gridMotion = random.chance(0.15);  // exact binary steps
  const double gridStep = 0.25 * spacing;

  c.times.push_back(random.chance(0.8) ? 0.0 : std::round(random.uniform(0, 1e4)));
  std::vector<AgentSample> now(n);
  std::vector<Vec3> heading(n), position(n);
  std::vector<int> walkMode(n);
  std::vector<double> stepUnits(n);
  const int placeMode = random.integer(0, 5);  // one placement flavour per case
  for (std::size_t i = 0; i < n; ++i) {
    AgentSample& a = now[i];
    a.nearRadius = drawNear();
    a.radius = drawBody();
    int where = random.integer(0, 19);
    if (placeMode == 1) where = random.chance(0.8) ? 3 : where;   // grid heavy
    if (placeMode == 2) where = random.chance(0.5) ? 12 : where;  // wall heavy
    if (placeMode == 3) where = random.chance(0.5) ? 16 : where;  // coincidence heavy
    if (placeMode == 4) where = random.chance(0.6) ? 18 : where;  // rings
    Vec3 p;
    if (where <= 2) {
      p = random.anywhere();
    } else if (where <= 8) {  // on a grid
      const double step = random.chance(0.5) ? 1.0 : 0.5;
      p = random.at(random.onGrid(step), random.onGrid(step), random.onGrid(step));
    } else if (where <= 14 && !segments.empty()) {  // on a wall: an end, its middle, anywhere along
      const auto& w = random.pick(segments);
      const int k = random.integer(0, 3);
      const Vec2 q = k == 0 ? w.a : k == 1 ? w.b : k == 2 ? Vec2(0.5 * (w.a + w.b)) : Vec2(w.a + random.uniform(0, 1) * (w.b - w.a));
      p = Vec3(q.x(), q.y(), c.dimension == 3 ? random.offset.z() + s * random.uniform(-h, h) : 0.0);
      if (random.chance(0.3)) p += s * 1e-9 * random.unitVector();  // within rounding of it
    } else if (where <= 16 && i > 0) {  // on another agent
      p = position[random.index(i)];
    } else if (i > 0) {  // on another agent's near circle
      const std::size_t other = random.index(i);
      const double r = std::isfinite(now[other].nearRadius) && now[other].nearRadius < 1e3 * s ? now[other].nearRadius : s;
      p = position[other] + r * random.unitVector();
    } else {
      p = random.anywhere();
    }
    if (c.dimension == 2) p.z() = 0;
    position[i] = p;
    heading[i] = random.unitVector();
    walkMode[i] = random.integer(0, 9);
    stepUnits[i] = stepFraction * spacing * random.uniform(0.3, 1.0);
    const double trueSpeed = s * stepFraction * spacing / dt;
    switch (speedBoundMode) {
      case 0:
      case 1: a.maxSpeed = trueSpeed * random.uniform(1.0, 1.5); break;
      case 2: a.maxSpeed = trueSpeed * (random.chance(0.3) ? random.uniform(0.01, 0.9) : 1.01); break;  // liars
      // Huge liars: 1e-12 made the motion clock lose the next small advance (fixed; a test).
      case 3: a.maxSpeed = random.chance(0.2) ? (random.chance(0.5) ? 1e-12 : 1e-6 * s) : trueSpeed; break;
      case 4: a.maxSpeed = trueSpeed * random.uniform(1, 100); break;
      // Every bound beyond float's range ("no cap"): stored as +inf, they stopped the clock (fixed;
      // a test). One honest agent among them kept it going, so all of them.
      default: a.maxSpeed = random.chance(0.5) ? 1e300 : 1e39; break;
    }
    if (random.chance(0.05)) a.enabled = false;
    a.x = p.x(), a.y = p.y(), a.z = p.z();
  }
  c.samples.push_back(now);

  double time = c.times[0];
  for (int step = 1; step <= steps; ++step) {
    time += random.chance(0.95) ? dt : (random.chance(0.5) ? 0.0 : dt * random.uniform(0.1, 3));
    c.times.push_back(time);
    for (std::size_t i = 0; i < n; ++i) {
      Vec3 p = position[i];
      const int mode = walkMode[i];
      if (gridMotion) {  // one grid step along an axis, or none
        const int axes = 2 * c.dimension;
        const int d = random.integer(0, axes);
        if (d < axes) p[d / 2] += (d % 2 ? -1 : 1) * s * gridStep;
      } else if (mode == 0) {
        // stands still
      } else if (mode <= 7) {  // walks with a turning heading, bouncing off the frame
        heading[i] = (heading[i] + 0.3 * random.unitVector()).normalized();
        if (c.dimension == 2) heading[i].z() = 0, heading[i].normalize();
        p += s * stepUnits[i] * random.uniform(0.5, 1.0) * heading[i];
        for (int k = 0; k < c.dimension; ++k) {
          const double lo = random.offset[k] - s * h, hi = random.offset[k] + s * h;
          if (p[k] < lo || p[k] > hi) {
            heading[i][k] = -heading[i][k];
            p[k] = std::clamp(p[k], lo, hi);
          }
        }
      } else if (mode == 8) {  // towards another agent, onto it when close
        const Vec3 target = position[random.index(n)], d = target - p;
        const double length = d.norm(), stepLength = s * stepUnits[i];
        if (length <= stepLength) p = target;
        else if (length > 0) p += (stepLength / length) * d;
      } else if (!segments.empty()) {  // along a wall's line, past its ends
        const auto& w = segments[i % segments.size()];
        const Vec2 q = w.a + random.uniform(-0.2, 1.2) * (w.b - w.a);
        p = Vec3(q.x(), q.y(), c.dimension == 3 ? p.z() : 0.0);
      }
      if (random.chance(pSnap)) {  // exact coincidences: another agent, a wall's end, a grid point, a wall's middle
        const int k = random.integer(0, 3);
        if (k == 0) {
          p = position[random.index(n)];
        } else if (k == 1 && !segments.empty()) {
          const auto& w = random.pick(segments);
          const Vec2 q = random.chance(0.5) ? w.a : w.b;
          p = Vec3(q.x(), q.y(), c.dimension == 3 ? p.z() : 0.0);
        } else if (k == 2) {
          p = random.at(random.onGrid(1.0), random.onGrid(1.0), random.onGrid(1.0));
        } else if (k == 3 && !segments.empty()) {
          const auto& w = random.pick(segments);
          const Vec2 q = 0.5 * (w.a + w.b);
          p = Vec3(q.x(), q.y(), c.dimension == 3 ? p.z() : 0.0);
        }
      }
      if (random.chance(pTeleport)) {  // anywhere, far outside, or back where it was
        const int k = random.integer(0, 4);
        if (k <= 2) {
          p = random.anywhere();
        } else if (k == 3) {
          p = random.at(40 * h * (random.chance(0.5) ? 1 : -1), 40 * h, 40 * h);
        } else {
          const auto& earlier = c.samples[random.index(static_cast<std::size_t>(step))][i];
          p = Vec3(earlier.x, earlier.y, c.dimension == 3 ? c.samples[0][i].z : 0.0);
        }
      }
      if (c.dimension == 2) p.z() = 0;
      position[i] = p;
    }
    for (std::size_t i = 0; i < n; ++i) {
      AgentSample& a = now[i];
      if (random.chance(pToggle)) a.enabled = !a.enabled;
      if (random.chance(pNearRadius)) {
        const int k = random.integer(0, 5);
        if (k == 0) {
          a.nearRadius = drawNear();
        } else if (k <= 2) {  // exactly the distance to another agent
          const double d = (position[random.index(n)] - position[i]).norm();
          if (d > 0) a.nearRadius = d;
        } else if (k == 3 && !segments.empty()) {  // exactly the distance to a wall
          const double d = geometry::distanceToSegment(geometry::xy(position[i]), random.pick(segments));
          if (d > 0) a.nearRadius = d;
        } else if (k == 4) {
          a.nearRadius *= random.uniform(0.5, 2.0);
        } else {
          a.nearRadius = random.chance(0.5) ? kInf : s * random.uniform(0.5, 3);
        }
      }
      if (random.chance(pBody)) {
        const int k = random.integer(0, 2);
        if (k == 0) {
          a.radius = drawBody();
        } else if (k == 1) {  // touching another body exactly
          const std::size_t other = random.index(n);
          const double d = (position[other] - position[i]).norm() - now[other].radius;
          if (d > 0) a.radius = d;
        } else if (!segments.empty()) {  // touching a wall exactly
          const double d = geometry::distanceToSegment(geometry::xy(position[i]), random.pick(segments));
          if (d > 0) a.radius = d;
        }
      }
      a.x = position[i].x(), a.y = position[i].y(), a.z = position[i].z();
    }
    c.samples.push_back(now);
  }
  // Disabled agents holding positions that are not finite (NaN and ±inf alternately); an agent
  // enabled again from one arrives where it is (neighbor_provider.hpp). A NaN there crashed the
  // 2D kinetic provider (fixed; a conformance test).
  if (notFiniteWhileDisabled)
    for (std::size_t i = 0; i < n; ++i)
      for (int step = 0; step <= steps; ++step) {
        AgentSample& a = c.samples[static_cast<std::size_t>(step)][i];
        if (!a.enabled) a.x = step % 2 ? kInf : std::nan("");
      }
  return c;
}

}  // namespace steer::fuzz
