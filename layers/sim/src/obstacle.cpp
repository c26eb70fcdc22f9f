#include "steer/sim/obstacle.hpp"

#include "steer/geometry/distance.hpp"

namespace steer::sim {

using geometry::Vec2;

namespace {
geometry::Polygon polygonOf(const Obstacle::Shape& shape) {
  if (const auto* p = std::get_if<geometry::Polygon>(&shape)) return *p;
  if (const auto* b = std::get_if<geometry::AlignedBox>(&shape)) return geometry::toPolygon(*b);
  if (const auto* o = std::get_if<geometry::OrientedBox>(&shape)) return geometry::toPolygon(*o);
  return {};
}

geometry::Polygon shifted(geometry::Polygon polygon, const Vec2& offset) {
  for (auto& v : polygon.vertices) v += offset;
  return polygon;
}
}  // namespace

Vec3 obstacleOffset(const Obstacle& obstacle, double time) {
  return obstacle.isStatic() ? Vec3::Zero() : Vec3(obstacle.path.at(time) - obstacle.path.at(0.0));
}

bool isSolid(const Obstacle& obstacle) {
  return std::holds_alternative<geometry::Polygon>(obstacle.shape) || std::holds_alternative<geometry::AlignedBox>(obstacle.shape) ||
         std::holds_alternative<geometry::OrientedBox>(obstacle.shape);
}

void appendPieces(const Obstacle& obstacle, std::uint32_t index, const Vec3& offset,
                  const Vec3& velocity, std::vector<ObstaclePiece>& out) {
  const Vec2 off = geometry::xy(offset);
  const bool moving = !obstacle.isStatic();
  if (const auto* ball = std::get_if<geometry::Ball>(&obstacle.shape)) {
    ObstaclePiece piece;
    piece.kind = ObstaclePiece::Kind::Ball;
    piece.obstacle = index;
    piece.ball = {ball->center + offset, ball->radius};
    piece.velocity = velocity;
    piece.moving = moving;
    out.push_back(piece);
    return;
  }
  std::vector<geometry::Segment> segments;
  if (const auto* s = std::get_if<geometry::Segment>(&obstacle.shape)) {
    segments.push_back({s->a + off, s->b + off});
  } else {
    segments = geometry::boundary(shifted(polygonOf(obstacle.shape), off));
  }
  for (const auto& s : segments) {
    ObstaclePiece piece;
    piece.kind = ObstaclePiece::Kind::Segment;
    piece.obstacle = index;
    piece.segment = s;
    piece.velocity = velocity;
    piece.moving = moving;
    out.push_back(piece);
  }
}

bool obstacleContains(const Obstacle& obstacle, const Vec3& offset, const Vec3& p, double clearance) {
  if (const auto* ball = std::get_if<geometry::Ball>(&obstacle.shape)) {
    return (p - (ball->center + offset)).norm() <= ball->radius + clearance;
  }
  const Vec2 q = geometry::xy(p - offset);
  if (const auto* s = std::get_if<geometry::Segment>(&obstacle.shape)) {
    return geometry::distanceToSegment(q, *s) <= clearance;
  }
  const geometry::Polygon polygon = polygonOf(obstacle.shape);
  if (geometry::contains(polygon, q)) return true;
  for (const auto& s : geometry::boundary(polygon)) {
    if (geometry::distanceToSegment(q, s) <= clearance) return true;
  }
  return false;
}

PieceBounds pieceBounds(const ObstaclePiece& piece) {
  if (piece.kind == ObstaclePiece::Kind::Ball) {
    const Vec3 r = Vec3::Constant(piece.ball.radius);
    return {piece.ball.center - r, piece.ball.center + r};
  }
  const Vec3 a = geometry::lift(piece.segment.a), b = geometry::lift(piece.segment.b);
  return {a.cwiseMin(b), a.cwiseMax(b)};
}

double distanceToPiece(const ObstaclePiece& piece, const Vec3& p) {
  return std::max(0.0, signedDistanceToPiece(piece, p));
}

double signedDistanceToPiece(const ObstaclePiece& piece, const Vec3& p) {
  if (piece.kind == ObstaclePiece::Kind::Ball) return (p - piece.ball.center).norm() - piece.ball.radius;
  return geometry::distanceToSegment(geometry::xy(p), piece.segment);
}

Vec3 closestPointOnPiece(const ObstaclePiece& piece, const Vec3& p) {
  if (piece.kind == ObstaclePiece::Kind::Ball) {
    const Vec3 d = p - piece.ball.center;
    const double n = d.norm();
    if (n <= piece.ball.radius) return p;
    return piece.ball.center + d * (piece.ball.radius / n);
  }
  return geometry::lift(geometry::closestPointOnSegment(geometry::xy(p), piece.segment), p.z());
}

}  // namespace steer::sim
