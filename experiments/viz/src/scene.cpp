#include "steer/viz/scene.hpp"

#include <vtkActor.h>
#include <vtkActor2D.h>
#include <vtkCamera.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDoubleArray.h>
#include <vtkLookupTable.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkScalarBarActor.h>
#include <vtkSmartPointer.h>
#include <vtkTextProperty.h>
#include <vtkTriangleFilter.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <numbers>
#include <stdexcept>

#include "offscreen.hpp"
#include "scene_field.hpp"
#include "steer/viz/stream_arrows.hpp"

namespace steer::viz {

namespace {

using geometry::Vec2;

// Layers at different heights under an orthographic camera looking down −z: the height decides
// what covers what and never moves anything on screen.
constexpr double kFieldZ = -0.1, kStreamZ = 0.05;
constexpr double kPolygonZ = 0.0, kLineZ = 0.1, kOverlayZ = 0.15, kOutlineZ = 0.2, kDiscZ = 0.3, kGlyphZ = 0.4;
constexpr int kDiscSides = 48;

// The picture's layout: the map (the world region) in its own viewport at the bottom left, a
// strip on the right for the colour bar and one at the top for the title. Room made inside the
// region instead (a fifth of its width) did not keep them apart: the region is centred in the
// picture with padding on the long side, and the world's edge drawn in that padding ran under
// the colour bar and the title.
constexpr double kColourBarStrip = 0.15;  // of the picture's width

struct Layout {
  int mapWidth, mapHeight;  // pixels; the map's viewport starts at the bottom left
};

bool hasColourBar(const Scene& s) {
  if (s.field) return true;
  return std::any_of(s.polylines.begin(), s.polylines.end(), [](const ScenePolyline& l) { return !l.values.empty(); });
}

// The layout of the scene's strips in a picture `height` pixels tall (the scene's own, or one
// fittedHeight tries).
Layout layoutAt(const Scene& s, int height) {
  if (s.width <= 0 || height <= 0) throw std::runtime_error("scene region and picture size must be positive");
  Layout l{s.width, height};
  if (hasColourBar(s) || !s.legend.empty()) l.mapWidth -= static_cast<int>(std::lround(kColourBarStrip * s.width));
  if (!s.title.empty()) l.mapHeight -= titleStripHeight(s.width);
  l.mapWidth = std::max(l.mapWidth, 1);
  l.mapHeight = std::max(l.mapHeight, 1);
  return l;
}

Layout layoutOf(const Scene& s) { return layoutAt(s, s.height); }

struct View {
  Vec2 centre;
  double halfHeight;  // world units shown above the centre
};

View fitView(const Scene& s, const Layout& l) {
  const Vec2 size = s.max - s.min;
  if (!(size.x() > 0.0 && size.y() > 0.0)) throw std::runtime_error("scene region and picture size must be positive");
  const double aspect = static_cast<double>(l.mapWidth) / l.mapHeight;
  return {0.5 * (s.min + s.max), 0.5 * std::max(size.y(), size.x() / aspect)};
}

// Accumulates cells of one kind with per-cell colours, drawn by one actor.
struct Batch {
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> cells;
  vtkNew<vtkUnsignedCharArray> colours;
  Batch() { colours->SetNumberOfComponents(3); }
  vtkIdType add(const Vec2& p, double z) { return points->InsertNextPoint(p.x(), p.y(), z); }
  void colour(const Rgb& c) { colours->InsertNextTuple3(c.r, c.g, c.b); }
  bool empty() const { return cells->GetNumberOfCells() == 0; }
};

void discPoints(Batch& b, const SceneDisc& d, double z, std::vector<vtkIdType>& ids) {
  ids.clear();
  for (int k = 0; k < kDiscSides; ++k) {
    const double a = 2.0 * std::numbers::pi * k / kDiscSides;
    ids.push_back(b.add(d.centre + d.radius * Vec2(std::cos(a), std::sin(a)), z));
  }
}

vtkSmartPointer<vtkActor> batchActor(Batch& b, bool polys, float lineWidth) {
  vtkNew<vtkPolyData> data;
  data->SetPoints(b.points);
  if (polys) data->SetPolys(b.cells);
  else data->SetLines(b.cells);
  data->GetCellData()->SetScalars(b.colours);
  vtkNew<vtkPolyDataMapper> mapper;
  if (polys) {
    // Concave polygons (U-shaped obstacles) need a real triangulation, not a fan.
    vtkNew<vtkTriangleFilter> triangles;
    triangles->SetInputData(data);
    mapper->SetInputConnection(triangles->GetOutputPort());
  } else {
    mapper->SetInputData(data);
  }
  mapper->SetColorModeToDirectScalars();
  mapper->SetScalarModeToUseCellData();
  auto actor = vtkSmartPointer<vtkActor>::New();
  actor->SetMapper(mapper);
  actor->GetProperty()->SetLineWidth(lineWidth);
  actor->GetProperty()->LightingOff();  // flat colours: the picture's pixels are the colours given
  return actor;
}

}  // namespace

int fittedHeight(const Scene& s) {
  const Vec2 extent = s.max - s.min;
  if (s.width <= 0 || !(extent.x() > 0.0) || !(extent.y() > 0.0)) throw std::runtime_error("scene region and picture size must be positive");
  // At any height the map is as wide (a copy of the scene to try one held every trail of a run).
  const int strips = s.title.empty() ? 0 : titleStripHeight(s.width);
  const double height = layoutAt(s, s.width).mapWidth * (extent.y() / extent.x()) + strips;
  // Never below 64 pixels (--height's least): the title's strip alone takes ~30.
  return static_cast<int>(std::lround(std::clamp(std::clamp(height, s.width / 4.0, 2.0 * s.width), 64.0, 8192.0)));
}

Vec2 scenePixel(const Scene& s, const Vec2& p) {
  const Layout l = layoutOf(s);
  const View v = fitView(s, l);
  const double pixelsPerMetre = l.mapHeight / (2.0 * v.halfHeight);
  const double col = 0.5 * l.mapWidth + (p.x() - v.centre.x()) * pixelsPerMetre;
  const double rowFromBottom = 0.5 * l.mapHeight + (p.y() - v.centre.y()) * pixelsPerMetre;
  return Vec2(col, s.height - rowFromBottom);
}

void writeScene(const std::string& path, const Scene& s) {
  const Layout layout = layoutOf(s);
  const View view = fitView(s, layout);
  const auto bg = s.background.unit();
  vtkNew<vtkRenderWindow> window;
  window->SetOffScreenRendering(1);
  window->SetMultiSamples(0);
  window->SetSize(s.width, s.height);
  // The whole picture (colour bar and title), then the map over its own viewport.
  vtkNew<vtkRenderer> frame;
  frame->SetBackground(bg[0], bg[1], bg[2]);
  window->AddRenderer(frame);
  vtkNew<vtkRenderer> renderer;
  renderer->SetBackground(bg[0], bg[1], bg[2]);
  renderer->SetViewport(0.0, 0.0, static_cast<double>(layout.mapWidth) / s.width,
                        static_cast<double>(layout.mapHeight) / s.height);
  window->AddRenderer(renderer);

  std::vector<vtkIdType> ids;
  Batch polygons, discs, glyphs;
  for (const ScenePolygon& p : s.polygons) {
    if (p.vertices.size() < 3) continue;
    ids.clear();
    for (const Vec2& v : p.vertices) ids.push_back(polygons.add(v, kPolygonZ));
    polygons.cells->InsertNextCell(static_cast<vtkIdType>(ids.size()), ids.data());
    polygons.colour(p.colour);
  }
  // Lines of one width and layer share an actor (VTK's line width is per actor).
  std::map<std::pair<bool, float>, Batch> lineBatches;
  vtkNew<vtkLookupTable> lut;
  lut->SetHueRange(0.667, 0.0);  // blue (slow) to red (fast)
  lut->SetTableRange(s.valueMin, s.valueMax);
  lut->Build();
  for (const ScenePolyline& l : s.polylines) {
    if (l.points.size() < 2) continue;
    if (!l.values.empty() && l.values.size() != l.points.size())
      throw std::runtime_error("a polyline needs one value per point");
    Batch& lines = lineBatches[{l.overlay, l.width}];
    const double z = l.overlay ? kOverlayZ : kLineZ;
    // One segment per cell, so that a colour can vary along the line (cell colours).
    vtkIdType prev = lines.add(l.points[0], z);
    for (std::size_t k = 1; k < l.points.size(); ++k) {
      const vtkIdType next = lines.add(l.points[k], z);
      const vtkIdType seg[2] = {prev, next};
      lines.cells->InsertNextCell(2, seg);
      if (l.values.empty()) {
        lines.colour(l.colour);
      } else {
        double rgb[3];
        lut->GetColor(0.5 * (l.values[k - 1] + l.values[k]), rgb);
        lines.colour({static_cast<std::uint8_t>(std::lround(255 * rgb[0])), static_cast<std::uint8_t>(std::lround(255 * rgb[1])),
                      static_cast<std::uint8_t>(std::lround(255 * rgb[2]))});
      }
      prev = next;
    }
  }
  std::map<float, Batch> outlines;  // by line width
  for (const SceneDisc& d : s.discs) {
    Batch& b = d.filled ? discs : outlines[d.width];
    discPoints(b, d, d.filled ? kDiscZ : kOutlineZ, ids);
    if (!d.filled) ids.push_back(ids.front());
    b.cells->InsertNextCell(static_cast<vtkIdType>(ids.size()), ids.data());
    b.colour(d.colour);
  }
  for (const SceneGlyph& g : s.glyphs) {
    const auto corners = arrowheadCorners(g.position, g.direction, g.size);
    const vtkIdType tri[3] = {glyphs.add(corners[0], kGlyphZ), glyphs.add(corners[1], kGlyphZ),
                              glyphs.add(corners[2], kGlyphZ)};
    glyphs.cells->InsertNextCell(3, tri);
    glyphs.colour(g.colour);
  }
  FieldActors field;
  if (s.field) {
    field = fieldActors(*s.field, kFieldZ, kStreamZ);
    renderer->AddActor(field.colourMap);
    if (field.streamlines) renderer->AddActor(field.streamlines);
    if (field.arrows) renderer->AddActor(field.arrows);
  }
  if (!polygons.empty()) renderer->AddActor(batchActor(polygons, true, 1.0f));
  for (auto& [key, lines] : lineBatches)
    if (!lines.empty()) renderer->AddActor(batchActor(lines, false, key.second));
  for (auto& [width, b] : outlines)
    if (!b.empty()) renderer->AddActor(batchActor(b, false, width));
  if (!discs.empty()) renderer->AddActor(batchActor(discs, true, 1.0f));
  if (!glyphs.empty()) renderer->AddActor(batchActor(glyphs, true, 1.0f));

  if (hasColourBar(s)) {
    vtkNew<vtkScalarBarActor> bar;
    bar->SetLookupTable(s.field ? static_cast<vtkScalarsToColors*>(field.lookupTable) : lut.Get());
    bar->SetTitle(s.field ? s.field->title.c_str() : s.valuesTitle.c_str());
    bar->SetNumberOfLabels(5);
    bar->SetOrientationToVertical();
    // Fonts of fixed size: scaled to the bar's narrow box, the title came out ~7 px high and sat
    // on the top label. The bar fills its strip, below the title's line.
    bar->UnconstrainedFontSizeOn();
    bar->SetPosition(1.0 - kColourBarStrip + 0.01, 0.08);
    bar->SetWidth(kColourBarStrip - 0.02);
    bar->SetHeight(0.74);
    bar->SetBarRatio(0.25);
    bar->SetVerticalTitleSeparation(6);
    bar->GetTitleTextProperty()->SetColor(0, 0, 0);
    // 13 px on a 900-px picture; smaller on narrow ones, where the title would reach past the edge.
    const int titleSize = std::clamp(static_cast<int>(std::lround(s.width / 70.0)), 8, 13);
    bar->GetTitleTextProperty()->SetFontSize(titleSize);
    bar->GetTitleTextProperty()->SetBold(false);
    bar->GetTitleTextProperty()->SetItalic(false);
    bar->GetLabelTextProperty()->SetColor(0, 0, 0);
    bar->GetLabelTextProperty()->SetFontSize(std::min(titleSize, 12));
    bar->GetLabelTextProperty()->SetItalic(false);
    frame->AddActor2D(bar);
  }
  if (!hasColourBar(s) && !s.legend.empty())
    addLegend(frame, s.legend, layout.mapWidth + 8, s.height - (s.title.empty() ? 8 : titleStripHeight(s.width)), s.width);
  addTitle(frame, s.title, s.width, s.height);

  vtkCamera* camera = renderer->GetActiveCamera();
  camera->ParallelProjectionOn();
  camera->SetFocalPoint(view.centre.x(), view.centre.y(), 0.0);
  camera->SetPosition(view.centre.x(), view.centre.y(), 100.0);
  camera->SetViewUp(0.0, 1.0, 0.0);
  camera->SetParallelScale(view.halfHeight);
  camera->SetClippingRange(1.0, 200.0);
  saveWindowPng(window, path);
}

}  // namespace steer::viz
