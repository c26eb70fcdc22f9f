#pragma once
/// @file Many runs at once, for `steer compare` and `steer sweep`: a list of jobs (scenario ×
/// model × planner × parameter values × seed) run in parallel, one simulation per worker thread
/// and each simulation single-threaded, and the table of their summary.json metrics. A job's
/// numbers equal those of `steer run` with the same scenario, options and seed: runs do not
/// depend on the thread count, and no state is shared between them.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "steer/experiments/run_command.hpp"

namespace steer::experiments {

/// One run of a batch.
struct BatchJob {
  std::string scenarioPath;
  /// The overrides of this run: seed, model, planner, the swept `--param` values, dt, ...
  RunOverrides overrides;
  /// The swept parameters' keys and values as given ("local.courage", "0.5"), in order.
  std::vector<std::pair<std::string, std::string>> factors;
  /// The folder of this scenario's runs under BatchOptions::runsDir (e.g. the file's stem); a
  /// run goes to scenarioFolder/MODEL-PLANNER[-KEY=VALUE...]/seed-N.
  std::string scenarioFolder;
};

/// A metric of summary.json that the tables report.
struct MetricColumn {
  std::string key;          ///< column name: summary.json's key, nested keys joined by '.'
  std::string label;        ///< short heading for tables and charts
  std::string unit;         ///< "" when dimensionless
  bool lowerIsBetter = true;
  bool inTable = true;      ///< false: CSV only (counts, times of the run itself)
  /// false: a description, neither better nor worse (the path length, which agents that stop
  /// early keep short): no arrow, nothing in bold.
  bool ranked = true;
  /// The values it can take (a proportion in [0, 1]; counts, times and lengths from 0; a
  /// clearance, negative when bodies overlap, unbounded): the charts cut an interval there.
  double lowest = 0.0, highest = std::numeric_limits<double>::infinity();
  /// A mean over the agents that reached (the time to goal): fewer arrivals can be faster ones,
  /// so the tables rank it among the rows with the highest success rate, and its bars say how
  /// many reached.
  bool overReached = false;
};

/// The metrics of a row, in this order, in comparison.csv.
const std::vector<MetricColumn>& metricColumns();

/// The index in metricColumns() of the column of summary.json's key `key` (which must be one).
std::size_t metricColumnIndex(std::string_view key);

/// A finished job: what ran and its metrics (none where summary.json has null).
struct BatchRow {
  std::size_t job = 0;           ///< index into the job list
  std::string scenarioPath, scenarioName;
  /// BatchJob::scenarioFolder: one per scenario given (the same file given twice has two), so
  /// rows are grouped by it, not by the path.
  std::string scenarioFolder;
  std::string model, planner;
  std::string integrator;        ///< the scheme that advanced the agents (summary.json's integrator.used)
  std::string localPreset;       ///< the Goldenstein model's local.preset; empty for the other models
  std::uint64_t seed = 0;
  std::vector<std::pair<std::string, std::string>> factors;
  std::vector<std::optional<double>> metrics;  ///< parallel to metricColumns()
};

struct BatchOptions {
  int threads = 1;                 ///< worker threads (simulations at once), ≥ 1
  std::filesystem::path runsDir;   ///< each run's folder is runsDir / runFolder(...)
  bool trajectories = false;       ///< also trajectories.csv and the ParaView series of every run
  double frameInterval = 0.1;
  double trajectoryInterval = 0.0;  ///< simulated seconds between trajectories.csv rows; 0: every step
  /// Called with the finished fraction of the whole batch, from one thread at a time.
  std::function<void(double)> progress;
};

/// Loads and checks every job's scenario with its overrides (and builds its model, planner and
/// environment once), so that bad input is reported before anything runs or is written.
/// `progress` (when given) is told the fraction of jobs checked. Throws InputError.
/// `notes`, when given, gets each distinct note a run would print before it starts (a step
/// longer than a body, a Reynolds neighbourhood beyond near_radius, ...), as "FILE: TEXT" with the
/// job's scenario file, in the jobs' order.
void checkBatch(const std::vector<BatchJob>& jobs, const std::function<void(double)>& progress = {},
                std::vector<std::string>* notes = nullptr);

/// Rows of different scenario files that share a `name:` get their run folder after the name
/// ("u-trap [2-u_trap]"), so that the table, the CSV and the charts keep them apart.
void distinguishScenarioNames(std::vector<BatchRow>& rows, const std::vector<BatchJob>& jobs);

/// The run folder of a job whose scenario loaded as `loaded`, relative to BatchOptions::runsDir.
std::filesystem::path runFolder(const BatchJob& job, const Scenario& loaded);

/// Runs every job, `options.threads` at a time, and returns the rows in job order. Throws the
/// first failure (InputError for bad input found late, std::runtime_error otherwise) after the
/// running jobs have stopped.
std::vector<BatchRow> runBatch(const std::vector<BatchJob>& jobs, const BatchOptions& options);

/// The value a run's (or group's) `factors` give `key`, or nullptr when they do not name it.
const std::string* factorValue(const std::vector<std::pair<std::string, std::string>>& factors, const std::string& key);

/// comparison.csv: scenario, model, planner, one column per factor, seed, then metricColumns().
/// Numbers are written in their shortest round-trip form; a missing value is an empty field.
std::string comparisonCsv(const std::vector<BatchRow>& rows, const std::vector<std::string>& factorKeys);

/// A group of rows that differ only in the seed.
struct RowGroup {
  std::string scenarioPath, scenarioName, scenarioFolder, model, planner;
  std::vector<std::pair<std::string, std::string>> factors;
  std::vector<std::size_t> rows;  ///< indices into the rows
};

/// The rows grouped by everything but the seed, in order of first appearance.
std::vector<RowGroup> groupRows(const std::vector<BatchRow>& rows);

/// comparison.md: per scenario, a table of means with 95 % Student-t intervals over seeds, one
/// row per model × planner × factor values; the best mean of each column (within a scenario) in
/// bold; a legend says for each column whether lower or higher is better. `title` heads it and
/// `command` is quoted as the command that made it. A key of `sweptKeys` with one value in every
/// row is named under the title instead of being a column.
std::string comparisonMarkdown(const std::vector<BatchRow>& rows, const std::vector<std::string>& sweptKeys,
                               const std::string& title, const std::string& command);

}  // namespace steer::experiments
