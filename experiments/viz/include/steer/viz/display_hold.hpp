#pragma once
/// @file Keeps one connection to the X server open while pictures are made, one render window
/// after another. Each window opens and closes its own connection, and an Xvfb started without
/// `-noreset` (a plain `xvfb-run -a steer render ...`) resets when its last client leaves: the
/// next window then found no server and VTK aborted ("bad X server connection"), in 9 of 10
/// renders of a 3D run on a loaded machine. Hold one for as long as windows come and go.
#include <memory>

namespace steer::viz {

class DisplayHold {
 public:
  DisplayHold();
  ~DisplayHold();
  DisplayHold(const DisplayHold&) = delete;
  DisplayHold& operator=(const DisplayHold&) = delete;
  /// Leaves the connection for the process's exit to close: after Ctrl-C the server may be gone
  /// (a terminal's signal reaches xvfb-run's Xvfb too), and closing a connection to a dead server
  /// is a fatal X I/O error that ends the process with status 1.
  void leaveOpen();

 private:
  struct Connection;
  std::unique_ptr<Connection> connection_;
};

}  // namespace steer::viz
