// summary.json's text (run_output.hpp): summaryText streams the per_agent rows one at a time, and
// must give the very bytes of the whole document dumped as one tree, summaryJson(...).dump(2).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "steer/experiments/run_output.hpp"

using namespace steer;
namespace fs = std::filesystem;

namespace {

// Agent i's mode after step k: a few changes per agent, some agents never in a mode.
class SteppingPlanner final : public sim::Planner {
 public:
  std::string_view name() const override { return "stepping"; }
  void plan(const sim::World&, const sim::NeighborProvider&, std::span<sim::Vec3>) override {}
  std::string_view mode(sim::AgentIndex agent) const override {
    static const std::string modes[] = {"", "seek \"left\"", "field", "sight"};
    return modes[(agent + static_cast<std::size_t>(step)) % 4 * (agent % 3 != 0)];
  }
  int step = 0;
};

std::string wholeTree(const experiments::RunInfo& info, const experiments::RunMetrics& m,
                      const experiments::TrajectoryRecorder* recorder) {
  return experiments::summaryJson(info, m, recorder).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace

TEST(SummaryText, IsTheWholeTreeDumped) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> any(-50.0, 50.0);
  for (const int dimension : {2, 3})
    for (const std::size_t agents : {std::size_t{0}, std::size_t{1}, std::size_t{6}}) {
      SCOPED_TRACE(std::to_string(dimension) + "D, " + std::to_string(agents) + " agents");
      experiments::RunInfo info;
      info.scenario = "/tmp/a \"quoted\" name\nwith a line break.yaml";
      info.scenarioName = "bad byte \xFF here";  // replaced, as the run writes it
      info.params = {"local.k=2", "seed=3"};
      info.model = "goldenstein";
      info.planner = "stepping";
      info.neighbors = "kinetic";
      info.dimension = dimension;
      info.environmentWork = {{"flips", 12.0}};
      info.plannerReport = {{"cells", 4.0, true}};
      experiments::RunMetrics m;
      m.agents.resize(agents);
      sim::World world;
      world.agents.resize(agents);
      for (std::size_t i = 0; i < agents; ++i) {
        world.agents[i].id = static_cast<sim::AgentIndex>(i);
        auto& a = m.agents[i];
        a.reached = i % 2 == 0;
        a.timeToGoal = a.reached ? any(rng) + 60.0 : -1.0;
        a.pathLength = any(rng) + 60.0;
        a.collisions = static_cast<std::uint32_t>(i);
        a.timeStalled = 0.1 * static_cast<double>(i);
        if (i != 4)  // agent 4 has no start row (info.agents shorter than the metrics)
          info.agents.push_back({i == 1 ? "ann" : "", i == 2 ? "group, \"b\"" : "", sim::Vec3(any(rng), any(rng), any(rng)), 0.3, 1.2, {}});
      }
      if (agents > 4) info.agents.resize(4);
      m.minClearance = agents > 1 ? std::optional<double>(any(rng)) : std::nullopt;
      const fs::path dir = fs::temp_directory_path() / "steer_summary_text";
      fs::remove_all(dir);
      fs::create_directories(dir);
      experiments::TrajectoryRecorder recorder(dir, 1e9);
      SteppingPlanner planner;
      recorder.onStart(world, planner);
      for (int k = 1; k <= 3; ++k) {
        planner.step = k;
        world.time += 0.5;
        recorder.onStep(world, planner, {});
      }
      recorder.onFinish(world);
      EXPECT_EQ(experiments::summaryText(info, m, &recorder), wholeTree(info, m, &recorder));
      EXPECT_EQ(experiments::summaryText(info, m, nullptr), wholeTree(info, m, nullptr));
      fs::remove_all(dir);
    }
}
