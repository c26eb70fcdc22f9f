#pragma once
// The charts of `steer compare` and `steer sweep`: a bar chart per metric of comparison.md, the
// mean over seeds of each group with its 95 % interval as a whisker; for a sweep of one number,
// also the metric as a line against the swept value.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "steer/experiments/batch.hpp"
#include "steer/viz/bar_chart.hpp"
#include "steer/viz/line_chart.hpp"

namespace steer::experiments {

/// The chart of metric `metric` (an index into metricColumns()): a bar per group, in the same
/// series (colour) in every chart; a group without a value keeps its slot, labelled "(no value)".
viz::BarChart batchChart(const std::vector<BatchRow>& rows, std::size_t metric, bool multipleScenarios);

/// The one key a batch sweeps: every run has the same keys, and only this one takes more than
/// one value (a key given a single value, as --param local.a=1.5 beside the swept one, is a
/// constant). None when no key or more than one varies.
std::optional<std::string> sweptKey(const std::vector<BatchRow>& rows);

/// A sweep of one numeric key (sweptKey): metric `metric` against the swept value, a line per
/// model × planner through the means over seeds, with thinner lines along the 95 % interval's
/// ends (from two seeds on). None when the batch sweeps no key, more than one, or a value that
/// is not a number (a bar chart then tells the groups apart).
std::optional<viz::LineChart> sweepLineChart(const std::vector<BatchRow>& rows, std::size_t metric);

/// Writes `dir`/<metric key>.png for every metric of the table that has a value, and for a sweep
/// of one numeric key also `dir`/<metric key>_vs_<key's short name>.png; returns the files.
std::vector<std::filesystem::path> writeBatchCharts(const std::vector<BatchRow>& rows, const std::filesystem::path& dir);

}  // namespace steer::experiments
