// The simple vehicle model (reynolds-1999 "A Simple Vehicle Model"), issue #6.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "steer/reynolds/vehicle.hpp"

namespace steer::reynolds {
namespace {

void expectOrthonormal(const Vehicle& v) {
  EXPECT_NEAR(v.forward.norm(), 1.0, 1e-9);
  EXPECT_NEAR(v.side.norm(), 1.0, 1e-9);
  EXPECT_NEAR(v.up.norm(), 1.0, 1e-9);
  EXPECT_NEAR(v.forward.dot(v.side), 0.0, 1e-9);
  EXPECT_NEAR(v.forward.dot(v.up), 0.0, 1e-9);
  EXPECT_NEAR(v.side.dot(v.up), 0.0, 1e-9);
  // Right-handed: side = up × forward.
  EXPECT_LT((v.up.cross(v.forward) - v.side).norm(), 1e-9);
}

// truncate() of a vector too large to square keeps its direction (a vehicle with max_speed 1e155
// stood still: its force truncated to zero through an infinite norm).
TEST(Vehicle, TruncateKeepsTheDirectionOfAVectorTooLargeToSquare) {
  EXPECT_LT((truncate(Vec3(3e200, -4e200, 0), 10.0) - Vec3(6, -8, 0)).norm(), 1e-12);
  EXPECT_EQ(truncate(Vec3(3e200, -4e200, 0), 1e300), Vec3(3e200, -4e200, 0));
}

TEST(Vehicle, PaperEulerStepTruncatesForceAndSpeed) {
  VehicleParameters p;
  p.mass = 2.0;
  p.maxForce = 3.0;
  p.maxSpeed = 1.5;
  Vehicle v;
  v.velocity = Vec3(1, 0, 0);
  const Vec3 a = stepVehicle(v, Vec3(0, 100, 0), p, 10.0, 2, 0, 0.1, {});
  EXPECT_LT((a - Vec3(0, 1.5, 0)).norm(), 1e-12);  // |F| truncated to 3, /m = 1.5
  EXPECT_LT((v.velocity - Vec3(1, 0.15, 0)).norm(), 1e-12);
  EXPECT_LT((v.position - Vec3(0.1, 0.015, 0)).norm(), 1e-12);  // x += v_new·dt
  for (int k = 0; k < 100; ++k) stepVehicle(v, Vec3(3, 3, 0), p, 10.0, 2, 0, 0.1, {});
  EXPECT_NEAR(v.velocity.norm(), 1.5, 1e-12);
  // The agent's own limit bounds it too.
  stepVehicle(v, Vec3(3, 3, 0), p, 0.5, 2, 0, 0.1, {});
  EXPECT_NEAR(v.velocity.norm(), 0.5, 1e-12);
}

TEST(Vehicle, BasisStaysOrthonormalAndAlignedWithVelocity) {
  std::mt19937 rng(4);
  std::normal_distribution<double> n(0, 3);
  VehicleParameters p;
  p.banking = true;
  Vehicle v;
  v.velocity = Vec3(1, 0, 0);
  for (int k = 0; k < 1000; ++k) {
    stepVehicle(v, Vec3(n(rng), n(rng), n(rng)), p, 5.0, 3, 0, 0.05, {});
    expectOrthonormal(v);
    if (v.velocity.norm() > 1e-6) {
      EXPECT_LT((v.forward - v.velocity.normalized()).norm(), 1e-9);
    }
  }
}

TEST(Vehicle, BankingRollsIntoTheTurn) {
  VehicleParameters p;
  p.banking = true;
  p.bankDamping = 0.0;
  Vehicle v;
  v.velocity = Vec3(2, 0, 0);
  // Turning left (+y): the up vector leans to the inside of the turn.
  stepVehicle(v, Vec3(0, 4, 0), p, 5.0, 3, 0, 0.05, {});
  EXPECT_GT(v.up.y(), 0.05);
  EXPECT_GT(v.up.z(), 0.5);
  // Straight and level flight: up is vertical.
  Vehicle level;
  level.velocity = Vec3(2, 0, 0);
  stepVehicle(level, Vec3::Zero(), p, 5.0, 3, 0, 0.05, {});
  EXPECT_LT((level.up - Vec3::UnitZ()).norm(), 1e-9);
}

TEST(Vehicle, SurfaceHuggingKeepsPositionOnAndVelocityTangentToTheSurface) {
  VehicleParameters p;
  p.surface.kind = Surface::Kind::HeightField;
  p.surface.amplitude = 0.5;
  p.surface.wavelength = 10.0;
  Vehicle v;
  v.velocity = Vec3(1, 0.3, 0);
  std::mt19937 rng(1);
  std::normal_distribution<double> n(0, 2);
  for (int k = 0; k < 500; ++k) {
    stepVehicle(v, Vec3(n(rng), n(rng), n(rng)), p, 2.0, 3, 0, 0.05, {});
    EXPECT_NEAR(v.position.z(), p.surface.heightAt(v.position.x(), v.position.y()), 1e-12);
    const Vec3 normal = p.surface.normalAt(v.position);
    EXPECT_NEAR(v.velocity.dot(normal), 0.0, 1e-12);
    EXPECT_LT((v.up - normal).norm(), 1e-9);
    expectOrthonormal(v);
  }
  // The normal is the gradient's: check against finite differences.
  const double h = 1e-6, x = 1.3, y = -0.7;
  const Vec3 numeric = Vec3(-(p.surface.heightAt(x + h, y) - p.surface.heightAt(x - h, y)) / (2 * h),
                            -(p.surface.heightAt(x, y + h) - p.surface.heightAt(x, y - h)) / (2 * h), 1.0)
                           .normalized();
  EXPECT_LT((p.surface.normalAt(Vec3(x, y, 0)) - numeric).norm(), 1e-6);
}

TEST(Vehicle, LowSpeedTurnLimit) {
  VehicleParameters p;
  p.limitLowSpeedTurning = true;
  p.maxTurnRate = 2.0;
  p.turnReferenceSpeed = 1.0;
  p.turnFloor = 0.1;
  p.maxForce = 100.0;
  Vehicle v;
  v.velocity = Vec3(0.25, 0, 0);
  const double dt = 0.1;
  stepVehicle(v, Vec3(-5, 20, 0), p, 5.0, 2, 0, dt, {});
  const double turned = std::acos(std::clamp(v.forward.x(), -1.0, 1.0));
  EXPECT_NEAR(turned, 2.0 * 0.25 * dt, 1e-9);
  // Without the limit the same force turns it much further.
  VehicleParameters free = p;
  free.limitLowSpeedTurning = false;
  Vehicle w;
  w.velocity = Vec3(0.25, 0, 0);
  stepVehicle(w, Vec3(-5, 20, 0), free, 5.0, 2, 0, dt, {});
  EXPECT_GT(std::acos(std::clamp(w.forward.x(), -1.0, 1.0)), 1.0);
}

TEST(Vehicle, FrameworkIntegratorMatchesConstantAccelerationExactly) {
  // Under a held force, x(t+dt) = x + v dt + a dt²/2: RK4 is exact; the paper's Euler is not.
  VehicleParameters p;
  p.paperEuler = false;
  p.maxSpeed = 100;
  p.maxForce = 100;
  Vehicle v;
  v.velocity = Vec3(1, 0, 0);
  sim::IntegratorSettings rk4;
  rk4.kind = sim::IntegratorKind::RK4;
  stepVehicle(v, Vec3(0, 2, 0), p, 100, 2, 0, 0.5, rk4);
  EXPECT_LT((v.position - Vec3(0.5, 0.5 * 2 * 0.25, 0)).norm(), 1e-12);
  EXPECT_LT((v.velocity - Vec3(1, 1, 0)).norm(), 1e-12);
}

}  // namespace
}  // namespace steer::reynolds
