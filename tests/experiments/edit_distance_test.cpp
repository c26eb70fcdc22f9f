// The distance behind the "a misspelling of ...?" hints: against the definition (insertions,
// deletions, substitutions, a swap of neighbours as one edit), with a brute-force search over
// all words reachable in one edit as the oracle for the small cases.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "edit_distance.hpp"

namespace steer::experiments {
namespace {

// Every word one edit away from `w` over the alphabet "abc".
std::set<std::string> oneEditAway(const std::string& w) {
  std::set<std::string> out;
  for (std::size_t i = 0; i <= w.size(); ++i)
    for (char c : std::string("abc")) out.insert(w.substr(0, i) + c + w.substr(i));  // insert
  for (std::size_t i = 0; i < w.size(); ++i) {
    out.insert(w.substr(0, i) + w.substr(i + 1));  // delete
    for (char c : std::string("abc")) out.insert(w.substr(0, i) + c + w.substr(i + 1));  // substitute
    if (i + 1 < w.size()) out.insert(w.substr(0, i) + w[i + 1] + w[i] + w.substr(i + 2));  // swap
  }
  out.erase(w);
  return out;
}

TEST(EditDistance, KnownPairs) {
  EXPECT_EQ(editDistance("", ""), 0u);
  EXPECT_EQ(editDistance("", "abc"), 3u);
  EXPECT_EQ(editDistance("radius", "radius"), 0u);
  EXPECT_EQ(editDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(editDistance("nmae", "name"), 1u);      // a swap
  EXPECT_EQ(editDistance("raduis", "radius"), 1u);  // a swap
  EXPECT_EQ(editDistance("curage", "courage"), 1u);
  EXPECT_EQ(editDistance("centre", "center"), 1u);  // "re" and "er": a swap
  // The restricted form: a swapped pair is not edited again ("ca" → "abc" takes 3, not 2).
  EXPECT_EQ(editDistance("ca", "abc"), 3u);
}

TEST(EditDistance, IsOneExactlyForTheWordsOneEditAway) {
  for (const std::string w : {"", "a", "ab", "abc", "cab", "aab"}) {
    const auto near = oneEditAway(w);
    for (const std::string& v : near) EXPECT_EQ(editDistance(w, v), 1u) << w << " / " << v;
    // Every other word of up to four letters over the alphabet is farther (or the word itself).
    std::set<std::string> all{""};
    for (int len = 1; len <= 4; ++len)
      for (int code = 0; code < 81; ++code) {
        std::string v;
        for (int k = 0, c = code; k < len; ++k, c /= 3) v += static_cast<char>('a' + c % 3);
        if (static_cast<int>(v.size()) == len) all.insert(v);
      }
    for (const std::string& v : all)
      if (near.count(v) == 0) {
        EXPECT_NE(editDistance(w, v), 1u) << w << " / " << v;
      }
  }
}

TEST(EditDistance, TheNearestWordIsWithinTwoEditsAndHalfItsLetters) {
  const std::set<std::string> keys{"max", "name", "radius", "desired_speed"};
  EXPECT_EQ(nearestWord("raduis", keys), "radius");
  EXPECT_EQ(nearestWord("desired_sped", keys), "desired_speed");
  EXPECT_EQ(nearestWord("min", keys), "");  // two edits from "max": not fewer than half its letters
  EXPECT_EQ(nearestWord("colour", keys), "");
}

TEST(EditDistance, IsSymmetric) {
  for (const std::string a : {"heading", "heading_deg", "nmae", "name", "ca", "abc", "desired_sped"})
    for (const std::string b : {"heading_deg", "name", "abc", "desired_speed", ""}) EXPECT_EQ(editDistance(a, b), editDistance(b, a));
}

}  // namespace
}  // namespace steer::experiments
