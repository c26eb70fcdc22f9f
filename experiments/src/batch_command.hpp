#pragma once
// `steer compare SCENARIO... --models ... --planners ... --seeds N --out DIR` and
// `steer sweep SCENARIO --param KEY=START:END:COUNT ... --seeds N --out DIR`: many runs in
// parallel, then DIR/comparison.csv, DIR/comparison.md and one bar chart per metric
// (DIR/charts/<metric>.png); every run's summary.json under DIR/runs/.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "steer/experiments/run_command.hpp"

namespace steer::experiments {

struct BatchCommandOptions {
  std::vector<std::string> scenarios;
  std::vector<std::string> models, planners;   ///< compare: default goldenstein,reynolds and direct
  std::vector<std::string> sweeps;             ///< sweep: KEY=START:END:COUNT | KEY=V1,V2 | KEY=V
  std::uint64_t seeds = 3, firstSeed = 1;
  int threads = 0;  ///< simulations at once; 0: one per core
  RunOverrides overrides;  ///< dt, duration, neighbors, integrator and (compare) fixed --param values
  std::string out;
  bool trajectories = false, charts = true, quiet = false;
  double trajectoryInterval = 0.0;  ///< 0: a row per agent at every step
  double frameInterval = 0.1;       ///< simulated seconds between ParaView frames (--trajectories)
  std::string command;  ///< the command line, quoted in comparison.md
};

void addCompareOptions(CLI::App& app, BatchCommandOptions& options);
void addSweepOptions(CLI::App& app, BatchCommandOptions& options);

/// Exit status: 0 done, 1 a run failed, 2 bad input (nothing written).
int compareCommand(const BatchCommandOptions& options);
int sweepCommand(const BatchCommandOptions& options);

}  // namespace steer::experiments
