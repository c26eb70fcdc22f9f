// replaceOutputs (output_folder.hpp): a run's or field's files move into their folder, an earlier
// run's go, and a move that fails leaves the folder as it was.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "output_folder.hpp"


namespace steer::experiments {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& file, const std::string& text) { std::ofstream(file) << text; }

std::string read(const fs::path& file) {
  std::ifstream in(file);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

class ReplaceOutputs : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("steer_replace_outputs_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(out_ = dir_ / "out");
    fs::create_directories(staging_ = out_ / ".staging");
    write(out_ / "summary.json", "old summary");
    write(out_ / "frame_2.txt", "old frame 2");  // an earlier run's file the new one does not write
    write(out_ / "frame_1.txt", "old frame 1");
    write(out_ / "notes.txt", "the user's");
    write(staging_ / "frame_1.txt", "new frame 1");
    write(staging_ / "summary.json", "new summary");
  }
  void TearDown() override { fs::remove_all(dir_); }
  static bool earlierRun(const std::string& name) { return name == "summary.json" || name.rfind("frame_", 0) == 0; }
  fs::path dir_, out_, staging_;
};

TEST_F(ReplaceOutputs, TheEarlierRunsFilesGoAndTheUsersStay) {
  replaceOutputs(out_, staging_, "summary.json", earlierRun);
  EXPECT_EQ(read(out_ / "summary.json"), "new summary");
  EXPECT_EQ(read(out_ / "frame_1.txt"), "new frame 1");
  EXPECT_FALSE(fs::exists(out_ / "frame_2.txt"));
  EXPECT_EQ(read(out_ / "notes.txt"), "the user's");
  EXPECT_FALSE(fs::exists(staging_));
  EXPECT_FALSE(fs::exists(out_ / ".replaced"));
}

TEST_F(ReplaceOutputs, AFolderThatHeldNoRunLosesOnlyWhatIsOverwritten) {
  replaceOutputs(out_, staging_, "summary.json", [](const std::string&) { return false; });
  EXPECT_EQ(read(out_ / "summary.json"), "new summary");
  EXPECT_EQ(read(out_ / "frame_2.txt"), "old frame 2");
  EXPECT_EQ(read(out_ / "notes.txt"), "the user's");
}

// A move that fails (here: an incoming file whose name is a non-empty folder in `out`, which a
// rename cannot replace) takes out what was moved in and puts the earlier run back.
TEST_F(ReplaceOutputs, AMoveThatFailsLeavesTheFolderAsItWas) {
  write(staging_ / "blocked.txt", "new");
  fs::create_directories(out_ / "blocked.txt");
  write(out_ / "blocked.txt" / "inside", "the user's");
  EXPECT_THROW(replaceOutputs(out_, staging_, "summary.json", earlierRun), fs::filesystem_error);
  EXPECT_EQ(read(out_ / "summary.json"), "old summary");
  EXPECT_EQ(read(out_ / "frame_1.txt"), "old frame 1");
  EXPECT_EQ(read(out_ / "frame_2.txt"), "old frame 2");
  EXPECT_EQ(read(out_ / "notes.txt"), "the user's");
  EXPECT_EQ(read(out_ / "blocked.txt" / "inside"), "the user's");
  EXPECT_FALSE(fs::exists(out_ / ".replaced"));
}

}  // namespace
}  // namespace steer::experiments
