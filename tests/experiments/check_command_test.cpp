// `steer check SCENARIO`: reads a scenario exactly as `steer run` does and says what it holds,
// without running it or writing anything.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "experiments/command_helpers.hpp"
#include "steer/experiments/scenario.hpp"

using steer::test::runSteer;
using steer::test::scratchDir;
namespace fs = std::filesystem;

namespace {
const std::string kData = STEER_TEST_DATA_DIR;

std::vector<std::string> badFiles() {
  std::vector<std::string> files;
  std::ifstream in(kData + "/bad/EXPECTED.txt");
  std::string row;
  while (std::getline(in, row))
    if (!row.empty() && row[0] != '#') files.push_back(row.substr(0, row.find('|')));
  return files;
}

std::vector<fs::path> shippedScenarios() {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(std::string(STEER_SOURCE_DIR) + "/experiments/scenarios"))
    if (e.path().extension() == ".yaml" || e.path().extension() == ".xml") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The files under `dir`, for "nothing was written".
std::set<std::string> listing(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& e : fs::recursive_directory_iterator(dir)) names.insert(e.path().string());
  return names;
}

// Runs steer with `dir` as the working directory (a run without --out writes into runs/ there).
steer::test::CommandResult runIn(const fs::path& dir, const std::string& arguments) {
  const fs::path before = fs::current_path();
  fs::current_path(dir);
  auto r = runSteer(arguments);
  fs::current_path(before);
  return r;
}
}  // namespace

// The oracle is `steer run` itself: on every bad-input file check exits 2 with run's message.
TEST(SteerCheck, FailsOnEveryBadInputWithRunsMessage) {
  const auto files = badFiles();
  ASSERT_GE(files.size(), 20u);
  for (const auto& file : files) {
    SCOPED_TRACE(file);
    const std::string path = kData + "/bad/" + file;
    const fs::path out = scratchDir("check_bad");
    const auto run = runSteer("run " + path + " --model straight --neighbors brute --quiet --out " + out.string(),
                              steer::test::kBadInputSeconds);
    const auto check = runSteer("check " + path + " --model straight --neighbors brute", steer::test::kBadInputSeconds);
    // run against itself too: a reader fault the two share (a crash, an exit 1, a message
    // without the file) would otherwise pass as "the same".
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_EQ(run.err.rfind(path + ":", 0), 0u) << "the message names the file: " << run.err;
    EXPECT_EQ(check.status, 2);
    EXPECT_EQ(check.err, run.err);
    EXPECT_EQ(check.out, "");
    fs::remove_all(out);
  }
}

// Every scenario we ship is valid; the summary gives what the reader read (the loader as the
// oracle), and nothing is written where it runs.
TEST(SteerCheck, SaysWhatEveryShippedScenarioHoldsAndWritesNothing) {
  const fs::path dir = scratchDir("check_shipped");
  fs::create_directories(dir);
  const auto files = shippedScenarios();
  ASSERT_GE(files.size(), 10u);
  for (const auto& file : files) {
    SCOPED_TRACE(file.string());
    const auto r = runIn(dir, "check " + file.string());
    EXPECT_EQ(r.status, 0) << r.err;
    const steer::experiments::Scenario s = steer::experiments::loadScenario(file.string());
    EXPECT_NE(r.out.find("  scenario: " + s.name + ", " + std::to_string(s.world.dimension) + "D"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("run: model " + s.model + ", planner " + s.planner + ", neighbors " + s.neighbors), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find(", seed " + std::to_string(s.settings.seed) + "\n"), std::string::npos) << r.out;
    const std::string agents = s.world.agents.empty() ? "agents: none" : "agents: " + std::to_string(s.world.agents.size());
    EXPECT_NE(r.out.find(agents), std::string::npos) << r.out;
    const std::string obstacles =
        s.world.obstacles.empty() ? "obstacles: none" : "obstacles: " + std::to_string(s.world.obstacles.size()) + " (";
    EXPECT_NE(r.out.find(obstacles), std::string::npos) << r.out;
  }
  EXPECT_TRUE(listing(dir).empty()) << "check wrote " << *listing(dir).begin();
  fs::remove_all(dir);
}

// The options change what is checked as they change what is run: --planner, --dt and --param
// show in the summary, and a bad --param is bad input there too.
TEST(SteerCheck, TakesRunsOptions) {
  const std::string yaml = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/u_trap.yaml";
  const auto r = runSteer("check " + yaml + " --planner hybrid --dt 0.02 --duration 10 --seed 9 --model reynolds");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("model reynolds, planner hybrid"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("dt 0.02 s, duration 10 s (500 steps), seed 9"), std::string::npos) << r.out;
  const auto bad = runSteer("check " + yaml + " --param local.nonsense=1");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("nonsense"), std::string::npos) << bad.err;
  EXPECT_EQ(runSteer("check " + yaml + " --out x").status, 2) << "check writes nothing: it has no --out";
}

// Agents that would leave at t = 0 are noted, as run notes them.
TEST(SteerCheck, NotesAgentsWithoutGoals) {
  const fs::path dir = scratchDir("check_idle");
  fs::create_directories(dir);
  std::ofstream(dir / "idle.yaml") << "world: {min: [-5, -5], max: [5, 5]}\nagents:\n  - {position: [0, 0]}\n";
  const auto r = runSteer("check " + (dir / "idle.yaml").string());
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.err.find("steer check: note: 1 of 1 agents have no goals"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("goals: none"), std::string::npos) << r.out;
  fs::remove_all(dir);
}

// Shapes and goals by the names the scenario file gives them.
TEST(SteerCheck, NamesShapesAndGoalsAsTheFileDoes) {
  const fs::path dir = scratchDir("check_shapes");
  fs::create_directories(dir);
  std::ofstream(dir / "shapes.yaml")
      << "world: {min: [-20, -20], max: [20, 20]}\n"
         "obstacles:\n"
         "  - circle: {center: [0, 0], radius: 1}\n"
         "  - segment: {from: [3, -4], to: [3, 4]}\n"
         "  - polygon: {vertices: [[6, 0], [8, 0], [7, 2]]}\n"
         "  - box: {min: [-5, -5], max: [-3, -2]}\n"
         "  - oriented_box: {center: [0, -8], size: [4, 1], angle_deg: 30}\n"
         "  - circle: {center: [0, 10], radius: 0.5}\n"
         "    path: {waypoints: [[0, 10], [10, 10]], speed: 1.0, loop: true}\n"
         "agents:\n"
         "  - {position: [-10, 0], goals: [{kind: seek, target: [10, 0]}, {kind: idle, duration: 2}]}\n"
         "  - {position: [-10, 5], goals: [{kind: region, min: [12, 12], max: [14, 14]}]}\n";
  const auto r = runSteer("check " + (dir / "shapes.yaml").string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("obstacles: 6 (2 circles, 1 segment, 1 polygon, 1 box, 1 oriented_box), 1 moving; the world's bounds are not walls\n"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("goals: 1 seek, 1 idle, 1 region\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("agents: 2; radius 0.5 m"), std::string::npos) << r.out;
  fs::remove_all(dir);
}

// The walls that `walls: true` adds are not counted among the file's obstacles, and are said;
// sections a model does not read are named as such; a Reynolds run's behaviors are listed, so
// that a --param on them shows.
TEST(SteerCheck, SaysWhatClosesTheWorldAndWhichSectionsTheModelReads) {
  const fs::path dir = scratchDir("check_sections");
  fs::create_directories(dir);
  std::ofstream(dir / "closed.yaml") << "world: {min: [-5, -5], max: [5, 5], walls: true}\n"
                                        "agents:\n  - {position: [0, 0], goals: [{kind: seek, target: [3, 0]}]}\n"
                                        "reynolds: {behaviors: [{kind: seek_goal}]}\n";
  const auto goldenstein = runSteer("check " + (dir / "closed.yaml").string());
  EXPECT_EQ(goldenstein.status, 0) << goldenstein.err;
  EXPECT_NE(goldenstein.out.find("obstacles: none; the world closed by 4 walls along its bounds\n"), std::string::npos)
      << goldenstein.out;
  EXPECT_NE(goldenstein.out.find("sections: reynolds (not read by the goldenstein model)\n"), std::string::npos)
      << goldenstein.out;
  const auto reynolds = runSteer("check " + (dir / "closed.yaml").string() +
                                 " --model reynolds --param 'reynolds.behaviors=[{kind: fly_by, distance: 2}, {kind: separation}]'");
  EXPECT_EQ(reynolds.status, 0) << reynolds.err;
  EXPECT_NE(reynolds.out.find("sections: reynolds\n  reynolds behaviors: fly_by, separation\n"), std::string::npos)
      << reynolds.out;
  const auto xml = runSteer("check " + std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/steersuite/doorway.xml");
  EXPECT_NE(xml.out.find("(as converted from SteerSuite's)"), std::string::npos) << xml.out;
  fs::remove_all(dir);
}
