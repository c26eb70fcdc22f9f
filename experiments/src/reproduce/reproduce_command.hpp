#pragma once
// `steer reproduce <paper> [--out DIR] [--quick] [--threads N] [--seed S] [--scenarios DIR]`:
// checks every claim of one source paper in one run and writes DIR/REPORT.md, DIR/report.json,
// DIR/figures/ and DIR/runs/ (issue #8). DIR defaults to papers/<paper>, so that from the
// repository root the command regenerates the folder; a hand-written README.md already in DIR
// is left alone. The files are made in a staging folder beside DIR and moved in only when the
// whole run succeeded, so a failed run leaves DIR as it was.
#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace steer::experiments::reproduce {

struct ReproduceOptions {
  std::string paper;      ///< goldenstein2001 | reynolds1999 | reynolds2000
  std::string out;        ///< default papers/<paper>
  std::string scenarios;  ///< default: the source tree's experiments/scenarios
  bool quick = false;
  int threads = 1;
  std::uint64_t seed = 1;
  bool quiet = false;
  std::string command;    ///< the command line, for the report
};

void addReproduceOptions(CLI::App& app, ReproduceOptions& options);

/// Exit status: 0 done, 1 a check could not run, 2 bad input.
int reproduceCommand(const ReproduceOptions& options);

}  // namespace steer::experiments::reproduce
