#pragma once
/// @file The local-layer interface (ARCHITECTURE.md §4): from an agent's own state, its goal
/// direction and its near environment, its next state. Implementations: the Goldenstein model
/// (steer::local), Reynolds' vehicle (steer::reynolds) and the straight reference model.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "steer/sim/integrator.hpp"
#include "steer/sim/near_environment.hpp"
#include "steer/sim/noise.hpp"
#include "steer/sim/report_figure.hpp"

namespace steer::sim {

/// Everything one agent may use in one step. The world is there for its static facts
/// (dimension, bounds) and the agent's own record, never to look at other agents: those come
/// only through `near`.
struct StepInput {
  const World& world;
  const Agent& agent;
  const NearEnvironment& near;
  Vec3 goalDirection;  ///< unit vector from the planner, or zero
  double time;         ///< start of the step (s)
  double dt;           ///< step length (s)
  std::uint64_t step;  ///< step counter, a key of the agent's noise
  const IntegratorSettings& integrator;
  const Noise& noise;
};

class LocalModel {
 public:
  virtual ~LocalModel() = default;
  virtual std::string_view name() const = 0;
  /// Sets model-specific initial state before the first step (e.g. initial weights).
  virtual void initialize(Agent& /*agent*/, int /*dimension*/) const {}
  /// The agent's state at time + dt. Must be a pure function of `in` and of what commit()
  /// last recorded (thread-safe, no other hidden state), so that results do not depend on agent
  /// order or thread count.
  virtual AgentState advance(const StepInput& in) const = 0;
  /// The commit phase's hook, for state shared between agents or kept across steps that does
  /// not fit in AgentState (e.g. resources that foraging agents consume, the cells an exploring
  /// agent has seen). Simulation calls it serially, once before the first step and once after
  /// each step, when every agent's new state is written and `world.time` is the step's end.
  /// Whatever it records depends only on the committed world, never on agent order or threads.
  virtual void commit(const World& /*world*/) {}

  /// A quantity of AgentState::model worth showing (a point array of the ParaView frames): its
  /// name and its slot.
  struct StateField {
    std::string name;
    int slot = 0;
  };
  /// The model's own state that pictures show; none by default.
  virtual std::vector<StateField> stateFields() const { return {}; }
  /// What the model kept track of over the run that only it knows (summary.json's
  /// `model_report`), read after the run: the resources foragers consumed, the cells explorers
  /// saw. None by default.
  virtual std::vector<ReportFigure> report() const { return {}; }
  /// The name of the scheme the model advances its agents by when it is one of its own, whatever
  /// the scenario's integrator says (the Reynolds vehicle's forward Euler as the paper prints
  /// it: "paper_euler"); empty when advance() runs the scenario's integrator. summary.json
  /// records it, so that a comparison says how each model stepped.
  virtual std::string_view ownIntegrator() const { return {}; }
};

/// The reference model (`--model straight`): the agent turns instantly to its goal direction and
/// moves at its desired speed, ignoring everything else. Kept for comparisons.
class StraightModel final : public LocalModel {
 public:
  std::string_view name() const override { return "straight"; }
  AgentState advance(const StepInput& in) const override;
};

/// The speed an agent should pursue: the goal's desired speed, else the agent's own.
double desiredSpeedOf(const World& world, const Agent& agent);
/// The same for one of its goals (`goal` may be null: the agent's own), capped at max_speed.
double desiredSpeedFor(const Agent& agent, const Goal* goal);

}  // namespace steer::sim
