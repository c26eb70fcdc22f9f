#pragma once
/// @file A scenario: the world, the run settings, and which model, planner and environment
/// provider to use, with their configuration sections. Loaded from our YAML format
/// (docs/scenario-reference.md) or from a SteerSuite test case (XML).
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "steer/experiments/input_error.hpp"
#include "steer/sim/simulation.hpp"

namespace steer::experiments {

/// SteerSuite's suggestedCameraView, kept for pictures (positions in our axes).
struct CameraView {
  sim::Vec3 position = sim::Vec3::Zero();
  sim::Vec3 lookAt = sim::Vec3::Zero();
  sim::Vec3 up = sim::Vec3::UnitZ();
  double fovy = 45.0;  ///< degrees
};

/// Where each agent and each of its goals was declared, for error messages.
struct AgentSource {
  SourceLocation agent;
  std::vector<SourceLocation> goals;
  std::string path;  ///< YAML key path ("agents[2]", "groups[0]"); empty for XML
};

struct Scenario {
  std::string file;  ///< where it was read from ("<embedded:NAME>" for built-in ones)
  std::string name;
  sim::World world;
  sim::SimulationSettings settings;
  std::string model = "goldenstein";  ///< goldenstein | reynolds | straight
  std::string planner = "direct";     ///< direct | harmonic | hybrid | field
  std::string neighbors = "kinetic";  ///< kinetic | lattice | brute
  std::vector<CameraView> cameras;
  /// The last obstacles that close the world (`world: {walls: true}`: 4 segments), not the file's.
  std::size_t worldWalls = 0;
  std::vector<AgentSource> sources;  ///< parallel to world.agents
  /// Where the file gave dt and duration (line 0: not given), for the step-count check.
  SourceLocation dtAt, durationAt;
  /// Where the file gave the world's bounds (line 0: not known), for the checks of the bounds.
  SourceLocation worldAt;
  /// Where the planner was chosen: the file's `planner:` key, "<command line>" for --planner,
  /// line 0 when neither chose it (the default), for errors about what the planner needs.
  SourceLocation plannerAt;

  /// Raw configuration sections of our YAML format, read by each part's factory (see
  /// factory.hpp); undefined nodes mean "defaults". They keep their marks for error messages.
  YAML::Node local;        ///< Goldenstein model parameters
  YAML::Node reynolds;     ///< Reynolds behaviors and combiner
  YAML::Node planning;     ///< planner parameters (harmonic grid, hybrid automaton, field file)
  YAML::Node environment;  ///< environment-provider parameters

  /// The --param assignments it was loaded with (loadWithOverrides), as given: summary.json
  /// records them, so that `steer render` reads the file as the run did.
  std::vector<std::string> params;
};

/// Settings that command-line options replace (RunOverrides). The loader leaves the checks that
/// combine them with the rest of the file to the options (applyOverrides, then validateScenario
/// on the result), so that an option can make a file valid: --duration 10 on a file whose dt and
/// duration need 10^9 steps, --planner direct on a 3D file that names the harmonic planner. Each
/// value the file gives is still checked on its own (dt: -1 is the file's error).
struct ReplacedSettings {
  bool dt = false, duration = false, planner = false;
};

/// Loads a scenario by extension: .yaml/.yml (ours) or .xml (SteerSuite). Throws InputError.
/// `documentParams` ("groups.NAME.KEY=VALUE", "agents.NAME.KEY=VALUE") are assignments into a
/// YAML scenario's document made before it is read; a SteerSuite case takes none.
Scenario loadScenario(const std::string& path, std::uint64_t seedOverride = 0, bool hasSeedOverride = false,
                      const std::vector<std::string>& documentParams = {}, const ReplacedSettings& replaced = {});

/// Whether loadScenario reads `path` as a SteerSuite case (its extension is .xml, in any case).
bool isSteerSuitePath(const std::string& path);

/// loadScenario's two halves: the file's text (its format told by the extension, read whole,
/// checked to be UTF-8; InputError when it cannot be), then the scenario from that text.
std::string readScenarioText(const std::string& path);
Scenario parseScenarioText(const std::string& text, const std::string& path, std::uint64_t seedOverride = 0,
                           bool hasSeedOverride = false, const std::vector<std::string>& documentParams = {},
                           const ReplacedSettings& replaced = {});

/// Our YAML format from text (`file` names it in messages), with `documentParams` and
/// `replaced` as above.
Scenario parseYamlScenario(const std::string& text, const std::string& file,
                           const std::uint64_t* seedOverride = nullptr,
                           const std::vector<std::string>& documentParams = {},
                           const ReplacedSettings& replaced = {});

/// A SteerSuite <SteerBenchTestCase> from text. Random positions use `seed`.
Scenario parseSteerSuiteScenario(const std::string& text, const std::string& file, std::uint64_t seed);

/// Checks what both loaders must guarantee (finite numbers, positive radii, agents inside the
/// world and outside obstacles, goals outside obstacles). Throws InputError naming `file`. The
/// step count (duration / dt ≤ 10^8) is left out when the command line replaces dt or duration.
void validateScenario(const Scenario& scenario, const ReplacedSettings& replaced = {});

}  // namespace steer::experiments
