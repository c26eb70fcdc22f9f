#pragma once
// The subcommands of `steer`. Each returns the process exit status: 0 done, 1 failure while
// running, 2 bad input (ARCHITECTURE.md §5).
#include <CLI/CLI.hpp>

#include "steer/experiments/run_command.hpp"

namespace steer::experiments {

/// Options every run-like command shares.
struct CommonOptions {
  RunOverrides overrides;
  std::string out;
  bool quiet = false;
  double frameInterval = 0.1;
  double trajectoryInterval = 0.0;  ///< 0: a row per agent at every step (--trajectory-interval)
  bool trajectories = true;  ///< false: summary.json only (--no-trajectories)
};

/// Adds the common options of ARCHITECTURE.md §5 to a subcommand.
void addCommonOptions(CLI::App& app, CommonOptions& options);
/// Only the options that change what is run (--model ... --param), as `steer check` takes them.
void addOverrideOptions(CLI::App& app, RunOverrides& overrides);

/// What a run says of a scenario before it starts (scenario_notes.hpp: Reynolds neighbourhoods
/// beyond near_radius, near sets of thousands, steps longer than a body), and of agents without
/// goals, on stderr as "COMMAND: note: ...".
void scenarioNotes(const Scenario& scenario, const std::string& command);
void idleAgentsNote(const Scenario& scenario, const std::string& command);

/// Loads and overrides a scenario, printing `FILE:LINE:COLUMN: message` and returning false on bad input.
int runOne(const std::string& scenarioPath, const CommonOptions& options);
int demo(const CommonOptions& options);

/// Prints an InputError the way every command does.
void reportInputError(const InputError& e);

}  // namespace steer::experiments
