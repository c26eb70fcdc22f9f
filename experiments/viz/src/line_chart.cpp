#include "steer/viz/line_chart.hpp"

#include <vtkAxis.h>
#include <vtkChartLegend.h>
#include <vtkChartXY.h>
#include <vtkContextScene.h>
#include <vtkContextView.h>
#include <vtkDoubleArray.h>
#include <vtkNew.h>
#include <vtkPen.h>
#include <vtkPlot.h>
#include <vtkPlotPoints.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>
#include <vtkTable.h>
#include <vtkTextProperty.h>

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include "offscreen.hpp"

namespace steer::viz {

namespace {
vtkSmartPointer<vtkTable> seriesTable(const ChartSeries& s) {
  auto table = vtkSmartPointer<vtkTable>::New();
  vtkNew<vtkDoubleArray> x, y;
  x->SetName("x");
  // The column name is what the legend shows.
  y->SetName(s.name.empty() ? "y" : s.name.c_str());
  x->SetNumberOfTuples(static_cast<vtkIdType>(s.x.size()));
  y->SetNumberOfTuples(static_cast<vtkIdType>(s.y.size()));
  for (std::size_t i = 0; i < s.x.size(); ++i) {
    x->SetValue(static_cast<vtkIdType>(i), s.x[i]);
    y->SetValue(static_cast<vtkIdType>(i), s.y[i]);
  }
  table->AddColumn(x);
  table->AddColumn(y);
  return table;
}
}  // namespace

void writeLineChart(const std::string& path, const LineChart& chart) {
  if (chart.width <= 0 || chart.height <= 0) throw std::runtime_error("chart size must be positive");
  vtkNew<vtkContextView> view;
  view->GetRenderer()->SetBackground(1.0, 1.0, 1.0);
  vtkRenderWindow* window = view->GetRenderWindow();
  window->SetOffScreenRendering(1);
  window->SetSize(chart.width, chart.height);
  window->SetMultiSamples(0);  // exact colours at the curves' pixels

  vtkNew<vtkChartXY> xy;
  view->GetScene()->AddItem(xy);
  xy->SetTitle(chart.title);
  xy->GetTitleProperties()->SetFontSize(fontSizeFor(chart.width, 18));
  xy->GetAxis(vtkAxis::BOTTOM)->SetTitle(chart.xLabel);
  xy->GetAxis(vtkAxis::LEFT)->SetTitle(chart.yLabel);
  xy->SetShowLegend(chart.legend);
  if (chart.legend) xy->GetLegend()->SetHorizontalAlignment(vtkChartLegend::RIGHT);
  if (chart.xRange) {
    xy->GetAxis(vtkAxis::BOTTOM)->SetBehavior(vtkAxis::FIXED);
    xy->GetAxis(vtkAxis::BOTTOM)->SetRange(chart.xRange->first, chart.xRange->second);
  }
  std::optional<std::pair<double, double>> yRange = chart.yRange;
  if (!yRange && chart.legend) {
    // The legend sits inside the plot's top right corner: room above the curves for it (it
    // covered the top of a sweep's curves and their intervals).
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    std::size_t entries = 0;
    for (const ChartSeries& s : chart.series) {
      for (const double y : s.y)
        if (std::isfinite(y)) lo = std::min(lo, y), hi = std::max(hi, y);
      entries += s.inLegend ? 1 : 0;
    }
    if (lo <= hi) {
      const double pad = hi > lo ? 0.08 * (hi - lo) : std::max(1.0, std::abs(hi)) * 0.1;
      yRange = {lo - pad, axisTopWithLegendRoom(lo - pad, hi, pad, entries, chart.height)};
    }
  }
  if (yRange) {
    xy->GetAxis(vtkAxis::LEFT)->SetBehavior(vtkAxis::FIXED);
    xy->GetAxis(vtkAxis::LEFT)->SetRange(yRange->first, yRange->second);
  }

  // The tables must outlive the render: the plots keep only references.
  std::vector<vtkSmartPointer<vtkTable>> tables;
  tables.reserve(chart.series.size());
  for (const ChartSeries& s : chart.series) {
    if (s.x.size() != s.y.size() || s.x.empty())
      throw std::runtime_error("chart series '" + s.name + "' needs as many x as y values, at least one");
    tables.push_back(seriesTable(s));
    vtkPlot* plot = xy->AddPlot(s.points ? vtkChart::POINTS : vtkChart::LINE);
    plot->SetInputData(tables.back(), 0, 1);
    plot->SetColor(s.colour.r, s.colour.g, s.colour.b, 255);
    plot->SetWidth(s.width);
    plot->SetLegendVisibility(s.inLegend);
    if (s.points) {
      if (auto* pts = vtkPlotPoints::SafeDownCast(plot)) {
        pts->SetMarkerStyle(vtkPlotPoints::CIRCLE);
        pts->SetMarkerSize(s.width);
        // The legend draws a point plot's marker 2.3 × its pen's width wide (at least 8 px),
        // not at the marker size: a thin pen keeps the legend's marker inside its box.
        plot->SetWidth(1.0f);
      }
    }
  }
  saveWindowPng(window, path);
}

}  // namespace steer::viz
