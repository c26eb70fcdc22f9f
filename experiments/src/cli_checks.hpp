#pragma once
// Checks of command-line values that CLI11's stock validators get wrong for us: PositiveNumber
// lets NaN through (NaN <= 0 is false) and prints its range with a 309-digit maximum, an
// unchecked double takes "nan", and an unsigned option takes "-1" as 2^64 - 1.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "edit_distance.hpp"

namespace steer::experiments {

inline bool isSubnormal(double v) { return v != 0.0 && std::abs(v) < std::numeric_limits<double>::min(); }

/// `text` as a whole finite decimal number, or nothing. A subnormal number (nonzero, below
/// 2.2e-308) is nothing too: it divides to infinity (`plot fig2a --a 1e-320` drew an empty plot),
/// and `--param` and the scenario readers refuse it as well.
inline std::optional<double> finiteNumber(const std::string& text) {
  double v = 0.0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
  if (isSubnormal(v)) return std::nullopt;
  return v;
}

/// What to add to a refusal of `text` when it is a subnormal number: the reason, which "must be a
/// finite number > 0, got '1e-320'" alone does not give.
inline std::string subnormalNote(const std::string& text) {
  double v = 0.0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  return ec == std::errc() && end == text.data() + text.size() && isSubnormal(v) ? ", a subnormal number (below 2.2e-308)" : "";
}

/// A finite number > 0 (seconds, lengths).
inline CLI::Validator finitePositive() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const auto v = finiteNumber(text);
        return v && *v > 0.0 ? std::string() : "must be a finite number > 0, got '" + text + "'" + subnormalNote(text);
      },
      "FINITE > 0");
}

/// A finite number >= 0 (a time in a run).
inline CLI::Validator finiteNonNegative() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const auto v = finiteNumber(text);
        return v && *v >= 0.0 ? std::string() : "must be a finite number >= 0, got '" + text + "'" + subnormalNote(text);
      },
      "FINITE >= 0");
}

/// A finite number in [lo, hi], or in (lo, hi] when `lowOpen` (a parameter of the model's plots,
/// in the range the scenario file takes: 1e308 made an axis of infinite length and the plot spin).
inline CLI::Validator finiteBetween(double lo, double hi, bool lowOpen) {
  char range[64];
  std::snprintf(range, sizeof range, "%c%g, %g]", lowOpen ? '(' : '[', lo, hi);
  return CLI::Validator(
      [lo, hi, lowOpen, text = std::string(range)](std::string& value) -> std::string {
        const auto v = finiteNumber(value);
        const bool above = v && (lowOpen ? *v > lo : *v >= lo);
        return above && *v <= hi ? std::string() : "must be a finite number in " + text + ", got '" + value + "'" + subnormalNote(value);
      },
      range);
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

/// One of `choices`, as CLI::IsMember, whose refusal ("goldenstien not in {goldenstein,...}")
/// also names the choice a word is likely a misspelling or the beginning of.
inline CLI::Validator oneOf(std::vector<std::string> choices) {
  std::string listed = "{";
  for (const std::string& c : choices) listed += (listed.size() > 1 ? "," : "") + c;
  listed += "}";
  return CLI::Validator(
      [choices, listed](std::string& text) -> std::string {
        if (std::find(choices.begin(), choices.end(), text) != choices.end()) return {};
        std::string best = nearestWord(text, choices);
        // Or the one choice it begins (goldenstein for goldenstein2001: four edits).
        const auto begins = [&](const std::string& c) { return c.rfind(text, 0) == 0; };
        if (best.empty() && !text.empty() && std::count_if(choices.begin(), choices.end(), begins) == 1)
          best = *std::find_if(choices.begin(), choices.end(), begins);
        return text + " not in " + listed + (best.empty() ? "" : "; did you mean " + best + "?");
      },
      listed);
}

/// A folder or file name that is not empty: `--out ""` (an unset shell variable) wrote to the
/// default folder as if the option were not there.
inline CLI::Validator nonEmptyPath() {
  return CLI::Validator([](std::string& text) -> std::string { return text.empty() ? "must not be empty" : std::string(); },
                        "PATH");
}

}  // namespace steer::experiments
