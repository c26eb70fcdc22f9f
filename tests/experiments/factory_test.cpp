// What experiments::makeSimulation builds for a run (factory.cpp).
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "steer/environment/kinetic_provider.hpp"
#include "steer/environment/lattice_provider.hpp"
#include "steer/experiments/factory.hpp"

using namespace steer;

namespace {
std::unique_ptr<sim::NeighborProvider> detectingProvider(const std::string& neighbors) {
  if (neighbors == "kinetic") return std::make_unique<environment::KineticProvider>();
  return std::make_unique<environment::LatticeProvider>();
}
}  // namespace

// A run never reads the providers' contacts (its collision metric samples the step ends), so
// its providers do not look for them. The control, a provider with the library's default
// settings following the same motion, shows that there were contacts to find.
TEST(Factory, RunProvidersDoNotDetectContacts) {
  for (const std::string neighbors : {"kinetic", "lattice"}) {
    SCOPED_TRACE(neighbors);
    auto s = experiments::loadScenario(std::string(STEER_TEST_DATA_DIR) + "/steersuite/circle_swap_100.xml", 3, true);
    s.model = "straight";  // all walk through the centre: the first contacts after ~110 steps
    s.neighbors = neighbors;
    s.settings.duration = 60.0;
    auto simulation = experiments::makeSimulation(s);
    simulation.start();
    const auto control = detectingProvider(neighbors);
    control->reset(simulation.world());
    std::vector<sim::Vec3> previous;
    std::size_t found = 0;
    for (int step = 0; step < 300 && found == 0; ++step) {
      previous.clear();
      for (const auto& a : simulation.world().agents) previous.push_back(a.state.position);
      simulation.step();
      control->update(simulation.world(), previous);
      found += control->contacts().size();
      ASSERT_TRUE(simulation.environment().contacts().empty()) << "step " << step;
    }
    EXPECT_GT(found, 0u);
  }
}
