#pragma once
/// @file Agents: identity, body, personality (Goldenstein §4.4) and continuous state.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "steer/sim/goal.hpp"

namespace steer::sim {

/// The three personality traits of Goldenstein et al. §4.4, each in [0, 1].
struct Personality {
  double dexterity = 0.5;  ///< how fast φ̇ may change (IIR filter (7) on the turn rate)
  double mass = 0.5;       ///< how fast v may change (the same filter on the speed)
  double courage = 0.5;    ///< maps to d0 (8) and d1 (9)(10): willingness to approach obstacles
};

/// The continuous state an integrator advances. Models document how they use `model`.
struct AgentState {
  Vec3 position = Vec3::Zero();    ///< centre (m); z = 0 in 2D
  Vec3 direction = Vec3::UnitX();  ///< unit heading; in 2D (cos φ, sin φ, 0)
  double speed = 0.0;              ///< forward speed along `direction` (m/s); < 0 retreats
  double turnRate = 0.0;           ///< last (filtered) heading rate φ̇ (rad/s); 3D: |ω|, unread
  std::array<double, 13> model{};  ///< model-specific state (e.g. the weights of (4))

  Vec3 velocity() const { return speed * direction; }
};

struct Agent {
  AgentIndex id = 0;  ///< equals the agent's index in World::agents
  std::string name;   ///< optional, for dynamic targets and messages
  std::string group;  ///< the scenario group it came from, if any

  double radius = 0.5;        ///< body radius (m), > 0
  double nearRadius = 5.0;    ///< radius of the near disk C_x (m), > 0
  double maxSpeed = 2.6;      ///< hard speed limit (m/s), > 0; a true bound for the kinetic layer
  double desiredSpeed = 1.3;  ///< preferred cruising speed (m/s), > 0
  Personality personality;

  std::vector<Goal> goals;  ///< pursued in order
  bool staysAfterGoals = false;

  AgentState state;
  bool enabled = true;
  std::size_t goalIndex = 0;  ///< current goal; == goals.size() when all are done
  double goalStartTime = 0.0;
  double finishTime = -1.0;  ///< time the last goal was completed (s), −1 while not
  std::uint32_t goalsTimedOut = 0;  ///< seek/region goals that ended by time, not by arrival
};

}  // namespace steer::sim
