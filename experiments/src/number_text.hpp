#pragma once
// A number as input messages quote it: the stream's default form (6 significant digits).
#include <sstream>
#include <string>

namespace steer::experiments {

inline std::string numberText(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

}  // namespace steer::experiments
