#pragma once
/// @file What `steer run` does with one scenario file, cut short: the file read and checked as
/// the command reads it, then a few steps run into a scratch folder. Its verdict says whether
/// bad input got the command's answer (an InputError naming the file: exit status 2) or another
/// one (tests/fuzz/README.md, "Mutation fuzzing of the scenario
/// files").
#include <string>

#include "fuzz/differential_check.hpp"

namespace steer::fuzz {

enum class ScenarioVerdict {
  Ran,              ///< loaded, checked and ran its steps
  Rejected,         ///< an InputError that names the file: exit status 2, as it should
  WrongFile,        ///< an InputError that names another file, or none
  InternalError,    ///< another exception while reading: exit 2, but "internal error" and no place
  RunFailed,        ///< another exception in the run's set-up or steps: exit status 1
  UnknownThrow,     ///< something not a std::exception: std::terminate in the command
  Crashed,          ///< a signal
  TimedOut,         ///< no answer within the timeout
};
const char* scenarioVerdictName(ScenarioVerdict v);
/// Every verdict but Ran and Rejected points at a bug in the readers or the run.
bool isScenarioFinding(ScenarioVerdict v);

struct ScenarioOutcome {
  ScenarioVerdict verdict = ScenarioVerdict::Ran;
  std::string message;
};

/// Reads `path` and, if it is valid, runs at most `steps` steps of it with the run's outputs in
/// `scratch` (removed again), in this process.
ScenarioOutcome checkScenarioFile(const std::string& path, const std::string& scratch, int steps);

/// The same in a child process (runIsolated), so that a crash or a hang is a verdict.
ScenarioOutcome checkScenarioIsolated(const std::string& path, const std::string& scratch, int steps,
                                      unsigned timeoutSeconds);

}  // namespace steer::fuzz
