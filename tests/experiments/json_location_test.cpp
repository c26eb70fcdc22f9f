// Where a JSON value starts (json_location.hpp): content errors of the velocity field file and a
// run's summary.json are placed at the value's line and column.
#include "json_location.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "input_file.hpp"

namespace steer::experiments {
namespace {

using Pointer = nlohmann::json::json_pointer;

// A random document: objects, arrays, numbers of each kind, strings with escapes, literals.
nlohmann::json randomJson(std::mt19937& rng, int depth) {
  std::uniform_int_distribution<int> kind(0, depth > 3 ? 5 : 7);
  std::uniform_int_distribution<int> size(0, 4);
  switch (kind(rng)) {
    case 0: return nullptr;
    case 1: return rng() % 2 == 0;
    case 2: return static_cast<int>(rng() % 2000) - 1000;
    case 3: return std::uniform_real_distribution<double>(-1e6, 1e6)(rng);
    case 4: {
      std::string s = "s\"q,:{[\\\n";  // what a scan must not stop at
      s.append(std::to_string(rng() % 100));
      return s;
    }
    case 5: return rng() % 3 == 0 ? std::uint64_t{18446744073709551615u} : std::uint64_t{rng() % 7};
    case 6: {
      nlohmann::json a = nlohmann::json::array();
      for (int k = size(rng); k > 0; --k) a.push_back(randomJson(rng, depth + 1));
      return a;
    }
    default: {
      nlohmann::json o = nlohmann::json::object();
      for (int k = size(rng); k > 0; --k) {
        std::string key = "k";
        key.append(std::to_string(rng() % 10)).append(", \"x\": 1");
        o[key] = randomJson(rng, depth + 1);
      }
      return o;
    }
  }
}

// Every value's pointer: the leaves flatten() gives, and every container above them.
std::vector<Pointer> everyPointer(const nlohmann::json& doc) {
  std::vector<Pointer> all;
  const nlohmann::json flat = doc.flatten();  // kept: items() of a temporary dangles
  for (const auto& [key, leaf] : flat.items())
    for (Pointer p(key);; p = p.parent_pointer()) {
      all.push_back(p);
      if (p.empty()) break;
    }
  return all;
}

// The oracle: the value at `p` replaced by a marker and the document dumped again the same way.
// Everything before the value is the same text, so the marker starts where the value did.
TEST(JsonLocation, EveryValueOfRandomDocumentsIsPlacedAtItsFirstCharacter) {
  std::mt19937 rng(20261130);
  int placed = 0;
  for (int doc = 0; doc < 1000; ++doc) {
    nlohmann::json j = randomJson(rng, 0);
    const int indent = static_cast<int>(rng() % 4) - 1;  // -1: one line; 0: a line per value
    const std::string text = j.dump(indent);
    for (const auto& p : everyPointer(j)) {
      nlohmann::json marked = j;
      marked[p] = "@@marker@@";
      const std::size_t at = marked.dump(indent).find("\"@@marker@@\"");
      ASSERT_NE(at, std::string::npos);
      const SourceLocation expected = locationOfByte("f.json", text, at);
      const SourceLocation got = locateJsonValue("f.json", text, p);
      EXPECT_EQ(got.line, expected.line) << p.to_string() << " in\n" << text;
      EXPECT_EQ(got.column, expected.column) << p.to_string() << " in\n" << text;
      ++placed;
    }
  }
  EXPECT_GT(placed, 2000);  // the documents are not all scalars
}

TEST(JsonLocation, AnAbsentMemberIsPlacedAtItsObjectAndANameOfNothingAtLineZero) {
  const std::string text = "{\n  \"a\": {\n    \"b\": [1, 2]\n  }\n}";
  EXPECT_EQ(locateJsonValue("f", text, Pointer("/a/missing")).line, 2);
  EXPECT_EQ(locateJsonValue("f", text, Pointer("/a/missing")).column, 8);
  EXPECT_EQ(locateJsonValue("f", text, Pointer("/a/b/7")).line, 3);  // the list, which has no 8th entry
  EXPECT_EQ(locateJsonValue("f", text, Pointer("/a/b/1")).column, 14);
  // A path through a number: the number is what is wrong.
  EXPECT_EQ(locateJsonValue("f", text, Pointer("/a/b/0/x")).column, 11);
  EXPECT_EQ(locateJsonValue("f", "not json", Pointer("/a")).line, 0);
  EXPECT_EQ(locateJsonValue("f", "[1, 2", Pointer("/1")).column, 5);  // found before the syntax error
}

// nlohmann skips a UTF-8 byte-order mark: the top value is placed after it (it was placed at the
// mark, 1:1).
TEST(JsonLocation, AByteOrderMarkIsNotTheFirstValue) {
  const std::string text = "\xEF\xBB\xBF\n\n{\"a\": 1}";
  EXPECT_EQ(locateJsonValue("f", text, Pointer("/nx")).line, 3);  // absent: its object, on line 3
  EXPECT_EQ(locateJsonValue("f", text, Pointer("/a")).column, 7);
}

TEST(JsonLocation, AFileErrorNamesTheValuesLine) {
  const JsonFile file{"field.json", "{\"vectors\": [\n  [1, 0],\n  [1, \"x\"]\n]}", nlohmann::json::parse("{\"vectors\": [[1, 0], [1, \"x\"]]}")};
  try {
    file.fail(Pointer("/vectors/1/1"), "vectors[1]: expected a finite number");
    FAIL() << "fail() returned";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "field.json:3:7: vectors[1]: expected a finite number");
  }
}

}  // namespace
}  // namespace steer::experiments
