#include "steer/experiments/run_output.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <system_error>

#include "obstacle_frames.hpp"
#include "part_configs.hpp"
#include "steer/geometry/angle.hpp"
#include "steer/sim/team_shares.hpp"
#include "steer/sim/team_size.hpp"
#include "steer/viz/pvd_writer.hpp"

namespace steer::experiments {

namespace {
// Shortest round-trip text of a double: byte-identical output for identical numbers.
void put(std::string& out, double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

// In (−π, π] (the azimuth in 3D).
double headingOf(const sim::Vec3& d) { return geometry::headingOf(geometry::xy(d)); }

nlohmann::json numberOrNull(std::optional<double> v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }
}  // namespace

TrajectoryRecorder::TrajectoryRecorder(const std::filesystem::path& folder, double frameInterval, double rowInterval,
                                       std::vector<sim::LocalModel::StateField> fields, int threads, int minAgentsPerThread)
    : folder_(folder),
      frameInterval_(frameInterval),
      rowInterval_(rowInterval),
      threads_(std::max(1, threads)),
      minAgentsPerThread_(std::max(1, minAgentsPerThread)),
      fields_(std::move(fields)) {}

TrajectoryRecorder::~TrajectoryRecorder() = default;

std::int32_t TrajectoryRecorder::modeIndex(std::string_view mode) {
  if (mode.empty()) return -1;
  const auto it = modeIndex_.find(mode);
  if (it != modeIndex_.end()) return it->second;
  const auto index = static_cast<std::int32_t>(modeNames_.size());
  modeNames_.emplace_back(mode);
  modeIndex_.emplace(std::string(mode), index);
  return index;
}

void TrajectoryRecorder::onStart(const sim::World& world, const sim::Planner& planner) {
  csv_.open(folder_ / "trajectories.csv", std::ios::binary);
  if (!csv_) throw std::runtime_error("cannot write " + (folder_ / "trajectories.csv").string());
  csv_ << "t,id,x,y,z,heading,speed,mode\n";
  std::vector<std::string> names;
  for (const auto& f : fields_) names.push_back(f.name);
  pvd_ = std::make_unique<viz::PvdSeriesWriter>(folder_, "run", std::move(names));
  obstacles_ = std::make_unique<ObstacleFrames>(folder_);
  obstacles_->start(world);
  modeTraces_.assign(world.agents.size(), {});
  nextFrameTime_ = nextRowTime_ = world.time;
  planner_ = &planner;
  planned_ = false;  // the row and frame at the start carry no mode
  record(world, planner);
  planned_ = true;
}

namespace {
// The next time on a schedule of `interval` after an output at `now` that was due at `next`:
// the first step ending at or after each multiple of the interval.
double nextScheduled(double next, double interval, double now) {
  next += interval;
  if (next <= now + 1e-9) {
    // The step was longer than the interval: the next multiple after now, in one go (adding an
    // interval below the time's resolution one at a time never got there).
    // An interval so small that the count of intervals overflows (5e-324 s gave +inf, and no
    // output came after the first) means an output at every step, as any interval below dt does.
    next += std::ceil((now + 1e-9 - next) / interval) * interval;
    if (!std::isfinite(next) || !(next > now + 1e-9)) next = std::nextafter(now + 1e-9, std::numeric_limits<double>::infinity());
  }
  return next;
}
}  // namespace

void TrajectoryRecorder::rows(const sim::World& world, const sim::Planner& planner, Rows which) {
  // The text of a row per agent is most of a run's observer time at thousands of agents (seven
  // shortest round-trip doubles each), so each thread formats a consecutive run of agents into
  // its own string, and the strings are written in thread order: the same bytes on any number of
  // threads. (Planner::mode only reads.)
  const auto n = static_cast<std::int64_t>(world.agents.size());
  const int threads = sim::teamSize(world.agents.size(), threads_, minAgentsPerThread_);
  rowText_.resize(static_cast<std::size_t>(threads));
  sim::forShares(threads, n, [&](int t, std::int64_t begin, std::int64_t end) {
    std::string& out = rowText_[static_cast<std::size_t>(t)];
    out.clear();
    for (std::int64_t i = begin; i < end; ++i) {
      const sim::Agent& a = world.agents[static_cast<std::size_t>(i)];
      if (!present(a, world.time)) continue;  // gone before this instant
      if ((which == Rows::Leaving && a.enabled) || (which == Rows::Staying && !a.enabled)) continue;
      const std::string_view mode = planned_ ? planner.mode(a.id) : std::string_view();
      put(out, world.time);
      out += ',';
      out += std::to_string(a.id);
      for (int k = 0; k < 3; ++k) {
        out += ',';
        put(out, a.state.position[k]);
      }
      out += ',';
      put(out, headingOf(a.state.direction));
      out += ',';
      put(out, a.state.speed);
      out += ',';
      out += mode;
      out += '\n';
    }
  });
  for (const std::string& text : rowText_) csv_ << text;
  // A full disk: stop the run here, naming the cause (it simulated on to the end, and only the
  // closing check said "cannot finish").
  if (!csv_) throw std::runtime_error("cannot write " + (folder_ / "trajectories.csv").string() + ": " + std::generic_category().message(errno));
  if (which != Rows::Leaving) lastRowTime_ = world.time;
}

void TrajectoryRecorder::record(const sim::World& world, const sim::Planner& planner) {
  // Mode changes at every step, rows or not.
  if (planned_)
    for (const auto& a : world.agents) {
      if (!present(a, world.time)) continue;
      const std::string_view mode = planner.mode(a.id);
      auto& trace = modeTraces_[a.id];
      if (!mode.empty() && (trace.empty() || trace.back().mode != mode)) trace.push_back({decidedAt_, std::string(mode)});
    }
  // Between the scheduled rows, an agent leaving the world still gets its last row (where it
  // arrived), as it does at every step.
  const bool rowsDue = !(rowInterval_ > 0.0) || world.time + 1e-9 >= nextRowTime_;
  rows(world, planner, rowsDue ? Rows::All : Rows::Leaving);
  if (rowsDue && rowInterval_ > 0.0) nextRowTime_ = nextScheduled(nextRowTime_, rowInterval_, world.time);
  decidedAt_ = world.time;  // the next step's modes are decided at this instant
  if (world.time + 1e-9 >= nextFrameTime_) {
    frame(world, planner);
    nextFrameTime_ = nextScheduled(nextFrameTime_, frameInterval_, world.time);
  }
}

void TrajectoryRecorder::frame(const sim::World& world, const sim::Planner& planner) {
  std::vector<viz::AgentSample> samples;
  for (const auto& a : world.agents) {
    // The rows' rule: an agent arriving now is drawn where it arrived (frames left it out, so
    // none showed an agent at its goal).
    if (!present(a, world.time)) continue;
    viz::AgentSample s;
    s.id = a.id;
    s.position = a.state.position;
    s.direction = a.state.direction;
    s.radius = a.radius;
    s.speed = a.state.speed;
    s.heading = headingOf(a.state.direction);
    s.mode = modeIndex(planned_ ? planner.mode(a.id) : std::string_view());
    for (const auto& f : fields_) s.fields.push_back(a.state.model[static_cast<std::size_t>(f.slot)]);
    samples.push_back(s);
  }
  pvd_->addFrame(world.time, samples);
  obstacles_->frame(world);
  lastFrameTime_ = world.time;
}

void TrajectoryRecorder::onStep(const sim::World& world, const sim::Planner& planner, std::span<const sim::Vec3>) {
  record(world, planner);
}

void TrajectoryRecorder::onFinish(const sim::World& world) {
  // The series ends with the run's last state, also when the end falls between two frame times
  // (a run ending when every agent arrived, or a duration off the schedule).
  if (planner_ != nullptr && lastFrameTime_ < world.time) frame(world, *planner_);
  // So do the rows, when they are thinned (those leaving in the last step have theirs).
  if (planner_ != nullptr && lastRowTime_ < world.time) rows(world, *planner_, Rows::Staying);
  csv_.close();
  if (!csv_) throw std::runtime_error("cannot finish " + (folder_ / "trajectories.csv").string());
  pvd_->finish();
  obstacles_->finish();
}

nlohmann::json summaryHead(const RunInfo& info, const RunMetrics& m, const TrajectoryRecorder* trajectories) {
  nlohmann::json j;
  j["scenario"] = info.scenario;
  j["scenario_name"] = info.scenarioName;
  j["dimension"] = info.dimension;  // steer render checks the scenario file against it
  j["params"] = info.params;
  j["model"] = info.model;
  j["planner"] = info.planner;
  j["neighbors"] = info.neighbors;
  j["seed"] = info.seed;
  j["dt"] = info.dt;
  j["duration"] = info.duration;
  // `kind` as set; `used`, what advanced the agents (a model with a scheme of its own ignores the
  // setting: the Reynolds vehicle's paper_euler).
  j["integrator"] = {{"kind", info.integrator}, {"used", info.integratorUsed()}};
  if (info.integrator == "dopri5") {
    j["integrator"]["abs_tolerance"] = info.absTolerance;
    j["integrator"]["rel_tolerance"] = info.relTolerance;
  }
  // Which Goldenstein: our defaults (steer) or the printed model (paper), before the keys given
  // beside the preset (`params` has those given on the command line).
  if (!info.localPreset.empty()) j["local_preset"] = info.localPreset;
  // Every parameter as a `local:` section would give it: the run's model whatever the scenario
  // file says later.
  if (info.localParameters) j["local"] = goldensteinParametersJson(*info.localParameters);
  if (info.reynoldsParameters) {
    std::vector<std::string> names;
    names.reserve(info.agents.size());
    for (const auto& a : info.agents) names.push_back(a.name);
    j["reynolds"] = reynoldsParametersJson(*info.reynoldsParameters, info.dimension, names);
  }
  j["steps"] = info.steps;
  j["sim_time"] = info.simTime;
  j["agents"] = m.agents.size();
  j["reached"] = m.reached();
  j["success_rate"] = m.successRate();
  j["standing_at_end"] = m.standingAtEnd();
  j["outside_world"] = {{"agents", m.outsideWorld()}, {"farthest", m.farthestOutsideWorld()}};
  j["collisions"] = {{"agent_agent", m.agentAgentCollisions}, {"agent_obstacle", m.agentObstacleCollisions}};
  j["contacts_between_steps"] = {{"agent_agent", m.agentAgentContacts}, {"agent_obstacle", m.agentObstacleContacts}};
  j["mean_time_to_goal"] = numberOrNull(m.meanTimeToGoal());
  j["mean_path_length"] = m.meanPathLength();
  j["min_clearance"] = numberOrNull(m.minClearance);
  j["min_obstacle_clearance"] = numberOrNull(m.minObstacleClearance);
  j["steerbench"] = {{"composite01", m.composite01()}, {"composite02", m.composite02()}};
  j["wall_seconds"] = info.wallSeconds;
  j["simulation_seconds"] = info.simulationSeconds;
  j["setup_seconds"] = info.setupSeconds;
  // Measured over the step loop alone (environment, planner, local layer, integration), without
  // the set-up before the first step.
  j["agent_steps_per_second"] = info.simulationSeconds > 0 ? info.agentSteps / info.simulationSeconds : 0.0;
  // The environment layer's own work (providers with counters: kinetic, kinetic3d), in totals
  // and per agent-step, so that runs with different providers or crowd sizes compare directly.
  nlohmann::json work = nlohmann::json::object(), perAgentStep = nlohmann::json::object();
  for (const auto& w : info.environmentWork) {
    work[w.name] = w.total;
    perAgentStep[w.name] = info.agentSteps > 0 ? w.total / static_cast<double>(info.agentSteps) : 0.0;
  }
  j["environment"] = {{"provider", info.neighbors}, {"work", work}, {"work_per_agent_step", perAgentStep}};
  // The planner's preparation: for the harmonic fields, whether their solves converged and how
  // many cells lead nowhere (local minima), which `steer field` shows in pictures.
  const auto figures = [](const std::vector<sim::ReportFigure>& report) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& f : report) {
      if (f.count) out[f.name] = static_cast<std::uint64_t>(f.value);
      else out[f.name] = f.value;
    }
    return out;
  };
  j["planner_report"] = figures(info.plannerReport);
  // What the model kept track of: the resources foragers ate, the cells explorers saw.
  j["model_report"] = figures(info.modelReport);
  // What the .vtp frames' integer `mode` array stands for (index k: mode_names[k]; -1: none).
  // An empty list when no mode was met (the direct planner), so that a script decoding the
  // frames finds the key in every run that wrote them (it was left out, a KeyError).
  if (trajectories != nullptr) j["mode_names"] = trajectories->modeNames();
  return j;
}

namespace {
// per_agent's row of agent i: its outcome, who it was at the start, its mode changes.
nlohmann::json summaryAgentRow(const RunInfo& info, const RunMetrics& m, const TrajectoryRecorder* trajectories, std::size_t i) {
  const auto& a = m.agents[i];
  nlohmann::json row{{"id", i},
                     {"reached", a.reached},
                     {"time_to_goal", a.reached ? nlohmann::json(a.timeToGoal) : nlohmann::json(nullptr)},
                     {"path_length", a.pathLength},
                     {"collisions", a.collisions},
                     {"time_stalled", a.timeStalled},
                     {"stalled_at_end", a.stalledAtEnd},
                     {"farthest_outside_world", a.farthestOutsideWorld}};
  if (i < info.agents.size()) {
    // Who the agent was at the start, so that an outcome can be related to its traits.
    const AgentAtStart& s = info.agents[i];
    if (!s.name.empty()) row["name"] = s.name;
    if (!s.group.empty()) row["group"] = s.group;
    row["start"] = info.dimension == 3 ? nlohmann::json{s.position.x(), s.position.y(), s.position.z()}
                                       : nlohmann::json{s.position.x(), s.position.y()};
    row["radius"] = s.radius;
    row["desired_speed"] = s.desiredSpeed;
    row["personality"] = {{"dexterity", s.personality.dexterity}, {"mass", s.personality.mass}, {"courage", s.personality.courage}};
  }
  if (trajectories != nullptr && !trajectories->modeTraces()[i].empty()) {
    nlohmann::json trace = nlohmann::json::array();
    for (const auto& c : trajectories->modeTraces()[i]) trace.push_back({{"t", c.time}, {"mode", c.mode}});
    row["mode_trace"] = trace;
  }
  return row;
}
}  // namespace

nlohmann::json summaryJson(const RunInfo& info, const RunMetrics& m, const TrajectoryRecorder* trajectories) {
  nlohmann::json j = summaryHead(info, m, trajectories);
  nlohmann::json& perAgent = j["per_agent"] = nlohmann::json::array();
  for (std::size_t i = 0; i < m.agents.size(); ++i) perAgent.push_back(summaryAgentRow(info, m, trajectories, i));
  return j;
}

std::string summaryText(const RunInfo& info, const RunMetrics& m, const TrajectoryRecorder* trajectories) {
  constexpr auto kReplace = nlohmann::json::error_handler_t::replace;
  nlohmann::json head = summaryHead(info, m, trajectories);
  head["per_agent"] = nlohmann::json::array();
  std::string text = head.dump(2, ' ', false, kReplace);
  if (m.agents.empty()) return text + "\n";
  // Only the document's own keys sit two spaces in, so this is per_agent's empty array. Its rows
  // go in one at a time, each dumped alone and set four spaces in, as dump(2) of the whole tree
  // sets them (a row's strings hold no line break: dump escapes them).
  const std::string placeholder = "\n  \"per_agent\": []";
  const std::size_t at = text.find(placeholder);
  if (at == std::string::npos) throw std::logic_error("summary.json: per_agent not found in its head");
  std::string out = text.substr(0, at + placeholder.size() - 1);  // up to the '['
  out += '\n';
  for (std::size_t i = 0; i < m.agents.size(); ++i) {
    const std::string row = summaryAgentRow(info, m, trajectories, i).dump(2, ' ', false, kReplace);
    out += "    ";
    for (const char c : row) {
      out += c;
      if (c == '\n') out += "    ";
    }
    out += i + 1 < m.agents.size() ? ",\n" : "\n";
  }
  out += "  ]";
  out.append(text, at + placeholder.size());
  return out + "\n";
}

void writeFileAtomically(const std::filesystem::path& path, const std::string& text) {
  const auto tmp = path.string() + ".tmp";
  std::ofstream out(tmp, std::ios::binary);
  out << text;
  // A full disk shows when the buffer goes out, at close: checked before it, a 0-byte marker and
  // a cut-off summary.json.tmp passed (and the .tmp stayed).
  out.close();
  if (!out) {
    const int error = errno;
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw std::runtime_error("cannot write " + path.string() + (error != 0 ? std::string(": ") + std::generic_category().message(error) : ""));
  }
  std::filesystem::rename(tmp, path);
}

}  // namespace steer::experiments
