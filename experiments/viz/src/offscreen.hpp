#pragma once
// Writing what an offscreen render window shows to a PNG file, and what every picture shares.
#include <string>
#include <vector>

#include "steer/viz/colour.hpp"

class vtkRenderWindow;
class vtkRenderer;

namespace steer::viz {

/// Renders `window` and writes its pixels (RGB, no alpha) to `path`; throws std::runtime_error
/// when the file was not written.
void saveWindowPng(vtkRenderWindow* window, const std::string& path);

/// A font size for a picture `width` pixels wide: `largest` from about 900 pixels up, smaller
/// on narrower pictures (down to 9), where a fixed size cut titles at both edges.
int fontSizeFor(int width, int largest);

/// Adds `title` (black, fontSizeFor(width, 16)) at the top left of a picture `width` × `height`
/// pixels; nothing when `title` is empty. 2D scenes, 3D scenes and field pictures share it so
/// that they look alike.
void addTitle(vtkRenderer* renderer, const std::string& title, int width, int height);
/// The height (pixels) of the strip addTitle writes in, at the top of a picture `width` wide.
int titleStripHeight(int width);

/// Adds a legend, one entry per line from the pixel (left, top) down (display pixels, y up): a
/// square swatch of the entry's colour, then its name in black, at the title's font size less 3.
void addLegend(vtkRenderer* renderer, const std::vector<LegendEntry>& entries, int left, int top, int width);

/// The top of a chart's value axis that leaves room above data reaching `hi` (from `lo`, both
/// padded by `pad`) for a legend of `entries` lines in the plot's top right corner (about 18 px
/// each, in a plot of a picture `height` pixels tall), so that the legend covers no data.
double axisTopWithLegendRoom(double lo, double hi, double pad, std::size_t entries, int height);

}  // namespace steer::viz
