// A local model of your own, compared with the Goldenstein model on the same scenario: the
// model below implements sim::LocalModel (ARCHITECTURE.md §4) in some forty lines, and runs
// with the environment layer, the planner and the metrics that the scenario file gives the
// Goldenstein model, so that the two rows of the table differ by the model alone.
//
// The model is a social force in the spirit of Helbing & Molnár (1995), "Social force model for
// pedestrian dynamics", Phys. Rev. E 51: the velocity relaxes towards the desired velocity along
// the planner's goal direction with time constant τ (their eq. 2), and every agent and obstacle
// piece in the agent's near environment pushes it away with a force that falls exponentially with
// the gap (their eqs. 3–4 and 6, simplified here: circular potentials of the surface gap instead
// of their ellipses of the centre distance, and no field of view). Their parameters: τ = 0.5 s,
// V⁰ = 2.1 m²/s², σ = 0.3 m between pedestrians, U⁰ = 10 m²/s², R = 0.2 m from walls.
//
//   ./build-release/experiments/examples/steer_example_your_own_model [SCENARIO]
//   (default: experiments/scenarios/steersuite/four_way_crossing.xml)
//
// docs/library.md walks through it. Bad input is reported with the file, line and field, and
// exit status 2.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "steer/experiments/factory.hpp"
#include "steer/experiments/input_error.hpp"
#include "steer/experiments/metrics.hpp"
#include "steer/experiments/run_command.hpp"
#include "steer/experiments/scenario.hpp"
#include "steer/sim/integrate_step.hpp"
#include "steer/sim/local_model.hpp"
#include "steer/sim/simulation.hpp"

namespace {

using steer::sim::Vec3;

class SocialForceModel final : public steer::sim::LocalModel {
 public:
  std::string_view name() const override { return "social-force"; }

  // A pure function of the step's input: the simulation calls it for every agent from several
  // threads, and the same seed must give the same run whatever their number.
  steer::sim::AgentState advance(const steer::sim::StepInput& in) const override {
    const steer::sim::Agent& me = in.agent;
    const Vec3 desired = steer::sim::desiredSpeedOf(in.world, me) * in.goalDirection;  // zero without a goal
    // The acceleration (m/s²) at position x and velocity v; the others stay where the step
    // found them (the near environment is a snapshot of the step's start).
    auto acceleration = [&](const Vec3& x, const Vec3& v) {
      Vec3 a = (desired - v) / kRelaxation;
      for (const auto& other : in.near.agents) {
        const Vec3 away = x - other.position;
        const double d = away.norm();
        if (d > 0.0) a += kAgentStrength / kAgentRange * std::exp(-(d - me.radius - other.radius) / kAgentRange) * away / d;
      }
      for (const auto& wall : in.near.obstacles) {
        const Vec3 away = x - wall.closest;
        const double d = away.norm();
        if (d > 0.0) a += kWallStrength / kWallRange * std::exp(-(d - me.radius) / kWallRange) * away / d;
      }
      return a;
    };
    // The state (position, velocity) through the scenario's integrator, as the other models do.
    using State = std::array<double, 6>;
    const Vec3 v0 = me.state.velocity();
    State s{me.state.position.x(), me.state.position.y(), me.state.position.z(), v0.x(), v0.y(), v0.z()};
    steer::sim::integrateStep(
        in.integrator,
        [&](const State& x, State& dxdt, double) {
          const Vec3 p(x[0], x[1], x[2]);
          Vec3 v(x[3], x[4], x[5]);
          const Vec3 a = acceleration(p, v);
          // maxSpeed is a hard limit, and the kinetic environment layer's certificates rely on it.
          if (v.norm() > me.maxSpeed) v *= me.maxSpeed / v.norm();
          dxdt = {v.x(), v.y(), v.z(), a.x(), a.y(), a.z()};
        },
        s, in.time, in.dt);
    steer::sim::AgentState next = me.state;
    next.position = Vec3(s[0], s[1], s[2]);
    if (in.world.dimension == 2) next.position.z() = 0.0;
    const Vec3 v(s[3], s[4], s[5]);
    next.speed = std::min(v.norm(), me.maxSpeed);
    if (next.speed > 0.0) next.direction = v.normalized();  // a standing agent keeps its heading
    return next;
  }

 private:
  static constexpr double kRelaxation = 0.5;     // τ (s)
  static constexpr double kAgentStrength = 2.1;  // V⁰ (m²/s²)
  static constexpr double kAgentRange = 0.3;     // σ (m)
  static constexpr double kWallStrength = 10.0;  // U⁰ (m²/s²)
  static constexpr double kWallRange = 0.2;      // R (m)
};

// One run of the scenario with the given model (null: the scenario's own), its metrics.
steer::experiments::RunMetrics measure(const steer::experiments::Scenario& scenario,
                                       std::unique_ptr<steer::sim::LocalModel> model) {
  if (!model) model = steer::experiments::makeLocalModel(scenario);
  steer::sim::Simulation simulation(scenario.world, scenario.settings, std::move(model),
                                    steer::experiments::makeNeighborProvider(scenario),
                                    steer::experiments::makePlanner(scenario));
  steer::experiments::MetricsRecorder metrics;  // what `steer run` writes into summary.json
  simulation.addObserver(&metrics);
  simulation.run();
  return metrics.metrics();
}

void printRow(std::string_view model, const steer::experiments::RunMetrics& m) {
  char time[32] = "-";  // no agent reached
  if (const auto t = m.meanTimeToGoal()) std::snprintf(time, sizeof time, "%.2f", *t);
  std::printf("%-12.*s %3zu/%-3zu %14s %14.2f %10llu %10llu\n", static_cast<int>(model.size()), model.data(), m.reached(),
              m.agents.size(), time, m.meanPathLength(),
              static_cast<unsigned long long>(m.agentAgentCollisions),
              static_cast<unsigned long long>(m.agentObstacleCollisions));
}

}  // namespace

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : STEER_SOURCE_DIR "/experiments/scenarios/steersuite/four_way_crossing.xml";
  try {
    const steer::experiments::Scenario scenario = steer::experiments::loadWithOverrides(path, {});
    steer::experiments::validateScenario(scenario);
    steer::experiments::checkSections(scenario);
    if (scenario.model != "goldenstein")
      std::fprintf(stderr, "note: the scenario names the %s model; the first row runs it\n", scenario.model.c_str());
    std::printf("%s: %zu agents, %g s at dt %g s, planner %s, neighbours %s\n", scenario.name.c_str(),
                scenario.world.agents.size(), scenario.settings.duration, scenario.settings.dt, scenario.planner.c_str(),
                scenario.neighbors.c_str());
    // Collisions as summary.json counts them: overlaps deeper than 1 mm, each once, when it starts.
    std::printf("%-12s %7s %14s %14s %10s %10s\n", "model", "reached", "mean time (s)", "mean path (m)", "agent hits",
                "wall hits");
    printRow(scenario.model, measure(scenario, nullptr));
    printRow("social-force", measure(scenario, std::make_unique<SocialForceModel>()));
    return 0;
  } catch (const steer::experiments::InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  } catch (const steer::sim::DivergedState& e) {
    std::fprintf(stderr, "%s: %s (try a smaller dt)\n", path.c_str(), e.what());
    return 2;
  } catch (const steer::sim::StiffStep& e) {
    std::fprintf(stderr, "%s: %s (try rk4)\n", path.c_str(), e.what());
    return 2;
  }
}
