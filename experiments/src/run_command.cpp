#include "steer/experiments/run_command.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>
#include <nlohmann/json.hpp>

#include "document_params.hpp"
#include "edit_distance.hpp"
#include "interrupt.hpp"
#include "number_text.hpp"
#include "output_folder.hpp"
#include "part_configs.hpp"
#include "text_encoding.hpp"
#include "yaml_support.hpp"
#include "steer/experiments/factory.hpp"
#include "steer/sim/integrator.hpp"

namespace steer::experiments {

namespace {
// Times the observers it wraps, so that agent_steps_per_second measures the simulation and not
// the writing of its outputs.
class TimedObserver final : public sim::StepObserver {
 public:
  explicit TimedObserver(sim::StepObserver& inner) : inner_(inner) {}
  void onStart(const sim::World& w, const sim::Planner& p) override { timed([&] { inner_.onStart(w, p); }); }
  void onContacts(const sim::World& w, std::span<const sim::Contact> contacts) override {
    timed([&] { inner_.onContacts(w, contacts); });
  }
  void onStep(const sim::World& w, const sim::Planner& p, std::span<const sim::Vec3> prev) override {
    timed([&] { inner_.onStep(w, p, prev); });
  }
  void onFinish(const sim::World& w) override { timed([&] { inner_.onFinish(w); }); }
  double seconds() const { return seconds_; }

 private:
  template <class F>
  void timed(F&& f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  sim::StepObserver& inner_;
  double seconds_ = 0.0;
};

[[noreturn]] void badOption(const std::string& option, const std::string& message) {
  throw InputError({"<command line>", 0, 0}, option + ": " + message);
}

// The configuration sections --param sets keys in.
constexpr std::pair<const char*, YAML::Node Scenario::*> kSections[] = {
    {"local", &Scenario::local}, {"reynolds", &Scenario::reynolds}, {"planning", &Scenario::planning}, {"environment", &Scenario::environment}};

YAML::Node* sectionFor(Scenario& s, const std::string& name) {
  for (const auto& [sectionName, member] : kSections)
    if (name == sectionName) return &(s.*member);
  return nullptr;
}

// The files a run writes in its folder: an earlier run's go when a new run's come in, so that a
// shorter run into the folder of a longer one does not leave its last frames beside the new
// run.pvd (and the earlier run's pictures, which would pass for the new run's).
bool isRunOutputName(const std::string& name) {
  const bool vtp = std::filesystem::path(name).extension() == ".vtp";
  return name == "summary.json" || name == "trajectories.csv" || name == "run.pvd" || name == "obstacles.vtp" ||
         name == "moving_obstacles.pvd" || (vtp && (name.rfind("run_", 0) == 0 || name.rfind("moving_obstacles_", 0) == 0)) ||
         isRenderPictureName(name, RenderPictures::All);
}
}  // namespace

void applyOverrides(Scenario& s, const RunOverrides& o) {
  if (o.model) s.model = *o.model;
  if (o.planner) {
    // The scenario is named: a compare of several files did not say which one is 3D.
    if (const std::string why = plannerDimensionProblem(*o.planner, s.world.dimension); !why.empty())
      badOption("--planner", why + " (" + s.file + " is 3D)");
    s.planner = *o.planner;
    s.plannerAt = {"<command line>", 0, 0};
  }
  if (o.neighbors) s.neighbors = *o.neighbors;
  if (o.integrator && !sim::parseIntegrator(*o.integrator, s.settings.integrator.kind))
    badOption("--integrator", "unknown integrator '" + *o.integrator + "' (choose euler, rk4, dopri5)");
  if (o.seed) s.settings.seed = *o.seed;
  if (o.dt) {
    if (!(*o.dt > 0.0) || !std::isfinite(*o.dt)) badOption("--dt", "must be a finite number > 0");
    s.settings.dt = *o.dt;
  }
  if (o.duration) {
    if (!(*o.duration > 0.0) || !std::isfinite(*o.duration)) badOption("--duration", "must be a finite number > 0");
    s.settings.duration = *o.duration;
  }
  // The loader left the step count to here when an option replaces dt or duration (see
  // ReplacedSettings): a count made too large with the options is the options' fault.
  if ((o.dt || o.duration) && s.settings.duration / s.settings.dt > 1e8) {
    // Name the file's half of the pair when only one of them came from an option.
    const auto at = [&](const SourceLocation& where) {
      return where.line > 0 ? " (" + s.file + ":" + std::to_string(where.line) + ")" : std::string();
    };
    std::string with;
    if (!o.dt) with = " with the file's dt = " + numberText(s.settings.dt) + " s" + at(s.dtAt);
    if (!o.duration) with = " with the file's duration = " + numberText(s.settings.duration) + " s" + at(s.durationAt);
    badOption(o.dt ? "--dt" : "--duration", "duration / dt is over 10^8 steps" + with + ": is dt in seconds?");
  }
  if (o.threads) {
    if (*o.threads < 1) badOption("--threads", "must be >= 1");
    s.settings.threads = *o.threads;
  }
  for (const auto& p : o.params) {
    if (isDocumentParam(p)) badOption("--param", "'" + p + "' sets a group or agent, which happens while loading the scenario");
    if (const std::string hint = optionInsteadOfParam(p); !hint.empty()) badOption("--param", hint);
    const auto eq = p.find('=');
    const auto dot = p.find('.');
    if (eq == std::string::npos || dot == std::string::npos || dot > eq) {
      // A misspelt run setting (duraton=5) is named with its option, which sets it.
      const std::string nearest = settingMisspeltAs(p.substr(0, std::min(eq, dot)));
      badOption("--param", "expected SECTION.KEY=VALUE, got '" + p + "'" + (nearest.empty() ? "" : "; did you mean --" + nearest + "?"));
    }
    YAML::Node* section = sectionFor(s, p.substr(0, dot));
    if (section == nullptr) {
      std::vector<std::string> names;
      for (const auto& entry : kSections) names.emplace_back(entry.first);
      std::string listed;
      for (const std::string& name : names) listed += (listed.empty() ? "" : ", ") + name;
      const std::string nearest = nearestWord(p.substr(0, dot), names);
      badOption("--param", "unknown section '" + p.substr(0, dot) + "' (" + listed + ")" + (nearest.empty() ? "" : "; did you mean " + nearest + "?"));
    }
    if (!section->IsDefined() || section->IsNull()) *section = YAML::Node(YAML::NodeType::Map);
    // The value is parsed as YAML (number, string, list).
    YAML::Node value;
    try {
      value = yaml::loadCommandLineValue(p.substr(eq + 1));
    } catch (const YAML::Exception& e) {
      badOption("--param", "cannot read the value of '" + p + "': " + e.msg);
    }
    assignAtPath(*section, p.substr(0, dot), splitKeyPath(p.substr(dot + 1, eq - dot - 1)), value, p, s.file, false);
  }
}

namespace {
// The overrides split by when they apply: the group and agent assignments and what the options
// replace go to the reader; the rest is applied to what it read.
struct SplitOverrides {
  std::vector<std::string> document;
  ReplacedSettings replaced;
  RunOverrides afterReading;
};
SplitOverrides splitOverrides(const RunOverrides& overrides) {
  SplitOverrides out{{}, {.dt = overrides.dt.has_value(), .duration = overrides.duration.has_value(),
                          .planner = overrides.planner.has_value()},
                     overrides};
  out.afterReading.params.clear();
  // One key given twice would leave the run to the later value without a word (a sweep's
  // "swept twice" is the same rule).
  std::map<std::string, std::string> given;
  for (const auto& p : overrides.params) {
    const std::string key = p.substr(0, p.find('='));
    // summary.json records the assignments: UTF-8 text only (a 0xFF byte failed the run at its end).
    if (firstBadTextByte(p)) badOption("--param " + (firstBadTextByte(key) ? std::string("KEY") : key), "not UTF-8 text");
    if (const auto [it, fresh] = given.emplace(key, p); !fresh)
      badOption("--param " + key, "given twice ('" + it->second + "' and '" + p + "'): give it once");
    (isDocumentParam(p) ? out.document : out.afterReading.params).push_back(p);
  }
  return out;
}
}  // namespace

InputError withParams(const InputError& e, const std::vector<std::string>& params) {
  if (params.empty() || e.where().file == "<command line>" || dynamic_cast<const UnreadableFile*>(&e) != nullptr) return e;
  std::string suffix = " (read with --param";
  for (const std::string& p : params) suffix += " " + p;
  suffix += ")";
  const std::string& m = e.message();
  if (m.size() >= suffix.size() && m.compare(m.size() - suffix.size(), suffix.size(), suffix) == 0) return e;
  return InputError(e.where(), m + suffix);
}

Scenario loadWithOverrides(const std::string& path, const RunOverrides& overrides) {
  const SplitOverrides split = splitOverrides(overrides);
  // A file that cannot be read is not the --param's doing (UnreadableFile): its message does not
  // name them (steer reproduce's own settings were named when its --scenarios folder lacked a file).
  const std::string text = readScenarioText(path);
  try {
    Scenario scenario = parseScenarioText(text, path, overrides.seed.value_or(0), overrides.seed.has_value(), split.document,
                                          split.replaced);
    applyOverrides(scenario, split.afterReading);
    scenario.params = overrides.params;
    return scenario;
  } catch (const InputError& e) {
    throw withParams(e, overrides.params);
  }
}

Scenario parseYamlWithOverrides(const std::string& text, const std::string& file, const RunOverrides& overrides) {
  const SplitOverrides split = splitOverrides(overrides);
  const std::uint64_t seed = overrides.seed.value_or(0);
  try {
    Scenario scenario = parseYamlScenario(text, file, overrides.seed ? &seed : nullptr, split.document, split.replaced);
    applyOverrides(scenario, split.afterReading);
    scenario.params = overrides.params;
    return scenario;
  } catch (const InputError& e) {
    throw withParams(e, overrides.params);
  }
}

RunResult runScenario(const Scenario& scenario, const std::filesystem::path& out, const RunOutputOptions& options,
                      const std::function<void(double)>& progress) {
  const auto runStart = std::chrono::steady_clock::now();  // wall_seconds: everything but summary.json
  const ListeningForInterrupts listening;  // Ctrl-C stops this run cleanly (interrupt.hpp)
  // Everything that can reject the input happens before the folder is touched.
  sim::Simulation simulation = makeSimulation(scenario);
  if (const int signal = interruptSignal()) throw Interrupted(signal, "before the run started; nothing was written");
  // The outermost folder of `out` that does not exist yet: what a diverged run takes away again.
  const std::filesystem::path made = firstMissingFolder(out);
  // Made, and checked writable, before anything in it is touched: a folder of another user's, or
  // on a read-only disk, failed later with a raw filesystem error and exit status 1.
  makeOutputFolder(out);
  const auto summaryPath = out / "summary.json";
  const auto marker = out / "RUNNING";
  // The run writes into a folder of its own and moves its files into `out` once it has finished:
  // one that fails or is stopped leaves an earlier run there as it was. (The earlier run was
  // removed as the new one started, and a re-run stopped with Ctrl-C left neither.)
  const auto staging = out / ".running";
  // Only a folder that holds a run of ours (finished, or left by one killed outright) has its
  // earlier outputs removed: a folder of the user's had every file of our names deleted (their
  // frame_0001.png, a .running/ folder and all in it). In one that held none, only the files
  // this run writes are replaced.
  recoverReplacedOutputs(out);  // a run killed while it moved its files in
  const bool heldARun = std::filesystem::exists(summaryPath) || std::filesystem::exists(marker);
  if (!heldARun && std::filesystem::exists(staging))
    throw InputError({"<command line>", 0, 0}, "--out: '" + out.string() +
                                                   "' holds a .running folder but no run of steer's: give another folder");
  // What a run that fails removes: the outputs written so far, the RUNNING marker, and the folders
  // it made when nothing else was put in them meanwhile.
  const auto discardOutputs = [&] {
    std::error_code ignored;
    std::filesystem::remove_all(staging, ignored);
    std::filesystem::remove(marker, ignored);
    removeMadeFolders(out, made);
  };
  try {
    writeFileAtomically(marker, "this run has not finished\n");
    std::filesystem::remove_all(staging);  // what a run killed outright left
    std::filesystem::create_directory(staging);
  } catch (const std::exception&) {
    discardOutputs();
    throw;
  }

  MetricsRecorder metrics(2.0, simulation.settings().threads);
  TrajectoryRecorder trajectories(staging, options.frameInterval, options.trajectoryInterval, simulation.model().stateFields(),
                                  simulation.settings().threads);
  TimedObserver timedMetrics(metrics), timedTrajectories(trajectories);
  simulation.addObserver(&timedMetrics);
  if (options.trajectories) simulation.addObserver(&timedTrajectories);

  std::uint64_t agentSteps = 0;
  // The observers' own time (metrics and output files) is kept out of both the set-up and the
  // step loop: each is measured as a span minus what the observers took within it.
  const auto observed = [&] { return timedMetrics.seconds() + timedTrajectories.seconds(); };
  const auto since = [](std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  };
  double setup = 0.0, simulationSeconds = 0.0;
  try {
    const auto start = std::chrono::steady_clock::now();
    if (progress) progress(-1.0);  // the set-up starts
    simulation.start();  // (in the try: its first rows and frame can fail to be written too)
    throwIfInterrupted(simulation.world().time);  // during a long set-up (a fine field's solve)
    // The set-up is timed apart: a harmonic field solved, or read from the cache, took 73 or
    // 4,330 agent-steps per second out of the same run of maze_a.
    setup = std::max(0.0, since(start) - observed());
    const double observedBeforeLoop = observed();
    const auto loopStart = std::chrono::steady_clock::now();
    while (!simulation.finished()) {
      agentSteps += simulation.world().enabledCount();
      simulation.step();
      if (progress) progress(std::min(1.0, simulation.world().time / scenario.settings.duration));
      throwIfInterrupted(simulation.world().time);  // Ctrl-C: stop here, and clean up below
    }
    // (It subtracted the observers' whole time, their start and finish included, from the loop's
    // span: short runs read 1e-9 s and 1e11 agent-steps per second.)
    simulationSeconds = std::max(1e-9, since(loopStart) - (observed() - observedBeforeLoop));
    timedMetrics.onFinish(simulation.world());
    if (options.trajectories) timedTrajectories.onFinish(simulation.world());
  } catch (const std::exception& e) {
    // Parameters the readers accept can still make the integration blow up (an integrated
    // weight rate of 1e300) or too stiff for dopri5 (a turn rate of 1e10); anything else that
    // fails mid-run (a full disk, Ctrl-C) also leaves nothing half-written.
    discardOutputs();
    const bool diverged = dynamic_cast<const sim::DivergedState*>(&e) != nullptr;
    if (!diverged && dynamic_cast<const sim::StiffStep*>(&e) == nullptr) throw;
    std::ostringstream message;
    message << e.what() << ": the model's parameters or the step dt = " << scenario.settings.dt << " s make its integration "
            << (diverged ? "diverge (try a smaller dt, dopri5, or milder parameters)" : "too stiff (try rk4, or milder parameters)")
            << "; no output was kept";
    throw InputError({scenario.file, 0, 0}, message.str());
  }
  const double wall = since(runStart);

  RunResult result;
  // summary.json names the scenario by its absolute path, so that `steer render RUN_DIR` finds it
  // from any working directory; embedded scenarios ("<embedded:...>") keep their name.
  const std::string scenarioFile = scenario.file.empty() || scenario.file.front() == '<'
                                       ? scenario.file
                                       : std::filesystem::absolute(scenario.file).lexically_normal().string();
  result.info = {scenarioFile, scenario.name, scenario.params, scenario.model, scenario.planner, scenario.neighbors, scenario.settings.seed,
                 scenario.settings.dt, simulation.steps(), simulation.world().time, wall, simulationSeconds,
                 agentSteps, simulation.environment().work(), setup, simulation.planner().report(),
                 scenario.settings.duration, sim::integratorName(scenario.settings.integrator.kind),
                 scenario.settings.integrator.absTolerance, scenario.settings.integrator.relTolerance,
                 scenario.world.dimension, {}, simulation.model().report(), std::string(simulation.model().ownIntegrator()),
                 scenario.model == "goldenstein" ? readLocalPreset(scenario) : std::string(),
                 scenario.model == "goldenstein" ? std::optional(readGoldensteinParameters(scenario)) : std::nullopt,
                 scenario.model == "reynolds" ? std::optional(readReynoldsParameters(scenario)) : std::nullopt};
  result.info.agents.reserve(scenario.world.agents.size());
  for (const sim::Agent& a : scenario.world.agents)
    result.info.agents.push_back({a.name, a.group, a.state.position, a.radius, a.desiredSpeed, a.personality});
  result.metrics = metrics.metrics();
  // The readers keep text that is not UTF-8 out (text_encoding.hpp); a byte that slipped past
  // them is replaced here, not a failure at the end of the run.
  try {
    // A signal after the last step's check: this run is not kept either, as the message said.
    throwIfInterrupted(simulation.world().time);
    // Written whole before the earlier run is touched (a full disk here took the earlier run).
    writeFileAtomically(staging / "summary.json",
                        summaryText(result.info, result.metrics, options.trajectories ? &trajectories : nullptr));
    // The earlier run's files go (its pictures too, which would pass for this run's), and this
    // run's come in, summary.json last, the mark of a finished run; a move that fails puts the
    // earlier run back.
    replaceOutputs(out, staging, "summary.json", [&](const std::string& name) { return heldARun && isRunOutputName(name); });
  } catch (const std::exception&) {
    discardOutputs();
    throw;
  }
  std::filesystem::remove(marker);
  return result;
}

}  // namespace steer::experiments
