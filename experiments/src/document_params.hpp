#pragma once
// `--param groups.NAME.KEY...=VALUE` and `--param agents.NAME.KEY...=VALUE`: assignments into a
// YAML scenario's document, made before it is read, so that what groups expand into (placement,
// personality draws) follows the new value. NAME is the group's or agent's `name`, or its index
// in the list. This is how `steer sweep` reaches the personality distributions of groups.
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace steer::experiments {

/// True when `param` ("SECTION.KEY=VALUE") is a document assignment (section groups or agents).
bool isDocumentParam(const std::string& param);

/// Applies document assignments to the scenario document `root` of `file`; throws InputError
/// (at "<command line>") for a malformed assignment or a group/agent that does not exist.
void applyDocumentParams(YAML::Node& root, const std::string& file, const std::vector<std::string>& params);

/// What --param says of a KEY that goes into a list below groups.NAME or agents.NAME, or
/// anywhere in a configuration section (`list` is the path of the list): its entries cannot be
/// set one by one, the whole list can.
std::string listEntriesMessage(const std::string& list);

/// What --param says of an assignment to a setting that has an option of its own and is no
/// section's key (dt, duration, seed, model, planner, neighbors, integrator, threads: `--param
/// dt=0.1` said only "expected SECTION.KEY=VALUE"): which option sets it, and for `steer sweep`
/// how to vary it. Empty for any other assignment.
std::string optionInsteadOfParam(const std::string& param);

/// The setting of those (dt, duration, ...) that `word` is likely a misspelling of, or empty.
std::string settingMisspeltAs(const std::string& word);

}  // namespace steer::experiments
