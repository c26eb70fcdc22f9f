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
  EXPECT_FALSE(fs::exists(out_ / ".steer-replaced"));
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
  EXPECT_FALSE(fs::exists(out_ / ".steer-replaced"));
}

// A link an incoming file would replace is set aside with the rest, and a failure puts it back
// (the rollback removed the incoming file and, with it, the only trace of the link).
TEST_F(ReplaceOutputs, ALinkAnIncomingFileWouldReplaceComesBackOnFailure) {
  write(staging_ / "linked.txt", "new");
  fs::create_symlink(out_ / "notes.txt", out_ / "linked.txt");
  write(staging_ / "blocked.txt", "new");
  fs::create_directories(out_ / "blocked.txt" / "inside");
  EXPECT_THROW(replaceOutputs(out_, staging_, "summary.json", earlierRun), fs::filesystem_error);
  EXPECT_TRUE(fs::is_symlink(out_ / "linked.txt"));
  EXPECT_EQ(read(out_ / "linked.txt"), "the user's");
  EXPECT_EQ(read(out_ / "summary.json"), "old summary");
}

// Without its summary nothing moves: the files would come in with no mark of finished outputs.
TEST_F(ReplaceOutputs, AStagingFolderWithoutItsSummaryMovesNothing) {
  fs::remove(staging_ / "summary.json");
  EXPECT_THROW(replaceOutputs(out_, staging_, "summary.json", earlierRun), std::runtime_error);
  EXPECT_EQ(read(out_ / "summary.json"), "old summary");
  EXPECT_EQ(read(out_ / "frame_1.txt"), "old frame 1");
  EXPECT_TRUE(fs::exists(staging_ / "frame_1.txt"));
}

// A command killed while it moved its files in left the earlier ones set aside: they come back
// (over the killed command's, which had no summary), and the folder is gone.
TEST_F(ReplaceOutputs, FilesSetAsideByAKilledCommandComeBack) {
  fs::create_directories(out_ / ".steer-replaced");
  fs::rename(out_ / "summary.json", out_ / ".steer-replaced" / "summary.json");
  fs::rename(out_ / "frame_1.txt", out_ / ".steer-replaced" / "frame_1.txt");
  write(out_ / "frame_1.txt", "the killed command's frame 1");
  recoverReplacedOutputs(out_);
  EXPECT_EQ(read(out_ / "summary.json"), "old summary");
  EXPECT_EQ(read(out_ / "frame_1.txt"), "old frame 1");
  EXPECT_FALSE(fs::exists(out_ / ".steer-replaced"));
  recoverReplacedOutputs(out_);  // nothing set aside: nothing happens
  EXPECT_EQ(read(out_ / "notes.txt"), "the user's");
}

}  // namespace
}  // namespace steer::experiments
