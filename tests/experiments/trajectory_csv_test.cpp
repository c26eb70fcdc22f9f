// Reading back trajectories.csv (experiments/src/trajectory_csv.hpp): what TrajectoryRecorder
// writes reads back bit for bit, and every kind of damaged row is refused with its line, column
// and field, as the standard for bad input asks (a cut-off file or a NaN used to be drawn).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>

#include "steer/experiments/input_error.hpp"
#include "steer/experiments/run_output.hpp"
#include "trajectory_csv.hpp"

using namespace steer;
namespace fs = std::filesystem;

namespace {

class ModePlanner final : public sim::Planner {
 public:
  std::string_view name() const override { return "test"; }
  void plan(const sim::World&, const sim::NeighborProvider&, std::span<sim::Vec3>) override {}
  // A mode with a space in it for agent 1 (commas are refused where modes are named: the mode
  // is the last column, unquoted).
  std::string_view mode(sim::AgentIndex agent) const override { return agent == 1 ? "detour left" : ""; }
};

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("steer_trajectory_csv_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// A csv holding `rows` after the header, and what reading it throws.
std::string errorOf(const std::string& rows, const std::string& header = "t,id,x,y,z,heading,speed,mode\n") {
  const fs::path file = scratch("bad") / "trajectories.csv";
  std::ofstream(file, std::ios::binary) << header << rows;
  try {
    experiments::readTrajectories(file.string());
  } catch (const experiments::InputError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

namespace {
std::string contents(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
}  // namespace

TEST(TrajectoryCsv, WhatTheRecorderWritesReadsBackExactly) {
  // Random states (doubles of every length, negative speeds, agents leaving) written by the recorder
  // itself, then read back: the oracle is the states it was given. The rows are made on 1 and on 3
  // threads (a thread per 2 agents: runs of 2, 2 and 3 agents, agents leaving from two of them):
  // the same bytes either way.
  constexpr sim::AgentIndex kAgents = 7;
  std::string onOneThread;
  for (const int threads : {1, 3}) {
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> any(-1e3, 1e3), angle(-3.14159, 3.14159);
    sim::World world;
    world.agents.resize(kAgents);
    for (sim::AgentIndex i = 0; i < kAgents; ++i) world.agents[i].id = i;
    const fs::path dir = scratch("roundtrip_" + std::to_string(threads));
    experiments::TrajectoryRecorder recorder(dir, 1e9, 0.0, {}, threads, 2);
    ModePlanner planner;
    std::vector<std::vector<experiments::TrajectorySample>> written(kAgents);
    for (int step = 0; step < 40; ++step) {
      world.time = 0.1 * step;
      if (step == 25) world.agents[2].enabled = false;  // gone: no rows after this
      if (step == 31) world.agents[5].enabled = false;
      for (auto& a : world.agents) {
        a.state.position = sim::Vec3(any(rng), any(rng), a.id == 0 ? 0.0 : any(rng));
        const double phi = angle(rng);
        a.state.direction = sim::Vec3(std::cos(phi), std::sin(phi), 0.0);
        a.state.speed = any(rng) / 300.0;
        if (a.enabled) written[a.id].push_back({world.time, a.state.position, std::atan2(a.state.direction.y(), a.state.direction.x()), a.state.speed});
      }
      if (step == 0) recorder.onStart(world, planner);
      else recorder.onStep(world, planner, {});
    }
    recorder.onFinish(world);
    const auto tracks = experiments::readTrajectories((dir / "trajectories.csv").string());
    ASSERT_EQ(tracks.size(), kAgents);
    for (sim::AgentIndex i = 0; i < kAgents; ++i) {
      const auto& read = tracks.at(i);
      ASSERT_EQ(read.size(), written[i].size()) << "agent " << i << ", " << threads << " threads";
      for (std::size_t k = 0; k < read.size(); ++k) {
        EXPECT_EQ(read[k].t, written[i][k].t);
        EXPECT_EQ(read[k].position, written[i][k].position);
        EXPECT_EQ(read[k].heading, written[i][k].heading);
        EXPECT_EQ(read[k].speed, written[i][k].speed);
      }
    }
    EXPECT_EQ(tracks.at(2).size(), 25u);
    EXPECT_EQ(tracks.at(5).size(), 31u);
    const std::string text = contents(dir / "trajectories.csv");
    if (threads == 1) {
      onOneThread = text;
    } else {
      EXPECT_TRUE(text == onOneThread) << "the rows on " << threads << " threads differ from those on one";
    }
  }
}

TEST(TrajectoryCsv, DamagedRowsAreRefusedWithTheirPlace) {
  const std::string good = "0,0,1,2,0,0.5,1.3,\n0,1,3,4,0,0,1,seek\n";
  const std::string file = (fs::temp_directory_path() / "steer_trajectory_csv_bad" / "trajectories.csv").string();
  EXPECT_EQ(errorOf(good), "accepted");
  EXPECT_EQ(errorOf(good + "0.05,0,nan,2,0,0.5,1.3,\n"), file + ":4:8: x: expected a finite number, got 'nan'");
  EXPECT_EQ(errorOf(good + "0.05,0,1,inf,0,0.5,1.3,\n"), file + ":4:10: y: expected a finite number, got 'inf'");
  EXPECT_EQ(errorOf(good + "0.05,0,1,2,0,0.5,1.3x,\n"), file + ":4:18: speed: expected a finite number, got '1.3x'");
  EXPECT_EQ(errorOf(good + "0.05,0,1,2,,0.5,1.3,\n"), file + ":4:12: z: expected a finite number, got ''");
  EXPECT_EQ(errorOf(good + "0.05,-1,1,2,0,0.5,1.3,\n"),
            file + ":4:6: id: expected an agent id (a whole number ≥ 0), got '-1'");
  EXPECT_EQ(errorOf(good + "0.05,99999999999,1,2,0,0.5,1.3,\n"),
            file + ":4:6: id: expected an agent id (a whole number ≥ 0), got '99999999999'");
  // Cut off inside the numbers (a comma short), and inside the last row's mode (no line break).
  EXPECT_EQ(errorOf(good + "0.05,0,1,2,0,0.5\n"), file + ":4:17: expected t,id,x,y,z,heading,speed,mode (the row is cut short)");
  EXPECT_EQ(errorOf(good + "0.05,1,3,4,0,0,1,se"), file + ":4:20: the file ends inside a row (cut off?)");
  // A field too many: "1,5" in place of x shifted every later value (it read as x = 1, y = 5, ...).
  EXPECT_EQ(errorOf(good + "0.05,0,1,5,2,0,0.5,1.3,\n"),
            file + ":4:23: expected t,id,x,y,z,heading,speed,mode (the row has more fields)");
  // One agent's time going back; other agents' rows between its rows are fine.
  EXPECT_EQ(errorOf(good + "0.05,0,1,2,0,0.5,1.3,\n0.1,1,1,2,0,0.5,1.3,\n0.04,0,1,2,0,0.5,1.3,\n"),
            file + ":6:1: t: agent 0's time goes back (0.04 after a row at a later time)");
  EXPECT_EQ(errorOf(good, "t,id,x,y\n"), file + ":1:1: expected the header t,id,x,y,z,heading,speed,mode");
  EXPECT_EQ(errorOf(good, "t,id,x,y,z,heading,speed,mode\r\n"),
            file + ":1:1: expected the header t,id,x,y,z,heading,speed,mode (the file has Windows line ends, \\r\\n)");
  EXPECT_EQ(errorOf(good, "\xEF\xBB\xBFt,id,x,y,z,heading,speed,mode\n"),
            file + ":1:1: expected the header t,id,x,y,z,heading,speed,mode (the file starts with a byte-order mark)");
  // A run's clock starts at 0: render took a negative time for its still.
  EXPECT_EQ(errorOf(good + "-5,0,1,2,0,0.5,1.3,\n"), file + ":4:1: t: expected a time >= 0, got '-5'");
  // A row without end (a sparse file, /dev/zero) stops at 64 KiB, not when memory runs out.
  EXPECT_EQ(errorOf(good + std::string(200000, '0')), file + ":4:1: a row longer than 65536 bytes: not a trajectories.csv");
  EXPECT_EQ(errorOf(std::string(200000, 'x'), ""), file + ":1:1: a row longer than 65536 bytes: not a trajectories.csv");
}

// Only a regular file is read: a FIFO waited for a writer forever, and a folder read as a bad
// header.
TEST(TrajectoryCsv, OnlyARegularFileIsRead) {
  const fs::path dir = scratch("special");
  const fs::path fifo = dir / "trajectories.csv";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const auto messageOf = [](const fs::path& path) {
    try {
      experiments::readTrajectories(path.string());
    } catch (const experiments::InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(messageOf(fifo), fifo.string() + ": trajectories.csv is not a regular file");
  fs::remove(fifo);
  fs::create_directories(fifo);
  EXPECT_EQ(messageOf(fifo), fifo.string() + ": trajectories.csv is a folder, not a file");
  EXPECT_EQ(messageOf(dir / "none.csv"), (dir / "none.csv").string() + ": cannot open trajectories.csv (no such file)");
  fs::remove_all(dir);
}

namespace {
// A planner whose mode is the number of its decisions so far ("" before the first), as a hybrid
// planner's mode is whatever its last plan() decided.
class CountingPlanner final : public sim::Planner {
 public:
  std::string_view name() const override { return "counting"; }
  void plan(const sim::World&, const sim::NeighborProvider&, std::span<sim::Vec3>) override { decide(); }
  void decide() { mode_ = "decision-" + std::to_string(++decisions_); }
  std::string_view mode(sim::AgentIndex) const override {
    return decisions_ == 0 ? std::string_view("sight") : std::string_view(mode_);
  }

 private:
  int decisions_ = 0;
  std::string mode_;
};
}  // namespace

// The mode a row or frame carries is the one the planner decided at the start of the step that
// ended there, and a mode_trace entry carries the time of that decision. Before the first step
// nothing is decided: the row at t = 0 has no mode (a harmonic planner's default, "sight", was
// recorded there, for agents that then took the field at once).
TEST(TrajectoryRecorder, ModesAreThePlannersDecisionsAtEachStepsStart) {
  sim::World world;
  world.agents.resize(1);
  const fs::path dir = scratch("modes");
  experiments::TrajectoryRecorder recorder(dir, 0.5);  // a frame at every step
  CountingPlanner planner;
  recorder.onStart(world, planner);
  for (int step = 0; step < 3; ++step) {
    planner.decide();  // plan(), at the step's start
    world.time += 0.5;
    recorder.onStep(world, planner, {});
  }
  recorder.onFinish(world);
  const auto& trace = recorder.modeTraces()[0];
  ASSERT_EQ(trace.size(), 3u);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(trace[k].time, 0.5 * k);
    EXPECT_EQ(trace[k].mode, "decision-" + std::to_string(k + 1));
  }
  EXPECT_EQ(recorder.modeNames(), (std::vector<std::string>{"decision-1", "decision-2", "decision-3"}));
  std::ifstream csv(dir / "trajectories.csv");
  std::string line, modes;
  std::getline(csv, line);  // header
  while (std::getline(csv, line)) modes += line.substr(line.rfind(',') + 1) + ";";
  EXPECT_EQ(modes, ";decision-1;decision-2;decision-3;");
}

// A small file written whole or not at all (summary.json, the RUNNING marker): on a full disk the
// write fails at close, where the buffer goes out. Checked before it, a 0-byte marker passed and a
// cut-off .tmp stayed.
TEST(WriteFileAtomically, AFullDiskIsAnErrorAndLeavesNothing) {
  ASSERT_TRUE(fs::exists("/dev/full")) << "Linux's always-full device";
  const fs::path dir = scratch("full_small");
  fs::create_symlink("/dev/full", dir / "RUNNING.tmp");
  try {
    experiments::writeFileAtomically(dir / "RUNNING", "this run has not finished\n");
    FAIL() << "the marker went nowhere without a word";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("RUNNING: No space left on device"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(fs::symlink_status(dir / "RUNNING.tmp")));
  EXPECT_FALSE(fs::exists(dir / "RUNNING"));
  experiments::writeFileAtomically(dir / "RUNNING", "written\n");  // and a disk with room takes it
  EXPECT_EQ(fs::file_size(dir / "RUNNING"), 8u);
  fs::remove_all(dir);
}

// A full disk stops the run at the first rows that cannot be written, naming the cause (the
// recorder wrote on into a failed stream to the end of the run). /dev/full stands in for it:
// every write to it fails with ENOSPC.
TEST(TrajectoryRecorder, AFullDiskIsAnErrorAtOnce) {
  ASSERT_TRUE(fs::exists("/dev/full")) << "Linux's always-full device";
  sim::World world;
  world.agents.resize(2000);  // rows well beyond the stream's buffer
  for (sim::AgentIndex i = 0; i < world.agents.size(); ++i) world.agents[i].id = i;
  const fs::path dir = scratch("full");
  fs::create_symlink("/dev/full", dir / "trajectories.csv");
  experiments::TrajectoryRecorder recorder(dir, 1e9);
  ModePlanner planner;
  try {
    recorder.onStart(world, planner);
    FAIL() << "the rows went nowhere without a word";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("trajectories.csv: No space left on device"), std::string::npos) << e.what();
  }
  fs::remove_all(dir);
}
