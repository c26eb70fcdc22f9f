#pragma once
// The providers index agents by position (grids, triangulations): a NaN or infinite position
// reached an index out of its bounds (the kinetic provider crashed on one). They refuse such a
// world before touching their structures, so that a caller that catches the error still has a
// provider in its last good state.
#include <stdexcept>
#include <string>

#include "steer/sim/world.hpp"

namespace steer::environment {

inline void requireFinitePositions(const sim::World& world, const char* provider) {
  for (const auto& a : world.agents)
    if (a.enabled && !a.state.position.allFinite())
      throw std::invalid_argument(std::string(provider) + ": agent " + std::to_string(a.id) +
                                  "'s position is not finite");
}

}  // namespace steer::environment
