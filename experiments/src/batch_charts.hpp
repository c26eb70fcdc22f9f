#pragma once
// The bar charts of `steer compare` and `steer sweep`: one per metric of comparison.md, the
// mean over seeds of each group with its 95 % interval as a whisker.
#include <filesystem>
#include <string>
#include <vector>

#include "steer/experiments/batch.hpp"
#include "steer/viz/bar_chart.hpp"

namespace steer::experiments {

/// The chart of metric `metric` (an index into metricColumns()): a bar per group, in the same
/// series (colour) in every chart; a group without a value keeps its slot, labelled "(no value)".
viz::BarChart batchChart(const std::vector<BatchRow>& rows, std::size_t metric, bool multipleScenarios);

/// Writes `dir`/<metric key>.png for every metric of the table that has a value; returns the files.
std::vector<std::filesystem::path> writeBatchCharts(const std::vector<BatchRow>& rows, const std::filesystem::path& dir);

}  // namespace steer::experiments
