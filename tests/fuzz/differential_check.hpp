#pragma once
/// @file The differential check of one fuzz case: the case's provider against the brute-force
/// oracle, step by step, with the comparisons of tests/environment/oracle.hpp (near sets exactly,
/// obstacle pieces exactly, contacts with their times).
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "fuzz/fuzz_case.hpp"

namespace steer::fuzz {

enum class Verdict {
  Agrees,           ///< every step equal to the oracle
  NearSetsDiffer,   ///< an agent's neighbours or obstacle pieces differ
  ContactsDiffer,   ///< the step's contacts differ (pairs, pieces or times)
  ProviderThrew,    ///< the provider threw on input the oracle accepted
  CaseInvalid,      ///< the oracle itself rejected the input (not a finding)
  ContactsWhenOff,  ///< contacts reported with detection turned off
  NotValid,         ///< the kinetic triangulation's isValid() failed
  Crashed,          ///< the run died on a signal (isolated runs only)
  TimedOut,         ///< the run took longer than its limit (isolated runs only)
};
const char* verdictName(Verdict v);
/// A verdict that points at a bug in a provider (not Agrees, not CaseInvalid).
bool isFinding(Verdict v);

struct Outcome {
  Verdict verdict = Verdict::Agrees;
  int step = -1;  ///< the step it was found at; 0 after reset, -1 when none
  std::string message;
};

/// What the oracle saw, so that a caller can tell a run that compared nothing.
struct CheckTally {
  std::size_t steps = 0, neighbours = 0, contacts = 0;
};

/// Makes the provider under test; by default makeProvider(case). Tests of the fuzzer itself
/// pass a provider with a planted bug.
using ProviderFactory = std::function<std::unique_ptr<sim::NeighborProvider>(const FuzzCase&)>;

/// Runs the case through its provider and the oracle and returns the first difference.
/// Contacts of an agent enabled again in a step are left out (the provider contract leaves them
/// open: neighbor_provider.hpp).
Outcome check(const FuzzCase& c, CheckTally* tally = nullptr, const ProviderFactory& factory = {});

}  // namespace steer::fuzz
