#pragma once
/// @file Bar charts as PNG through VTK's charts (vtkPlotBar in an offscreen vtkContextView), with
/// an interval drawn over each bar: the per-metric pictures of `steer compare` and `steer sweep`.
#include <optional>
#include <string>
#include <vector>

namespace steer::viz {

/// One bar: a value, an optional interval drawn as a whisker, and the legend class it belongs to.
struct Bar {
  std::string label;  ///< the category under the bar
  double value = 0.0;
  std::optional<double> low, high;  ///< the whisker's ends (e.g. a 95 % interval); none: no whisker
  std::size_t series = 0;           ///< index into BarChart::seriesNames: the bar's colour and legend entry
};

struct BarChart {
  std::string title, xLabel, yLabel;
  std::vector<std::string> seriesNames;  ///< legend entries, coloured with paletteColour(index)
  std::vector<Bar> bars;                 ///< drawn left to right
  int width = 1000, height = 600;        ///< picture size (pixels), > 0
};

/// Renders `chart` offscreen and writes it as a PNG to `path`. Needs an X display (or Xvfb);
/// throws std::runtime_error when the file cannot be written, the chart has no bars, a value is
/// not finite or a bar names a series that does not exist.
void writeBarChart(const std::string& path, const BarChart& chart);

}  // namespace steer::viz
