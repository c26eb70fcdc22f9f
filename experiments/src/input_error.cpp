#include "steer/experiments/input_error.hpp"

#include <string>

namespace steer::experiments {

std::string formatLocation(const SourceLocation& where) {
  std::string out = where.file.empty() ? std::string("<input>") : where.file;
  if (where.line > 0) {
    out.append(1, ':').append(std::to_string(where.line));
    if (where.column > 0) out.append(1, ':').append(std::to_string(where.column));
  }
  return out;
}

namespace {
// One line of reasonable length, whatever the input held: values are quoted from the file, and a
// string with a newline split the message over lines, a megabyte-long one made a megabyte line.
constexpr std::size_t kLongest = 2000;

std::string oneLine(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (u < 0x20 || u == 0x7f) {
      static const char* kHex = "0123456789abcdef";
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  if (out.size() > kLongest) {
    const std::size_t keep = kLongest / 2;
    std::size_t tail = out.size() - keep;
    while (tail < out.size() && (static_cast<unsigned char>(out[tail]) & 0xc0) == 0x80) ++tail;  // whole UTF-8 characters
    std::size_t head = keep;
    while (head > 0 && (static_cast<unsigned char>(out[head]) & 0xc0) == 0x80) --head;
    out = out.substr(0, head) + " [... " + std::to_string(tail - head) + " characters left out ...] " + out.substr(tail);
  }
  return out;
}
}  // namespace

InputError::InputError(SourceLocation where, const std::string& message)
    : std::runtime_error(oneLine(formatLocation(where) + ": " + message)), where_(std::move(where)),
      message_(oneLine(message)) {}

}  // namespace steer::experiments
