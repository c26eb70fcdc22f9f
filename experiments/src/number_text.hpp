#pragma once
// Numbers as text: as input messages quote them, and in the shortest form that reads back to
// the same double.
#include <charconv>
#include <sstream>
#include <string>

namespace steer::experiments {

/// The stream's default form (6 significant digits), as input messages quote a value.
inline std::string numberText(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

/// The shortest text that reads back to exactly `v` (0.1 stays "0.1"; 0.1000001 is not cut to
/// it): byte-identical output for identical numbers, and times and values told apart.
inline std::string shortestText(double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

}  // namespace steer::experiments
