#include "steer/viz/colour.hpp"

namespace steer::viz {

Rgb paletteColour(std::size_t index) {
  // Okabe & Ito (2008), without black and yellow (too close to the background and to each other).
  static constexpr Rgb kPalette[] = {{0, 114, 178}, {213, 94, 0},  {0, 158, 115},
                                     {204, 121, 167}, {86, 180, 233}, {230, 159, 0}};
  return kPalette[index % (sizeof(kPalette) / sizeof(kPalette[0]))];
}

}  // namespace steer::viz
