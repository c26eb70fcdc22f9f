// firstBadTextByte against the well-formed UTF-8 of Unicode's Table 3-7 and the classic
// ill-formed sequences: overlong forms, surrogates, code points past U+10FFFF, stray
// continuation bytes, a sequence cut short, and the NUL byte a text file does not hold.
#include <gtest/gtest.h>

#include <string>

#include "text_encoding.hpp"

namespace steer::experiments {
namespace {

TEST(TextEncoding, WellFormedUtf8PassesWhole) {
  for (const std::string s : {"", "ascii only", "caf\xC3\xA9", "\xE2\x82\xAC 10", "\xF0\x9F\x98\x80 face",
                              "\xED\x9F\xBF (U+D7FF)", "\xEE\x80\x80 (U+E000)", "\xF4\x8F\xBF\xBF (U+10FFFF)"})
    EXPECT_FALSE(firstBadTextByte(s).has_value()) << s;
}

TEST(TextEncoding, TheFirstIllFormedByteIsFound) {
  const struct {
    std::string text;
    std::size_t at;
  } cases[] = {
      {"caf\xE9", 3},                     // Latin-1 é
      {"ab\xFF", 2},                      // never in UTF-8
      {"\xC0\xAF", 0},                    // overlong '/'
      {"\xE0\x80\xAF", 0},                // overlong, three bytes
      {"\xF0\x80\x80\xAF", 0},            // overlong, four bytes
      {"x\xED\xA0\x80", 1},               // a surrogate (U+D800)
      {"\xF4\x90\x80\x80", 0},            // past U+10FFFF
      {"ok \x80", 3},                     // a continuation byte alone
      {"\xE2\x82", 0},                    // cut short at the end
      {"\xE2\x28\xA1", 0},                // cut short by an ASCII byte
      {std::string("a\0b", 3), 1},        // NUL
      {"\xC3\xA9\xC3", 2},                // a good character, then a cut one
  };
  for (const auto& c : cases) {
    const auto bad = firstBadTextByte(c.text);
    ASSERT_TRUE(bad.has_value()) << testing::PrintToString(c.text);
    EXPECT_EQ(*bad, c.at) << testing::PrintToString(c.text);
  }
}

}  // namespace
}  // namespace steer::experiments
