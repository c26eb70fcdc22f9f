#include "steer/viz/outline_writer.hpp"

#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkErrorCode.h>
#include <vtkIntArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkUnsignedCharArray.h>
#include <vtkXMLPolyDataWriter.h>

#include <charconv>
#include <fstream>
#include <stdexcept>
#include <string_view>

namespace steer::viz {

void writeOutlines(const std::filesystem::path& path, const std::vector<Outline>& outlines) {
  vtkNew<vtkPoints> points;
  points->SetDataTypeToDouble();
  vtkNew<vtkCellArray> lines;
  vtkNew<vtkIntArray> obstacle;
  obstacle->SetName("obstacle");
  vtkNew<vtkUnsignedCharArray> moving;
  moving->SetName("moving");
  for (const Outline& o : outlines) {
    if (o.points.size() < 2) continue;
    const vtkIdType first = points->GetNumberOfPoints();
    for (const auto& p : o.points) points->InsertNextPoint(p.x(), p.y(), p.z());
    const auto n = static_cast<vtkIdType>(o.points.size());
    lines->InsertNextCell(n + (o.closed ? 1 : 0));
    for (vtkIdType k = 0; k < n; ++k) lines->InsertCellPoint(first + k);
    if (o.closed) lines->InsertCellPoint(first);
    obstacle->InsertNextValue(static_cast<int>(o.obstacle));
    moving->InsertNextValue(o.moving ? 1 : 0);
  }
  vtkNew<vtkPolyData> poly;
  poly->SetPoints(points);
  poly->SetLines(lines);
  poly->GetCellData()->AddArray(obstacle);
  poly->GetCellData()->AddArray(moving);
  vtkNew<vtkXMLPolyDataWriter> writer;
  writer->SetFileName(path.string().c_str());
  writer->SetInputData(poly);
  writer->SetDataModeToBinary();
  // VTK reports a full disk in its error code (Write() could still return 1).
  if (writer->Write() != 1 || writer->GetErrorCode() != 0)
    throw std::runtime_error("cannot write " + path.string() + ": " + vtkErrorCode::GetStringFromErrorCode(writer->GetErrorCode()));
}

void writePvdCollection(const std::filesystem::path& path, const std::vector<double>& times,
                        const std::vector<std::string>& files) {
  std::ofstream out(path);
  out << "<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n"
         "  <Collection>\n";
  for (std::size_t i = 0; i < times.size() && i < files.size(); ++i) {
    // The shortest text that reads back to the same double (17 digits wrote 0.1 as
    // 0.10000000000000001), as trajectories.csv writes its times.
    char time[32];
    const auto end = std::to_chars(time, time + sizeof time, times[i]).ptr;
    out << "    <DataSet timestep=\"" << std::string_view(time, static_cast<std::size_t>(end - time))
        << "\" group=\"\" part=\"0\" file=\"" << files[i] << "\"/>\n";
  }
  out << "  </Collection>\n</VTKFile>\n";
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace steer::viz
