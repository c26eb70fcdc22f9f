#include "steer/local/goldenstein_model.hpp"

#include <Eigen/Geometry>
#include <array>
#include <cmath>
#include <limits>

#include "heading_field.hpp"
#include "steer/geometry/angle.hpp"
#include "steer/local/personality.hpp"
#include "steer/local/speed.hpp"
#include "steer/sim/integrate_step.hpp"
#include "steer/sim/planner.hpp"

namespace steer::local {

using sim::Vec3;

namespace {

// Noise streams (see the header).
constexpr std::uint64_t kHeadingStream = 0;  // 0, 1, 2 in 3D
constexpr std::uint64_t kTargetWeightStream = 3;
constexpr std::uint64_t kObstacleWeightStream = 4;

/// Everything fixed over one step of one agent, and the right-hand side built on it.
class Dynamics {
 public:
  Dynamics(const GoldensteinParameters& p, const RepellerConstants& constants, const sim::StepInput& in)
      : p_(p),
        in_(in),
        field_(p, constants, in.near, in.goalDirection, in.agent.radius,
               courageToD0(in.agent.personality.courage, p.d0Base, p.courageMapping), &in.world) {
    const sim::Agent& agent = in.agent;
    d1_ = courageToD1(agent.personality.courage, p.d1Base, p.v0);
    kTurn_ = gainForStep(dexterityGain(agent.personality.dexterity, p), in.dt, p.filterStep);
    kSpeed_ = gainForStep(massGain(agent.personality.mass, p), in.dt, p.filterStep);
    const bool hasGoal = in.goalDirection.squaredNorm() > 0.0;
    cruise_ = hasGoal ? sim::desiredSpeedOf(in.world, agent) : 0.0;
    maxRetreat_ = p.retreatFraction * agent.maxSpeed;
    const sim::Goal* goal = in.world.currentGoal(agent);
    arrival_ = hasGoal && p.arrivalGain > 0.0 && goal != nullptr && goal->approachesPlace();
    if (arrival_) {
      goalPoint_ = sim::goalPoint(in.world, agent);
      // Arrival limits the speed of approach: towards a moving target (a path or an agent) the
      // cap is the target's own speed plus the slow-down, or a chaser whose cap near the reach
      // radius is below the target's speed never closes in (chicken_2d: no catch in 60 s).
      if (goal->kind == sim::Goal::Kind::Seek) targetSpeed_ = in.world.targetVelocity(goal->target).norm();
    }
    // Euler–Maruyama: one draw per step, held over it, scaled by 1/√dt.
    const double scale = 1.0 / std::sqrt(in.dt);
    const auto draw = [&](std::uint64_t stream, double sigma) {
      return sigma > 0.0 ? sigma * scale * in.noise.normal(agent.id, in.step, stream) : 0.0;
    };
    // Only the draws this step uses: one heading axis in 2D, weights only when integrated.
    const int axes = in.world.dimension == 2 ? 1 : 3;
    for (int k = 0; k < axes; ++k) headingNoise_[k] = draw(kHeadingStream + k, p.headingNoise);
    if (p.weightMode == WeightMode::Integrated)
      weightNoise_ = {draw(kTargetWeightStream, p.weightNoise), draw(kObstacleWeightStream, p.weightNoise)};
    previousWeights_ = {agent.state.model[0], agent.state.model[1]};
  }

  /// The unfiltered rates at position `pos`, unit heading `d` (in 2D (cos φ, sin φ, 0), which
  /// the caller has anyway), integrated weights `w`, `tau` seconds into the step.
  Rates evaluate(const Vec3& pos, const Vec3& d, const Weights& w, double tau) const {
    const bool flat = in_.world.dimension == 2;
    const detail::FieldSample f = flat ? detail::sampleField2D(field_, pos.head<2>(), d.head<2>(), tau)
                                       : detail::sampleField3D(field_, pos, d, tau);
    Rates r;
    r.fTarget = f.fTarget;
    r.fObstacle = f.fObstacle;
    r.closestFront = f.closestFront;
    r.closestBehind = f.closestBehind;
    switch (p_.weightMode) {
      case WeightMode::DirectSum: r.weights = {1.0, 1.0}; break;
      case WeightMode::QuasiStatic: r.weights = stableWeights(coefficients(f), previousWeights_); break;
      case WeightMode::Integrated: {
        r.weights = w;
        const Weights dw = competitionRate(w, coefficients(f));
        r.weightRates = {p_.weightRate * dw.target + weightNoise_[0], p_.weightRate * dw.obstacle + weightNoise_[1]};
        break;
      }
    }
    const double wt = std::abs(r.weights.target);
    const double wo = std::abs(r.weights.obstacle);
    if (flat) {
      r.turnRate = p_.headingRate * (wt * f.fTarget + wo * f.fObstacle) + headingNoise_[0];
    } else {
      r.angularVelocity = p_.headingRate * (wt * f.omegaTarget + wo * f.omegaObstacle) +
                          Vec3(headingNoise_[0], headingNoise_[1], headingNoise_[2]);
    }
    double cruise = cruise_;
    if (arrival_) cruise = std::min(cruise, targetSpeed_ + p_.arrivalGain * (goalPoint_ - pos).norm());
    const double v = std::isfinite(f.closestFront)
                         ? constantTimeToContactSpeed(f.closestFront, d1_, p_.timeToContact)
                         : std::numeric_limits<double>::infinity();
    // (6) "only obstacles in front of the agent": when it retreats, the front of its motion is
    // behind it, so the retreat is held by the same law there and stops at d1 from what is
    // behind (otherwise an agent backing off a neighbour backs into a pillar: flock1).
    const double retreat = std::isfinite(f.closestBehind)
                               ? std::min(maxRetreat_, std::max(0.0, constantTimeToContactSpeed(f.closestBehind, d1_, p_.timeToContact)))
                               : maxRetreat_;
    r.speed = limitSpeed(v, cruise, retreat);
    return r;
  }

  /// The weights at the end of the step, at position `pos` and heading `d`, with the integrated
  /// weights `w` there: what evaluate(...).weights gives, but only the quasi-static reading needs
  /// the field for it (the fixed point kept for the next step's hysteresis).
  Weights finalWeights(const Vec3& pos, const Vec3& d, const Weights& w, double dt) const {
    switch (p_.weightMode) {
      case WeightMode::DirectSum: return {1.0, 1.0};
      case WeightMode::Integrated: return w;
      case WeightMode::QuasiStatic: break;
    }
    return evaluate(pos, d, w, dt).weights;
  }

  double kTurn() const { return kTurn_; }
  double kSpeed() const { return kSpeed_; }

 private:
  Competition coefficients(const detail::FieldSample& f) const {
    const double pt = targetDetector(f.fTarget, f.slopeTarget, p_.c1);
    const double po = obstacleDetector(f.fObstacle, f.slopeObstacle, f.windowSum, p_.c1);
    return competition(pt, po, p_.windowedAlpha2 ? f.windowedDistanceSum : f.distanceSum, p_);
  }

  const GoldensteinParameters& p_;
  const sim::StepInput& in_;
  detail::FieldContext field_;
  double d1_ = 0.0;
  double kTurn_ = 1.0, kSpeed_ = 1.0;
  double cruise_ = 0.0, maxRetreat_ = 0.0;
  bool arrival_ = false;
  double targetSpeed_ = 0.0;  // m/s: the seek target's own speed (0 for a point)
  Vec3 goalPoint_ = Vec3::Zero();
  std::array<double, 3> headingNoise_{};
  std::array<double, 2> weightNoise_{};
  Weights previousWeights_;
};

Weights floored(Weights w, const GoldensteinParameters& p) {
  const auto floor = [&](double v) { return std::abs(v) >= p.weightFloor ? v : (v < 0 ? -p.weightFloor : p.weightFloor); };
  return {floor(w.target), floor(w.obstacle)};
}

}  // namespace

GoldensteinModel::GoldensteinModel(GoldensteinParameters parameters) : parameters_(parameters) {
  validate(parameters_);
  constants_ = makeRepellerConstants(parameters_.delta, parameters_.windowEdgeGap, parameters_.frontHalfAngle);
}

void GoldensteinModel::initialize(sim::Agent& agent, int dimension) const {
  sim::AgentState& s = agent.state;
  s.model = {};
  s.model[0] = parameters_.initialTargetWeight;
  s.model[1] = parameters_.initialObstacleWeight;
  s.turnRate = 0.0;
  if (dimension == 2) s.direction.z() = 0.0;
  if (s.direction.norm() > 1e-12) s.direction.normalize();
  else s.direction = Vec3::UnitX();
}

Rates GoldensteinModel::rates(const sim::StepInput& in) const {
  const Dynamics dyn(parameters_, constants_, in);
  const sim::AgentState& s = in.agent.state;
  if (in.world.dimension != 2) return dyn.evaluate(s.position, s.direction, {s.model[0], s.model[1]}, 0.0);
  // As advance() sees it: the heading through φ.
  const double phi = std::atan2(s.direction.y(), s.direction.x());
  return dyn.evaluate(s.position, Vec3(std::cos(phi), std::sin(phi), 0.0), {s.model[0], s.model[1]}, 0.0);
}

sim::AgentState GoldensteinModel::advance(const sim::StepInput& in) const {
  const Dynamics dyn(parameters_, constants_, in);
  const sim::AgentState& s0 = in.agent.state;
  const double kTurn = dyn.kTurn();
  const double kSpeed = dyn.kSpeed();
  const double v0 = s0.speed;
  const double t0 = in.time;
  const double dt = in.dt;
  sim::AgentState next = s0;
  Weights last;

  if (in.world.dimension == 2) {
    // x = [px, py, φ, w_tar, w_obs, ∫φ̇̃ dt, ∫ṽ dt].
    using State = std::array<double, 7>;
    const double turn0 = s0.turnRate;
    const double phi0 = std::atan2(s0.direction.y(), s0.direction.x());
    const auto rhs = [&](const State& x, State& dxdt, double t) {
      const Vec3 heading(std::cos(x[2]), std::sin(x[2]), 0.0);
      const Rates r = dyn.evaluate(Vec3(x[0], x[1], s0.position.z()), heading, {x[3], x[4]}, t - t0);
      const double v = iirFilter(v0, r.speed, kSpeed);
      const double turn = iirFilter(turn0, r.turnRate, kTurn);
      dxdt = {v * heading.x(), v * heading.y(), turn, r.weightRates.target, r.weightRates.obstacle,
              r.turnRate, r.speed};
    };
    State x{s0.position.x(), s0.position.y(), phi0, s0.model[0], s0.model[1], 0.0, 0.0};
    sim::integrateStep(in.integrator, rhs, x, t0, dt);
    const double phi = geometry::wrapAngle(x[2]);
    next.position = Vec3(x[0], x[1], s0.position.z());
    next.direction = Vec3(std::cos(phi), std::sin(phi), 0.0);
    next.turnRate = iirFilter(turn0, x[5] / dt, kTurn);
    next.speed = iirFilter(v0, x[6] / dt, kSpeed);
    last = dyn.finalWeights(next.position, next.direction, {x[3], x[4]}, dt);
  } else {
    // x = [p(3), d(3), w_tar, w_obs, ∫ω̃ dt (3), ∫ṽ dt].
    using State = std::array<double, 12>;
    const Vec3 omega0(s0.model[2], s0.model[3], s0.model[4]);
    const auto rhs = [&](const State& x, State& dxdt, double t) {
      const Vec3 p(x[0], x[1], x[2]);
      Vec3 d(x[3], x[4], x[5]);
      d.normalize();
      const Rates r = dyn.evaluate(p, d, {x[6], x[7]}, t - t0);
      const double v = iirFilter(v0, r.speed, kSpeed);
      const Vec3 omega = (1.0 - kTurn) * omega0 + kTurn * r.angularVelocity;
      const Vec3 dd = omega.cross(d);
      dxdt = {v * d.x(), v * d.y(), v * d.z(), dd.x(), dd.y(), dd.z(), r.weightRates.target,
              r.weightRates.obstacle, r.angularVelocity.x(), r.angularVelocity.y(), r.angularVelocity.z(), r.speed};
    };
    State x{s0.position.x(), s0.position.y(), s0.position.z(), s0.direction.x(), s0.direction.y(), s0.direction.z(),
            s0.model[0], s0.model[1], 0.0, 0.0, 0.0, 0.0};
    sim::integrateStep(in.integrator, rhs, x, t0, dt);
    next.position = Vec3(x[0], x[1], x[2]);
    Vec3 d(x[3], x[4], x[5]);
    next.direction = d.norm() > 1e-12 ? Vec3(d.normalized()) : s0.direction;
    const Vec3 omega = (1.0 - kTurn) * omega0 + kTurn * Vec3(x[8], x[9], x[10]) / dt;
    next.model[2] = omega.x();
    next.model[3] = omega.y();
    next.model[4] = omega.z();
    next.turnRate = omega.norm();
    next.speed = iirFilter(v0, x[11] / dt, kSpeed);
    last = dyn.finalWeights(next.position, next.direction, {x[6], x[7]}, dt);
  }
  if (parameters_.weightMode == WeightMode::Integrated) last = floored(last, parameters_);
  next.model[0] = last.target;
  next.model[1] = last.obstacle;
  return next;
}

}  // namespace steer::local
