#pragma once
/// @file One figure of a run that a part alone knows, for summary.json: what a planner's
/// preparation found (`planner_report`: how many cells of a harmonic field lead nowhere), or what
/// a model kept track of (`model_report`: the resources foragers ate, the cells explorers saw).
#include <string>

namespace steer::sim {

struct ReportFigure {
  std::string name;  ///< snake_case, e.g. "field_local_minimum_cells"
  double value = 0.0;
  bool count = false;  ///< a whole number (summary.json writes it as an integer, not 1.0)
};

}  // namespace steer::sim
