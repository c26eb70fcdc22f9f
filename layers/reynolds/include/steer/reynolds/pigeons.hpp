#pragma once
/// @file "Pigeons in the Park" (reynolds-2000 §"Case study", Figures 3–6): the behavioral state
/// machine walking → take-off → cruise → landing → walking, startled by a clap, by the avatar's
/// speed-elongated neighbourhood and, contagiously, by nearby birds taking off; annoyance
/// ratchets up with each scare, lengthens the next flight and decays over time. The birds think
/// at 10 Hz and avoid obstacles at 30 Hz when simulated at 60 Hz.
#include "steer/reynolds/reynolds_model.hpp"

namespace steer::reynolds {

/// Indices of the pigeons' states in pigeonsInThePark().states.
inline constexpr int kPigeonWalking = 0;
inline constexpr int kPigeonTakeoff = 1;
inline constexpr int kPigeonCruise = 2;
inline constexpr int kPigeonLanding = 3;

/// The pigeons' parameters: a meadow (height field), a spherical enclosure of `enclosureRadius`
/// (m) around `center`, and the state machine above. Claps and the avatar's path are left for
/// the scenario to add.
ReynoldsParameters pigeonsInThePark(const Vec3& center = Vec3::Zero(), double enclosureRadius = 30.0);

}  // namespace steer::reynolds
