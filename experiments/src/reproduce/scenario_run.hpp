#pragma once
// Running one suite scenario for a claim: summary only by default (no trajectories, no ParaView frames),
// into context.out/runs/<name>/summary.json, with the context's threads.
#include <string>

#include "claim.hpp"
#include "steer/experiments/run_command.hpp"

namespace steer::experiments::reproduce {

/// Runs context.scenarios/<file> with `overrides` (the context's thread count is added) and
/// returns its result. Throws InputError for a missing or bad scenario. With `trajectories` the
/// run folder also keeps trajectories.csv (for a claim that needs the paths, not only the summary).
RunResult runSuiteScenario(const Context& context, const std::string& file, RunOverrides overrides,
                           const std::string& runName, bool trajectories = false);

/// Steps per second of the simulation loop alone (summary.json's steps / simulation_seconds).
double loopFps(const RunResult& result);

/// "3 of 4 reached (mean 32.1 s), 0 collisions, min clearance 0.05 m, 9,300 steps/s".
std::string describeRun(const RunResult& result);

/// printf into a std::string.
std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace steer::experiments::reproduce
