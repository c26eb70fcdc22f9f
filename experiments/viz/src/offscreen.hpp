#pragma once
// Writing what an offscreen render window shows to a PNG file, and what every picture shares.
#include <string>

class vtkRenderWindow;
class vtkRenderer;

namespace steer::viz {

/// Renders `window` and writes its pixels (RGB, no alpha) to `path`; throws std::runtime_error
/// when the file was not written.
void saveWindowPng(vtkRenderWindow* window, const std::string& path);

/// Adds `title` (black, 16 pt) at the top left of a picture `height` pixels tall; nothing when
/// `title` is empty. 2D scenes, 3D scenes and field pictures share it so that they look alike.
void addTitle(vtkRenderer* renderer, const std::string& title, int height);

}  // namespace steer::viz
