#include "fuzz/scenario_check.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <filesystem>

#include "fuzz/isolated_run.hpp"
#include "scenario_notes.hpp"
#include "steer/experiments/run_command.hpp"

namespace steer::fuzz {

namespace ex = steer::experiments;

const char* scenarioVerdictName(ScenarioVerdict v) {
  switch (v) {
    case ScenarioVerdict::Ran: return "ran";
    case ScenarioVerdict::Rejected: return "rejected";
    case ScenarioVerdict::WrongFile: return "error-names-another-file";
    case ScenarioVerdict::InternalError: return "internal-error-while-reading";
    case ScenarioVerdict::RunFailed: return "run-failed-exit-1";
    case ScenarioVerdict::UnknownThrow: return "unknown-throw";
    case ScenarioVerdict::Crashed: return "crash";
    case ScenarioVerdict::TimedOut: return "hang";
  }
  return "?";
}

bool isScenarioFinding(ScenarioVerdict v) { return v != ScenarioVerdict::Ran && v != ScenarioVerdict::Rejected; }

namespace {

constexpr rlim_t kMemoryLimitBytes = rlim_t{2} << 30;

// The command prints e.what() as its one line: it must start with the file the user gave.
ScenarioOutcome judged(const ex::InputError& e, const std::string& path) {
  if (e.where().file != path) return {ScenarioVerdict::WrongFile, e.what()};
  return {ScenarioVerdict::Rejected, e.what()};
}

// runOne in experiments/src/main.cpp, step for step, with the exception types mapped to the
// exit status the command would give them.
ScenarioOutcome readAndRun(const std::string& path, const std::string& scratch, int steps) {
  ex::Scenario scenario;
  try {
    scenario = ex::loadWithOverrides(path, {});
    ex::validateScenario(scenario);
  } catch (const ex::InputError& e) {
    return judged(e, path);
  } catch (const std::exception& e) {
    return {ScenarioVerdict::InternalError, e.what()};
  }
  // The budget: a few steps of the scenario as it was read (its checks made on the real duration).
  scenario.settings.duration = std::min(scenario.settings.duration, steps * scenario.settings.dt);
  try {
    (void)ex::scenarioNoteTexts(scenario);
    (void)ex::runScenario(scenario, scratch, {});
  } catch (const ex::InputError& e) {
    return judged(e, path);
  } catch (const std::exception& e) {
    return {ScenarioVerdict::RunFailed, e.what()};
  }
  return {ScenarioVerdict::Ran, {}};
}

}  // namespace

ScenarioOutcome checkScenarioFile(const std::string& path, const std::string& scratch, int steps) {
  ScenarioOutcome outcome;
  try {
    outcome = readAndRun(path, scratch, steps);
  } catch (...) {
    outcome = {ScenarioVerdict::UnknownThrow, "a throw of a type not derived from std::exception"};
  }
  std::error_code ignored;
  std::filesystem::remove_all(scratch, ignored);
  return outcome;
}

ScenarioOutcome checkScenarioIsolated(const std::string& path, const std::string& scratch, int steps,
                                      unsigned timeoutSeconds) {
  // runIsolated carries the environment fuzzer's Outcome: ours travels in its step field.
  const Outcome o = runIsolated(
      [&] {
        // A reader that allocates without end (yaml-cpp's LoadAll took 6 GB in 10 s) must fail
        // in the child, not take the machine's memory. (AddressSanitizer reserves terabytes of
        // address space for itself: there, the timeout alone stops it.)
#if !defined(__SANITIZE_ADDRESS__)
        const rlimit limit{kMemoryLimitBytes, kMemoryLimitBytes};
        setrlimit(RLIMIT_AS, &limit);
#endif
        const ScenarioOutcome s = checkScenarioFile(path, scratch, steps);
        return Outcome{Verdict::Agrees, static_cast<int>(s.verdict), s.message};
      },
      timeoutSeconds);
  std::error_code ignored;
  std::filesystem::remove_all(scratch, ignored);  // what a child that died left
  if (o.verdict == Verdict::Crashed) return {ScenarioVerdict::Crashed, o.message};
  if (o.verdict == Verdict::TimedOut) return {ScenarioVerdict::TimedOut, o.message};
  return {static_cast<ScenarioVerdict>(o.step), o.message};
}

}  // namespace steer::fuzz
