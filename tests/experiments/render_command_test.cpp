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
  EXPECT_EQ(gone.err.rfind((dir / "run" / "summary.json").string() + ":", 0), 0u) << gone.err;
  EXPECT_NE(gone.err.find(": scenario: the run's scenario file " + file.string() + " is gone"),
            std::string::npos)
      << gone.err;
  EXPECT_FALSE(fs::exists(dir / "p3"));
  fs::remove_all(dir);
}

// A run's scenario file replaced by one of the other dimension is refused, named at summary.json's
// `dimension` (a 3D flock was drawn flat on a 2D room with exit 0); a summary.json without its
// seed is refused too (the groups were drawn with seed 0, in silence).
TEST(SteerCommand, RenderRefusesAScenarioOfTheOtherDimensionAndAMissingSeed) {
  const fs::path dir = scratchDir("render_dimension");
  const fs::path file = dir / "scene.yaml";
  fs::create_directories(dir);
  fs::copy_file(kData + "/yaml/batch_small.yaml", file);
  ASSERT_EQ(runSteer("run " + file.string() + " --duration 0.3 --quiet --out " + (dir / "run").string()).status, 0);
  const std::string summary = steer::test::slurp(dir / "run" / "summary.json");
  ASSERT_NE(summary.find("\"dimension\": 2"), std::string::npos) << summary.substr(0, 300);
  fs::copy_file(std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/flock_3d.yaml", file, fs::copy_options::overwrite_existing);
  const auto other = runSteer("render " + (dir / "run").string() + " --frames 0 --quiet --out " + (dir / "p1").string());
  EXPECT_EQ(other.status, 2) << other.err;
  EXPECT_EQ(other.err.rfind((dir / "run" / "summary.json").string() + ":", 0), 0u) << other.err;
  EXPECT_NE(other.err.find("dimension: the run was 2D, its scenario file " + file.string() + " is 3D now"), std::string::npos)
      << other.err;
  EXPECT_FALSE(fs::exists(dir / "p1"));
  // Back to the run's own file, without the seed in summary.json.
  fs::copy_file(kData + "/yaml/batch_small.yaml", file, fs::copy_options::overwrite_existing);
  std::string noSeed = summary;
  const auto at = noSeed.find("\"seed\":");
  ASSERT_NE(at, std::string::npos);
  noSeed.erase(at, noSeed.find(',', at) + 1 - at);
  std::ofstream(dir / "run" / "summary.json") << noSeed;
  const auto unseeded = runSteer("render " + (dir / "run").string() + " --frames 0 --quiet --out " + (dir / "p2").string());
  EXPECT_EQ(unseeded.status, 2) << unseeded.err;
  EXPECT_NE(unseeded.err.find("seed: expected a whole number"), std::string::npos) << unseeded.err;
  EXPECT_FALSE(fs::exists(dir / "p2"));
  fs::remove_all(dir);
}

// A time given twice makes one picture and is counted once (the summary said "2 pictures" for
// one), and --at -0 is the picture at 0 (it was named at_-0.00.png).
TEST(SteerCommand, RenderCountsThePicturesItMakesAtGivenTimes) {
  const fs::path dir = scratchDir("render_at_twice");
  ASSERT_EQ(runSteer("run " + kData + "/yaml/minimal.yaml --duration 0.2 --quiet --out " + (dir / "run").string()).status, 0);
  const auto r = runSteer("render " + (dir / "run").string() + " --frames 0 --at 0.1 --at 0.1 --at -0 --out " +
                          (dir / "pictures").string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(", 0 frames and 2 pictures at given times (--at)"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(dir / "pictures" / "at_0.10.png"));
  EXPECT_TRUE(fs::exists(dir / "pictures" / "at_0.00.png"));
  EXPECT_FALSE(fs::exists(dir / "pictures" / "at_-0.00.png"));
  fs::remove_all(dir);
}

// A trajectories.csv of its header alone is no run's (each writes every agent's row at t = 0):
// render drew an empty still, said "0 frames" and exited 0.
TEST(SteerCommand, RenderRefusesTrajectoriesWithoutRows) {
  const fs::path dir = scratchDir("render_no_rows");
  ASSERT_EQ(runSteer("run " + kData + "/yaml/minimal.yaml --duration 0.2 --quiet --out " + (dir / "run").string()).status, 0);
  const fs::path csv = dir / "run" / "trajectories.csv";
  const std::string text = steer::test::slurp(csv);
  std::ofstream(csv, std::ios::trunc) << text.substr(0, text.find('\n') + 1);
  const auto r = runSteer("render " + (dir / "run").string() + " --frames 1 --quiet --out " + (dir / "pictures").string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err.rfind(csv.string() + ":2:1: no rows after the header", 0), 0u) << r.err;
  EXPECT_FALSE(fs::exists(dir / "pictures")) << "bad input leaves no output folder";
  fs::remove_all(dir);
}

// A folder that holds runs (the demo's, compare's with --trajectories) is not a run: the error
// names the runs in it to render instead (it said only "no summary.json").
TEST(SteerCommand, RenderOfAFolderOfRunsNamesThem) {
  const fs::path dir = scratchDir("render_folder_of_runs");
  for (const char* run : {"direct", "harmonic"})
    ASSERT_EQ(runSteer("run " + kData + "/yaml/minimal.yaml --duration 0.2 --quiet --out " + (dir / run).string()).status, 0);
  const auto r = runSteer("render " + dir.string() + " --frames 0 --quiet");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("not a run's folder (no summary.json), but it holds runs: render one of them: " + (dir / "direct").string() +
                       ", " + (dir / "harmonic").string() + "\n"),
            std::string::npos)
      << r.err;
  // Runs that kept no trajectories cannot be drawn: not listed, and said so.
  const fs::path bare = dir.string() + "_bare";
  ASSERT_EQ(runSteer("run " + kData + "/yaml/minimal.yaml --duration 0.2 --no-trajectories --quiet --out " + (bare / "one").string())
                .status,
            0);
  const auto none = runSteer("render " + bare.string() + " --frames 0 --quiet");
  EXPECT_EQ(none.status, 2) << none.err;
  EXPECT_NE(none.err.find("it holds 1 finished run, and none kept trajectories to draw"), std::string::npos) << none.err;
  fs::remove_all(bare);
  fs::create_directories(dir.string() + "_nothing");
  const auto nothing = runSteer("render " + dir.string() + "_nothing --frames 0 --quiet");
  EXPECT_EQ(nothing.status, 2) << nothing.err;
  EXPECT_NE(nothing.err.find("not a finished run (no summary.json)"), std::string::npos) << nothing.err;
  fs::remove_all(dir);
  fs::remove_all(dir.string() + "_nothing");
}

// The notes on --at times give the rows' times as a person reads them: 0.1 + 0.1 + 0.1 is
// 0.30000000000000004, and the note said so.
TEST(SteerCommand, RenderNotesGiveRowTimesRounded) {
  const fs::path dir = scratchDir("render_at_rounded");
  ASSERT_EQ(runSteer("run " + kData + "/yaml/minimal.yaml --dt 0.1 --duration 0.3 --quiet --out " + (dir / "run").string()).status, 0);
  const auto r = runSteer("render " + (dir / "run").string() + " --frames 0 --at 100 --at 0.25 --quiet --out " + (dir / "p").string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("is after the run's end (t = 0.3 s)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("shows t = 0.2 s, the last row before it"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("0000000"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

// A picture that cannot be written ends the render with exit 1 and one line that names the
// file and why (VTK's own coloured log line came first, and said only "Unable to open file"),
// and the pictures this render had made go again: a stop part-way left a mix of this render's
// frames and an earlier one's. Two ways to fail: the PNG writer cannot open its file (a folder
// holds the name it writes to first), and the finished PNG cannot take the picture's name.
TEST(SteerCommand, RenderThatCannotWriteAPictureSaysWhyAndLeavesNoneOfIts) {
  const fs::path dir = scratchDir("render_unwritable");
  ASSERT_EQ(runSteer("run " + kData + "/yaml/minimal.yaml --duration 0.2 --quiet --out " + (dir / "run").string()).status, 0);
  for (const std::string blocked : {"frame_0001.png", "frame_0001.png.part"}) {
    const fs::path out = dir / ("pictures_" + blocked);
    fs::create_directories(out / blocked);
    std::ofstream(out / blocked / "keep") << "a folder that is not empty: nothing removes it";
    const auto r = runSteer("render " + (dir / "run").string() + " --frames 3 --quiet --out " + out.string());
    EXPECT_EQ(r.status, 1) << blocked << ": " << r.err;
    // The temporary file named when it is the one in the way.
    const std::string through = blocked == "frame_0001.png" ? "" : " (through " + (out / blocked).string() + ")";
    EXPECT_EQ(r.err, "steer render: cannot write " + (out / "frame_0001.png").string() + through +
                         ": Is a directory (removed the 2 pictures this render had made)\n")
        << blocked;
    EXPECT_FALSE(fs::exists(out / "trajectories.png")) << blocked;
    EXPECT_FALSE(fs::exists(out / "frame_0000.png")) << blocked;
    EXPECT_TRUE(fs::exists(out / blocked / "keep")) << blocked;
    std::size_t left = 0;
    for (const auto& entry : fs::directory_iterator(out)) left += entry.path().filename() != blocked;
    EXPECT_EQ(left, 0u) << blocked << ": no .part file or picture stays";
  }
  fs::remove_all(dir);
}

// Pictures in a run's folder belong to that run: a second render with fewer frames leaves none
// of the first's beyond its count (frames 2-5 of a 6-frame render stayed beside a 2-frame one,
// and a video is made of the frame_%04d series), and a new run into the folder takes every
// picture of the old run away (a still of the old run passed for the new one's). A file of
// another name is left alone.
TEST(SteerCommand, PicturesInARunsFolderAreOfThatRunOnly) {
  const fs::path dir = scratchDir("render_stale");
  const std::string run = (dir / "run").string(), file = kData + "/yaml/batch_small.yaml";
  ASSERT_EQ(runSteer("run " + file + " --duration 0.5 --quiet --out " + run).status, 0);
  ASSERT_EQ(runSteer("render " + run + " --frames 6 --at 0.2 --quiet").status, 0);
  ASSERT_TRUE(fs::exists(dir / "run" / "frame_0005.png"));
  std::ofstream(dir / "run" / "notes.png") << "mine";
  const auto second = runSteer("render " + run + " --frames 2 --quiet");
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_TRUE(fs::exists(dir / "run" / "frame_0001.png"));
  for (int k = 2; k < 6; ++k) EXPECT_FALSE(fs::exists(dir / "run" / ("frame_000" + std::to_string(k) + ".png"))) << k;
  EXPECT_TRUE(fs::exists(dir / "run" / "at_0.20.png")) << "a picture at a time of this run stays";
  ASSERT_EQ(runSteer("run " + file + " --duration 0.5 --seed 2 --quiet --out " + run).status, 0);
  for (const char* name : {"trajectories.png", "frame_0000.png", "frame_0001.png", "at_0.20.png"})
    EXPECT_FALSE(fs::exists(dir / "run" / name)) << name;
  EXPECT_TRUE(fs::exists(dir / "run" / "notes.png"));
  fs::remove_all(dir);
}

// A frame is a row time of trajectories.csv: --frames 5 on a run with rows at two times wrote
// five pictures of two states (and a video that stood still). It writes one per row time, and
// says so.
TEST(SteerCommand, RenderDrawsNoMoreFramesThanTheRunHasRowTimes) {
  const fs::path dir = scratchDir("render_few_rows");
  const std::string run = (dir / "run").string(), file = kData + "/yaml/batch_small.yaml";
  ASSERT_EQ(runSteer("run " + file + " --duration 0.1 --quiet --out " + run).status, 0);  // dt 0.1: rows at 0 and 0.1
  const auto r = runSteer("render " + run + " --frames 5 --quiet");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir / "run" / "frame_0000.png"));
  EXPECT_TRUE(fs::exists(dir / "run" / "frame_0001.png"));
  EXPECT_FALSE(fs::exists(dir / "run" / "frame_0002.png"));
  EXPECT_NE(r.err.find("note: trajectories.csv has rows at 2 times: 2 frames, not 5"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

// Near disks are drawn in 2D only: asked for on a 3D run, render said nothing and drew none (as
// --triangulation and --color speed, it now says it ignores them).
TEST(SteerCommand, RenderSaysNearDisksAreFor2DRuns) {
  const fs::path dir = scratchDir("render_3d_disks");
  const std::string run = (dir / "run").string();
  ASSERT_EQ(runSteer("run " + std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/chicken_3d.yaml --duration 0.2 --quiet --out " + run).status, 0);
  const auto r = runSteer("render " + run + " --frames 0 --near-disks --quiet");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("--near-disks is for 2D runs; ignored"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

}  // namespace
