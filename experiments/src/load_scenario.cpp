#include <fstream>
#include <sstream>

#include "steer/experiments/scenario.hpp"

namespace steer::experiments {

namespace {
bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}
}  // namespace

Scenario loadScenario(const std::string& path, std::uint64_t seedOverride, bool hasSeedOverride,
                      const std::vector<std::string>& documentParams) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError({path, 0, 0}, "cannot open the scenario file");
  std::ostringstream text;
  text << in.rdbuf();
  if (endsWith(path, ".xml")) {
    if (!documentParams.empty())
      throw InputError({"<command line>", 0, 0}, "--param " + documentParams.front() + ": " + path +
                                                     " is a SteerSuite case; groups and agents can be set only in our YAML scenarios");
    return parseSteerSuiteScenario(text.str(), path, hasSeedOverride ? seedOverride : 1);
  }
  if (endsWith(path, ".yaml") || endsWith(path, ".yml"))
    return parseYamlScenario(text.str(), path, hasSeedOverride ? &seedOverride : nullptr, documentParams);
  throw InputError({path, 0, 0}, "unknown scenario format (expected .yaml, .yml or .xml)");
}

}  // namespace steer::experiments
