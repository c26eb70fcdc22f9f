#pragma once
/// @file A top view of a 2D world (the x–y plane, metres) rendered offscreen to PNG with VTK:
/// obstacles, trajectories, discs (markers, agents' bodies and near disks) and oriented agent
/// glyphs. The view is an orthographic projection, so a world point maps to a known pixel
/// (scenePixel), which the tests use.
#include <optional>
#include <string>
#include <vector>

#include "steer/geometry/vec.hpp"
#include "steer/viz/colour.hpp"

namespace steer::viz {

/// A polyline; coloured by `colour`, or by `values` through the scene's colour map when given
/// (one per point).
struct ScenePolyline {
  std::vector<geometry::Vec2> points;
  std::vector<double> values;
  Rgb colour;
  float width = 2.0f;  ///< pixels
  bool overlay = false;  ///< drawn above the other polylines (e.g. a triangulation over trajectories)
};

/// A disc of radius `radius` (m): filled, or its outline only.
struct SceneDisc {
  geometry::Vec2 centre = geometry::Vec2::Zero();
  double radius = 0.5;
  Rgb colour;
  bool filled = true;
  float width = 1.5f;  ///< outline width (pixels)
};

/// A solid polygon (any simple polygon, concave allowed), vertices in order.
struct ScenePolygon {
  std::vector<geometry::Vec2> vertices;
  Rgb colour{90, 90, 90};
};

/// An agent drawn as an arrowhead (isosceles triangle) of length `size` (m) along `direction`.
struct SceneGlyph {
  geometry::Vec2 position = geometry::Vec2::Zero();
  geometry::Vec2 direction = geometry::Vec2::UnitX();
  double size = 1.0;
  Rgb colour;
};

/// A scalar field on a regular grid, drawn as a colour map under everything else with a colour
/// bar, and optionally the streamlines of a vector field on the same grid (vtkStreamTracer,
/// Runge–Kutta 4, forward from each seed) with arrowheads along them.
struct SceneField {
  geometry::Vec2 origin = geometry::Vec2::Zero();  ///< position of node (0, 0) (m)
  double spacing = 1.0;                            ///< node spacing (m), > 0
  int nx = 0, ny = 0;                              ///< nodes, row by row (index j·nx + i)
  std::vector<double> values;   ///< nx·ny values; NaN: not part of the field (drawn `nanColour`)
  double valueMin = 0.0, valueMax = 1.0;  ///< colour-map range: valueMin dark blue, valueMax yellow
  std::string title;            ///< the colour bar's title
  Rgb nanColour{205, 205, 205};
  std::vector<geometry::Vec2> flow;   ///< nx·ny vectors the streamlines follow; empty: none
  std::vector<geometry::Vec2> seeds;  ///< where streamlines start (m)
  Rgb streamColour{255, 255, 255};
  float streamWidth = 1.2f;  ///< pixels
  /// Arrowheads on the streamlines, in their colour (stream_arrows.hpp): one every `arrowEvery`
  /// metres of arc length, none within `arrowGap` (m) of another, each `arrowSize` (m) long.
  /// arrowEvery 0: plain lines.
  double arrowEvery = 0.0, arrowGap = 0.0, arrowSize = 0.0;
};

/// What is drawn, back to front: the field's colour map, polygons, streamlines, polylines,
/// overlay polylines, outlined discs, filled discs, glyphs.
struct Scene {
  geometry::Vec2 min = geometry::Vec2(-10, -10), max = geometry::Vec2(10, 10);  ///< region to show (m)
  int width = 800, height = 800;  ///< pixels, > 0
  Rgb background{255, 255, 255};
  std::string title;
  std::vector<ScenePolygon> polygons;
  std::vector<ScenePolyline> polylines;
  std::vector<SceneDisc> discs;
  std::vector<SceneGlyph> glyphs;
  std::optional<SceneField> field;  ///< a colour-mapped field under everything (takes the colour bar)
  /// Range of the polylines' `values` for the colour map (blue → red); a colour bar is drawn
  /// with `valuesTitle` when any polyline has values (and there is no field).
  double valueMin = 0.0, valueMax = 1.0;
  std::string valuesTitle;
  /// Named colours, listed in the strip on the right (where the colour bar goes; one scene has
  /// one or the other).
  std::vector<LegendEntry> legend;
};

/// The pixel (column from the left, row from the top) where world point p appears. The region
/// [min, max] is centred and scaled to fit the map, keeping the aspect ratio: the whole picture,
/// less a strip on the right for the colour bar or the legend (15 % of the width; when there is a
/// field, polylines with values or a legend) and one at the top for the title (when there is one). Nothing of the
/// map is drawn in those strips.
geometry::Vec2 scenePixel(const Scene& scene, const geometry::Vec2& p);

/// The picture height (pixels) at which the region [min, max] fills the map at the scene's width
/// (the strips for the title and the colour bar or legend included), within [width / 4, 2 × width]
/// and [64, 8192], so that a long corridor still leaves room for the legend and a tall one stays
/// a picture.
int fittedHeight(const Scene& scene);

/// Renders `scene` and writes it as a PNG to `path`. Needs an X display (or Xvfb); throws
/// std::runtime_error when the file cannot be written or the region is empty.
void writeScene(const std::string& path, const Scene& scene);

}  // namespace steer::viz
