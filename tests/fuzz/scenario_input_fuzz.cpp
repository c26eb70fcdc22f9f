// steer_fuzz_scenarios: mutation fuzzing of the scenario readers. Each case mutates one of the
// repository's good scenario files and reads and runs the mutant as `steer run` would, in a child
// process; bad input must get an InputError naming the file (exit status 2), never another
// exception, a crash or a hang. tests/fuzz/README.md says how to use it.
//
// Exit status: 0 no finding, 1 findings (or the file checked is one), 2 bad input.
#include <CLI/CLI.hpp>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "fuzz/scenario_check.hpp"
#include "fuzz/scenario_mutation.hpp"
#include "steer/experiments/scenario.hpp"

namespace {

using namespace steer::fuzz;
namespace fs = std::filesystem;

// A SteerSuite case or our YAML, by the loader's own rule.
bool isXml(const fs::path& p) { return steer::experiments::isSteerSuitePath(p.string()); }

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void writeFile(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

// A folder of this process's own under the system's temporary folder, removed at the end.
struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("steer_fuzz_scenarios_" + std::to_string(getpid()));
  Scratch() { fs::create_directories(dir); }
  ~Scratch() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
  fs::path mutantPath(bool xml) const { return dir / (xml ? "mutant.xml" : "mutant.yaml"); }
  std::string runFolder() const { return (dir / "run").string(); }
};

struct Settings {
  int steps = 5;
  unsigned timeout = 20;
};

// The repository's scenario files that read and run as they are (the seeds of every mutant),
// in a fixed order.
std::vector<fs::path> seedFiles(const Scratch& scratch, const Settings& s) {
  std::vector<fs::path> candidates;
  for (const char* dir : {"experiments/scenarios", "tests/data/yaml", "tests/data/steersuite"})
    for (const auto& e : fs::recursive_directory_iterator(fs::path(STEER_SOURCE_DIR) / dir))
      if (e.path().extension() == ".yaml" || e.path().extension() == ".xml") candidates.push_back(e.path());
  std::sort(candidates.begin(), candidates.end());
  std::vector<fs::path> good;
  for (const auto& path : candidates) {
    // Read from a copy of the file's own name in the scratch folder, as the mutants are.
    const fs::path copy = scratch.mutantPath(isXml(path));
    writeFile(copy, readFile(path));
    const ScenarioOutcome outcome = checkScenarioIsolated(copy.string(), scratch.runFolder(), s.steps, s.timeout);
    if (outcome.verdict == ScenarioVerdict::Ran) good.push_back(path);
    else std::fprintf(stderr, "not a seed: %s: %s: %s\n", path.c_str(), scenarioVerdictName(outcome.verdict), outcome.message.c_str());
  }
  return good;
}

struct Case {
  fs::path seedFile;
  Mutant mutant;
};

Case makeCase(const std::vector<fs::path>& seeds, std::uint64_t seed) {
  const fs::path& file = seeds[seed % seeds.size()];
  return {file, mutateScenario(readFile(file), isXml(file), seed)};
}

std::string describe(const Case& c) {
  std::string text = "from " + fs::relative(c.seedFile, STEER_SOURCE_DIR).string() + ":";
  for (const auto& step : c.mutant.steps) text += "\n    " + step;
  return text;
}

// A rejection whose message has no line, though the format has lines (kept apart: some errors
// have no place in the file, a run that diverged, but most should).
bool withoutLine(const std::string& message, const std::string& path) {
  const std::string prefix = path + ":";
  return message.rfind(prefix, 0) != 0 || message.size() <= prefix.size() || !std::isdigit(static_cast<unsigned char>(message[prefix.size()]));
}

struct RunOptions {
  std::uint64_t firstSeed = 1;
  std::uint64_t cases = 0;
  double seconds = 0.0;
  std::string out;
  bool quiet = false;
  Settings settings;
};

int runCases(const RunOptions& o) {
  fs::create_directories(o.out);
  const Scratch scratch;
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  const auto seeds = seedFiles(scratch, o.settings);
  if (seeds.empty()) {
    std::fprintf(stderr, "no scenario file of the repository reads and runs: nothing to mutate\n");
    return 2;
  }
  std::printf("%zu seed files\n", seeds.size());
  std::map<ScenarioVerdict, std::uint64_t> tally;
  std::map<std::string, std::uint64_t> noLine;  // messages without a line, the file's path left out
  std::uint64_t done = 0, findings = 0;
  const auto report = [&](const char* what) {
    std::printf("%s: %llu cases from seed %llu (", what, static_cast<unsigned long long>(done),
                static_cast<unsigned long long>(o.firstSeed));
    const char* separator = "";
    for (const auto& [verdict, n] : tally)
      std::printf("%s%llu %s", std::exchange(separator, ", "), static_cast<unsigned long long>(n), scenarioVerdictName(verdict));
    std::printf("), %llu findings, %.0f s\n", static_cast<unsigned long long>(findings), elapsed());
    std::fflush(stdout);
  };
  for (std::uint64_t seed = o.firstSeed;; ++seed) {
    if (o.cases > 0 && done >= o.cases) break;
    if (o.seconds > 0 && elapsed() > o.seconds) break;
    const Case c = makeCase(seeds, seed);
    const bool xml = isXml(c.seedFile);
    const fs::path mutant = scratch.mutantPath(xml);
    writeFile(mutant, c.mutant.text);
    const ScenarioOutcome outcome = checkScenarioIsolated(mutant.string(), scratch.runFolder(), o.settings.steps, o.settings.timeout);
    ++done;
    ++tally[outcome.verdict];
    if (outcome.verdict == ScenarioVerdict::Rejected && withoutLine(outcome.message, mutant.string()))
      ++noLine[outcome.message.substr(std::min(outcome.message.size(), mutant.string().size()))];
    if (isScenarioFinding(outcome.verdict)) {
      ++findings;
      const std::string name = "finding-" + std::to_string(seed) + "-" + scenarioVerdictName(outcome.verdict);
      const fs::path kept = fs::path(o.out) / (name + (xml ? ".xml" : ".yaml"));
      writeFile(kept, c.mutant.text);
      writeFile(fs::path(o.out) / (name + ".txt"),
                "seed " + std::to_string(seed) + ", " + describe(c) + "\nverdict: " + scenarioVerdictName(outcome.verdict) +
                    "\nmessage: " + outcome.message + "\n");
      std::printf("FINDING seed %llu: %s: %s\n  %s\n  mutant: %s\n", static_cast<unsigned long long>(seed),
                  scenarioVerdictName(outcome.verdict), outcome.message.c_str(), describe(c).c_str(), kept.string().c_str());
      std::fflush(stdout);
    }
    if (done % 500 == 0 && !o.quiet) report("progress");
  }
  report("done");
  if (!noLine.empty()) {
    std::printf("rejections without a line (not findings; the file's path left out):\n");
    for (const auto& [message, n] : noLine) std::printf("  %llu x %s\n", static_cast<unsigned long long>(n), message.c_str());
  }
  return findings > 0 ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Mutation fuzzing of steer's scenario readers: bad input must be an InputError naming the file"};
  app.require_subcommand(1);
  const auto addSettings = [](CLI::App* command, Settings& s) {
    command->add_option("--steps", s.steps, "steps a mutant that reads is run for")->capture_default_str()->check(CLI::PositiveNumber);
    command->add_option("--timeout", s.timeout, "CPU seconds one case may use before it counts as a hang (a case that blocks: four times that of wall time)")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
  };

  RunOptions run;
  CLI::App* runCommand = app.add_subcommand("run", "mutate and check cases, each in a child process");
  runCommand->add_option("--first-seed", run.firstSeed, "seed of the first case; the next cases take the next seeds")
      ->capture_default_str();
  auto* casesOption = runCommand->add_option("--cases", run.cases, "how many cases")->check(CLI::PositiveNumber);
  auto* secondsOption = runCommand->add_option("--seconds", run.seconds, "stop after this wall time (s)")->check(CLI::PositiveNumber);
  casesOption->excludes(secondsOption);
  runCommand->add_option("--out", run.out, "folder for the mutants that are findings (finding-<seed>-<verdict>.yaml|xml)")
      ->required();
  runCommand->add_flag("--quiet", run.quiet, "no progress line every 500 cases");
  addSettings(runCommand, run.settings);

  std::uint64_t seed = 0;
  std::string file;
  Settings settings;
  CLI::App* dump = app.add_subcommand("dump", "write the mutant of a seed to a file (its extension: the seed file's)");
  dump->add_option("seed", seed, "the case's seed")->required();
  dump->add_option("file", file, "where to write it, without extension")->required();
  CLI::App* checkCommand = app.add_subcommand("check", "read and run one scenario file as a case, in a child process");
  checkCommand->add_option("file", file, "a scenario file")->required()->check(CLI::ExistingFile);
  addSettings(checkCommand, settings);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int status = app.exit(e);
    return status == 0 ? 0 : 2;
  }
  try {
    if (*runCommand) {
      if (run.cases == 0 && run.seconds == 0) {
        std::cerr << "run: give --cases or --seconds\n";
        return 2;
      }
      return runCases(run);
    }
    const Scratch scratch;
    if (*dump) {
      const Case c = makeCase(seedFiles(scratch, settings), seed);
      const std::string path = file + (isXml(c.seedFile) ? ".xml" : ".yaml");
      writeFile(path, c.mutant.text);
      std::printf("%s: %s\n", path.c_str(), describe(c).c_str());
      return 0;
    }
    const ScenarioOutcome outcome = checkScenarioIsolated(file, scratch.runFolder(), settings.steps, settings.timeout);
    std::printf("%s: %s%s%s\n", file.c_str(), scenarioVerdictName(outcome.verdict), outcome.message.empty() ? "" : ": ",
                outcome.message.c_str());
    return isScenarioFinding(outcome.verdict) ? 1 : 0;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
}
