#pragma once
// Readers of each part's configuration section of a scenario (Scenario::local, ::reynolds,
// ::planning, ::environment). One config_<part>.cpp per part; each throws InputError with the
// node's location on a bad or unknown key (see yaml_support.hpp).
#include <filesystem>
#include <string>
#include <vector>
#include <nlohmann/json_fwd.hpp>

#include "steer/environment/kinetic_provider.hpp"
#include "steer/environment/kinetic_provider_3d.hpp"
#include "steer/environment/lattice_provider.hpp"
#include "steer/experiments/scenario.hpp"
#include "steer/local/parameters.hpp"
#include "steer/planning/direct_planner.hpp"
#include "steer/planning/field_planner.hpp"
#include "steer/planning/harmonic_planner.hpp"
#include "steer/planning/hybrid_planner.hpp"
#include "steer/reynolds/reynolds_model.hpp"

namespace steer::experiments {

planning::DirectPlannerParameters readDirectPlannerParameters(const Scenario& scenario);
planning::HarmonicPlannerParameters readHarmonicPlannerParameters(const Scenario& scenario);
planning::HybridPlannerParameters readHybridPlannerParameters(const Scenario& scenario);
/// The keys of planning.field without opening its file (checkSections reads them for every run).
struct FieldPlannerSection {
  std::filesystem::path file;  ///< relative paths resolved against the scenario's folder (--param: the working directory)
  SourceLocation fileKey;      ///< where the scenario names it (errors opening it point here)
  bool fileFromCommandLine = false;  ///< named by --param planning.field.file
  double predictionTime = 0.0;
};
FieldPlannerSection readFieldPlannerSection(const Scenario& scenario);
/// Throws unless the section's file is a regular file (it is not read: the planner reads it).
void requireFieldFile(const FieldPlannerSection& section);
planning::FieldPlannerParameters readFieldPlannerParameters(const Scenario& scenario);
reynolds::ReynoldsParameters readReynoldsParameters(const Scenario& scenario);
/// The keys of its own that a behavior of this kind reads, besides kind, weight, priority,
/// probability and high_rate (any other behavior key on it is an error).
std::vector<std::string> reynoldsBehaviorKeys(reynolds::BehaviorKind kind);
/// The `reynolds.vehicle.surface.kind` that names `kind` (none | plane | height_field).
const char* reynoldsSurfaceKindName(reynolds::Surface::Kind kind);
/// The parameters as a `reynolds:` section would give them (preset none, then every key the
/// run's behaviors, vehicle, states and events read): summary.json's record of a Reynolds run.
/// Read back in the same world, it gives a run with the same trajectories. Points have
/// `dimension` coordinates; agents a behavior names are written by their names (by agent id).
nlohmann::json reynoldsParametersJson(const reynolds::ReynoldsParameters& parameters, int dimension,
                                      const std::vector<std::string>& agentNames);
local::GoldensteinParameters readGoldensteinParameters(const Scenario& scenario);
/// The `local:` section's preset (`steer`, our defaults, or `paper`, the printed model) that the
/// Goldenstein model's parameters start from; keys given beside it override its values.
std::string readLocalPreset(const Scenario& scenario);
/// The parameters as a `local:` section would give them, every key (summary.json's record of a
/// Goldenstein run: read back, it gives the same parameters).
nlohmann::json goldensteinParametersJson(const local::GoldensteinParameters& parameters);
/// The providers' settings from the `environment:` section (defaults where it says nothing).
/// Contacts stay on: runs report them (contacts_between_steps).
struct ProviderSettings {
  environment::KineticSettings kinetic;
  environment::KineticSettings3D kinetic3d;
  environment::LatticeSettings lattice;
};
ProviderSettings readProviderSettings(const Scenario& scenario);
/// Why `planner` cannot steer in a world of `dimension` ("" when it can): the harmonic and hybrid
/// planners' potential and the field planner's vectors live on a grid of the x–y plane.
std::string plannerDimensionProblem(const std::string& planner, int dimension);

}  // namespace steer::experiments
