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

}  // namespace

std::vector<std::string> splitKeyPath(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t dot = path.find('.'); ; dot = path.find('.', start)) {
    parts.push_back(path.substr(start, dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return parts;
}


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

void assignAtPath(YAML::Node node, std::string walked, const std::vector<std::string>& keys, const YAML::Node& value,
                  const std::string& param, const std::string& file, bool replaceScalars) {
  const std::string key = param.substr(0, param.find('='));
  const auto requireMap = [&](const YAML::Node& n) {
    // The file's own mistake (`agents: [5]`, `local: 5`): yaml-cpp threw on a key of a scalar, and
    // `planning: {harmonic: 3}` was silently replaced by the map the --param made.
    if (!n.IsMap()) yaml::fail(file, n, walked, "expected a map of keys (the --param " + key + " sets a key in it)");
  };
  requireMap(node);
  // yaml-cpp's Node::operator= overwrites the referenced node's content instead of rebinding
  // (descending by `node = node[key]` replaced planning.field by its file): reset() rebinds.
  for (std::size_t k = 0; k + 1 < keys.size(); ++k) {
    walked += "." + keys[k];
    // An entry of a list the file gives, by index or `name`. One the file leaves to its defaults
    // becomes a map made here, of which the reader says what --param can set (YamlMap::forEach).
    if (node[keys[k]].IsSequence()) {
      YAML::Node item = listEntry(node[keys[k]], keys[k + 1], param, walked + " of " + file);
      walked += "." + keys[++k];
      if (k + 1 == keys.size()) {  // the entry itself
        item = value;
        return;
      }
      requireMap(item);
      node.reset(item);
      continue;
    }
    const bool absent = !node[keys[k]].IsDefined() || node[keys[k]].IsNull();
    if (absent || (replaceScalars && !node[keys[k]].IsMap()))
      node[keys[k]] = yaml::loadCommandLineValue("{}", replaceScalars ? key : "");  // made by the command line
    requireMap(node[keys[k]]);
    YAML::Node next = node[keys[k]];
    node.reset(next);
  }
  node[keys.back()] = value;
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
    const auto parts = splitKeyPath(p.substr(0, eq));
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
    // A fixed trait `courage: 0.5` in the way becomes `courage: {mean: ...}`.
    assignAtPath(node, parts[0] + "." + parts[1], {parts.begin() + 2, parts.end()}, value, p, file, true);
  }
}

}  // namespace steer::experiments
