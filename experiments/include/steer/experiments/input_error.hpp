#pragma once
/// @file Bad input: one exception type, printed as `FILE:LINE:COLUMN: what is wrong`; the
/// `steer` command turns it into exit status 2 (ARCHITECTURE.md §5).
#include <stdexcept>
#include <string>

namespace steer::experiments {

/// A place in an input file. line and column are 1-based; 0 when the format has none.
struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;
};

class InputError : public std::runtime_error {
 public:
  InputError(SourceLocation where, const std::string& message);
  const SourceLocation& where() const { return where_; }
  /// The message alone, without the location.
  const std::string& message() const { return message_; }

 private:
  SourceLocation where_;
  std::string message_;
};

/// An input file that cannot be read as one at all (missing, a folder, of an unknown format, not
/// text): none of its values is to blame, nor a --param's (withParams leaves its message alone).
class UnreadableFile : public InputError {
 public:
  using InputError::InputError;
};

/// "FILE:LINE:COLUMN: message" (LINE and COLUMN left out when unknown).
std::string formatLocation(const SourceLocation& where);

}  // namespace steer::experiments
