#include "steer/reynolds/vehicle.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "steer/geometry/angle.hpp"
#include "steer/sim/integrate_step.hpp"

namespace steer::reynolds {

namespace {
constexpr double kTwoPi = 2.0 * geometry::kPi;

Vec3 anyPerpendicular(const Vec3& v) {
  const Vec3 trial = std::abs(v.z()) < 0.9 ? Vec3::UnitZ() : Vec3::UnitY();
  return (trial - trial.dot(v) * v).normalized();
}

// Rotates unit vector `from` towards `to` by at most maxAngle (rad), keeping the length of `to`.
Vec3 limitTurn(const Vec3& from, const Vec3& to, double maxAngle) {
  const double length = to.norm();
  if (length == 0.0) return to;
  const Vec3 target = to / length;
  const double angle = std::acos(std::clamp(from.dot(target), -1.0, 1.0));
  if (angle <= maxAngle) return to;
  Vec3 axisPerp = target - from.dot(target) * from;  // direction of rotation in the plane
  if (axisPerp.norm() < 1e-12) axisPerp = anyPerpendicular(from);
  axisPerp.normalize();
  return length * (std::cos(maxAngle) * from + std::sin(maxAngle) * axisPerp);
}
}  // namespace

double Surface::heightAt(double x, double y) const {
  switch (kind) {
    case Kind::None: return 0.0;
    case Kind::Plane:
      // n·(p − point) = 0 solved for z.
      return point.z() - (normal.x() * (x - point.x()) + normal.y() * (y - point.y())) / normal.z();
    case Kind::HeightField:
      return amplitude * std::sin(kTwoPi * x / wavelength) * std::cos(kTwoPi * y / wavelength);
  }
  return 0.0;
}

Vec3 Surface::nearestPoint(const Vec3& p) const {
  switch (kind) {
    case Kind::None: return p;
    case Kind::Plane: return p - normal.dot(p - point) * normal;
    case Kind::HeightField: return Vec3(p.x(), p.y(), heightAt(p.x(), p.y()));
  }
  return p;
}

Vec3 Surface::normalAt(const Vec3& p) const {
  switch (kind) {
    case Kind::None: return Vec3::UnitZ();
    case Kind::Plane: return normal;
    case Kind::HeightField: {
      const double k = kTwoPi / wavelength;
      const double dx = amplitude * k * std::cos(k * p.x()) * std::cos(k * p.y());
      const double dy = -amplitude * k * std::sin(k * p.x()) * std::sin(k * p.y());
      return Vec3(-dx, -dy, 1.0).normalized();
    }
  }
  return Vec3::UnitZ();
}

Vec3 truncate(const Vec3& v, double maxLength) {
  // Components beyond ~1.3e154 square to infinity, and v · (max / inf) truncated a huge force to 0
  // (a vehicle with max_speed 1e155 stood still): the scaled norm where the plain one overflows.
  double n = v.norm();
  if (std::isinf(n)) n = v.stableNorm();
  return n > maxLength && n > 0.0 ? Vec3(v * (maxLength / n)) : v;
}

void orthonormalize(Vehicle& vehicle, const Vec3& approximateUp) {
  Vec3 side = approximateUp.cross(vehicle.forward);
  if (side.norm() < 1e-9) side = anyPerpendicular(vehicle.forward).cross(vehicle.forward);
  vehicle.side = side.normalized();
  vehicle.up = vehicle.forward.cross(vehicle.side).normalized();
}

Vec3 stepVehicle(Vehicle& vehicle, const Vec3& steeringForce, const VehicleParameters& parameters,
                 double maxSpeed, int dimension, double time, double dt,
                 const sim::IntegratorSettings& integrator) {
  Vec3 force = truncate(steeringForce, parameters.maxForce);
  if (dimension == 2) force.z() = 0.0;
  const Vec3 acceleration = force / parameters.mass;
  const Vec3 oldVelocity = vehicle.velocity;
  const double speedLimit = std::min(maxSpeed, parameters.maxSpeed);

  if (parameters.paperEuler) {
    // velocity = truncate(velocity + acceleration, max_speed); position = position + velocity.
    vehicle.velocity = truncate(vehicle.velocity + acceleration * dt, speedLimit);
    vehicle.position += vehicle.velocity * dt;
  } else {
    using State = std::array<double, 6>;
    State x{vehicle.position.x(), vehicle.position.y(), vehicle.position.z(),
            vehicle.velocity.x(), vehicle.velocity.y(), vehicle.velocity.z()};
    sim::integrateStep(integrator,
                       [&](const State& s, State& dxdt, double) {
                         dxdt = {s[3], s[4], s[5], acceleration.x(), acceleration.y(), acceleration.z()};
                       },
                       x, time, dt);
    vehicle.position = Vec3(x[0], x[1], x[2]);
    vehicle.velocity = truncate(Vec3(x[3], x[4], x[5]), speedLimit);
  }

  if (parameters.limitLowSpeedTurning && vehicle.velocity.squaredNorm() > 0.0) {
    const double speed = oldVelocity.norm();
    const double fraction = std::max(std::min(1.0, speed / parameters.turnReferenceSpeed), parameters.turnFloor);
    const Vec3 limited = limitTurn(vehicle.forward, vehicle.velocity, parameters.maxTurnRate * fraction * dt);
    // The position moved with the unlimited velocity; redo it with the limited one.
    vehicle.position += (limited - vehicle.velocity) * dt;
    vehicle.velocity = limited;
  }

  if (dimension == 2) {
    vehicle.position.z() = 0.0;
    vehicle.velocity.z() = 0.0;
  }

  Vec3 approximateUp = vehicle.up;
  if (parameters.surface.kind != Surface::Kind::None && dimension == 3) {
    vehicle.position = parameters.surface.nearestPoint(vehicle.position);
    const Vec3 n = parameters.surface.normalAt(vehicle.position);
    vehicle.velocity -= vehicle.velocity.dot(n) * n;
    approximateUp = n;
  } else if (parameters.banking && dimension == 3) {
    approximateUp = parameters.bankAcceleration * acceleration +
                    parameters.bankGravity * Vec3::UnitZ() + parameters.bankDamping * vehicle.up;
  } else if (dimension == 2) {
    approximateUp = Vec3::UnitZ();
  }

  const double speed = vehicle.velocity.norm();
  if (speed > 1e-9) vehicle.forward = vehicle.velocity / speed;
  if (approximateUp.squaredNorm() < 1e-18) approximateUp = vehicle.up;
  orthonormalize(vehicle, approximateUp);
  return acceleration;
}

}  // namespace steer::reynolds
