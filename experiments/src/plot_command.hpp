#pragma once
// `steer plot fig2a|fig2b|fig5|weights [options] --out DIR`: the function plots of Goldenstein et
// al. 2001 drawn from steer::local's own functions, as PNG (VTK charts). Also the display check
// that every picture-making command shares.
#include <string>

#include <CLI/CLI.hpp>

#include "steer/viz/line_chart.hpp"

namespace steer::experiments {

struct PlotOptions {
  std::string figure;       ///< fig2a | fig2b | fig5 | weights
  std::string out = "plots";
  int width = 800, height = 600;  ///< pixels
  // fig2a
  double a = 1.0;  ///< attractor strength (1/s)
  // fig2b: the paper's example repeller
  double halfAngle = 3.14159265358979323846 / 10.0;  ///< Δψ (rad)
  double distance = 3.0;  ///< r (m)
  double d0 = 6.0;        ///< d0 (m)
  double delta = 0.8;     ///< δ (rad)
  // fig5
  // The paper's Fig. 5 uses d0base = 1 (without a unit) for both; the model's default is 8 m.
  double d0Base = 1.0;  ///< d0base (m)
  double d1Base = 1.0;  ///< d1base (m)
  bool printed = false;  ///< also the printed form of (8)
  // weights: the coefficients of (4)
  double alpha1 = 0.3, alpha2 = 0.5, gamma12 = 0.1353352832366127, gamma21 = 0.05;
  bool quiet = false;
};

void addPlotOptions(CLI::App& app, PlotOptions& options);

/// The chart of `options.figure` (throws std::invalid_argument for an unknown figure).
viz::LineChart plotChart(const PlotOptions& options);

/// Writes OUT/<figure>.png; returns the exit status (0 done, 1 failure, 2 bad input).
int plotCommand(const PlotOptions& options);

/// VTK on Debian renders through X. Without a DISPLAY, re-executes `argv` under `xvfb-run -a`
/// when xvfb-run exists (does not return then), else prints what to run and returns false.
/// Returns true when rendering can go ahead in this process.
bool ensureDisplay(char** argv);

}  // namespace steer::experiments
