#pragma once
/// @file Builds the parts a scenario names. Unknown names and bad configuration sections throw
/// InputError with the scenario file's location.
#include <memory>

#include "steer/experiments/scenario.hpp"

namespace steer::experiments {

std::unique_ptr<sim::LocalModel> makeLocalModel(const Scenario& scenario);
std::unique_ptr<sim::NeighborProvider> makeNeighborProvider(const Scenario& scenario);
std::unique_ptr<sim::Planner> makePlanner(const Scenario& scenario);

/// Reads every configuration section (local, reynolds, planning, environment), also those of
/// parts the scenario does not run, so that an unknown key or a bad value in any of them is an
/// error (a scenario is meant to be run with other models and planners too: --model, --planner).
/// The field planner's file is opened only when that planner runs.
void checkSections(const Scenario& scenario);

/// Whether `model` reads the setting `key` (a --param or sweep key): `local.*` and the agents'
/// personalities set only the Goldenstein model, `reynolds.*` only the Reynolds one (the sections
/// makeLocalModel reads); every other key (world, agents, planning, environment) every model.
bool modelReadsKey(const std::string& model, const std::string& key);

/// A ready-to-run simulation of the scenario (after checkSections).
sim::Simulation makeSimulation(const Scenario& scenario);

}  // namespace steer::experiments
