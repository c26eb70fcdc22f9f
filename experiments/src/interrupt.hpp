#pragma once
// Ctrl-C (SIGINT) and kill (SIGTERM) during a run: the first asks every running simulation to
// stop at the end of its step, where it removes what it wrote, as a failed run does (a run
// killed mid-step left a cut-off .vtp, a partial trajectories.csv and RUNNING); a second one
// ends the process at once. Only code that checks for it (a ListeningForInterrupts alive) is
// asked: anywhere else a signal has its default action.
#include <stdexcept>
#include <string>

namespace steer::experiments {

/// Installs the handlers for SIGINT and SIGTERM (commands that simulate: run, demo, compare,
/// sweep, reproduce).
void installInterruptHandler();

/// The signal that asked to stop (SIGINT or SIGTERM), or 0.
int interruptSignal();

/// While one is alive, a signal asks to stop (code that checks interruptSignal() between
/// steps or jobs) instead of ending the process at once.
class ListeningForInterrupts {
 public:
  ListeningForInterrupts();
  ~ListeningForInterrupts();
  ListeningForInterrupts(const ListeningForInterrupts&) = delete;
  ListeningForInterrupts& operator=(const ListeningForInterrupts&) = delete;
};

/// Thrown at the end of a step after a signal asked to stop.
class Interrupted : public std::runtime_error {
 public:
  /// "interrupted (SIGINT) at t = 12.5 s; what the run wrote was removed"
  Interrupted(int signal, double time);
  /// "interrupted (SIGINT) " + when
  Interrupted(int signal, const std::string& when);
  int signal;
  /// What followed the signal's name in what(): "at t = 12.5 s; what the run wrote was removed".
  std::string when;
  /// 128 + the signal, the shell's status for a process a signal ended.
  int exitStatus() const { return 128 + signal; }
};

/// Throws Interrupted when a signal asked to stop; `time` is the simulated time reached (s).
void throwIfInterrupted(double time);
/// Throws Interrupted when a signal asked to stop, said of a harmonic field's solve (the planners'
/// and `steer field`'s solves call it between iterations: SolverSettings::checkpoint).
void throwIfInterruptedInSetUp();

}  // namespace steer::experiments
