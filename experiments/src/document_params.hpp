#pragma once
// `--param groups.NAME.KEY...=VALUE` and `--param agents.NAME.KEY...=VALUE`: assignments into a
// YAML scenario's document, made before it is read, so that what groups expand into (placement,
// personality draws) follows the new value. NAME is the group's or agent's `name`, or its index
// in the list; a list below it (an agent's goals) is entered the same way. This is how
// `steer sweep` reaches the personality distributions of groups.
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace steer::experiments {

/// True when `param` ("SECTION.KEY=VALUE") is a document assignment (section groups or agents).
bool isDocumentParam(const std::string& param);

/// Applies document assignments to the scenario document `root` of `file`; throws InputError
/// (at "<command line>") for a malformed assignment or a group/agent that does not exist.
void applyDocumentParams(YAML::Node& root, const std::string& file, const std::vector<std::string>& params);

/// "a.b.c" → {a, b, c} (empty parts kept).
std::vector<std::string> splitKeyPath(const std::string& path);

/// Sets `value` at the path `keys` below the map `node` (reached by the path `walked` in `file`)
/// for the --param `param` (KEY=VALUE): a missing level becomes a map made by the command line,
/// an entry of a list the file gives is entered by its index or name (listEntry; a number as the
/// last key replaces the entry), and a level that is no map is the file's error or, with
/// `replaceScalars` (groups and agents), replaced by a map.
void assignAtPath(YAML::Node node, std::string walked, const std::vector<std::string>& keys, const YAML::Node& value,
                  const std::string& param, const std::string& file, bool replaceScalars);

/// The entry of `list` whose `name` is `name`, else the one at index `name`; otherwise throws
/// InputError for the assignment `param`, naming the entries there are (`where`: the list, as
/// "test.yaml" or "reynolds.behaviors of test.yaml"). How --param reaches into a list the file
/// gives: groups.crowd, agents.0.goals.1, reynolds.behaviors.2, reynolds.states.cruise.
YAML::Node listEntry(const YAML::Node& list, const std::string& name, const std::string& param, const std::string& where);

/// What --param says of a KEY that goes into a list the scenario does not give (`list` is its
/// path; the walk made a map of it): an entry can be set only in a list the file writes out; the
/// whole list can be given.
std::string listEntriesMessage(const std::string& list);

/// What --param says of an assignment to a setting that has an option of its own and is no
/// section's key (dt, duration, seed, model, planner, neighbors, integrator, threads: `--param
/// dt=0.1` said only "expected SECTION.KEY=VALUE"): which option sets it, and for `steer sweep`
/// how to vary it. Empty for any other assignment.
std::string optionInsteadOfParam(const std::string& param);

/// The setting of those (dt, duration, ...) that `word` is likely a misspelling of, or empty.
std::string settingMisspeltAs(const std::string& word);

}  // namespace steer::experiments
