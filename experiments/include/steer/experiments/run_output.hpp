#pragma once
/// @file The files of a run folder (ARCHITECTURE.md §5): trajectories.csv, the ParaView series
/// run.pvd over run_NNNNN.vtp, and summary.json, written last, so that a folder with a
/// summary.json is a finished run. While a run is in progress the folder holds RUNNING.
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "steer/experiments/metrics.hpp"
#include "steer/experiments/scenario.hpp"
#include "steer/local/parameters.hpp"
#include "steer/reynolds/reynolds_model.hpp"
#include "steer/sim/local_model.hpp"
#include "steer/sim/neighbor_provider.hpp"
#include "steer/sim/planner.hpp"

namespace steer::viz {
class PvdSeriesWriter;
}

namespace steer::experiments {

class ObstacleFrames;

/// Records trajectories (every step, or every `rowInterval` s of simulated time when it is > 0),
/// ParaView frames (at `frameInterval` s of simulated time) and each agent's mode changes (at
/// every step, whatever the intervals).
class TrajectoryRecorder final : public sim::StepObserver {
 public:
  /// `fields`: the model's own state the frames show (sim::LocalModel::stateFields()).
  /// `threads`: the rows' text is made on up to that many threads, each taking a consecutive run
  /// of at least `minAgentsPerThread` agents, and written in agent order (the file does not
  /// depend on the number of threads).
  TrajectoryRecorder(const std::filesystem::path& folder, double frameInterval, double rowInterval = 0.0,
                     std::vector<sim::LocalModel::StateField> fields = {}, int threads = 1, int minAgentsPerThread = 512);
  ~TrajectoryRecorder() override;
  void onStart(const sim::World& world, const sim::Planner& planner) override;
  void onStep(const sim::World& world, const sim::Planner& planner, std::span<const sim::Vec3> previous) override;
  void onFinish(const sim::World& world) override;

  /// Every mode name seen, in order of first appearance (the .vtp "mode" array indexes it;
  /// summary.json's mode_names lists it).
  const std::vector<std::string>& modeNames() const { return modeNames_; }
  struct ModeChange {
    double time;
    std::string mode;
  };
  const std::vector<std::vector<ModeChange>>& modeTraces() const { return modeTraces_; }

 private:
  void record(const sim::World& world, const sim::Planner& planner);
  // The rows of the agents present at world.time: all of them, those leaving the world now (their
  // goals completed in the step), or those staying.
  enum class Rows { All, Leaving, Staying };
  void rows(const sim::World& world, const sim::Planner& planner, Rows which);
  void frame(const sim::World& world, const sim::Planner& planner);
  // Whether agent `a` is in the world at this instant: enabled, or leaving now (its goals
  // completed in the step that ended at world.time: it has a last row, and a last point).
  static bool present(const sim::Agent& a, double time) { return a.enabled || !(a.finishTime < time - 1e-12); }
  std::int32_t modeIndex(std::string_view mode);

  std::filesystem::path folder_;
  double frameInterval_;
  double rowInterval_;                      // 0: a row per agent at every step
  int threads_;
  int minAgentsPerThread_;
  std::vector<std::string> rowText_;        // per thread: its agents' rows of this instant
  double nextFrameTime_ = 0.0;
  double nextRowTime_ = 0.0;
  double lastRowTime_ = -1.0;               // the time of the last rows of every present agent
  double lastFrameTime_ = -1.0;             // the time of the last frame written
  const sim::Planner* planner_ = nullptr;  // for the closing frame (onFinish gets no planner)
  std::ofstream csv_;
  std::unique_ptr<viz::PvdSeriesWriter> pvd_;
  std::unique_ptr<ObstacleFrames> obstacles_;  // obstacles.vtp and the moving obstacles' series
  std::vector<sim::LocalModel::StateField> fields_;
  std::vector<std::string> modeNames_;
  std::map<std::string, std::int32_t, std::less<>> modeIndex_;
  std::vector<std::vector<ModeChange>> modeTraces_;
  // The planner decides its modes at the start of each step: before the first step it has
  // decided nothing (a harmonic planner reported its default, "sight"), and a mode read after a
  // step was decided at that step's start.
  bool planned_ = false;
  double decidedAt_ = 0.0;
};

/// Who an agent was when the run started, for summary.json's per_agent rows: a personality
/// study relates each agent's traits and start to its outcome.
struct AgentAtStart {
  std::string name, group;  ///< empty when the scenario gave none
  sim::Vec3 position = sim::Vec3::Zero();
  double radius = 0.0, desiredSpeed = 0.0;  ///< m, m/s
  sim::Personality personality;
};

struct RunInfo {
  std::string scenario;      ///< the scenario file's absolute path (or "<embedded:...>")
  std::string scenarioName;  ///< its `name:` (as comparison.csv and field_summary.json name it)
  std::vector<std::string> params;  ///< the --param assignments it was loaded with (Scenario::params)
  std::string model, planner, neighbors;
  std::uint64_t seed = 0;
  double dt = 0.0;
  std::uint64_t steps = 0;
  double simTime = 0.0;
  double wallSeconds = 0.0;        ///< the whole run: set-up, steps, metrics and files (but summary.json)
  double simulationSeconds = 0.0;  ///< the step loop alone, without the metrics' and files' observers
  std::uint64_t agentSteps = 0;
  std::vector<sim::WorkCount> environmentWork;  ///< the provider's counters (NeighborProvider::work)
  /// Simulation::start() alone: the planner's preparation (a harmonic field solve, or reading it
  /// from the field cache) and the environment's first build. Not in simulationSeconds.
  double setupSeconds = 0.0;
  std::vector<sim::PlannerFigure> plannerReport;  ///< what the planner's preparation found (Planner::report)
  double duration = 0.0;                ///< the run's time limit (s), as set; sim_time may end sooner
  std::string integrator;               ///< euler | rk4 | dopri5, as set (the reynolds vehicle may ignore it)
  double absTolerance = 0.0, relTolerance = 0.0;  ///< dopri5's
  int dimension = 2;                    ///< 2 or 3: how many coordinates a start has
  std::vector<AgentAtStart> agents;     ///< per agent, in id order (empty: no per_agent start rows)
  std::vector<sim::ReportFigure> modelReport;  ///< what the model kept track of (LocalModel::report)
  /// The scheme that advanced the agents when the model has its own (LocalModel::ownIntegrator,
  /// e.g. "paper_euler"); empty: `integrator`.
  std::string ownIntegrator;
  /// The Goldenstein model's `local.preset` (steer | paper) its parameters start from; empty for
  /// the other models.
  std::string localPreset;
  /// The Goldenstein model's parameters as the run used them (summary.json's `local`); none for
  /// the other models.
  std::optional<local::GoldensteinParameters> localParameters;
  /// The Reynolds model's parameters as the run used them (summary.json's `reynolds`, written
  /// as a `reynolds:` section with the agents' names); none for the other models.
  std::optional<reynolds::ReynoldsParameters> reynoldsParameters;
  /// What advanced the agents: the model's own scheme, else `integrator` (summary.json's
  /// integrator.used).
  const std::string& integratorUsed() const { return ownIntegrator.empty() ? integrator : ownIntegrator; }
};

/// The summary.json document.
nlohmann::json summaryJson(const RunInfo& info, const RunMetrics& metrics, const TrajectoryRecorder* trajectories);
/// summary.json without its per_agent rows: the run's figures (what a batch's table reads).
nlohmann::json summaryHead(const RunInfo& info, const RunMetrics& metrics, const TrajectoryRecorder* trajectories);
/// The text of summary.json, summaryJson(...).dump(2) and a line break, made without holding
/// the whole document as a tree: the per_agent rows are made and written one at a time (the
/// tree of a 10,000-agent run's rows took more heap than the run).
std::string summaryText(const RunInfo& info, const RunMetrics& metrics, const TrajectoryRecorder* trajectories);

/// Writes `text` to `path` through a temporary file and a rename, so that a reader never sees a
/// half-written file.
void writeFileAtomically(const std::filesystem::path& path, const std::string& text);

}  // namespace steer::experiments
