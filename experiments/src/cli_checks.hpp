#pragma once
// Checks of command-line values that CLI11's stock validators get wrong for us: PositiveNumber
// lets NaN through (NaN <= 0 is false) and prints its range with a 309-digit maximum, and an
// unsigned option takes "-1" as 2^64 - 1.
#include <CLI/CLI.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

namespace steer::experiments {

/// A finite number > 0 (seconds, lengths).
inline CLI::Validator finitePositive() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double v = 0.0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v) || !(v > 0.0))
          return "must be a finite number > 0, got '" + text + "'";
        return {};
      },
      "FINITE > 0");
}

/// A seed: a whole number in [0, 2^64 - 1], written in decimal digits.
inline CLI::Validator seedNumber() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::uint64_t v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (text.empty() || ec != std::errc() || end != text.data() + text.size())
          return "must be a whole number from 0 to 18446744073709551615, got '" + text + "'";
        return {};
      },
      "SEED");
}

}  // namespace steer::experiments
