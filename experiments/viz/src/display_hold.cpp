#include "steer/viz/display_hold.hpp"

#include <vtkNew.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

namespace steer::viz {

// A 1 × 1 off-screen window, rendered once so that it holds its display connection (a window
// connects when it is first initialised) until it is destroyed.
struct DisplayHold::Window {
  vtkNew<vtkRenderWindow> window;
  vtkNew<vtkRenderer> renderer;
};

DisplayHold::DisplayHold() : window_(std::make_unique<Window>()) {
  window_->window->SetOffScreenRendering(1);
  window_->window->SetSize(1, 1);
  window_->window->AddRenderer(window_->renderer);
  window_->window->Render();
}

DisplayHold::~DisplayHold() = default;

}  // namespace steer::viz
