#pragma once
/// @file The obstacle shapes of the world model. All lengths in metres.
#include <vector>

#include "steer/geometry/vec.hpp"

namespace steer::geometry {

/// A line segment from a to b.
struct Segment {
  Vec2 a = Vec2::Zero();
  Vec2 b = Vec2::Zero();
  Vec2 midpoint() const { return 0.5 * (a + b); }
  double length() const { return (b - a).norm(); }
};

/// A disc (2D) or sphere (3D) of the given radius > 0.
struct Ball {
  Vec3 center = Vec3::Zero();
  double radius = 0.0;
};

/// An axis-aligned rectangle [min, max].
struct AlignedBox {
  Vec2 min = Vec2::Zero();
  Vec2 max = Vec2::Zero();
};

/// A rectangle of half extents `half` rotated by `angle` radians (counter-clockwise) about its
/// centre.
struct OrientedBox {
  Vec2 center = Vec2::Zero();
  Vec2 half = Vec2::Zero();
  double angle = 0.0;
};

/// A simple polygon, vertices in order (either orientation), closed implicitly.
struct Polygon {
  std::vector<Vec2> vertices;
};

/// The boundary of a closed shape as segments (in vertex order).
std::vector<Segment> boundary(const Polygon& polygon);
Polygon toPolygon(const AlignedBox& box);
Polygon toPolygon(const OrientedBox& box);

/// Point-in-polygon by the even–odd rule; points on the boundary count as inside.
bool contains(const Polygon& polygon, const Vec2& p);
/// Whether the closed box lies in the closed polygon (which may be concave): its corners and
/// centre are inside and no edge of the polygon passes through the box's open interior.
bool contains(const Polygon& polygon, const AlignedBox& box);

/// Signed area (positive for counter-clockwise vertex order).
double signedArea(const Polygon& polygon);

}  // namespace steer::geometry
