#include "offscreen.hpp"

#include <vtkActor2D.h>
#include <vtkCallbackCommand.h>
#include <vtkCellArray.h>
#include <vtkCommand.h>
#include <vtkNew.h>
#include <vtkPNGWriter.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper2D.h>
#include <vtkProperty2D.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>
#include <vtkWindowToImageFilter.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace steer::viz {

namespace {

// Keeps the writer's errors from VTK's log (which printed a coloured line of its own before our
// message); the reason is told once, in the exception.
void swallowVtkError(vtkObject*, unsigned long, void*, void*) {}

// Why `file` cannot be written, asked of the C library (VTK says only "Unable to open file").
std::string whyNotWritable(const std::string& file) {
  errno = 0;
  std::FILE* f = std::fopen(file.c_str(), "wb");
  if (f == nullptr) return std::generic_category().message(errno != 0 ? errno : EIO);
  std::fclose(f);
  std::remove(file.c_str());
  return "the PNG writer failed (disk full?)";
}

}  // namespace

void saveWindowPng(vtkRenderWindow* window, const std::string& path) {
  window->Render();
  vtkNew<vtkWindowToImageFilter> grab;
  grab->SetInput(window);
  grab->SetInputBufferTypeToRGB();
  grab->ReadFrontBufferOff();  // the back buffer holds the frame just rendered, even offscreen
  grab->Update();
  // Written beside the picture under another name and renamed when whole, so that a failed
  // write (a full disk) leaves no cut-off PNG under the picture's name.
  const std::string part = path + ".part";
  vtkNew<vtkCallbackCommand> quiet;
  quiet->SetCallback(swallowVtkError);
  vtkNew<vtkPNGWriter> writer;
  writer->AddObserver(vtkCommand::ErrorEvent, quiet);
  writer->SetFileName(part.c_str());
  writer->SetInputConnection(grab->GetOutputPort());
  writer->Write();
  std::error_code ec;
  if (writer->GetErrorCode() != 0 || !std::filesystem::is_regular_file(part, ec) || std::filesystem::file_size(part, ec) == 0) {
    std::filesystem::remove(part, ec);
    throw std::runtime_error("cannot write " + path + " (through " + part + "): " + whyNotWritable(part));
  }
  std::filesystem::rename(part, path, ec);
  if (ec) {
    const std::string reason = ec.message();
    std::filesystem::remove(part, ec);
    throw std::runtime_error("cannot write " + path + ": " + reason);
  }
}

int fontSizeFor(int width, int largest) {
  return std::clamp(static_cast<int>(std::lround(width * largest / 900.0)), std::min(9, largest), largest);
}

void addTitle(vtkRenderer* renderer, const std::string& title, int width, int height) {
  if (title.empty()) return;
  vtkNew<vtkTextActor> actor;
  actor->SetInput(title.c_str());
  actor->GetTextProperty()->SetColor(0, 0, 0);
  const int size = fontSizeFor(width, 16);
  actor->GetTextProperty()->SetFontSize(size);
  actor->SetDisplayPosition(8, height - 8 - size);
  renderer->AddActor2D(actor);
}

int titleStripHeight(int width) { return fontSizeFor(width, 16) + 16; }

double axisTopWithLegendRoom(double lo, double hi, double pad, std::size_t entries, int height) {
  if (entries == 0) return hi + pad;
  const double plotPixels = std::max(100.0, height - 170.0);
  const double share = std::min(0.5, (18.0 * static_cast<double>(entries) + 16.0) / plotPixels);
  return hi + pad + share / (1.0 - share) * (hi + pad - lo);
}

void addLegend(vtkRenderer* renderer, const std::vector<LegendEntry>& entries, int left, int top, int width) {
  const int size = std::max(9, fontSizeFor(width, 16) - 3);
  const int line = size + 8;
  for (std::size_t k = 0; k < entries.size(); ++k) {
    const int base = top - static_cast<int>(k + 1) * line;  // the line's bottom
    // The swatch: a filled square in display pixels (vtkPolyDataMapper2D's default coordinates).
    vtkNew<vtkPoints> corners;
    corners->InsertNextPoint(left, base, 0);
    corners->InsertNextPoint(left + size, base, 0);
    corners->InsertNextPoint(left + size, base + size, 0);
    corners->InsertNextPoint(left, base + size, 0);
    vtkNew<vtkCellArray> square;
    const vtkIdType ids[4] = {0, 1, 2, 3};
    square->InsertNextCell(4, ids);
    vtkNew<vtkPolyData> swatch;
    swatch->SetPoints(corners);
    swatch->SetPolys(square);
    vtkNew<vtkPolyDataMapper2D> mapper;
    mapper->SetInputData(swatch);
    vtkNew<vtkActor2D> actor;
    actor->SetMapper(mapper);
    const auto c = entries[k].colour.unit();
    actor->GetProperty()->SetColor(c[0], c[1], c[2]);
    renderer->AddActor2D(actor);
    vtkNew<vtkTextActor> text;
    text->SetInput(entries[k].name.c_str());
    text->GetTextProperty()->SetColor(0, 0, 0);
    text->GetTextProperty()->SetFontSize(size);
    text->SetDisplayPosition(left + size + 6, base);
    renderer->AddActor2D(text);
  }
}

}  // namespace steer::viz
