#pragma once
// Scenario files are Unicode text in UTF-8 (YAML 1.2 §5.2; SteerSuite's XML declares UTF-8), and
// their strings (a scenario's name, a hybrid mode's name) go into summary.json, which must be
// UTF-8 too. A file with a stray Latin-1 byte in a name ran to the end and then failed writing
// its summary (exit 1, a half-written folder); a NUL byte was read as a tab. Checked on reading.
#include <cstddef>
#include <optional>
#include <string_view>

namespace steer::experiments {

/// The offset of the first byte of `text` that does not belong to well-formed UTF-8 (overlong
/// forms, surrogates and code points past U+10FFFF are not), or of its first NUL byte; none when
/// the text is clean.
std::optional<std::size_t> firstBadTextByte(std::string_view text);

}  // namespace steer::experiments
