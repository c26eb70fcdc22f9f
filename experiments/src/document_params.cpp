#include "document_params.hpp"

#include <charconv>
#include <vector>

#include "edit_distance.hpp"
#include "steer/experiments/input_error.hpp"
#include "yaml_support.hpp"

namespace steer::experiments {

namespace {
[[noreturn]] void bad(const std::string& param, const std::string& message) {
  throw InputError({"<command line>", 0, 0}, "--param " + param + ": " + message);
}

std::vector<std::string> splitPath(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t dot = path.find('.'); ; dot = path.find('.', start)) {
    parts.push_back(path.substr(start, dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return parts;
}

}  // namespace

YAML::Node listEntry(const YAML::Node& list, const std::string& name, const std::string& param, const std::string& where) {
  if (!list.IsDefined() || !list.IsSequence()) bad(param, where + " has no such list");
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!list[i].IsMap()) continue;
    if (list[i]["name"].IsDefined() && list[i]["name"].IsScalar() && list[i]["name"].Scalar() == name) return list[i];
    // An unnamed group is named group<k> by its index k (scenario-reference.md): that name picks it too.
    if (!list[i]["name"].IsDefined() && param.rfind("groups.", 0) == 0 && name == "group" + std::to_string(i)) return list[i];
  }
  // An index (std::stoull threw on one too long for 64 bits, and compare/sweep aborted on it).
  std::size_t index = 0;
  const auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), index);
  if (!name.empty() && ec == std::errc() && end == name.data() + name.size() && index < list.size()) return list[index];
  // The names there are (the first few), so that a misspelt one is seen at once.
  std::string names;
  std::size_t named = 0;
  for (std::size_t i = 0; i < list.size(); ++i)
    if (list[i].IsMap() && list[i]["name"].IsDefined() && list[i]["name"].IsScalar()) {
      if (named < 8) names += (named == 0 ? "" : ", ") + list[i]["name"].Scalar();
      ++named;
    }
  const std::string range = list.size() == 0 ? std::string("the list is empty")
                                             : "indices 0 to " + std::to_string(list.size() - 1) +
                                                   (named == 0 ? std::string() : "; names: " + names + (named > 8 ? ", ..." : ""));
  bad(param, "no entry named (or numbered) '" + name + "' in " + where + " (" + range + ")");
}

std::string listEntriesMessage(const std::string& list) {
  return list + " is a list the scenario does not give (it keeps its default): --param sets an entry only of a list "
         "written in the file (" + list + ".0.KEY=VALUE), or gives the whole list (--param '" + list + "=[...]')";
}

namespace {
struct Setting {
  const char* key;
  const char* option;
  const char* sweep;  // how a sweep varies it
};
// The settings with options of their own. Said for every command that takes --param; `steer
// field`, which runs nothing, has none of these options, and says so.
constexpr Setting kSettings[] = {
    {"dt", "--dt", "a sweep varies --param keys only: run it (or compare) once per dt"},
    {"duration", "--duration", "a sweep varies --param keys only: run it once per duration"},
    {"seed", "--seed (compare and sweep: --seeds N and --first-seed S)", "every combination runs --seeds seeds"},
    {"model", "--model", "compare and sweep take several: --models goldenstein,reynolds"},
    {"planner", "--planner", "compare and sweep take several: --planners direct,harmonic"},
    {"neighbors", "--neighbors", "the providers give the same results: nothing to vary"},
    {"integrator", "--integrator", "a sweep varies --param keys only: run it once per integrator"},
    {"threads", "--threads (in compare and sweep: the runs at once, each on one thread)", "results do not depend on it"},
};
}  // namespace

std::string settingMisspeltAs(const std::string& word) {
  std::vector<std::string> keys;
  for (const Setting& s : kSettings) keys.emplace_back(s.key);
  return nearestWord(word, keys);
}

std::string optionInsteadOfParam(const std::string& param) {
  const std::string key = param.substr(0, param.find_first_of(".="));
  for (const Setting& s : kSettings)
    if (key == s.key)
      return std::string(s.key) + " is not a --param key: run, check, compare and sweep have an option of their own, " +
             s.option + " (" + s.sweep + "; steer field runs nothing and has none)";
  return {};
}

bool isDocumentParam(const std::string& param) {
  return param.rfind("groups.", 0) == 0 || param.rfind("agents.", 0) == 0;
}

void applyDocumentParams(YAML::Node& root, const std::string& file, const std::vector<std::string>& params) {
  for (const auto& p : params) {
    const auto eq = p.find('=');
    if (eq == std::string::npos) bad(p, "expected SECTION.NAME.KEY=VALUE");
    const auto parts = splitPath(p.substr(0, eq));
    if (parts.size() < 3) bad(p, "expected " + parts[0] + ".NAME.KEY=VALUE");
    for (const auto& part : parts)
      if (part.empty()) bad(p, "empty key in the path");
    YAML::Node value;
    try {
      value = yaml::loadCommandLineValue(p.substr(eq + 1), p.substr(0, eq));
    } catch (const YAML::Exception& e) {
      bad(p, "cannot read the value: " + e.msg);
    }
    YAML::Node node = listEntry(root[parts[0]], parts[1], p, file);
    std::string walked = parts[0] + "." + parts[1];
    // The file's own mistake (`agents: [5]`): yaml-cpp threw on a key of a scalar.
    if (!node.IsMap())
      yaml::fail(file, node, walked, "expected a map of keys (the --param " + p.substr(0, eq) + " sets a key in it)");
    // Walk the keys, replacing scalars by maps where the path goes deeper (e.g. a fixed trait
    // `courage: 0.5` becomes `courage: {mean: ...}`), and into an entry of a list the file gives
    // (`agents.0.goals.1.reach_radius`), then set the leaf.
    bool assigned = false;
    for (std::size_t k = 2; k + 1 < parts.size(); ++k) {
      walked += "." + parts[k];
      if (node[parts[k]].IsSequence()) {
        YAML::Node item = listEntry(node[parts[k]], parts[k + 1], p, walked + " of " + file);
        walked += "." + parts[++k];
        if (k + 1 == parts.size()) {  // the entry itself
          item = value;
          assigned = true;
          break;
        }
        if (!item.IsMap())
          yaml::fail(file, item, walked, "expected a map of keys (the --param " + p.substr(0, eq) + " sets a key in it)");
        node.reset(item);
        continue;
      }
      if (!node[parts[k]].IsDefined() || !node[parts[k]].IsMap()) node[parts[k]] = yaml::loadCommandLineValue("{}", p.substr(0, eq));  // made by the command line
      node.reset(node[parts[k]]);  // rebind: `node = ...` would assign into the tree
    }
    if (!assigned) node[parts.back()] = value;
  }
}

}  // namespace steer::experiments
