// comparison.md: the means over seeds with their 95 % Student-t intervals, per scenario.
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include <boost/math/distributions/students_t.hpp>

#include "steer/experiments/batch.hpp"
#include "steer/experiments/factory.hpp"
#include "steer/experiments/statistics.hpp"

namespace steer::experiments {

namespace {

// A swept value as a Markdown table cell: a '|' in it ended the cell (agents.a.name=a|b gave the
// row an extra column), a line break the row.
std::string tableCell(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '|') out += "\\|";
    else if (c == '\n' || c == '\r') out += ' ';
    else out += c;
  }
  return out;
}

std::string fourDigits(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

struct Cell {
  std::optional<MeanInterval> stats;
  std::size_t seeds = 0;  ///< rows in the group
};

Cell cellOf(const std::vector<BatchRow>& rows, const RowGroup& g, std::size_t metric) {
  std::vector<double> sample;
  for (std::size_t r : g.rows)
    if (rows[r].metrics[metric]) sample.push_back(*rows[r].metrics[metric]);
  Cell c;
  c.seeds = g.rows.size();
  if (!sample.empty()) c.stats = meanInterval(sample, 0.95);
  return c;
}

std::string text(const Cell& c, bool bold) {
  if (!c.stats) return "—";
  std::string s = fourDigits(c.stats->mean);
  // Seeds that all gave one value have no spread to estimate: "± 0" read as a certain result
  // (a one-agent run reaching in 3 of 3 seeds is not a success rate known to be 1).
  if (c.stats->halfWidth) s += *c.stats->halfWidth > 0.0 ? " ± " + fourDigits(*c.stats->halfWidth) : " (all seeds equal)";
  if (bold) s = "**" + s + "**";
  if (c.stats->n < c.seeds) s += " (" + std::to_string(c.stats->n) + " of " + std::to_string(c.seeds) + " seeds)";
  return s;
}

std::string heading(const MetricColumn& c) {
  std::string h = c.label;
  if (!c.unit.empty()) h += " (" + c.unit + ")";
  if (!c.ranked) return h;
  return h + (c.lowerIsBetter ? " ↓" : " ↑");
}

}  // namespace

std::string comparisonMarkdown(const std::vector<BatchRow>& rows, const std::vector<std::string>& sweptKeys,
                               const std::string& title, const std::string& command) {
  const auto groups = groupRows(rows);
  // A key given one value (--param KEY=V beside the swept ones) is a setting of every run, not a
  // column: a column repeating one value in every row was read as something compared. It is
  // named under the title; comparison.csv keeps its column.
  std::vector<std::string> factorKeys;
  std::vector<std::pair<std::string, std::string>> constants;
  for (const auto& k : sweptKeys) {
    std::set<std::string> values;
    for (const auto& r : rows) {
      const std::string* value = factorValue(r.factors, k);
      values.insert(value == nullptr ? std::string() : *value);
    }
    if (values.size() == 1 && !values.begin()->empty())
      constants.emplace_back(k, *values.begin());
    else
      factorKeys.push_back(k);
  }
  std::vector<std::size_t> metrics;
  for (std::size_t m = 0; m < metricColumns().size(); ++m)
    if (metricColumns()[m].inTable) metrics.push_back(m);

  std::string out = "# " + title + "\n\n";
  out += "Made by `" + command + "`. Each cell is the mean over seeds ± the half-width of its 95 % "
         "confidence interval (Student's t, n − 1 degrees of freedom; no interval for one seed; \"all seeds "
         "equal\" where every seed gave the same value). The seed sets the scenario's random placement and "
         "each model's own noise (the Goldenstein model's noise terms; the Reynolds model's wander, dithering and "
         "think phases), so a model without noise in a scenario without random placement repeats one run in every "
         "seed. In each column the best mean of a scenario is in **bold** (none when all are equal). "
         "↑: higher is better; ↓: lower is better; a column with neither describes the runs without ranking "
         "them. Every row's numbers are in comparison.csv.\n\n";
  if (!constants.empty()) {
    out += "Set in every run:";
    for (std::size_t i = 0; i < constants.size(); ++i)
      out += std::string(i == 0 ? " " : ", ") + "`" + constants[i].first + "` = " + tableCell(constants[i].second);
    out += ".\n\n";
  }
  // How each model stepped, when not alike (the Reynolds vehicle's own forward Euler ignores the
  // scenario's integrator): a comparison of the two models is also one of two schemes.
  std::map<std::string, std::set<std::string>> schemes;
  std::set<std::string> allSchemes;
  for (const auto& r : rows) {
    schemes[r.model].insert(r.integrator);
    allSchemes.insert(r.integrator);
  }
  if (allSchemes.size() > 1) {
    out += "The runs do not all step alike (summary.json's `integrator.used`):";
    bool first = true;
    for (const auto& [model, used] : schemes) {
      out += first ? " " : "; ";
      out += tableCell(model);
      for (const auto& u : used) {
        out += ' ';
        out += tableCell(u);
      }
      first = false;
    }
    out += allSchemes.count("paper_euler") ? " (paper_euler: the Reynolds vehicle's forward Euler as reynolds-1999 prints "
                                             "it, whatever `integrator` says; `reynolds.vehicle.paper_euler=false` "
                                             "runs the scenario's)"
                                           : "";
    out += ".\n\n";
  }
  // Which Goldenstein model: our defaults are not the printed one (a reader of the table would
  // take "goldenstein" for the paper's).
  std::set<std::string> presets;
  for (const auto& r : rows)
    if (!r.localPreset.empty()) presets.insert(r.localPreset);
  if (!presets.empty()) {
    out += "The goldenstein rows start from `local.preset`";
    for (const auto& p : presets) {
      out += ' ';
      out += tableCell(p);
    }
    out += " (steer: our defaults, whose departures from the printed model are listed in "
           "layers/local/include/steer/local/parameters.hpp; paper: the printed model; keys set beside it override "
           "it).\n\n";
  }
  // Where a row's model parameters are, whole: the tables show only what they did.
  const bool anyGoldenstein = std::any_of(rows.begin(), rows.end(), [](const auto& r) { return r.model == "goldenstein"; });
  const bool anyReynolds = std::any_of(rows.begin(), rows.end(), [](const auto& r) { return r.model == "reynolds"; });
  if (anyGoldenstein || anyReynolds) {
    out += "Each run's summary.json records every parameter its model ran with, as the scenario section that gives them (";
    if (anyGoldenstein) out += "`local` for goldenstein";
    if (anyGoldenstein && anyReynolds) out += ", ";
    if (anyReynolds) out += "`reynolds` for reynolds: behaviors, weights, vehicle";
    out += "): pasted into a scenario, it runs the same model.\n\n";
  }
  // A key that a model does not read leaves its rows unchanged across the key's values: a flat
  // line in a sweep's chart would read as a result.
  std::set<std::string> models;
  for (const auto& r : rows) models.insert(r.model);
  for (const auto& k : sweptKeys) {
    for (const auto& m : models)
      if (!modelReadsKey(m, k)) {
        out += '`';
        out += k;
        out += "` sets nothing the ";
        out += tableCell(m);
        out += " model reads: its rows do not depend on it.\n\n";
      }
  }
  // With two or three seeds the interval is 12.7 or 4.3 standard errors wide: a success rate of
  // 0.5 read "± 6.4", past anything the metric can take, which looked like a bug. The smallest
  // sample behind any cell decides (a cell of 2 of 3 seeds is 12.7 wide, not 4.3).
  std::size_t fewest = 0;
  for (const auto& g : groups)
    for (std::size_t m : metrics) {
      const Cell c = cellOf(rows, g, m);
      if (c.stats && c.stats->n >= 2) fewest = fewest == 0 ? c.stats->n : std::min(fewest, c.stats->n);
    }
  if (fewest >= 2 && fewest <= 4) {
    const boost::math::students_t t(static_cast<double>(fewest - 1));
    char width[32];
    std::snprintf(width, sizeof width, "%.3g", boost::math::quantile(t, 0.975));
    out += "With " + std::to_string(fewest) + " seeds an interval's half-width is " + width +
           " standard errors of the mean: it can reach past what a metric can take (a success rate beyond "
           "0 or 1), and says only that the seeds disagree. More seeds (`--seeds`) narrow it.\n\n";
  }
  out += "Columns:\n";
  for (std::size_t m : metrics) {
    const auto& c = metricColumns()[m];
    out += "- " + heading(c) + ": `" + c.key + "` of summary.json, " +
           (!c.ranked ? "neither better nor worse" : c.lowerIsBetter ? "lower is better" : "higher is better");
    if (c.key == "mean_path_length")
      out += " (over every agent, also those that did not reach: one that stops early walks less)";
    if (c.overReached)
      out += " (each run's mean over its agents that reached, averaged over the seeds, so a seed where one agent "
             "arrived weighs as much as one where six did; only the rows with the scenario's highest success rate "
             "compete for bold: fewer arrivals can be faster ones)";
    if (c.key.rfind("steerbench.", 0) == 0)
      out += " (SteerBench's ranking; agents that stand still gather little kinetic energy, so stuck runs can "
             "score better than runs that reach: read it beside the success rate)";
    if (c.key == "min_clearance" || c.key == "min_obstacle_clearance")
      out += " (the smallest gap within 2 m from t = 0 on: in a crowd placed at random it is often set by the "
             "placement, and then the same for every model and planner of a seed)";
    if (c.key == "agent_steps_per_second")
      out += "; a speed, measured while other runs shared the machine, so it depends on the load";
    out += ".\n";
  }

  // One section per scenario given (by its run folder: the same file given twice is two).
  std::vector<std::string> scenarios;
  for (const auto& g : groups)
    if (std::find(scenarios.begin(), scenarios.end(), g.scenarioFolder) == scenarios.end()) scenarios.push_back(g.scenarioFolder);

  for (const auto& folder : scenarios) {
    std::vector<const RowGroup*> mine;
    for (const auto& g : groups)
      if (g.scenarioFolder == folder) mine.push_back(&g);
    out += "\n## " + mine.front()->scenarioName + " (`" + mine.front()->scenarioPath + "`)\n\n";
    out += "| model | planner |";
    for (const auto& k : factorKeys) {
      out += ' ';
      out += tableCell(k) + " |";
    }
    out += " seeds |";
    for (std::size_t m : metrics) {
      out += ' ';
      out += heading(metricColumns()[m]) + " |";
    }
    out += "\n|---|---|";
    for (std::size_t k = 0; k < factorKeys.size(); ++k) out += "---|";
    out += "---|";
    for (std::size_t k = 0; k < metrics.size(); ++k) out += "---|";
    out += "\n";

    // The best mean of each column among this scenario's groups.
    std::vector<std::vector<Cell>> cells;
    for (const auto* g : mine) {
      cells.emplace_back();
      for (std::size_t m : metrics) cells.back().push_back(cellOf(rows, *g, m));
    }
    // The time to goal is the mean over the agents that arrived (MetricColumn::overReached): a
    // variant where fewer arrive can be faster over those few (a success rate of 0.17 had the
    // best time in bold). It is ranked among the rows with the scenario's highest success rate.
    std::vector<bool> mostSuccessful(cells.size(), true);
    const auto successColumn = std::find(metrics.begin(), metrics.end(), metricColumnIndex("success_rate"));
    if (successColumn != metrics.end()) {
      const auto s = static_cast<std::size_t>(successColumn - metrics.begin());
      std::optional<double> highest;
      for (const auto& row : cells)
        if (row[s].stats && (!highest || row[s].stats->mean > *highest)) highest = row[s].stats->mean;
      for (std::size_t i = 0; i < cells.size(); ++i)
        mostSuccessful[i] = cells[i][s].stats && highest && cells[i][s].stats->mean == *highest;
    }
    std::vector<std::optional<double>> best(metrics.size());
    std::vector<bool> allEqual(metrics.size(), true);
    for (std::size_t k = 0; k < metrics.size(); ++k) {
      const bool lower = metricColumns()[metrics[k]].lowerIsBetter;
      const bool amongMostSuccessful = metricColumns()[metrics[k]].overReached;
      std::optional<double> first;
      for (std::size_t i = 0; i < cells.size(); ++i) {
        const auto& row = cells[i];
        // Left out of the comparison altogether: one most successful row alone has nothing to
        // be compared with, and no bold.
        if (amongMostSuccessful && !mostSuccessful[i]) continue;
        if (!row[k].stats) {
          allEqual[k] = false;
          continue;
        }
        const double v = row[k].stats->mean;
        if (!first) first = v;
        if (v != *first) allEqual[k] = false;
        if (!best[k] || (lower ? v < *best[k] : v > *best[k])) best[k] = v;
      }
    }
    for (std::size_t i = 0; i < mine.size(); ++i) {
      const auto& g = *mine[i];
      out += "| " + g.model + " | " + g.planner + " |";
      for (const auto& k : factorKeys) {
        const std::string* value = factorValue(g.factors, k);
        out += ' ';
        out += (value == nullptr ? std::string("—") : tableCell(*value)) + " |";
      }
      out += ' ';
      out += std::to_string(g.rows.size()) + " |";
      for (std::size_t k = 0; k < metrics.size(); ++k) {
        const Cell& c = cells[i][k];
        // One row alone is "all equal" too: nothing to compare it with, nothing in bold.
        const bool candidate = !metricColumns()[metrics[k]].overReached || mostSuccessful[i];
        const bool bold = metricColumns()[metrics[k]].ranked && candidate && c.stats && best[k] &&
                          c.stats->mean == *best[k] && !allEqual[k];
        out += ' ';
        out += text(c, bold) + " |";
      }
      out += "\n";
    }
  }
  return out;
}

}  // namespace steer::experiments
