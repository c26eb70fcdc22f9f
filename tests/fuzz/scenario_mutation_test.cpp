// The scenario fuzzer's own mutations (scenario_mutation*.cpp): the parent process makes every
// mutant, so a mutation that crashes ends a whole run (tests/fuzz/README.md).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fuzz/scenario_mutation.hpp"

namespace steer::fuzz {
namespace {

// A SteerSuite case whose agent's position sits `levels` elements deep, as mutation 7 (nested
// deeply) leaves it.
std::string deeplyNestedCase(int levels) {
  std::string text = "<SteerBenchTestCase><header><version>1.0</version><name>deep</name></header><agent>";
  text.reserve(text.size() + 8 * static_cast<std::size_t>(levels) + 200);
  for (int k = 0; k < levels; ++k) text += "<x>";
  text += "<position><x>1</x><y>0</y><z>2</z></position>";
  for (int k = 0; k < levels; ++k) text += "</x>";
  text += "</agent></SteerBenchTestCase>";
  return text;
}

// pugixml frees a removed subtree by recursion, a stack frame per level: deleting or emptying an
// element above a deep nest overflowed the stack and killed the fuzzer (seed 7308796, whose
// second mutation deleted the nest its first had made). Most elements of this case lie in the
// nest, so most seeds mutate one of them; about a sixth delete or empty one far above the bottom.
TEST(ScenarioMutation, XmlMutationsOfADeepNestLeaveTheStackAlone) {
  const std::string nested = deeplyNestedCase(400000);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    std::string text = nested;
    MutationRandom random(seed);
    std::vector<std::string> steps;
    ASSERT_TRUE(mutateXml(text, random, steps)) << "seed " << seed;
    ASSERT_EQ(steps.size(), 1u) << "seed " << seed;
  }
}

}  // namespace
}  // namespace steer::fuzz
