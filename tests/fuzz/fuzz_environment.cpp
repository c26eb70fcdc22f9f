// steer_fuzz_environment: differential fuzzing of the neighbour providers (kinetic 2D, kinetic
// 3D, lattice) against the brute-force oracle. tests/fuzz/README.md says how to use it.
//
// Exit status: 0 no finding, 1 findings (or the case checked differs), 2 bad input.
#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>

#include "fuzz/differential_check.hpp"
#include "fuzz/generators.hpp"
#include "fuzz/isolated_run.hpp"
#include "fuzz/shrink.hpp"

namespace {

using namespace steer::fuzz;

const std::map<std::string, ProviderKind> kProviders = {
    {"kinetic", ProviderKind::Kinetic2D}, {"kinetic3d", ProviderKind::Kinetic3D}, {"lattice", ProviderKind::Lattice}};

std::map<std::string, Scenario> scenarioNames() {
  std::map<std::string, Scenario> names;
  for (int s = 0; s < kScenarioCount; ++s) names[scenarioName(static_cast<Scenario>(s))] = static_cast<Scenario>(s);
  return names;
}

struct Choice {
  std::string provider = "any", scenario = "any";
  GenerateOptions options() const {
    GenerateOptions o;
    if (provider != "any") o.provider = kProviders.at(provider);
    if (scenario != "any") o.scenario = scenarioNames().at(scenario);
    return o;
  }
};

void addChoice(CLI::App& command, Choice& choice) {
  std::vector<std::string> providers = {"any"}, scenarios = {"any"};
  for (const auto& [name, kind] : kProviders) providers.push_back(name);
  for (const auto& [name, s] : scenarioNames()) scenarios.push_back(name);
  command.add_option("--provider", choice.provider, "the provider under test; any: drawn per case")
      ->capture_default_str()
      ->check(CLI::IsMember(providers));
  command.add_option("--scenario", choice.scenario, "the case family (generators.hpp); any: drawn per case")
      ->capture_default_str()
      ->check(CLI::IsMember(scenarios));
}

std::string describe(const FuzzCase& c) {
  return std::string(providerName(c.provider)) + ", " + std::to_string(c.dimension) + "D, " +
         std::to_string(c.agents()) + " agents, " + std::to_string(c.steps()) + " steps, " +
         std::to_string(c.obstacles.size()) + " obstacles";
}

std::string describe(const Outcome& o) {
  std::string text = verdictName(o.verdict);
  if (o.step >= 0) text += " at step " + std::to_string(o.step);
  if (!o.message.empty()) text += ": " + o.message;
  return text;
}

struct RunOptions {
  std::uint64_t firstSeed = 1;
  std::uint64_t cases = 0;
  double seconds = 0.0;
  std::string out;
  unsigned timeout = 120;
  bool shrinkFindings = false;
  Choice choice;
};

// Cases from firstSeed on, each isolated, until `cases` are done or `seconds` have passed.
int runCases(const RunOptions& o) {
  std::filesystem::create_directories(o.out);
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::uint64_t done = 0, steps = 0, findings = 0, invalid = 0;
  std::map<std::string, std::uint64_t> byProvider;
  const auto report = [&](const char* what) {
    std::printf("%s: seeds %llu to %llu, %llu cases (", what, static_cast<unsigned long long>(o.firstSeed),
                static_cast<unsigned long long>(o.firstSeed + done - (done > 0)), static_cast<unsigned long long>(done));
    const char* separator = "";
    for (const auto& [name, count] : byProvider)
      std::printf("%s%llu %s", std::exchange(separator, ", "), static_cast<unsigned long long>(count), name.c_str());
    std::printf("), %llu steps, %llu findings, %llu invalid cases, %.0f s\n", static_cast<unsigned long long>(steps),
                static_cast<unsigned long long>(findings), static_cast<unsigned long long>(invalid), elapsed());
    std::fflush(stdout);
  };
  for (std::uint64_t seed = o.firstSeed;; ++seed) {
    if (o.cases > 0 && done >= o.cases) break;
    if (o.seconds > 0 && elapsed() > o.seconds) break;
    const FuzzCase c = generateCase(seed, o.choice.options());
    ++done;
    steps += static_cast<std::uint64_t>(c.steps());
    ++byProvider[providerName(c.provider)];
    const Outcome outcome = runIsolated([&] { return check(c); }, o.timeout);
    if (outcome.verdict == Verdict::CaseInvalid) ++invalid;
    if (isFinding(outcome.verdict)) {
      ++findings;
      const std::string path = o.out + "/finding-" + std::to_string(seed) + ".case";
      writeCaseFile(c, path);
      std::printf("FINDING seed %llu (%s): %s\n  case: %s\n", static_cast<unsigned long long>(seed),
                  describe(c).c_str(), describe(outcome).c_str(), path.c_str());
      if (o.shrinkFindings) {
        const FuzzCase small = shrink(c, outcome.verdict, {.timeoutSeconds = o.timeout});
        const std::string shrunk = o.out + "/finding-" + std::to_string(seed) + ".min.case";
        writeCaseFile(small, shrunk);
        std::printf("  shrunk (%s): %s\n", describe(small).c_str(), shrunk.c_str());
      }
      std::fflush(stdout);
    }
    if (done % 200 == 0) report("progress");
  }
  report("done");
  return findings > 0 ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Differential fuzzing of steer's neighbour providers against the brute-force oracle"};
  app.require_subcommand(1);

  RunOptions run;
  CLI::App* runCommand = app.add_subcommand("run", "generate and check cases, each in a child process");
  runCommand->add_option("--first-seed", run.firstSeed, "seed of the first case; the next cases take the next seeds")
      ->capture_default_str();
  auto* casesOption = runCommand->add_option("--cases", run.cases, "how many cases")->check(CLI::PositiveNumber);
  auto* secondsOption =
      runCommand->add_option("--seconds", run.seconds, "stop after this wall time (s)")->check(CLI::PositiveNumber);
  casesOption->excludes(secondsOption);
  runCommand->add_option("--out", run.out, "folder for the cases that fail (finding-<seed>.case)")->required();
  runCommand->add_option("--timeout", run.timeout, "CPU seconds one case may use (and 4 × that of wall time) before it counts as a hang")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  runCommand->add_flag("--shrink", run.shrinkFindings, "also write a shrunk copy of each finding (finding-<seed>.min.case)");
  addChoice(*runCommand, run.choice);

  std::uint64_t seed = 0;
  Choice choice;
  std::string casePath, outPath;
  CLI::App* one = app.add_subcommand("one", "generate one case and check it in this process (for a debugger)");
  one->add_option("seed", seed, "the case's seed")->required();
  addChoice(*one, choice);
  CLI::App* dump = app.add_subcommand("dump", "write the case of a seed to a file");
  dump->add_option("seed", seed, "the case's seed")->required();
  dump->add_option("file", outPath, "where to write it")->required();
  addChoice(*dump, choice);
  CLI::App* checkCommand = app.add_subcommand("check", "check a case file");
  checkCommand->add_option("file", casePath, "a case file")->required()->check(CLI::ExistingFile);
  CLI::App* shrinkCommand = app.add_subcommand("shrink", "shrink a failing case file");
  shrinkCommand->add_option("file", casePath, "a failing case file")->required()->check(CLI::ExistingFile);
  shrinkCommand->add_option("out", outPath, "where to write the shrunk case")->required();

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
    if (*one) {
      const FuzzCase c = generateCase(seed, choice.options());
      CheckTally tally;
      const Outcome outcome = check(c, &tally);
      std::printf("seed %llu (%s): %s\n  compared %zu steps, %zu neighbour entries, %zu contacts\n",
                  static_cast<unsigned long long>(seed), describe(c).c_str(), describe(outcome).c_str(), tally.steps,
                  tally.neighbours, tally.contacts);
      return isFinding(outcome.verdict) ? 1 : 0;
    }
    if (*dump) {
      writeCaseFile(generateCase(seed, choice.options()), outPath);
      return 0;
    }
    const FuzzCase c = readCaseFile(casePath);
    if (*checkCommand) {
      const Outcome outcome = runIsolated([&] { return check(c); }, 3600);
      std::printf("%s (%s): %s\n", casePath.c_str(), describe(c).c_str(), describe(outcome).c_str());
      return isFinding(outcome.verdict) ? 1 : 0;
    }
    const Outcome first = runIsolated([&] { return check(c); }, 3600);
    if (!isFinding(first.verdict)) {
      std::fprintf(stderr, "%s does not fail (%s): nothing to shrink\n", casePath.c_str(), describe(first).c_str());
      return 2;
    }
    std::fprintf(stderr, "%s: %s\n", casePath.c_str(), describe(first).c_str());
    const FuzzCase small = shrink(c, first.verdict,
                                  {.progress = [](const FuzzCase& now) { std::fprintf(stderr, "  %s\n", describe(now).c_str()); }});
    writeCaseFile(small, outPath);
    std::fprintf(stderr, "shrunk to %s: %s\n", describe(small).c_str(), outPath.c_str());
    return 0;
  } catch (const CaseFileError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
}
