#include "steer/experiments/factory.hpp"

#include "steer/environment/brute_force_provider.hpp"
#include "steer/environment/kinetic_provider.hpp"
#include "steer/environment/kinetic_provider_3d.hpp"
#include "steer/environment/lattice_provider.hpp"
#include "steer/experiments/input_error.hpp"
#include "interrupt.hpp"
#include "yaml_support.hpp"
#include "steer/local/goldenstein_model.hpp"
#include "steer/planning/direct_planner.hpp"
#include "part_configs.hpp"

namespace steer::experiments {

namespace {
[[noreturn]] void unknown(const Scenario& s, const std::string& what, const std::string& name,
                          const std::string& choices) {
  throw InputError({s.file, 0, 0}, "unknown " + what + " '" + name + "' (choose " + choices + ")");
}
}  // namespace

// Each part registers here; its configuration section is read in config_<part>.cpp.
std::unique_ptr<sim::LocalModel> makeLocalModel(const Scenario& s) {
  if (s.model == "goldenstein") return std::make_unique<local::GoldensteinModel>(readGoldensteinParameters(s));
  if (s.model == "straight") return std::make_unique<sim::StraightModel>();
  if (s.model == "reynolds") return std::make_unique<reynolds::ReynoldsModel>(readReynoldsParameters(s));
  unknown(s, "model", s.model, "goldenstein, reynolds, straight");
}

std::unique_ptr<sim::NeighborProvider> makeNeighborProvider(const Scenario& s) {
  const ProviderSettings settings = readProviderSettings(s);
  if (s.neighbors == "brute") return std::make_unique<environment::BruteForceProvider>();
  if (s.neighbors == "lattice") return std::make_unique<environment::LatticeProvider>(settings.lattice);
  if (s.neighbors == "kinetic") {
    if (s.world.dimension == 3) return std::make_unique<environment::KineticProvider3D>(settings.kinetic3d);
    return std::make_unique<environment::KineticProvider>(settings.kinetic);
  }
  unknown(s, "neighbors provider", s.neighbors, "brute, lattice, kinetic");
}

std::unique_ptr<sim::Planner> makePlanner(const Scenario& s) {
  if (s.planner == "direct") return std::make_unique<planning::DirectPlanner>(readDirectPlannerParameters(s));
  // A field's solve checks for Ctrl-C between its iterations: Gauss–Seidel on a fine grid runs
  // for minutes, and a run's set-up heard the request only when the solve had ended.
  const auto stoppable = [](auto parameters) {
    parameters.field.solver.checkpoint = throwIfInterruptedInSetUp;
    return parameters;
  };
  if (s.planner == "harmonic") return std::make_unique<planning::HarmonicPlanner>(stoppable(readHarmonicPlannerParameters(s)));
  if (s.planner == "hybrid") return std::make_unique<planning::HybridPlanner>(stoppable(readHybridPlannerParameters(s)));
  if (s.planner == "field") return std::make_unique<planning::FieldPlanner>(readFieldPlannerParameters(s));
  unknown(s, "planner", s.planner, "direct, harmonic, hybrid, field");
}

bool modelReadsKey(const std::string& model, const std::string& key) {
  if (key.rfind("local.", 0) == 0 || key.find("personality") != std::string::npos) return model == "goldenstein";
  if (key.rfind("reynolds.", 0) == 0) return model == "reynolds";
  return true;
}

void checkSections(const Scenario& s) {
  readGoldensteinParameters(s);
  readReynoldsParameters(s);
  if (s.planning.IsDefined() && !s.planning.IsNull()) {
    yaml::YamlMap planning(s.file, s.planning, "planning");
    if (planning.has("direct")) readDirectPlannerParameters(s);
    if (planning.has("harmonic")) readHarmonicPlannerParameters(s);
    if (planning.has("hybrid")) readHybridPlannerParameters(s);
    // The file too, whatever the planner: a mistyped --param planning.field.file was taken in
    // silence unless the run used the field planner (the harmonic section's values are checked
    // whatever the planner as well).
    if (planning.has("field")) requireFieldFile(readFieldPlannerSection(s));
    planning.finish();
  }
  readProviderSettings(s);
}

sim::Simulation makeSimulation(const Scenario& s) {
  checkSections(s);
  return sim::Simulation(s.world, s.settings, makeLocalModel(s), makeNeighborProvider(s), makePlanner(s));
}

}  // namespace steer::experiments
