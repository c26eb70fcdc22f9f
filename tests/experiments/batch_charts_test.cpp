// The charts of compare and sweep (batch_charts.hpp): a combination has one colour in every
// chart of a batch, and a combination without a value in a metric keeps its slot, named.
// (Each chart handed out colours in the order the combinations first had a value in it, so blue
// was one planner in success_rate.png and another in mean_time_to_goal.png; a combination with
// no time to goal vanished from that chart.)
#include <gtest/gtest.h>

#include <algorithm>

#include "batch_charts.hpp"

namespace steer::experiments {
namespace {

std::size_t metricIndex(const std::string& key) {
  const auto& columns = metricColumns();
  for (std::size_t m = 0; m < columns.size(); ++m)
    if (columns[m].key == key) return m;
  ADD_FAILURE() << "no metric " << key;
  return 0;
}

BatchRow row(const std::string& model, std::uint64_t seed, std::optional<double> success, std::optional<double> time) {
  // Built in place: assigning the strings tripped GCC 12's false -Wrestrict warning at -O3.
  BatchRow r{.job = 0, .scenarioPath = "s.yaml", .scenarioName = "s", .scenarioFolder = "s", .model = model,
             .planner = "direct", .seed = seed, .factors = {},
             .metrics = std::vector<std::optional<double>>(metricColumns().size())};
  r.metrics[metricIndex("success_rate")] = success;
  r.metrics[metricIndex("mean_time_to_goal")] = time;
  return r;
}

TEST(BatchCharts, ACombinationKeepsItsColourAndItsSlotInEveryChart) {
  // goldenstein reaches nothing (no time to goal); reynolds arrives.
  const std::vector<BatchRow> rows{row("goldenstein", 1, 0.0, std::nullopt), row("goldenstein", 2, 0.0, std::nullopt),
                                   row("reynolds", 1, 1.0, 12.0), row("reynolds", 2, 1.0, 14.0)};
  const viz::BarChart success = batchChart(rows, metricIndex("success_rate"), false);
  const viz::BarChart time = batchChart(rows, metricIndex("mean_time_to_goal"), false);
  const std::vector<std::string> series{"goldenstein / direct", "reynolds / direct"};
  EXPECT_EQ(success.seriesNames, series);
  EXPECT_EQ(time.seriesNames, series) << "the same colour for the same combination";
  ASSERT_EQ(time.bars.size(), 2u) << "the combination without a value keeps its slot";
  EXPECT_EQ(time.bars[0].series, 0u);
  EXPECT_EQ(time.bars[0].label, "goldenstein / direct (no value)");
  EXPECT_FALSE(time.bars[0].low.has_value());
  EXPECT_EQ(time.bars[1].series, 1u);
  EXPECT_DOUBLE_EQ(time.bars[1].value, 13.0);
  ASSERT_EQ(success.bars.size(), 2u);
  EXPECT_EQ(success.bars[0].label, "goldenstein / direct") << "a value of 0 is a value";
  EXPECT_DOUBLE_EQ(success.bars[0].value, 0.0);
}

}  // namespace
}  // namespace steer::experiments
