#include "obstacle_frames.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "steer/geometry/angle.hpp"

namespace steer::experiments {

namespace {

constexpr int kRingPoints = 48;

// A ring of radius r around c in the plane of the unit vectors u and v.
viz::Outline ring(const sim::Vec3& c, double r, const sim::Vec3& u, const sim::Vec3& v) {
  viz::Outline o;
  o.closed = true;
  for (int k = 0; k < kRingPoints; ++k) {
    const double a = 2.0 * geometry::kPi * k / kRingPoints;
    o.points.push_back(c + r * (std::cos(a) * u + std::sin(a) * v));
  }
  return o;
}

void appendPiece(const sim::World& world, const sim::ObstaclePiece& piece, std::vector<viz::Outline>& out) {
  const auto add = [&](viz::Outline o) {
    o.obstacle = piece.obstacle;
    o.moving = piece.moving;
    out.push_back(std::move(o));
  };
  const bool threeD = world.dimension == 3;
  if (piece.kind == sim::ObstaclePiece::Kind::Ball) {
    const auto& b = piece.ball;
    add(ring(b.center, b.radius, sim::Vec3::UnitX(), sim::Vec3::UnitY()));
    if (threeD) {
      add(ring(b.center, b.radius, sim::Vec3::UnitX(), sim::Vec3::UnitZ()));
      add(ring(b.center, b.radius, sim::Vec3::UnitY(), sim::Vec3::UnitZ()));
    }
    return;
  }
  const auto& s = piece.segment;
  viz::Outline o;
  if (threeD) {  // a prism of every height: its side between the world's floor and ceiling
    const double z0 = world.bounds.min.z(), z1 = world.bounds.max.z();
    o.points = {sim::Vec3(s.a.x(), s.a.y(), z0), sim::Vec3(s.b.x(), s.b.y(), z0), sim::Vec3(s.b.x(), s.b.y(), z1),
                sim::Vec3(s.a.x(), s.a.y(), z1)};
    o.closed = true;
  } else {
    o.points = {sim::Vec3(s.a.x(), s.a.y(), 0.0), sim::Vec3(s.b.x(), s.b.y(), 0.0)};
  }
  add(std::move(o));
}

}  // namespace

std::vector<viz::Outline> obstacleOutlines(const sim::World& world, bool moving) {
  std::vector<viz::Outline> out;
  for (const auto& piece : world.pieces())
    if (piece.moving == moving) appendPiece(world, piece, out);
  return out;
}

void ObstacleFrames::start(const sim::World& world) {
  const auto& pieces = world.pieces();
  if (std::any_of(pieces.begin(), pieces.end(), [](const sim::ObstaclePiece& p) { return !p.moving; }))
    viz::writeOutlines(folder_ / "obstacles.vtp", obstacleOutlines(world, false));
  anyMoving_ = std::any_of(pieces.begin(), pieces.end(), [](const sim::ObstaclePiece& p) { return p.moving; });
}

void ObstacleFrames::frame(const sim::World& world) {
  if (!anyMoving_) return;
  char name[64];
  std::snprintf(name, sizeof name, "moving_obstacles_%05zu.vtp", times_.size());
  viz::writeOutlines(folder_ / name, obstacleOutlines(world, true));
  times_.push_back(world.time);
  files_.emplace_back(name);
}

void ObstacleFrames::finish() {
  if (anyMoving_) viz::writePvdCollection(folder_ / "moving_obstacles.pvd", times_, files_);
}

}  // namespace steer::experiments
