#pragma once
/// @file Obstacles of the world model and the pieces (segments and balls) that the environment
/// layer and the local models see.
#include <cstdint>
#include <variant>
#include <vector>

#include "steer/geometry/shapes.hpp"
#include "steer/sim/path.hpp"

namespace steer::sim {

using PieceIndex = std::uint32_t;

/// One obstacle. Closed shapes (polygon, boxes) are solid; a segment is a thin wall. Balls are
/// circles in 2D and spheres in 3D. A moving obstacle translates along `path` (its shape is
/// given at its position at t = 0, i.e. relative to path.at(0)).
struct Obstacle {
  using Shape = std::variant<geometry::Ball, geometry::Segment, geometry::Polygon,
                             geometry::AlignedBox, geometry::OrientedBox>;
  Shape shape;
  Path path;  ///< empty for a static obstacle
  bool isStatic() const { return path.waypoints.size() < 2; }
};

/// What the environment layer tracks: a segment (wall or polygon edge) or a ball, with the
/// index of the obstacle it belongs to. Solid shapes are given by their boundary segments.
struct ObstaclePiece {
  enum class Kind : std::uint8_t { Segment, Ball };
  Kind kind = Kind::Segment;
  std::uint32_t obstacle = 0;
  geometry::Segment segment{};  ///< Kind::Segment, in the x–y plane
  geometry::Ball ball{};        ///< Kind::Ball
  Vec3 velocity = Vec3::Zero();
  bool moving = false;
};

/// How far a moving obstacle has moved from where its shape is given (zero for a static one).
Vec3 obstacleOffset(const Obstacle& obstacle, double time);

/// True for the solid shapes (polygon, boxes): a point can be inside them, not just near.
bool isSolid(const Obstacle& obstacle);

/// The pieces of `obstacle` displaced by `offset`.
void appendPieces(const Obstacle& obstacle, std::uint32_t index, const Vec3& offset,
                  const Vec3& velocity, std::vector<ObstaclePiece>& out);

/// True when point p lies inside (or on) the solid obstacle displaced by `offset`, or within
/// `clearance` of it.
bool obstacleContains(const Obstacle& obstacle, const Vec3& offset, const Vec3& p, double clearance);

/// The axis-aligned box around a piece (a segment lies at z = 0); the spatial indices of the
/// providers and of the metrics bin pieces by it.
struct PieceBounds {
  Vec3 lo, hi;
};
PieceBounds pieceBounds(const ObstaclePiece& piece);

/// Distance from p to an obstacle piece's surface (0 inside a ball).
double distanceToPiece(const ObstaclePiece& piece, const Vec3& p);
/// The same, but negative inside a ball: minus the depth below its surface (how far a body has
/// gone into a circle or sphere; distanceToPiece says 0 for every depth).
double signedDistanceToPiece(const ObstaclePiece& piece, const Vec3& p);
/// The point of the piece closest to p.
Vec3 closestPointOnPiece(const ObstaclePiece& piece, const Vec3& p);

}  // namespace steer::sim
