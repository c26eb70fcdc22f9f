// The size of a run's outputs, said before the run when it is large (output_size_note.hpp). The
// oracle of the estimate is a run's own files: never more than the estimate, and not far below
// it when no agent leaves early.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "output_size_note.hpp"
#include "steer/experiments/run_command.hpp"
#include "steer/experiments/scenario.hpp"

namespace {

using namespace steer::experiments;
namespace fs = std::filesystem;

const std::string kData = STEER_TEST_DATA_DIR;

// Bytes of the files whose size the estimate bounds: trajectories.csv and the ParaView frames.
double bytesOfRowsAndFrames(const fs::path& run) {
  double bytes = 0.0;
  for (const auto& entry : fs::directory_iterator(run)) {
    const std::string name = entry.path().filename().string();
    if (name == "trajectories.csv" || (name.rfind("run_", 0) == 0 && entry.path().extension() == ".vtp"))
      bytes += static_cast<double>(fs::file_size(entry.path()));
  }
  return bytes;
}

TEST(OutputSizeNote, TheEstimateBoundsARunsFilesFromAbove) {
  // 300 agents, none of which arrives in 2 s: every agent has every row and frame.
  Scenario s = loadScenario(kData + "/steersuite/crowd_region_300.xml");
  s.settings.duration = 2.0;
  const RunOutputOptions options{0.1, true, 0.0};
  const fs::path dir = fs::temp_directory_path() / ("steer_output_size_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  runScenario(s, dir, options);
  const double actual = bytesOfRowsAndFrames(dir);
  const OutputEstimate e = estimateOutputs(s.world.agents.size(), s.settings.duration, s.settings.dt, options);
  EXPECT_EQ(e.rowsPerAgent, 41.0);  // t = 0 and 40 steps of 0.05 s
  EXPECT_EQ(e.frames, 21.0);        // t = 0, 0.1, ..., 2
  EXPECT_GE(e.bytes, actual);
  EXPECT_LE(e.bytes, 1.5 * actual);
  fs::remove_all(dir);
}

TEST(OutputSizeNote, IntervalsThinTheRowsAndFramesAndNoTrajectoriesLeavesNone) {
  const RunOutputOptions every{0.1, true, 0.0}, thinned{1.0, true, 0.5}, none{0.1, false, 0.0};
  const OutputEstimate a = estimateOutputs(10, 60.0, 0.01, every);
  EXPECT_EQ(a.rowsPerAgent, 6001.0);
  EXPECT_EQ(a.frames, 601.0);
  const OutputEstimate b = estimateOutputs(10, 60.0, 0.01, thinned);
  EXPECT_EQ(b.rowsPerAgent, 122.0);  // every 0.5 s, and the end
  EXPECT_EQ(b.frames, 61.0);
  EXPECT_LT(b.bytes, a.bytes / 30);
  EXPECT_EQ(estimateOutputs(10, 60.0, 0.01, none).bytes, 0.0);
  // Intervals shorter than the step give no more than a row and a frame per step.
  const OutputEstimate c = estimateOutputs(1, 1.0, 0.5, RunOutputOptions{0.01, true, 0.01});
  EXPECT_EQ(c.rowsPerAgent, 3.0);
  EXPECT_EQ(c.frames, 3.0);
}

TEST(OutputSizeNote, SaidWhenLargeOrBeyondTheFreeSpaceOnly) {
  const RunOutputOptions options{0.1, true, 0.0};
  const std::uintmax_t plenty = std::uintmax_t{1} << 50;
  // A minute at the default step for 30 agents: ~3.6 MB, nothing to say.
  EXPECT_FALSE(outputSizeNote(30, 60.0, 0.05, options, plenty, "runs/x"));
  EXPECT_FALSE(outputSizeNote(30, 60.0, 0.05, options, std::nullopt, "runs/x"));
  // One agent, a minute at 1e-7 s: 600,000,001 rows, ~60 GB.
  const auto large = outputSizeNote(1, 60.0, 1e-7, options, plenty, "runs/x");
  ASSERT_TRUE(large);
  EXPECT_NE(large->find("up to 60 GB"), std::string::npos) << *large;
  EXPECT_NE(large->find("1 agent x 600,000,001 rows"), std::string::npos) << *large;
  EXPECT_NE(large->find("--trajectory-interval"), std::string::npos) << *large;
  EXPECT_EQ(large->find("free"), std::string::npos) << *large;
  // Small, but more than the disk has left.
  const auto full = outputSizeNote(30, 60.0, 0.05, options, 1'000'000, "runs/x");
  ASSERT_TRUE(full);
  EXPECT_NE(full->find("more than the 1 MB free where runs/x goes"), std::string::npos) << *full;
  // Without trajectories the run writes summary.json only.
  EXPECT_FALSE(outputSizeNote(1, 60.0, 1e-7, RunOutputOptions{0.1, false, 0.0}, 0, "runs/x"));
}

TEST(OutputSizeNote, FreeSpaceIsReadAtTheNearestFolderThatExists) {
  const fs::path missing = fs::temp_directory_path() / "steer_no_such_folder" / "a" / "b";
  const auto free = freeSpaceFor(missing);
  ASSERT_TRUE(free);
  EXPECT_GT(*free, 0u);
  EXPECT_LE(*free, fs::space(fs::temp_directory_path()).capacity);
}

}  // namespace
