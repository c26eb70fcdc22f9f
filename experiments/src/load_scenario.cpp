#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "input_file.hpp"
#include "text_encoding.hpp"
#include "steer/experiments/scenario.hpp"

namespace steer::experiments {

namespace {
// Case-insensitive (x.YAML and x.XML were an "unknown scenario format").
bool endsWith(const std::string& s, const std::string& suffix) {
  if (s.size() < suffix.size()) return false;
  return std::equal(suffix.begin(), suffix.end(), s.end() - static_cast<std::ptrdiff_t>(suffix.size()),
                    [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); });
}
}  // namespace

namespace {
std::string readText(const std::string& path) {
  const bool xml = endsWith(path, ".xml"), yaml = endsWith(path, ".yaml") || endsWith(path, ".yml");
  // The format first: a path like /dev/urandom is never read.
  if (!xml && !yaml) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) throw InputError({path, 0, 0}, "cannot open the scenario file (no such file)");
    if (std::filesystem::is_directory(path, ec))
      throw InputError({path, 0, 0}, "is a folder; expected a scenario file (.yaml, .yml or .xml)");
    throw InputError({path, 0, 0}, "unknown scenario format (expected .yaml, .yml or .xml)");
  }
  const std::string text = readInputFile(path, "the scenario file", std::size_t{256} << 20);
  // summary.json names the file by its path and the scenario by its name: both must be UTF-8.
  if (firstBadTextByte(path))
    throw InputError({"<command line>", 0, 0}, "the scenario file's path is not UTF-8 text (summary.json records it): rename the file");
  if (const auto bad = firstBadTextByte(text)) {
    char what[96];
    std::snprintf(what, sizeof what, text[*bad] == '\0' ? "a NUL byte: a scenario file is text" :
                  "the byte 0x%02X is not UTF-8: a scenario file is UTF-8 text", static_cast<unsigned char>(text[*bad]));
    throw InputError(locationOfByte(path, text, *bad), what);
  }
  return text;
}
}  // namespace

std::string readScenarioText(const std::string& path) {
  try {
    return readText(path);
  } catch (const UnreadableFile&) {
    throw;
  } catch (const InputError& e) {
    throw UnreadableFile(e.where(), e.message());
  }
}

bool isSteerSuitePath(const std::string& path) { return endsWith(path, ".xml"); }

Scenario parseScenarioText(const std::string& text, const std::string& path, std::uint64_t seedOverride,
                           bool hasSeedOverride, const std::vector<std::string>& documentParams,
                           const ReplacedSettings& replaced) {
  if (isSteerSuitePath(path)) {
    if (!documentParams.empty())
      throw InputError({"<command line>", 0, 0}, "--param " + documentParams.front() + ": " + path +
                                                     " is a SteerSuite case; groups and agents can be set only in our YAML scenarios");
    return parseSteerSuiteScenario(text, path, hasSeedOverride ? seedOverride : 1);
  }
  return parseYamlScenario(text, path, hasSeedOverride ? &seedOverride : nullptr, documentParams, replaced);
}

Scenario loadScenario(const std::string& path, std::uint64_t seedOverride, bool hasSeedOverride,
                      const std::vector<std::string>& documentParams, const ReplacedSettings& replaced) {
  return parseScenarioText(readScenarioText(path), path, seedOverride, hasSeedOverride, documentParams, replaced);
}

}  // namespace steer::experiments
