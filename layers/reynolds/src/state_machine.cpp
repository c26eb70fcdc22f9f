#include "steer/reynolds/state_machine.hpp"

#include <cmath>
#include <limits>

namespace steer::reynolds {

bool parseTrigger(std::string_view text, TriggerKind& out) {
  if (text == "clap") out = TriggerKind::Clap;
  else if (text == "avatar") out = TriggerKind::AvatarTakeoff;
  else if (text == "contagion") out = TriggerKind::Contagion;
  else if (text == "time") out = TriggerKind::TimeInState;
  else if (text == "grounded") out = TriggerKind::Grounded;
  else if (text == "always") out = TriggerKind::Always;
  else return false;
  return true;
}

const char* triggerName(TriggerKind kind) {
  switch (kind) {
    case TriggerKind::Clap: return "clap";
    case TriggerKind::AvatarTakeoff: return "avatar";
    case TriggerKind::Contagion: return "contagion";
    case TriggerKind::TimeInState: return "time";
    case TriggerKind::Grounded: return "grounded";
    case TriggerKind::Always: return "always";
  }
  return "?";
}

bool AvatarZone::contains(const Vec3& avatarPosition, const Vec3& avatarVelocity, const Vec3& p) const {
  // Measured on the ground plane: the avatar is a car.
  Vec3 d = p - avatarPosition;
  d.z() = 0.0;
  Vec3 v = avatarVelocity;
  v.z() = 0.0;
  const double speed = v.norm();
  if (speed < 1e-9) return d.norm() <= radius;
  const Vec3 heading = v / speed;
  const double along = d.dot(heading);
  const double lateral = (d - along * heading).norm();
  if (along <= 0.0) return d.norm() <= radius;
  const double length = radius + velocityWeight * speed;
  return (along / length) * (along / length) + (lateral / radius) * (lateral / radius) <= 1.0;
}

double holdsUpToSpeed(const AvatarZone& outer, const AvatarZone& inner) {
  if (inner.radius > outer.radius) return -1.0;
  if (inner.velocityWeight <= outer.velocityWeight) return std::numeric_limits<double>::infinity();
  // outer.radius + outer.velocityWeight·s ≥ inner.radius + inner.velocityWeight·s
  return (outer.radius - inner.radius) / (inner.velocityWeight - outer.velocityWeight);
}

}  // namespace steer::reynolds
