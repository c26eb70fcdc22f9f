// steer::viz's bar chart: every bar in its series' colour, whiskers in black, a white page.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "steer/viz/bar_chart.hpp"
#include "steer/viz/colour.hpp"
#include "viz/png_image.hpp"

namespace steer::viz {
namespace {

std::string tempPng(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("steer_bar_" + std::to_string(::getpid()) + "_" + name + ".png")).string();
}

TEST(BarChart, EveryBarShowsInItsSeriesColourWithItsWhisker) {
  BarChart c;
  c.title = "test";
  c.yLabel = "value";
  c.seriesNames = {"one", "two", "three"};
  c.bars = {{"a", 3.0, 2.0, 4.0, 0}, {"b", 5.0, 4.5, 5.5, 1}, {"c", 1.0, std::nullopt, std::nullopt, 2},
            {"d", 2.0, 1.0, 3.0, 0}};
  c.width = 800;
  c.height = 500;
  const auto path = tempPng("bars");
  writeBarChart(path, c);
  const test::PngImage png(path);
  ASSERT_TRUE(png.valid());
  EXPECT_EQ(png.width(), 800);
  EXPECT_EQ(png.height(), 500);
  EXPECT_GT(png.count({255, 255, 255}), std::size_t(800 * 500 / 3));
  // Bar areas scale with their values: the tallest (5) series outweighs the shortest (1).
  const auto one = png.count(paletteColour(0), 10), two = png.count(paletteColour(1), 10), three = png.count(paletteColour(2), 10);
  EXPECT_GT(one, 500u);
  EXPECT_GT(two, 500u);
  EXPECT_GT(three, 100u);
  EXPECT_GT(two, three * 3) << "a bar of 5 against one of 1";
  // The whiskers: the same chart without intervals has fewer black pixels (the text alone has
  // thousands, so counting black pixels on one chart could not tell whether whiskers were drawn).
  // Three whiskers of 1-2 units on an axis of about 5.5 units over ~400 pixels: a few hundred.
  BarChart bare = c;
  for (auto& bar : bare.bars) bar.low = bar.high = std::nullopt;
  const auto barePath = tempPng("bare");
  writeBarChart(barePath, bare);
  const test::PngImage barePng(barePath);
  ASSERT_TRUE(barePng.valid());
  EXPECT_GT(png.count({0, 0, 0}, 40), barePng.count({0, 0, 0}, 40) + 150) << "whiskers";
  std::filesystem::remove(path);
  std::filesystem::remove(barePath);
}

// The category labels turn 30° and end at their bar: a long first label reached left past the
// picture's edge and was cut ("maze-a, goldenstein / direct" showed as "a, goldenstein / direct").
// With the labels inside, the picture's left columns hold no text, only the white page.
TEST(BarChart, ALongFirstCategoryLabelStaysInsideThePicture) {
  BarChart c;
  c.title = "labels";
  c.yLabel = "value";
  c.seriesNames = {"one", "two"};
  c.bars = {{"a very long first category label, goldenstein / harmonic", 3.0, std::nullopt, std::nullopt, 0},
            {"b", 2.0, std::nullopt, std::nullopt, 1}, {"c", 1.0, std::nullopt, std::nullopt, 0}};
  c.width = 900;
  c.height = 600;
  const auto path = tempPng("labels");
  writeBarChart(path, c);
  const test::PngImage png(path);
  ASSERT_TRUE(png.valid());
  std::size_t dark = 0;
  for (int y = 0; y < png.height(); ++y)
    for (int x = 0; x < 3; ++x) {
      const Rgb p = png.at(x, y);
      if (p.r + p.g + p.b < 3 * 160) ++dark;
    }
  EXPECT_EQ(dark, 0u) << "text at the picture's left edge";
  // And the label is drawn: its left end sits in the picture's bottom-left corner, which holds no
  // text with a one-letter label (the y axis's labels end further right, above the corner).
  BarChart shortLabel = c;
  shortLabel.bars[0].label = "a";
  const auto shortPath = tempPng("short_label");
  writeBarChart(shortPath, shortLabel);
  const test::PngImage shortPng(shortPath);
  ASSERT_TRUE(shortPng.valid());
  const auto darkInCorner = [](const test::PngImage& image) {
    std::size_t n = 0;
    for (int y = image.height() * 17 / 20; y < image.height(); ++y)
      for (int x = 3; x < 30; ++x) {
        const Rgb p = image.at(x, y);
        if (p.r + p.g + p.b < 3 * 160) ++n;
      }
    return n;
  };
  EXPECT_GT(darkInCorner(png), darkInCorner(shortPng) + 30) << darkInCorner(png) << " against " << darkInCorner(shortPng);
  std::filesystem::remove(path);
  std::filesystem::remove(shortPath);
}

// The turned labels hang below the axis: their right ends rose above it, over the bottoms of the
// bars ("(100 % reached)" was written across each bar's foot). Inside each bar, just above its
// foot, only the bar's colour shows.
TEST(BarChart, TurnedLabelsStayBelowTheBars) {
  BarChart c;
  c.title = "labels under the bars";
  c.yLabel = "value";
  c.seriesNames = {"one"};
  for (const char* name : {"u-trap, goldenstein / harmonic (100 % reached)", "u-trap, reynolds / hybrid (100 % reached)",
                           "hidden-target, goldenstein / direct (100 % reached)"})
    c.bars.push_back({name, 1.0, std::nullopt, std::nullopt, 0});
  c.width = 900;
  c.height = 600;
  const auto path = tempPng("labels_below");
  writeBarChart(path, c);
  const test::PngImage png(path);
  ASSERT_TRUE(png.valid());
  // The bars' feet: the lowest row holding the bars' colour.
  const Rgb bar = paletteColour(0);
  const auto isBar = [&](const Rgb& p) {
    return std::abs(int(p.r) - int(bar.r)) + std::abs(int(p.g) - int(bar.g)) + std::abs(int(p.b) - int(bar.b)) < 30;
  };
  int foot = -1;
  for (int y = 0; y < png.height(); ++y)
    for (int x = 0; x < png.width(); ++x)
      if (isBar(png.at(x, y))) foot = std::max(foot, y);
  ASSERT_GT(foot, png.height() / 2);
  // In the ten rows above the feet, the columns that are bar at the top of that band: anything
  // not of the bar's colour there is text.
  std::size_t columns = 0, dark = 0;
  for (int x = 2; x + 2 < png.width(); ++x) {
    if (!isBar(png.at(x, foot - 12)) || !isBar(png.at(x - 2, foot - 12)) || !isBar(png.at(x + 2, foot - 12))) continue;
    ++columns;
    for (int y = foot - 10; y <= foot - 2; ++y) dark += isBar(png.at(x, y)) ? 0 : 1;
  }
  EXPECT_GT(columns, 3u * 30u) << "three bars' interiors";
  EXPECT_EQ(dark, 0u) << "label text over the bars' feet";
  std::filesystem::remove(path);
}

// One series (a sweep of one model and planner): its bars were drawn black, hiding the lower half
// of every whisker, as vtkPlotBar takes the colour series only for several input arrays.
TEST(BarChart, ASingleSeriesShowsInThePalettesFirstColour) {
  BarChart c;
  c.title = "single";
  c.seriesNames = {"goldenstein / direct"};
  c.bars = {{"a", 3.0, 2.0, 4.0, 0}, {"b", 5.0, 4.0, 6.0, 0}};
  c.width = 600;
  c.height = 400;
  const auto path = tempPng("single");
  writeBarChart(path, c);
  const test::PngImage png(path);
  ASSERT_TRUE(png.valid());
  EXPECT_GT(png.count(paletteColour(0), 10), 2000u);
  // Black: whiskers and text only, not the bars' area.
  EXPECT_LT(png.count({0, 0, 0}, 40), png.count(paletteColour(0), 10) / 2);
  std::filesystem::remove(path);
}

TEST(BarChart, RejectsWhatItCannotDraw) {
  BarChart c;
  c.seriesNames = {"one"};
  EXPECT_THROW(writeBarChart(tempPng("empty"), c), std::runtime_error);
  c.bars = {{"a", 1.0, std::nullopt, std::nullopt, 3}};
  EXPECT_THROW(writeBarChart(tempPng("series"), c), std::runtime_error);
  c.bars = {{"a", std::nan(""), std::nullopt, std::nullopt, 0}};
  EXPECT_THROW(writeBarChart(tempPng("nan"), c), std::runtime_error);
}

}  // namespace
}  // namespace steer::viz
