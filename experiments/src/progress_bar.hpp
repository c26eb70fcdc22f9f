#pragma once
// A one-line progress bar on stderr, drawn when stderr is a terminal and not --quiet, and
// redrawn at most ten times a second. When stderr is a file or a pipe (a cluster job's log) it
// writes a plain line instead, once a minute, so that a long run is not silent for an hour;
// runs shorter than a minute print nothing. A negative fraction says the run is being set up
// (on a terminal: "LABEL: setting up ..." until the first step).
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
  bool terminal_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_, last_;
};

/// True when stderr is a terminal.
bool stderrIsTerminal();

}  // namespace steer::experiments
