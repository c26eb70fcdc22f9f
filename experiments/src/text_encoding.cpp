#include "text_encoding.hpp"

namespace steer::experiments {

std::optional<std::size_t> firstBadTextByte(std::string_view text) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = byte(i);
    if (c == 0) return i;
    if (c < 0x80) {
      ++i;
      continue;
    }
    // The lead byte gives the length and the range the second byte may take (Unicode 15, Table
    // 3-7: E0 and F0 exclude overlong forms, ED the surrogates, F4 what lies past U+10FFFF).
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) length = 2;
    else if (c == 0xE0) length = 3, low = 0xA0;
    else if (c == 0xED) length = 3, high = 0x9F;
    else if (c >= 0xE1 && c <= 0xEF) length = 3;
    else if (c == 0xF0) length = 4, low = 0x90;
    else if (c >= 0xF1 && c <= 0xF3) length = 4;
    else if (c == 0xF4) length = 4, high = 0x8F;
    else return i;
    if (i + length > text.size()) return i;
    if (byte(i + 1) < low || byte(i + 1) > high) return i;
    for (std::size_t k = 2; k < length; ++k)
      if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return i;
    i += length;
  }
  return std::nullopt;
}

}  // namespace steer::experiments
