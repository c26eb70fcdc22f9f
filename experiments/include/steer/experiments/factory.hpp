#pragma once
/// @file Builds the parts a scenario names. Unknown names and bad configuration sections throw
/// InputError with the scenario file's location.
#include <memory>

#include "steer/experiments/scenario.hpp"

namespace steer::experiments {

std::unique_ptr<sim::LocalModel> makeLocalModel(const Scenario& scenario);
std::unique_ptr<sim::NeighborProvider> makeNeighborProvider(const Scenario& scenario);
std::unique_ptr<sim::Planner> makePlanner(const Scenario& scenario);

/// A ready-to-run simulation of the scenario.
sim::Simulation makeSimulation(const Scenario& scenario);

}  // namespace steer::experiments
