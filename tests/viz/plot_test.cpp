// `steer plot`: each figure is a PNG of the requested size, not blank, with its curves drawn in
// their colours; the curves are steer::local's functions.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "plot_command.hpp"
#include "steer/local/weights.hpp"
#include "png_image.hpp"
#include "steer/local/attractor.hpp"
#include "steer/viz/line_chart.hpp"

namespace steer::experiments {
namespace {

using viz::test::PngImage;

std::filesystem::path tempDir(const std::string& name) {
  auto d = std::filesystem::temp_directory_path() / ("steer_viz_plot_" + std::to_string(::getpid()) + "_" + name);
  std::filesystem::remove_all(d);
  return d;
}

class PlotFigure : public ::testing::TestWithParam<const char*> {};

TEST_P(PlotFigure, WritesAPictureOfTheRequestedSizeWithEveryCurve) {
  PlotOptions o;
  o.figure = GetParam();
  o.out = tempDir(o.figure).string();
  o.width = 640;
  o.height = 480;
  o.quiet = true;
  ASSERT_EQ(plotCommand(o), 0);
  const PngImage png((std::filesystem::path(o.out) / (o.figure + ".png")).string());
  ASSERT_TRUE(png.valid());
  EXPECT_EQ(png.width(), 640);
  EXPECT_EQ(png.height(), 480);
  EXPECT_GT(png.distinctColours(), 20u) << "blank or nearly blank picture";
  EXPECT_GT(png.count({255, 255, 255}), std::size_t(640 * 480 / 3)) << "the background is white";
  // Every series shows: its own colour covers a stretch of pixels (a curve or the markers).
  for (const auto& s : plotChart(o).series) {
    EXPECT_GT(png.count(s.colour, 12), 30u) << o.figure << ": series '" << s.name << "' not drawn";
  }
}

INSTANTIATE_TEST_SUITE_P(Figures, PlotFigure, ::testing::Values("fig2a", "fig2b", "fig5", "weights"));

// The legend (top right, inside the plot) covers no curve: a flat curve at the data's top runs
// unbroken from the plot's left edge to its right one. (A sweep's legend covered the top of its
// curves: VTK's own range puts the largest value at the plot's top edge.)
TEST(LineChart, TheLegendLeavesTheTopCurveUncovered) {
  viz::LineChart chart;
  chart.title = "legend room";
  chart.width = 640;
  chart.height = 480;
  const viz::Rgb top = viz::paletteColour(1), bottom = viz::paletteColour(0);
  chart.series.push_back({"at the top, a long name for a wide legend", {0.0, 1.0}, {1.0, 1.0}, top});
  chart.series.push_back({"below", {0.0, 1.0}, {0.0, 0.0}, bottom});
  const auto dir = tempDir("legend");
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "chart.png").string();
  viz::writeLineChart(path, chart);
  const PngImage png(path);
  ASSERT_TRUE(png.valid());
  // The curve's row: the one holding most of its colour.
  int row = -1;
  std::size_t most = 0;
  for (int y = 0; y < png.height(); ++y) {
    std::size_t n = 0;
    for (int x = 0; x < png.width(); ++x) n += PngImage::near(png.at(x, y), top, 12) ? 1 : 0;
    if (n > most) most = n, row = y;
  }
  ASSERT_GE(row, 0);
  // Within that row (± 1), every column between the curve's ends shows it.
  int first = png.width(), last = -1, covered = 0;
  std::vector<bool> shown(static_cast<std::size_t>(png.width()), false);
  for (int x = 0; x < png.width(); ++x)
    for (int y = std::max(0, row - 1); y <= std::min(png.height() - 1, row + 1); ++y)
      if (PngImage::near(png.at(x, y), top, 12)) shown[static_cast<std::size_t>(x)] = true;
  for (int x = 0; x < png.width(); ++x)
    if (shown[static_cast<std::size_t>(x)]) first = std::min(first, x), last = std::max(last, x);
  for (int x = first; x <= last; ++x) covered += shown[static_cast<std::size_t>(x)] ? 0 : 1;
  EXPECT_GT(last - first, png.width() / 2) << "the curve spans the plot";
  EXPECT_EQ(covered, 0) << "columns " << first << "-" << last << " of row " << row << ": " << covered << " hidden";
}

TEST(PlotData, Fig2aIsTheLocalLayersAttractor) {
  PlotOptions o;
  o.figure = "fig2a";
  o.a = 1.5;
  const auto chart = plotChart(o);
  ASSERT_EQ(chart.series.size(), 1u);
  const auto& s = chart.series[0];
  for (std::size_t i = 0; i < s.x.size(); i += 37) EXPECT_DOUBLE_EQ(s.y[i], local::targetAttractor(s.x[i], 1.5));
  EXPECT_NEAR(s.x.front(), -std::numbers::pi, 1e-12);
  EXPECT_NEAR(s.x.back(), std::numbers::pi, 1e-12);
}

// The weights' trajectories end at the stable fixed points of (5) whatever the rates: at a fixed
// RK4 step of 0.05 s, α1 = 60 sent every one to ±∞ and NaN and the plot was drawn without them.
TEST(PlotData, WeightTrajectoriesStayFiniteAndSettleForFastRates) {
  for (const double alpha1 : {0.4, 60.0, 1e4}) {
    SCOPED_TRACE(testing::Message() << "alpha1 " << alpha1);
    PlotOptions o;
    o.figure = "weights";
    o.alpha1 = alpha1;
    const auto chart = plotChart(o);
    local::Weights stable;
    const local::Competition comp{o.alpha1, o.alpha2, o.gamma12, o.gamma21};
    bool haveStable = false;
    for (auto kind : {local::FixedPoint::ObstacleOnly, local::FixedPoint::TargetOnly, local::FixedPoint::Averaging}) {
      local::Weights w;
      if (local::fixedPoint(kind, comp, w) && local::tableStable(kind, comp)) stable = w, haveStable = true;
    }
    ASSERT_TRUE(haveStable);
    int trajectories = 0;
    for (const auto& series : chart.series) {
      if (series.name != "trajectory") continue;
      ++trajectories;
      ASSERT_FALSE(series.x.empty());
      for (std::size_t i = 0; i < series.x.size(); ++i) ASSERT_TRUE(std::isfinite(series.x[i]) && std::isfinite(series.y[i]));
      const auto distance = [&](std::size_t i) { return std::hypot(series.x[i] - stable.target, series.y[i] - stable.obstacle); };
      if (alpha1 < 100) {
        EXPECT_LT(distance(series.x.size() - 1), 1e-3);
      } else {  // the time shown is capped (200,000 steps of 5e-5 s: 10 s): on its way there
        EXPECT_LT(distance(series.x.size() - 1), 0.5 * distance(0));
      }
    }
    EXPECT_EQ(trajectories, 24);
  }
}

// The title gives the parameter as given: the first four characters of std::to_string made
// 0.004 "0.00" and 123 "123.".
TEST(PlotData, TitlesGiveTheParametersAsGiven) {
  PlotOptions o;
  o.figure = "fig2a";
  for (const auto& [a, text] : {std::pair{0.004, "a = 0.004"}, std::pair{123.0, "a = 123"}, std::pair{1.5, "a = 1.5"}}) {
    o.a = a;
    const std::string title = plotChart(o).title;
    EXPECT_EQ(title.substr(title.size() - std::string(text).size()), text) << title;
  }
}

// By default Fig. 5 is the paper's: d0base = 1 (the model's default d0_base is 8 m), so the
// prose mapping (8) runs from d0(0) = 1 down to d0(1) = 0, and d1 (9)(10) from 1, as printed.
TEST(PlotData, Fig5IsThePapersByDefault) {
  PlotOptions o;
  o.figure = "fig5";
  const auto chart = plotChart(o);
  ASSERT_GE(chart.series.size(), 2u);
  EXPECT_NEAR(chart.series[0].y.front(), 1.0, 1e-12);
  EXPECT_NEAR(chart.series[0].y.back(), 0.0, 1e-12);
  EXPECT_NEAR(chart.series[1].y.front(), 1.0, 1e-12);
  EXPECT_NE(chart.title.find("d0base = 1 m"), std::string::npos) << chart.title;
}

TEST(PlotData, Fig2bRepellerIsOddAndPeaksNearTheHalfAngle) {
  PlotOptions o;
  o.figure = "fig2b";
  const auto chart = plotChart(o);
  const auto& f = chart.series.back();  // f_obs
  ASSERT_EQ(f.name, "f_obs");
  const std::size_t n = f.x.size();
  for (std::size_t i = 0; i < n; ++i) EXPECT_NEAR(f.y[i], -f.y[n - 1 - i], 1e-12);
  // R W D with D = e^{-r/d0}: the largest value is close to D (R peaks at 1 where W ≈ 1).
  double best = 0.0, at = 0.0;
  for (std::size_t i = 0; i < n; ++i)
    if (f.y[i] > best) best = f.y[i], at = f.x[i];
  EXPECT_NEAR(best, std::exp(-3.0 / 6.0), 0.02);
  EXPECT_NEAR(at, std::numbers::pi / 10.0, 0.02);
}

TEST(PlotData, WeightsTrajectoriesEndAtAStableFixedPoint) {
  PlotOptions o;
  o.figure = "weights";
  const auto chart = plotChart(o);
  const viz::ChartSeries* stable = nullptr;
  for (const auto& s : chart.series)
    if (s.name == "stable fixed point") stable = &s;
  ASSERT_NE(stable, nullptr);
  for (const auto& s : chart.series) {
    if (s.name != "trajectory") continue;
    double best = 1e9;
    for (std::size_t k = 0; k < stable->x.size(); ++k)
      best = std::min(best, std::hypot(s.x.back() - stable->x[k], s.y.back() - stable->y[k]));
    EXPECT_LT(best, 0.05) << "a trajectory of (4) ends away from every stable fixed point";
  }
}

TEST(PlotCommand, UnknownFigureIsBadInput) {
  PlotOptions o;
  o.figure = "fig9";
  o.out = tempDir("bad").string();
  EXPECT_EQ(plotCommand(o), 2);
}

}  // namespace
}  // namespace steer::experiments
