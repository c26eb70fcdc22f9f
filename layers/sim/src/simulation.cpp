#include "steer/sim/simulation.hpp"

#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <variant>

#include "steer/sim/team_size.hpp"

namespace steer::sim {

namespace {
bool finiteState(const AgentState& s) {
  if (!s.position.allFinite() || !s.direction.allFinite() || !std::isfinite(s.speed) || !std::isfinite(s.turnRate))
    return false;
  for (const double v : s.model)
    if (!std::isfinite(v)) return false;
  return true;
}

std::string divergedMessage(AgentIndex agent, double time, std::uint64_t step) {
  char buffer[200];
  std::snprintf(buffer, sizeof buffer, "agent %u's state is no longer finite after the step from t = %g s (step %llu)",
                static_cast<unsigned>(agent), time, static_cast<unsigned long long>(step + 1));
  return buffer;
}
}  // namespace

DivergedState::DivergedState(AgentIndex agent_, double time_, std::uint64_t step_)
    : std::runtime_error(divergedMessage(agent_, time_, step_)), agent(agent_), time(time_), step(step_) {}

Simulation::Simulation(World world, SimulationSettings settings, std::unique_ptr<LocalModel> model,
                       std::unique_ptr<NeighborProvider> environment, std::unique_ptr<Planner> planner)
    : world_(std::move(world)),
      settings_(settings),
      model_(std::move(model)),
      environment_(std::move(environment)),
      planner_(std::move(planner)),
      noise_(settings.seed) {
  if (!(settings_.dt > 0.0) || !(settings_.duration > 0.0) || settings_.threads < 1)
    throw std::invalid_argument("simulation settings: dt and duration must be > 0, threads >= 1");
  // A 2D world lies in z = 0: an agent built at z = 2 reached its target in x–y, then circled it
  // for the rest of the run, never counted as reached (reaching measures in 3D).
  if (world_.dimension == 2) {
    const auto flat = [](const Vec3& p, const std::string& what) {
      if (p.z() != 0.0) throw std::invalid_argument("a 2D world lies in z = 0: " + what + " has z = " + std::to_string(p.z()));
    };
    for (std::size_t i = 0; i < world_.agents.size(); ++i) {
      const Agent& a = world_.agents[i];
      flat(a.state.position, "agent " + std::to_string(i) + "'s position");
      for (std::size_t g = 0; g < a.goals.size(); ++g)
        if (a.goals[g].target.kind == Target::Kind::Point)
          flat(a.goals[g].target.point, "agent " + std::to_string(i) + "'s goal " + std::to_string(g));
    }
    for (std::size_t o = 0; o < world_.obstacles.size(); ++o)
      if (const auto* ball = std::get_if<geometry::Ball>(&world_.obstacles[o].shape))
        flat(ball->center, "obstacle " + std::to_string(o) + "'s centre");
  }
  for (std::size_t i = 0; i < world_.agents.size(); ++i)
    world_.agents[i].id = static_cast<AgentIndex>(i);
}

void Simulation::start() {
  if (started_) return;
  started_ = true;
  startTime_ = world_.time;
  world_.refreshPieces();
  for (auto& agent : world_.agents) model_->initialize(agent, world_.dimension);
  // Agents with no goals at all are done before they start.
  for (auto& agent : world_.agents) {
    if (agent.goals.empty() && !agent.staysAfterGoals) {
      agent.enabled = false;
      agent.finishTime = 0.0;
    }
  }
  planner_->prepare(world_);
  environment_->reset(world_);
  goals_.assign(world_.agents.size(), Vec3::Zero());
  next_.resize(world_.agents.size());
  previous_.resize(world_.agents.size());
  model_->commit(world_);
  for (auto* o : observers_) o->onStart(world_, *planner_);
}

// Within this of the duration, the clock is at the duration: a billionth of a step, or of the
// whole run when that is shorter than a step (a tolerance of the step alone ended a run of
// 1e-12 s, or of 1 s with dt = 1e9 s, before its first step).
double Simulation::endTolerance() const {
  const double span = settings_.duration - (started_ ? startTime_ : world_.time);
  return 1e-9 * std::min(settings_.dt, span);
}

bool Simulation::finished() const {
  if (finished_) return true;
  return world_.time >= settings_.duration - endTolerance() || world_.enabledCount() == 0;
}

bool goalReached(const World& world, const Agent& agent) {
  const Goal* goal = world.currentGoal(agent);
  if (goal == nullptr) return false;
  const Vec3& p = agent.state.position;
  switch (goal->kind) {
    case Goal::Kind::Seek: {
      const double r = goal->reachRadius > 0.0 ? goal->reachRadius : agent.radius;
      return (world.targetPosition(goal->target) - p).norm() <= r;
    }
    case Goal::Kind::SeekRegion: {
      const auto& b = goal->region;
      return p.x() >= b.min.x() && p.x() <= b.max.x() && p.y() >= b.min.y() && p.y() <= b.max.y() &&
             p.z() >= goal->regionZMin && p.z() <= goal->regionZMax;
    }
    default: return false;
  }
}

void Simulation::advanceGoals() {
  leaving_.clear();
  for (auto& agent : world_.agents) {
    if (!agent.enabled) continue;
    // Several goals may complete in one step (e.g. zero-length idles).
    while (const Goal* goal = world_.currentGoal(agent)) {
      const bool timedOut = world_.time - agent.goalStartTime >= goal->timeDuration - 1e-12;
      const bool reached = goalReached(world_, agent);
      if (!reached && !timedOut) break;
      if (!reached && goal->approachesPlace()) ++agent.goalsTimedOut;
      ++agent.goalIndex;
      agent.goalStartTime = world_.time;
    }
    if (agent.goalIndex >= agent.goals.size() && agent.finishTime < 0.0) {
      agent.finishTime = world_.time;
      if (!agent.staysAfterGoals) leaving_.push_back(agent.id);
    }
  }
}

void Simulation::step() {
  if (!started_) start();
  if (finished()) return;
  const double t = world_.time;
  const double dt = std::min(settings_.dt, settings_.duration - t);

  planner_->plan(world_, *environment_, goals_);

  const auto n = static_cast<std::int64_t>(world_.agents.size());
  const World& snapshot = world_;
  snapshotKinematics(world_, kinematics_);
  // SimulationSettings::minAgentsPerThread: a few agents run faster on one thread.
  const int threads = teamSize(world_.agents.size(), settings_.threads, settings_.minAgentsPerThread);
  // An exception may not leave an OpenMP region (it terminated the process: dopri5's bound on
  // sub-steps): the one of the lowest agent index is kept, whatever the thread count, and
  // thrown after the region.
  std::int64_t failedAgent = n;
  std::exception_ptr failure;
#pragma omp parallel num_threads(threads)
  {
    NearEnvironment near;
#pragma omp for schedule(static)
    for (std::int64_t i = 0; i < n; ++i) {
      const Agent& agent = snapshot.agents[i];
      if (!agent.enabled) {
        next_[i] = agent.state;
        continue;
      }
      try {
        gatherNearEnvironment(snapshot, kinematics_, *environment_, static_cast<AgentIndex>(i), near);
        const StepInput input{snapshot, agent, near, goals_[i], t, dt, steps_, settings_.integrator, noise_};
        next_[i] = model_->advance(input);
      } catch (...) {
#pragma omp critical(steer_step_failure)
        if (i < failedAgent) {
          failedAgent = i;
          failure = std::current_exception();
        }
      }
    }
  }
  if (failure) std::rethrow_exception(failure);

  // A state that is not finite would reach the environment layer as a NaN position (its indexes
  // cannot place one) and every output after it: stop here, with the world as it was.
  for (std::int64_t i = 0; i < n; ++i)
    if (world_.agents[i].enabled && !finiteState(next_[i])) throw DivergedState(static_cast<AgentIndex>(i), t, steps_);

  // Commit.
  for (std::int64_t i = 0; i < n; ++i) {
    previous_[i] = world_.agents[i].state.position;
    if (world_.agents[i].enabled) world_.agents[i].state = next_[i];
  }
  ++steps_;
  // Step k ends at t0 + k · dt, one rounding: summing dt piled up k of them (after 500,000 steps
  // of 1 µs the clock was 6.5e-12 s short of the duration and took one more step of that length,
  // and the rows' times read 2.9999999999999973 for 3). Within rounding of the duration, it is
  // the duration.
  double end = startTime_ + static_cast<double>(steps_) * settings_.dt;
  if (!(end < settings_.duration - endTolerance())) end = settings_.duration;
  world_.time = end;
  world_.advancePieces();  // the obstacles are fixed once started
  model_->commit(world_);
  advanceGoals();
  // The environment sees the step of the agents that leave at its end (their goals completed):
  // disabled before the update, an agent that went through a wall on its way to its target
  // had no contact. They are disabled after it, for the observers and the next step (their
  // near sets drop them then; gatherNearEnvironment skips them until it).
  environment_->update(world_, previous_);
  for (const AgentIndex i : leaving_) world_.agents[i].enabled = false;
  const auto contacts = environment_->contacts();
  for (auto* o : observers_) o->onContacts(world_, contacts);
  for (auto* o : observers_) o->onStep(world_, *planner_, previous_);
}

void Simulation::run(const std::function<void(double)>& progress) {
  start();
  while (!finished()) {
    step();
    if (progress) progress(std::min(1.0, world_.time / settings_.duration));
  }
  finished_ = true;
  for (auto* o : observers_) o->onFinish(world_);
}

}  // namespace steer::sim
