#include "batch_charts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <tuple>
#include <utility>

#include "steer/experiments/statistics.hpp"
#include "steer/experiments/sweep.hpp"

namespace steer::experiments {

namespace {

// The ends of a 95 % interval around the mean, inside the values the metric can take (the t
// interval over a few seeds knows nothing of them: a success rate of 0.9 ± 0.2 drew its whisker
// up to 1.1).
std::pair<double, double> intervalEnds(const MeanInterval& mi, const MetricColumn& column) {
  return {std::max(column.lowest, mi.mean - *mi.halfWidth), std::min(column.highest, mi.mean + *mi.halfWidth)};
}

// A mean over the agents that reached (the time to goal): its bar says how many did (the lowest
// bar was a variant where 17 % arrived), and in how many of the seeds.
std::string reachedNote(const std::vector<BatchRow>& rows, const RowGroup& g, std::size_t time) {
  if (!metricColumns()[time].overReached) return "";
  const std::size_t success = metricColumnIndex("success_rate");
  double sum = 0.0;
  std::size_t seeds = 0, timed = 0;
  for (const std::size_t r : g.rows) {
    if (rows[r].metrics[time]) ++timed;
    if (!rows[r].metrics[success]) continue;
    sum += *rows[r].metrics[success];
    ++seeds;
  }
  if (seeds == 0) return "";
  char text[64];
  std::snprintf(text, sizeof text, " (%.0f %% reached", 100.0 * sum / static_cast<double>(seeds));
  std::string note = text;
  if (timed < g.rows.size()) note += "; " + std::to_string(timed) + " of " + std::to_string(g.rows.size()) + " seeds";
  return note + ")";
}

}  // namespace

viz::BarChart batchChart(const std::vector<BatchRow>& rows, std::size_t metric, bool multipleScenarios) {
  const auto& column = metricColumns()[metric];
  viz::BarChart chart;
  chart.title = column.label + (!column.ranked ? "" : column.lowerIsBetter ? " (lower is better)" : " (higher is better)") +
                ": mean and 95% interval over seeds";
  chart.yLabel = column.label + (column.unit.empty() ? "" : " (" + column.unit + ")");
  const auto groups = groupRows(rows);
  std::vector<std::string> keys;  // the swept keys, in order
  for (const auto& g : groups)
    for (const auto& f : g.factors)
      if (std::find(keys.begin(), keys.end(), f.first) == keys.end()) keys.push_back(f.first);
  const std::vector<std::string> shortNames = shortFactorNames(keys);
  // Colour: the model × planner combination, in the order of the groups, whether or not the
  // metric has a value there, so that a colour means the same in every chart of the batch.
  for (const auto& g : groups)
    if (std::find(chart.seriesNames.begin(), chart.seriesNames.end(), g.model + " / " + g.planner) == chart.seriesNames.end())
      chart.seriesNames.push_back(g.model + " / " + g.planner);
  for (const auto& g : groups) {
    std::vector<double> sample;
    for (std::size_t r : g.rows)
      if (rows[r].metrics[metric]) sample.push_back(*rows[r].metrics[metric]);
    const std::string series = g.model + " / " + g.planner;
    const auto it = std::find(chart.seriesNames.begin(), chart.seriesNames.end(), series);
    viz::Bar bar;
    // Across scenarios a bar's label names its combination too: a bar of 0, or a slot with no
    // value, shows no colour to tell it by ("u-trap", "u-trap").
    std::string label;
    if (multipleScenarios) {
      label = g.scenarioName;
      label += ", ";
      label += series;
    }
    for (const auto& [key, value] : g.factors) {
      const auto k = static_cast<std::size_t>(std::find(keys.begin(), keys.end(), key) - keys.begin());
      label += (label.empty() ? "" : ", ") + shortNames[k] + "=" + value;
    }
    if (label.empty()) label = series;  // the legend's colours tell the combinations apart otherwise
    bar.series = static_cast<std::size_t>(it - chart.seriesNames.begin());
    if (sample.empty()) {
      // No run gave a value (e.g. no agent reached its goal, so no time to goal): the slot stays,
      // named, instead of the combination vanishing from the chart (a 0 and "not run" looked alike).
      bar.label = label + " (no value)";
      chart.bars.push_back(bar);
      continue;
    }
    const MeanInterval mi = meanInterval(sample, 0.95);
    bar.label = label + reachedNote(rows, g, metric);
    bar.value = mi.mean;
    if (mi.halfWidth) std::tie(bar.low, bar.high) = intervalEnds(mi, column);
    chart.bars.push_back(bar);
  }
  chart.width = std::clamp(200 + 60 * static_cast<int>(chart.bars.size()), 900, 4000);
  return chart;
}

std::optional<std::string> sweptKey(const std::vector<BatchRow>& rows) {
  if (rows.empty()) return std::nullopt;
  const auto& keys = rows.front().factors;
  std::optional<std::string> swept;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    bool varies = false;
    for (const auto& r : rows) {
      if (r.factors.size() != keys.size() || r.factors[i].first != keys[i].first) return std::nullopt;
      varies = varies || r.factors[i].second != keys[i].second;
    }
    if (!varies) continue;  // a key given one value (--param local.a=1.5 beside the swept one)
    if (swept) return std::nullopt;  // two swept keys: a plane, not a line
    swept = keys[i].first;
  }
  return swept;
}

std::optional<viz::LineChart> sweepLineChart(const std::vector<BatchRow>& rows, std::size_t metric) {
  const auto groups = groupRows(rows);
  const std::optional<std::string> swept = sweptKey(rows);
  if (groups.empty() || !swept) return std::nullopt;
  const std::string& key = *swept;
  // x of each group: its value of the one swept key, read whole as a number.
  std::vector<double> x(groups.size());
  std::vector<double> distinct;
  for (std::size_t k = 0; k < groups.size(); ++k) {
    const std::string* value = factorValue(groups[k].factors, key);
    if (value == nullptr) return std::nullopt;
    const std::string& text = *value;
    char* end = nullptr;
    x[k] = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(x[k])) return std::nullopt;
    if (std::find(distinct.begin(), distinct.end(), x[k]) == distinct.end()) distinct.push_back(x[k]);
  }
  if (distinct.size() < 2) return std::nullopt;
  const auto& column = metricColumns()[metric];
  const std::string name = shortFactorNames({key}).front();
  viz::LineChart chart;
  chart.title = column.label + (!column.ranked ? "" : column.lowerIsBetter ? " (lower is better)" : " (higher is better)") +
                " against " + name + ": mean and 95% interval over seeds";
  chart.xLabel = name;
  chart.yLabel = column.label + (column.unit.empty() ? "" : " (" + column.unit + ")");
  // One line per model × planner (a sweep has one scenario), coloured in the order the bar
  // charts use; its points in order of the swept value.
  std::vector<std::string> series;
  for (const auto& g : groups)
    if (std::find(series.begin(), series.end(), g.model + " / " + g.planner) == series.end())
      series.push_back(g.model + " / " + g.planner);
  for (std::size_t s = 0; s < series.size(); ++s) {
    std::vector<std::pair<double, MeanInterval>> points;
    for (std::size_t k = 0; k < groups.size(); ++k) {
      if (groups[k].model + " / " + groups[k].planner != series[s]) continue;
      std::vector<double> sample;
      for (std::size_t r : groups[k].rows)
        if (rows[r].metrics[metric]) sample.push_back(*rows[r].metrics[metric]);
      if (!sample.empty()) points.emplace_back(x[k], meanInterval(sample, 0.95));  // no value: no point
    }
    std::sort(points.begin(), points.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    viz::ChartSeries mean{series[s], {}, {}, viz::paletteColour(s)}, low = mean, high = mean;
    low.name = high.name = series[s] + ", 95% interval";
    low.width = high.width = 1.0f;
    high.inLegend = false;
    for (const auto& [value, mi] : points) {
      mean.x.push_back(value);
      mean.y.push_back(mi.mean);
      if (!mi.halfWidth) continue;
      const auto [lowEnd, highEnd] = intervalEnds(mi, column);
      low.x.push_back(value);
      low.y.push_back(lowEnd);
      high.x.push_back(value);
      high.y.push_back(highEnd);
    }
    if (mean.x.empty()) continue;
    // A single point draws no line: a marker then.
    mean.points = mean.x.size() == 1;
    chart.series.push_back(std::move(mean));
    if (low.x.size() >= 2) {
      chart.series.push_back(std::move(low));
      chart.series.push_back(std::move(high));
    }
  }
  if (chart.series.empty()) return std::nullopt;
  return chart;
}

std::vector<std::filesystem::path> writeBatchCharts(const std::vector<BatchRow>& rows, const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  std::vector<std::string> scenarios;
  for (const auto& r : rows)
    if (std::find(scenarios.begin(), scenarios.end(), r.scenarioFolder) == scenarios.end()) scenarios.push_back(r.scenarioFolder);
  std::filesystem::create_directories(dir);
  const std::optional<std::string> swept = sweptKey(rows);  // the key of the line charts
  for (std::size_t m = 0; m < metricColumns().size(); ++m) {
    if (!metricColumns()[m].inTable) continue;
    if (std::none_of(rows.begin(), rows.end(), [&](const BatchRow& r) { return r.metrics[m].has_value(); }))
      continue;  // no run gave this metric a value: nothing to draw
    const viz::BarChart chart = batchChart(rows, m, scenarios.size() > 1);
    std::string name = metricColumns()[m].key;
    std::replace(name.begin(), name.end(), '.', '_');
    const auto path = dir / (name + ".png");
    viz::writeBarChart(path.string(), chart);
    files.push_back(path);
    if (const auto line = sweepLineChart(rows, m)) {
      std::string against = shortFactorNames({*swept}).front();
      std::replace(against.begin(), against.end(), '.', '_');
      const auto linePath = dir / (name + "_vs_" + against + ".png");
      viz::writeLineChart(linePath.string(), *line);
      files.push_back(linePath);
    }
  }
  return files;
}

}  // namespace steer::experiments
