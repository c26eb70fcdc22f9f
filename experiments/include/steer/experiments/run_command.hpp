#pragma once
/// @file Running a scenario into an output folder: what `steer run` and `steer demo` do.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "steer/experiments/metrics.hpp"
#include "steer/experiments/run_output.hpp"
#include "steer/experiments/scenario.hpp"

namespace steer::experiments {

/// Command-line settings that override the scenario file (ARCHITECTURE.md §5).
struct RunOverrides {
  /// model: goldenstein | reynolds | straight; planner: direct | harmonic | hybrid | field;
  /// neighbors: kinetic | lattice | brute; integrator: euler | rk4 | dopri5 (as the options).
  std::optional<std::string> model, planner, neighbors, integrator;
  std::optional<std::uint64_t> seed;
  std::optional<double> dt, duration;
  std::optional<int> threads;
  /// "section.key=value" assignments into a configuration section (local, reynolds, planning,
  /// environment), e.g. "local.t2c=1.5" or "planning.harmonic.resolution=128"; or into a YAML
  /// scenario's groups and agents before it is read, e.g. "groups.crowd.personality.courage.mean=0.2"
  /// (the group or agent by name or index).
  std::vector<std::string> params;
};

/// Applies overrides to a loaded scenario; throws InputError (naming the option) for a bad value.
/// Group and agent assignments cannot be applied after loading: use loadWithOverrides.
void applyOverrides(Scenario& scenario, const RunOverrides& overrides);

/// `e` with "(read with --param ...)" after it when `params` is not empty and `e` is an error in
/// the scenario: the file's line was blamed for a value the command line gave it (--param
/// agents.0.position=[100, 0] read "u_trap.yaml:16:5: agents[0]: starts outside the world").
/// Errors of the command line itself, of a file that cannot be read (UnreadableFile), and errors
/// that say so already, are returned as they are.
InputError withParams(const InputError& e, const std::vector<std::string>& params);

/// Loads `path` with the overrides: the seed and the group and agent assignments while reading,
/// the rest after. Throws InputError.
Scenario loadWithOverrides(const std::string& path, const RunOverrides& overrides);
/// The same for a YAML scenario given as text (`file` names it in messages), e.g. the demo's.
Scenario parseYamlWithOverrides(const std::string& text, const std::string& file, const RunOverrides& overrides);

struct RunOutputOptions {
  double frameInterval = 0.1;  ///< simulated seconds between ParaView frames
  bool trajectories = true;    ///< false: summary.json only (no trajectories.csv, no ParaView series)
  /// Simulated seconds between trajectories.csv rows (> 0); 0: a row per agent at every step.
  double trajectoryInterval = 0.0;
};

struct RunResult {
  RunInfo info;
  RunMetrics metrics;
};

/// Runs the scenario and writes the run folder `out` (created if needed). Bad configuration
/// throws InputError before anything is written. `progress(fraction)` is called as it goes:
/// once with a negative fraction before the set-up (the planner's fields, the environment's
/// structure: minutes for a fine harmonic grid), then with the simulated fraction after each step.
RunResult runScenario(const Scenario& scenario, const std::filesystem::path& out, const RunOutputOptions& options,
                      const std::function<void(double)>& progress = {});

}  // namespace steer::experiments
