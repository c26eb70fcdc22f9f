#pragma once
// A PNG read back with VTK's reader, for the render tests: size, pixels, colour counts.
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPNGReader.h>
#include <vtkSmartPointer.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>

#include "steer/viz/colour.hpp"

namespace steer::viz::test {

class PngImage {
 public:
  explicit PngImage(const std::string& path) {
    if (!std::filesystem::exists(path)) return;
    vtkNew<vtkPNGReader> reader;
    reader->SetFileName(path.c_str());
    reader->Update();
    image_ = reader->GetOutput();
    int dims[3];
    image_->GetDimensions(dims);
    width_ = dims[0];
    height_ = dims[1];
    components_ = image_->GetNumberOfScalarComponents();
  }
  bool valid() const { return image_ != nullptr && width_ > 0; }
  int width() const { return width_; }
  int height() const { return height_; }
  /// The pixel at column x from the left, row y from the top (VTK stores rows bottom-up).
  Rgb at(int x, int y) const {
    const auto* p = static_cast<const std::uint8_t*>(image_->GetScalarPointer(x, height_ - 1 - y, 0));
    return {p[0], p[1], p[2]};
  }
  std::size_t distinctColours() const {
    std::set<std::uint32_t> seen;
    for (int y = 0; y < height_; ++y)
      for (int x = 0; x < width_; ++x) {
        const Rgb c = at(x, y);
        seen.insert((std::uint32_t{c.r} << 16) | (std::uint32_t{c.g} << 8) | c.b);
      }
    return seen.size();
  }
  /// Pixels within `tolerance` (per channel) of `c`.
  std::size_t count(const Rgb& c, int tolerance = 0) const {
    std::size_t n = 0;
    for (int y = 0; y < height_; ++y)
      for (int x = 0; x < width_; ++x)
        if (near(at(x, y), c, tolerance)) ++n;
    return n;
  }
  static bool near(const Rgb& a, const Rgb& b, int tolerance) {
    return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance && std::abs(a.b - b.b) <= tolerance;
  }

 private:
  vtkSmartPointer<vtkImageData> image_;
  int width_ = 0, height_ = 0, components_ = 0;
};

}  // namespace steer::viz::test
