#pragma once
// Ctrl-C (SIGINT) and kill (SIGTERM) during a run: the first asks every running simulation to
// stop at the end of its step, where it removes what it wrote, as a failed run does (a run
// killed mid-step left a cut-off .vtp, a partial trajectories.csv and RUNNING); a second one
// ends the process at once.
#include <stdexcept>
#include <string>

namespace steer::experiments {

/// Installs the handlers for SIGINT and SIGTERM (commands that simulate: run, demo, compare,
/// sweep, reproduce).
void installInterruptHandler();

/// The signal that asked to stop (SIGINT or SIGTERM), or 0.
int interruptSignal();

/// Thrown at the end of a step after a signal asked to stop.
class Interrupted : public std::runtime_error {
 public:
  Interrupted(int signal, double time);
  int signal;
  /// 128 + the signal, the shell's status for a process a signal ended.
  int exitStatus() const { return 128 + signal; }
};

/// Throws Interrupted when a signal asked to stop; `time` is the simulated time reached (s).
void throwIfInterrupted(double time);

}  // namespace steer::experiments
