#include "steer/experiments/input_error.hpp"

namespace steer::experiments {

std::string formatLocation(const SourceLocation& where) {
  std::string out = where.file.empty() ? std::string("<input>") : where.file;
  if (where.line > 0) {
    out.append(1, ':').append(std::to_string(where.line));
    if (where.column > 0) out.append(1, ':').append(std::to_string(where.column));
  }
  return out;
}

InputError::InputError(SourceLocation where, const std::string& message)
    : std::runtime_error(formatLocation(where) + ": " + message), where_(std::move(where)), message_(message) {}

}  // namespace steer::experiments
