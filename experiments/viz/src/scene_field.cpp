#include "scene_field.hpp"

#include <vtkCellArray.h>
#include <vtkDataSetSurfaceFilter.h>
#include <vtkDoubleArray.h>
#include <vtkIdList.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkStreamTracer.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <vector>

#include "steer/viz/stream_arrows.hpp"

namespace steer::viz {

namespace {

// A perceptually uniform dark-blue-to-yellow map (matplotlib's viridis at five stops, linearly
// interpolated): a potential's level sets read evenly, and white streamlines and a red target
// marker stand out at both ends.
vtkSmartPointer<vtkLookupTable> viridis(double lo, double hi, const Rgb& nan) {
  static constexpr std::array<std::array<double, 3>, 5> kStops = {
      {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}}};
  constexpr int kEntries = 256;
  auto lut = vtkSmartPointer<vtkLookupTable>::New();
  lut->SetNumberOfTableValues(kEntries);
  for (int k = 0; k < kEntries; ++k) {
    const double s = static_cast<double>(k) / (kEntries - 1) * (kStops.size() - 1);
    const auto i = std::min<std::size_t>(static_cast<std::size_t>(s), kStops.size() - 2);
    const double f = s - static_cast<double>(i);
    lut->SetTableValue(k, ((1 - f) * kStops[i][0] + f * kStops[i + 1][0]) / 255.0,
                       ((1 - f) * kStops[i][1] + f * kStops[i + 1][1]) / 255.0,
                       ((1 - f) * kStops[i][2] + f * kStops[i + 1][2]) / 255.0, 1.0);
  }
  lut->SetTableRange(lo, hi > lo ? hi : lo + 1.0);
  const auto n = nan.unit();
  lut->SetNanColor(n[0], n[1], n[2], 1.0);
  return lut;
}

// The arrowheads of the traced streamlines (stream_arrows.hpp), filled in the lines' colour.
vtkSmartPointer<vtkActor> arrowActor(vtkStreamTracer& tracer, const SceneField& f, double z) {
  tracer.Update();
  vtkPolyData* traced = tracer.GetOutput();
  std::vector<std::vector<geometry::Vec2>> lines;
  vtkNew<vtkIdList> ids;
  vtkCellArray* cells = traced->GetLines();
  for (cells->InitTraversal(); cells->GetNextCell(ids);) {
    auto& line = lines.emplace_back();
    for (vtkIdType k = 0; k < ids->GetNumberOfIds(); ++k) {
      double p[3];
      traced->GetPoint(ids->GetId(k), p);
      line.emplace_back(p[0], p[1]);
    }
  }
  const auto marks = streamArrows(lines, f.arrowEvery, f.arrowGap);
  if (marks.empty()) return nullptr;
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> triangles;
  for (const ArrowMark& m : marks) {
    vtkIdType tri[3];
    const auto corners = arrowheadCorners(m.position, m.direction, f.arrowSize);
    for (int k = 0; k < 3; ++k) tri[k] = points->InsertNextPoint(corners[k].x(), corners[k].y(), z);
    triangles->InsertNextCell(3, tri);
  }
  vtkNew<vtkPolyData> data;
  data->SetPoints(points);
  data->SetPolys(triangles);
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputData(data);
  mapper->ScalarVisibilityOff();
  auto actor = vtkSmartPointer<vtkActor>::New();
  actor->SetMapper(mapper);
  const auto c = f.streamColour.unit();
  actor->GetProperty()->SetColor(c[0], c[1], c[2]);
  actor->GetProperty()->LightingOff();
  return actor;
}

}  // namespace

FieldActors fieldActors(const SceneField& f, double mapZ, double streamZ) {
  const auto n = static_cast<std::size_t>(f.nx) * static_cast<std::size_t>(f.ny);
  if (f.nx < 2 || f.ny < 2 || !(f.spacing > 0.0)) throw std::runtime_error("a scene field needs at least 2x2 nodes and a positive spacing");
  if (f.values.size() != n) throw std::runtime_error("a scene field needs one value per node");
  if (!f.flow.empty() && f.flow.size() != n) throw std::runtime_error("a scene field needs one flow vector per node");

  vtkNew<vtkImageData> image;
  image->SetDimensions(f.nx, f.ny, 1);
  image->SetOrigin(f.origin.x(), f.origin.y(), mapZ);
  image->SetSpacing(f.spacing, f.spacing, 1.0);
  vtkNew<vtkDoubleArray> values;
  values->SetName("values");
  values->SetNumberOfValues(static_cast<vtkIdType>(n));
  for (std::size_t k = 0; k < n; ++k) values->SetValue(static_cast<vtkIdType>(k), f.values[k]);
  image->GetPointData()->SetScalars(values);

  FieldActors out;
  out.lookupTable = viridis(f.valueMin, f.valueMax, f.nanColour);
  vtkNew<vtkDataSetSurfaceFilter> surface;
  surface->SetInputData(image);
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputConnection(surface->GetOutputPort());
  mapper->SetLookupTable(out.lookupTable);
  mapper->SetScalarRange(out.lookupTable->GetTableRange());
  mapper->SetScalarModeToUsePointData();
  mapper->ScalarVisibilityOn();
  // Interpolate the values, not the colours, across each cell: level sets stay where they are.
  mapper->InterpolateScalarsBeforeMappingOn();
  out.colourMap = vtkSmartPointer<vtkActor>::New();
  out.colourMap->SetMapper(mapper);
  out.colourMap->GetProperty()->LightingOff();

  if (f.flow.empty() || f.seeds.empty()) return out;
  vtkNew<vtkDoubleArray> flow;
  flow->SetName("flow");
  flow->SetNumberOfComponents(3);
  flow->SetNumberOfTuples(static_cast<vtkIdType>(n));
  for (std::size_t k = 0; k < n; ++k) flow->SetTuple3(static_cast<vtkIdType>(k), f.flow[k].x(), f.flow[k].y(), 0.0);
  image->GetPointData()->SetVectors(flow);
  vtkNew<vtkPoints> seedPoints;
  for (const auto& s : f.seeds) seedPoints->InsertNextPoint(s.x(), s.y(), mapZ);
  vtkNew<vtkPolyData> seeds;
  seeds->SetPoints(seedPoints);

  vtkNew<vtkStreamTracer> tracer;
  tracer->SetInputData(image);
  tracer->SetSourceData(seeds);
  tracer->SetInputArrayToProcess(0, 0, 0, vtkDataObject::FIELD_ASSOCIATION_POINTS, "flow");
  tracer->SetIntegratorTypeToRungeKutta4();
  tracer->SetIntegrationDirectionToForward();
  tracer->SetIntegrationStepUnit(vtkStreamTracer::CELL_LENGTH_UNIT);
  tracer->SetInitialIntegrationStep(0.25);
  // Long enough to cross the grid several times around obstacles; the walk ends earlier where
  // the flow vanishes (walls, the target) or leaves the grid.
  tracer->SetMaximumPropagation(4.0 * f.spacing * (f.nx + f.ny));
  tracer->SetMaximumNumberOfSteps(20 * (f.nx + f.ny));
  tracer->SetTerminalSpeed(1e-3);
  vtkNew<vtkPolyDataMapper> lines;
  lines->SetInputConnection(tracer->GetOutputPort());
  lines->ScalarVisibilityOff();
  out.streamlines = vtkSmartPointer<vtkActor>::New();
  out.streamlines->SetMapper(lines);
  out.streamlines->SetPosition(0.0, 0.0, streamZ - mapZ);
  const auto c = f.streamColour.unit();
  out.streamlines->GetProperty()->SetColor(c[0], c[1], c[2]);
  out.streamlines->GetProperty()->SetLineWidth(f.streamWidth);
  out.streamlines->GetProperty()->LightingOff();
  if (f.arrowEvery > 0.0) out.arrows = arrowActor(*tracer, f, streamZ);
  return out;
}

}  // namespace steer::viz
