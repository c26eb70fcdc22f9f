#pragma once
/// @file Behavioral state machines (reynolds-2000 §"Behavioral Models", Figure 1 and the pigeons'
/// Figure 3): states, each with its own steering behaviors and locomotion, and transitions
/// triggered by what the character perceives (a clap, the user's avatar, contagious take-offs,
/// time spent in the state, touching the ground).
#include <string>
#include <string_view>
#include <vector>

#include "steer/geometry/vec.hpp"
#include "steer/sim/path.hpp"

namespace steer::reynolds {

using geometry::Vec3;

/// What triggers a transition.
enum class TriggerKind {
  Clap,           ///< a clap event heard since the character last thought
  AvatarTakeoff,  ///< inside the avatar's take-off neighbourhood
  Contagion,      ///< fraction of nearby characters taking off > value (in [0, 1]): "exceeds"
  TimeInState,    ///< time in the state ≥ value·(1 + annoyanceScale·a) (s), a: the annoyance the
                  ///< agent had when last startled, before that startle
  Grounded,       ///< on (within groundTolerance of) the surface
  Always,         ///< unconditionally
};
bool parseTrigger(std::string_view text, TriggerKind& out);
const char* triggerName(TriggerKind kind);

struct Transition {
  int from = 0;
  int to = 0;
  TriggerKind trigger = TriggerKind::Always;
  double value = 0.0;
  /// Startling transitions (e.g. take-off) ratchet the annoyance up by annoyanceStep.
  bool startles = false;
};

/// The speed-elongated avatar neighbourhood of reynolds-2000 Figure 5: a half circle of
/// `radius` behind the avatar and, ahead, a half ellipse aligned with its heading whose length
/// is radius + velocityWeight·speed.
struct AvatarZone {
  double radius = 3.0;          ///< m, > 0
  double velocityWeight = 1.0;  ///< s, ≥ 0
  bool contains(const Vec3& avatarPosition, const Vec3& avatarVelocity, const Vec3& p) const;
};

/// The highest avatar speed (m/s) up to which `outer` holds `inner`: two such zones about one
/// avatar, aligned, hold one another when each half axis is at least as long (the radius behind
/// and across, the length ahead). Infinity when `outer` holds `inner` at every speed; negative
/// when at none (`inner` the wider). reynolds-2000 has the move-away zone "larger (and less
/// elongated with speed)" than the take-off zone, which holds only up to this speed.
double holdsUpToSpeed(const AvatarZone& outer, const AvatarZone& inner);

/// The user's avatar (the RC car): moves along a path.
struct Avatar {
  sim::Path path;            ///< empty: no avatar
  AvatarZone moveAway{6.0, 0.5};  ///< where characters blend in moving away
  AvatarZone takeoff{2.5, 1.5};   ///< where they are startled
};

/// A loud noise at `time` (s) heard within `radius` (m) of `position`.
struct Clap {
  double time = 0.0;
  Vec3 position = Vec3::Zero();
  double radius = 1e9;
};

/// Contagion: a nearby character counts as "taking off" when it rises faster than climbSpeed
/// (m/s) while lower than height (m) above the surface, so birds simply flying by do not count.
struct ContagionPerception {
  double distance = 3.0;   ///< neighbourhood radius (m)
  double climbSpeed = 0.5; ///< m/s
  double height = 3.0;     ///< m
};

}  // namespace steer::reynolds
