#include "offscreen.hpp"

#include <vtkNew.h>
#include <vtkPNGWriter.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>
#include <vtkWindowToImageFilter.h>

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

void addTitle(vtkRenderer* renderer, const std::string& title, int height) {
  if (title.empty()) return;
  vtkNew<vtkTextActor> actor;
  actor->SetInput(title.c_str());
  actor->GetTextProperty()->SetColor(0, 0, 0);
  actor->GetTextProperty()->SetFontSize(16);
  actor->SetDisplayPosition(8, height - 24);
  renderer->AddActor2D(actor);
}

}  // namespace steer::viz
