#pragma once
// REPORT.md and report.json of `steer reproduce`: the run's conditions, then the claims table
// with the columns of issue #8.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "claim.hpp"

namespace steer::experiments::reproduce {

/// Where and how the run happened, stated at the top of the report so that every timing in the
/// table can be read against its machine and load.
struct RunConditions {
  std::string paper, title;
  std::string command;      ///< the exact command line
  std::string startedUtc;   ///< ISO 8601
  std::string machine;      ///< CPU model, cores, kernel
  double loadAverage = 0.0; ///< 1-minute load average when the run started
  std::string build;        ///< build type and version
  bool quick = false;
  double seconds = 0.0;     ///< the whole run, wall clock
  /// The paper folder's hand-written README.md relative to the report's folder ("README.md" in
  /// the paper's own folder); empty when the source tree's copy is not there.
  std::string readme;
};

/// What this machine is: CPU model (/proc/cpuinfo), logical cores, kernel (uname).
RunConditions describeMachine();

std::string reportMarkdown(const RunConditions& conditions, const std::vector<Claim>& claims);
nlohmann::json reportJson(const RunConditions& conditions, const std::vector<Claim>& claims);

}  // namespace steer::experiments::reproduce
