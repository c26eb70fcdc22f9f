#include "offscreen.hpp"

#include <vtkNew.h>
#include <vtkPNGWriter.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>
#include <vtkWindowToImageFilter.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <stdexcept>

namespace steer::viz {

void saveWindowPng(vtkRenderWindow* window, const std::string& path) {
  window->Render();
  vtkNew<vtkWindowToImageFilter> grab;
  grab->SetInput(window);
  grab->SetInputBufferTypeToRGB();
  grab->ReadFrontBufferOff();  // the back buffer holds the frame just rendered, even offscreen
  grab->Update();
  vtkNew<vtkPNGWriter> writer;
  writer->SetFileName(path.c_str());
  writer->SetInputConnection(grab->GetOutputPort());
  writer->Write();
  std::error_code ec;
  if (writer->GetErrorCode() != 0 || !std::filesystem::exists(path, ec) || std::filesystem::file_size(path, ec) == 0)
    throw std::runtime_error("cannot write " + path);
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

}  // namespace steer::viz
