#include "steer/experiments/sweep.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "document_params.hpp"
#include "number_text.hpp"
#include "yaml_support.hpp"

namespace steer::experiments {

namespace {
[[noreturn]] void bad(const std::string& text, const std::string& message) {
  throw InputError({"<command line>", 0, 0}, "--param " + text + ": " + message);
}

bool toDouble(const std::string& s, double& v) {
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  return r.ec == std::errc() && r.ptr == s.data() + s.size() && std::isfinite(v);
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t at = s.find(sep);; at = s.find(sep, start)) {
    parts.push_back(s.substr(start, at - start));
    if (at == std::string::npos) break;
    start = at + 1;
  }
  return parts;
}

std::vector<BatchJob> expand(const std::string& scenario, const std::string& folder,
                             const std::vector<std::string>& models, const std::vector<std::string>& planners,
                             const std::vector<std::uint64_t>& seeds, const RunOverrides& base,
                             const std::vector<std::pair<std::string, std::string>>& factors) {
  std::vector<BatchJob> jobs;
  const std::vector<std::string> noChoice{""};
  for (const auto& model : models.empty() ? noChoice : models)
    for (const auto& planner : planners.empty() ? noChoice : planners)
      for (const auto seed : seeds) {
        BatchJob job;
        job.scenarioPath = scenario;
        job.scenarioFolder = folder;
        job.overrides = base;
        if (!model.empty()) job.overrides.model = model;
        if (!planner.empty()) job.overrides.planner = planner;
        job.overrides.seed = seed;
        for (const auto& [key, value] : factors) job.overrides.params.push_back(key + "=" + value);
        job.factors = factors;
        jobs.push_back(std::move(job));
      }
  return jobs;
}
}  // namespace

SweepParameter parseSweepParameter(const std::string& text) {
  if (const std::string hint = optionInsteadOfParam(text); !hint.empty()) bad(text, hint);
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || text.find('.') > eq) bad(text, "expected SECTION.KEY=START:END:COUNT, =V1,V2,... or =V");
  SweepParameter p;
  p.key = text.substr(0, eq);
  const std::string spec = text.substr(eq + 1);
  if (spec.empty()) bad(text, "no value");
  if (spec.front() == '[' || spec.front() == '{') {
    // One list or map is one value: "[-12,1],[-12,-1]" ran [-12, 1] alone, and the tables said
    // the whole text.
    if (const std::string rest = yaml::textAfterFlowValue(spec); !rest.empty())
      bad(text, "text after the list or map: '" + rest + "' (a list or map is one whole value; to sweep over several, "
                "run one sweep for each)");
    p.values.push_back(spec);
    return p;
  }
  const auto range = split(spec, ':');
  if (range.size() == 3) {
    double start = 0, end = 0, count = 0;
    if (!toDouble(range[0], start) || !toDouble(range[1], end)) bad(text, "START and END must be numbers");
    if (!toDouble(range[2], count) || count < 1 || count != std::floor(count) || count > 1e6)
      bad(text, "COUNT must be a whole number from 1 to 1000000");
    const auto n = static_cast<int>(count);
    for (int i = 0; i < n; ++i) {
      // Weighted, not start + (end − start)·t: END − START overflowed for 1e308:-1e308, and the
      // first value read "-nan".
      const double t = n == 1 ? 0.0 : static_cast<double>(i) / (n - 1);
      const double v = start * (1.0 - t) + end * t;
      // Rounded to 15 significant digits: the arithmetic's last-bit noise (0.3:0.7:5 gave
      // 0.39999999999999997) would otherwise be the value in the tables, the folder names and
      // the run itself. (A range whose values differ only beyond the 15th digit would repeat one.)
      char text[32];
      std::snprintf(text, sizeof text, "%.15g", v);
      p.values.push_back(shortestText(std::strtod(text, nullptr)));
    }
    return p;
  }
  if (range.size() != 1) bad(text, "a range is START:END:COUNT");
  p.values = split(spec, ',');
  for (const auto& v : p.values)
    if (v.empty()) bad(text, "empty value in the list");
  return p;
}

std::vector<std::string> shortFactorNames(const std::vector<std::string>& keys) {
  const auto suffix = [](const std::string& key, int parts) {
    std::size_t at = key.size();
    for (int i = 0; i < parts && at != std::string::npos; ++i) at = at == 0 ? std::string::npos : key.rfind('.', at - 1);
    return at == std::string::npos ? key : key.substr(at + 1);
  };
  // A personality's "mean" or "std" says nothing alone ("mean=0.5" read as a statistic of the
  // runs): it keeps the trait's name before it.
  const auto fewest = [](const std::string& key) {
    const std::string last = key.substr(key.rfind('.') == std::string::npos ? 0 : key.rfind('.') + 1);
    return last == "mean" || last == "std" ? 2 : 1;
  };
  for (int parts = 1;; ++parts) {
    std::vector<std::string> names;
    bool whole = true;  // every name is its whole key: no more parts to add
    for (const auto& k : keys) {
      names.push_back(suffix(k, std::max(parts, fewest(k))));
      whole = whole && names.back() == k;
    }
    std::vector<std::string> sorted = names;
    std::sort(sorted.begin(), sorted.end());
    if (whole || std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end()) return names;
  }
}

std::vector<std::uint64_t> seedList(std::uint64_t first, std::uint64_t count) {
  std::vector<std::uint64_t> seeds;
  for (std::uint64_t k = 0; k < count; ++k) seeds.push_back(first + k);
  return seeds;
}

std::vector<BatchJob> compareJobs(const std::vector<std::string>& scenarios, const std::vector<std::string>& models,
                                  const std::vector<std::string>& planners, const std::vector<std::uint64_t>& seeds,
                                  const RunOverrides& base) {
  std::map<std::string, int> stems;
  for (const auto& s : scenarios) ++stems[std::filesystem::path(s).stem().string()];
  std::vector<BatchJob> jobs;
  for (std::size_t i = 0; i < scenarios.size(); ++i) {
    std::string folder = std::filesystem::path(scenarios[i]).stem().string();
    if (stems[folder] > 1) folder = std::to_string(i + 1) + "-" + folder;  // two files of the same name
    auto more = expand(scenarios[i], folder, models, planners, seeds, base, {});
    jobs.insert(jobs.end(), more.begin(), more.end());
  }
  return jobs;
}

std::vector<BatchJob> sweepJobs(const std::string& scenario, const std::vector<SweepParameter>& parameters,
                                const std::vector<std::string>& models, const std::vector<std::string>& planners,
                                const std::vector<std::uint64_t>& seeds, const RunOverrides& base) {
  // Odometer over the parameters' values, the last one fastest.
  std::vector<std::size_t> at(parameters.size(), 0);
  for (const auto& p : parameters)
    if (p.values.empty()) return {};
  const std::string folder = std::filesystem::path(scenario).stem().string();
  std::vector<BatchJob> jobs;
  while (true) {
    std::vector<std::pair<std::string, std::string>> factors;
    for (std::size_t k = 0; k < parameters.size(); ++k) factors.emplace_back(parameters[k].key, parameters[k].values[at[k]]);
    auto more = expand(scenario, folder, models, planners, seeds, base, factors);
    jobs.insert(jobs.end(), more.begin(), more.end());
    std::size_t k = parameters.size();
    while (k > 0 && ++at[k - 1] == parameters[k - 1].values.size()) at[--k] = 0;
    if (k == 0) break;
  }
  return jobs;
}

}  // namespace steer::experiments
