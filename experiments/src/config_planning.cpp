#include "part_configs.hpp"
#include "yaml_support.hpp"

namespace steer::experiments {

planning::DirectPlannerParameters readDirectPlannerParameters(const Scenario& s) {
  planning::DirectPlannerParameters p;
  if (!s.planning.IsDefined() || !s.planning["direct"].IsDefined()) return p;
  yaml::YamlMap map(s.file, s.planning["direct"], "planning.direct");
  p.predictionFactor = map.number("prediction_factor", p.predictionFactor, 0.0, 1e6);
  map.finish();
  return p;
}

}  // namespace steer::experiments
