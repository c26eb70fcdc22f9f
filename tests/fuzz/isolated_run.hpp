#pragma once
/// @file Runs one check in a child process, so that a crash or a hang of the provider under test
/// is a finding (Verdict::Crashed, Verdict::TimedOut) rather than the end of the fuzzing run.
#include <functional>

#include "fuzz/differential_check.hpp"

namespace steer::fuzz {

/// Forks, runs `work` in the child with an alarm of `timeoutSeconds`, and returns its outcome.
Outcome runIsolated(const std::function<Outcome()>& work, unsigned timeoutSeconds);

}  // namespace steer::fuzz
