#pragma once
// `steer field SCENARIO [--solver gs|sor|multigrid] [--resolution N] [--omega W] [--param K=V]... --out DIR`:
// the harmonic potential of the scenario's static obstacles for each distinct static target
// (Goldenstein Appendix A.2). Writes DIR/field_summary.json, DIR/potential_<k>.vti and, unless
// --no-png, a picture per target: DIR/field.png for the first, DIR/field_<k>.png for the others.
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "steer/planning/harmonic_field.hpp"
#include "steer/experiments/scenario.hpp"
#include "steer/viz/scene.hpp"

namespace steer::experiments {

struct FieldOptions {
  std::string solver;    ///< empty: the scenario's (planning.harmonic.solver)
  int resolution = 0;    ///< 0: the scenario's (planning.harmonic.resolution)
  std::optional<double> omega;  ///< SOR factor in [0, 2) (0: the grid's optimum); unset: the scenario's
  /// --param assignments, as `steer run` takes them (planning.harmonic.clearance=0: a SteerSuite
  /// case has no planning section to set it in).
  std::vector<std::string> params;
  std::string out;
  bool png = true;                 ///< also the pictures (needs a display, see ensureDisplay)
  int width = 900;   ///< picture width (pixels)
  int height = 0;    ///< pixels; 0: the grid's shape (viz::fittedHeight)
  bool quiet = false;
};

/// The picture of `field` (solved for `target` over the scenario's static obstacles): the
/// potential as a colour map with a colour bar, the static obstacles, the target marker
/// (kTargetColour) and streamlines of −∇λ (white, with arrowheads pointing downhill) from seeds
/// on a regular lattice over the free cells connected to the target. The colour map shows
/// 1 − λ itself (0 to 1) when the free cells' 1 − λ spans fewer than three orders of magnitude
/// (5th percentile ≥ 1e-3), else log10(1 − λ) (the stored log(1 − λ), which keeps its
/// precision where λ rounds to 1) from its 1st percentile up to 0, lower values in the end
/// colour; either way the target end is bright. Obstacle and unreachable cells are grey.
viz::Scene fieldScene(const Scenario& scenario, const planning::HarmonicField& field,
                      const planning::TargetRegion& target, const FieldOptions& options);

/// Adds the `field` subcommand's options to `app`.
void addFieldOptions(CLI::App& app, std::string& scenario, FieldOptions& options);
/// Runs it; returns the exit status (0 done, 1 failure, 2 bad input).
int fieldCommand(const std::string& scenario, const FieldOptions& options);

}  // namespace steer::experiments
