#pragma once
/// @file Distances, closest points, segment intersection and line of sight.
#include <span>

#include "steer/geometry/shapes.hpp"

namespace steer::geometry {

/// The point of segment s closest to p.
Vec2 closestPointOnSegment(const Vec2& p, const Segment& s);

/// Euclidean distance from p to segment s.
double distanceToSegment(const Vec2& p, const Segment& s);

/// True when the closed segments s and t share at least one point.
bool segmentsIntersect(const Segment& s, const Segment& t);

/// True when the open segment from a to b crosses none of `walls` (touching a wall's end point
/// counts as blocked). This is the line of sight of the environment layer and planners.
bool lineOfSight(const Vec2& a, const Vec2& b, std::span<const Segment> walls);

/// Smallest distance between two closed segments (0 when they intersect).
double segmentDistance(const Segment& s, const Segment& t);

}  // namespace steer::geometry
