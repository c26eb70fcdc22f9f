#include "batch_command.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <thread>

#include "batch_charts.hpp"
#include "batch_mpi.hpp"
#include "cli_checks.hpp"
#include "interrupt.hpp"
#include "commands.hpp"
#include "output_folder.hpp"
#include "progress_bar.hpp"
#include "steer/experiments/sweep.hpp"

namespace steer::experiments {

namespace {

// The first line of a batch's RUNNING marker (a run's says "this run has not finished").
constexpr const char* kBatchRunningText = "this batch has not finished";

// A batch that stopped on an error: RUNNING becomes FAILED, with the reason (RUNNING stayed, as
// if the batch were still going). The runs that finished keep their own summary.json.
void markFailed(const std::filesystem::path& out, const std::string& why) {
  std::error_code ignored;
  if (!std::filesystem::exists(out / "RUNNING", ignored)) return;
  try {
    writeFileAtomically(out / "FAILED", "this batch stopped: " + why + "\n");
    std::filesystem::remove(out / "RUNNING", ignored);
  } catch (const std::exception&) {  // the error being reported matters more
  }
}

void addShared(CLI::App& app, BatchCommandOptions& o) {
  // Checked here, as `steer run --model` is: a bad name is the command line's fault, not the
  // scenario file's (it was reported at the file, without a line).
  app.add_option("--models,--model", o.models, "local models, comma-separated: goldenstein,reynolds,straight (default: compare goldenstein,reynolds; sweep the "
                 "scenario's)")
      ->delimiter(',')
      ->check(oneOf({"goldenstein", "reynolds", "straight"}));
  app.add_option("--planners,--planner", o.planners, "planners, comma-separated: direct,harmonic,hybrid,field (default: compare direct; sweep the scenario's)")
      ->delimiter(',')
      ->check(oneOf({"direct", "harmonic", "hybrid", "field"}));
  app.add_option("--seeds", o.seeds, "number of seeds per combination")->capture_default_str()->check(CLI::Range(1, 100000));
  app.add_option("--first-seed", o.firstSeed, "the seeds are FIRST, FIRST+1, ... (default 1)")->check(seedNumber());
  app.add_option("--threads", o.threads, "simulations at once (default: one per core); each runs on one thread")
      ->check(CLI::Range(1, 1024));
  app.add_option("--neighbors", o.overrides.neighbors, "environment provider: kinetic | lattice | brute")
      ->check(oneOf({"kinetic", "lattice", "brute"}));
  app.add_option("--integrator", o.overrides.integrator, "euler | rk4 | dopri5")
      ->check(oneOf({"euler", "rk4", "dopri5"}));
  app.add_option("--dt", o.overrides.dt, "integration step (s)")->check(finitePositive());
  app.add_option("--duration", o.overrides.duration, "simulated time limit (s)")->check(finitePositive());
  auto* trajectories = app.add_flag("--trajectories", o.trajectories, "keep every run's trajectories.csv and ParaView series");
  // Without --trajectories no rows are written, and the interval was dropped without a word.
  app.add_option("--trajectory-interval", o.trajectoryInterval,
                 "with --trajectories: simulated seconds between trajectories.csv rows (default: every step)")
      ->check(finitePositive())
      ->needs(trajectories);
  // Every 0.1 s a frame: 301 .vtp files per 30 s run, whatever --trajectory-interval said.
  app.add_option("--frame-interval", o.frameInterval,
                 "with --trajectories: simulated seconds between ParaView frames (default 0.1)")
      ->check(finitePositive())
      ->needs(trajectories);
  app.add_flag("!--no-charts", o.charts, "no bar charts (they need an X display or xvfb-run)");
  app.add_flag("--quiet,-q", o.quiet, "no progress bar, no summary line");
}

// Everything after the command line was read: check, run, write. Under mpirun every rank
// checks the whole batch (so bad input stops every rank alike), runs its share, and rank 0
// writes; the ranks agree on the exit status at each stage, so none is left waiting.
int runBatchCommand(const std::string& name, const std::vector<BatchJob>& jobs, const std::vector<std::string>& factorKeys,
                    const BatchCommandOptions& o, const std::string& title) {
  const std::filesystem::path out = o.out.empty() ? "runs/" + name : o.out;
  std::unique_ptr<MpiBatchSession> mpi;
  try {
    mpi = std::make_unique<MpiBatchSession>();
  } catch (const std::exception& e) {
    std::cerr << "steer " << name << ": " << e.what() << "\n";
    return 1;
  }
  const bool lead = mpi->writesOutputs();
  int status = 0;
  try {
    if (jobs.empty()) throw InputError({"<command line>", 0, 0}, "steer " + name + ": nothing to run");
    // Every run is loaded and built once before any starts, one after another: with large
    // scenarios that takes a while, and it was silent.
    ProgressBar checking("steer " + name + ": checking " + std::to_string(jobs.size()) + " runs", !o.quiet && lead);
    std::vector<std::string> notes;
    checkBatch(jobs, [&](double f) { checking.update(f); }, &notes);
    checking.update(1.0);
    checking.done();
    // What `steer run` would say before each run, once per scenario file and text.
    if (lead)
      for (const auto& note : notes) std::cerr << "steer " << name << ": note: " << note << "\n";
  } catch (const InputError& e) {
    if (lead) reportInputError(e);
    status = 2;
  } catch (const Interrupted& e) {
    if (lead) std::cerr << "steer " << name << ": " << e.what() << "\n";
    status = e.exitStatus();
  } catch (const std::exception& e) {
    // Reaching here is a bug in a reader (every bad input should be an InputError); still bad
    // input, and no folder has been made yet.
    if (lead) std::cerr << "steer " << name << ": internal error while reading: " << e.what() << "\n";
    status = 2;
  }
  if ((status = mpi->agreeOnStatus(status)) != 0) return status;
  try {
    if (lead) {
      makeOutputFolder(out);
      // A folder with comparison.csv is a finished batch; while it runs, the folder holds RUNNING
      // (a batch's, by its text: a run killed outright leaves one of its own).
      const auto batchRunning = [&] {
        std::ifstream marker(out / "RUNNING");
        std::string line;
        return std::getline(marker, line) && line == kBatchRunningText;
      };
      const bool heldABatch =
          std::filesystem::exists(out / "comparison.csv") || std::filesystem::exists(out / "FAILED") || batchRunning();
      // Charts of an earlier batch in the same folder would sit beside this one's tables (its
      // metrics, or all of them with --no-charts). Only a batch's: a charts/ folder of the user's
      // was deleted with all in it.
      if (heldABatch) {
        for (const char* f : {"comparison.csv", "comparison.md", "FAILED"}) std::filesystem::remove(out / f);
        std::filesystem::remove_all(out / "charts");
      }
      writeFileAtomically(out / "RUNNING", std::string(kBatchRunningText) + "\n");
    }
  } catch (const InputError& e) {
    if (lead) reportInputError(e);
    status = 2;
  } catch (const std::exception& e) {
    std::cerr << "steer " << name << ": " << e.what() << "\n";
    status = 1;
  }
  if ((status = mpi->agreeOnStatus(status)) != 0) return status;
  try {
    BatchOptions options;
    options.threads = o.threads > 0 ? o.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    options.runsDir = out / "runs";
    options.trajectories = o.trajectories;
    options.trajectoryInterval = o.trajectoryInterval;
    options.frameInterval = o.frameInterval;
    // Under MPI the bar shows rank 0's share of the batch.
    ProgressBar bar("steer " + name + " (" + std::to_string(jobs.size()) + " runs" +
                        (mpi->size() > 1 ? ", " + std::to_string(mpi->size()) + " ranks" : std::string()) + ")",
                    !o.quiet && lead);
    options.progress = [&](double f) { bar.update(f); };
    auto rows = mpi->run(jobs, options);
    bar.done();
    distinguishScenarioNames(rows, jobs);
    if (lead) {
      if (o.charts) writeBatchCharts(rows, out / "charts");
      writeFileAtomically(out / "comparison.md", comparisonMarkdown(rows, factorKeys, title, o.command));
      writeFileAtomically(out / "comparison.csv", comparisonCsv(rows, factorKeys));
      std::filesystem::remove(out / "RUNNING");
      if (!o.quiet)
        std::cout << jobs.size() << " runs"
                  << (mpi->size() > 1 ? " on " + std::to_string(mpi->size()) + " MPI ranks" : std::string()) << " -> "
                  << (out / "comparison.md").string() << "\n";
    }
  } catch (const InputError& e) {
    if (lead) {
      markFailed(out, e.what());
      // One line, as for any bad input; the run's own message says that it kept nothing, while
      // the batch keeps the runs that finished before it.
      std::cerr << e.what() << " (the batch stopped: " << (out / "FAILED").string()
                << "; the runs that finished before it are kept)\n";
    }
    status = 2;
  } catch (const Interrupted& e) {
    if (lead) {
      std::cerr << "steer " << name << ": " << e.what() << " (the batch stopped: " << (out / "FAILED").string()
                << "; the runs that finished before it are kept)\n";
      markFailed(out, e.what());
    }
    status = e.exitStatus();
  } catch (const std::exception& e) {
    if (lead) {
      std::cerr << "steer " << name << ": " << e.what() << "\n";
      markFailed(out, e.what());
    }
    status = 1;
  }
  return mpi->agreeOnStatus(status);
}

}  // namespace

void addCompareOptions(CLI::App& app, BatchCommandOptions& o) {
  app.add_option("SCENARIO", o.scenarios, "scenario files (our .yaml or SteerSuite .xml)")->required();
  addShared(app, o);
  app.add_option("--param", o.overrides.params, "SECTION.KEY=VALUE for every run (repeatable)");
  app.add_option("--out", o.out, "output folder (default runs/compare)")->check(nonEmptyPath());
}

void addSweepOptions(CLI::App& app, BatchCommandOptions& o) {
  app.add_option("SCENARIO", o.scenarios, "scenario file (our .yaml or SteerSuite .xml)")->required()->expected(1);
  addShared(app, o);
  app.add_option("--param", o.sweeps,
                 "KEY=START:END:COUNT, KEY=V1,V2,... or KEY=V: a swept parameter, any key --param of steer run "
                 "takes (repeatable; the runs are the cartesian product)")
      ->required();
  app.add_option("--out", o.out, "output folder (default runs/sweep)")->check(nonEmptyPath());
}

namespace {

// The seeds FIRST, FIRST + 1, ...: past 2^64 - 1 they wrapped round to 0.
std::vector<std::uint64_t> seedsOf(const BatchCommandOptions& o) {
  constexpr std::uint64_t kLast = std::numeric_limits<std::uint64_t>::max();
  if (o.seeds > 0 && o.firstSeed > kLast - (o.seeds - 1))
    throw InputError({"<command line>", 0, 0}, "--first-seed: with --seeds " + std::to_string(o.seeds) +
                                                   " the seeds would pass " + std::to_string(kLast) +
                                                   " (the largest); give at most " + std::to_string(kLast - (o.seeds - 1)));
  return seedList(o.firstSeed, o.seeds);
}

// A batch is held as a list of jobs before it starts: two sweeps of 10^6 values each asked for
// 10^12 of them (bad_alloc, or all the memory). 10^6 runs is already days of work.
void checkRunCount(double runs) {
  constexpr double kMaxRuns = 1e6;
  if (runs > kMaxRuns) {
    std::ostringstream message;
    message << "the batch would be " << runs << " runs (the product of the values, models, planners, scenarios and "
            << "seeds), more than " << kMaxRuns << "; split it";
    throw InputError({"<command line>", 0, 0}, message.str());
  }
}

}  // namespace

int compareCommand(const BatchCommandOptions& o) {
  const std::vector<std::string> models = o.models.empty() ? std::vector<std::string>{"goldenstein", "reynolds"} : o.models;
  const std::vector<std::string> planners = o.planners.empty() ? std::vector<std::string>{"direct"} : o.planners;
  std::vector<std::uint64_t> seeds;
  try {
    seeds = seedsOf(o);
    checkRunCount(static_cast<double>(o.scenarios.size()) * models.size() * planners.size() * seeds.size());
  } catch (const InputError& e) {
    reportInputError(e);
    return 2;
  }
  const auto jobs = compareJobs(o.scenarios, models, planners, seeds, o.overrides);
  return runBatchCommand("compare", jobs, {}, o, "Comparison of models and planners");
}

int sweepCommand(const BatchCommandOptions& o) {
  std::vector<SweepParameter> parameters;
  std::vector<std::string> keys;
  std::vector<std::uint64_t> seeds;
  try {
    seeds = seedsOf(o);
    for (const auto& text : o.sweeps) {
      parameters.push_back(parseSweepParameter(text));
      for (const auto& k : keys)
        if (k == parameters.back().key) throw InputError({"<command line>", 0, 0}, "--param " + text + ": swept twice");
      keys.push_back(parameters.back().key);
    }
    double runs = static_cast<double>(std::max<std::size_t>(1, o.models.size())) *
                  std::max<std::size_t>(1, o.planners.size()) * seeds.size();
    for (const auto& p : parameters) runs *= static_cast<double>(p.values.size());
    checkRunCount(runs);
  } catch (const InputError& e) {
    reportInputError(e);
    return 2;
  }
  const auto jobs = sweepJobs(o.scenarios.front(), parameters, o.models, o.planners, seeds, o.overrides);
  return runBatchCommand("sweep", jobs, keys, o, "Parameter sweep of " + o.scenarios.front());
}

}  // namespace steer::experiments
