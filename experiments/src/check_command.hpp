#pragma once
// `steer check SCENARIO`: reads a scenario as `steer run` would, with the same options, and says
// what it read, without running it or writing anything (docs/experiments.md#steer-check).
#include <string>

#include "commands.hpp"

namespace steer::experiments {

/// 0: the scenario is valid (its summary on stdout, the notes a run would give on stderr);
/// 2: bad input, with the message `steer run` gives for it.
int checkCommand(const std::string& path, const RunOverrides& overrides);

}  // namespace steer::experiments
