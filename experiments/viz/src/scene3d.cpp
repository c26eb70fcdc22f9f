#include "steer/viz/scene3d.hpp"

#include <Eigen/Geometry>
#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkSmartPointer.h>
#include <vtkSphereSource.h>
#include <vtkUnsignedCharArray.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <stdexcept>

#include "offscreen.hpp"

namespace steer::viz {

using geometry::Vec2;
using geometry::Vec3;

namespace {

double radians(double degrees) { return degrees * std::numbers::pi / 180.0; }

}  // namespace

SceneCamera sceneCamera(const Scene3D& s) {
  if (s.camera) return *s.camera;
  Vec3 lo = Vec3::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
  for (const auto& sp : s.spheres) {
    lo = lo.cwiseMin(sp.centre - Vec3::Constant(sp.radius));
    hi = hi.cwiseMax(sp.centre + Vec3::Constant(sp.radius));
  }
  for (const auto& l : s.polylines)
    for (const auto& p : l.points) lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
  if (!(lo.x() <= hi.x())) throw std::runtime_error("a 3D scene needs something to show");
  SceneCamera c;
  c.focalPoint = 0.5 * (lo + hi);
  const double radius = std::max(0.5 * (hi - lo).norm(), 1.0);
  const double aspect = static_cast<double>(s.width) / s.height;
  // The narrower of the two view angles decides; a sphere of radius R subtends asin(R/d).
  const double halfV = 0.5 * radians(c.fovyDegrees);
  const double halfH = std::atan(std::tan(halfV) * aspect);
  const double distance = 1.05 * radius / std::sin(std::min(halfV, halfH));
  c.position = c.focalPoint + distance * Vec3(1.0, -1.4, 1.1).normalized();
  c.up = Vec3::UnitZ();
  return c;
}

Vec2 scene3dPixel(const Scene3D& s, const Vec3& p) {
  const SceneCamera c = sceneCamera(s);
  // Camera frame: forward f, right r, true up u (orthonormal, right-handed as OpenGL's).
  const Vec3 f = (c.focalPoint - c.position).normalized();
  const Vec3 r = f.cross(c.up).normalized();
  const Vec3 u = r.cross(f);
  const Vec3 d = p - c.position;
  const double depth = d.dot(f);
  const double t = std::tan(0.5 * radians(c.fovyDegrees));
  // Normalized device coordinates in [−1, 1]: y over the vertical half angle, x over the same
  // scaled by the aspect ratio.
  const double aspect = static_cast<double>(s.width) / s.height;
  const double ndcX = d.dot(r) / (depth * t * aspect);
  const double ndcY = d.dot(u) / (depth * t);
  return Vec2(0.5 * (ndcX + 1.0) * s.width, s.height - 0.5 * (ndcY + 1.0) * s.height);
}

void writeScene3D(const std::string& path, const Scene3D& s) {
  if (s.width <= 0 || s.height <= 0) throw std::runtime_error("picture size must be positive");
  const SceneCamera cam = sceneCamera(s);
  vtkNew<vtkRenderer> renderer;
  const auto bg = s.background.unit();
  renderer->SetBackground(bg[0], bg[1], bg[2]);
  vtkNew<vtkRenderWindow> window;
  window->SetOffScreenRendering(1);
  window->SetMultiSamples(0);
  window->SetSize(s.width, s.height);
  window->AddRenderer(renderer);

  // Spheres: one smooth sphere source per radius, one actor per sphere (few agents in 3D
  // pictures; thousands would want glyphs).
  for (const auto& sp : s.spheres) {
    vtkNew<vtkSphereSource> source;
    source->SetRadius(sp.radius);
    source->SetCenter(sp.centre.x(), sp.centre.y(), sp.centre.z());
    source->SetThetaResolution(24);
    source->SetPhiResolution(16);
    vtkNew<vtkPolyDataMapper> mapper;
    mapper->SetInputConnection(source->GetOutputPort());
    vtkNew<vtkActor> actor;
    actor->SetMapper(mapper);
    const auto c = sp.colour.unit();
    actor->GetProperty()->SetColor(c[0], c[1], c[2]);
    actor->GetProperty()->SetAmbient(0.25);
    actor->GetProperty()->SetDiffuse(0.75);
    renderer->AddActor(actor);
  }
  std::map<float, std::pair<vtkSmartPointer<vtkPolyData>, vtkSmartPointer<vtkUnsignedCharArray>>> lines;
  for (const auto& l : s.polylines) {
    if (l.points.size() < 2) continue;
    auto& [data, colours] = lines[l.width];
    if (!data) {
      data = vtkSmartPointer<vtkPolyData>::New();
      data->SetPoints(vtkSmartPointer<vtkPoints>::New());
      data->SetLines(vtkSmartPointer<vtkCellArray>::New());
      colours = vtkSmartPointer<vtkUnsignedCharArray>::New();
      colours->SetNumberOfComponents(3);
      data->GetCellData()->SetScalars(colours);
    }
    std::vector<vtkIdType> ids;
    for (const auto& p : l.points) ids.push_back(data->GetPoints()->InsertNextPoint(p.x(), p.y(), p.z()));
    data->GetLines()->InsertNextCell(static_cast<vtkIdType>(ids.size()), ids.data());
    colours->InsertNextTuple3(l.colour.r, l.colour.g, l.colour.b);
  }
  for (auto& [width, batch] : lines) {
    vtkNew<vtkPolyDataMapper> mapper;
    mapper->SetInputData(batch.first);
    mapper->SetColorModeToDirectScalars();
    mapper->SetScalarModeToUseCellData();
    vtkNew<vtkActor> actor;
    actor->SetMapper(mapper);
    actor->GetProperty()->SetLineWidth(width);
    actor->GetProperty()->LightingOff();
    renderer->AddActor(actor);
  }
  addLegend(renderer, s.legend, 8, s.height - (s.title.empty() ? 8 : titleStripHeight(s.width)), s.width);
  addTitle(renderer, s.title, s.width, s.height);
  vtkCamera* camera = renderer->GetActiveCamera();
  camera->SetPosition(cam.position.x(), cam.position.y(), cam.position.z());
  camera->SetFocalPoint(cam.focalPoint.x(), cam.focalPoint.y(), cam.focalPoint.z());
  camera->SetViewUp(cam.up.x(), cam.up.y(), cam.up.z());
  camera->SetViewAngle(cam.fovyDegrees);
  camera->OrthogonalizeViewUp();
  renderer->ResetCameraClippingRange();
  saveWindowPng(window, path);
}

}  // namespace steer::viz
