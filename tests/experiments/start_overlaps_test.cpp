// Bodies overlapping at the start are an error naming the pair with the lowest later id, then the
// lowest earlier id (validate_scenario.cpp). The oracle is every pair compared directly, on random
// crowds of mixed radii with a few bodies so large that the grid lists them apart.
#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>

#include "steer/experiments/input_error.hpp"
#include "steer/experiments/scenario.hpp"

namespace {

using namespace steer;

struct Body {
  double x, y, r;
};

// The pair validateScenario should report, by comparing every pair ("" when none overlaps by more
// than the collision tolerance, 1 mm).
std::string expectedPair(const std::vector<Body>& bodies) {
  for (std::size_t i = 0; i < bodies.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (bodies[i].r + bodies[j].r - std::hypot(bodies[i].x - bodies[j].x, bodies[i].y - bodies[j].y) > 1e-3)
        return "agent " + std::to_string(i) + ": starts overlapping agent " + std::to_string(j) + " ";
  return "";
}

std::string reportedPair(const std::vector<Body>& bodies) {
  std::ostringstream yaml;
  yaml << "world: {min: [-500, -500], max: [500, 500]}\nmodel: straight\nagents:\n";
  yaml.precision(17);
  for (const Body& b : bodies)
    yaml << "  - {position: [" << b.x << ", " << b.y << "], radius: " << b.r << ", stays: true}\n";
  try {  // (reading the file checks the starts, as validateScenario does)
    experiments::validateScenario(experiments::parseYamlScenario(yaml.str(), "t.yaml"));
  } catch (const experiments::InputError& e) {
    // "t.yaml:L:C: agents[i]: agent i: starts overlapping agent j (agents[j]) by ... m"
    const std::string what = e.what();
    const auto at = what.find(": agent ");
    if (at == std::string::npos) return what;
    const auto end = what.find(" (", at);
    return what.substr(at + 2, end == std::string::npos ? std::string::npos : end - at - 1);
  }
  return "";
}

TEST(StartOverlaps, TheReportedPairIsTheLowestLaterThenEarlierId) {
  std::mt19937 rng(21);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  int overlapping = 0, clear = 0, throughLarge = 0;
  for (int trial = 0; trial < 60; ++trial) {
    std::vector<Body> bodies;
    const int n = 50 + trial * 5;
    // A third of the crowds sparse enough that often no pair overlaps, the rest dense.
    const double side = std::sqrt(static_cast<double>(n)) * (trial % 3 == 0 ? 20.0 : 1.2);
    for (int k = 0; k < n; ++k) bodies.push_back({side * (u(rng) - 0.5), side * (u(rng) - 0.5), 0.05 + 0.3 * u(rng)});
    // A body far larger than the grid's cells (listed apart), now and then, away from or among the others.
    if (trial % 4 == 1) {
      const std::size_t at = static_cast<std::size_t>(u(rng) * n);
      bodies[at] = {trial % 8 == 1 ? 400.0 : 0.0, 0.0, 60.0};
      ++throughLarge;
    }
    const std::string want = expectedPair(bodies);
    (want.empty() ? clear : overlapping)++;
    const std::string got = reportedPair(bodies);
    ASSERT_EQ(got.substr(0, want.size()), want) << "trial " << trial << ": " << got;
    ASSERT_EQ(got.empty(), want.empty()) << "trial " << trial << ": " << got;
  }
  EXPECT_GT(overlapping, 10);
  EXPECT_GT(clear, 5);
  EXPECT_GT(throughLarge, 10);
}

}  // namespace
