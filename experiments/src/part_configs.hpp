#pragma once
// Readers of each part's configuration section of a scenario (Scenario::local, ::reynolds,
// ::planning, ::environment). One config_<part>.cpp per part; each throws InputError with the
// node's location on a bad or unknown key (see yaml_support.hpp).
#include "steer/experiments/scenario.hpp"
#include "steer/planning/direct_planner.hpp"

namespace steer::experiments {

planning::DirectPlannerParameters readDirectPlannerParameters(const Scenario& scenario);

}  // namespace steer::experiments
