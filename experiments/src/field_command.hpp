#pragma once
// `steer field SCENARIO [--solver gs|sor|multigrid] [--resolution N] [--omega W] --out DIR`:
// the harmonic potential of the scenario's static obstacles for each distinct static target
// (Goldenstein Appendix A.2). Writes DIR/field_summary.json and DIR/potential_<k>.vti.
#include <string>

#include <CLI/CLI.hpp>

namespace steer::experiments {

struct FieldOptions {
  std::string solver;    ///< empty: the scenario's (planning.harmonic.solver)
  int resolution = 0;    ///< 0: the scenario's (planning.harmonic.resolution)
  double omega = 0.0;    ///< SOR factor; 0: the scenario's, else optimal
  std::string out;
  bool quiet = false;
};

/// Adds the `field` subcommand's options to `app`.
void addFieldOptions(CLI::App& app, std::string& scenario, FieldOptions& options);
/// Runs it; returns the exit status (0 done, 1 failure, 2 bad input).
int fieldCommand(const std::string& scenario, const FieldOptions& options);

}  // namespace steer::experiments
