#pragma once
// The repellers f_obs_i = R_i W_i D_i (A.2)–(A.6) of up to kCapacity objects, evaluated
// together. Private to steer::local: heading_field.cpp gathers the objects of one sample here.
//
// Why in batches: per object the repeller needs five transcendental functions (atan2 for
// x = φ − ψ_i, asin for a disc's Δψ_i, and the exponentials of R_i, W_i and D_i). One libm call
// each cost ~45 ns per object; gathered in structure-of-arrays form they run through libmvec a
// vector at a time (batch_math.hpp), and the algebra around them in loops the compiler
// vectorises. The objects' terms are summed in the order they were added: the sums are the same
// whatever the chunking, and byte-identical across neighbour providers (which hand over the
// same ordered lists).
#include <cstddef>
#include <limits>

#include "batch_math.hpp"
#include "heading_field.hpp"

namespace steer::local::detail {

class RepellerBatch {
 public:
  static constexpr std::size_t kCapacity = 16;  // a multiple of kBatchLanes; ~3 KB of stack
  static_assert(kCapacity % kBatchLanes == 0);

  /// Objects are given by their offset c from the agent's centre, in a frame where the agent's
  /// unit heading is (hx, hy): x = φ − ψ_i has cos x = c·h/|c| and sin x = (c × h)/|c|.
  /// `agentRadius` (m) grows every disc (its configuration-space obstacle).
  RepellerBatch(double hx, double hy, double agentRadius) : hx_(hx), hy_(hy), agentRadius_(agentRadius) {}

  bool full() const { return size_ == kCapacity; }
  std::size_t size() const { return size_; }

  /// A disc (or a sphere, in its plane's coordinates) of radius ρ (m) centred at c, |c| > 0:
  /// seen under Δψ = asin((ρ + a)/|c|) (π/2 at contact, ballHalfAngle), clearance |c| − ρ − a;
  /// d0 (m) of (A.6) for it.
  void addBall(double cx, double cy, double radius, double d0) { add(cx, cy, radius, 0.0, -1.0, 0.0, d0); }

  /// An object whose reference point is at c, |c| > 0, seen under half-angle Δψ (rad) with
  /// sin Δψ = sinHalf: Δψ = halfAngle, or asin(sinHalf) when halfAngle < 0 (π/2 once
  /// sinHalf ≥ 1); `clearance` (m) surface to surface. `forSpeed` false: the object steers
  /// but is not looked at for r_min of (6) (a group of walls, wall_groups.hpp, whose members
  /// are added for r_min one by one).
  void addView(double cx, double cy, double sinHalf, double halfAngle, double clearance, double d0,
               bool forSpeed = true) {
    add(cx, cy, -1.0, sinHalf, halfAngle, clearance, d0, forSpeed);
  }

  /// Adds the objects' terms to `out`: r_min of (6) over those in front (and over those behind,
  /// for a retreat), Σ D_i, and for every
  /// object that contributes, f_obs_i, ∂f_obs_i/∂φ, W_i and W_i D_i. Then contributes(i) and
  /// value(i) (= f_obs_i) hold until clear().
  void evaluate(const FieldContext& ctx, FieldSample& out);

  bool contributes(std::size_t i) const { return contributes_[i]; }
  double value(std::size_t i) const { return value_[i]; }
  void clear() { size_ = 0; }

 private:
  void add(double cx, double cy, double radius, double sinHalf, double halfAngle, double clearance, double d0,
           bool forSpeed = true) {
    speedFloor_[size_] = forSpeed ? -kNotForSpeed : kNotForSpeed;
    cx_[size_] = cx;
    cy_[size_] = cy;
    radius_[size_] = radius;
    sinHalfGiven_[size_] = sinHalf;
    halfAngle_[size_] = halfAngle;
    clearanceGiven_[size_] = clearance;
    d0_[size_] = d0;
    ++size_;
  }

  double hx_, hy_, agentRadius_;
  std::size_t size_ = 0;
  // Inputs: radius_ ≥ 0 for a disc, < 0 for a view with the given Δψ and clearance.
  double cx_[kCapacity], cy_[kCapacity], radius_[kCapacity], sinHalfGiven_[kCapacity], halfAngle_[kCapacity];
  double clearanceGiven_[kCapacity], d0_[kCapacity];
  /// −∞ for an object looked at for r_min of (6), +∞ for one that only steers: the clearance
  /// (6) sees is max(clearance, floor). A double, not a bool, so that pass 1 still vectorises.
  double speedFloor_[kCapacity];
  static constexpr double kNotForSpeed = std::numeric_limits<double>::infinity();
  // Intermediates: the object's direction, the window (A.4)/(A.5), the batches' arguments and
  // results (exps_: the arguments of R_i's, W_i's and D_i's exponentials).
  double cosX_[kCapacity], sinX_[kCapacity], sinHalf_[kCapacity], h1_[kCapacity], windowArg_[kCapacity];
  double angle_[kCapacity], half_[kCapacity], u_[kCapacity], exps_[3][kCapacity];
  // Per-object results.
  double value_[kCapacity], slope_[kCapacity], window_[kCapacity], distance_[kCapacity];
  double frontClearance_[kCapacity];   ///< the clearance if the object is in front (6), else +∞
  double behindClearance_[kCapacity];  ///< the clearance if the object is behind, else +∞
  bool contributes_[kCapacity];
};

}  // namespace steer::local::detail
