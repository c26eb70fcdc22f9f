// A measure of one's own on any scenario file: loads and checks a scenario as `steer run` does (our YAML or
// a SteerSuite XML test case, with --param-style overrides), builds the parts it names, and
// watches the run with an observer that writes, every second of simulated time, how many agents
// are still walking, the smallest gap between two bodies among the agents' near sets (what the
// environment layer says each agent can see, §5), and the smallest gap between a body and an
// obstacle, as CSV on standard output.
//
//   ./build-release/experiments/examples/steer_example_measure_a_scenario SCENARIO [SECTION.KEY=VALUE ...]
//   e.g. ... experiments/scenarios/personality_study.yaml groups.crowd.personality.courage.mean=0.9
//   (the assignments are those of `steer run --param`)
//
// Bad input (a missing file, a malformed scenario, an unknown key) is reported with the file,
// line and field, and exit status 2, as the steer command does. docs/library.md walks through it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "steer/experiments/factory.hpp"
#include "steer/experiments/input_error.hpp"
#include "steer/experiments/run_command.hpp"
#include "steer/experiments/scenario.hpp"
#include "steer/sim/integrator.hpp"
#include "steer/sim/simulation.hpp"

namespace {

class GapsEverySecond final : public steer::sim::StepObserver {
 public:
  explicit GapsEverySecond(const steer::sim::NeighborProvider& environment) : environment_(environment) {}

  void onStart(const steer::sim::World&, const steer::sim::Planner&) override {
    std::printf("t,walking,min_gap_between_agents,min_gap_to_obstacles\n");
  }

  void onStep(const steer::sim::World& world, const steer::sim::Planner&, std::span<const steer::sim::Vec3>) override {
    // The first step at or after each whole second of simulated time (s).
    const long second = static_cast<long>(std::floor(world.time + 1e-9));
    if (second == lastSecond_) return;
    lastSecond_ = second;
    int walking = 0;
    double agents = kNone, obstacles = kNone;  // m, body surface to body surface
    for (const auto& agent : world.agents) {
      if (!agent.enabled) continue;
      ++walking;
      // The near set: the agents inside C_x that x can see, in id order, from whichever provider
      // the scenario names (kinetic, lattice or brute give the same sets).
      for (const auto other : environment_.neighbors(agent.id)) {
        const auto& b = world.agents[other];
        agents = std::min(agents, (agent.state.position - b.state.position).norm() - agent.radius - b.radius);
      }
      // Negative inside a circle or sphere (its depth); the sides of a box or polygon only.
      for (const auto& piece : world.pieces())
        obstacles = std::min(obstacles, steer::sim::signedDistanceToPiece(piece, agent.state.position) - agent.radius);
    }
    std::printf("%.10g,%d,%s,%s\n", world.time, walking, text(agents).c_str(), text(obstacles).c_str());
  }

 private:
  static constexpr double kNone = std::numeric_limits<double>::infinity();
  // An empty field when nothing was in sight (no near neighbour, no obstacle).
  static std::string text(double gap) { return gap == kNone ? "" : std::to_string(gap); }
  const steer::sim::NeighborProvider& environment_;
  long lastSecond_ = 0;  // the step at t = 0 is not printed: the run starts there
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s SCENARIO [SECTION.KEY=VALUE ...]\n", argv[0]);
    return 2;
  }
  steer::experiments::RunOverrides overrides;  // the command line's options; here only --param's
  overrides.params.assign(argv + 2, argv + argc);
  try {
    const steer::experiments::Scenario scenario = steer::experiments::loadWithOverrides(argv[1], overrides);
    steer::experiments::validateScenario(scenario);  // what the file's parts say together
    steer::experiments::checkSections(scenario);     // unknown keys in any section are errors
    steer::sim::Simulation simulation = steer::experiments::makeSimulation(scenario);
    GapsEverySecond gaps(simulation.environment());
    simulation.addObserver(&gaps);
    simulation.run();
    return 0;
  } catch (const steer::experiments::InputError& e) {
    // "FILE:LINE:COLUMN: what is wrong", with the assignment to blame when one was given.
    std::fprintf(stderr, "%s\n", steer::experiments::withParams(e, overrides.params).what());
    return 2;
  } catch (const steer::sim::DivergedState& e) {
    // Parameters the readers accept can still make the integration blow up (or too stiff for
    // dopri5: sim::StiffStep); the step is not committed, so the world is as it was.
    std::fprintf(stderr, "%s: %s (try a smaller dt or milder parameters)\n", argv[1], e.what());
    return 2;
  } catch (const steer::sim::StiffStep& e) {
    std::fprintf(stderr, "%s: %s (try rk4 or milder parameters)\n", argv[1], e.what());
    return 2;
  }
}
