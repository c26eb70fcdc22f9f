#include "reproduce_command.hpp"

#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>

#include "claim.hpp"
#include "cli_checks.hpp"
#include "interrupt.hpp"
#include "report.hpp"
#include "steer/experiments/input_error.hpp"
#include "steer/experiments/run_output.hpp"

namespace steer::experiments::reproduce {

namespace fs = std::filesystem;

namespace {

struct Paper {
  const char* title;
  std::vector<Claim> (*claims)(const Context&);
  /// The files of the suite its claims read, looked for before any run (a --scenarios folder
  /// without maze_b.yaml failed after twenty runs).
  std::vector<const char*> scenarioFiles;
};

const std::map<std::string, Paper>& papers() {
  static const std::map<std::string, Paper> all = {
      {"goldenstein2001",
       {"Goldenstein et al. 2001, Scalable Nonlinear Dynamical Systems for Agent Steering and Crowd Simulation", &goldenstein2001,
        {"u_trap.yaml", "personality_study.yaml", "hidden_target.yaml", "maze_a.yaml", "maze_b.yaml", "theater.yaml",
         "chicken_2d.yaml", "chicken_3d.yaml", "flock1.yaml", "flock_3d.yaml"}}},
      {"reynolds1999", {"Reynolds 1999, Steering Behaviors For Autonomous Characters", &reynolds1999, {}}},
      {"reynolds2000", {"Reynolds 2000, Interaction with Groups of Autonomous Characters", &reynolds2000, {"pigeons.yaml"}}},
  };
  return all;
}

std::string utcNow() {
  const std::time_t t = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return text;
}

// Replaces DIR/name by staging/name (file or folder), when the staging run made it.
void moveIn(const fs::path& staging, const fs::path& dir, const char* name) {
  const fs::path from = staging / name, to = dir / name;
  // A paper without figures left an empty figures/ folder in DIR.
  if (!fs::exists(from) || (fs::is_directory(from) && fs::is_empty(from))) return;
  fs::remove_all(to);
  fs::rename(from, to);
}

}  // namespace

void addReproduceOptions(CLI::App& app, ReproduceOptions& o) {
  std::vector<std::string> names;
  for (const auto& [name, paper] : papers()) names.push_back(name);
  app.add_option("PAPER", o.paper, "goldenstein2001 | reynolds1999 | reynolds2000")->required()->check(oneOf(names));
  app.add_option("--out", o.out, "output folder (default: papers/<paper>, the paper's folder from the repository root)")
      ->check(nonEmptyPath());
  // An empty value (an unset shell variable) is bad input, as for --out: it read as the default.
  app.add_option("--scenarios", o.scenarios, "the scenario suite (default: this source tree's experiments/scenarios)")
      ->check(nonEmptyPath());
  app.add_flag("--quick", o.quick, "a reduced budget (fewer seeds, smaller N) for CI; every row is still filled");
  app.add_option("--threads", o.threads, "worker threads for scenario runs (results do not depend on it)")->check(CLI::Range(1, 256));
  app.add_option("--seed", o.seed, "base seed of the stochastic checks")->capture_default_str()->check(seedNumber());
  app.add_flag("--quiet,-q", o.quiet, "no progress lines");
}

int reproduceCommand(const ReproduceOptions& o) {
  const auto found = papers().find(o.paper);
  if (found == papers().end()) {
    std::cerr << "steer reproduce: unknown paper '" << o.paper << "' (goldenstein2001, reynolds1999, reynolds2000)\n";
    return 2;
  }
  const Paper& paper = found->second;
  const fs::path dir = o.out.empty() ? fs::path("papers") / o.paper : fs::path(o.out);
  Context context;
  context.scenarios = o.scenarios.empty() ? fs::path(STEER_SCENARIO_DIR) : fs::path(o.scenarios);
  if (!fs::is_directory(context.scenarios)) {
    std::cerr << "steer reproduce: --scenarios: " << context.scenarios.string() << " is not a folder\n";
    return 2;
  }
  {
    std::string missing;
    std::error_code ec;
    for (const char* file : paper.scenarioFiles)
      if (!fs::is_regular_file(context.scenarios / file, ec)) missing += std::string(missing.empty() ? "" : ", ") + file;
    if (!missing.empty()) {
      std::cerr << "steer reproduce: --scenarios: " << context.scenarios.string() << " lacks " << missing << " (" << o.paper
                << " reads them; nothing was run)\n";
      return 2;
    }
  }
  context.quick = o.quick;
  context.threads = o.threads;
  context.seed = o.seed;
  if (!o.quiet) context.progress = [&](const std::string& line) { std::cerr << "[reproduce " << o.paper << "] " << line << "\n"; };
  // Run from the repository's root, the default replaces the committed report: say so first.
  if (!o.quiet && o.out.empty())
    std::cerr << "[reproduce " << o.paper << "] writing into " << dir.string()
              << " (from the repository's root, its committed report: --out DIR writes elsewhere)\n";

  std::error_code ec;
  const bool existed = fs::exists(dir, ec);
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    std::cerr << "steer reproduce: --out: cannot create " << dir.string() << ": " << ec.message() << "\n";
    return 2;
  }
  // Beside DIR, so that the final renames stay on one file system.
  const fs::path staging = dir / (".staging-" + std::to_string(::getpid()));
  // Nothing of a failed run stays: its staging folder, and DIR when this run made it.
  const auto cleanup = [&] {
    fs::remove_all(staging, ec);
    if (!existed && fs::is_empty(dir, ec)) fs::remove(dir, ec);
  };
  fs::remove_all(staging, ec);
  fs::create_directories(staging / "figures", ec);
  if (ec) {
    // A folder that exists but cannot be written (read-only): bad input, like a missing one.
    std::cerr << "steer reproduce: --out: cannot write in " << dir.string() << ": " << ec.message() << "\n";
    cleanup();
    return 2;
  }
  context.out = staging;

  RunConditions conditions = describeMachine();
  conditions.paper = o.paper;
  conditions.title = paper.title;
  conditions.command = o.command.empty() ? "steer reproduce " + o.paper : o.command;
  conditions.startedUtc = utcNow();
  conditions.quick = o.quick;
  // A link that works from wherever the report is written (--out elsewhere broke README.md).
  {
    std::error_code ec;
    const fs::path readme = fs::weakly_canonical(fs::path(STEER_SCENARIO_DIR) / ".." / ".." / "papers" / o.paper / "README.md", ec);
    if (!ec && fs::exists(readme, ec)) {
      const fs::path link = fs::relative(readme, fs::weakly_canonical(fs::absolute(dir), ec), ec);
      if (!ec && !link.empty()) conditions.readme = link.generic_string();
    }
  }
  const auto start = std::chrono::steady_clock::now();
  std::vector<Claim> claims;
  try {
    claims = paper.claims(context);
    conditions.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    writeFileAtomically(staging / "REPORT.md", reportMarkdown(conditions, claims));
    writeFileAtomically(staging / "report.json", reportJson(conditions, claims).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    for (const char* name : {"REPORT.md", "report.json", "figures", "runs"}) moveIn(staging, dir, name);
  } catch (const InputError& e) {
    cleanup();
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const Interrupted& e) {
    cleanup();
    std::cerr << "steer reproduce " << o.paper << ": " << e.what() << "; no report written\n";
    return e.exitStatus();
  } catch (const std::exception& e) {
    cleanup();
    std::cerr << "steer reproduce " << o.paper << ": " << e.what() << "\n";
    return 1;
  }
  cleanup();
  if (!o.quiet) {
    int reproduced = 0;
    for (const auto& c : claims) reproduced += c.verdict == Verdict::Reproduced;
    std::cout << o.paper << ": " << claims.size() << " claims, " << reproduced << " reproduced -> "
              << (dir / "REPORT.md").string() << "\n";
  }
  return 0;
}

}  // namespace steer::experiments::reproduce
