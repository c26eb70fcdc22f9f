#pragma once
// How many single-character insertions, deletions, substitutions and swaps of two neighbouring
// characters turn one word into another (the optimal string alignment distance): for "did you
// mean" hints on misspelt commands and keys. A swap counts as one edit, so that "nmae" is one
// edit from "name" (Levenshtein counts two, and a hint needs fewer edits than half the letters).
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace steer::experiments {

inline std::size_t editDistance(std::string_view a, std::string_view b) {
  // Three rows of the table: i − 2, i − 1 and i.
  std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, row);
  }
  return previous[b.size()];
}

/// The candidate `word` is likely a misspelling of: the nearest within two edits and fewer edits
/// than half its letters ("max" is no misspelt "min"), the first of equals in the candidates'
/// order; empty when none is that near.
template <class Candidates>
std::string nearestWord(std::string_view word, const Candidates& candidates) {
  std::string best;
  std::size_t bestDistance = 3;
  for (const auto& candidate : candidates) {
    const std::string_view known(candidate);
    if (const std::size_t d = editDistance(word, known); d < bestDistance && 2 * d < known.size()) {
      best = std::string(known);
      bestDistance = d;
    }
  }
  return best;
}

}  // namespace steer::experiments
