// What `steer run` does beside the simulation at every step, on one thread after the step loop:
// the run metrics (collisions and clearances, experiments::MetricsRecorder) and the ParaView
// frames (viz::PvdSeriesWriter). A profile of whole runs of 10,000 agents found them a third of
// the time (frames 19 %, metrics 12 %), so they have figures of their own.
//
//  BM_RunObservers_Metrics/<N>: MetricsRecorder::onStep after each step of N agents in crowd
//                               motion (bench::CrowdMotion, 1 m spacing) among N/200 walls and
//                               N/200 circles; items = agent-steps.
//  BM_RunObservers_Metrics_2Threads/<N>: the same with the contact search on 2 threads (wall time).
//  BM_RunObservers_Frame/<N>:   one run_NNNNN.vtp frame of N agents written to a temporary
//                               folder; items = agents written.
//  BM_RunObservers_Rows/<N>:    TrajectoryRecorder::onStep after each step of N agents in crowd
//                               motion: a trajectories.csv row per agent (no frame); items =
//                               agent-steps. _2Threads: the rows' text made on 2 threads.
#include <benchmark/benchmark.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "benchmarks/crowd_motion.hpp"
#include "steer/experiments/metrics.hpp"
#include "steer/experiments/run_output.hpp"
#include "steer/planning/direct_planner.hpp"
#include "steer/viz/pvd_writer.hpp"

namespace {

using namespace steer;

bench::CrowdMotion crowdAmongObstacles(std::size_t n) {
  bench::CrowdMotionSettings s;
  s.agents = n;
  s.walls = static_cast<int>(n / 200);
  bench::CrowdMotion motion(s);
  sim::World& world = motion.world();
  const double h = motion.side() / 2;
  // Circles on a grid across the square, so that agents pass them everywhere.
  const int perSide = std::max(1, static_cast<int>(std::lround(std::sqrt(n / 200.0))));
  for (int i = 0; i < perSide; ++i)
    for (int j = 0; j < perSide; ++j) {
      const double x = -h + (i + 0.5) * 2 * h / perSide, y = -h + (j + 0.5) * 2 * h / perSide;
      world.obstacles.push_back({geometry::Ball{sim::Vec3(x, y, 0), 1.0}, {}});
    }
  world.refreshPieces();
  return motion;
}

void runMetrics(benchmark::State& state, int threads) {
  const auto n = static_cast<std::size_t>(state.range(0));
  bench::CrowdMotion motion = crowdAmongObstacles(n);
  planning::DirectPlanner planner;
  experiments::MetricsRecorder metrics(2.0, threads);
  metrics.onStart(motion.world(), planner);
  for (int warm = 0; warm < 3; ++warm) {
    motion.step();
    metrics.onStep(motion.world(), planner, motion.previous());
  }
  for (auto _ : state) {
    state.PauseTiming();
    motion.step();
    state.ResumeTiming();
    metrics.onStep(motion.world(), planner, motion.previous());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

void BM_RunObservers_Metrics(benchmark::State& state) { runMetrics(state, 1); }
void BM_RunObservers_Metrics_2Threads(benchmark::State& state) { runMetrics(state, 2); }

void BM_RunObservers_Frame(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  bench::CrowdMotion motion(bench::CrowdMotionSettings{.agents = n});
  std::vector<viz::AgentSample> samples;
  for (const sim::Agent& a : motion.world().agents)
    samples.push_back({.id = a.id, .position = a.state.position, .direction = a.state.direction, .radius = a.radius,
                       .speed = a.state.speed, .heading = std::atan2(a.state.direction.y(), a.state.direction.x()),
                       .mode = -1, .fields = {0.5, 0.5}});
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / ("steer_bench_frames_" + std::to_string(::getpid()));
  std::filesystem::create_directories(folder);
  {
    viz::PvdSeriesWriter writer(folder, "run", {"w_tar", "w_obs"});
    double t = 0.0;
    for (auto _ : state) writer.addFrame(t += 0.1, samples);
  }
  std::filesystem::remove_all(folder);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

void runRows(benchmark::State& state, int threads) {
  const auto n = static_cast<std::size_t>(state.range(0));
  bench::CrowdMotion motion(bench::CrowdMotionSettings{.agents = n});
  planning::DirectPlanner planner;
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / ("steer_bench_rows_" + std::to_string(::getpid()));
  std::filesystem::create_directories(folder);
  {
    // Frames only at the start: the time is the rows'.
    experiments::TrajectoryRecorder recorder(folder, 1e9, 0.0, {}, threads);
    recorder.onStart(motion.world(), planner);
    for (auto _ : state) {
      state.PauseTiming();
      motion.step();
      state.ResumeTiming();
      recorder.onStep(motion.world(), planner, motion.previous());
    }
  }
  std::filesystem::remove_all(folder);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * n));
}

void BM_RunObservers_Rows(benchmark::State& state) { runRows(state, 1); }
void BM_RunObservers_Rows_2Threads(benchmark::State& state) { runRows(state, 2); }

BENCHMARK(BM_RunObservers_Metrics)->Arg(2000)->Arg(10000)->Unit(benchmark::kMillisecond);
// Wall time: the contact search runs on two threads (the step's motion is paused out of it).
BENCHMARK(BM_RunObservers_Metrics_2Threads)->Arg(2000)->Arg(10000)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RunObservers_Frame)->Arg(2000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RunObservers_Rows)->Arg(2000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RunObservers_Rows_2Threads)->Arg(2000)->Arg(10000)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace
