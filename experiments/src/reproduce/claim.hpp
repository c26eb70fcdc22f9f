#pragma once
// `steer reproduce <paper>`: the claims of one source paper, each checked by this run.
//
// A paper's claims are a function from a Context (where to write, how much budget) to the rows
// of the table in papers/<paper>/README.md (issue #8): claim or figure; section; the scenario,
// test or figure that checks it; what this run measured; reproduced / differs / reported, not
// judged / not testable; and why. Every row's `measured` and `verdict` are computed by the run that writes them, never
// copied from an earlier run: a claim whose check fails in this run is reported as `Differs`
// with the numbers that made it fail.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace steer::experiments::reproduce {

/// Reported: measured and printed, but the paper gives nothing to judge it by (a figure on a
/// machine of 2001, a time where the paper's claim is one of complexity). NotTestable: this run
/// cannot measure what the paper claims.
enum class Verdict { Reproduced, Differs, NotTestable, Reported };

/// "reproduced", "differs", "not testable" or "reported, not judged": the words of the table.
const char* verdictName(Verdict verdict);

struct Claim {
  std::string claim;      ///< the claim or figure, in the paper's words where short
  std::string section;    ///< where the paper makes it (§, figure, equation, table)
  std::string checkedBy;  ///< the scenario, check or figure of this run that tests it
  std::string measured;   ///< what this run measured, with units
  Verdict verdict = Verdict::NotTestable;
  std::string why;        ///< why that verdict (and what differs, when it does)
};

struct Context {
  /// The folder being written (a staging folder that replaces --out when the run succeeds):
  /// figures go to out/figures/, scenario runs to out/runs/<name>/.
  std::filesystem::path out;
  /// The scenario suite (experiments/scenarios/ of the source tree unless --scenarios is given).
  std::filesystem::path scenarios;
  /// --quick: a reduced budget (fewer seeds, smaller N, shorter runs) that CI can afford; every
  /// row is still filled.
  bool quick = false;
  int threads = 1;          ///< worker threads for runs (results do not depend on it)
  std::uint64_t seed = 1;   ///< base seed of every stochastic check
  /// One line of progress ("fig2a", "running maze_a 2/3"...); may be empty.
  std::function<void(const std::string&)> progress;
};

/// The claims of each paper (one file each: goldenstein2001.cpp, reynolds1999.cpp,
/// reynolds2000.cpp). They throw InputError for bad input (e.g. a missing scenario file) and
/// std::runtime_error when a check cannot be run at all.
std::vector<Claim> goldenstein2001(const Context& context);
std::vector<Claim> reynolds1999(const Context& context);
std::vector<Claim> reynolds2000(const Context& context);

}  // namespace steer::experiments::reproduce
