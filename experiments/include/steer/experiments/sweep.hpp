#pragma once
/// @file The job lists of `steer compare` (scenarios × models × planners × seeds) and
/// `steer sweep` (the cartesian product of parameter values × seeds).
#include <cstdint>
#include <string>
#include <vector>

#include "steer/experiments/batch.hpp"

namespace steer::experiments {

/// A swept `--param`: its key ("local.courage", "groups.crowd.personality.courage.mean") and
/// its values as text, each given to the scenario as `--param key=value` would be.
struct SweepParameter {
  std::string key;
  std::vector<std::string> values;
};

/// Reads `KEY=START:END:COUNT` (COUNT evenly spaced numbers from START to END, both included;
/// COUNT = 1 gives START), `KEY=V1,V2,...` (a list) or `KEY=V` (one value). Values in [...] or
/// {...} are one YAML value. Throws InputError (at "<command line>") for a malformed one.
SweepParameter parseSweepParameter(const std::string& text);

/// The short names of swept keys in chart labels: each key's last dotted parts, as few as keep
/// the keys apart ("local.courage" → "courage"; "groups.a.personality.courage.mean" and
/// "groups.a.personality.dexterity.mean" → "courage.mean", "dexterity.mean"); a mean or std keeps
/// its trait's name ("courage.mean" alone too).
std::vector<std::string> shortFactorNames(const std::vector<std::string>& keys);

/// Seeds first, first + 1, ..., first + count − 1.
std::vector<std::uint64_t> seedList(std::uint64_t first, std::uint64_t count);

/// Every scenario × model × planner × seed, in that nesting order (seed fastest). `base` holds
/// the other overrides (dt, duration, --param ...). Folders are the files' stems, made unique.
std::vector<BatchJob> compareJobs(const std::vector<std::string>& scenarios, const std::vector<std::string>& models,
                                  const std::vector<std::string>& planners, const std::vector<std::uint64_t>& seeds,
                                  const RunOverrides& base);

/// The cartesian product of the parameters' values (the first parameter slowest) × models ×
/// planners × seeds, on one scenario. Empty `models` or `planners` keep the scenario's own.
std::vector<BatchJob> sweepJobs(const std::string& scenario, const std::vector<SweepParameter>& parameters,
                                const std::vector<std::string>& models, const std::vector<std::string>& planners,
                                const std::vector<std::uint64_t>& seeds, const RunOverrides& base);

}  // namespace steer::experiments
