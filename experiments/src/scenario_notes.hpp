#pragma once
// What a run says of a scenario before it starts, as notes (valid, but likely not what was
// meant): a run too short for the agents to complete their goals, Reynolds neighbourhoods
// beyond near_radius, near sets of thousands of agents, steps longer than a body, static walls
// crossing each other 100,000 times or more under the kinetic provider. `steer run` and
// `steer check` print each as "COMMAND: note: TEXT"; a batch prints each distinct one once, with
// its scenario file (of each combination of scenario, model, planner and swept values, the
// notes of its first seed).
#include <string>
#include <vector>

#include "steer/experiments/scenario.hpp"

namespace steer::experiments {

/// Each note's text, without the "COMMAND: note: " before it and the newline after it.
std::vector<std::string> scenarioNoteTexts(const Scenario& scenario);

}  // namespace steer::experiments
