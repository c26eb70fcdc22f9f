#pragma once
/// @file The Goldenstein local model (`--model goldenstein`).
///
/// Goldenstein, Karavelas, Metaxas, Guibas, Aaron, Goswami, "Scalable Nonlinear Dynamical
/// Systems for Agent Steering and Crowd Simulation", 2001: §4 and Appendix A.1, with the
/// corrections of ARCHITECTURE.md §3.
///
/// Heading (3):   φ̇ = λ (|w_tar| f_tar + |w_obs| Σ_i f_obs_i) + n, with f_tar (A.1) towards
///                the planner's goal direction and f_obs_i = R_i W_i D_i (A.2)–(A.6) for every
///                obstacle piece and every other agent in the near environment; λ is
///                GoldensteinParameters::headingRate, a dimensionless factor (a is in 1/s,
///                f_obs_i in rad/s). A convex solid's edges act as one obstacle: only its
///                nearest edge adds a repeller (§4.1.1; parameters.hpp).
/// Weights (4):   the stable fixed point of the competition dynamics (quasi-static, the paper's
///                procedure) or (4) integrated as fast state variables; α1, α2, γ12, γ21 from
///                (A.7)–(A.11) (by default with each D_i of (A.10) weighted by its window,
///                see GoldensteinParameters::windowedAlpha2). WeightMode::DirectSum gives (2).
/// Speed (6):     v = (r_min − d1)/t2c over the objects in front, limited to the agent's cruising
///                speed and a retreat speed, and slowed near a goal (towards a moving target,
///                its approach); a retreat (v < 0) is held by the same law over the objects
///                behind, so it stops at d1 from them. Without a goal direction from the
///                planner (no goal, or none it can lead to) the cruising speed is 0: the agent
///                only retreats from what comes within d1, or stands.
/// Personality:   dexterity and mass through the IIR filter (7), courage through d0 (8) and
///                d1 (9)(10).
/// 3D (§4.3):     each contribution, computed in the plane of the heading and the object,
///                becomes an angular velocity along that plane's normal; ḋ = ω × d.
///
/// The continuous state advanced by sim::integrateStep (Euler, RK4 or dopri5) is the position,
/// the heading (φ in 2D, the unit direction in 3D), the weights (integrated mode) and two
/// quadratures, ∫φ̇̃ dt and ∫ṽ dt, of the unfiltered rates: the IIR filters (7) run once per
/// step, outside the right-hand side, on the step averages of the unfiltered rates. Within a
/// step the rate used is (1 − k)·(previous filtered rate) + k·(unfiltered rate), so the heading
/// change over the step equals dt times the filtered rate exactly. Other agents and moving
/// obstacles are extrapolated linearly from their velocities within the step.
///
/// Per-agent memory in sim::AgentState:
///  - `turnRate`: the filtered φ̇ (rad/s; in 3D |ω|, which nothing reads);
///    `speed`: the filtered forward speed (m/s);
///  - `model[0]`, `model[1]`: w_tar, w_obs (the integrated state, or the fixed point chosen in
///    the last step, which the quasi-static reading needs for hysteresis);
///  - `model[2..4]`: the filtered angular velocity ω (rad/s, 3D only);
///  - `model[5]`: unused.
///
/// Noise: normal draws from sim::Noise keyed by (agent id, StepInput::step, stream), streams
/// 0–2 for the heading (one per axis in 3D), 3 and 4 for the weights; held over the step and
/// scaled by 1/√dt (Euler–Maruyama).
///
/// Floating point: the repellers' exp, asin and atan2 run in batches through glibc's libmvec
/// (AVX2 where the CPU has it, else SSE2), within 4 ulps of the exact values. One variant is
/// chosen per process and a value's result does not depend on its neighbours in a batch, so a
/// scenario and seed give the same bits on one machine whatever the thread count or neighbour
/// provider; machines with different vector units may differ in the last bits
/// (src/batch_math.hpp).
#include "steer/local/parameters.hpp"
#include "steer/local/repeller.hpp"
#include "steer/local/weights.hpp"
#include "steer/sim/local_model.hpp"

namespace steer::local {

/// What the right-hand side sees at one instant (returned by GoldensteinModel::rates).
struct Rates {
  double fTarget = 0.0;     ///< f_tar (A.1) (before the heading rate λ); in 3D its size a |d × g| / |g| (≥ 0)
  double fObstacle = 0.0;   ///< Σ f_obs_i (A.2); in 3D |Σ f_obs_i n_i|, the size of the vector sum (§4.3)
  Weights weights;          ///< the weights used in (3)
  Weights weightRates;      ///< ẇ of (4) (integrated mode; zero otherwise)
  double turnRate = 0.0;    ///< unfiltered φ̇ of (3) (rad/s, 2D)
  sim::Vec3 angularVelocity = sim::Vec3::Zero();  ///< unfiltered ω (rad/s, 3D)
  double speed = 0.0;       ///< unfiltered speed from (6) after the limits (m/s)
  double closestFront = 0.0;  ///< r_min of (6) (m), +∞ with nothing in front
  double closestBehind = 0.0;  ///< r_min behind, which bounds a retreat (m), +∞ with nothing behind
};

class GoldensteinModel final : public sim::LocalModel {
 public:
  /// Throws std::invalid_argument when a parameter is out of range (see validate()).
  explicit GoldensteinModel(GoldensteinParameters parameters = {});

  std::string_view name() const override { return "goldenstein"; }
  const GoldensteinParameters& parameters() const { return parameters_; }

  /// Sets the initial weights and clears the filters' memory; in 2D flattens the direction.
  void initialize(sim::Agent& agent, int dimension) const override;

  /// Integrates the agent's state over [time, time + dt]; a pure function of `in`.
  sim::AgentState advance(const sim::StepInput& in) const override;

  /// One evaluation of the right-hand side at the agent's current state and the step's start,
  /// noise included (what BM_GoldensteinRhs measures).
  Rates rates(const sim::StepInput& in) const;

  /// The weights w_tar, w_obs of (4) (model[0], model[1]).
  std::vector<StateField> stateFields() const override { return {{"w_tar", 0}, {"w_obs", 1}}; }

 private:
  GoldensteinParameters parameters_;
  RepellerConstants constants_;
};

}  // namespace steer::local
