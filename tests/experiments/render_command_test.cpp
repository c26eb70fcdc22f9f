// `steer render` on runs whose scenario file changed since: commands that draw through the GL
// driver, hence in this executable (steer_test RENDERS: the driver's own allocations are not
// leaks of ours).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "experiments/command_helpers.hpp"

using steer::test::runSteer;
using steer::test::scratchDir;
namespace fs = std::filesystem;

namespace {
const std::string kData = STEER_TEST_DATA_DIR;

// render reads the run's scenario file again: when it was edited since (a group's count
// changed) the pictures are drawn from it as it is now, with a note that the agent counts
// differ (agents beyond the new count were drawn with a default radius, silently); when it is
// gone, the error says that summary.json named it.
TEST(SteerCommand, RenderSaysWhenTheRunsScenarioFileChangedOrIsGone) {
  const fs::path dir = scratchDir("render_edited");
  const fs::path file = dir / "crowd.yaml";
  fs::create_directories(dir);
  fs::copy_file(kData + "/yaml/batch_small.yaml", file);
  ASSERT_EQ(runSteer("run " + file.string() + " --duration 0.5 --quiet --out " + (dir / "run").string()).status, 0);
  const auto same = runSteer("render " + (dir / "run").string() + " --frames 0 --quiet --out " + (dir / "p1").string());
  EXPECT_EQ(same.status, 0) << same.err;
  EXPECT_EQ(same.err.find("note"), std::string::npos) << same.err;
  std::string text = steer::test::slurp(file);
  const auto at = text.find("count: 6");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 8, "count: 2");
  std::ofstream(file) << text;
  const auto edited = runSteer("render " + (dir / "run").string() + " --frames 0 --quiet --out " + (dir / "p2").string());
  EXPECT_EQ(edited.status, 0) << edited.err;
  EXPECT_NE(edited.err.find("note: the run had 6 agents, its scenario file now has 2 (edited since the run?)"), std::string::npos)
      << edited.err;
  fs::remove(file);
  const auto gone = runSteer("render " + (dir / "run").string() + " --frames 0 --quiet --out " + (dir / "p3").string());
  EXPECT_EQ(gone.status, 2) << gone.err;
  EXPECT_NE(gone.err.find((dir / "run" / "summary.json").string() + ": scenario: the run's scenario file " + file.string() +
                          " is gone"),
            std::string::npos)
      << gone.err;
  EXPECT_FALSE(fs::exists(dir / "p3"));
  fs::remove_all(dir);
}

}  // namespace
