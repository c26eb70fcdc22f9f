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

inline CommandResult runSteer(const std::string& arguments) {
  const auto tmp = scratchDir("capture");
  std::filesystem::create_directories(tmp);
  const std::string cmd = std::string(STEER_EXECUTABLE) + " " + arguments + " >" + (tmp / "out").string() + " 2>" +
                          (tmp / "err").string() + " </dev/null";
  const int raw = std::system(cmd.c_str());
  CommandResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(tmp / "out");
  r.err = slurp(tmp / "err");
  std::filesystem::remove_all(tmp);
  return r;
}

}  // namespace steer::test
