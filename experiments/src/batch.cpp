#include "steer/experiments/batch.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <iterator>
#include <limits>
#include <charconv>
#include <exception>
#include <mutex>
#include <map>
#include <set>
#include <stdexcept>
#include <nlohmann/json.hpp>
#include <thread>
#include <utility>
#include <vector>

#include "interrupt.hpp"
#include "number_text.hpp"
#include "part_configs.hpp"
#include "scenario_notes.hpp"
#include "steer/experiments/factory.hpp"

namespace steer::experiments {

namespace {

Scenario loadJob(const BatchJob& job) {
  Scenario s = loadWithOverrides(job.scenarioPath, job.overrides);
  // One simulation per worker thread; a run's results do not depend on its thread count.
  s.settings.threads = 1;
  try {
    validateScenario(s);
  } catch (const InputError& e) {
    throw withParams(e, job.overrides.params);
  }
  return s;
}

// Folder names keep letters, digits and . _ = -; anything else becomes '_'.
std::string safe(const std::string& text) {
  std::string out = text;
  for (char& c : out)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '=' && c != '-') c = '_';
  return out;
}

std::optional<double> metricOf(const nlohmann::json& summary, const std::string& key) {
  const nlohmann::json* node = &summary;
  std::size_t start = 0;
  for (std::size_t dot = key.find('.');; dot = key.find('.', start)) {
    const std::string part = key.substr(start, dot - start);
    if (!node->is_object() || !node->contains(part)) return std::nullopt;
    node = &(*node)[part];
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  if (!node->is_number()) return std::nullopt;
  return node->get<double>();
}

BatchRow runJob(std::size_t index, const BatchJob& job, const BatchOptions& options,
                const std::function<void(double)>& progress) {
  const Scenario scenario = loadJob(job);
  RunOutputOptions out;
  out.frameInterval = options.frameInterval;
  out.trajectories = options.trajectories;
  out.trajectoryInterval = options.trajectoryInterval;
  const std::filesystem::path folder = runFolder(job, scenario);
  // A run that fails names itself (its folder says scenario, model, planner, swept values and
  // seed): FAILED and the message named only the scenario file, and in a sweep of hundreds of
  // runs the value that diverged was not to be found.
  const std::string which = " (the run " + folder.string() + ")";
  const RunResult result = [&] {
    try {
      return runScenario(scenario, options.runsDir / folder, out, progress);
    } catch (const InputError& e) {
      throw InputError(e.where(), e.message() + which);
    } catch (const Interrupted& e) {
      // Every running job stops alike: the batch says so, with the signal's exit status, and
      // names the runs it stopped (FAILED said "at t = 3.2 s" of no run in particular).
      throw Interrupted(e.signal, e.when + which);
    } catch (const std::exception& e) {
      throw std::runtime_error(e.what() + which);
    }
  }();
  const nlohmann::json summary = summaryHead(result.info, result.metrics, nullptr);
  BatchRow row;
  row.job = index;
  row.scenarioPath = job.scenarioPath;
  row.scenarioFolder = job.scenarioFolder;
  row.scenarioName = scenario.name;
  row.model = scenario.model;
  row.planner = scenario.planner;
  row.seed = scenario.settings.seed;
  row.integrator = result.info.integratorUsed();
  row.localPreset = result.info.localPreset;
  row.factors = job.factors;
  for (const auto& c : metricColumns()) row.metrics.push_back(metricOf(summary, c.key));
  return row;
}

}  // namespace

const std::vector<MetricColumn>& metricColumns() {
  constexpr double kNoBound = std::numeric_limits<double>::infinity();
  static const std::vector<MetricColumn> columns{
      {"success_rate", "success", "", false, true, true, 0.0, 1.0},
      {"collisions.agent_agent", "agent-agent collisions", "", true, true},
      {"collisions.agent_obstacle", "agent-obstacle collisions", "", true, true},
      {"contacts_between_steps.agent_agent", "agent-agent contacts", "", true, false},
      {"contacts_between_steps.agent_obstacle", "agent-obstacle contacts", "", true, false},
      {"mean_time_to_goal", "time to goal", "s", true, true, true, 0.0, kNoBound, true},
      {"mean_path_length", "path length", "m", true, true, false},
      {"min_clearance", "min clearance", "m", false, true, true, -kNoBound, kNoBound},
      {"min_obstacle_clearance", "min obstacle clearance", "m", false, false, true, -kNoBound, kNoBound},
      {"steerbench.composite01", "SteerBench composite01", "", true, true},
      {"steerbench.composite02", "SteerBench composite02", "", true, true},
      {"agent_steps_per_second", "agent-steps/s", "1/s", false, true, false},
      {"agents", "agents", "", false, false},
      {"reached", "reached", "", false, false},
      {"standing_at_end", "standing still at the end", "", true, false},
      {"outside_world.agents", "agents outside the world", "", true, false},
      {"steps", "steps", "", false, false},
      {"sim_time", "simulated time", "s", false, false},
      {"wall_seconds", "wall time", "s", true, false},
      {"simulation_seconds", "step-loop time", "s", true, false},
      {"setup_seconds", "set-up time", "s", true, false},
  };
  return columns;
}

std::size_t metricColumnIndex(std::string_view key) {
  const auto& columns = metricColumns();
  const auto at = std::find_if(columns.begin(), columns.end(), [&](const MetricColumn& c) { return c.key == key; });
  if (at == columns.end()) throw std::logic_error("no metric column " + std::string(key));
  return static_cast<std::size_t>(at - columns.begin());
}

std::filesystem::path runFolder(const BatchJob& job, const Scenario& loaded) {
  std::string combination = safe(loaded.model) + "-" + safe(loaded.planner);
  for (const auto& [key, value] : job.factors) {
    combination += '-';
    combination += safe(key) + "=" + safe(value);
  }
  return std::filesystem::path(safe(job.scenarioFolder)) / combination / ("seed-" + std::to_string(loaded.settings.seed));
}

void checkBatch(const std::vector<BatchJob>& jobs, const std::function<void(double)>& progress, std::vector<std::string>* notes) {
  const ListeningForInterrupts listening;  // Ctrl-C while fields are solved for the check
  std::set<std::string> warmed;
  std::set<std::filesystem::path> folders, notedCombinations;
  for (std::size_t k = 0; k < jobs.size(); ++k) {
    const BatchJob& job = jobs[k];
    if (progress) progress(static_cast<double>(k) / static_cast<double>(jobs.size()));
    if (const int signal = interruptSignal())
      throw Interrupted(signal, "while the runs were being checked; nothing was written");
    const Scenario s = loadJob(job);
    // A combination's notes from its first seed: the seed moves a crowd placed at random, and a
    // note that counts agents (the run too short for their goals) gave a line per seed.
    if (notes != nullptr && notedCombinations.insert(runFolder(job, s).parent_path()).second)
      for (const std::string& text : scenarioNoteTexts(s)) {
        std::string note = job.scenarioPath;
        note += ": ";
        note += text;
        if (std::find(notes->begin(), notes->end(), note) == notes->end()) notes->push_back(std::move(note));
      }
    // Two jobs of one combination wrote one folder, and the tables counted its run as seeds of
    // its own (--models goldenstein,goldenstein: "3 seeds ± 0" for one run; two of them racing
    // on one summary.json could fail).
    if (const auto folder = runFolder(job, s); !folders.insert(folder).second)
      throw InputError({"<command line>", 0, 0},
                       "the batch has the run " + folder.string() +
                           " twice: a model, planner or swept value given twice (or two values that are written alike)");
    // Building the parts reads their configuration sections: unknown names and bad values show here.
    sim::Simulation simulation = [&] {
      try {
        return makeSimulation(s);
      } catch (const InputError& e) {
        throw withParams(e, job.overrides.params);
      }
    }();
    // Harmonic fields are solved when a run starts and kept in an on-disk cache. Starting one run
    // per scenario and configuration here solves each field once, before the workers start, so
    // that they only read the cache and never write the same entry at the same time. Without the
    // cache (cache_dir "") that solve was thrown away, and every run solved again.
    const bool cached = s.planner == "harmonic"  ? !readHarmonicPlannerParameters(s).cacheDir.empty()
                        : s.planner == "hybrid" ? !readHybridPlannerParameters(s).cacheDir.empty()
                                                : false;
    if (cached) {
      std::string key = job.scenarioPath + "|" + s.planner;
      for (const auto& p : job.overrides.params) key += "|" + p;
      if (warmed.insert(key).second) simulation.start();
    }
  }
}

void distinguishScenarioNames(std::vector<BatchRow>& rows, const std::vector<BatchJob>& jobs) {
  // name -> the scenarios given that carry it (a file given twice counts twice)
  std::map<std::string, std::set<std::string>> foldersOf;
  for (const auto& r : rows) foldersOf[r.scenarioName].insert(jobs.at(r.job).scenarioFolder);
  for (auto& r : rows)
    if (foldersOf.at(r.scenarioName).size() > 1) r.scenarioName += " [" + jobs.at(r.job).scenarioFolder + "]";
}

std::vector<BatchRow> runBatch(const std::vector<BatchJob>& jobs, const BatchOptions& options) {
  // Between two jobs too, a signal asks to stop: each worker's next run says so before it starts.
  const ListeningForInterrupts listening;
  const int workers = std::max(1, std::min<int>(options.threads, static_cast<int>(jobs.size())));
  std::vector<std::optional<BatchRow>> results(jobs.size());
  std::atomic<std::size_t> next{0}, finished{0};
  std::atomic<bool> stop{false};
  std::vector<std::atomic<double>> running(static_cast<std::size_t>(workers));
  for (auto& r : running) r = 0.0;
  std::mutex reportMutex;
  std::exception_ptr failure;   // the first error of a run
  std::vector<std::pair<std::size_t, Interrupted>> stopped;  // the runs a signal stopped, by job

  auto report = [&] {
    if (!options.progress) return;
    std::unique_lock lock(reportMutex, std::try_to_lock);
    if (!lock) return;  // another thread is drawing; the next step will report
    double done = static_cast<double>(finished.load());
    for (const auto& r : running) done += r.load();
    options.progress(std::min(1.0, done / static_cast<double>(jobs.size())));
  };

  auto work = [&](std::size_t worker) {
    for (std::size_t i = next++; i < jobs.size() && !stop; i = next++) {
      try {
        results[i] = runJob(i, jobs[i], options, [&](double f) {
          if (f < 0.0) return;  // a run's set-up: nothing simulated yet
          running[worker] = f;
          report();
        });
      } catch (const Interrupted& e) {
        std::lock_guard lock(reportMutex);
        stopped.emplace_back(i, e);
        stop = true;
      } catch (...) {
        std::lock_guard lock(reportMutex);
        if (!failure) failure = std::current_exception();
        stop = true;
      }
      running[worker] = 0.0;
      ++finished;
      report();
    }
  };

  {
    std::vector<std::jthread> pool;
    for (int w = 1; w < workers; ++w) pool.emplace_back(work, static_cast<std::size_t>(w));
    work(0);
  }
  if (failure) std::rethrow_exception(failure);
  if (!stopped.empty()) {
    // One signal stops every worker's run: one message naming each, in the batch's order.
    std::sort(stopped.begin(), stopped.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::string when = stopped.front().second.when;
    for (std::size_t k = 1; k < stopped.size(); ++k) when += "; and " + stopped[k].second.when;
    throw Interrupted(stopped.front().second.signal, when);
  }
  if (options.progress) options.progress(1.0);
  std::vector<BatchRow> rows;
  rows.reserve(results.size());
  for (auto& r : results) rows.push_back(std::move(*r));
  return rows;
}

const std::string* factorValue(const std::vector<std::pair<std::string, std::string>>& factors, const std::string& key) {
  const auto it = std::find_if(factors.begin(), factors.end(), [&](const auto& f) { return f.first == key; });
  return it == factors.end() ? nullptr : &it->second;
}

std::string comparisonCsv(const std::vector<BatchRow>& rows, const std::vector<std::string>& factorKeys) {
  std::string out = "scenario,model,planner";
  for (const auto& k : factorKeys) {
    out += ',';
    out += k;
  }
  out += ",seed";
  for (const auto& c : metricColumns()) {
    out += ',';
    out += c.key;
  }
  out += "\n";
  auto field = [](const std::string& text) {
    // RFC 4180 quoting where a value needs it.
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string q = "\"";
    for (char c : text) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  for (const auto& r : rows) {
    out += field(r.scenarioName) + "," + field(r.model) + "," + field(r.planner);
    for (const auto& k : factorKeys) {
      out += ',';
      if (const std::string* value = factorValue(r.factors, k)) out += field(*value);
    }
    out += ',';
    out += std::to_string(r.seed);
    for (const auto& m : r.metrics) {
      out += ',';
      if (m) out += shortestText(*m);
    }
    out += "\n";
  }
  return out;
}

std::vector<RowGroup> groupRows(const std::vector<BatchRow>& rows) {
  std::vector<RowGroup> groups;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& r = rows[i];
    auto it = std::find_if(groups.begin(), groups.end(), [&](const RowGroup& g) {
      return g.scenarioFolder == r.scenarioFolder && g.model == r.model && g.planner == r.planner && g.factors == r.factors;
    });
    if (it == groups.end()) {
      groups.push_back({r.scenarioPath, r.scenarioName, r.scenarioFolder, r.model, r.planner, r.factors, {}});
      it = std::prev(groups.end());
    }
    it->rows.push_back(i);
  }
  return groups;
}

}  // namespace steer::experiments
