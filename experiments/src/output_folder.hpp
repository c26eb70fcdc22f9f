#pragma once
// The folder a command writes to (--out): made, and checked writable, before anything is
// computed, so that a path that is a file or a folder that cannot be written is bad input
// (exit 2, the option named), not a filesystem error after the work (exit 1).
#include <filesystem>

namespace steer::experiments {

/// Creates `out` (and its parents) if needed; throws InputError at "<command line>" naming
/// --out when it cannot be made or written in.
void makeOutputFolder(const std::filesystem::path& out);

}  // namespace steer::experiments
