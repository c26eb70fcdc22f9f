// The `environment:` section of a scenario: the neighbour providers' tuning (issue #4). None of
// these changes what a provider answers (the near sets, pieces and contacts are exact with any
// value); they change what a step costs, so that a sweep can measure it:
//   environment:
//     kinetic:   {renumber_after}          2D: near radii walked on average before the agents are
//                                          renumbered in space order (0: never)
//     kinetic3d: {skin, move_threshold}    3D: candidate-set margin (a fraction of each agent's
//                                          near radius) and vertex-move distance (of the smallest)
//     lattice:   {bin_size, bins_per_radius}  bin edge in m (0: the largest near radius divided
//                                          by bins_per_radius)
// Unknown keys are errors with their location (yaml_support.hpp).
#include "part_configs.hpp"
#include "yaml_support.hpp"

namespace steer::experiments {

ProviderSettings readProviderSettings(const Scenario& s) {
  ProviderSettings p;
  if (!s.environment.IsDefined() || s.environment.IsNull()) return p;
  yaml::YamlMap environment(s.file, s.environment, "environment");
  if (environment.has("kinetic")) {
    yaml::YamlMap m = environment.map("kinetic");
    p.kinetic.renumberAfter = m.number("renumber_after", p.kinetic.renumberAfter, 0.0, 1e6);
    m.finish();
  }
  if (environment.has("kinetic3d")) {
    yaml::YamlMap m = environment.map("kinetic3d");
    p.kinetic3d.skin = m.number("skin", p.kinetic3d.skin, 1e-3, 10.0);
    p.kinetic3d.moveThreshold = m.number("move_threshold", p.kinetic3d.moveThreshold, 1e-3, 10.0);
    m.finish();
  }
  if (environment.has("lattice")) {
    yaml::YamlMap m = environment.map("lattice");
    p.lattice.binSize = m.number("bin_size", p.lattice.binSize, 0.0, 1e6);
    p.lattice.binsPerRadius = m.number("bins_per_radius", p.lattice.binsPerRadius, 1e-2, 100.0);
    m.finish();
  }
  environment.finish();
  return p;
}

}  // namespace steer::experiments
