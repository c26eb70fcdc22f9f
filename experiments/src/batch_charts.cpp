#include "batch_charts.hpp"

#include <algorithm>

#include "steer/experiments/statistics.hpp"
#include "steer/experiments/sweep.hpp"

namespace steer::experiments {

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
    std::string label = multipleScenarios ? g.scenarioName : "";
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
    bar.label = label;
    bar.value = mi.mean;
    if (mi.halfWidth) {
      bar.low = mi.mean - *mi.halfWidth;
      bar.high = mi.mean + *mi.halfWidth;
    }
    chart.bars.push_back(bar);
  }
  chart.width = std::clamp(200 + 60 * static_cast<int>(chart.bars.size()), 900, 4000);
  return chart;
}

std::vector<std::filesystem::path> writeBatchCharts(const std::vector<BatchRow>& rows, const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  std::vector<std::string> scenarios;
  for (const auto& r : rows)
    if (std::find(scenarios.begin(), scenarios.end(), r.scenarioFolder) == scenarios.end()) scenarios.push_back(r.scenarioFolder);
  std::filesystem::create_directories(dir);
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
  }
  return files;
}

}  // namespace steer::experiments
