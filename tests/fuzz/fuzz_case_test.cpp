// The fuzz case file: it reads back bit for bit, and bad files get errors that name the line and
// the field. The generators are deterministic and honour the provider asked for.
#include <gtest/gtest.h>

#include <sstream>

#include "fuzz/fuzz_case.hpp"
#include "fuzz/generators.hpp"

namespace steer::fuzz {
namespace {

std::string text(const FuzzCase& c) {
  std::ostringstream out;
  writeCase(c, out);
  return out.str();
}

FuzzCase parse(const std::string& s) {
  std::istringstream in(s);
  return readCase(in, "case.txt");
}

// A small case with every kind of obstacle, a moving one, and numbers that are not finite.
FuzzCase handMade() {
  FuzzCase c;
  c.obstacles = {staticObstacle(ObstacleSpec::Shape::Segment, {0, 0, 1, 0}),
                 {ObstacleSpec::Shape::Ball, {2, 2, 0, 0.5}, {{0, 0, 0}, {1, 0, 0}}, 0.5, true},
                 staticObstacle(ObstacleSpec::Shape::AlignedBox, {-3, -3, -2, -2}),
                 staticObstacle(ObstacleSpec::Shape::OrientedBox, {4, -4, 0.5, 0.25, 0.1}),
                 staticObstacle(ObstacleSpec::Shape::Polygon, {0, 5, 1, 5, 0.5, 6})};
  c.times = {0.0, 0.1};
  c.samples = {{{0.1, 0.2, 0, 0.25, 2, 1, true}, {std::nan(""), 1, 0, 0.3, 1e300, 2, false}},
               {{0.15, 0.2, 0, 0.25, std::numeric_limits<double>::infinity(), 1, true}, {1, 1, 0, 0.3, 2, 2, true}}};
  return c;
}

TEST(FuzzCase, GeneratedCasesReadBackBitForBit) {
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const FuzzCase c = generateCase(seed);
    ASSERT_GT(c.agents(), 0u) << "seed " << seed;
    const FuzzCase back = parse(text(c));
    EXPECT_TRUE(back == c) << "seed " << seed;
  }
  const FuzzCase c = handMade();
  EXPECT_TRUE(parse(text(c)) == c);
}

TEST(FuzzCase, AChangedNumberIsADifferentCase) {
  // The comparison the round trip relies on must see one bit of one sample.
  const FuzzCase c = handMade();
  FuzzCase other = c;
  other.samples[1][0].x = std::nextafter(other.samples[1][0].x, 1.0);
  EXPECT_FALSE(other == c);
  EXPECT_FALSE(parse(text(other)) == c);
}

// The line of `s` that starts with `prefix` (1-based), for the expected error positions.
int lineOf(const std::string& s, const std::string& prefix) {
  std::istringstream in(s);
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (line.rfind(prefix, 0) == 0) return n;
  }
  return -1;
}

void expectError(const std::string& s, const std::string& where) {
  try {
    parse(s);
    ADD_FAILURE() << "no error; expected one at " << where;
  } catch (const CaseFileError& e) {
    EXPECT_NE(std::string(e.what()).find(where), std::string::npos) << e.what();
  }
}

TEST(FuzzCase, BadFilesNameTheLineAndField) {
  const std::string good = text(handMade());
  const int agentLine = lineOf(good, "t ") + 1;  // step 0, agent 0
  std::string bad = good;
  const auto at = bad.find('\n', bad.find("\nt ") + 1) + 1;
  const auto end = bad.find('\n', at);
  bad.replace(at, end - at, "0x1p-1 0x1p+0 0x0p+0 radius? 0x1p+1 0x1p+0 1");
  expectError(bad, "case.txt:" + std::to_string(agentLine) + ": step 0 agent 0 radius: 'radius?' is not a number");

  std::string wrongProvider = good;
  wrongProvider.replace(wrongProvider.find("provider kinetic"), 16, "provider kinetik");
  expectError(wrongProvider, "case.txt:2: provider: 'kinetik' is not one of");

  std::string wrongDimension = good;
  wrongDimension.replace(wrongDimension.find("dimension 2"), 11, "dimension 3");
  expectError(wrongDimension, "case.txt:3: dimension: provider kinetic does not take dimension 3");

  expectError(good.substr(0, good.rfind('\n', good.size() / 2) + 1), "the file ends before it");
  expectError(good + "extra\n", "text after the last step");
  std::string shortSegment = good;
  shortSegment.replace(shortSegment.find("segment 4"), 9, "segment 3");
  expectError(shortSegment, "obstacle 0 number count: wrong for its shape");
  EXPECT_THROW(readCaseFile("/nonexistent/case.txt"), CaseFileError);
}

TEST(FuzzCase, ASeedNamesOneCaseAndTheProviderAskedForIsKept) {
  for (std::uint64_t seed = 100; seed < 120; ++seed) {
    EXPECT_TRUE(generateCase(seed) == generateCase(seed)) << "seed " << seed;
    for (const ProviderKind kind : {ProviderKind::Kinetic2D, ProviderKind::Kinetic3D, ProviderKind::Lattice})
      for (int s = 0; s < kScenarioCount; ++s) {
        const FuzzCase c = generateCase(seed, {.provider = kind, .scenario = static_cast<Scenario>(s)});
        EXPECT_EQ(c.provider, kind) << "seed " << seed << " scenario " << scenarioName(static_cast<Scenario>(s));
        if (kind != ProviderKind::Lattice) {
          EXPECT_EQ(c.dimension, kind == ProviderKind::Kinetic2D ? 2 : 3);
        }
        EXPECT_EQ(c.times.size(), c.samples.size());
      }
  }
}

}  // namespace
}  // namespace steer::fuzz
