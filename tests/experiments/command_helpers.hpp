#pragma once
// Runs the `steer` executable and captures its exit status, stdout and stderr.
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace steer::test {

struct CommandResult {
  int status = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::filesystem::path scratchDir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() / ("steer_test_" + std::to_string(::getpid()) + "_" + name);
  std::filesystem::remove_all(dir);
  return dir;
}

// Every run has a time limit (coreutils' timeout; the status is then 124): a reader that never
// returns (yaml-cpp 0.7's LoadAll on a ',' at a document's start did, taking ~600 MB a second)
// fails its test in `seconds` instead of stalling until ctest's own limit. Bad input must be
// rejected while reading, so the bad-input loops pass a short limit.
inline constexpr int kRunSeconds = 900;
inline constexpr int kBadInputSeconds = 120;

inline CommandResult runSteer(const std::string& arguments, int seconds = kRunSeconds) {
  const auto tmp = scratchDir("capture");
  std::filesystem::create_directories(tmp);
  const std::string cmd = "timeout -k 10 " + std::to_string(seconds) + " " + std::string(STEER_EXECUTABLE) + " " +
                          arguments + " >" + (tmp / "out").string() + " 2>" + (tmp / "err").string() + " </dev/null";
  const int raw = std::system(cmd.c_str());
  CommandResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(tmp / "out");
  r.err = slurp(tmp / "err");
  if (r.status == 124 || r.status == 137)
    r.err += "[test] steer " + arguments + ": stopped after " + std::to_string(seconds) + " s (it did not finish)\n";
  std::filesystem::remove_all(tmp);
  return r;
}

}  // namespace steer::test
