// `steer compare` and `steer sweep` as a user runs them: the files they write, rows that equal
// `steer run` with the same seed, and exit status 2 with nothing written for bad input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <algorithm>
#include <set>
#include <sstream>

#include "experiments/command_helpers.hpp"

using steer::test::runSteer;
using steer::test::scratchDir;
using steer::test::slurp;
namespace fs = std::filesystem;

namespace {
const std::string kData = STEER_TEST_DATA_DIR;
const std::string kSmall = kData + "/yaml/batch_small.yaml";

std::vector<std::vector<std::string>> readCsv(const fs::path& p) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(slurp(p));
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::stringstream s(line);
    std::string cell;
    while (std::getline(s, cell, ',')) cells.push_back(cell);
    if (!line.empty() && line.back() == ',') cells.emplace_back();
    rows.push_back(cells);
  }
  return rows;
}

std::size_t column(const std::vector<std::string>& header, const std::string& name) {
  const auto it = std::find(header.begin(), header.end(), name);
  EXPECT_NE(it, header.end()) << name;
  return static_cast<std::size_t>(it - header.begin());
}

// Every metric of `row` equals summary.json's, except the ones that measure time.
void expectRowEqualsSummary(const std::vector<std::string>& header, const std::vector<std::string>& row,
                            const nlohmann::json& summary) {
  for (std::size_t c = 0; c < header.size(); ++c) {
    const std::string& key = header[c];
    if (key == "wall_seconds" || key == "simulation_seconds" || key == "setup_seconds" || key == "agent_steps_per_second") continue;
    std::string pointer = "/" + key;
    std::replace(pointer.begin(), pointer.end(), '.', '/');
    if (!summary.contains(nlohmann::json::json_pointer(pointer))) continue;  // factor columns
    const auto& v = summary.at(nlohmann::json::json_pointer(pointer));
    if (v.is_null()) {
      EXPECT_EQ(row[c], "") << key;
    } else if (v.is_number()) {
      EXPECT_EQ(std::stod(row[c]), v.get<double>()) << key;
    } else if (key == "scenario") {  // the csv names it as summary.json's scenario_name does
      EXPECT_EQ(row[c], summary.at("scenario_name").get<std::string>()) << key;
    } else if (v.is_string()) {
      EXPECT_EQ(row[c], v.get<std::string>()) << key;
    }
  }
}
}  // namespace

TEST(SteerCompare, RowsEqualTheIndividualRunsWithTheSameSeed) {
  const fs::path out = scratchDir("compare");
  const auto r = runSteer("compare " + kSmall + " " + kData + "/steersuite/minimal.xml --models goldenstein,straight "
                          "--planners direct --seeds 2 --threads 2 --duration 20 --no-charts --quiet --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << "no progress bar when stderr is not a terminal: " << r.err;
  EXPECT_FALSE(fs::exists(out / "RUNNING"));
  const auto csv = readCsv(out / "comparison.csv");
  ASSERT_EQ(csv.size(), 1u + 2 * 2 * 2);
  const auto& header = csv[0];
  const auto model = column(header, "model"), seed = column(header, "seed"), scenario = column(header, "scenario");
  column(header, "min_obstacle_clearance");  // compared with summary.json below, as every column
  for (std::size_t i = 1; i < csv.size(); ++i) {
    SCOPED_TRACE(i);
    ASSERT_EQ(csv[i].size(), header.size());
    const std::string file = csv[i][scenario] == "ok" ? kData + "/steersuite/minimal.xml" : kSmall;
    const fs::path alone = scratchDir("compare_alone");
    const auto a = runSteer("run " + file + " --model " + csv[i][model] + " --planner direct --seed " + csv[i][seed] +
                            " --duration 20 --quiet --out " + alone.string());
    ASSERT_EQ(a.status, 0) << a.err;
    expectRowEqualsSummary(header, csv[i], nlohmann::json::parse(slurp(alone / "summary.json")));
    fs::remove_all(alone);
  }
  const std::string md = slurp(out / "comparison.md");
  EXPECT_NE(md.find("## batch-small"), std::string::npos);
  EXPECT_NE(md.find("## ok"), std::string::npos);
  EXPECT_NE(md.find("higher is better"), std::string::npos);
  EXPECT_NE(md.find("lower is better"), std::string::npos);
  EXPECT_NE(md.find("min clearance (m) ↑: `min_clearance` of summary.json, higher is better (the smallest gap within 2 m "
                    "from t = 0 on"),
            std::string::npos)
      << "a tie in clearance between models is often the placement's";
  EXPECT_TRUE(fs::exists(out / "runs" / "batch_small" / "straight-direct" / "seed-2" / "summary.json"));
  EXPECT_FALSE(fs::exists(out / "runs" / "batch_small" / "straight-direct" / "seed-2" / "trajectories.csv"));
  fs::remove_all(out);
}

// A batch says what `steer run` says before a run, once for each scenario file and note (its
// runs all share it): here dt 0.5 s against bodies of 0.5 m at 2.6 m/s, in four runs.
TEST(SteerCompare, ANoteARunWouldGiveIsGivenOnceWithItsScenarioFile) {
  const fs::path dir = scratchDir("compare_notes");
  fs::create_directories(dir);
  const fs::path file = dir / "cross.yaml";
  std::ofstream(file) << "world: {min: [-10, -10], max: [10, 10]}\nagents:\n"
                      << "  - {position: [-3, 0], radius: 0.25, goals: [{kind: seek, target: [5, 0]}]}\n"
                      << "  - {position: [3, 0], radius: 0.25, goals: [{kind: seek, target: [-5, 0]}]}\n";
  const auto run = [&](const std::string& dt) {
    return runSteer("compare " + file.string() + " --models goldenstein,straight --planners direct --seeds 2 --dt " + dt +
                    " --duration 7 --no-charts --quiet --out " + (dir / ("out" + dt)).string());
  };
  const auto coarse = run("0.5");
  ASSERT_EQ(coarse.status, 0) << coarse.err;
  const std::string note = "steer compare: note: " + file.string() + ": at max_speed 2.6 m/s a step of dt 0.5 s moves 1.3 m";
  const auto at = coarse.err.find(note);
  EXPECT_NE(at, std::string::npos) << coarse.err;
  EXPECT_EQ(coarse.err.find("note:", at + note.size()), std::string::npos) << "once: " << coarse.err;
  const auto fine = run("0.05");
  ASSERT_EQ(fine.status, 0) << fine.err;
  EXPECT_EQ(fine.err.find("note:"), std::string::npos) << fine.err;
  fs::remove_all(dir);
}

TEST(SteerCompare, BadInputExitsTwoAndWritesNothing) {
  for (const std::string args : {"--models boids", "--planners teleport", "--seeds 0", "--param nosuch.key=1",
                                 "--dt -1", "--threads 0"}) {
    SCOPED_TRACE(args);
    const fs::path out = scratchDir("compare_bad");
    const auto r = runSteer("compare " + kSmall + " --no-charts --quiet --out " + out.string() + " " + args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_FALSE(r.err.empty());
    EXPECT_FALSE(fs::exists(out));
    // A bad model or planner name is the option's fault: it was reported at the scenario file.
    if (args.rfind("--models", 0) == 0 || args.rfind("--planners", 0) == 0) {
      EXPECT_EQ(r.err.rfind("steer: " + args.substr(0, args.find(' ')) + ": ", 0), 0u) << r.err;
    }
  }
  const fs::path out = scratchDir("compare_missing");
  EXPECT_EQ(runSteer("compare " + kSmall + " /no/such.yaml --no-charts --quiet --out " + out.string()).status, 2);
  EXPECT_FALSE(fs::exists(out));
}

// A combination given twice is bad input: both copies wrote one folder and the tables counted
// the one run as seeds of their own ("3 seeds ± 0").
TEST(SteerCompare, ACombinationGivenTwiceIsBadInput) {
  for (const std::string& args : {"compare " + kSmall + " --models straight,straight",
                                 "sweep " + kSmall + " --models straight --param local.a=1:1:3",
                                 "sweep " + kSmall + " --models straight --param local.a=2,3,2"}) {
    SCOPED_TRACE(args);
    const fs::path out = scratchDir("twice");
    const auto r = runSteer(args + " --seeds 1 --no-charts --quiet --out " + out.string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.err.rfind("<command line>: the batch has the run ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("twice"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
}

// --trajectory-interval thins rows that only --trajectories writes: alone it was dropped without a
// word; now it is bad input.
TEST(SteerCompare, ATrajectoryIntervalNeedsTrajectories) {
  for (const std::string command : {"compare ", "sweep "}) {
    SCOPED_TRACE(command);
    const fs::path out = scratchDir("interval_alone");
    const std::string sweep = command == "sweep " ? " --param local.a=1" : "";
    const auto r = runSteer(command + kSmall + sweep + " --trajectory-interval 1 --seeds 1 --models straight "
                            "--no-charts --quiet --out " + out.string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.err.rfind("steer: --trajectory-interval requires --trajectories", 0), 0u) << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
}

// --frame-interval thins a batch's ParaView frames as it does a run's (a batch wrote one every
// 0.1 s: 301 .vtp files per 30 s run, whatever --trajectory-interval said); like the row
// interval it needs --trajectories.
TEST(SteerCompare, AFrameIntervalThinsTheRunsFrames) {
  const fs::path out = scratchDir("frame_interval");
  const auto r = runSteer("compare " + kSmall + " --models straight --seeds 1 --duration 2 --trajectories --frame-interval 0.5 "
                          "--no-charts --quiet --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  std::size_t frames = 0;
  for (const auto& e : fs::recursive_directory_iterator(out / "runs"))
    frames += e.path().filename().string().rfind("run_", 0) == 0;  // the agents' frames (obstacles.vtp beside them)
  EXPECT_EQ(frames, 5u) << "t = 0, 0.5, 1, 1.5 and 2 s";
  fs::remove_all(out);
  const auto alone = runSteer("compare " + kSmall + " --models straight --seeds 1 --frame-interval 0.5 --no-charts --quiet --out " +
                              out.string());
  EXPECT_EQ(alone.status, 2) << alone.err;
  EXPECT_EQ(alone.err.rfind("steer: --frame-interval requires --trajectories", 0), 0u) << alone.err;
  EXPECT_FALSE(fs::exists(out));
}

// The seeds FIRST .. FIRST + N - 1 wrapped round past 2^64 - 1 (to 0, 1): now the option is at
// fault; the largest first seed that fits still runs.
TEST(SteerCompare, SeedsPastTheLargestAreABadFirstSeed) {
  for (const std::string command : {"compare ", "sweep "}) {
    SCOPED_TRACE(command);
    const fs::path out = scratchDir("first_seed");
    const std::string sweep = command == "sweep " ? " --param local.a=1" : "";
    const auto r = runSteer(command + kSmall + sweep + " --first-seed 18446744073709551615 --seeds 3 --models straight "
                            "--no-charts --quiet --out " + out.string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.err.rfind("<command line>: --first-seed: with --seeds 3 the seeds would pass 18446744073709551615", 0), 0u)
        << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
  const fs::path out = scratchDir("first_seed_last");
  const auto r = runSteer("compare " + kSmall + " --first-seed 18446744073709551613 --seeds 3 --models straight "
                          "--duration 0.2 --no-charts --quiet --out " + out.string());
  EXPECT_EQ(r.status, 0) << r.err;
  const auto rows = readCsv(out / "comparison.csv");
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[3][column(rows[0], "seed")], "18446744073709551615");
  fs::remove_all(out);
}

// A run that diverges mid-batch (found only by running it) stops the batch with status 2: the
// folder then holds FAILED with the reason instead of RUNNING, and no comparison; a later batch
// that finishes in the same folder removes FAILED.
TEST(SteerCompare, ARunThatDivergesStopsTheBatchAndMarksItFailed) {
  const fs::path out = scratchDir("compare_diverging");
  const auto r = runSteer("compare " + kData + "/yaml/diverging_weights.yaml --models goldenstein --seeds 1 --threads 1 "
                          "--no-charts --quiet --out " + out.string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("no longer finite"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out / "RUNNING"));
  EXPECT_FALSE(fs::exists(out / "comparison.csv"));
  ASSERT_TRUE(fs::exists(out / "FAILED"));
  EXPECT_NE(steer::test::slurp(out / "FAILED").find("no longer finite"), std::string::npos);
  // Which run failed, by its folder under runs/ (model, planner, swept values, seed).
  EXPECT_NE(steer::test::slurp(out / "FAILED").find("(the run diverging_weights/goldenstein-direct/seed-1)"), std::string::npos)
      << steer::test::slurp(out / "FAILED");
  EXPECT_NE(r.err.find("(the run diverging_weights/goldenstein-direct/seed-1)"), std::string::npos) << r.err;
  const auto again = runSteer("compare " + kSmall + " --models straight --seeds 1 --no-charts --quiet --out " + out.string());
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_TRUE(fs::exists(out / "comparison.csv"));
  EXPECT_FALSE(fs::exists(out / "FAILED"));
  fs::remove_all(out);
}

TEST(SteerSweep, OneColumnPerParameterAndTheCartesianProduct) {
  const fs::path out = scratchDir("sweep");
  const auto r = runSteer("sweep " + kSmall + " --param groups.crowd.personality.courage.mean=0:1:3 "
                          "--param local.time_to_contact=1,2 --model goldenstein --seeds 2 --duration 2 --no-charts "
                          "--quiet --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto csv = readCsv(out / "comparison.csv");
  ASSERT_EQ(csv.size(), 1u + 3 * 2 * 2);
  const auto courage = column(csv[0], "groups.crowd.personality.courage.mean");
  const auto t2c = column(csv[0], "local.time_to_contact");
  const auto seed = column(csv[0], "seed");
  std::set<std::string> combos;
  for (std::size_t i = 1; i < csv.size(); ++i) combos.insert(csv[i][courage] + "|" + csv[i][t2c] + "|" + csv[i][seed]);
  EXPECT_EQ(combos.size(), 12u);
  EXPECT_TRUE(combos.count("0.5|2|1"));
  // A row equals `steer run` with the same --param values and seed.
  const fs::path alone = scratchDir("sweep_alone");
  const auto a = runSteer("run " + kSmall + " --param groups.crowd.personality.courage.mean=" + csv[5][courage] +
                          " --param local.time_to_contact=" + csv[5][t2c] + " --seed " + csv[5][seed] +
                          " --model goldenstein --duration 2 --quiet --out " + alone.string());
  ASSERT_EQ(a.status, 0) << a.err;
  expectRowEqualsSummary(csv[0], csv[5], nlohmann::json::parse(slurp(alone / "summary.json")));
  const std::string md = slurp(out / "comparison.md");
  EXPECT_NE(md.find("| groups.crowd.personality.courage.mean |"), std::string::npos);
  fs::remove_all(out);
  fs::remove_all(alone);
}

TEST(SteerSweep, BadRangesExitTwo) {
  for (const std::string p : {"local.courage=0:1:0", "local.courage=x:1:3", "nosuch.key=1,2", "groups.nobody.count=1,2"}) {
    SCOPED_TRACE(p);
    const fs::path out = scratchDir("sweep_bad");
    const auto r = runSteer("sweep " + kSmall + " --param " + p + " --no-charts --quiet --out " + out.string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
  EXPECT_EQ(runSteer("sweep " + kSmall + " --no-charts --quiet").status, 2) << "a sweep needs a --param";
}
