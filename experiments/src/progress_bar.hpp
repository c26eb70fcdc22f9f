#pragma once
// A one-line progress bar on stderr, drawn when stderr is a terminal and not --quiet, and
// redrawn at most ten times a second, with the time left once it can be told. When stderr is a
// file or a pipe (a cluster job's log) it writes a plain line instead, once a minute, so that a
// long run is not silent for an hour; runs shorter than a minute print nothing. A negative
// fraction says the run is being set up (on a terminal: "LABEL: setting up ..." until the first
// step; in a log, a line each minute the set-up lasts: a fine field's solve took 200 s unseen).
// A command without steps (`steer field`) says what it is doing with status() instead.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>

namespace steer::experiments {

class ProgressBar {
 public:
  ProgressBar(std::string label, bool enabled);
  ~ProgressBar();
  void update(double fraction);
  /// A line of text in place of the bar ("solving field 1 of 3 ..."), with the seconds since the
  /// start: on a terminal redrawn at most ten times a second (call it as often as you like), in
  /// a log a line once a minute.
  void status(const std::string& text);
  void done();

 private:
  void stopSetUpWatch();

  std::string label_;
  bool enabled_;
  bool terminal_;
  bool drawn_ = false;
  bool stepping_ = false;  // the first step's fraction has come
  std::string statusText_;  // the last status() drawn on a terminal
  std::chrono::steady_clock::time_point start_, last_, stepsStart_;
  // In a log, the set-up's minute lines come from a thread that waits a minute at a time until
  // the first step stops it (the wait wakes on the stop; nothing notifies it otherwise).
  std::mutex setUpMutex_;
  std::condition_variable_any setUpWait_;
  std::jthread setUpWatch_;
};

/// Seconds left when `fraction` of the steps took `stepsSeconds`, if the rest go as fast; < 0
/// while it is too early to tell (under 1 % done, or under 2 s of steps).
double secondsLeft(double fraction, double stepsSeconds);

/// "about 40 s left", "about 12 min left", "about 2.5 h left"; empty for a negative time.
std::string leftText(double seconds);

/// True when stderr is a terminal.
bool stderrIsTerminal();

}  // namespace steer::experiments
