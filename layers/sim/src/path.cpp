#include "steer/sim/path.hpp"

#include <cmath>

namespace steer::sim {

namespace {
// The leg index and the fraction along it reached after travelling `distance` metres.
struct Leg {
  std::size_t from = 0;
  std::size_t to = 0;
  double fraction = 0.0;
  bool ended = false;
};

Leg legAt(const Path& path, double distance) {
  const auto& w = path.waypoints;
  const std::size_t legs = path.loop ? w.size() : w.size() - 1;
  const double lap = path.length();
  if (legs == 0 || lap <= 0.0) return {0, 0, 0.0, true};
  if (path.loop) distance = std::fmod(distance, lap);
  for (std::size_t i = 0; i < legs; ++i) {
    const std::size_t j = (i + 1) % w.size();
    const double len = (w[j] - w[i]).norm();
    if (distance <= len && len > 0.0) return {i, j, distance / len, false};
    distance -= len;
  }
  return {w.size() - 1, w.size() - 1, 0.0, true};
}
}  // namespace

double Path::length() const {
  double total = 0.0;
  for (std::size_t i = 0; i + 1 < waypoints.size(); ++i) total += (waypoints[i + 1] - waypoints[i]).norm();
  if (loop && waypoints.size() > 1) total += (waypoints.front() - waypoints.back()).norm();
  return total;
}

Vec3 Path::at(double t) const {
  if (waypoints.empty()) return Vec3::Zero();
  const Leg leg = legAt(*this, std::max(0.0, t) * speed);
  if (leg.ended) return waypoints[leg.from];
  return waypoints[leg.from] + leg.fraction * (waypoints[leg.to] - waypoints[leg.from]);
}

Vec3 Path::velocityAt(double t) const {
  if (waypoints.size() < 2) return Vec3::Zero();
  const Leg leg = legAt(*this, std::max(0.0, t) * speed);
  if (leg.ended) return Vec3::Zero();
  return speed * (waypoints[leg.to] - waypoints[leg.from]).normalized();
}

}  // namespace steer::sim
