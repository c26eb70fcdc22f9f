#pragma once
// Reading an input file named by the user (scenario, velocity field, a run's summary.json) as
// bad input should be read: a folder, a device or an endless stream (/dev/urandom), a file too
// large to be meant, or JSON nested deeper than any of ours is an InputError naming the file, not
// a hang, a crash or an allocator failure.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "json_location.hpp"
#include "steer/experiments/input_error.hpp"

namespace steer::experiments {

/// Why `path` cannot be read as a file: "no such file", "a folder" or "not a regular file"
/// (a FIFO, a device); empty when it is a regular file.
std::string whyNotARegularFile(const std::string& path);

/// Throws unless `path` is a regular file (not missing, a folder, a FIFO or a device: reading a
/// FIFO waited forever for a writer); `what` names it in errors ("the scenario file", ...).
void requireRegularFile(const std::string& path, const std::string& what);

/// The whole of `path`, a regular file of at most `maxBytes`; `what` names it in errors
/// ("the scenario file", ...).
std::string readInputFile(const std::string& path, const std::string& what, std::size_t maxBytes = std::size_t{1} << 30);

/// The line and column (both from 1) of byte `offset` of `text`, as `file`'s place.
SourceLocation locationOfByte(const std::string& file, const std::string& text, std::size_t offset);

/// `path` parsed as JSON (readInputFile's checks; nesting at most 64 deep), with its text kept
/// to place errors about its content (JsonFile::fail). A syntax error is reported at its line
/// and column.
JsonFile readJsonFile(const std::string& path, const std::string& what);

}  // namespace steer::experiments
