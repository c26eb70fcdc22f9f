#pragma once
// Writing what an offscreen render window shows to a PNG file.
#include <string>

class vtkRenderWindow;

namespace steer::viz {

/// Renders `window` and writes its pixels (RGB, no alpha) to `path`; throws std::runtime_error
/// when the file was not written.
void saveWindowPng(vtkRenderWindow* window, const std::string& path);

}  // namespace steer::viz
