#pragma once
// The command line as text that pastes back into a shell (comparison.md's and REPORT.md's "Made
// by"): a word with a space, a quote or another character the shell reads is single-quoted.
#include <string>

namespace steer::experiments {

/// `word` as one shell word: as it is when it holds only letters, digits and _ - . / : = , + @ %,
/// else between single quotes (a single quote inside as '\'').
inline std::string shellWord(const std::string& word) {
  const auto plain = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string("_-./:=,+@%").find(c) != std::string::npos;
  };
  bool quote = word.empty();
  for (const char c : word) quote = quote || !plain(c);
  if (!quote) return word;
  std::string out = "'";
  for (const char c : word) {
    if (c == '\'') out.append("'\\''");  // close, an escaped quote, open again
    else out.push_back(c);
  }
  out.push_back('\'');
  return out;
}

/// "steer" and the arguments after argv[0], each a shell word.
inline std::string commandLineText(int argc, const char* const* argv) {
  std::string out = "steer";
  for (int i = 1; i < argc; ++i) {
    out.push_back(' ');
    out += shellWord(argv[i]);
  }
  return out;
}

}  // namespace steer::experiments
