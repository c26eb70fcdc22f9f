// The charts of compare and sweep (batch_charts.hpp): a combination has one colour in every
// chart of a batch, and a combination without a value in a metric keeps its slot, named.
// (Each chart handed out colours in the order the combinations first had a value in it, so blue
// was one planner in success_rate.png and another in mean_time_to_goal.png; a combination with
// no time to goal vanished from that chart.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

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
             .planner = "direct", .integrator = "rk4", .localPreset = "", .seed = seed, .factors = {},
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
  // A time to goal is over the agents that reached: its bar says how many did.
  EXPECT_EQ(time.bars[1].label, "reynolds / direct (100 % reached)");
  ASSERT_EQ(success.bars.size(), 2u);
  EXPECT_EQ(success.bars[0].label, "goldenstein / direct") << "a value of 0 is a value";
  EXPECT_DOUBLE_EQ(success.bars[0].value, 0.0);
}

// A row of a sweep, with `clearance` as its min_clearance (a metric without bounds: a negative
// one is agents that overlap).
BatchRow swept(const std::string& model, const std::string& value, std::uint64_t seed, double clearance) {
  BatchRow r = row(model, seed, std::nullopt, std::nullopt);
  r.metrics[metricIndex("min_clearance")] = clearance;
  r.factors = {{"groups.crowd.personality.courage.mean", value}};
  return r;
}

// A sweep of one number also draws each metric against the swept value: a line per model ×
// planner through the means over seeds, in order of the value (the runs come in any order),
// with its 95 % interval's ends as thinner lines; a group without a value has no point there.
TEST(BatchCharts, ASweepOfOneNumberDrawsTheMetricAgainstTheValue) {
  std::vector<BatchRow> rows;
  for (const char* model : {"goldenstein", "reynolds"})
    for (const std::string value : {"1", "0", "0.5"})
      for (std::uint64_t seed : {1, 2}) rows.push_back(swept(model, value, seed, std::stod(value) * (seed + (model[0] == 'r'))));
  const auto chart = sweepLineChart(rows, metricIndex("min_clearance"));
  ASSERT_TRUE(chart.has_value());
  EXPECT_EQ(chart->xLabel, "courage.mean");
  ASSERT_EQ(chart->series.size(), 6u) << "two lines, each with two interval lines";
  for (std::size_t s = 0; s < 2; ++s) {
    const auto& mean = chart->series[3 * s];
    const auto& low = chart->series[3 * s + 1];
    const auto& high = chart->series[3 * s + 2];
    EXPECT_EQ(mean.name, s == 0 ? "goldenstein / direct" : "reynolds / direct");
    EXPECT_EQ(mean.colour, viz::paletteColour(s));
    EXPECT_EQ(mean.x, (std::vector<double>{0, 0.5, 1}));
    for (std::size_t k = 0; k < 3; ++k) {
      // Seeds 1 and 2 give value · (1 + s) and value · (2 + s): their mean, and Student's t with one
      // degree of freedom, 12.706 standard errors (the standard error of two values is |a − b| / 2).
      const double v = mean.x[k], a = v * (1 + s), b = v * (2 + s);
      EXPECT_DOUBLE_EQ(mean.y[k], 0.5 * (a + b));
      EXPECT_NEAR(high.y[k] - mean.y[k], 12.706 * std::abs(a - b) / 2, 1e-3 * (1 + v));
      EXPECT_NEAR(mean.y[k] - low.y[k], high.y[k] - mean.y[k], 1e-12);
    }
    EXPECT_FALSE(high.inLegend);
  }
  // Without a value in a group (no time to goal anywhere): no line at all.
  EXPECT_FALSE(sweepLineChart(rows, metricIndex("mean_time_to_goal")).has_value());
  // Not a sweep of one number: none.
  std::vector<BatchRow> words = rows;
  for (auto& r : words) r.factors.front().second = r.factors.front().second == "0" ? "integrated" : "direct_sum";
  EXPECT_FALSE(sweepLineChart(words, metricIndex("min_clearance")).has_value());
  std::vector<BatchRow> two = rows;
  for (auto& r : two) r.factors.push_back({"local.a", r.seed == 1 ? "1" : "2"});
  EXPECT_FALSE(sweepLineChart(two, metricIndex("min_clearance")).has_value()) << "two swept keys";
  // A key given one value beside the swept one (--param local.a=1.5) is a constant: the line is
  // drawn against the swept key (the constant made the sweep look two-dimensional, and the
  // chart was left out).
  std::vector<BatchRow> pinned = rows;
  for (auto& r : pinned) r.factors.insert(r.factors.begin(), {"local.a", "1.5"});
  EXPECT_EQ(sweptKey(pinned), "groups.crowd.personality.courage.mean");
  const auto withConstant = sweepLineChart(pinned, metricIndex("min_clearance"));
  ASSERT_TRUE(withConstant.has_value());
  EXPECT_EQ(withConstant->xLabel, "courage.mean");
  EXPECT_EQ(withConstant->series.front().y, chart->series.front().y);
  EXPECT_FALSE(sweepLineChart({row("goldenstein", 1, 1.0, 2.0)}, metricIndex("min_clearance")).has_value()) << "compare";
}

// The t interval over a few seeds knows nothing of a metric's range: a success rate of 1 and 0.8
// over two seeds is 0.9 ± 1.27, and its whisker went from −0.37 to 2.17. The charts cut it at 0
// and 1 (a time or a count at 0; a clearance, which can be negative, not at all).
TEST(BatchCharts, AnIntervalIsDrawnInsideTheMetricsRange) {
  const std::vector<BatchRow> rows{row("goldenstein", 1, 1.0, 1.0), row("goldenstein", 2, 0.8, 30.0)};
  const viz::BarChart success = batchChart(rows, metricIndex("success_rate"), false);
  ASSERT_EQ(success.bars.size(), 1u);
  EXPECT_DOUBLE_EQ(success.bars[0].value, 0.9);
  ASSERT_TRUE(success.bars[0].low && success.bars[0].high);
  EXPECT_EQ(*success.bars[0].low, 0.0);
  EXPECT_EQ(*success.bars[0].high, 1.0);
  const viz::BarChart time = batchChart(rows, metricIndex("mean_time_to_goal"), false);
  ASSERT_TRUE(time.bars[0].low && time.bars[0].high);
  EXPECT_EQ(*time.bars[0].low, 0.0) << "15.5 - 12.706 * 14.5 is below 0";
  EXPECT_NEAR(*time.bars[0].high, 15.5 + 12.706 * 14.5, 0.01);
  std::vector<BatchRow> sweep;
  for (const std::string value : {"0", "1"})
    for (std::uint64_t seed : {1, 2}) {
      BatchRow r = swept("goldenstein", value, seed, seed == 1 ? -0.1 : 0.3);
      r.metrics[metricIndex("success_rate")] = seed == 1 ? 1.0 : 0.8;
      sweep.push_back(r);
    }
  const auto line = sweepLineChart(sweep, metricIndex("success_rate"));
  ASSERT_TRUE(line && line->series.size() == 3u);
  EXPECT_EQ(line->series[1].y, (std::vector<double>{0.0, 0.0}));
  EXPECT_EQ(line->series[2].y, (std::vector<double>{1.0, 1.0}));
  const auto clearance = sweepLineChart(sweep, metricIndex("min_clearance"));
  ASSERT_TRUE(clearance && clearance->series.size() == 3u);
  EXPECT_NEAR(clearance->series[1].y[0], 0.1 - 12.706 * 0.2, 1e-3) << "a clearance below 0 is not cut";
}

// The time to goal is the mean over the agents that reached: a variant where few arrive can be
// fast over those few. comparison.md bolded the time of a variant with a success rate of 0.17;
// only the rows with the scenario's highest success rate compete for it now.
TEST(ComparisonTable, TheBestTimeToGoalIsAmongTheMostSuccessfulRows) {
  const std::vector<BatchRow> rows{row("goldenstein", 1, 1.0, 20.0), row("goldenstein", 2, 1.0, 22.0),
                                   row("reynolds", 1, 0.17, 14.0), row("reynolds", 2, 0.17, 15.0),
                                   row("straight", 1, 1.0, 16.0), row("straight", 2, 1.0, 17.0)};
  const viz::BarChart chart = batchChart(rows, metricIndex("mean_time_to_goal"), false);
  ASSERT_EQ(chart.bars.size(), 3u);
  EXPECT_EQ(chart.bars[1].label, "reynolds / direct (17 % reached)") << "the lowest bar says how few arrived";
  std::vector<BatchRow> missing = rows;
  missing[3].metrics[metricIndex("mean_time_to_goal")] = std::nullopt;  // reynolds, seed 2: nobody arrived
  missing[3].metrics[metricIndex("success_rate")] = 0.0;
  EXPECT_EQ(batchChart(missing, metricIndex("mean_time_to_goal"), false).bars[1].label,
            "reynolds / direct (8 % reached; 1 of 2 seeds)");
  const std::string md = comparisonMarkdown(rows, {}, "t", "steer compare");
  const auto line = [&](const std::string& model) {
    const auto at = md.find("| " + model + " | direct |");
    return at == std::string::npos ? std::string() : md.substr(at, md.find('\n', at) - at);
  };
  ASSERT_FALSE(line("reynolds").empty()) << md;
  EXPECT_NE(line("straight").find("**16.5"), std::string::npos) << line("straight");
  EXPECT_EQ(line("reynolds").find("**14.5"), std::string::npos) << line("reynolds");
  EXPECT_EQ(line("goldenstein").find("**21"), std::string::npos) << line("goldenstein");
  EXPECT_NE(md.find("only the rows with the scenario's highest success rate compete"), std::string::npos);
  // One row with the highest success rate has nothing to be compared with: no bold time.
  const std::vector<BatchRow> alone{row("goldenstein", 1, 1.0, 20.0), row("reynolds", 1, 0.5, 14.0)};
  const std::string one = comparisonMarkdown(alone, {}, "t", "steer compare");
  EXPECT_EQ(one.find("**20"), std::string::npos) << one;
  EXPECT_EQ(one.find("**14"), std::string::npos) << one;
}

// A key given one value beside a swept one (--param local.a=1.5) is a setting of every run: the
// table named it as a column repeating 1.5 in every row, which read as something compared. It is
// a line under the title; the swept key stays a column, and the CSV keeps both.
TEST(ComparisonTable, AConstantParameterIsNamedOnceNotAColumn) {
  std::vector<BatchRow> rows;
  for (const std::string value : {"0", "1"})
    for (std::uint64_t seed : {1, 2}) {
      BatchRow r = swept("goldenstein", value, seed, 0.5);
      r.factors.insert(r.factors.begin(), {"local.a", "1.5"});
      rows.push_back(r);
    }
  const std::vector<std::string> keys{"local.a", "groups.crowd.personality.courage.mean"};
  const std::string md = comparisonMarkdown(rows, keys, "t", "steer sweep");
  EXPECT_NE(md.find("Set in every run: `local.a` = 1.5."), std::string::npos) << md;
  EXPECT_EQ(md.find("| local.a |"), std::string::npos) << md;
  EXPECT_NE(md.find("| model | planner | groups.crowd.personality.courage.mean | seeds |"), std::string::npos) << md;
  EXPECT_NE(md.find("| goldenstein | direct | 0 | 2 |"), std::string::npos) << md;
  EXPECT_NE(md.find("| goldenstein | direct | 1 | 2 |"), std::string::npos) << md;
  EXPECT_EQ(comparisonCsv(rows, keys).rfind("scenario,model,planner,local.a,groups.crowd.personality.courage.mean,seed,", 0),
            0u);
  // Two values of it: a column again, and no line.
  rows.back().factors.front().second = "2.5";
  const std::string varied = comparisonMarkdown(rows, keys, "t", "steer sweep");
  EXPECT_EQ(varied.find("Set in every run"), std::string::npos) << varied;
  EXPECT_NE(varied.find("| model | planner | local.a | groups.crowd.personality.courage.mean | seeds |"),
            std::string::npos)
      << varied;
}

// Across scenarios a bar named only its scenario: a bar of 0 or a slot without a value, which show
// no colour, did not say whose it was ("u-trap", "u-trap").
TEST(BatchCharts, AcrossScenariosABarNamesItsCombination) {
  std::vector<BatchRow> rows;
  for (const std::string scenario : {"hidden-target", "u-trap"})
    for (const std::string model : {"goldenstein", "reynolds"}) {
      BatchRow r = row(model, 1, scenario == "u-trap" ? 0.0 : 1.0, std::nullopt);
      r.scenarioName = r.scenarioFolder = scenario;
      rows.push_back(r);
    }
  const viz::BarChart chart = batchChart(rows, metricIndex("success_rate"), true);
  ASSERT_EQ(chart.bars.size(), 4u);
  EXPECT_EQ(chart.bars[2].label, "u-trap, goldenstein / direct");
  EXPECT_EQ(chart.bars[3].label, "u-trap, reynolds / direct");
  EXPECT_EQ(batchChart(rows, metricIndex("mean_time_to_goal"), true).bars[3].label, "u-trap, reynolds / direct (no value)");
}

// What comparison.md says of how its runs were made, after an audit of the comparison workflow:
// - the Reynolds vehicle steps by its own forward Euler whatever `integrator` says, and the table
//   says so when the models did not step alike;
// - a swept key a model does not read is named, so that its flat rows are not read as a result;
// - seeds that all gave one value have no interval ("± 0" read as certain);
// - the small-sample note counts the smallest sample behind a cell (2 of 3 seeds: 12.7 standard
//   errors, not 4.3);
// - agent-steps/s, a speed that depends on the machine's load, is not ranked.
TEST(ComparisonTable, SaysHowTheRunsWereMadeAndWhatTheyCannotShow) {
  std::vector<BatchRow> rows;
  for (const std::string model : {"goldenstein", "reynolds"})
    for (const std::string value : {"0", "1"})
      for (std::uint64_t seed : {1, 2, 3}) {
        BatchRow r = swept(model, value, seed, model == "reynolds" ? 0.4 : 0.1 * static_cast<double>(seed));
        r.integrator = model == "reynolds" ? "paper_euler" : "rk4";
        if (model == "goldenstein") r.localPreset = "steer";
        r.metrics[metricIndex("agent_steps_per_second")] = 1000.0 * static_cast<double>(seed) + (model == "reynolds");
        // One goldenstein seed with no time to goal: that cell has 2 of 3 seeds.
        r.metrics[metricIndex("mean_time_to_goal")] =
            model == "goldenstein" && value == "0" && seed == 3 ? std::nullopt : std::optional<double>(10.0 + seed);
        rows.push_back(r);
      }
  const std::vector<std::string> keys{"groups.crowd.personality.courage.mean"};
  const std::string md = comparisonMarkdown(rows, keys, "t", "steer sweep");
  EXPECT_NE(md.find("The runs do not all step alike (summary.json's `integrator.used`): goldenstein rk4; reynolds "
                    "paper_euler (paper_euler: the Reynolds vehicle's forward Euler"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("`groups.crowd.personality.courage.mean` sets nothing the reynolds model reads"), std::string::npos)
      << md;
  EXPECT_EQ(md.find("sets nothing the goldenstein model reads"), std::string::npos) << md;
  EXPECT_NE(md.find("The goldenstein rows start from `local.preset` steer (steer: our defaults"), std::string::npos) << md;
  EXPECT_NE(md.find("Each run's summary.json records every parameter its model ran with, as the scenario section that "
                    "gives them (`local` for goldenstein, `reynolds` for reynolds"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("0.4 (all seeds equal)"), std::string::npos) << md;
  EXPECT_EQ(md.find("± 0 "), std::string::npos) << md;
  EXPECT_NE(md.find("With 2 seeds an interval's half-width is 12.7 standard errors"), std::string::npos) << md;
  EXPECT_NE(md.find("- agent-steps/s (1/s): `agent_steps_per_second` of summary.json, neither better nor worse"),
            std::string::npos)
      << md;
  EXPECT_EQ(md.find("**200"), std::string::npos) << "a speed is not ranked: " << md;
  // Models that stepped alike: no line.
  for (auto& r : rows) r.integrator = "rk4";
  EXPECT_EQ(comparisonMarkdown(rows, keys, "t", "steer sweep").find("do not all step alike"), std::string::npos);
  // Reynolds rows alone: only their record is named.
  std::erase_if(rows, [](const BatchRow& r) { return r.model != "reynolds"; });
  const std::string reynoldsOnly = comparisonMarkdown(rows, keys, "t", "steer sweep");
  EXPECT_NE(reynoldsOnly.find("as the scenario section that gives them (`reynolds` for reynolds: behaviors, weights, vehicle)"),
            std::string::npos)
      << reynoldsOnly;
}

}  // namespace
}  // namespace steer::experiments
