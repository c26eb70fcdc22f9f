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

/// `v` to 9 significant digits, for a time a person reads: a row time summed from steps
/// (23.700000000000003 s) reads 23.7, while steps of a millisecond stay apart.
inline std::string readableText(double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 9);
  return std::string(buf, r.ptr);
}

}  // namespace steer::experiments
