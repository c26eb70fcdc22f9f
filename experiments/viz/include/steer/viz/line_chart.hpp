#pragma once
/// @file Function plots as PNG through VTK's charts (vtkChartXY in an offscreen
/// vtkContextView): the papers' Fig. 2, Fig. 5 and the weights' phase portrait.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "steer/viz/colour.hpp"

namespace steer::viz {

/// One curve (or point set) of a chart. x and y have the same length.
struct ChartSeries {
  std::string name;  ///< legend entry
  std::vector<double> x, y;
  Rgb colour;
  float width = 2.5f;   ///< line width (pixels)
  bool points = false;  ///< markers instead of a line
  bool inLegend = true;  ///< false: not listed in the legend (e.g. one of many trajectories)
};

struct LineChart {
  std::string title, xLabel, yLabel;
  std::vector<ChartSeries> series;
  int width = 800, height = 600;  ///< picture size (pixels), > 0
  std::optional<std::pair<double, double>> xRange, yRange;  ///< fixed axis ranges; else automatic
  bool legend = true;
};

/// Renders `chart` offscreen and writes it as a PNG to `path`. Needs an X display (or Xvfb);
/// throws std::runtime_error when the file cannot be written or a series is malformed.
void writeLineChart(const std::string& path, const LineChart& chart);

}  // namespace steer::viz
