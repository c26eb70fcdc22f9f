// The `steer` command's contract (ARCHITECTURE.md §5): exit statuses, `FILE:LINE:COLUMN:` messages,
// and run folders that are either finished (summary.json) or absent.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "experiments/command_helpers.hpp"

using steer::test::runSteer;
using steer::test::scratchDir;
namespace fs = std::filesystem;

namespace {
const std::string kData = STEER_TEST_DATA_DIR;

struct BadCase {
  std::string file;
  int line;
  int column;
  std::string phrase;
};

std::vector<BadCase> badCases() {
  std::vector<BadCase> cases;
  std::ifstream in(kData + "/bad/EXPECTED.txt");
  std::string row;
  while (std::getline(in, row)) {
    if (row.empty() || row[0] == '#') continue;
    std::stringstream s(row);
    BadCase c;
    std::string line, column;
    std::getline(s, c.file, '|');
    std::getline(s, line, '|');
    std::getline(s, column, '|');
    std::getline(s, c.phrase);
    c.line = std::stoi(line);
    c.column = std::stoi(column);
    cases.push_back(c);
  }
  return cases;
}
}  // namespace

TEST(SteerCommand, EveryBadInputExitsTwoWithFileLineAndNoOutput) {
  const auto cases = badCases();
  ASSERT_GE(cases.size(), 20u);
  for (const auto& c : cases) {
    SCOPED_TRACE(c.file);
    const fs::path out = scratchDir("bad_" + c.file);
    const std::string path = kData + "/bad/" + c.file;
    const auto r = runSteer("run " + path + " --model straight --neighbors brute --quiet --out " + out.string(),
                            steer::test::kBadInputSeconds);
    EXPECT_EQ(r.status, 2) << r.err;
    std::string prefix = path + ":" + std::to_string(c.line) + ":";
    if (c.column > 0) prefix += std::to_string(c.column) + ":";
    EXPECT_EQ(r.err.rfind(prefix, 0), 0u) << r.err;
    EXPECT_NE(r.err.find(c.phrase), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line on stderr: " << r.err;
    EXPECT_FALSE(fs::exists(out)) << "bad input must not leave an output folder";
  }
}

// An empty --out (an unset shell variable) is bad input in every command that takes it: `run`
// wrote into runs/<name> as if the option were not there.
TEST(SteerCommand, AnEmptyOutputFolderIsBadInput) {
  const std::string yaml = kData + "/yaml/minimal.yaml";
  const fs::path runDir = scratchDir("empty_out_run");
  fs::create_directories(runDir);
  for (const std::string& command : std::vector<std::string>{"run " + yaml, "demo", "compare " + yaml, "sweep " + yaml + " --param local.c1=1:2:2",
                                    "field " + yaml, "plot fig2a", "render " + runDir.string(), "reproduce reynolds1999 --quick"}) {
    SCOPED_TRACE(command);
    const auto r = runSteer(command + " --quiet --out ''");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("--out: must not be empty"), std::string::npos) << r.err;
  }
  EXPECT_TRUE(fs::is_empty(runDir)) << "render wrote into the run folder";
  fs::remove_all(runDir);
}

TEST(SteerCommand, BadCommandLineValuesExitTwo) {
  const std::string ok = kData + "/steersuite/minimal.xml";
  for (const std::string args :
       {"--dt 0", "--dt nan", "--dt abc", "--duration -1", "--integrator leapfrog", "--model boids",
        "--neighbors psychic", "--param nosuch.key=1", "--threads 0", "--threads 100000", "--seed -1",
        "--seed 18446744073709551616", "--frame-interval nan", "--frame-interval 0", "--trajectory-interval 0",
        "--trajectory-interval nan", "--trajectory-interval -1",
        "--param local.time_to_contact=abc", "--dt 0.1 --dt 0.2"}) {
    SCOPED_TRACE(args);
    const fs::path out = scratchDir("badopt");
    const auto r = runSteer("run " + ok + " --quiet --out " + out.string() + " " + args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line on stderr: " << r.err;
    // The option is named (a value from --param is not blamed on line 1 of the file).
    const std::string option = args.substr(0, args.find(' '));
    EXPECT_NE(r.err.find(option), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find(":1:1:"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out)) << "bad input must not leave an output folder";
  }
  // Two scenarios to run: the command for several is named.
  const auto two = runSteer("run " + ok + " " + ok + " --quiet --out " + scratchDir("two_scenarios").string());
  EXPECT_EQ(two.status, 2) << two.err;
  EXPECT_NE(two.err.find("(run takes one scenario; steer compare runs several)"), std::string::npos) << two.err;
  // An interval of outputs that --no-trajectories leaves out is a contradiction (run took it in
  // silence; compare refused it).
  for (const std::string interval : {"--trajectory-interval 1", "--frame-interval 1"}) {
    const fs::path out = scratchDir("interval_without_trajectories");
    const auto r = runSteer("run " + ok + " --quiet --no-trajectories " + interval + " --out " + out.string());
    EXPECT_EQ(r.status, 2) << interval << ": " << r.err;
    EXPECT_NE(r.err.find("excludes --no-trajectories"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
  // An option given twice is said so in words (CLI11 said "At Most 1 required but received 2").
  const auto twice = runSteer("run " + ok + " --quiet --out " + scratchDir("twice").string() + " --dt 0.1 --dt 0.2");
  EXPECT_NE(twice.err.find("--dt: given 2 times; give it once"), std::string::npos) << twice.err;
  // On a YAML scenario the values and keys of --param sit in the scenario's own document: an error
  // in a list's element, in a key under a key, or in an unknown key is still the command line's
  // (they were blamed on line 1 of the file, or on the file without a line).
  const std::string yaml = kData + "/yaml/minimal.yaml";
  for (const std::string args : {"--param agents.0.position=[.nan,0]", "--param local.a.b=1", "--param local.nokey=1",
                                 "--param 'agents.0.goals=[{kind: seek, target: [1e400, 0]}]'", "--param local.time_to_contact=",
                                 "--param agents.0.radius=", "--param local.a=1 --param local.a=2",
                                 "--param agents.0.radius=0.3 --param agents.0.radius=0.3"}) {
    SCOPED_TRACE(args);
    const fs::path out = scratchDir("badparam");
    const auto r = runSteer("run " + yaml + " --quiet --out " + out.string() + " " + args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.err.rfind("<command line>: --param ", 0), 0u) << r.err;
    // Each value is YAML the reader gets to see (a value split by the shell was not).
    EXPECT_EQ(r.err.find("cannot read the value"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out)) << "bad input must not leave an output folder";
  }
  // An agent index too long for 64 bits is no entry, not a crash (on the SteerSuite file of the
  // loop above this was refused before the index was read: no group or agent can be set there).
  {
    const fs::path out = scratchDir("badparam_index");
    const auto r = runSteer("run " + yaml + " --quiet --out " + out.string() + " --param agents.99999999999999999999999.radius=1");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("no entry named (or numbered) '99999999999999999999999'"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
  // A misspelt group or agent name: the names there are (it said only "no entry named").
  {
    const fs::path out = scratchDir("badparam_name");
    const std::string file = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/personality_study.yaml";
    const auto r = runSteer("check " + file + " --param groups.crwod.count=3");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("no entry named (or numbered) 'crwod' in " + file + " (indices 0 to "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("; names: crowd"), std::string::npos) << r.err;
  }
  // A setting with an option of its own is no --param key: the option is named (`--param
  // dt=0.1` said "expected SECTION.KEY=VALUE", `integrator.kind=euler` "unknown section"), in
  // run and in sweep alike.
  for (const auto& [command, param, option] :
       std::vector<std::tuple<std::string, std::string, std::string>>{{"check", "dt=0.1", "--dt"},
                                                                       {"run", "integrator.kind=euler", "--integrator"},
                                                                       {"sweep", "dt=0.01,0.05", "--dt"},
                                                                       {"sweep", "seed=1:3:3", "--seed (compare and sweep: --seeds N"}}) {
    SCOPED_TRACE(command + " " + param);
    const fs::path out = scratchDir("param_option");
    const std::string rest = command == "check" ? "" : command == "run" ? " --quiet --out " : " --no-charts --quiet --out ";
    const auto r = runSteer(command + " " + yaml + " --param " + param + rest + (command == "check" ? "" : out.string()));
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("is not a --param key: run, check, compare and sweep have an option of their own, " + option),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
  // An entry of a list the file gives is set by its index (or name): an agent's goal, in the
  // document before it is read. Oracle: the agent stands 10 m from its goal, reached within a
  // reach radius of 10.5 m at once and not within the default in 0.2 s.
  for (const auto& [param, reached] : std::vector<std::pair<std::string, int>>{{"", 0}, {" --param agents.0.goals.0.reach_radius=10.5", 1}}) {
    SCOPED_TRACE(param);
    const fs::path out = scratchDir("param_list_entry");
    const auto r = runSteer("run " + yaml + " --quiet --duration 0.2 --out " + out.string() + param);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(nlohmann::json::parse(steer::test::slurp(out / "summary.json"))["reached"].get<int>(), reached);
  }
  // An index past the list names the entries there are.
  {
    const fs::path out = scratchDir("badparam_list");
    const auto r = runSteer("run " + yaml + " --quiet --out " + out.string() + " --param agents.0.goals.1.reach_radius=2");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("no entry named (or numbered) '1' in agents.0.goals of " + yaml + " (indices 0 to 0)"), std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
  // The same in a configuration section: an entry of the file's list is set, by key or whole
  // (summary.json records the weight the model ran with); a list the file leaves to its
  // defaults (the walk made a map of it, and the reader said "expected a list", blaming a
  // --param that never gave one) says what can be set.
  {
    const fs::path dir = scratchDir("badparam_section_list");
    fs::create_directories(dir);
    std::ofstream(dir / "given.yaml") << "world: {min: [-10, -10], max: [10, 10]}\nmodel: reynolds\n"
                                      << "agents:\n  - {position: [0, 0], goals: [{kind: seek, target: [5, 5]}]}\n"
                                      << "reynolds: {behaviors: [{kind: seek_goal, weight: 1}]}\n";
    std::ofstream(dir / "defaults.yaml") << "world: {min: [-10, -10], max: [10, 10]}\nmodel: reynolds\n"
                                         << "agents:\n  - {position: [0, 0], goals: [{kind: seek, target: [5, 5]}]}\n";
    for (const auto& [param, weight] : std::vector<std::pair<std::string, double>>{
             {"reynolds.behaviors.0.weight=2", 2.0}, {"'reynolds.behaviors.0={kind: seek_goal, weight: 3}'", 3.0}}) {
      SCOPED_TRACE(param);
      fs::remove_all(dir / "out");
      const auto r = runSteer("run " + (dir / "given.yaml").string() + " --quiet --duration 0.1 --out " + (dir / "out").string() +
                              " --param " + param);
      ASSERT_EQ(r.status, 0) << r.err;
      const auto summary = nlohmann::json::parse(steer::test::slurp(dir / "out" / "summary.json"));
      EXPECT_EQ(summary["reynolds"]["behaviors"].size(), 1u);
      EXPECT_EQ(summary["reynolds"]["behaviors"][0]["weight"].get<double>(), weight);
    }
    fs::remove_all(dir / "out");
    {
      const auto r = runSteer("run " + (dir / "given.yaml").string() + " --quiet --out " + (dir / "out").string() +
                              " --param reynolds.behaviors.separation.weight=2");
      EXPECT_EQ(r.status, 2) << r.err;
      EXPECT_NE(r.err.find("no entry named (or numbered) 'separation' in reynolds.behaviors of "), std::string::npos) << r.err;
      EXPECT_FALSE(fs::exists(dir / "out"));
    }
    for (const std::string param : {"reynolds.behaviors.0.weight=2", "reynolds.behaviors.0=2"}) {
      SCOPED_TRACE(param);
      const auto r = runSteer("run " + (dir / "defaults.yaml").string() + " --quiet --out " + (dir / "out").string() + " --param " + param);
      EXPECT_EQ(r.status, 2) << r.err;
      EXPECT_NE(r.err.find("reynolds.behaviors is a list the scenario does not give (it keeps its default): --param sets an "
                           "entry only of a list written in the file (reynolds.behaviors.0.KEY=VALUE), or gives the whole "
                           "list (--param 'reynolds.behaviors=[...]')"),
                std::string::npos)
          << r.err;
      EXPECT_FALSE(fs::exists(dir / "out"));
    }
    // A number below a map is an unknown key of that map, not a list's entry (it said "local is
    // a list").
    {
      const auto r = runSteer("run " + (dir / "given.yaml").string() + " --quiet --out " + (dir / "out").string() +
                              " --param local.0=1");
      EXPECT_EQ(r.status, 2) << r.err;
      EXPECT_NE(r.err.find("--param local.0: unknown key"), std::string::npos) << r.err;
      EXPECT_EQ(r.err.find("is a list"), std::string::npos) << r.err;
    }
    // A personality trait given to the model says where traits go.
    {
      const auto r = runSteer("run " + (dir / "given.yaml").string() + " --quiet --out " + (dir / "out").string() +
                              " --model goldenstein --param local.courage=0.9");
      EXPECT_EQ(r.status, 2) << r.err;
      EXPECT_NE(r.err.find("--param local.courage: unknown key here; it belongs in an agent's or a group's personality: "
                           "{dexterity, mass, courage}"),
                std::string::npos)
          << r.err;
      EXPECT_FALSE(fs::exists(dir / "out"));
    }
    // The whole list, as the message says, is read.
    const auto r = runSteer("run " + (dir / "defaults.yaml").string() + " --quiet --duration 0.1 --out " + (dir / "out").string() +
                            " --param 'reynolds.behaviors=[{kind: seek_goal, weight: 2}]'");
    EXPECT_EQ(r.status, 0) << r.err;
  }
  // Text after a list, a map or a quoted value is an error naming it, in a section's key and in an
  // agent's: yaml-cpp reads the first node and drops the rest ("[-12,1]xyz" ran as [-12, 1]).
  for (const std::string& args : {std::string("--param 'agents.0.position=[-4,1]xyz'"),
                                  std::string("--param 'local.courage_mapping=\"prose\" x'")}) {
    SCOPED_TRACE(args);
    const fs::path out = scratchDir("badparam_trailing");
    const auto r = runSteer("run " + yaml + " --quiet --out " + out.string() + " " + args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.err.rfind("<command line>: --param", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("text after the value: '"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
  // An alias inside its own anchor is a cycle: refused, in a section's key and in an agent's (the
  // walk that tags a --param value followed it until the stack overflowed: a segfault).
  for (const std::string& args : {std::string("--param 'local.c1=&x [*x]'"), std::string("--param 'agents.0.goals=&x [*x]'"),
                                  std::string("--param 'planning.harmonic=&x {a: *x}'")}) {
    SCOPED_TRACE(args);
    const fs::path out = scratchDir("badparam_cycle");
    const auto r = runSteer("run " + yaml + " --quiet --out " + out.string() + " " + args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.err.rfind("<command line>: --param", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("nests deeper than"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
  // Aliases of aliases double the nodes at each level: 30 levels are 2^30 once expanded, which
  // the tagging walk visited one by one (minutes); refused at a million.
  {
    std::string value = "[&a0 [1, 1]";
    for (int k = 1; k <= 30; ++k) {
      const std::string previous = "*a" + std::to_string(k - 1);
      value += ", &a" + std::to_string(k) + " [" + previous + ", " + previous + "]";
    }
    value += "]";
    const fs::path out = scratchDir("badparam_aliases");
    const auto r = runSteer("run " + yaml + " --quiet --out " + out.string() + " --param 'local.c1=" + value + "'");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("more than 1,000,000 nodes"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
  // ... and on a SteerSuite case, groups and agents cannot be set at all: said so.
  {
    const fs::path out = scratchDir("badparam_xml");
    const auto r = runSteer("run " + ok + " --quiet --out " + out.string() + " --param agents.0.radius=1");
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("groups and agents can be set only in our YAML scenarios"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
  // A group or agent set by name is named as given, with the reader's path beside it (the error
  // said groups[0].radius only, a name the user never wrote).
  for (const auto& [args, named] : std::vector<std::pair<std::string, std::string>>{
           {"--param groups.crowd.radius=-1", "--param groups.crowd.radius (groups[0].radius): must be > 0"},
           {"--param groups.0.radius=-1", "--param groups[0].radius: must be > 0"},
           {"--param 'groups.crowd.goals=[{kind: seek, target: [.nan, 0]}]'",
            "--param groups.crowd.goals (groups[0].goals[0].target[0]):"}}) {
    SCOPED_TRACE(args);
    const fs::path out = scratchDir("badparam_named");
    const auto r = runSteer("run " + kData + "/yaml/batch_small.yaml --quiet --out " + out.string() + " " + args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.err.rfind("<command line>: " + named, 0), 0u) << r.err;
  }
  // A group index too large for 64 bits once aborted compare and sweep (exit 134).
  {
    const fs::path out = scratchDir("badopt_sweep");
    const auto r = runSteer("sweep " + kData + "/yaml/batch_small.yaml --param groups.99999999999999999999999.count=3 "
                            "--seeds 1 --duration 0.5 --no-charts --threads 1 --quiet --out " + out.string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
  // A frame interval below the time's resolution once never finished (the next frame time
  // stopped moving): now a frame every step, down to the smallest normal double (5e-324 s made
  // the count of intervals overflow, and only the first and the closing frame were written; a
  // subnormal interval is refused now, as every subnormal option value).
  for (const char* interval : {"1e-300", "2.2250738585072014e-308"}) {
    const fs::path out = scratchDir("tiny_frames");
    const auto r = runSteer("run " + ok + " --duration 0.3 --dt 0.05 --quiet --frame-interval " + interval + " --out " + out.string());
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(fs::exists(out / "summary.json"));
    std::size_t frames = 0;
    for (const auto& e : fs::directory_iterator(out)) frames += e.path().filename().string().rfind("run_", 0) == 0;
    EXPECT_EQ(frames, 7u) << interval << ": t = 0 and each of the 6 steps";
    fs::remove_all(out);
  }
  EXPECT_EQ(runSteer("run /no/such/file.xml --quiet").status, 2);
  EXPECT_EQ(runSteer("frobnicate").status, 2);
  // A misspelt option is named, with the nearest one (CLI11 said "The following arguments were
  // not expected: harmonic --planer").
  const auto planer = runSteer("run " + ok + " --planer harmonic");
  EXPECT_EQ(planer.status, 2);
  EXPECT_EQ(planer.err, "steer run: unknown option '--planer' (did you mean --planner?) (see steer run --help)\n");
  const auto seed = runSteer("compare " + ok + " --seed 3");
  EXPECT_EQ(seed.status, 2);
  EXPECT_NE(seed.err.find("unknown option '--seed' (the seeds are --first-seed S"), std::string::npos) << seed.err;
  // run's --no-trajectories given to compare, which keeps none unless told --trajectories.
  const auto noTrajectories = runSteer("compare " + ok + " --no-trajectories");
  EXPECT_EQ(noTrajectories.status, 2);
  EXPECT_EQ(noTrajectories.err,
            "steer compare: unknown option '--no-trajectories' (--trajectories is off unless given) (see steer compare --help)\n");
  // A misspelt choice is named with the nearest one, or with the one choice it begins; a list's
  // (--models) each of its words; a word near none gets the list alone.
  const auto harmonc = runSteer("run " + ok + " --planner harmonc");
  EXPECT_EQ(harmonc.status, 2);
  EXPECT_EQ(harmonc.err, "steer: --planner: harmonc not in {direct,harmonic,hybrid,field}; did you mean harmonic? (see --help)\n");
  const auto models = runSteer("compare " + ok + " --models reynolds,goldenstien");
  EXPECT_EQ(models.status, 2);
  EXPECT_NE(models.err.find("goldenstien not in {goldenstein,reynolds,straight}; did you mean goldenstein?"), std::string::npos)
      << models.err;
  const auto paper = runSteer("reproduce goldenstein");
  EXPECT_EQ(paper.status, 2);
  EXPECT_NE(paper.err.find("goldenstein not in {goldenstein2001,reynolds1999,reynolds2000}; did you mean goldenstein2001?"),
            std::string::npos)
      << paper.err;
  const auto far = runSteer("run " + ok + " --neighbors grid");
  EXPECT_EQ(far.status, 2);
  EXPECT_EQ(far.err, "steer: --neighbors: grid not in {kinetic,lattice,brute} (see --help)\n");
  // A --param of a misspelt section, or a misspelt run setting, names what was likely meant.
  const auto lokal = runSteer("check " + ok + " --param lokal.time_to_contact=1");
  EXPECT_EQ(lokal.status, 2);
  EXPECT_EQ(lokal.err, "<command line>: --param: unknown section 'lokal' (local, reynolds, planning, environment); did you mean local?\n");
  const auto duraton = runSteer("check " + ok + " --param duraton=5");
  EXPECT_EQ(duraton.status, 2);
  EXPECT_EQ(duraton.err, "<command line>: --param: expected SECTION.KEY=VALUE, got 'duraton=5'; did you mean --duration?\n");
  // A misspelt command is named, with the nearest one (CLI11 said "A subcommand is required").
  const auto typo = runSteer("runn " + ok);
  EXPECT_EQ(typo.status, 2);
  EXPECT_EQ(typo.err.rfind("steer: unknown command 'runn' (did you mean run?); the commands: run, check, demo,", 0), 0u) << typo.err;
  EXPECT_EQ(runSteer("--help").status, 0);
  const auto version = runSteer("--version");
  EXPECT_EQ(version.status, 0);
  EXPECT_EQ(version.out.rfind("steer ", 0), 0u) << version.out;
}

// Every configuration section is read, also those of the parts a run does not use: a typo in
// `local:` of a scenario run with --model reynolds, or an unknown or out-of-range key of
// `environment:` (whichever provider runs), is an error at its line in `run`, `field` and `sweep`.
TEST(SteerCommand, SectionsOfPartsNotRunAreCheckedToo) {
  const std::string base = steer::test::slurp(kData + "/yaml/minimal.yaml");
  const fs::path dir = scratchDir("sections");
  fs::create_directories(dir);
  const std::vector<std::string> extras = {"local: {tiem_to_contact: 1}", "reynolds: {bogus: 1}", "planning: {astar: {}}",
                                           "planning: {harmonic: {resolution: 2}}", "environment: {anything: 1}",
                                           "environment: {lattice: {bins_per_radius: 0}}"};
  for (std::size_t k = 0; k < extras.size(); ++k) {
    const std::string& extra = extras[k];
    SCOPED_TRACE(extra);
    std::string name = "s";
    name += std::to_string(k);
    name += ".yaml";
    const fs::path file = dir / name;
    std::ofstream(file) << base << "\n" << extra << "\n";
    const std::string line = std::to_string(std::count(base.begin(), base.end(), '\n') + 2);  // the line of `extra`
    const std::vector<std::string> commands = {
        std::string("run ").append(file.string()).append(" --model reynolds --duration 0.1"),
        std::string("field ").append(file.string()).append(" --no-png --resolution 16"),
        std::string("sweep ").append(file.string()).append(" --param local.a=1,2 --seeds 1 --duration 0.1 --no-charts")};
    for (const std::string& command : commands) {
      const fs::path out = dir / "out";
      const auto r = runSteer(command + " --quiet --out " + out.string());
      EXPECT_EQ(r.status, 2) << command << ": " << r.err;
      EXPECT_EQ(r.err.rfind(file.string() + ":" + line + ":", 0), 0u) << command << ": " << r.err;
      EXPECT_FALSE(fs::exists(out)) << command;
    }
  }
  // The same sections, valid, still run with either model.
  const fs::path ok = dir / "ok.yaml";
  std::ofstream(ok) << base << "\nlocal: {time_to_contact: 1}\nreynolds: {preset: crowd}\n"
                     << "environment: {lattice: {bin_size: 2}, kinetic: {renumber_after: 0}, kinetic3d: {skin: 0.5}}\n";
  for (const char* model : {"goldenstein", "reynolds"}) {
    const auto r = runSteer(std::string("run ").append(ok.string()).append(" --model ").append(model).append(
        " --duration 0.1 --quiet --out ").append((dir / "ok").string()));
    EXPECT_EQ(r.status, 0) << model << ": " << r.err;
  }
  fs::remove_all(dir);
}

// A key given twice in one mapping is an error at the second (yaml-cpp would read the first and
// silently drop, say, a corrected radius below it).
TEST(SteerCommand, DuplicateKeysAreErrors) {
  const fs::path dir = scratchDir("duplicates");
  fs::create_directories(dir);
  const fs::path file = dir / "dup.yaml";
  std::ofstream(file) << "name: dup\nworld: {min: [-10, -10], max: [10, 10]}\nagents:\n"
                         "  - {position: [0, 0], radius: 1, radius: 0.5}\n";
  const auto r = runSteer("run " + file.string() + " --duration 0.1 --quiet --out " + (dir / "out").string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err.rfind(file.string() + ":4:35: agents[0].radius: duplicate key", 0), 0u) << r.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
  fs::remove_all(dir);
}

// Without --out a run goes to runs/<name>; a name with separators or of dots stays inside runs/,
// and a long one is cut to 100 bytes (300 characters failed as "--out: File name too long"),
// not inside a UTF-8 character.
TEST(SteerCommand, TheDefaultFolderStaysInsideRuns) {
  const fs::path dir = scratchDir("default_folder");
  fs::create_directories(dir / "work");
  const fs::path here = fs::current_path();
  fs::current_path(dir / "work");
  for (const std::string& name : {std::string("../escape"), std::string(".."), std::string("a/b"), std::string(300, 'y'),
                                 std::string(99, 'z') + "\u00e9\u00e9"}) {
    std::ofstream("s.yaml") << "name: \"" << name << "\"\nworld: {min: [-10, -10], max: [10, 10]}\n"
                               "agents:\n  - {position: [0, 0]}\n";
    const auto r = runSteer("run s.yaml --duration 0.1 --quiet");
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
  }
  fs::current_path(here);
  // runs/../escape, from the working directory dir/work (dir/escape could never be made).
  EXPECT_FALSE(fs::exists(dir / "work" / "escape"));
  EXPECT_TRUE(fs::exists(dir / "work" / "runs" / ".._escape" / "summary.json"));
  EXPECT_TRUE(fs::exists(dir / "work" / "runs" / "scenario" / "summary.json"));
  EXPECT_TRUE(fs::exists(dir / "work" / "runs" / "a_b" / "summary.json"));
  EXPECT_TRUE(fs::exists(dir / "work" / "runs" / std::string(100, 'y') / "summary.json"));
  EXPECT_TRUE(fs::exists(dir / "work" / "runs" / (std::string(99, 'z')) / "summary.json"));  // "é" not cut in two
  fs::remove_all(dir);
}

// dt = 5e-324 passed "dt > 0" and then never finished: over 10^8 steps is an error (and a
// subnormal dt is refused as such).
TEST(SteerCommand, AStepSoSmallTheRunCouldNotFinishIsAnError) {
  const fs::path out = scratchDir("tiny_dt");
  const auto r = runSteer("run " + kData + "/yaml/minimal.yaml --dt 1e-300 --quiet --out " + out.string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("over 10^8 steps"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--dt"), std::string::npos) << r.err;  // the option, not the file, is at fault
  EXPECT_FALSE(fs::exists(out));
  const auto subnormal = runSteer("run " + kData + "/yaml/minimal.yaml --dt 5e-324 --quiet --out " + out.string());
  EXPECT_EQ(subnormal.status, 2) << subnormal.err;
  EXPECT_NE(subnormal.err.find("--dt: must be a finite number > 0, got '5e-324', a subnormal number"), std::string::npos)
      << subnormal.err;
  EXPECT_FALSE(fs::exists(out));
  const auto longRun = runSteer("run " + kData + "/yaml/minimal.yaml --duration 1e300 --quiet --out " + out.string());
  EXPECT_EQ(longRun.status, 2) << longRun.err;
  EXPECT_NE(longRun.err.find("--duration"), std::string::npos) << longRun.err;
  EXPECT_FALSE(fs::exists(out));
  EXPECT_EQ(runSteer("run " + kData + "/yaml/minimal.yaml --dt 0.01 --duration 1 --quiet --out " + out.string()).status, 0);
  fs::remove_all(out);
}

// Options override the file: one that makes the scenario valid is taken (the file used to be
// checked with its own values first, so --duration could not shorten a file whose dt and
// duration need 10^9 steps, nor --planner direct run a 3D file that names the harmonic planner),
// in run, compare and sweep alike; the combination of the options and the file is still checked.
TEST(SteerCommand, AnOptionThatMakesTheFileValidOverridesIt) {
  const std::string tooManySteps = kData + "/bad/too_many_steps.yaml", harmonic3d = kData + "/bad/harmonic_in_3d.yaml";
  const fs::path out = scratchDir("override_valid");
  for (const std::string& args : {tooManySteps + " --duration 0.001", tooManySteps + " --dt 0.05 --duration 0.2",
                                  harmonic3d + " --planner direct --duration 0.2"}) {
    SCOPED_TRACE(args);
    const auto r = runSteer("run " + args + " --quiet --out " + out.string());
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(fs::exists(out / "summary.json"));
    fs::remove_all(out);
    const auto batch = runSteer("compare " + args + " --seeds 1 --threads 1 --no-charts --quiet --out " + out.string());
    EXPECT_EQ(batch.status, 0) << batch.err;
    fs::remove_all(out);
  }
  // Without the options the file's own values are at fault, at their lines.
  const auto own = runSteer("run " + tooManySteps + " --quiet --out " + out.string());
  EXPECT_EQ(own.status, 2);
  EXPECT_EQ(own.err.rfind(tooManySteps + ":4:", 0), 0u) << own.err;
  const auto own3d = runSteer("run " + harmonic3d + " --duration 0.2 --quiet --out " + out.string());
  EXPECT_EQ(own3d.status, 2);
  EXPECT_EQ(own3d.err.rfind(harmonic3d + ":4:", 0), 0u) << own3d.err;
  // An option that leaves too many steps with the file's other value is the option's fault.
  const auto stillTooMany = runSteer("run " + tooManySteps + " --duration 100 --quiet --out " + out.string());
  EXPECT_EQ(stillTooMany.status, 2);
  EXPECT_EQ(stillTooMany.err.rfind("<command line>: --duration: duration / dt is over 10^8 steps", 0), 0u) << stillTooMany.err;
  // ... and the message names the file's half of the pair, where it is.
  EXPECT_NE(stillTooMany.err.find("with the file's dt = "), std::string::npos) << stillTooMany.err;
  EXPECT_NE(stillTooMany.err.find("(" + tooManySteps + ":"), std::string::npos) << stillTooMany.err;
  EXPECT_FALSE(fs::exists(out));
}

// The demo reads its scenario (experiments/scenarios/u_trap.yaml) as run reads a file: an
// agent's key set by --param is taken (it was refused as "happens while loading the scenario").
TEST(SteerCommand, DemoTakesAnAgentsKeyAsRunDoes) {
  const fs::path out = scratchDir("demo_param");
  const auto pathLength = [&](const std::string& param) {
    const auto r = runSteer("demo --planner direct --duration 3 " + param + " --quiet --out " + out.string());
    EXPECT_EQ(r.status, 0) << r.err;
    std::ifstream summary(out / "direct" / "summary.json");
    const double length = summary.good() ? nlohmann::json::parse(summary)["per_agent"][0]["path_length"].get<double>() : -1.0;
    fs::remove_all(out);
    return length;
  };
  const double asInTheFile = pathLength(""), slower = pathLength("--param agents.pacman.desired_speed=0.4");
  EXPECT_GT(slower, 0.0);
  EXPECT_LT(slower, 0.8 * asInTheFile) << "desired speed 0.4 m/s instead of the file's 1.3 m/s";
}

// --no-trajectories keeps summary.json alone (the trajectories take ~100 bytes per agent per
// step); render then says why it has nothing to draw.
TEST(SteerCommand, NoTrajectoriesWritesTheSummaryAlone) {
  const fs::path out = scratchDir("no_trajectories");
  const auto r = runSteer("run " + kData + "/yaml/minimal.yaml --no-trajectories --duration 1 --quiet --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(out)) files.push_back(e.path().filename().string());
  EXPECT_EQ(files, std::vector<std::string>{"summary.json"});
  const auto render = runSteer("render " + out.string() + " --quiet");
  EXPECT_EQ(render.status, 2);
  EXPECT_NE(render.err.find("the run kept no trajectories"), std::string::npos) << render.err;
  fs::remove_all(out);
}

// compare and sweep check --dt and --duration as run does, when the command line is read.
TEST(SteerCommand, BatchCommandsCheckDtAndDurationAsOptions) {
  const fs::path out = scratchDir("batch_dt");
  for (const std::string command : {"compare", "sweep"})
    for (const std::string option : {"--dt abc", "--dt -1", "--duration inf", "--duration 0"}) {
      SCOPED_TRACE(command + " " + option);
      const auto r = runSteer(command + " " + kData + "/yaml/minimal.yaml " + option + " --seeds 1 --no-charts --quiet --out " + out.string());
      EXPECT_EQ(r.status, 2);
      const std::string name = option.substr(0, option.find(' '));
      EXPECT_EQ(r.err.rfind("steer: " + name + ": must be a finite number > 0, got '" + option.substr(option.find(' ') + 1) + "'", 0), 0u)
          << r.err;
      EXPECT_FALSE(fs::exists(out));
    }
}

// Files that are not what they should be are bad input (exit 2, the file named), never a crash,
// a hang or an allocation of gigabytes: a summary.json that is a folder (render aborted on an
// uncaught stream error), one nested a million levels deep (the JSON copy overflowed the
// stack), a scenario path that is an endless device (read whole before its extension was
// looked at), and velocity fields with counts that are not whole numbers in range (3.7 became
// 3, 4294967299 wrapped to 3), a number beyond the doubles (exit 1) or a key given twice.
TEST(SteerCommand, InputFilesThatAreNotWhatTheyShouldBeAreBadInput) {
  const fs::path dir = scratchDir("odd_files");
  fs::create_directories(dir / "folder_summary" / "summary.json");
  const auto folder = runSteer("render " + (dir / "folder_summary").string() + " --quiet");
  EXPECT_EQ(folder.status, 2) << folder.err;
  EXPECT_NE(folder.err.find("summary.json is a folder"), std::string::npos) << folder.err;
  fs::create_directories(dir / "deep");
  std::ofstream(dir / "deep" / "summary.json") << "{\"scenario\": " << std::string(200000, '[') << std::string(200000, ']') << "}";
  const auto deep = runSteer("render " + (dir / "deep").string() + " --quiet");
  EXPECT_EQ(deep.status, 2) << deep.err;
  EXPECT_NE(deep.err.find("nested more than 64 levels"), std::string::npos) << deep.err;
  const auto device = runSteer("run /dev/zero --quiet --out " + (dir / "zero").string());
  EXPECT_EQ(device.status, 2) << device.err;
  EXPECT_NE(device.err.find("/dev/zero: unknown scenario format"), std::string::npos) << device.err;
  EXPECT_FALSE(fs::exists(dir / "zero"));
  const std::string scenario = "world: {min: [-10, -10], max: [10, 10]}\nplanner: field\nplanning: {field: {file: f.json}}\n"
                               "agents:\n  - {position: [-5, 0], goals: [{kind: seek, target: [5, 0]}]}\n";
  std::ofstream(dir / "field.yaml") << scenario;
  const std::string vectors = "[[1,0],[1,0],[1,0],[1,0],[1,0],[1,0]]";
  const struct {
    std::string json, expected;
  } fields[] = {{"{\"origin\": [-10, -10], \"spacing\": 10, \"nx\": 3, \"ny\": 2, \"vectors\": " + vectors + "}", ""},
                {"{\"origin\": [-10, -10], \"spacing\": 10, \"nx\": 3.7, \"ny\": 2, \"vectors\": " + vectors + "}", "nx: expected a whole number"},
                {"{\"origin\": [-10, -10], \"spacing\": 10, \"nx\": 4294967299, \"ny\": 2, \"vectors\": " + vectors + "}", "nx: expected a whole number"},
                // Without the library's tag ("[json.exception.out_of_range.406] ").
                {"{\"origin\": [-10, -10], \"spacing\": 1e400, \"nx\": 3, \"ny\": 2, \"vectors\": " + vectors + "}",
                 "bad JSON in the velocity field file: number overflow"},
                // A subnormal spacing divides to infinity; a huge one puts the far nodes there.
                {"{\"origin\": [-10, -10], \"spacing\": 1e-320, \"nx\": 3, \"ny\": 2, \"vectors\": " + vectors + "}",
                 "f.json:1:35: spacing: expected a number > 0, got a subnormal number"},
                {"{\"origin\": [-10, -10], \"spacing\": 1e308, \"nx\": 3, \"ny\": 2, \"vectors\": " + vectors + "}",
                 "f.json:1:35: spacing: the grid's far corner"},
                {"{\"origin\": [-10, -10],\n\"spacing\": 1e400, \"nx\": 3, \"ny\": 2, \"vectors\": " + vectors + "}", "f.json:2:12: bad JSON"},
                {"{\"origin\": [-10, -10], \"spacing\": 10, \"nx\": 3, \"ny\": 2, \"vectors\": " + vectors + ", \"extra\": 1}", "extra: unknown key"},
                {"{\"origin\": [-10, -10, 0], \"spacing\": 10, \"nx\": 3, \"ny\": 2, \"vectors\": " + vectors + "}", "origin: expected [x, y]"},
                // nlohmann kept the second of two equal keys: the first nx was ignored unseen.
                {"{\"origin\": [-10, -10], \"spacing\": 10, \"nx\": 30, \"nx\": 3, \"ny\": 2, \"vectors\": " + vectors + "}",
                 "the key \"nx\" appears twice in one object"},
                {"{\"origin\": [-10, -10], \"spacing\": 10,\n \"nx\": 3, \"ny\": ", "f.json:2:"},
                // Content errors at the value's line and column (they named the file alone).
                {"{\"origin\": [-10, -10], \"spacing\": 10, \"nx\": 3, \"ny\": 2, \"vectors\": [\n[1,0],[1,0],\n[1,0], [1,null],\n[1,0],[1,0]]}",
                 "f.json:3:11: vectors[3]: expected a finite number"},
                {"{\"origin\": [-10, -10],\n  \"spacing\": -1, \"nx\": 3, \"ny\": 2, \"vectors\": " + vectors + "}",
                 "f.json:2:14: spacing: expected a number > 0"},
                {"{\"origin\": [-10, -10], \"spacing\": 10,\n\"nx\": 3, \"nx\": 3, \"ny\": 2, \"vectors\": " + vectors + "}",
                 "f.json:2:10: the velocity field file: the key \"nx\" appears twice"}};
  for (const auto& f : fields) {
    SCOPED_TRACE(f.json.substr(0, 120));
    std::ofstream(dir / "f.json") << f.json;
    const auto r = runSteer("run " + (dir / "field.yaml").string() + " --duration 0.1 --quiet --out " + (dir / "field").string());
    EXPECT_EQ(r.status, f.expected.empty() ? 0 : 2) << r.err;
    if (!f.expected.empty()) {
      EXPECT_NE(r.err.find(f.expected), std::string::npos) << r.err;
    }
    EXPECT_EQ(fs::exists(dir / "field"), f.expected.empty());
    fs::remove_all(dir / "field");
  }
}

// A valid run of few long steps (duration 10^12 s, dt 10^10 s: 100 steps) finishes: the
// SteerBench scores, sampled 20 times a second, counted their 2·10^11 frames of each step one by
// one and hung the run.
TEST(SteerCommand, FewVeryLongStepsFinish) {
  const fs::path dir = scratchDir("long_steps");
  fs::create_directories(dir);
  std::ofstream(dir / "long.yaml") << "world: {min: [-10, -10], max: [10, 10]}\nduration: 1e12\ndt: 1e10\nmodel: straight\n"
                                   << "agents:\n  - {position: [-5, 0], goals: [{kind: seek, target: [5, 0]}]}\n";
  const auto r = runSteer("run " + (dir / "long.yaml").string() + " --quiet --out " + (dir / "out").string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto summary = nlohmann::json::parse(steer::test::slurp(dir / "out" / "summary.json"));
  EXPECT_TRUE(std::isfinite(summary.at("steerbench").at("composite01").get<double>()));
}

// A parameter the reader accepts can make the right-hand side too stiff for dopri5 (a turn rate
// a = 10^10 /s: sub-steps of 10^-10 s). The step gives up after a bounded number of sub-steps:
// exit 2 with the reason and no output, as for a run that diverges (the run hung, and once
// bounded, its exception left the OpenMP region and terminated the process).
TEST(SteerCommand, AStiffSystemForDopri5IsBadInputNotAHang) {
  const fs::path dir = scratchDir("stiff");
  fs::create_directories(dir);
  std::ofstream(dir / "stiff.yaml") << "world: {min: [-10, -10], max: [10, 10]}\nduration: 1\nintegrator: dopri5\n"
                                    << "local: {a: 1e10}\nobstacles:\n  - circle: {center: [0, 5], radius: 1}\n"
                                    << "agents:\n  - {position: [-5, 0], goals: [{kind: seek, target: [5, 0]}]}\n";
  const auto r = runSteer("run " + (dir / "stiff.yaml").string() + " --quiet --out " + (dir / "out").string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("too stiff"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
}

// A batch is a list of runs held before it starts: two sweeps of 10^6 values asked for 10^12
// of them and ran out of memory. More than 10^6 runs is refused at once.
TEST(SteerCommand, ABatchOfMoreThanAMillionRunsIsRefused) {
  const fs::path dir = scratchDir("huge_batch");
  const auto r = runSteer("sweep " + kData + "/yaml/minimal.yaml --no-charts --param local.a=1:2:1000000 "
                          "--param local.c1=1:2:1000000 --out " + (dir / "out").string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("e+12 runs"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
  const auto seeds = runSteer("compare " + kData + "/yaml/minimal.yaml " + kData + "/yaml/minimal.yaml --models goldenstein,reynolds,straight " +
                              "--planners direct,harmonic --seeds 100000 --no-charts --out " + (dir / "out").string());
  EXPECT_EQ(seeds.status, 2) << seeds.err;
  EXPECT_NE(seeds.err.find("1.2e+06 runs"), std::string::npos) << seeds.err;
  EXPECT_FALSE(fs::exists(dir / "out"));
}

// The plot's numeric options are finite numbers: CLI11's PositiveNumber let "nan" through and a
// picture of nothing was written with exit 0.
TEST(SteerCommand, PlotOptionsRefuseNaN) {
  const fs::path dir = scratchDir("plot_nan");
  for (const char* option : {"fig2a --a nan", "fig2b --d0 nan", "fig5 --d0base nan", "weights --alpha1 inf"}) {
    const auto r = runSteer(std::string("plot ") + option + " --out " + (dir / "out").string());
    EXPECT_EQ(r.status, 2) << option << ": " << r.err;
    EXPECT_NE(r.err.find("must be a finite number"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out")) << option;
  }
}

// ... and in the ranges the scenario file takes: --d1base 1e308 made an axis of infinite length
// and the plot never finished; a half-angle of 100 rad was drawn.
TEST(SteerCommand, PlotOptionsStayInTheModelsRanges) {
  const fs::path dir = scratchDir("plot_range");
  for (const char* option : {"fig5 --d1base 1e308", "fig5 --d0base 2e6", "fig2a --a 1e300", "fig2b --half-angle 100",
                             "fig2b --delta 4", "weights --gamma12 1e7"}) {
    const auto r = runSteer(std::string("plot ") + option + " --out " + (dir / "out").string());
    EXPECT_EQ(r.status, 2) << option << ": " << r.err;
    EXPECT_NE(r.err.find("must be a finite number in "), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out")) << option;
  }
}

// ... and not subnormal: `--a 1e-320` is > 0 but divides to infinity, and an empty plot was
// written with exit 0 (`--param` and the scenario readers already refused such numbers).
TEST(SteerCommand, PlotOptionsRefuseSubnormalNumbers) {
  const fs::path dir = scratchDir("plot_subnormal");
  for (const char* option : {"fig2a --a 1e-320", "fig2b --distance 4e-310", "weights --alpha1 1e-315"}) {
    const auto r = runSteer(std::string("plot ") + option + " --out " + (dir / "out").string());
    EXPECT_EQ(r.status, 2) << option << ": " << r.err;
    EXPECT_NE(r.err.find("a subnormal number (below 2.2e-308)"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out")) << option;
  }
  // steer field's own check of --omega too (1e-320 ran a solve of 4 iterations).
  const auto omega = runSteer("field " + std::string(STEER_SOURCE_DIR) +
                              "/experiments/scenarios/u_trap.yaml --solver sor --omega 1e-320 --no-png --out " +
                              (dir / "field").string());
  EXPECT_EQ(omega.status, 2) << omega.err;
  EXPECT_NE(omega.err.find("a subnormal number (below 2.2e-308)"), std::string::npos) << omega.err;
  EXPECT_FALSE(fs::exists(dir / "field"));
  // Zero stays a number where the range takes it.
  const auto zero = runSteer("plot weights --gamma12 0 --out " + (dir / "zero").string());
  EXPECT_EQ(zero.status, 0) << zero.err;
}

// An option of another figure is bad input: `plot fig2a --d0 2` drew fig2a as if --d0 were absent.
TEST(SteerCommand, PlotRefusesTheOptionsOfAnotherFigure) {
  const fs::path dir = scratchDir("plot_other_figure");
  for (const char* option : {"fig2a --d0 2", "fig2b --a 2", "fig5 --alpha1 0.2", "weights --printed", "fig2a --d1base 1"}) {
    const auto r = runSteer(std::string("plot ") + option + " --out " + (dir / "out").string());
    EXPECT_EQ(r.status, 2) << option << ": " << r.err;
    EXPECT_NE(r.err.find("is an option of "), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out")) << option;
  }
}

// reproduce's --seed is a seed as run's is: -1 ran with 2^64 - 1.
TEST(SteerCommand, ReproduceTakesOnlySeeds) {
  const fs::path dir = scratchDir("reproduce_seed");
  for (const char* seed : {"-1", "18446744073709551616", "abc"}) {
    const auto r = runSteer(std::string("reproduce reynolds1999 --quick --seed ") + seed + " --out " + (dir / "out").string());
    EXPECT_EQ(r.status, 2) << seed << ": " << r.err;
    EXPECT_EQ(r.err.rfind("steer: --seed: must be a whole number from 0 to 18446744073709551615", 0), 0u) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out")) << seed;
  }
}

// `steer demo` with a bad option is bad input like any command (it printed "not available: ..."
// rows on stdout and exited 1).
TEST(SteerCommand, DemoWithABadOptionIsExitTwo) {
  const fs::path dir = scratchDir("demo_bad");
  for (const char* option : {"--param local.zzz=1", "--planner field"}) {
    const auto r = runSteer(std::string("demo ") + option + " --quiet --out " + (dir / "out").string());
    EXPECT_EQ(r.status, 2) << option << ": " << r.err;
    EXPECT_FALSE(r.err.empty()) << option;
    EXPECT_EQ(r.out.find("not available"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(dir / "out")) << option;
  }
}

// A run into the folder of an earlier, longer run leaves only its own frames: the old
// run_*.vtp beyond the new run's end stayed beside a run.pvd that did not list them.
TEST(SteerCommand, ARunIntoAnOldRunsFolderLeavesOnlyItsOwnFrames) {
  const fs::path dir = scratchDir("reused_out");
  const auto frames = [&] {
    std::size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir)) n += e.path().filename().string().rfind("run_", 0) == 0;  // the agents' frames
    return n;
  };
  ASSERT_EQ(runSteer("run " + kData + "/yaml/minimal.yaml --duration 3 --quiet --out " + dir.string()).status, 0);
  const std::size_t before = frames();
  ASSERT_EQ(runSteer("run " + kData + "/yaml/minimal.yaml --duration 0.5 --quiet --out " + dir.string()).status, 0);
  const std::string pvd = steer::test::slurp(dir / "run.pvd");
  std::size_t listed = 0;
  for (std::size_t at = pvd.find("<DataSet"); at != std::string::npos; at = pvd.find("<DataSet", at + 1)) ++listed;
  EXPECT_LT(frames(), before);
  EXPECT_EQ(frames(), listed);
  fs::remove_all(dir);
}

// An --out that is a file is bad input for every command that writes a folder, named as the
// option (compare, sweep, field, plot and render gave exit 1 and a filesystem error, after the
// work).
TEST(SteerCommand, AnOutThatIsAFileIsBadInputForEveryCommand) {
  const fs::path dir = scratchDir("out_is_file");
  fs::create_directories(dir);
  const fs::path file = dir / "a_file";
  std::ofstream(file) << "not a folder\n";
  ASSERT_EQ(runSteer("run " + kData + "/yaml/minimal.yaml --duration 0.5 --quiet --out " + (dir / "run").string()).status, 0);
  const std::string minimal = kData + "/yaml/minimal.yaml";
  for (const std::string& command :
       {"compare " + minimal + " --models straight --seeds 1 --no-charts", "sweep " + minimal + " --models straight --param local.a=1:2:2 --no-charts",
        std::string("field ") + STEER_SOURCE_DIR + "/experiments/scenarios/u_trap.yaml --no-png", std::string("plot fig2a"),
        "render " + (dir / "run").string(), "run " + minimal + " --duration 0.5"}) {
    const auto r = runSteer(command + " --quiet --out " + file.string());
    EXPECT_EQ(r.status, 2) << command << ": " << r.err;
    EXPECT_NE(r.err.find("--out"), std::string::npos) << command << ": " << r.err;
    EXPECT_EQ(steer::test::slurp(file), "not a folder\n");
  }
}

// A --param sets a key in a map: where the file has a number or a list instead, the file is at
// fault, at its line (yaml-cpp threw "operator[] call on a scalar", reported as an internal
// error, and `planning: {harmonic: 3}` was silently replaced by the --param's map). Option
// values of compare and sweep are checked as run's are (a bad --neighbors blamed the file).
TEST(SteerCommand, AParamIntoANumberOrListIsTheFilesError) {
  const fs::path dir = scratchDir("param_into_scalar");
  fs::create_directories(dir);
  const std::string head = "world: {min: [-10, -10], max: [10, 10]}\nmodel: straight\n";
  const std::string agent = "agents:\n  - {position: [0, 0], goals: [{kind: seek, target: [5, 5]}]}\n";
  const struct {
    std::string body, param, expected;
  } cases[] = {{agent + "local: 5\n", "local.a.b=1", ":5:8: local: expected a map of keys"},
               {agent + "local: [1, 2]\n", "local.a=1", ":5:8: local: expected a map of keys"},
               {agent + "planning: {harmonic: 3}\n", "planning.harmonic.resolution=8", ":5:22: planning.harmonic: expected a map"},
               {"agents: [5]\n", "agents.0.personality.courage=0.2", ":3:10: agents.0: expected a map"}};
  for (const auto& c : cases) {
    std::ofstream(dir / "s.yaml") << head << c.body;
    const auto r = runSteer("run " + (dir / "s.yaml").string() + " --param " + c.param + " --quiet --out " + (dir / "out").string());
    EXPECT_EQ(r.status, 2) << c.param << ": " << r.err;
    EXPECT_NE(r.err.find(c.expected), std::string::npos) << c.param << ": " << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "out"));
  }
  for (const char* option : {"--neighbors bogus", "--integrator bogus"}) {
    const auto r = runSteer("compare " + kData + "/yaml/minimal.yaml " + option + " --out " + (dir / "out").string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.err.rfind("steer: --", 0), 0u) << r.err;
  }
}

// The Reynolds behaviors see only the near set: a neighbourhood reaching beyond near_radius is
// cut there, which the command says before the run (pigeons.yaml flocked within 3 m while its
// alignment and cohesion asked for 4).
TEST(SteerCommand, AReynoldsNeighbourhoodBeyondTheNearRadiusIsNamedInANote) {
  const fs::path dir = scratchDir("reynolds_reach");
  fs::create_directories(dir);
  const auto scenario = [&](double nearRadius) {
    const fs::path file = dir / ("near_" + std::to_string(static_cast<int>(nearRadius)) + ".yaml");
    std::ofstream(file) << "world: {min: [-10, -10], max: [10, 10]}\nmodel: reynolds\n"
                        << "agents:\n  - {position: [0, 0], near_radius: " << nearRadius
                        << ", goals: [{kind: seek, target: [5, 5]}]}\n"
                        << "reynolds:\n  behaviors:\n    - {kind: seek_goal}\n"
                        << "    - {kind: flocking, flocking: {alignment: {weight: 1, distance: 4, angle_deg: 120}}}\n";
    return file.string();
  };
  // (6 s: time to reach the target, 5.1 s at 1.3 m/s, so that no other note is given)
  const auto cut = runSteer("run " + scenario(3) + " --duration 6 --quiet --out " + (dir / "a").string());
  EXPECT_EQ(cut.status, 0) << cut.err;
  EXPECT_NE(cut.err.find("note: flocking (alignment) looks 4 m around, beyond the near_radius of 3 m"), std::string::npos)
      << cut.err;
  const auto enough = runSteer("run " + scenario(5) + " --duration 6 --quiet --out " + (dir / "b").string());
  EXPECT_EQ(enough.status, 0) << enough.err;
  EXPECT_EQ(enough.err.find("note:"), std::string::npos) << enough.err;
}

// reynolds-2000: the avatar's move-away zone is "larger (and less elongated with speed)" than its
// take-off zone. Both grow ahead with the car's speed, the take-off zone faster, so the move-away
// zone holds it only up to a speed (3.5 m/s with pigeons.yaml's shapes); a faster avatar, or a
// wider take-off zone, is said before the run. The zones' half axes are the oracle: the note
// appears exactly when one of the take-off zone's is longer.
TEST(SteerCommand, AnAvatarTakeOffZoneOutsideItsMoveAwayZoneIsNamedInANote) {
  const fs::path dir = scratchDir("avatar_zones");
  fs::create_directories(dir);
  const auto scenario = [&](const std::string& name, double speed, double takeoffRadius) {
    const fs::path file = dir / (name + ".yaml");
    std::ofstream(file) << "world: {min: [-20, -20], max: [20, 20]}\nmodel: reynolds\n"
                        << "agents:\n  - {position: [0, 0], goals: [{kind: seek, target: [5, 5]}]}\n"
                        << "reynolds:\n  behaviors:\n    - {kind: seek_goal}\n    - {kind: avatar_avoidance}\n"
                        << "  avatar:\n    path: {waypoints: [[-15, 0], [15, 0]], speed: " << speed << "}\n"
                        << "    move_away: {radius: 6, velocity_weight: 0.5}\n"
                        << "    takeoff: {radius: " << takeoffRadius << ", velocity_weight: 1.5}\n";
    return file.string();
  };
  const auto run = [&](const std::string& file, const std::string& out) {
    // (6 s: time to reach the target, 5.1 s at 1.3 m/s, so that no other note is given)
    const auto r = runSteer("run " + file + " --duration 6 --quiet --out " + (dir / out).string());
    EXPECT_EQ(r.status, 0) << r.err;
    return r.err;
  };
  // 2.5 + 1.5 × 3 = 7 m ahead against 6 + 0.5 × 3 = 7.5 m: held.
  EXPECT_EQ(run(scenario("slow", 3, 2.5), "a").find("note:"), std::string::npos);
  // 2.5 + 1.5 × 4 = 8.5 m against 8 m: not held.
  const std::string fast = run(scenario("fast", 4, 2.5), "b");
  EXPECT_NE(fast.find("note: the avatar's take-off zone is not inside its move-away zone: at the avatar path's speed "
                      "of 4 m/s it reaches 8.5 m ahead, the move-away zone 8 m (they are equal at 3.5 m/s)"),
            std::string::npos)
      << fast;
  // Wider than the move-away zone behind and across, whatever the speed.
  const std::string wide = run(scenario("wide", 1, 7), "c");
  EXPECT_NE(wide.find("note: the avatar's take-off zone is not inside its move-away zone: its radius 7 m is larger "
                      "than the move-away zone's 6 m"),
            std::string::npos)
      << wide;
  fs::remove_all(dir);
}

// An agent with no goals leaves at t = 0 (it has completed its sequence): allowed, but a run of
// only such agents simulates nothing, so the command says why; agents that stay or have goals
// are not mentioned.
TEST(SteerCommand, AgentsWithoutGoalsAreNamedInANote) {
  const fs::path dir = scratchDir("no_goals");
  fs::create_directories(dir);
  const std::string world = "world: {min: [-10, -10], max: [10, 10]}\nmodel: straight\nagents:\n";
  std::ofstream(dir / "none.yaml") << world << "  - {position: [0, 0]}\n  - {position: [3, 0]}\n"
                                   << "  - {position: [-3, 0], stays: true}\n"
                                   << "  - {position: [0, 3], goals: [{kind: seek, target: [5, 5]}]}\n";
  const auto r = runSteer("run " + (dir / "none.yaml").string() + " --duration 0.5 --quiet --out " + (dir / "a").string());
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("note: 2 of 4 agents have no goals"), std::string::npos) << r.err;
  std::ofstream(dir / "all.yaml") << world << "  - {position: [0, 3], goals: [{kind: seek, target: [5, 5]}]}\n";
  // (4 s: time to reach the target, 3.8 s at 1.3 m/s)
  const auto quiet = runSteer("run " + (dir / "all.yaml").string() + " --duration 4 --quiet --out " + (dir / "b").string());
  EXPECT_EQ(quiet.status, 0) << quiet.err;
  EXPECT_EQ(quiet.err.find("note:"), std::string::npos) << quiet.err;
  fs::remove_all(dir);
}

// A run too short for an agent to complete its goals even walking straight at its desired speed
// is said before it starts: "0/40 reached" after 40 s of a 60 m crossing read as a failure of the
// model. The straight model, which walks exactly so, is the oracle: out 9.5 m to within 0.5 m of
// (10, 0), back 9 m to within 0.5 m of the start, and 1 s idle take 18.5 / 1.3 + 1 = 15.23 s, and
// the note is given exactly when that run does not reach. The second agent flees for 2 s and
// seeks a moving target, which it may meet at once anywhere: a lower bound of 2 s, and no note.
TEST(SteerCommand, ARunTooShortForTheGoalsIsNamedInANote) {
  const fs::path dir = scratchDir("too_short");
  fs::create_directories(dir);
  std::ofstream(dir / "walk.yaml") << "world: {min: [-20, -20], max: [20, 20]}\nmodel: straight\nagents:\n"
                                   << "  - {position: [0, 0], goals: [{target: [10, 0], reach_radius: 0.5}, "
                                      "{target: [0, 0], reach_radius: 0.5}, {kind: idle, duration: 1}]}\n"
                                   << "  - {position: [0, 5], goals: [{kind: flee, target: [0, 0], duration: 2}, "
                                      "{target: {path: {waypoints: [[5, 5], [15, 5]]}}}, {target: [3, 5]}]}\n";
  const auto run = [&](const std::string& duration) {
    const auto r = runSteer("run " + (dir / "walk.yaml").string() + " --duration " + duration + " --quiet --out " +
                            (dir / duration).string());
    EXPECT_EQ(r.status, 0) << r.err;
    const auto summary = nlohmann::json::parse(steer::test::slurp(dir / duration / "summary.json"));
    return std::make_pair(r.err, summary.at("per_agent").at(0).at("reached").template get<bool>());
  };
  const auto [shortErr, shortReached] = run("15");
  EXPECT_FALSE(shortReached);
  EXPECT_NE(shortErr.find("steer run: note: 1 of 2 agents cannot complete their goals within the run's duration of 15 s "
                          "even walking straight at their desired speed (they need up to 15.2308 s), so they cannot count "
                          "as reached: lengthen the run (--duration)"),
            std::string::npos)
      << shortErr;
  const auto [longErr, longReached] = run("15.5");
  EXPECT_TRUE(longReached);
  EXPECT_EQ(longErr.find("note:"), std::string::npos) << longErr;
  // `steer check` says it too.
  const auto check = runSteer("check " + (dir / "walk.yaml").string() + " --duration 15");
  EXPECT_NE(check.err.find("steer check: note: 1 of 2 agents cannot complete their goals"), std::string::npos) << check.err;
  fs::remove_all(dir);
}

// A run whose outputs may take gigabytes says so before it starts (a step of 1e-7 s wrote 800 MB
// of trajectories.csv for one agent in silence). Agents without goals leave at t = 0, so these
// runs end at once whatever their step.
TEST(SteerCommand, OutputsOfGigabytesAreSaidBeforeTheRun) {
  const fs::path dir = scratchDir("output_size");
  fs::create_directories(dir);
  std::ofstream(dir / "idle.yaml") << "world: {min: [-10, -10], max: [10, 10]}\nmodel: straight\nagents:\n"
                                   << "  - {position: [0, 0]}\n  - {position: [3, 0]}\n";
  const std::string run = "run " + (dir / "idle.yaml").string() + " --dt 1e-6 --duration 100 --quiet --out ";
  const auto large = runSteer(run + (dir / "a").string());
  EXPECT_EQ(large.status, 0) << large.err;
  // 2 agents x 100,000,001 rows of ~100 B, and 1,001 frames.
  EXPECT_NE(large.err.find("steer run: note: the outputs may take up to 20 GB (trajectories.csv: 2 agents x 100,000,001 rows"),
            std::string::npos)
      << large.err;
  const auto thinned = runSteer(run + (dir / "b").string() + " --trajectory-interval 0.1");
  EXPECT_EQ(thinned.status, 0) << thinned.err;
  EXPECT_EQ(thinned.err.find("the outputs may take"), std::string::npos) << thinned.err;
  const auto none = runSteer(run + (dir / "c").string() + " --no-trajectories");
  EXPECT_EQ(none.status, 0) << none.err;
  EXPECT_EQ(none.err.find("the outputs may take"), std::string::npos) << none.err;
  fs::remove_all(dir);
}


// A step longer than a body's diameter at max_speed lets two bodies cross between two step
// ends: the collision count (taken at the step ends) then misses the crossing, and the note says
// so before the run. The oracle is the run itself: head-on, 0.5 s steps give no collision and
// one contact between steps; 0.05 s steps see the same contact as a collision, and no note.
TEST(SteerCommand, AStepLongerThanABodyIsNamedInANoteAndItsPassesAreContactsOnly) {
  const fs::path dir = scratchDir("pass_through");
  fs::create_directories(dir);
  std::ofstream(dir / "cross.yaml") << "world: {min: [-10, -10], max: [10, 10]}\nmodel: straight\nagents:\n"
                                    << "  - {position: [-3, 0], radius: 0.25, goals: [{kind: seek, target: [5, 0]}]}\n"
                                    << "  - {position: [3, 0], radius: 0.25, goals: [{kind: seek, target: [-5, 0]}]}\n";
  const auto run = [&](const std::string& dt, const std::string& out) {
    // (7 s: time to reach the targets, 6 s at 1.3 m/s, so that no other note is given)
    return runSteer("run " + (dir / "cross.yaml").string() + " --dt " + dt + " --duration 7 --quiet --out " + (dir / out).string());
  };
  const auto coarse = run("0.5", "coarse");
  EXPECT_EQ(coarse.status, 0) << coarse.err;
  EXPECT_NE(coarse.err.find("note: at max_speed 2.6 m/s a step of dt 0.5 s moves 1.3 m, more than the body's diameter of "
                            "0.5 m: bodies can pass through each other"),
            std::string::npos)
      << coarse.err;
  const auto coarseSummary = nlohmann::json::parse(std::ifstream(dir / "coarse" / "summary.json"));
  EXPECT_EQ(coarseSummary["collisions"]["agent_agent"], 0);
  EXPECT_EQ(coarseSummary["contacts_between_steps"]["agent_agent"], 1);
  const auto fine = run("0.05", "fine");
  EXPECT_EQ(fine.status, 0) << fine.err;
  EXPECT_EQ(fine.err.find("note:"), std::string::npos) << fine.err;
  const auto fineSummary = nlohmann::json::parse(std::ifstream(dir / "fine" / "summary.json"));
  EXPECT_EQ(fineSummary["collisions"]["agent_agent"], 1);
  EXPECT_EQ(fineSummary["contacts_between_steps"]["agent_agent"], 1);
  // A wall: one agent is enough to pass through it.
  std::ofstream(dir / "wall.yaml") << "world: {min: [-10, -10], max: [10, 10]}\nmodel: straight\n"
                                   << "obstacles:\n  - segment: {from: [0, -5], to: [0, 5]}\n"
                                   << "agents:\n  - {position: [-3, 0], radius: 0.25, goals: [{kind: seek, target: [5, 0]}]}\n";
  const auto wall = runSteer("check " + (dir / "wall.yaml").string());
  EXPECT_EQ(wall.status, 0) << wall.err;
  EXPECT_EQ(wall.err.find("pass through"), std::string::npos) << wall.err;  // dt 0.05: 0.13 m steps
  const auto wallCoarse = runSteer("check " + (dir / "wall.yaml").string() + " --dt 0.5");
  EXPECT_EQ(wallCoarse.status, 0) << wallCoarse.err;
  EXPECT_NE(wallCoarse.err.find("bodies can pass through a wall within one step"), std::string::npos) << wallCoarse.err;
  fs::remove_all(dir);
}
// summary.json's planner_report says what the harmonic fields' solves found, with the figures
// `steer field` gives for the same settings, and a note on stderr says when a field can hold
// agents still: its solve stopped at the iteration cap, or cells' descent ends short of the target
// (Gauss–Seidel stopped at 1e-6 on maze_b). A field solved to the paper's 1e-15 gets no note.
TEST(SteerCommand, RunReportsTheHarmonicFieldsSolveAndLocalMinima) {
  const fs::path dir = scratchDir("planner_report");
  fs::create_directories(dir);
  const std::string maze = steer::test::slurp(std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/maze_b.yaml");
  const std::string settings = "harmonic: {resolution: 128}";
  ASSERT_NE(maze.find(settings), std::string::npos);
  const auto variant = [&](const std::string& name, const std::string& harmonic) {
    std::string text = maze;
    text.replace(text.find(settings), settings.size(), "harmonic: {resolution: 128, cache_dir: \"\", " + harmonic + "}");
    std::ofstream(dir / (name + ".yaml")) << text;
    return (dir / (name + ".yaml")).string();
  };
  struct Case {
    std::string name, harmonic;
    bool minima, capped;
  };
  for (const Case& c : {Case{"exact", "solver: multigrid", false, false},
                        Case{"loose", "solver: gs, tolerance: 1e-6", true, false},
                        Case{"capped", "solver: gs, max_iterations: 50", true, true}}) {
    SCOPED_TRACE(c.name);
    const std::string file = variant(c.name, c.harmonic);
    const auto r = runSteer("run " + file + " --duration 0.5 --quiet --out " + (dir / c.name).string());
    ASSERT_EQ(r.status, 0) << r.err;
    const auto report = nlohmann::json::parse(steer::test::slurp(dir / c.name / "summary.json")).at("planner_report");
    const auto f = runSteer("field " + file + " --no-png --quiet --out " + (dir / (c.name + "_field")).string());
    ASSERT_EQ(f.status, 0) << f.err;
    const auto field = nlohmann::json::parse(steer::test::slurp(dir / (c.name + "_field") / "field_summary.json"));
    EXPECT_EQ(report.at("fields").get<double>(), 1.0);
    // Counts are whole numbers in the file ("fields": 1, not 1.0).
    for (const char* count : {"fields", "fields_from_cache", "fields_not_converged", "field_iterations", "field_free_cells",
                              "field_local_minimum_cells", "field_disconnected_cells", "agents_cut_off_at_start"})
      EXPECT_TRUE(report.at(count).is_number_integer()) << count << ": " << report.at(count);
    EXPECT_EQ(report.at("fields_from_cache").get<double>(), 0.0);
    EXPECT_EQ(report.at("field_iterations").get<double>(), field.at("iterations").get<double>());
    EXPECT_EQ(report.at("field_final_update").get<double>(), field.at("final_update").get<double>());
    EXPECT_EQ(report.at("fields_not_converged").get<double>(), field.at("converged").get<bool>() ? 0.0 : 1.0);
    EXPECT_EQ(report.at("fields_not_converged").get<double>(), c.capped ? 1.0 : 0.0);
    EXPECT_EQ(report.at("field_local_minimum_cells").get<double>(), field.at("local_minima").get<double>());
    EXPECT_EQ(report.at("field_local_minimum_cells").get<double>() > 0, c.minima);
    EXPECT_EQ(report.at("field_disconnected_cells").get<double>(), field.at("disconnected_cells").get<double>());
    EXPECT_EQ(report.at("field_free_cells").get<double>(), field.at("targets").at(0).at("free_cells").get<double>());
    EXPECT_GT(report.at("field_solve_seconds").get<double>(), 0.0);
    EXPECT_EQ(r.err.find("iteration cap") != std::string::npos, c.capped) << r.err;
    EXPECT_EQ(r.err.find("local minima") != std::string::npos, c.minima) << r.err;
    // `steer field` says the same (its summary line read as if all were well).
    EXPECT_EQ(f.err.find("steer field: note: 1 of 1 field(s) stopped at the solver's iteration cap") != std::string::npos, c.capped)
        << f.err;
    EXPECT_EQ(f.err.find("(local minima)") != std::string::npos, c.minima) << f.err;
    EXPECT_EQ(field.at("free_cells").get<double>(), report.at("field_free_cells").get<double>());
    if (c.minima) {  // counted among the cells connected to the target, as the minima are
      const auto connected = static_cast<long>(report.at("field_free_cells").get<double>() -
                                               report.at("field_disconnected_cells").get<double>());
      EXPECT_NE(r.err.find(" of " + std::to_string(connected) + " free cells connected to the target"), std::string::npos)
          << r.err;
    }
    EXPECT_EQ(report.at("agents_cut_off_at_start").get<double>(), 0.0);
  }
  // An agent in a closed room of maze_b (the middle of the left column) is cut off from the
  // target: counted, and said in a note.
  {
    std::string text = maze;
    const std::string region = "region: {min: [-14, -14], max: [-7, -7]}";
    ASSERT_NE(text.find(region), std::string::npos);
    text.replace(text.find(region), region.size(), "region: {min: [-14, -3], max: [-7, 3]}");
    std::ofstream(dir / "closed.yaml") << text;
    const auto r = runSteer("run " + (dir / "closed.yaml").string() + " --duration 0.5 --quiet --out " + (dir / "closed").string());
    ASSERT_EQ(r.status, 0) << r.err;
    const auto report = nlohmann::json::parse(steer::test::slurp(dir / "closed" / "summary.json")).at("planner_report");
    EXPECT_EQ(report.at("agents_cut_off_at_start").get<double>(), 6.0);
    EXPECT_NE(r.err.find("6 agent(s) start cut off from their target"), std::string::npos) << r.err;
  }
  // Without a field there is nothing to report.
  // (26 s: time for all six to reach the target walking straight, up to 25.2 s, so that no other note is given)
  const auto direct = runSteer("run " + variant("direct", "solver: multigrid") + " --planner direct --duration 26 --quiet --out " +
                               (dir / "direct").string());
  ASSERT_EQ(direct.status, 0) << direct.err;
  EXPECT_TRUE(nlohmann::json::parse(steer::test::slurp(dir / "direct" / "summary.json")).at("planner_report").empty());
  EXPECT_EQ(direct.err.find("note:"), std::string::npos) << direct.err;
  fs::remove_all(dir);
}

// summary.json's model_report: what the foragers of forage.yaml ate (its 16 resources, every one
// eaten in the full 60 s), and nothing for a model that keeps no such account.
TEST(SteerCommand, TheSummaryReportsWhatTheForagersAte) {
  const fs::path dir = scratchDir("model_report");
  const std::string forage = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/forage.yaml";
  const auto r = runSteer("run " + forage + " --quiet --no-trajectories --out " + (dir / "reynolds").string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto summary = nlohmann::json::parse(steer::test::slurp(dir / "reynolds" / "summary.json"));
  const auto report = summary.at("model_report");
  EXPECT_EQ(report.at("resources").get<int>(), 16);
  EXPECT_EQ(report.at("resources_consumed").get<int>(), 16);
  EXPECT_GT(report.at("last_resource_consumed_at").get<double>(), 0.0);
  EXPECT_LE(report.at("last_resource_consumed_at").get<double>(), summary.at("sim_time").get<double>());
  const auto g = runSteer("run " + forage + " --model goldenstein --duration 1 --quiet --no-trajectories --out " +
                          (dir / "goldenstein").string());
  ASSERT_EQ(g.status, 0) << g.err;
  EXPECT_TRUE(nlohmann::json::parse(steer::test::slurp(dir / "goldenstein" / "summary.json")).at("model_report").empty());
  fs::remove_all(dir);
}

// In 3D a region goal is held by a sphere only if the sphere holds it over its z range: one
// above a sphere whose outline covers it in x and y is reachable (it was refused, the check
// looking at z = 0 only). tests/data/bad/region_goal_3d_in_sphere.yaml is the refused case.
TEST(SteerCommand, ARegionGoalAboveASphereIsReachable) {
  const fs::path dir = scratchDir("region_above_sphere");
  fs::create_directories(dir);
  std::ofstream(dir / "s.yaml") << "dimension: 3\nworld: {min: [-10, -10, -10], max: [10, 10, 10]}\nmodel: straight\n"
                                   "obstacles:\n  - sphere: {center: [5, 0, 0], radius: 3}\n"
                                   "agents:\n  - position: [-5, 0, 6]\n    goals:\n"
                                   "      - {kind: region, min: [4, -1, 5], max: [6, 1, 7]}\n";
  const auto r = runSteer("run " + (dir / "s.yaml").string() + " --duration 20 --quiet --out " + (dir / "out").string());
  EXPECT_EQ(r.status, 0) << r.err;
  std::ifstream summary(dir / "out" / "summary.json");
  ASSERT_TRUE(summary.good());
  EXPECT_EQ(nlohmann::json::parse(summary)["reached"], 1) << "the straight model flies there at z = 6";
  fs::remove_all(dir);
}

// The harmonic, hybrid and field planners and `steer field` work on a grid of the x-y plane: on a
// 3D scenario they ran, flattening every direction to z = 0.
// A path given with --param is read from the working directory, as every path on the command
// line is: `--param planning.field.file=sc/f.json` on sc/s.yaml looked for sc/sc/f.json (`steer
// demo` read it from the working directory); a path in the file stays relative to the file.
TEST(SteerCommand, AFieldFileOnTheCommandLineIsReadFromTheWorkingDirectory) {
  const fs::path dir = scratchDir("field_file_path");
  fs::create_directories(dir / "sc");
  std::ofstream(dir / "sc" / "f.json") << "{\"origin\": [-10, -10], \"spacing\": 10, \"nx\": 3, \"ny\": 3, \"vectors\": "
                                          "[[1,0],[1,0],[1,0],[1,0],[1,0],[1,0],[1,0],[1,0],[1,0]]}";
  const std::string scenario = "name: s\nworld: {min: [-10, -10], max: [10, 10]}\nduration: 1\n"
                               "agents:\n  - {position: [-5, 0], goals: [{kind: seek, target: [5, 0]}]}\n";
  std::ofstream(dir / "sc" / "s.yaml") << scenario;
  std::ofstream(dir / "sc" / "in_file.yaml") << scenario << "planning: {field: {file: f.json}}\n";
  const fs::path here = fs::current_path();
  fs::current_path(dir);
  const auto given = runSteer("run sc/s.yaml --planner field --param planning.field.file=sc/f.json --quiet --out out1");
  const auto inFile = runSteer("run sc/in_file.yaml --planner field --quiet --out out2");
  fs::current_path(here);
  EXPECT_EQ(given.status, 0) << given.err;
  EXPECT_EQ(inFile.status, 0) << inFile.err;
  EXPECT_TRUE(fs::exists(dir / "out1" / "summary.json"));
  fs::remove_all(dir);
}

// A grid too coarse to keep any free cell is said, by `steer field` and by `steer run` (it looked
// like a healthy field: 0 iterations, no local minima).
TEST(SteerCommand, AFieldWithoutFreeCellsIsSaid) {
  const fs::path dir = scratchDir("no_free_cells");
  const std::string maze = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/maze_a.yaml";
  const auto field = runSteer("field " + maze + " --resolution 4 --no-png --quiet --out " + (dir / "field").string());
  EXPECT_EQ(field.status, 0) << field.err;
  EXPECT_NE(field.err.find("steer field: note: the grid has no free cell"), std::string::npos) << field.err;
  const auto run = runSteer("run " + maze + " --param planning.harmonic.resolution=4 "
                            "--duration 0.5 --quiet --no-trajectories --out " + (dir / "run").string());
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find("steer run: note: the harmonic field(s) have no free cell"), std::string::npos) << run.err;
  fs::remove_all(dir);
}

// `steer field` writes into a folder of its own and moves its files in when complete: a world too
// thin to draw is said before anything is solved or written (it failed after the .vti, exit 1,
// beside an earlier field's summary); a new field replaces an earlier one's files (its second
// target's .vti too) and leaves the user's own.
TEST(SteerCommand, AFieldReplacesAnEarlierFieldWholeAndATooThinWorldWritesNothing) {
  const fs::path dir = scratchDir("field_replaces");
  const fs::path out = dir / "field";
  const std::string uTrap = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/u_trap.yaml";
  ASSERT_EQ(runSteer("field " + uTrap + " --resolution 32 --no-png --quiet --out " + out.string()).status, 0);
  const std::string summary = steer::test::slurp(out / "field_summary.json");
  const auto thin = runSteer("field " + kData + "/yaml/thin_world.yaml --quiet --out " + out.string());
  EXPECT_EQ(thin.status, 2) << thin.err;
  EXPECT_NE(thin.err.find("thin_world.yaml: the world's x-y extent gives a grid of 256x1 cells"), std::string::npos) << thin.err;
  EXPECT_EQ(steer::test::slurp(out / "field_summary.json"), summary);
  EXPECT_FALSE(fs::exists(out / "potential_1.vti"));
  std::ofstream(out / "potential_1.vti") << "an earlier field's second target\n";
  std::ofstream(out / "notes.txt") << "the user's\n";
  ASSERT_EQ(runSteer("field " + uTrap + " --resolution 40 --no-png --quiet --out " + out.string()).status, 0);
  EXPECT_NE(steer::test::slurp(out / "field_summary.json"), summary);
  EXPECT_TRUE(fs::exists(out / "potential_0.vti"));
  EXPECT_FALSE(fs::exists(out / "potential_1.vti")) << "a stale file of an earlier field";
  EXPECT_TRUE(fs::exists(out / "notes.txt"));
  EXPECT_FALSE(fs::exists(out / ".field-running"));
  // With --no-png the thin world's field is written (the .vti has no minimum size).
  const auto thinNoPng = runSteer("field " + kData + "/yaml/thin_world.yaml --no-png --quiet --out " + (dir / "thin").string());
  EXPECT_EQ(thinNoPng.status, 0) << thinNoPng.err;
  EXPECT_TRUE(fs::exists(dir / "thin" / "field_summary.json"));
  fs::remove_all(dir);
}

// `steer field` takes --param as run does: a SteerSuite case has no planning section, and its
// field could be solved only with the defaults. The clearance set is the one solved with
// (summary.json's clearance), the assignments are recorded, and a bad one is bad input.
TEST(SteerCommand, FieldTakesParamsAsRunDoes) {
  const fs::path dir = scratchDir("field_param");
  const std::string doorway = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/steersuite/doorway.xml";
  const auto solve = [&](const std::string& name, const std::string& params) {
    return runSteer("field " + doorway + " --resolution 32 --no-png --quiet --out " + (dir / name).string() + params);
  };
  ASSERT_EQ(solve("auto", "").status, 0);
  ASSERT_EQ(solve("zero", " --param planning.harmonic.clearance=0").status, 0);
  const auto autoSummary = nlohmann::json::parse(steer::test::slurp(dir / "auto" / "field_summary.json"));
  const auto zeroSummary = nlohmann::json::parse(steer::test::slurp(dir / "zero" / "field_summary.json"));
  EXPECT_GT(autoSummary.at("clearance").get<double>(), 0.0);
  EXPECT_EQ(zeroSummary.at("clearance").get<double>(), 0.0);
  EXPECT_EQ(zeroSummary.at("params"), nlohmann::json::array({"planning.harmonic.clearance=0"}));
  EXPECT_EQ(autoSummary.at("params"), nlohmann::json::array());
  const auto bad = solve("bad", " --param planning.harmonic.clearence=0");
  EXPECT_EQ(bad.status, 2) << bad.err;
  EXPECT_NE(bad.err.find("clearence"), std::string::npos) << bad.err;
  EXPECT_FALSE(fs::exists(dir / "bad"));
  fs::remove_all(dir);
}

// A field that fails while writing (a file-size limit stands in for a full disk: its .vti cannot
// be written whole) exits 1 and leaves an earlier field in the folder as it was, with no staging
// folder; Ctrl-C during the solve stops it between two iterations and writes nothing (it ended
// the command at once and left .field-running/ behind).
TEST(SteerCommand, AFieldThatFailsOrIsStoppedLeavesTheEarlierFieldAsItWas) {
  const fs::path dir = scratchDir("field_fails");
  const fs::path out = dir / "field";
  const std::string uTrap = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/u_trap.yaml";
  ASSERT_EQ(runSteer("field " + uTrap + " --resolution 32 --no-png --quiet --out " + out.string()).status, 0);
  const std::string summary = steer::test::slurp(out / "field_summary.json");
  const std::string vti = steer::test::slurp(out / "potential_0.vti");
  // 64 blocks of 512 bytes: the summary fits, a 256² .vti does not; SIGXFSZ ignored, so that
  // the write fails instead of ending the process.
  const std::string limited = "sh -c 'trap \"\" XFSZ; ulimit -f 64; exec " + std::string(STEER_EXECUTABLE) + " field " + uTrap +
                              " --resolution 256 --no-png --quiet --out " + out.string() + "' >/dev/null 2>" +
                              (dir / "err").string();
  const int raw = std::system(limited.c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 1) << steer::test::slurp(dir / "err");
  EXPECT_NE(steer::test::slurp(dir / "err").find("steer field: cannot write"), std::string::npos) << steer::test::slurp(dir / "err");
  EXPECT_EQ(steer::test::slurp(out / "field_summary.json"), summary);
  EXPECT_EQ(steer::test::slurp(out / "potential_0.vti"), vti);
  EXPECT_FALSE(fs::exists(out / ".field-running"));
  EXPECT_FALSE(fs::exists(out / ".steer-replaced"));
  // Stopped: Gauss–Seidel on a 512² grid runs for minutes; -k: a hung solve is killed, and fails.
  const std::string stopped = "timeout --preserve-status -k 20 -s INT 2 " + std::string(STEER_EXECUTABLE) + " field " + uTrap +
                              " --solver gs --resolution 512 --no-png --quiet --out " + out.string() + " >/dev/null 2>" +
                              (dir / "err").string() + " </dev/null";
  const int status = std::system(stopped.c_str());
  ASSERT_TRUE(WIFEXITED(status));  // (130 also for a process the signal ended: the message tells)
  EXPECT_EQ(WEXITSTATUS(status), 130);
  EXPECT_NE(steer::test::slurp(dir / "err").find("steer field: interrupted (SIGINT) while a harmonic field was solved"), std::string::npos)
      << steer::test::slurp(dir / "err");
  EXPECT_EQ(steer::test::slurp(out / "field_summary.json"), summary);
  EXPECT_FALSE(fs::exists(out / ".field-running"));
  fs::remove_all(dir);
}

// A run into a folder that holds no run of steer's removes nothing of it (every file of our
// names was deleted: a frame_0001.png of the user's, a .running folder and all in it); a batch
// leaves a charts/ folder that is not its own; an --out name too long for the system is exit 2.
TEST(SteerCommand, OutputsIntoAFolderOfTheUsersRemoveNothingOfIt) {
  const fs::path dir = scratchDir("users_folder");
  const fs::path mine = dir / "mine";
  fs::create_directories(mine / "charts");
  std::ofstream(mine / "frame_0001.png") << "the user's\n";
  std::ofstream(mine / "charts" / "kept.txt") << "the user's\n";
  const std::string yaml = kData + "/yaml/minimal.yaml";
  auto r = runSteer("run " + yaml + " --duration 0.5 --quiet --out " + mine.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(mine / "frame_0001.png"));
  EXPECT_TRUE(fs::exists(mine / "summary.json"));
  // A run killed outright left its RUNNING marker: that is not a batch's, and a compare into the
  // folder leaves the charts/ it holds.
  std::ofstream(mine / "RUNNING") << "this run has not finished\n";
  r = runSteer("compare " + yaml + " --seeds 1 --duration 0.5 --no-charts --quiet --out " + mine.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(mine / "charts" / "kept.txt"));
  // A .running folder without a RUNNING marker is not ours: refused, and left as it was.
  const fs::path other = dir / "other";
  fs::create_directories(other / ".running");
  std::ofstream(other / ".running" / "kept.txt") << "the user's\n";
  r = runSteer("run " + yaml + " --duration 0.5 --quiet --out " + other.string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("holds a .running folder but no run of steer's"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::exists(other / ".running" / "kept.txt"));
  r = runSteer("run " + yaml + " --duration 0.5 --quiet --out " + (dir / std::string(300, 'x')).string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--out: cannot make the output folder"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

// Free cells no target's field reaches are said by `steer field` (the doorway at resolution 80:
// its 1.6 m opening closes on that grid, and half the free cells were cut off, unsaid); at the
// default resolution the opening stays open and nothing is said.
TEST(SteerCommand, FreeCellsCutOffFromTheTargetAreSaid) {
  const fs::path dir = scratchDir("cut_off_cells");
  const std::string doorway = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/steersuite/doorway.xml";
  const auto coarse = runSteer("field " + doorway + " --resolution 80 --no-png --quiet --out " + (dir / "coarse").string());
  EXPECT_EQ(coarse.status, 0) << coarse.err;
  EXPECT_NE(coarse.err.find("free cells are cut off from the target(s)"), std::string::npos) << coarse.err;
  const auto fine = runSteer("field " + doorway + " --no-png --quiet --out " + (dir / "fine").string());
  EXPECT_EQ(fine.status, 0) << fine.err;
  EXPECT_EQ(fine.err.find("cut off"), std::string::npos) << fine.err;
  fs::remove_all(dir);
}

// Near sets of thousands of agents each are said before the run (300,000 small agents in a
// 20 m square filled 24 GB and were killed without a word); a crowd of the suite's is not.
TEST(SteerCommand, NearSetsOfThousandsOfAgentsAreSaidBeforeTheRun) {
  const fs::path dir = scratchDir("crowded_near_sets");
  const auto crowded = runSteer("run " + kData + "/yaml/crowded_near_sets.yaml --neighbors lattice --no-trajectories --quiet --out " +
                                (dir / "crowded").string());
  EXPECT_EQ(crowded.status, 0) << crowded.err;
  EXPECT_NE(crowded.err.find("steer run: note: each agent's near disk (near_radius 5 m on average) holds about 1570 agents"),
            std::string::npos)
      << crowded.err;
  const auto suite = runSteer("run " + kData + "/yaml/batch_small.yaml --duration 0.5 --no-trajectories --quiet --out " +
                              (dir / "suite").string());
  EXPECT_EQ(suite.status, 0) << suite.err;
  EXPECT_EQ(suite.err.find("near disk"), std::string::npos) << suite.err;
  fs::remove_all(dir);
}

// Static walls crossing each other 100,000 times or more are said before a kinetic run (a fuzzed
// scenario of 10,000 overlapping boxes took 74 s and 2 GB to set up without a word): n
// horizontal walls across n vertical ones cross n² times, 317² = 100,489 and 316² = 99,856.
TEST(SteerCommand, WallsCrossingByTheHundredThousandAreSaidBeforeAKineticRun) {
  const fs::path dir = scratchDir("crossing_walls");
  fs::create_directories(dir);
  const auto grid = [&](int n) {
    const fs::path file = dir / ("grid" + std::to_string(n) + ".yaml");
    std::ofstream out(file);
    out << "world: {min: [-20, -20], max: [20, 20]}\nmodel: straight\nobstacles:\n";
    for (int k = 0; k < n; ++k) {
      const double across = -15.85 + 0.1 * k, along = 0.05 + 0.06 * k;
      out << "  - segment: {from: [0, " << across << "], to: [19.5, " << across << "]}\n";
      out << "  - segment: {from: [" << along << ", -16], to: [" << along << ", 16]}\n";
    }
    out << "agents:\n  - {position: [-10, 0], radius: 0.25, goals: [{kind: seek, target: [-10, 10]}]}\n";
    return file.string();
  };
  const std::string note = "steer check: note: the static obstacles' edges cross each other 100,000 times or more";
  const auto crossing = runSteer("check " + grid(317));
  EXPECT_EQ(crossing.status, 0) << crossing.err;
  EXPECT_NE(crossing.err.find(note), std::string::npos) << crossing.err;
  const auto lattice = runSteer("check " + grid(317) + " --neighbors lattice");
  EXPECT_EQ(lattice.status, 0) << lattice.err;
  EXPECT_EQ(lattice.err.find("cross each other"), std::string::npos) << lattice.err;
  const auto fewer = runSteer("check " + grid(316));
  EXPECT_EQ(fewer.status, 0) << fewer.err;
  EXPECT_EQ(fewer.err.find("cross each other"), std::string::npos) << fewer.err;
  fs::remove_all(dir);
}

TEST(SteerCommand, PlanarPlannersAndTheFieldRefuseA3DScenario) {
  const std::string scenario = kData + "/yaml/three_agents_3d.yaml";
  const fs::path out = scratchDir("planar_3d");
  for (const std::string planner : {"harmonic", "hybrid", "field"}) {
    SCOPED_TRACE(planner);
    const auto r = runSteer("run " + scenario + " --planner " + planner + " --duration 0.1 --quiet --out " + out.string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.err, "<command line>: --planner: the " + planner +
                         " planner steers in the x-y plane only (2D scenarios); a 3D scenario takes the direct planner (" +
                         scenario + " is 3D)\n");
    EXPECT_FALSE(fs::exists(out));
  }
  EXPECT_EQ(runSteer("run " + scenario + " --planner direct --duration 0.1 --quiet --out " + out.string()).status, 0);
  fs::remove_all(out);
  const auto field = runSteer("field " + scenario + " --no-png --resolution 16 --quiet --out " + out.string());
  EXPECT_EQ(field.status, 2) << field.err;
  EXPECT_EQ(field.err.rfind(scenario + ": steer field: the harmonic field is solved in the x-y plane, for 2D scenarios only", 0), 0u)
      << field.err;
  EXPECT_FALSE(fs::exists(out));
}

// `steer field --omega 0` is the grid's optimal factor, as `omega: 0` in the scenario (the option
// refused 0); an explicit factor is used as given; out of [0, 2) or not a number is bad input.
TEST(SteerCommand, FieldOmegaZeroIsTheOptimalFactorAsInTheFile) {
  const std::string maze = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/maze_b.yaml --solver sor --no-png --quiet ";
  const fs::path dir = scratchDir("field_omega");
  const auto iterations = [&](const std::string& name, const std::string& args) {
    const auto r = runSteer("field " + maze + args + " --out " + (dir / name).string());
    EXPECT_EQ(r.status, 0) << r.err;
    return nlohmann::json::parse(steer::test::slurp(dir / name / "field_summary.json"))["iterations"].get<long>();
  };
  const long optimal = iterations("zero", "--omega 0"), byDefault = iterations("default", ""), gaussSeidel = iterations("one", "--omega 1");
  EXPECT_EQ(optimal, byDefault) << "maze_b.yaml sets no omega: the default is the optimum";
  EXPECT_LT(optimal * 5, gaussSeidel) << "ω = 1 is Gauss-Seidel, far slower on this grid";
  for (const std::string bad : {"2", "-0.5", "1x", "nan"}) {
    SCOPED_TRACE(bad);
    const auto r = runSteer("field " + maze + "--omega " + bad + " --out " + (dir / "bad").string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("--omega: must be in [0, 2), got '" + bad + "'"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "bad"));
  }
  // A factor for a solver that has none is bad input: the default multigrid solve ignored it.
  for (const std::string solver : {"multigrid", "gs"}) {
    const std::string other = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/maze_b.yaml --solver " + solver;
    const auto r = runSteer("field " + other + " --omega 1.5 --no-png --quiet --out " + (dir / "other").string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("--omega: the relaxation factor of the sor solver; this solve uses " + solver), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir / "other"));
  }
  fs::remove_all(dir);
}

// What is wrong with the folder or file given is said as it is (a missing folder was "not a
// finished run (no summary.json)", a folder given to run "unknown scenario format").
TEST(SteerCommand, AWrongPathSaysWhatItIs) {
  const fs::path dir = scratchDir("wrong_paths");
  fs::create_directories(dir / "going");
  std::ofstream(dir / "going" / "RUNNING") << "this run has not finished\n";
  std::ofstream(dir / "file.txt") << "x\n";
  const std::vector<std::pair<std::string, std::string>> cases{
      {"render " + (dir / "absent").string(), (dir / "absent").string() + ": no such folder (expected a run's folder)"},
      {"render " + (dir / "file.txt").string(), (dir / "file.txt").string() + ": is not a folder"},
      {"render " + (dir / "going").string(), (dir / "going").string() + ": the run has not finished (RUNNING is there"},
      {"run " + dir.string(), dir.string() + ": is a folder; expected a scenario file (.yaml, .yml or .xml)"}};
  for (const auto& [args, message] : cases) {
    SCOPED_TRACE(args);
    const auto r = runSteer(args + " --quiet");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err.rfind(message, 0), 0u) << r.err;
  }
  fs::remove_all(dir);
}

// `--at nan` drew a frame named at_nan.png (the time clamped to the run's first sample).
TEST(SteerCommand, RenderTimesAreFiniteAndNotNegative) {
  for (const std::string at : {"nan", "inf", "-1", "abc"}) {
    SCOPED_TRACE(at);
    const fs::path out = scratchDir("render_at");
    const auto r = runSteer("render " + out.string() + " --at " + at + " --out " + out.string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("--at: must be a finite number >= 0, got '" + at + "'"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
}

// `steer render` reads the run's summary.json: a hand-edited one with a field of the wrong type
// is bad input (it aborted on nlohmann's type_error), and a negative seed is not read as 2^64 − 4.
// The error names the value's line and column (it named the file alone).
TEST(SteerCommand, RenderRefusesASummaryWithFieldsOfTheWrongType) {
  const fs::path run = scratchDir("render_summary");
  ASSERT_EQ(runSteer("run " + kData + "/steersuite/minimal.xml --duration 0.2 --quiet --out " + run.string()).status, 0);
  const auto good = nlohmann::json::parse(steer::test::slurp(run / "summary.json"));
  const std::pair<const char*, nlohmann::json> edits[] = {
      {"seed", "abc"}, {"seed", -4}, {"seed", 4.5}, {"scenario", 5}, {"scenario", nullptr}};
  for (const auto& [key, value] : edits) {
    SCOPED_TRACE(std::string(key) + " = " + value.dump());
    auto edited = good;
    edited[key] = value;
    const std::string text = edited.dump(2);
    std::ofstream(run / "summary.json") << text;
    // Where the value starts: after `"key": ` (dump(2) writes one member per line).
    const std::string member = "\"" + std::string(key) + "\": ";
    const std::size_t at = text.find(member) + member.size();
    const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
    const auto column = at - text.rfind('\n', at);
    const auto r = runSteer("render " + run.string() + " --frames 0 --out " + (run / "pictures").string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find((run / "summary.json").string() + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + key +
                         ": expected"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(run / "pictures"));
  }
  fs::remove_all(run);
}

// A run whose agents went outside the world's bounds says so, and summary.json counts them: the
// bounds are not walls, and agents walked round the end of a wall at the world's edge unseen.
TEST(SteerCommand, AgentsOutsideTheWorldAreCountedAndNoted) {
  const fs::path dir = scratchDir("outside_world");
  fs::create_directories(dir);
  std::ofstream(dir / "out.yaml") << "name: out\nworld: {min: [-5, -5], max: [5, 5]}\nmodel: straight\n"
                                     "agents:\n  - {position: [3, 0], goals: [{kind: flow, direction: [1, 0], duration: 4}]}\n"
                                     "  - {position: [-3, 0], goals: [{kind: seek, target: [-3, 3]}]}\n";
  const auto r = runSteer("run " + (dir / "out.yaml").string() + " --quiet --out " + (dir / "run").string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("note: 1 of 2 agents went outside the world's bounds (up to "), std::string::npos) << r.err;
  const auto j = nlohmann::json::parse(steer::test::slurp(dir / "run" / "summary.json"));
  EXPECT_EQ(j["outside_world"]["agents"], 1);
  // It walks 4 s at 1.3 m/s from x = 3: about 2.2 m past x = 5.
  EXPECT_NEAR(j["outside_world"]["farthest"].get<double>(), 3 + 4 * 1.3 - 5, 0.15);
  EXPECT_EQ(j["per_agent"][1]["farthest_outside_world"], 0.0);
  fs::remove_all(dir);
}

// A scenario's extension is read in any case (x.YAML was "an unknown scenario format").
TEST(SteerCommand, ScenarioExtensionsAreReadInAnyCase) {
  const fs::path dir = scratchDir("upper_extension");
  fs::create_directories(dir);
  fs::copy_file(kData + "/yaml/minimal.yaml", dir / "MINIMAL.YAML");
  fs::copy_file(kData + "/steersuite/minimal.xml", dir / "minimal.Xml");
  for (const char* name : {"MINIMAL.YAML", "minimal.Xml"}) {
    const auto r = runSteer("run " + (dir / name).string() + " --duration 0.2 --quiet --out " + (dir / "run").string());
    EXPECT_EQ(r.status, 0) << name << ": " << r.err;
  }
  fs::remove_all(dir);
}

// The field planner without a file says how to give one from the command line too; a file given
// with --param that cannot be opened is blamed on the command line (it was blamed on the scenario).
TEST(SteerCommand, FieldPlannerErrorsSayWhereTheFileComesFrom) {
  const fs::path out = scratchDir("field_planner_file");
  const std::string uTrap = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/u_trap.yaml";
  const auto none = runSteer("run " + uTrap + " --planner field --quiet --out " + out.string());
  EXPECT_EQ(none.status, 2) << none.err;
  EXPECT_NE(none.err.find("or --param planning.field.file=FILE"), std::string::npos) << none.err;
  // Blamed where the planner was chosen: the option (it was blamed on the file, with no line) ...
  EXPECT_EQ(none.err.rfind("<command line>: --planner field: ", 0), 0u) << none.err;
  // ... or the file's `planner:` line.
  const fs::path scenarios = scratchDir("field_planner_in_file");
  fs::create_directories(scenarios);
  {
    std::ofstream f(scenarios / "field_no_file.yaml");
    f << "world: {min: [-10, -10], max: [10, 10]}\nplanner: field\nagents:\n  - position: [-5, 0]\n";
  }
  const std::string file = (scenarios / "field_no_file.yaml").string();
  for (const std::string& command : {"check " + file, "run " + file + " --quiet --out " + (scenarios / "r").string()}) {
    const auto inFile = runSteer(command);
    EXPECT_EQ(inFile.status, 2) << inFile.err;
    EXPECT_EQ(inFile.err.rfind(file + ":2:10: planner: the field planner needs", 0), 0u) << command << ": " << inFile.err;
    EXPECT_FALSE(fs::exists(scenarios / "r"));
  }
  fs::remove_all(scenarios);
  const auto absent = runSteer("run " + uTrap + " --planner field --param planning.field.file=" + (out / "none.json").string() +
                               " --quiet --out " + out.string());
  EXPECT_EQ(absent.status, 2) << absent.err;
  EXPECT_EQ(absent.err.rfind("<command line>: --param planning.field.file: cannot open the velocity field file", 0), 0u)
      << absent.err;
  EXPECT_NE(absent.err.find("(no such file)"), std::string::npos) << absent.err;
  // A FIFO is there, but is no file to read ("no such file" misled).
  const fs::path fifoDir = scratchDir("field_planner_fifo");
  fs::create_directories(fifoDir);
  ASSERT_EQ(mkfifo((fifoDir / "field.json").c_str(), 0600), 0);
  const auto fifo = runSteer("run " + uTrap + " --planner field --param planning.field.file=" + (fifoDir / "field.json").string() +
                             " --quiet --out " + out.string(), steer::test::kBadInputSeconds);
  EXPECT_EQ(fifo.status, 2) << fifo.err;
  EXPECT_NE(fifo.err.find("(not a regular file)"), std::string::npos) << fifo.err;
  fs::remove_all(fifoDir);
  // With another planner the file is not read, but a missing one is still bad input (a mistyped
  // name was taken in silence), for run and check alike.
  for (const std::string& command : {"run " + uTrap + " --planner direct --quiet --out " + out.string(), "check " + uTrap}) {
    const auto other = runSteer(command + " --param planning.field.file=" + (out / "none.json").string(), steer::test::kBadInputSeconds);
    EXPECT_EQ(other.status, 2) << command << ": " << other.err;
    EXPECT_EQ(other.err.rfind("<command line>: --param planning.field.file: cannot open the velocity field file", 0), 0u) << other.err;
  }
  EXPECT_FALSE(fs::exists(out));
}

// summary.json's per_agent rows say who each agent was: its group, start, radius, desired speed
// and personality (a personality study relates them to the outcome; none of it was written).
// The start is trajectories.csv's row at t = 0, and the traits are the group's draws.
TEST(SteerCommand, PerAgentRowsGiveEachAgentsGroupStartAndPersonality) {
  const fs::path out = scratchDir("per_agent_who");
  ASSERT_EQ(runSteer("run " + kData + "/yaml/batch_small.yaml --duration 0.3 --quiet --out " + out.string()).status, 0);
  const auto j = nlohmann::json::parse(steer::test::slurp(out / "summary.json"));
  const auto& rows = j.at("per_agent");
  ASSERT_EQ(rows.size(), 6u);
  std::map<std::string, std::pair<double, double>> startOf;  // id -> the csv's t = 0 row
  std::istringstream csv(steer::test::slurp(out / "trajectories.csv"));
  std::string line;
  std::getline(csv, line);
  while (std::getline(csv, line)) {
    std::vector<std::string> f;
    std::stringstream ls(line);
    for (std::string c; std::getline(ls, c, ',');) f.push_back(c);
    if (f.size() >= 4 && f[0] == "0") startOf[f[1]] = {std::stod(f[2]), std::stod(f[3])};
  }
  std::set<double> courages;
  for (const auto& row : rows) {
    const std::string id = std::to_string(row.at("id").get<int>());
    EXPECT_EQ(row.at("group"), "crowd") << id;
    EXPECT_FALSE(row.contains("name")) << id << ": the group's agents have no names";
    ASSERT_EQ(row.at("start").size(), 2u) << id;
    ASSERT_TRUE(startOf.count(id)) << id;
    EXPECT_EQ(row.at("start")[0].get<double>(), startOf[id].first) << id;
    EXPECT_EQ(row.at("start")[1].get<double>(), startOf[id].second) << id;
    EXPECT_GE(row.at("start")[0].get<double>(), -10.0);  // the group's region
    EXPECT_LE(row.at("start")[0].get<double>(), -6.0);
    EXPECT_GT(row.at("radius").get<double>(), 0.0);
    EXPECT_GT(row.at("desired_speed").get<double>(), 0.0);
    const auto& p = row.at("personality");
    for (const char* trait : {"dexterity", "mass", "courage"}) {
      EXPECT_GE(p.at(trait).get<double>(), 0.0) << trait;
      EXPECT_LE(p.at(trait).get<double>(), 1.0) << trait;
    }
    EXPECT_EQ(p.at("mass").get<double>(), 0.5) << "mass is not drawn in this group: the default";
    courages.insert(p.at("courage").get<double>());
  }
  EXPECT_EQ(courages.size(), 6u) << "courage is drawn per agent (mean 0.5, std 0.2)";
  fs::remove_all(out);
}

// summary.json names the scenario by an absolute path, so `steer render RUN_DIR` works from any
// working directory even when the run was given a relative one.
TEST(SteerCommand, SummaryNamesTheScenarioByAnAbsolutePath) {
  const fs::path out = scratchDir("run_relative");
  const fs::path here = fs::current_path();
  fs::current_path(kData);
  const auto r = runSteer("run steersuite/minimal.xml --duration 0.5 --quiet --out " + out.string());
  fs::current_path(here);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(steer::test::slurp(out / "summary.json"));
  const fs::path named = j["scenario"].get<std::string>();
  EXPECT_TRUE(named.is_absolute()) << named;
  EXPECT_TRUE(fs::equivalent(named, fs::path(kData) / "steersuite" / "minimal.xml")) << named;
  fs::remove_all(out);
}

// A run whose agents have no goal (explore, forage, a flock that stays) says so on its summary
// line: "0/1 reached" read as a failure.
TEST(SteerCommand, TheSummaryLineOfAgentsWithoutGoalsSaysSo) {
  const fs::path out = scratchDir("no_goals_line");
  const auto explore = runSteer("run " + std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/explore.yaml --duration 1 --out " +
                                out.string());
  ASSERT_EQ(explore.status, 0) << explore.err;
  EXPECT_EQ(explore.out.rfind("explore: 1 agent with no goal to reach, ", 0), 0u) << explore.out;
  const auto seek = runSteer("run " + kData + "/yaml/minimal.yaml --duration 1 --out " + out.string());
  ASSERT_EQ(seek.status, 0) << seek.err;
  EXPECT_EQ(seek.out.rfind("ok: 0/1 reached, ", 0), 0u) << seek.out;
  fs::remove_all(out);
}

// An error in the scenario that a --param value made says so: the file's line alone blamed the
// file for a value the command line gave it.
TEST(SteerCommand, AnErrorMadeByAParamNamesTheParam) {
  const fs::path out = scratchDir("param_blame");
  const std::string uTrap = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/u_trap.yaml";
  for (const std::string& command : {"run " + uTrap, "compare " + uTrap + " --models straight --seeds 1 --no-charts"}) {
    SCOPED_TRACE(command);
    const auto r = runSteer(command + " --param agents.0.position=[100,0] --quiet --out " + out.string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("starts outside the world bounds (read with --param agents.0.position=[100,0])"), std::string::npos)
        << r.err;
    EXPECT_FALSE(fs::exists(out));
  }
  // A value a --param put in the document has no line in the file: its error gives none (it said
  // line 1, the value's place in its own text).
  fs::create_directories(out.parent_path());
  const fs::path crowd = out.parent_path() / "param_blame_crowd.yaml";
  std::ofstream(crowd) << "# a group\nworld: {min: [-10, -10], max: [10, 10]}\ngroups:\n  - name: timid\n    count: 5\n"
                          "    region: {min: [-9, -9], max: [-5, 9]}\n    goals: [{kind: seek, target: [8, 0]}]\n";
  const auto crowded = runSteer("run " + crowd.string() + " --param groups.timid.count=5000 --quiet --out " + out.string());
  EXPECT_EQ(crowded.status, 2) << crowded.err;
  EXPECT_EQ(crowded.err.rfind(crowd.string() + ": groups[0].count: 5000 agents", 0), 0u) << crowded.err;
  EXPECT_NE(crowded.err.find("(read with --param groups.timid.count=5000)"), std::string::npos) << crowded.err;
  fs::remove(crowd);
  // The file's own errors, without a --param, are as they were.
  const fs::path bad = out.parent_path() / "param_blame_outside.yaml";
  std::ofstream(bad) << "world: {min: [-10, -10], max: [10, 10]}\nagents: [{position: [100, 0], goals: [{kind: idle, duration: 1}]}]\n";
  const auto plain = runSteer("run " + bad.string() + " --quiet --out " + out.string());
  EXPECT_EQ(plain.status, 2) << plain.err;
  EXPECT_NE(plain.err.find("starts outside the world bounds"), std::string::npos) << plain.err;
  EXPECT_EQ(plain.err.find("read with"), std::string::npos) << plain.err;
  fs::remove(bad);
  // A file that cannot be read is not the --param's doing (steer reproduce named its own settings
  // when its --scenarios folder lacked a file).
  for (const std::string missing : {"no_such_scenario.yaml", "no_such_case.xml"}) {
    const auto r = runSteer("run " + (out.parent_path() / missing).string() + " --param local.d0_base=3 --quiet --out " +
                            out.string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("cannot open the scenario file"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("read with"), std::string::npos) << r.err;
  }
  fs::remove_all(out);
}

// An agent that goes through a wall in the step that completes its goals touched the wall in that
// step: each provider reports the contact (the agent was disabled before the environment saw
// the step, and none did). A step further away, the target took a second step and it was found.
TEST(SteerCommand, AContactInTheStepAnAgentLeavesIsCounted) {
  const fs::path dir = scratchDir("leaving_contact");
  fs::create_directories(dir);
  const fs::path file = dir / "through.yaml";
  std::ofstream(file) << "world: {min: [-20, -15], max: [20, 15]}\ndt: 0.05\nduration: 1\nmodel: straight\n"
                         "obstacles:\n  - segment: {from: [3, -4], to: [3, 4]}\n"
                         "agents:\n  - {position: [0, 0], radius: 0.4, near_radius: 5, desired_speed: 100, max_speed: 100,\n"
                         "     goals: [{kind: seek, target: [4, 0], reach_radius: 0.6}]}\n";
  for (const char* neighbors : {"kinetic", "lattice", "brute"}) {
    SCOPED_TRACE(neighbors);
    const fs::path out = dir / neighbors;
    const auto r = runSteer("run " + file.string() + " --neighbors " + neighbors + " --quiet --out " + out.string());
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = nlohmann::json::parse(steer::test::slurp(out / "summary.json"));
    EXPECT_EQ(j["steps"], 1);
    EXPECT_EQ(j["reached"], 1);
    EXPECT_EQ(j["contacts_between_steps"]["agent_obstacle"], 1);
  }
  fs::remove_all(dir);
}

TEST(SteerCommand, RunWritesEveryOutputOfTheContract) {
  const fs::path out = scratchDir("run_ok");
  const auto r = runSteer("run " + kData + "/steersuite/all_features.xml --model straight --neighbors brute --quiet --out " +
                          out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << "no progress bar when stderr is not a terminal: " << r.err;
  ASSERT_TRUE(fs::exists(out / "summary.json"));
  EXPECT_FALSE(fs::exists(out / "RUNNING"));
  const auto j = nlohmann::json::parse(steer::test::slurp(out / "summary.json"));
  for (const char* key : {"scenario", "scenario_name", "model", "planner", "neighbors", "seed", "dt", "steps", "sim_time", "agents", "reached",
                          "success_rate", "collisions", "mean_time_to_goal", "mean_path_length", "min_clearance",
                          "min_obstacle_clearance", "steerbench", "wall_seconds", "agent_steps_per_second", "per_agent"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_TRUE(j["collisions"].contains("agent_agent"));
  EXPECT_TRUE(j["collisions"].contains("agent_obstacle"));
  EXPECT_TRUE(j["steerbench"].contains("composite01"));
  EXPECT_TRUE(j["steerbench"].contains("composite02"));
  ASSERT_EQ(j["per_agent"].size(), j["agents"].get<std::size_t>());
  for (const auto& a : j["per_agent"])
    for (const char* key : {"id", "reached", "time_to_goal", "path_length", "collisions"}) EXPECT_TRUE(a.contains(key)) << key;
  EXPECT_EQ(j["agents"], 12);
  EXPECT_EQ(j["model"], "straight");
  EXPECT_EQ(j["scenario_name"], "all-features");  // the case's <header><name>
  // The settings a run cannot be told by without (an rk4 run and a dopri5 run read the same).
  EXPECT_EQ(j["integrator"], nlohmann::json({{"kind", "rk4"}, {"used", "rk4"}}));
  EXPECT_GT(j["duration"].get<double>(), 0.0);
  EXPECT_GE(j["duration"].get<double>(), j["sim_time"].get<double>());
  const fs::path dopri = scratchDir("run_dopri5");
  ASSERT_EQ(runSteer("run " + kData + "/steersuite/all_features.xml --model straight --integrator dopri5 --duration 0.5 --quiet "
                     "--no-trajectories --out " + dopri.string()).status, 0);
  const auto d = nlohmann::json::parse(steer::test::slurp(dopri / "summary.json"));
  EXPECT_EQ(d["integrator"],
            nlohmann::json({{"kind", "dopri5"}, {"used", "dopri5"}, {"abs_tolerance", 1e-6}, {"rel_tolerance", 1e-6}}));
  EXPECT_EQ(d["duration"], 0.5);
  // The Reynolds vehicle steps by the paper's forward Euler whatever the setting: `used` says so.
  for (const auto& [params, used] : {std::pair<std::string, std::string>{"", "paper_euler"},
                                     {" --param reynolds.vehicle.paper_euler=false", "dopri5"}}) {
    ASSERT_EQ(runSteer("run " + kData + "/steersuite/all_features.xml --model reynolds --integrator dopri5 --duration 0.5 "
                       "--quiet --no-trajectories --out " + dopri.string() + params).status, 0);
    const auto r = nlohmann::json::parse(steer::test::slurp(dopri / "summary.json"));
    EXPECT_EQ(r["integrator"]["kind"], "dopri5");
    EXPECT_EQ(r["integrator"]["used"], used);
    EXPECT_FALSE(r.contains("local_preset")) << "the Goldenstein model's preset, in a Reynolds run";
  }
  // Which Goldenstein: our defaults, or the printed model.
  EXPECT_FALSE(j.contains("local_preset")) << "a straight run";
  for (const auto& [params, preset] : {std::pair<std::string, std::string>{"", "steer"}, {" --param local.preset=paper", "paper"}}) {
    ASSERT_EQ(runSteer("run " + kData + "/steersuite/all_features.xml --model goldenstein --duration 0.2 --quiet "
                       "--no-trajectories --out " + dopri.string() + params).status, 0);
    EXPECT_EQ(nlohmann::json::parse(steer::test::slurp(dopri / "summary.json"))["local_preset"], preset);
  }
  fs::remove_all(dopri);
  // The brute-force oracle keeps no work counters.
  ASSERT_TRUE(j.contains("environment"));
  EXPECT_EQ(j["environment"]["provider"], "brute");
  EXPECT_TRUE(j["environment"]["work"].empty());

  const std::string csv = steer::test::slurp(out / "trajectories.csv");
  EXPECT_EQ(csv.rfind("t,id,x,y,z,heading,speed,mode\n", 0), 0u);
  EXPECT_GT(std::count(csv.begin(), csv.end(), '\n'), 100);
  const std::string pvd = steer::test::slurp(out / "run.pvd");
  EXPECT_NE(pvd.find("<VTKFile type=\"Collection\""), std::string::npos);
  EXPECT_TRUE(fs::exists(out / "run_00000.vtp"));
  // Frame times in their shortest form, as the csv writes its times (17 digits wrote
  // 0.10000000000000001; a step's time k·dt may still read 0.30000000000000004, in both files).
  EXPECT_NE(pvd.find("timestep=\"0.1\""), std::string::npos) << pvd.substr(0, 400);
  fs::remove_all(out);
}

namespace {
// The (time, file) pairs of a run.pvd, in order.
std::vector<std::pair<double, std::string>> pvdFrames(const fs::path& pvd) {
  std::vector<std::pair<double, std::string>> frames;
  const std::string text = steer::test::slurp(pvd);
  for (std::size_t at = text.find("<DataSet"); at != std::string::npos; at = text.find("<DataSet", at + 1)) {
    const auto t = text.find("timestep=\"", at) + 10, f = text.find("file=\"", at) + 6;
    frames.emplace_back(std::stod(text.substr(t, text.find('"', t) - t)), text.substr(f, text.find('"', f) - f));
  }
  return frames;
}
int vtpPoints(const fs::path& vtp) {
  const std::string text = steer::test::slurp(vtp);
  const auto at = text.find("NumberOfPoints=\"") + 16;
  return std::stoi(text.substr(at, text.find('"', at) - at));
}
}  // namespace

// The ParaView series shows what trajectories.csv holds: a point per row of the frame's time,
// also for an agent arriving at that instant (frames left it out, so none showed an agent at its
// goal), and a last frame with the run's end state whatever the frame interval (a run ending off
// the schedule had none).
TEST(SteerCommand, TheFramesShowTheRowsOfTheirTimeAndTheEnd) {
  const fs::path dir = scratchDir("frames");
  const std::string trap = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/u_trap.yaml --planner harmonic --quiet ";
  ASSERT_EQ(runSteer("run " + trap + "--frame-interval 0.05 --out " + (dir / "every").string()).status, 0);
  const std::string csv = steer::test::slurp(dir / "every" / "trajectories.csv");
  std::map<std::string, int> rowsAt;  // rows per time, by the time's text
  for (std::size_t at = csv.find('\n') + 1; at < csv.size(); at = csv.find('\n', at) + 1) ++rowsAt[csv.substr(at, csv.find(',', at) - at)];
  const auto frames = pvdFrames(dir / "every" / "run.pvd");
  ASSERT_EQ(frames.size(), rowsAt.size());
  std::size_t k = 0;
  double lastRowTime = 0.0;
  for (const auto& [time, rows] : rowsAt) lastRowTime = std::max(lastRowTime, std::stod(time));
  for (const auto& [time, file] : frames) {
    std::ostringstream text;
    text.precision(17);
    text << time;
    const auto it = std::find_if(rowsAt.begin(), rowsAt.end(), [&](const auto& r) { return std::stod(r.first) == time; });
    ASSERT_NE(it, rowsAt.end()) << time;
    EXPECT_EQ(vtpPoints(dir / "every" / file), it->second) << "frame " << k++ << " at " << text.str();
  }
  EXPECT_EQ(frames.back().first, lastRowTime);
  EXPECT_EQ(vtpPoints(dir / "every" / frames.back().second), 1) << "the agent where it arrived";
  // One frame interval longer than the run: the start and the end.
  ASSERT_EQ(runSteer("run " + trap + "--frame-interval 100 --out " + (dir / "sparse").string()).status, 0);
  const auto sparse = pvdFrames(dir / "sparse" / "run.pvd");
  ASSERT_EQ(sparse.size(), 2u);
  EXPECT_EQ(sparse.front().first, 0.0);
  EXPECT_EQ(sparse.back().first, lastRowTime);
  fs::remove_all(dir);
}

// --trajectory-interval thins trajectories.csv to the rows of the full file at the scheduled
// times (the first step ending at or after each multiple of the interval, as the frames), every
// present agent's row at each; between them, the last row of each agent leaving the world; and
// the rows of the run's end. The oracle is the same run with a row at every step.
TEST(SteerCommand, ThinnedTrajectoriesAreTheFullRowsAtTheirTimes) {
  const fs::path dir = scratchDir("thinned");
  const std::string study = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/personality_study.yaml --quiet ";
  ASSERT_EQ(runSteer("run " + study + "--out " + (dir / "full").string()).status, 0);
  const double interval = 1.5;
  ASSERT_EQ(runSteer("run " + study + "--trajectory-interval 1.5 --out " + (dir / "thin").string()).status, 0);
  // Rows by time (in the file's order), the time as a number.
  const auto rowsByTime = [](const fs::path& csv) {
    std::map<double, std::vector<std::string>> rows;
    const std::string text = steer::test::slurp(csv);
    for (std::size_t at = text.find('\n') + 1; at < text.size(); at = text.find('\n', at) + 1) {
      const std::string line = text.substr(at, text.find('\n', at) - at);
      rows[std::stod(line.substr(0, line.find(',')))].push_back(line);
    }
    return rows;
  };
  const auto full = rowsByTime(dir / "full" / "trajectories.csv");
  const auto thin = rowsByTime(dir / "thin" / "trajectories.csv");
  ASSERT_GT(full.size(), 500u);
  // Each agent's last row in the full file: where it left the world, or the run's end.
  std::map<std::string, std::string> lastRow;
  for (const auto& [t, rows] : full)
    for (const auto& row : rows) lastRow[row.substr(row.find(',') + 1, row.find(',', row.find(',') + 1) - row.find(',') - 1)] = row;
  std::set<std::string> lastRows;
  for (const auto& [id, row] : lastRow) lastRows.insert(row);
  ASSERT_GT(lastRow.size(), 5u);
  // The scheduled times, from the full file's step times.
  std::set<double> scheduled;
  double next = 0.0;
  for (const auto& [t, rows] : full)
    if (t + 1e-9 >= next) {
      scheduled.insert(t);
      while (next <= t + 1e-9) next += interval;
    }
  scheduled.insert(full.rbegin()->first);  // the end
  std::size_t leavingOnly = 0;
  for (const auto& [t, rows] : full) {
    const auto it = thin.find(t);
    if (scheduled.count(t)) {
      ASSERT_NE(it, thin.end()) << "no rows at the scheduled time " << t;
      EXPECT_EQ(it->second, rows) << "every present agent's row at " << t;
      continue;
    }
    std::vector<std::string> leaving;
    for (const auto& row : rows)
      if (lastRows.count(row)) leaving.push_back(row);
    if (leaving.empty()) {
      EXPECT_EQ(it, thin.end()) << "rows at " << t << ", which is neither scheduled nor a departure";
    } else {
      ASSERT_NE(it, thin.end()) << "the departures at " << t << " have no rows";
      EXPECT_EQ(it->second, leaving) << t;
      ++leavingOnly;
    }
  }
  EXPECT_EQ(thin.size(), scheduled.size() + leavingOnly) << "rows at times the full run does not have";
  EXPECT_GT(leavingOnly, 3u) << "the scenario should have agents leaving between the scheduled times";
  // A run cut off between two scheduled times (by --duration, everyone still walking) ends with
  // every agent's row at its last instant.
  ASSERT_EQ(runSteer("run " + study + "--duration 20.2 --out " + (dir / "cut_full").string()).status, 0);
  ASSERT_EQ(runSteer("run " + study + "--duration 20.2 --trajectory-interval 1.5 --out " + (dir / "cut_thin").string()).status, 0);
  const auto cutFull = rowsByTime(dir / "cut_full" / "trajectories.csv");
  const auto cutThin = rowsByTime(dir / "cut_thin" / "trajectories.csv");
  ASSERT_FALSE(cutThin.empty());
  EXPECT_NEAR(cutFull.rbegin()->first, 20.2, 1e-6);
  EXPECT_EQ(cutThin.rbegin()->first, cutFull.rbegin()->first);
  EXPECT_EQ(cutThin.rbegin()->second, cutFull.rbegin()->second);
  EXPECT_EQ(cutThin.size(), 15u) << "t = 0, 1.5, ..., 19.5 and the end";
  // The mode traces in summary.json are kept at every step, rows or not (a harmonic planner
  // switches between following its field and the target in sight).
  const std::string trap = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/u_trap.yaml --planner harmonic --quiet ";
  ASSERT_EQ(runSteer("run " + trap + "--out " + (dir / "trap_full").string()).status, 0);
  ASSERT_EQ(runSteer("run " + trap + "--trajectory-interval 2 --out " + (dir / "trap_thin").string()).status, 0);
  const auto fullSummary = nlohmann::json::parse(steer::test::slurp(dir / "trap_full" / "summary.json"));
  const auto thinSummary = nlohmann::json::parse(steer::test::slurp(dir / "trap_thin" / "summary.json"));
  ASSERT_TRUE(fullSummary.contains("mode_names"));
  ASSERT_GT(fullSummary["per_agent"][0]["mode_trace"].size(), 1u);
  EXPECT_EQ(thinSummary["mode_names"], fullSummary["mode_names"]);
  EXPECT_EQ(thinSummary["per_agent"], fullSummary["per_agent"]);
  fs::remove_all(dir);
}

// summary.json's mode_names decode the frames' mode numbers: a run that wrote frames has the key
// even when no agent had a mode (the direct planner: every mode is -1), so that a script reading
// s['mode_names'] works on every run; a run without trajectories has none.
TEST(SteerCommand, ModeNamesAreInEverySummaryOfARunWithFrames) {
  const fs::path dir = scratchDir("mode_names");
  const std::string trap = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/u_trap.yaml --planner direct --duration 1 --quiet ";
  ASSERT_EQ(runSteer("run " + trap + "--out " + (dir / "frames").string()).status, 0);
  ASSERT_EQ(runSteer("run " + trap + "--no-trajectories --out " + (dir / "none").string()).status, 0);
  const auto frames = nlohmann::json::parse(steer::test::slurp(dir / "frames" / "summary.json"));
  const auto none = nlohmann::json::parse(steer::test::slurp(dir / "none" / "summary.json"));
  ASSERT_TRUE(frames.contains("mode_names"));
  EXPECT_EQ(frames["mode_names"], nlohmann::json::array());
  EXPECT_FALSE(none.contains("mode_names"));
  fs::remove_all(dir);
}

TEST(SteerCommand, AFewHundredAgentsFromAnAgentRegionRun) {
  const fs::path out = scratchDir("crowd");
  const auto r = runSteer("run " + kData + "/steersuite/crowd_region_300.xml --model straight --neighbors brute --quiet"
                          " --duration 3 --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(steer::test::slurp(out / "summary.json"));
  EXPECT_EQ(j["agents"], 300);
  EXPECT_NEAR(j["sim_time"].get<double>(), 3.0, 1e-9);
  fs::remove_all(out);
}

namespace {

// Runs `steer run SCENARIO ARGS --neighbors P` with brute, lattice and kinetic, and expects
// byte-identical trajectories of at least `minBytes` and the same contacts between steps (the
// environment layer's, which every provider finds exactly); `check(provider, summary)` looks at
// each run's summary.json.
void expectSameTrajectoriesAcrossProviders(const std::string& scenarioAndArgs, std::size_t minBytes,
                                           const std::function<void(const std::string&, const nlohmann::json&)>& check) {
  std::string reference;
  nlohmann::json referenceContacts;
  for (const std::string provider : {"brute", "lattice", "kinetic"}) {
    SCOPED_TRACE(provider);
    const fs::path out = scratchDir("providers_" + provider);
    const auto r = runSteer("run " + scenarioAndArgs + " --neighbors " + provider + " --duration 6 --quiet --out " +
                            out.string());
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string csv = steer::test::slurp(out / "trajectories.csv");
    EXPECT_GT(csv.size(), minBytes);
    if (reference.empty()) reference = csv;
    else EXPECT_TRUE(csv == reference) << "trajectories differ from brute force's";
    const auto summary = nlohmann::json::parse(steer::test::slurp(out / "summary.json"));
    if (referenceContacts.is_null()) referenceContacts = summary["contacts_between_steps"];
    else EXPECT_EQ(summary["contacts_between_steps"], referenceContacts);
    check(provider, summary);
    fs::remove_all(out);
  }
}

}  // namespace

// Issue #4: every provider hands the local layer the same near sets in the same order, so a run
// among walls gives byte-identical trajectories whichever provider tracks the environment.
TEST(SteerCommand, TrajectoriesAreByteIdenticalAcrossNeighbourProviders) {
  expectSameTrajectoriesAcrossProviders(kData + "/steersuite/crowd_region_300.xml --model goldenstein", 100000,
                                        [](const std::string&, const nlohmann::json&) {});
}

// The same in 3D (A.3.2): two swarms of 150 agents fly through each other, long enough that the
// 3D kinetic provider moves vertices and re-makes candidate sets (checked, so that the runs
// cannot agree only because nothing happened).
TEST(SteerCommand, TrajectoriesAreByteIdenticalAcrossNeighbourProvidersIn3D) {
  expectSameTrajectoriesAcrossProviders(
      kData + "/yaml/swarms_crossing_3d.yaml", 1000000, [](const std::string& provider, const nlohmann::json& j) {
        if (provider != "kinetic") return;
        EXPECT_GT(j["environment"]["work"]["candidate_rebuilds"].get<double>(), 1000.0);
        EXPECT_GT(j["environment"]["work"]["reinsertions"].get<double>(), 1000.0);
      });
}

// The providers' settings (the `environment:` section, or --param environment.KEY=VALUE) change
// what a step costs, never what it answers: the 3D kinetic provider with a wider candidate skin
// and shorter vertex moves does different work (so the settings reached it) for byte-identical
// trajectories, and so does the lattice with other bins.
TEST(SteerCommand, ProviderSettingsChangeTheWorkNotTheTrajectories) {
  const auto run = [](const std::string& scenarioAndArgs, const std::string& name) {
    const fs::path out = scratchDir("provider_settings_" + name);
    const auto r = runSteer("run " + scenarioAndArgs + " --duration 4 --quiet --out " + out.string());
    EXPECT_EQ(r.status, 0) << r.err;
    std::pair<std::string, nlohmann::json> result{steer::test::slurp(out / "trajectories.csv"),
                                                  nlohmann::json::parse(steer::test::slurp(out / "summary.json"))};
    fs::remove_all(out);
    return result;
  };
  const std::string swarms = kData + "/yaml/swarms_crossing_3d.yaml --neighbors kinetic";
  const auto plain = run(swarms, "3d_default");
  const auto tuned = run(swarms + " --param environment.kinetic3d.skin=1 --param environment.kinetic3d.move_threshold=0.05",
                         "3d_tuned");
  EXPECT_GT(plain.first.size(), 100000u);
  EXPECT_TRUE(plain.first == tuned.first) << "the trajectories depend on the provider's settings";
  EXPECT_NE(plain.second["environment"]["work"]["reinsertions"], tuned.second["environment"]["work"]["reinsertions"]);
  const std::string crowd = kData + "/steersuite/crowd_region_300.xml --model goldenstein --neighbors lattice";
  const auto bins = run(crowd, "lattice_default");
  const auto fine = run(crowd + " --param environment.lattice.bins_per_radius=3", "lattice_fine");
  EXPECT_GT(bins.first.size(), 100000u);
  EXPECT_TRUE(bins.first == fine.first) << "the trajectories depend on the lattice's bins";
  // The bins reached the lattice: the same queries, fewer far candidates in finer bins.
  const auto& coarseWork = bins.second["environment"]["work"];
  const auto& fineWork = fine.second["environment"]["work"];
  EXPECT_EQ(coarseWork["near_queries"], fineWork["near_queries"]);
  EXPECT_LT(fineWork["candidates_tested"].get<double>(), coarseWork["candidates_tested"].get<double>());
}

// Agents that walk straight through each other (a circle swap) and into the walls of a doorway:
// every provider reports the same contacts between steps to the step loop, and the run counts
// them (summary.json's contacts_between_steps).
TEST(SteerCommand, ContactsBetweenStepsAreTheSameWithEveryProvider) {
  std::uint64_t agentAgent = 0, agentObstacle = 0;
  for (const std::string& scenario : {kData + "/steersuite/circle_swap_100.xml",
                                      std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/steersuite/doorway.xml"})
    expectSameTrajectoriesAcrossProviders(scenario + " --model straight", 1000,
                                          [&](const std::string& provider, const nlohmann::json& j) {
                                            if (provider != "brute") return;
                                            agentAgent += j["contacts_between_steps"]["agent_agent"].get<std::uint64_t>();
                                            agentObstacle += j["contacts_between_steps"]["agent_obstacle"].get<std::uint64_t>();
                                          });
  EXPECT_GT(agentAgent, 0u);
  EXPECT_GT(agentObstacle, 0u);
  // The summary line on stdout gives them beside the step-end collisions, as summary.json has them.
  const fs::path out = scratchDir("contacts_line");
  const auto r = runSteer("run " + std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/steersuite/doorway.xml" +
                          " --model straight --duration 6 --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(steer::test::slurp(out / "summary.json"));
  const auto& contacts = j["contacts_between_steps"];
  const std::string want = "(contacts between steps: " + std::to_string(contacts["agent_agent"].get<std::uint64_t>()) +
                           " and " + std::to_string(contacts["agent_obstacle"].get<std::uint64_t>()) + ")";
  EXPECT_NE(r.out.find(want), std::string::npos) << r.out;
  fs::remove_all(out);
}

// Agents stuck in place are counted (summary.json's standing_at_end) and named on the summary
// line. The oracle pair: the direct sum (2) makes an attractor in front of the hidden target's
// obstacles, where the agent stands (§4.1.2); in the U trap without a planner the agent cycles,
// moving to the end (§6).
TEST(SteerCommand, TheSummaryLineCountsAgentsStandingStillAtTheEnd) {
  struct Case {
    std::string args;
    std::uint64_t standing;
  };
  const std::string scenarios = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/";
  for (const Case& c : {Case{scenarios + "hidden_target.yaml --param local.weights=direct_sum --duration 30", 1},
                        Case{scenarios + "u_trap.yaml --planner direct --duration 60", 0}}) {
    const fs::path out = scratchDir("standing");
    const auto r = runSteer("run " + c.args + " --out " + out.string());
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = nlohmann::json::parse(steer::test::slurp(out / "summary.json"));
    EXPECT_EQ(j["reached"].get<std::uint64_t>(), 0u) << c.args;
    EXPECT_EQ(j["standing_at_end"].get<std::uint64_t>(), c.standing) << c.args;
    const std::string phrase = " standing still at the end)";
    if (c.standing > 0) {
      std::string want = "(";  // built in steps: GCC 12 warns (-Wrestrict) on "(" + std::string
      want += std::to_string(c.standing);
      want += phrase;
      EXPECT_NE(r.out.find(want), std::string::npos) << r.out;
    } else
      EXPECT_EQ(r.out.find(phrase), std::string::npos) << r.out;
    fs::remove_all(out);
  }
}

// Issue #5: every planner on a SteerSuite case with walls and boxes, the U-trap of Goldenstein
// Fig. 7 (an oriented wall as its back, two boxes as its arms, the target behind it). Heading
// straight for the target walks into the U; the harmonic field, the hybrid automaton (seek /
// escape) and a velocity field around the trap each bring the agent to its target, touching
// nothing.
TEST(SteerCommand, EveryPlannerOnASteerSuiteTrapOfWallsAndBoxes) {
  const std::string scenario = kData + "/steersuite/u_trap_walls_boxes.xml";
  const fs::path cache = scratchDir("trap_cache");
  struct Row {
    std::string planner;
    std::string extra;
    bool reaches;
  };
  const std::vector<Row> rows = {
      {"direct", "", false},
      {"harmonic", "", true},
      {"hybrid", "", true},
      {"field", "--param planning.field.file=" + kData + "/steersuite/u_trap_walls_boxes_field.json", true},
  };
  for (const auto& row : rows) {
    SCOPED_TRACE(row.planner);
    const fs::path out = scratchDir("trap_" + row.planner);
    const auto r = runSteer("run " + scenario + " --planner " + row.planner + " " + row.extra +
                            " --param planning.harmonic.cache_dir=" + cache.string() + " --duration 80 --quiet --out " +
                            out.string());
    ASSERT_EQ(r.status, 0) << r.err;
    if (row.planner == "harmonic") {
      // The nested --param reached planning.harmonic: the field was cached where it said.
      EXPECT_TRUE(fs::is_directory(cache) && !fs::is_empty(cache));
    }
    const auto j = nlohmann::json::parse(steer::test::slurp(out / "summary.json"));
    EXPECT_EQ(j["planner"], row.planner);
    EXPECT_EQ(j["reached"].get<int>(), row.reaches ? 1 : 0) << j.dump();
    if (row.reaches) {
      EXPECT_EQ(j["collisions"]["agent_obstacle"].get<int>(), 0) << j.dump();
    } else {
      // Stuck in the U: every recorded position stays on the near side of its back wall
      // (x < 8), none gets around it.
      std::istringstream csv(steer::test::slurp(out / "trajectories.csv"));
      std::string line;
      std::getline(csv, line);
      ASSERT_EQ(line.rfind("t,id,x,", 0), 0u) << line;
      int rows = 0;
      double largestX = -1e9;
      while (std::getline(csv, line)) {
        const auto a = line.find(','), b = line.find(',', a + 1), c = line.find(',', b + 1);
        largestX = std::max(largestX, std::stod(line.substr(b + 1, c - b - 1)));
        ++rows;
      }
      EXPECT_GT(rows, 100);
      EXPECT_LT(largestX, 8.0);
    }
    fs::remove_all(out);
  }
  fs::remove_all(cache);
}

namespace {
// The rows of the Markdown table `steer demo` prints, by their first cell.
std::map<std::string, std::vector<std::string>> demoTableRows(const std::string& out) {
  std::map<std::string, std::vector<std::string>> rows;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("| ", 0) != 0) continue;
    std::vector<std::string> cells;
    std::istringstream cellsIn(line.substr(1));
    for (std::string cell; std::getline(cellsIn, cell, '|');) {
      const auto a = cell.find_first_not_of(' '), b = cell.find_last_not_of(' ');
      cells.push_back(a == std::string::npos ? "" : cell.substr(a, b - a + 1));
    }
    rows[cells.front()] = cells;
  }
  return rows;
}
}  // namespace

// Issue #5: `steer demo` runs the U-trap of Fig. 7 with the three planners and prints one table
// row each: direct stays trapped, harmonic and hybrid arrive without a collision.
TEST(SteerCommand, DemoPrintsTheThreePlannerTable) {
  const fs::path out = scratchDir("demo");
  const auto r = runSteer("demo --quiet --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  auto rows = demoTableRows(r.out);
  ASSERT_EQ(rows.size(), 4u) << r.out;  // the header and three planners
  ASSERT_TRUE(rows.count("direct") && rows.count("harmonic") && rows.count("hybrid")) << r.out;
  EXPECT_EQ(rows["direct"][2], "no") << r.out;
  for (const char* planner : {"harmonic", "hybrid"}) {
    EXPECT_EQ(rows[planner][2], "yes") << r.out;
    EXPECT_EQ(rows[planner][4], "0") << r.out;
  }
  fs::remove_all(out);
}

// `steer demo --planner P` runs P alone, under its own name: it used to run P three times under
// the labels direct, harmonic and hybrid.
TEST(SteerCommand, DemoWithAPlannerRunsThatPlannerAlone) {
  const fs::path out = scratchDir("demo_planner");
  const auto r = runSteer("demo --planner harmonic --duration 5 --quiet --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto rows = demoTableRows(r.out);
  ASSERT_EQ(rows.size(), 2u) << r.out;  // the header and one planner
  ASSERT_TRUE(rows.count("harmonic")) << r.out;
  EXPECT_FALSE(fs::exists(out / "direct")) << "a folder for a planner that did not run";
  const auto j = nlohmann::json::parse(steer::test::slurp(out / "harmonic" / "summary.json"));
  EXPECT_EQ(j["planner"], "harmonic");
  fs::remove_all(out);
}

// The set-up before the first step (here a harmonic field solved from scratch) is reported on its
// own and left out of the step loop's time, which agent_steps_per_second divides by.
TEST(SteerCommand, RunTimesTheSetUpApartFromTheStepLoop) {
  const fs::path out = scratchDir("run_setup_time"), cache = scratchDir("run_setup_cache");
  const auto r = runSteer("run " + kData + "/steersuite/u_trap_walls_boxes.xml --planner harmonic --duration 1" +
                          " --param planning.harmonic.cache_dir=" + cache.string() + " --quiet --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(steer::test::slurp(out / "summary.json"));
  const double setup = j.at("setup_seconds").get<double>(), loop = j.at("simulation_seconds").get<double>(),
               wall = j.at("wall_seconds").get<double>();
  EXPECT_GT(setup, 0.0);
  EXPECT_GT(loop, 0.0);
  EXPECT_LE(setup + loop, wall * (1 + 1e-9));
  const double agentSteps = j.at("agents").get<double>() * j.at("steps").get<double>();
  EXPECT_LE(j.at("agent_steps_per_second").get<double>() * loop, agentSteps * (1 + 1e-9));
  // Not the floor of 1e-9 s the loop's time fell to when the observers' start and finish were
  // taken out of it too (1e11 agent-steps per second): no step of a model with RK4, a planner and
  // an environment takes less than a microsecond, nor does a billion agent-steps a second.
  EXPECT_GT(loop, 1e-6 * j.at("steps").get<double>());
  EXPECT_LT(j.at("agent_steps_per_second").get<double>(), 1e9);
  fs::remove_all(out);
  fs::remove_all(cache);
}

// Parameters the reader accepts can still make the integration diverge. The step loop stops
// before a NaN position reaches the environment layer (the kinetic provider crashed on one):
// exit status 2, a message naming the file, the agent and the time, and no output kept: no
// output folder either, unless it was there before.
TEST(SteerCommand, ARunWhoseStateDivergesStopsWithStatusTwoAndKeepsNothing) {
  for (const char* neighbors : {"kinetic", "lattice"}) {
    SCOPED_TRACE(neighbors);
    const fs::path out = scratchDir(std::string("diverging_") + neighbors);
    const std::string file = kData + "/yaml/diverging_weights.yaml";
    const auto r = runSteer("run " + file + " --neighbors " + neighbors + " --quiet --out " + out.string());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find(file + ": agent 0's state is no longer finite"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(out));  // nor the folder the run made (it stayed, empty)
    fs::remove_all(out);
  }
  // Into a folder that was there before: it stays, with what it held, and without the run's files.
  const fs::path mine = scratchDir("diverging_into_existing");
  fs::create_directories(mine);
  std::ofstream(mine / "notes.txt") << "mine\n";
  const auto r = runSteer("run " + kData + "/yaml/diverging_weights.yaml --quiet --out " + mine.string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(fs::exists(mine / "notes.txt"));
  for (const char* name : {"summary.json", "trajectories.csv", "run.pvd", "run_00000.vtp", "RUNNING"})
    EXPECT_FALSE(fs::exists(mine / name)) << name;
  // A folder two levels deep that did not exist: both levels go.
  const fs::path deep = scratchDir("diverging_deep");
  EXPECT_EQ(runSteer("run " + kData + "/yaml/diverging_weights.yaml --quiet --out " + (deep / "a" / "b").string()).status, 2);
  EXPECT_FALSE(fs::exists(deep));
  fs::remove_all(mine);
  fs::remove_all(deep);
}

// An output folder that cannot be made is a bad command-line value: status 2, naming --out.
TEST(SteerCommand, AnOutputFolderThatIsAFileIsABadOption) {
  const fs::path dir = scratchDir("out_is_a_file");
  fs::create_directories(dir);
  const fs::path file = dir / "taken";
  std::ofstream(file) << "not a folder\n";
  const auto r = runSteer("run " + kData + "/yaml/minimal.yaml --quiet --out " + file.string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("<command line>: --out: cannot make the output folder"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

TEST(SteerCommand, RunReportsTheKineticProvidersWork) {
  const fs::path out = scratchDir("run_kinetic_work");
  const auto r = runSteer("run " + kData + "/steersuite/all_features.xml --model straight --neighbors kinetic --quiet --out " +
                          out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = nlohmann::json::parse(steer::test::slurp(out / "summary.json"));
  const auto& env = j["environment"];
  EXPECT_EQ(env["provider"], "kinetic");
  const auto& work = env["work"];
  const auto& rate = env["work_per_agent_step"];
  for (const char* key : {"certificate_evaluations", "in_circle_evaluations", "orientation_evaluations",
                          "distance_evaluations", "events", "flips", "near_set_walks", "agent_visits"}) {
    ASSERT_TRUE(work.contains(key)) << key;
    ASSERT_TRUE(rate.contains(key)) << key;
  }
  // Agents walk, so the near sets were checked; the total is the sum of its kinds.
  EXPECT_GT(work["distance_evaluations"].get<double>(), 0.0);
  EXPECT_EQ(work["certificate_evaluations"].get<double>(),
            work["in_circle_evaluations"].get<double>() + work["orientation_evaluations"].get<double>() +
                work["distance_evaluations"].get<double>());
  EXPECT_LE(work["flips"].get<double>(), work["events"].get<double>() + work["fold_overs"].get<double>() +
                                             work["in_circle_evaluations"].get<double>());
  // Every rate is its total over the same number of agent-steps (at most agents × steps).
  const double agentSteps = work["certificate_evaluations"].get<double>() / rate["certificate_evaluations"].get<double>();
  EXPECT_LE(agentSteps, j["agents"].get<double>() * j["steps"].get<double>() + 0.5);
  EXPECT_GT(agentSteps, 0.0);
  for (const auto& [key, total] : work.items())
    EXPECT_NEAR(rate[key].get<double>() * agentSteps, total.get<double>(), 1e-9 * (1.0 + total.get<double>())) << key;
  fs::remove_all(out);
}

// Ctrl-C or kill during a run: it stops at the end of a step and removes what it wrote, as a
// failed run does, and exits with the shell's status for the signal (128 + its number). Killed
// mid-step it left RUNNING, a partial trajectories.csv and a cut-off .vtp. A batch stops the same
// way and says so in FAILED.
TEST(SteerCommand, AnInterruptedRunLeavesNothingHalfWritten) {
  const std::string uTrap = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/u_trap.yaml";
  const auto interrupted = [](const std::string& signal, const std::string& arguments, const fs::path& err) {
    // 2 s: well into the steps of a run of 2,000,000 steps (even under the sanitizers).
    const std::string cmd = "timeout --preserve-status -s " + signal + " 2 " + std::string(STEER_EXECUTABLE) + " " +
                            arguments + " >/dev/null 2>" + err.string() + " </dev/null";
    const int raw = std::system(cmd.c_str());
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  };
  const fs::path dir = scratchDir("interrupted");
  fs::create_directories(dir);
  EXPECT_EQ(interrupted("INT", "run " + uTrap + " --duration 100000 --quiet --out " + (dir / "run").string(), dir / "err"), 130);
  std::string err = steer::test::slurp(dir / "err");
  EXPECT_NE(err.find("steer run: interrupted (SIGINT) at t = "), std::string::npos) << err;
  EXPECT_NE(err.find("what the run wrote was removed"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(dir / "run")) << "the folder the run made is gone with what it wrote";

  // Into a folder that holds a finished run: stopped, the new run leaves the old one as it was
  // (it was removed as the new run started, and the folder then held neither).
  const fs::path again = dir / "again";
  ASSERT_EQ(runSteer("run " + uTrap + " --duration 2 --quiet --out " + again.string()).status, 0);
  const std::string summary = steer::test::slurp(again / "summary.json"), rows = steer::test::slurp(again / "trajectories.csv");
  EXPECT_EQ(interrupted("INT", "run " + uTrap + " --duration 100000 --seed 9 --quiet --out " + again.string(), dir / "err"), 130);
  EXPECT_EQ(steer::test::slurp(again / "summary.json"), summary);
  EXPECT_EQ(steer::test::slurp(again / "trajectories.csv"), rows);
  EXPECT_TRUE(fs::exists(again / "run.pvd"));
  EXPECT_FALSE(fs::exists(again / "RUNNING"));
  EXPECT_FALSE(fs::exists(again / ".running"));

  const fs::path batch = dir / "batch";
  EXPECT_EQ(interrupted("TERM", "compare " + uTrap + " --seeds 2 --duration 100000 --no-charts --quiet --out " + batch.string(),
                        dir / "err"),
            143);
  err = steer::test::slurp(dir / "err");
  EXPECT_NE(err.find("interrupted (SIGTERM)"), std::string::npos) << err;
  EXPECT_TRUE(fs::exists(batch / "FAILED"));
  // FAILED names the runs the signal stopped (it said "at t = ... s" of no run in particular).
  EXPECT_NE(steer::test::slurp(batch / "FAILED").find("what the run wrote was removed (the run u_trap/goldenstein-direct/seed-"),
            std::string::npos)
      << steer::test::slurp(batch / "FAILED");
  EXPECT_FALSE(fs::exists(batch / "RUNNING"));
  EXPECT_FALSE(fs::exists(batch / "comparison.csv"));
  for (const auto& entry : fs::recursive_directory_iterator(batch))
    EXPECT_NE(entry.path().filename(), "RUNNING") << entry.path() << ": a run left half-written";
  fs::remove_all(dir);
}

// Ctrl-C during a run's set-up stops the harmonic field's solve between two of its iterations:
// a Gauss–Seidel solve of a fine grid (here ~10 s in Release) heard it only at its end and then
// said "at t = 0 s". Nothing is written, neither the run nor the field's cache entry.
TEST(SteerCommand, AnInterruptDuringAFieldSolveStopsTheSolve) {
  const std::string uTrap = std::string(STEER_SOURCE_DIR) + "/experiments/scenarios/u_trap.yaml";
  const fs::path dir = scratchDir("interrupted_solve");
  fs::create_directories(dir);
  const std::string cmd = "XDG_CACHE_HOME=" + (dir / "cache").string() + " timeout --preserve-status -s INT 2 " +
                          std::string(STEER_EXECUTABLE) + " run " + uTrap +
                          " --planner harmonic --param planning.harmonic.solver=gs --param planning.harmonic.resolution=512"
                          " --param planning.harmonic.max_iterations=20000 --duration 1 --quiet --out " +
                          (dir / "run").string() + " >/dev/null 2>" + (dir / "err").string() + " </dev/null";
  const int raw = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 130);
  const std::string err = steer::test::slurp(dir / "err");
  EXPECT_NE(err.find("steer run: interrupted (SIGINT) while a harmonic field was solved"), std::string::npos) << err;
  EXPECT_FALSE(fs::exists(dir / "run"));
  bool cached = false;
  if (fs::exists(dir / "cache"))
    for (const auto& entry : fs::recursive_directory_iterator(dir / "cache")) cached = cached || entry.is_regular_file();
  EXPECT_FALSE(cached) << "a field stopped mid-solve was stored";
  fs::remove_all(dir);
}
