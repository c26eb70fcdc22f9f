#pragma once
/// @file The two-phase step loop of ARCHITECTURE.md §2: environment → planning → local layer →
/// commit. Every agent's next state is computed from the same snapshot, then all are written,
/// so results do not depend on agent order or thread count.
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "steer/sim/local_model.hpp"
#include "steer/sim/neighbor_provider.hpp"
#include "steer/sim/planner.hpp"

namespace steer::sim {

struct SimulationSettings {
  double dt = 0.05;         ///< step (s), > 0
  double duration = 60.0;   ///< simulated time limit (s), > 0
  std::uint64_t seed = 1;   ///< seeds every random draw of the run
  int threads = 1;          ///< worker threads for per-agent work, ≥ 1
  /// Agents per thread at least: a step of n agents uses min(threads, n / this) threads (≥ 1).
  /// For a handful of agents the parallel region costs more than it saves, much more on a loaded
  /// machine; the results do not depend on it. Tests that compare thread counts on few agents set 1.
  int minAgentsPerThread = 32;
  IntegratorSettings integrator;
};

/// Watches a run: outputs and metrics implement this.
class StepObserver {
 public:
  virtual ~StepObserver() = default;
  /// The world before the first step.
  virtual void onStart(const World& /*world*/, const Planner& /*planner*/) {}
  /// After each step's environment update, before onStep(): the contacts that began during the
  /// step, found in continuous time by the environment layer (NeighborProvider::contacts(), in
  /// the canonical order of environment::sortContacts). Goldenstein §3: the environment layer "is
  /// responsible for collision detection, and for notification to the agents involved".
  virtual void onContacts(const World& /*world*/, std::span<const Contact> /*contacts*/) {}
  /// After each committed step; `previous` holds the positions at the start of the step.
  virtual void onStep(const World& /*world*/, const Planner& /*planner*/,
                      std::span<const Vec3> /*previous*/) {}
  virtual void onFinish(const World& /*world*/) {}
};

/// Thrown by Simulation::step() when an enabled agent's next state is not finite: the model's
/// parameters or the step length make its integration diverge. The step is not committed, so
/// the world stays as it was at `time`, and no provider ever sees a NaN position.
class DivergedState : public std::runtime_error {
 public:
  DivergedState(AgentIndex agent, double time, std::uint64_t step);
  AgentIndex agent;  ///< index in World::agents
  double time;       ///< start of the step (s)
  std::uint64_t step;  ///< steps committed before it (0: the first); the message counts from 1
};

class Simulation {
 public:
  Simulation(World world, SimulationSettings settings, std::unique_ptr<LocalModel> model,
             std::unique_ptr<NeighborProvider> environment, std::unique_ptr<Planner> planner);

  /// Observers are not owned and must outlive the run.
  void addObserver(StepObserver* observer) { observers_.push_back(observer); }

  /// Prepares the planner, builds the environment and tells the observers. Called by run() and
  /// by the first step() if not called before.
  void start();
  /// One step of length dt. Throws DivergedState (before committing anything) when an agent's
  /// next state is not finite.
  void step();
  /// True when every agent is disabled or the duration is reached.
  bool finished() const;
  /// Steps until finished(); `progress(fraction)` is called after each step when given.
  void run(const std::function<void(double)>& progress = {});

  const World& world() const { return world_; }
  const SimulationSettings& settings() const { return settings_; }
  const LocalModel& model() const { return *model_; }
  const NeighborProvider& environment() const { return *environment_; }
  const Planner& planner() const { return *planner_; }
  std::uint64_t steps() const { return steps_; }

 private:
  // Moves every agent's goal sequence on; lists in leaving_ the agents that completed it and
  // leave the world (disabled by the caller, after the environment saw their last step).
  void advanceGoals();
  double endTolerance() const;

  World world_;
  SimulationSettings settings_;
  std::unique_ptr<LocalModel> model_;
  std::unique_ptr<NeighborProvider> environment_;
  std::unique_ptr<Planner> planner_;
  std::vector<StepObserver*> observers_;
  Noise noise_;
  std::vector<Vec3> goals_;
  std::vector<AgentState> next_;
  std::vector<Vec3> previous_;
  std::vector<AgentIndex> leaving_;
  std::vector<AgentKinematics> kinematics_;  ///< the step's snapshot of every agent, for gathering
  std::uint64_t steps_ = 0;
  double startTime_ = 0.0;  // world time at start(): step k ends at startTime_ + k · dt
  bool started_ = false;
  bool finished_ = false;
};

/// True when the agent has reached its current seek or region goal.
bool goalReached(const World& world, const Agent& agent);

}  // namespace steer::sim
