// The `planning:` section as the readers take it (experiments/src/config_planning.cpp): the
// hybrid automaton's `initial` alone, what each guard may and must carry, and a velocity field
// that must reach into the world.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "part_configs.hpp"  // experiments/src: readHybridPlannerParameters, readFieldPlannerParameters
#include "steer/experiments/input_error.hpp"
#include "steer/experiments/scenario.hpp"

using namespace steer;

namespace {
const std::string kHead =
    "name: t\nworld: {min: [-10, -10], max: [10, 10]}\nagents:\n  - {position: [-5, 0], goals: [{kind: seek, target: [5, 0]}]}\n";

experiments::Scenario parse(const std::string& planning) {
  return experiments::parseYamlScenario(kHead + planning, "t.yaml");
}

std::string errorOf(const std::function<void()>& read) {
  try {
    read();
  } catch (const experiments::InputError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

// `initial` alone starts the default automaton in that mode (it read as an automaton of no modes:
// "planning.hybrid.modes: no modes"); a mode the default automaton lacks is an error at `initial`.
TEST(PlanningConfig, InitialAloneStartsTheDefaultAutomatonThere) {
  const auto p = experiments::readHybridPlannerParameters(parse("planning: {hybrid: {initial: escape}}\n"));
  const auto standard = planning::HybridAutomaton::seekOrEscape();
  ASSERT_EQ(p.automaton.modes.size(), standard.modes.size());
  EXPECT_EQ(p.automaton.transitions.size(), standard.transitions.size());
  EXPECT_EQ(p.automaton.initial, "escape");
  EXPECT_NE(standard.initial, "escape");
  const std::string e = errorOf([] { experiments::readHybridPlannerParameters(parse("planning:\n  hybrid: {initial: nowhere}\n")); });
  EXPECT_NE(e.find("t.yaml:6:"), std::string::npos) << e;
  EXPECT_NE(e.find("planning.hybrid.initial"), std::string::npos) << e;
  EXPECT_NE(e.find("nowhere"), std::string::npos) << e;
}

// Each guard carries what it reads and nothing else: a key that did nothing, or a threshold left
// at 0 that could never be crossed, is an error at its place.
TEST(PlanningConfig, AGuardTakesTheKeysItReads) {
  const std::string automaton =
      "planning:\n  hybrid:\n    modes: [{name: a}, {name: b, strategy: follow_wall_left}]\n    transitions:\n"
      "      - {from: a, to: b, when: [";
  const auto read = [&](const std::string& guard) {
    return experiments::readHybridPlannerParameters(parse(automaton + guard + "]}\n"));
  };
  // Accepted: each guard with exactly its keys.
  for (const std::string good : {"{guard: target_visible}", "{guard: target_hidden}", "{guard: progress_below, value: 0.5, window: 3}",
                                 "{guard: time_in_mode_above, value: 2}", "{guard: distance_below, value: 1}",
                                 "{guard: distance_above, value: 1}", "{guard: closer_than_entry, value: 1}"}) {
    SCOPED_TRACE(good);
    EXPECT_NO_THROW(read(good));
  }
  EXPECT_EQ(read("{guard: progress_below, value: 0.5, window: 3}").automaton.transitions[0].guards[0].window, 3.0);
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"{guard: target_visible, value: 3}", "when[0].value: target_visible takes no value"},
      {"{guard: target_hidden, window: 3}", "when[0].window: only progress_below takes a window"},
      {"{guard: distance_below}", "when[0].value: required key is missing"},
      {"{guard: time_in_mode_above, value: 1, window: 2}", "when[0].window: only progress_below takes a window"},
      {"{guard: progress_below, value: 0.5}", "when[0].window: required key is missing"},
      {"{guard: progress_below, value: 0.5, window: 0}", "when[0].window: must be"},
  };
  for (const auto& [guard, expected] : bad) {
    SCOPED_TRACE(guard);
    const std::string e = errorOf([&] { read(guard); });
    EXPECT_NE(e.find("t.yaml:9:"), std::string::npos) << e;
    EXPECT_NE(e.find("planning.hybrid.transitions[0]." + expected), std::string::npos) << e;
  }
}

// A velocity field beyond the world is clamped to its border: one wholly outside the world gave
// every agent its corner's vector. Such a grid is an error; one covering part of the world is not.
TEST(PlanningConfig, AVelocityFieldMustReachIntoTheWorld) {
  const auto dir = std::filesystem::temp_directory_path() / ("steer_planning_config_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto field = [&](double x0, double y0) {
    const auto file = dir / "f.json";
    std::ofstream(file) << "{\"origin\": [" << x0 << ", " << y0 << "], \"spacing\": 1, \"nx\": 3, \"ny\": 2, "
                        << "\"vectors\": [[1, 0], [1, 0], [1, 0], [1, 0], [1, 0], [1, 0]]}";
    return experiments::readFieldPlannerParameters(parse("planning: {field: {file: " + file.string() + "}}\n"));
  };
  EXPECT_NO_THROW(field(9, 9));  // reaches the corner (10, 10)
  EXPECT_NO_THROW(field(-12, -11));
  for (const auto& [x0, y0] : std::vector<std::pair<double, double>>{{100, 100}, {-20, 0}, {0, 10.5}}) {
    SCOPED_TRACE(std::to_string(x0) + ", " + std::to_string(y0));
    const std::string e = errorOf([&] { field(x0, y0); });
    EXPECT_NE(e.find("f.json:1:12: origin: the grid spans"), std::string::npos) << e;  // at the origin's value
    EXPECT_NE(e.find("outside the world"), std::string::npos) << e;
  }
  std::filesystem::remove_all(dir);
}
