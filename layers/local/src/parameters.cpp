#include <cmath>
#include <stdexcept>
#include <string>

#include "steer/local/parameters.hpp"

namespace steer::local {

namespace {
void require(bool ok, const char* name, const char* range) {
  if (!ok) throw std::invalid_argument(std::string("goldenstein parameter ") + name + " must be " + range);
}
}  // namespace

GoldensteinParameters GoldensteinParameters::asPrinted() {
  GoldensteinParameters p;
  p.windowedAlpha2 = false;
  p.groupWalls = false;
  p.agentDecayFactor = 1.0;
  p.headingRate = 1.0;
  p.arrivalGain = 0.0;
  p.retreatFraction = 1.0;
  return p;
}

void validate(const GoldensteinParameters& p) {
  constexpr double kPi = 3.14159265358979323846;
  require(p.a > 0 && std::isfinite(p.a), "a", "> 0");
  require(p.headingRate > 0 && std::isfinite(p.headingRate), "heading_rate", "> 0");
  require(p.delta > 0 && p.delta < kPi, "delta", "in (0, pi)");
  require(p.windowEdgeGap > 0 && p.windowEdgeGap < 1 && p.windowEdgeGap + p.delta < kPi, "window_edge_gap",
          "in (0, 1) with delta + window_edge_gap < pi");
  require(p.passingBias >= 0 && p.passingBias < p.delta, "passing_bias", "in [0, delta)");
  require(p.agentDecayFactor > 0 && p.agentDecayFactor <= 1, "agent_decay_factor", "in (0, 1]");
  require(p.segmentSwitchDistance >= 0 && std::isfinite(p.segmentSwitchDistance), "segment_switch_distance", ">= 0");
  require(p.c1 > 0 && std::isfinite(p.c1), "c1", "> 0");
  require(p.c2 > 0 && std::isfinite(p.c2), "c2", "> 0");
  require(p.gamma21 > 0 && std::isfinite(p.gamma21), "gamma21", "> 0");
  require(p.alpha1Scale > 0 && std::isfinite(p.alpha1Scale), "alpha1_scale", "> 0");
  require(p.weightRate > 0 && std::isfinite(p.weightRate), "weight_rate", "> 0");
  require(std::abs(p.initialTargetWeight) <= 2, "initial_target_weight", "in [-2, 2]");
  require(std::abs(p.initialObstacleWeight) <= 2 && p.initialObstacleWeight != 0, "initial_obstacle_weight",
          "non-zero, in [-2, 2]");
  require(p.weightFloor >= 0 && p.weightFloor < 1, "weight_floor", "in [0, 1)");
  require(p.headingNoise >= 0 && std::isfinite(p.headingNoise), "heading_noise", ">= 0");
  require(p.weightNoise >= 0 && std::isfinite(p.weightNoise), "weight_noise", ">= 0");
  require(p.timeToContact > 0 && std::isfinite(p.timeToContact), "time_to_contact", "> 0");
  require(p.frontHalfAngle > 0 && p.frontHalfAngle <= kPi, "front_half_angle", "in (0, pi]");
  require(p.retreatFraction >= 0 && p.retreatFraction <= 1, "retreat_fraction", "in [0, 1]");
  require(p.arrivalGain >= 0 && std::isfinite(p.arrivalGain), "arrival_gain", ">= 0");
  require(p.d0Base >= 0 && std::isfinite(p.d0Base), "d0_base", ">= 0");
  require(p.d1Base >= 0 && std::isfinite(p.d1Base), "d1_base", ">= 0");
  require(std::isfinite(p.v0), "v0", "finite");
  require(p.dexterityGainMin > 0 && p.dexterityGainMin <= p.dexterityGainMax && p.dexterityGainMax <= 1,
          "dexterity_gain_min/max", "0 < min <= max <= 1");
  require(p.massGainMin > 0 && p.massGainMin <= p.massGainMax && p.massGainMax <= 1, "mass_gain_min/max",
          "0 < min <= max <= 1");
  require(p.filterStep > 0 && std::isfinite(p.filterStep), "filter_step", "> 0");
}

}  // namespace steer::local
