#pragma once
/// @file Runs one check in a child process, so that a crash or a hang of the provider under test
/// is a finding (Verdict::Crashed, Verdict::TimedOut) rather than the end of the fuzzing run.
#include <functional>

#include "fuzz/differential_check.hpp"

namespace steer::fuzz {

/// Forks, runs `work` in the child, and returns its outcome. The child may use `timeoutSeconds`
/// of CPU time (so that a long run niced beside builds does not take a starved case for a hang:
/// one did, at 120 s of wall time, and agreed in 2 s on its own). A child that blocks uses none:
/// it is killed once 4 × timeoutSeconds of wall time have passed and its CPU time has not moved
/// for the last timeoutSeconds (a starved child's still moves, and it is waited for).
Outcome runIsolated(const std::function<Outcome()>& work, unsigned timeoutSeconds);

}  // namespace steer::fuzz
