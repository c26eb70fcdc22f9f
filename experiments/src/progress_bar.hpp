#pragma once
// A one-line progress bar on stderr, drawn only when stderr is a terminal and not --quiet, and
// redrawn at most ten times a second.
#include <chrono>
#include <string>

namespace steer::experiments {

class ProgressBar {
 public:
  ProgressBar(std::string label, bool enabled);
  ~ProgressBar();
  void update(double fraction);
  void done();

 private:
  std::string label_;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_, last_;
};

/// True when stderr is a terminal.
bool stderrIsTerminal();

}  // namespace steer::experiments
