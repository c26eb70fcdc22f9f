// The layers used from C++ without a scenario file: twelve agents crossing a closed hall through
// the two doors of a wall across it, each run by the Goldenstein model (steer::local, Goldenstein
// et al. 2001 §4 and Appendix A), its near environment tracked by the kinetic constrained Delaunay
// triangulation (steer::environment, §5 and A.3), and its goal direction taken from a harmonic
// potential field (steer::planning, §6.1). Prints when each agent reached its target and the contacts the
// environment layer found between steps.
//
//   ./build-release/experiments/examples/steer_example_crowd_in_code [SEED]
//
// docs/library.md walks through it.
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <span>
#include <string>
#include <utility>

#include "steer/environment/kinetic_provider.hpp"
#include "steer/local/goldenstein_model.hpp"
#include "steer/planning/harmonic_planner.hpp"
#include "steer/sim/simulation.hpp"

namespace {

using steer::sim::Vec3;

// The hall: 30 m × 20 m, closed by four walls (the world's bounds alone are not walls: agents
// may step outside them), split across the middle by a wall with two 4 m doors.
steer::sim::World hall() {
  steer::sim::World world;
  world.dimension = 2;
  world.bounds = {Vec3(-15, -10, -1), Vec3(15, 10, 1)};
  const steer::geometry::Vec2 corners[] = {{-15, -10}, {15, -10}, {15, 10}, {-15, 10}};
  for (int k = 0; k < 4; ++k)
    world.obstacles.push_back({steer::geometry::Segment{corners[k], corners[(k + 1) % 4]}, {}});
  for (const auto& [from, to] : {std::pair{-10.0, -6.0}, std::pair{-2.0, 2.0}, std::pair{6.0, 10.0}})
    world.obstacles.push_back({steer::geometry::Segment{{0, from}, {0, to}}, {}});
  return world;
}

// One agent: SI units throughout (m, m/s); personality traits in [0, 1] (§4.4).
steer::sim::Agent walker(const Vec3& start, const Vec3& target, double heading) {
  steer::sim::Agent agent;
  agent.radius = 0.3;
  agent.nearRadius = 4.0;  // C_x of §5: what the agent sees
  agent.desiredSpeed = 1.3;
  agent.maxSpeed = 2.0;  // a true bound: the kinetic layer's certificates rely on it
  agent.state.position = start;
  agent.state.direction = Vec3(std::cos(heading), std::sin(heading), 0);
  steer::sim::Goal goal;
  goal.target.point = target;
  goal.reachRadius = 1.0;
  agent.goals.push_back(goal);
  return agent;
}

// An observer sees the run without changing it: here the contacts found in continuous time
// between two steps (Goldenstein §3: the environment layer "is responsible for collision
// detection, and for notification to the agents involved").
class ContactLog final : public steer::sim::StepObserver {
 public:
  void onContacts(const steer::sim::World&, std::span<const steer::sim::Contact> contacts) override {
    for (const auto& c : contacts) {
      if (c.withObstacle)
        std::printf("contact at %.3f s: agent %u and obstacle piece %u\n", c.time, c.a, c.piece);
      else
        std::printf("contact at %.3f s: agents %u and %u\n", c.time, c.a, c.b);
      ++count;
    }
  }
  int count = 0;
};

}  // namespace

int main(int argc, char** argv) {
  steer::sim::World world = hall();
  // Twelve walk from the west end to the east end, through the doors: the harmonic field leads
  // each round the wall, where a straight line to its target would run into it.
  for (int k = 0; k < 12; ++k) {
    const double y = -8.25 + 1.5 * k;
    world.agents.push_back(walker(Vec3(-13, y, 0), Vec3(13, -y, 0), 0.0));
  }
  // (The simulation numbers the agents by their index and cuts the obstacles into the pieces the
  // layers see, segments and balls, when it starts.)

  steer::sim::SimulationSettings settings;
  settings.dt = 0.05;        // s
  settings.duration = 60.0;  // s
  settings.seed = 1;  // the model's noise; the first argument replaces it
  if (argc > 1) {
    // A whole number only: strtoull read "abc" as seed 0 without a word.
    const std::string text = argv[1];
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), settings.seed);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
      std::fprintf(stderr, "usage: %s [SEED]: SEED must be a whole number from 0 to 18446744073709551615, got '%s'\n", argv[0],
                   argv[1]);
      return 2;
    }
  }
  settings.integrator.kind = steer::sim::IntegratorKind::RK4;

  steer::planning::HarmonicPlannerParameters field;  // solved once, in start()
  field.field.resolution = 128;                       // cells along the hall's longer side
  steer::sim::Simulation simulation(std::move(world), settings, std::make_unique<steer::local::GoldensteinModel>(),
                                    std::make_unique<steer::environment::KineticProvider>(),
                                    std::make_unique<steer::planning::HarmonicPlanner>(field));
  ContactLog contacts;
  simulation.addObserver(&contacts);
  simulation.run();

  int reached = 0;
  for (const auto& agent : simulation.world().agents) {
    if (agent.finishTime >= 0) {
      ++reached;
      std::printf("agent %2u reached its target at %5.2f s\n", agent.id, agent.finishTime);
    } else {
      std::printf("agent %2u did not reach; it is at (%.2f, %.2f)\n", agent.id, agent.state.position.x(),
                  agent.state.position.y());
    }
  }
  std::printf("reached %d of %zu in %.1f s, %d contacts\n", reached, simulation.world().agents.size(),
              simulation.world().time, contacts.count);
  return 0;
}
