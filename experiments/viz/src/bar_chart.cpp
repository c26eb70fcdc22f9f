#include "steer/viz/bar_chart.hpp"

#include <vtkAxis.h>
#include <vtkChartLegend.h>
#include <vtkChartXY.h>
#include <vtkColor.h>
#include <vtkColorSeries.h>
#include <vtkContextScene.h>
#include <vtkContextView.h>
#include <vtkDoubleArray.h>
#include <vtkNew.h>
#include <vtkPlot.h>
#include <vtkPlotBar.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>
#include <vtkStringArray.h>
#include <vtkTable.h>
#include <vtkTextRenderer.h>
#include <vtkTextProperty.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "offscreen.hpp"
#include "steer/viz/colour.hpp"

namespace steer::viz {

namespace {
vtkSmartPointer<vtkDoubleArray> column(const std::string& name, std::size_t n) {
  auto a = vtkSmartPointer<vtkDoubleArray>::New();
  a->SetName(name.c_str());
  a->SetNumberOfTuples(static_cast<vtkIdType>(n));
  a->FillValue(0.0);
  return a;
}

// The category labels are turned 30° and end at their bar, so a long first label reaches left
// past the plot, further than the y axis's labels that set the chart's left border: it was cut
// at the picture's edge. After a first layout, the left axis gets the margin that keeps every
// label's left end inside the picture (moving the plot right by d moves bar i right by
// d·(1 − f_i), f_i its place along the axis), and the chart is laid out again. The labels are
// also moved down clear of the axis.
void keepCategoryLabelsInside(vtkRenderWindow* window, vtkChartXY* xy, const std::vector<Bar>& bars) {
  window->Render();
  vtkAxis* bottom = xy->GetAxis(vtkAxis::BOTTOM);
  const double x0 = bottom->GetPoint1()[0], x1 = bottom->GetPoint2()[0];
  const double lo = bottom->GetMinimum(), hi = bottom->GetMaximum();
  if (!(x1 > x0) || !(hi > lo)) return;
  vtkTextRenderer* text = vtkTextRenderer::GetInstance();
  if (text == nullptr) return;
  constexpr double kGap = 4.0;  // pixels kept between a label and the picture's edge
  double shift = 0.0;
  int rise = 0;  // how far the turned labels reach above their anchors
  for (std::size_t i = 0; i < bars.size(); ++i) {
    int box[4] = {0, 0, 0, 0};  // pixels around the anchor, with the label's turn and justification
    if (!text->GetBoundingBox(bottom->GetLabelProperties(), bars[i].label, box, window->GetDPI())) continue;
    rise = std::max(rise, box[3]);
    const double f = (static_cast<double>(i) - lo) / (hi - lo);
    const double anchor = x0 + f * (x1 - x0);
    const double deficit = kGap - (anchor + box[0]);
    if (deficit > 0.0 && f < 1.0) shift = std::max(shift, deficit / (1.0 - f));
  }
  // The right end of a turned label rises above its anchor by about half its height: it crossed
  // the axis and the bottoms of the bars. The labels move down by that much.
  if (rise > 0) bottom->SetLabelOffset(bottom->GetLabelOffset() + static_cast<float>(rise));
  if (shift <= 0.0) return;
  vtkAxis* left = xy->GetAxis(vtkAxis::LEFT);
  int margins[2];
  left->GetMargins(margins);
  left->SetMargins(margins[0] + static_cast<int>(std::ceil(shift)), margins[1]);
}
}  // namespace

void writeBarChart(const std::string& path, const BarChart& chart) {
  if (chart.width <= 0 || chart.height <= 0) throw std::runtime_error("chart size must be positive");
  if (chart.bars.empty()) throw std::runtime_error("bar chart '" + chart.title + "' has no bars");
  if (chart.seriesNames.empty()) throw std::runtime_error("bar chart '" + chart.title + "' has no series");
  for (const Bar& b : chart.bars) {
    if (b.series >= chart.seriesNames.size()) throw std::runtime_error("bar '" + b.label + "' names no series");
    if (!std::isfinite(b.value) || (b.low && !std::isfinite(*b.low)) || (b.high && !std::isfinite(*b.high)))
      throw std::runtime_error("bar '" + b.label + "' has a value that is not finite");
  }

  vtkNew<vtkContextView> view;
  view->GetRenderer()->SetBackground(1.0, 1.0, 1.0);
  vtkRenderWindow* window = view->GetRenderWindow();
  window->SetOffScreenRendering(1);
  window->SetSize(chart.width, chart.height);
  window->SetMultiSamples(0);

  vtkNew<vtkChartXY> xy;
  view->GetScene()->AddItem(xy);
  xy->SetTitle(chart.title);
  xy->GetTitleProperties()->SetFontSize(fontSizeFor(chart.width, 18));
  xy->GetAxis(vtkAxis::LEFT)->SetTitle(chart.yLabel);
  xy->GetAxis(vtkAxis::BOTTOM)->SetTitle(chart.xLabel);
  xy->SetShowLegend(chart.seriesNames.size() > 1);
  xy->GetLegend()->SetHorizontalAlignment(vtkChartLegend::RIGHT);

  // One table: x, then one column per series holding a bar's value in its own series' column
  // and 0 elsewhere. Stacked in a single vtkPlotBar, every bar shows in its series' colour
  // without the side-by-side offsets that separate vtkPlotBar objects would get.
  const std::size_t n = chart.bars.size();
  vtkNew<vtkTable> table;
  auto x = column("x", n);
  std::vector<vtkSmartPointer<vtkDoubleArray>> ys;
  for (const auto& name : chart.seriesNames) ys.push_back(column(name, n));
  for (std::size_t i = 0; i < n; ++i) {
    x->SetValue(static_cast<vtkIdType>(i), static_cast<double>(i));
    ys[chart.bars[i].series]->SetValue(static_cast<vtkIdType>(i), chart.bars[i].value);
  }
  table->AddColumn(x);
  for (auto& y : ys) table->AddColumn(y);

  auto* bars = vtkPlotBar::SafeDownCast(xy->AddPlot(vtkChart::BAR));
  bars->SetInputData(table, 0, 1);
  for (std::size_t k = 1; k < ys.size(); ++k) bars->SetInputArray(static_cast<int>(k + 1), chart.seriesNames[k]);
  vtkNew<vtkColorSeries> colours;
  colours->ClearColors();
  for (std::size_t k = 0; k < ys.size(); ++k) {
    const Rgb c = paletteColour(k);
    colours->AddColor(vtkColor3ub(c.r, c.g, c.b));
  }
  bars->SetColorSeries(colours);
  // vtkPlotBar paints with the colour series only when it stacks several arrays; one series
  // took the default brush, black, which hid the lower half of every whisker.
  if (ys.size() == 1) {
    const Rgb c = paletteColour(0);
    bars->SetColor(c.r, c.g, c.b, 255);
  }
  bars->SetWidth(0.7f);

  // Whiskers: one short black line per bar with an interval.
  std::vector<vtkSmartPointer<vtkTable>> whiskers;
  double lo = 0.0, hi = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const Bar& b = chart.bars[i];
    lo = std::min({lo, b.value, b.low.value_or(b.value)});
    hi = std::max({hi, b.value, b.high.value_or(b.value)});
    if (!b.low || !b.high) continue;
    auto w = vtkSmartPointer<vtkTable>::New();
    auto wx = column("x", 2), wy = column("interval", 2);
    wx->SetValue(0, static_cast<double>(i));
    wx->SetValue(1, static_cast<double>(i));
    wy->SetValue(0, *b.low);
    wy->SetValue(1, *b.high);
    w->AddColumn(wx);
    w->AddColumn(wy);
    whiskers.push_back(w);
    vtkPlot* line = xy->AddPlot(vtkChart::LINE);
    line->SetInputData(w, 0, 1);
    line->SetColor(0, 0, 0, 255);
    line->SetWidth(2.0f);
    line->SetLegendVisibility(false);
  }

  // Categories under the bars, turned so that long labels do not overlap.
  vtkNew<vtkDoubleArray> ticks;
  vtkNew<vtkStringArray> labels;
  for (std::size_t i = 0; i < n; ++i) {
    ticks->InsertNextValue(static_cast<double>(i));
    labels->InsertNextValue(chart.bars[i].label);
  }
  vtkAxis* bottom = xy->GetAxis(vtkAxis::BOTTOM);
  bottom->SetCustomTickPositions(ticks, labels);
  bottom->SetBehavior(vtkAxis::FIXED);
  bottom->SetRange(-0.6, static_cast<double>(n) - 0.4);
  bottom->GetLabelProperties()->SetOrientation(30.0);
  bottom->GetLabelProperties()->SetJustificationToRight();
  vtkAxis* left = xy->GetAxis(vtkAxis::LEFT);
  // Every bar 0: a unit range (a range of 1e-9 drew 17 ticks from 5e-12 to 8e-11 for a count).
  if (hi - lo <= 0.0) hi = 1.0;
  const double pad = 0.08 * (hi - lo);
  // The legend sits inside the plot's top right corner: room above the bars for it, so that it
  // does not cover the tallest bars.
  const std::size_t entries = chart.seriesNames.size() > 1 ? chart.seriesNames.size() : 0;
  const double top = axisTopWithLegendRoom(std::min(lo, 0.0), hi, pad, entries, chart.height);
  left->SetBehavior(vtkAxis::FIXED);
  left->SetRange(lo < 0.0 ? lo - pad : 0.0, top);
  keepCategoryLabelsInside(window, xy, chart.bars);
  saveWindowPng(window, path);
}

}  // namespace steer::viz
