#pragma once
/// @file Colours of the pictures steer::viz draws.
#include <array>
#include <cstdint>
#include <string>

namespace steer::viz {

/// An 8-bit sRGB colour.
struct Rgb {
  std::uint8_t r = 0, g = 0, b = 0;
  /// Components in [0, 1], as VTK's SetColor takes them.
  std::array<double, 3> unit() const { return {r / 255.0, g / 255.0, b / 255.0}; }
  bool operator==(const Rgb&) const = default;
};

/// A qualitative palette (Okabe–Ito, distinguishable with colour-blindness), cycled by index.
Rgb paletteColour(std::size_t index);

/// A legend's line: a swatch of `colour`, then `name`.
struct LegendEntry {
  std::string name;
  Rgb colour;
};

}  // namespace steer::viz
