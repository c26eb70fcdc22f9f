#include "scenario_run.hpp"

#include <cstdarg>
#include <cstdio>
#include <filesystem>

namespace steer::experiments::reproduce {

RunResult runSuiteScenario(const Context& context, const std::string& file, RunOverrides overrides,
                           const std::string& runName, bool trajectories) {
  if (context.progress) context.progress("running " + runName);
  overrides.threads = context.threads;
  const Scenario scenario = loadWithOverrides((context.scenarios / file).string(), overrides);
  validateScenario(scenario);
  RunOutputOptions output;
  output.trajectories = trajectories;
  return runScenario(scenario, context.out / "runs" / runName, output);
}

double loopFps(const RunResult& r) {
  return r.info.simulationSeconds > 0.0 ? static_cast<double>(r.info.steps) / r.info.simulationSeconds : 0.0;
}

std::string describeRun(const RunResult& r) {
  const auto& m = r.metrics;
  std::string s = format("%zu of %zu reached", m.reached(), m.agents.size());
  if (const auto t = m.meanTimeToGoal()) s += format(" (mean %.1f s)", *t);
  s += format(", %llu collisions", static_cast<unsigned long long>(m.agentAgentCollisions + m.agentObstacleCollisions));
  if (m.minClearance) s += format(", min clearance %.2f m", *m.minClearance);
  s += format(", %.0f steps/s", loopFps(r));
  return s;
}

std::string format(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  char buffer[1024];
  std::vsnprintf(buffer, sizeof buffer, fmt, args);
  va_end(args);
  return buffer;
}

}  // namespace steer::experiments::reproduce
