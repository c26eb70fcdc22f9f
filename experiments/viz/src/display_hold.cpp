#include "steer/viz/display_hold.hpp"

#include <X11/Xlib.h>

namespace steer::viz {

// A plain Xlib connection: a client of the server like a window's, without a GL context (a 1 × 1
// VTK window held one too, and the GL driver's allocations, unloaded at exit, read as leaks).
struct DisplayHold::Connection {
  Display* display = nullptr;
};

DisplayHold::DisplayHold() : connection_(std::make_unique<Connection>()) {
  connection_->display = XOpenDisplay(nullptr);  // none: nothing to hold, the windows will say why
}

DisplayHold::~DisplayHold() {
  if (connection_->display != nullptr) XCloseDisplay(connection_->display);
}

void DisplayHold::leaveOpen() { connection_->display = nullptr; }

}  // namespace steer::viz
