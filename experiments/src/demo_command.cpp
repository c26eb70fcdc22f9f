// `steer demo`: the U-trap of Fig. 7 (experiments/scenarios/u_trap.yaml, embedded at build time)
// with the direct, harmonic and hybrid planners (or the one `--planner` names), and a table of
// what happened, a row per planner.
#include <cstdio>
#include <iostream>

#include "commands.hpp"
#include "interrupt.hpp"
#include "progress_bar.hpp"
#include "steer/experiments/factory.hpp"
#include "u_trap_scenario.hpp"

namespace steer::experiments {

int demo(const CommonOptions& o) {
  const std::string out = o.out.empty() ? "runs/demo" : o.out;
  std::vector<std::pair<std::string, RunResult>> rows;
  // `--planner` runs that planner alone (it used to replace all three, under their labels).
  const std::vector<std::string> planners =
      o.overrides.planner ? std::vector<std::string>{*o.overrides.planner}
                          : std::vector<std::string>{"direct", "harmonic", "hybrid"};
  // Every run is set up before the first starts: a bad option (--param local.zzz=1, --planner
  // field without a field) is bad input, exit 2 on stderr, not a "not available" row of the table.
  std::vector<std::pair<std::string, Scenario>> runs;
  try {
    for (const std::string& planner : planners) {
      RunOverrides overrides = o.overrides;
      overrides.planner = planner;
      Scenario s = parseYamlWithOverrides(kUTrapScenarioYaml, "<embedded:u_trap.yaml>", overrides);
      makeLocalModel(s);
      makePlanner(s);
      runs.emplace_back(planner, std::move(s));
    }
  } catch (const InputError& e) {
    reportInputError(withParams(e, o.overrides.params));
    return 2;
  }
  for (const auto& [planner, s] : runs) {
    try {
      ProgressBar bar("steer demo: " + planner, !o.quiet);
      rows.emplace_back(planner, runScenario(s, std::filesystem::path(out) / planner, {o.frameInterval, o.trajectories, o.trajectoryInterval},
                                             [&](double f) { bar.update(f); }));
    } catch (const InputError& e) {
      reportInputError(withParams(e, o.overrides.params));
      return 2;
    } catch (const Interrupted& e) {
      std::cerr << "steer demo: " << e.what() << "\n";
      return e.exitStatus();
    } catch (const std::exception& e) {
      std::cerr << "steer demo: " << e.what() << "\n";
      return 1;
    }
  }
  std::printf("U-trap of Goldenstein et al. 2001, Fig. 7 (runs in %s)\n", out.c_str());
  std::printf("| %-8s | %-11s | %-7s | %-12s | %-10s | %-15s |\n", "planner", "model", "reached", "time to goal",
              "collisions", "path length (m)");
  std::printf("|----------|-------------|---------|--------------|------------|-----------------|\n");
  for (const auto& [planner, r] : rows) {
    const auto t = r.metrics.meanTimeToGoal();
    char time[32];
    if (t) std::snprintf(time, sizeof time, "%.1f s", *t);
    else std::snprintf(time, sizeof time, "not in %.0f s", r.info.simTime);
    std::printf("| %-8s | %-11s | %-7s | %-12s | %-10llu | %-15.1f |\n", planner.c_str(), r.info.model.c_str(),
                r.metrics.reached() > 0 ? "yes" : "no", time,
                static_cast<unsigned long long>(r.metrics.agentAgentCollisions + r.metrics.agentObstacleCollisions),
                r.metrics.meanPathLength());
  }
  return 0;
}

}  // namespace steer::experiments
