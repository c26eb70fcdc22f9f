#pragma once
/// @file Reynolds' simple vehicle model (reynolds-1999 §"Locomotion", "A Simple Vehicle Model"):
/// a point mass with a velocity, a steering force truncated to max_force, a speed truncated to
/// max_speed, and a local frame (forward, side, up) kept aligned with the velocity by
/// re-orthonormalization, with banking for flying vehicles and surface hugging for walking ones.
#include <Eigen/Geometry>  // cross products of the local frame
#include <limits>

#include "steer/geometry/vec.hpp"
#include "steer/sim/integrator.hpp"

namespace steer::reynolds {

using geometry::Vec3;

/// A surface a walking ("surface hugging") vehicle is held to (reynolds-1999, surface hugging).
/// Kinds: none; a plane through `point` with unit `normal`; a height field
/// z = amplitude · sin(2πx/wavelength) · cos(2πy/wavelength) (the pigeons' undulating meadow).
struct Surface {
  enum class Kind { None, Plane, HeightField };
  Kind kind = Kind::None;
  Vec3 point = Vec3::Zero();      ///< a point of the plane (m)
  Vec3 normal = Vec3::UnitZ();    ///< unit normal of the plane
  double amplitude = 0.0;         ///< height-field amplitude (m), ≥ 0
  double wavelength = 20.0;       ///< height-field wavelength (m), > 0

  /// Height of the surface under (x, y) (m); for a plane, along z (the plane must not be
  /// vertical).
  double heightAt(double x, double y) const;
  /// The surface point for p: for a plane, the orthogonal projection; for a height field, the
  /// point straight below or above p (exact enough for gentle slopes, which walking needs).
  Vec3 nearestPoint(const Vec3& p) const;
  /// Unit normal (pointing up) at the surface point under p.
  Vec3 normalAt(const Vec3& p) const;
};

/// The vehicle's mechanical parameters. Units: kg, N, m/s, rad/s.
struct VehicleParameters {
  double mass = 1.0;      ///< point mass (kg), > 0
  double maxForce = 4.0;  ///< steering force limit (N), > 0
  /// Speed limit (m/s), > 0; the agent's own maxSpeed bounds it too. None by default: a scenario
  /// that gives its agents max_speed 4 and desired_speed 3.5 had its Reynolds vehicles held to
  /// 2.6 m/s, and the Goldenstein agents beside them were not.
  double maxSpeed = std::numeric_limits<double>::infinity();

  /// Forward Euler exactly as printed in the paper (v += F/m·dt, truncate, x += v·dt); otherwise
  /// the framework's integrator (sim::integrateStep) advances (x, v) under the held force and
  /// the speed is truncated afterwards. So with the default (true) the scenario's `integrator:`
  /// and `--integrator` have no effect on the Reynolds model.
  bool paperEuler = true;

  /// Banking (flying vehicles): the new approximate up is
  /// bankAcceleration·a + bankGravity·ẑ + bankDamping·old_up, so that the floor aligns with the
  /// apparent gravity of a turn and abrupt rolls are damped. ReynoldsModel turns it on for
  /// every flying vehicle (a flying state, or a 3D world without states or surface), so that
  /// false affects only vehicles that do not fly.
  bool banking = false;
  double bankAcceleration = 1.0;  ///< weight of the steering acceleration (s²/m·m/s² = 1), ≥ 0
  double bankGravity = 9.81;      ///< gravity magnitude used for banking (m/s²), ≥ 0
  double bankDamping = 5.0;       ///< weight of the old up vector, ≥ 0

  /// Optional non-holonomic limit: below `turnReferenceSpeed` the heading may change by at most
  /// maxTurnRate · max(speed/turnReferenceSpeed, turnFloor) radians per second.
  bool limitLowSpeedTurning = false;
  double maxTurnRate = 6.0;          ///< rad/s at or above the reference speed, > 0
  double turnReferenceSpeed = 0.5;   ///< m/s, > 0
  double turnFloor = 0.1;            ///< fraction of maxTurnRate available at rest, in [0, 1]

  /// Surface hugging: position on the surface, velocity tangent, up = surface normal.
  Surface surface;
};

/// The kinematic state of the simple vehicle: position, velocity and the local frame.
struct Vehicle {
  Vec3 position = Vec3::Zero();
  Vec3 velocity = Vec3::Zero();
  Vec3 forward = Vec3::UnitX();  ///< unit, along the velocity when moving
  Vec3 side = Vec3::UnitY();     ///< unit, up × forward
  Vec3 up = Vec3::UnitZ();       ///< unit
};

/// Truncates v to length ≤ maxLength.
Vec3 truncate(const Vec3& v, double maxLength);

/// Rebuilds side and up from forward and an approximate up: side = approximate_up × forward,
/// up = forward × side. The paper's re-orthonormalization prints the other order,
/// new_side = cross(new_forward, approximate_up) and new_up = cross(new_forward, new_side), which
/// taken literally flips up at every step (papers/reynolds1999/README.md, departures). Falls back
/// to a perpendicular when the approximate up is parallel to forward.
void orthonormalize(Vehicle& vehicle, const Vec3& approximateUp);

/// One step of the simple vehicle model under `steeringForce` (N) for dt seconds.
/// `dimension` 2 keeps everything in the x–y plane. `maxSpeed` is the effective speed limit.
/// Returns the applied (truncated) acceleration (m/s²).
Vec3 stepVehicle(Vehicle& vehicle, const Vec3& steeringForce, const VehicleParameters& parameters,
                 double maxSpeed, int dimension, double time, double dt,
                 const sim::IntegratorSettings& integrator);

}  // namespace steer::reynolds
