#pragma once
// Running another program (ffmpeg for `steer render --video`) with its arguments passed as they
// are: no shell reads them, so quotes, spaces or `;` in a folder's name are only characters.
// (The command was once a string for std::system, and a `'` in --out ran what followed it.)
#include <string>
#include <vector>

namespace steer::experiments {

/// What became of a program run by runProgram.
struct ProgramResult {
  bool started = false;  ///< false: not found on PATH (or not executable)
  int status = -1;       ///< its exit status when it exited normally, else -1
};

/// Runs `argv[0]` (looked up on PATH) with the arguments argv[1..], stdin, stdout and stderr
/// inherited, and waits for it.
ProgramResult runProgram(const std::vector<std::string>& argv);

}  // namespace steer::experiments
