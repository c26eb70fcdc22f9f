#pragma once
/// @file Deterministic mutations of a good scenario file into (mostly) bad ones: structure-aware
/// ones through the real parsers (yaml-cpp, pugixml), and line- and byte-level ones for what no
/// parser would write (tests/fuzz/README.md, "Mutation fuzzing of the scenario
/// files").
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace steer::fuzz {

/// The fuzzer's random source: one per mutant, from its seed. Draws go through pick() and
/// below(), not std distributions, so that a seed names the same mutant with any library.
class MutationRandom {
 public:
  explicit MutationRandom(std::uint64_t seed) : engine_(seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E5ULL) {}
  std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : engine_() % n; }
  bool chance(unsigned percent) { return below(100) < percent; }
  template <class T>
  const T& pick(const std::vector<T>& from) { return from[below(from.size())]; }

 private:
  std::mt19937_64 engine_;
};

struct Mutant {
  std::string text;
  std::vector<std::string> steps;  ///< what was done, one line each, for the finding's report
};

/// How large a mutant may grow (bytes): a repetition is cut down to stay below it. (Three
/// mutations that each repeated an element 2,000 times made a mutant of tens of gigabytes.)
constexpr std::size_t kLargestMutant = std::size_t{8} << 20;
/// `wanted` copies of a part of a text of `textSize` bytes, or fewer: as many as keep the text
/// within kLargestMutant (at least one).
inline std::size_t copiesWithin(std::size_t wanted, std::size_t textSize) {
  return std::max<std::size_t>(1, std::min(wanted, kLargestMutant / std::max<std::size_t>(1, textSize)));
}

/// One to three mutations of `text`; `xml` tells a SteerSuite case from our YAML.
Mutant mutateScenario(const std::string& text, bool xml, std::uint64_t seed);

/// The values a mutation puts where a scalar stood: non-finite, huge, tiny, negative, zero,
/// whole numbers beyond 64 bits, empty, words. In each format's own spelling.
const std::vector<std::string>& yamlValues();
const std::vector<std::string>& xmlValues();

/// Structure-aware mutations; each returns false when the text does not parse (the caller falls
/// back on a text-level one). `steps` gets a line per mutation made.
bool mutateYaml(std::string& text, MutationRandom& random, std::vector<std::string>& steps);
bool mutateXml(std::string& text, MutationRandom& random, std::vector<std::string>& steps);
/// Line- and byte-level mutations: truncation, flipped, inserted and deleted bytes, lines
/// deleted, duplicated, swapped and re-indented, brackets and tags broken.
void mutateText(std::string& text, bool xml, MutationRandom& random, std::vector<std::string>& steps);

}  // namespace steer::fuzz
