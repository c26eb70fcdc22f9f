#pragma once
/// @file A 3D scene (agents as spheres, trajectories as polylines, obstacles as spheres and
/// segments) rendered offscreen to PNG with VTK through a perspective camera: the scenario's
/// camera when it has one, else a default one that frames the scene. sceneCamera() and
/// scene3dPixel() say where a world point appears, which the tests check against the picture.
#include <optional>
#include <string>
#include <vector>

#include "steer/geometry/vec.hpp"
#include "steer/viz/colour.hpp"

namespace steer::viz {

/// A pinhole camera (VTK's convention: the vertical view angle).
struct SceneCamera {
  geometry::Vec3 position = geometry::Vec3(0, -10, 10);  ///< eye (m)
  geometry::Vec3 focalPoint = geometry::Vec3::Zero();    ///< looked-at point (m)
  geometry::Vec3 up = geometry::Vec3::UnitZ();           ///< view up, not parallel to the view direction
  double fovyDegrees = 30.0;                             ///< vertical view angle, in (0, 180)
};

struct SceneSphere {
  geometry::Vec3 centre = geometry::Vec3::Zero();
  double radius = 0.5;  ///< m, > 0
  Rgb colour;
};

struct ScenePolyline3 {
  std::vector<geometry::Vec3> points;
  Rgb colour;
  float width = 2.0f;  ///< pixels
};

struct Scene3D {
  int width = 800, height = 800;  ///< pixels, > 0
  Rgb background{255, 255, 255};
  std::string title;
  std::vector<SceneSphere> spheres;      ///< lit (shaded), so a sphere shows its colour at its centre
  std::vector<ScenePolyline3> polylines;  ///< flat colours
  std::optional<SceneCamera> camera;     ///< none: sceneCamera()'s default
  std::vector<LegendEntry> legend;       ///< named colours, listed at the top left under the title
};

/// The camera `scene` is drawn with: its own, or one looking at the centre of the bounding box
/// of everything drawn from above and to the side (direction (1, −1.4, 1.1)), far enough that
/// the box's bounding sphere fits the vertical and horizontal view angles.
SceneCamera sceneCamera(const Scene3D& scene);

/// The pixel (column from the left, row from the top) where world point p appears through
/// sceneCamera(scene): the perspective projection computed here, independently of VTK.
geometry::Vec2 scene3dPixel(const Scene3D& scene, const geometry::Vec3& p);

/// Renders `scene` and writes it as a PNG to `path`. Needs an X display (or Xvfb); throws
/// std::runtime_error when the file cannot be written or the scene is empty.
void writeScene3D(const std::string& path, const Scene3D& scene);

}  // namespace steer::viz
