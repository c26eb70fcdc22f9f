// `steer reproduce <paper> --quick` (issue #8): every paper's report is written in one run,
// every row of its table is filled, REPORT.md and report.json agree, the figures it names exist,
// a hand-written README.md in the folder survives, and bad input is exit status 2 with nothing
// written.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "experiments/command_helpers.hpp"

using steer::test::runSteer;
using steer::test::scratchDir;
using steer::test::slurp;
namespace fs = std::filesystem;

namespace {

class ReproduceQuick : public testing::TestWithParam<const char*> {};

TEST_P(ReproduceQuick, FillsEveryRowAndKeepsTheReadme) {
  const std::string paper = GetParam();
  const fs::path dir = scratchDir("reproduce_" + paper);
  fs::create_directories(dir);
  {
    std::ofstream readme(dir / "README.md");
    readme << "hand-written\n";
  }
  const auto r = runSteer("reproduce " + paper + " --quick -q --out " + dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(slurp(dir / "README.md"), "hand-written\n");

  const auto report = nlohmann::json::parse(slurp(dir / "report.json"));
  EXPECT_EQ(report["paper"], paper);
  EXPECT_TRUE(report["quick"].get<bool>());
  const auto& claims = report["claims"];
  ASSERT_GE(claims.size(), 5u);
  const std::set<std::string> statuses = {"reproduced", "differs", "not testable", "reported, not judged"};
  for (const auto& c : claims) {
    for (const char* field : {"claim", "section", "checked_by", "measured", "why"})
      EXPECT_FALSE(c[field].get<std::string>().empty()) << field << " empty in: " << c.dump();
    EXPECT_TRUE(statuses.count(c["status"].get<std::string>())) << c.dump();
    // A figure printed as inf or nan is a check that measured nothing (reynolds1999's arrival
    // ran with an infinite speed limit, its vehicles went to NaN, and std::max read 0 m and
    // "reproduced").
    for (const char* field : {"checked_by", "measured"})
      EXPECT_FALSE(std::regex_search(c[field].get<std::string>(), std::regex("\\b(inf|nan)\\b", std::regex::icase)))
          << field << " in: " << c.dump();
  }

  // REPORT.md has one table row per claim, with six non-empty cells.
  const std::string md = slurp(dir / "REPORT.md");
  // Its link to the paper folder's README.md works from where it was written (here not the
  // paper's folder: the link "README.md" pointed at nothing).
  {
    const auto at = md.find("[README.md](");
    ASSERT_NE(at, std::string::npos) << md.substr(0, 400);
    const std::string link = md.substr(at + 12, md.find(')', at) - at - 12);
    EXPECT_TRUE(fs::exists(dir / link)) << link;
    EXPECT_EQ(fs::weakly_canonical(dir / link), fs::weakly_canonical(fs::path(STEER_SOURCE_DIR) / "papers" / paper / "README.md"));
  }
  std::size_t rows = 0;
  std::istringstream lines(md);
  std::string line;
  bool inTable = false;
  while (std::getline(lines, line)) {
    if (line.rfind("|---", 0) == 0) {
      inTable = true;
      continue;
    }
    if (!inTable || line.rfind("| ", 0) != 0) continue;
    ++rows;
    // Split on unescaped '|'.
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 1; i < line.size(); ++i) {
      if (line[i] == '|' && line[i - 1] != '\\') {
        cells.push_back(cell);
        cell.clear();
      } else {
        cell += line[i];
      }
    }
    ASSERT_EQ(cells.size(), 6u) << line;
    for (const auto& c : cells) EXPECT_FALSE(std::regex_match(c, std::regex("\\s*"))) << line;
  }
  EXPECT_EQ(rows, claims.size());

  // Every figure a row names was written.
  const std::regex figure("figures/[a-z0-9_]+\\.png");
  for (auto it = std::sregex_iterator(md.begin(), md.end(), figure); it != std::sregex_iterator(); ++it)
    EXPECT_TRUE(fs::is_regular_file(dir / it->str())) << it->str();
  // No staging folder is left behind.
  for (const auto& entry : fs::directory_iterator(dir))
    EXPECT_EQ(entry.path().filename().string().rfind(".staging", 0), std::string::npos) << entry.path();
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Papers, ReproduceQuick, testing::Values("goldenstein2001", "reynolds1999", "reynolds2000"));

TEST(Reproduce, GoldensteinReportHasTheIssuesClaims) {
  const fs::path dir = scratchDir("reproduce_claims");
  const auto r = runSteer("reproduce goldenstein2001 --quick -q --out " + dir.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string md = slurp(dir / "REPORT.md");
  for (const char* claim : {"Fig. 2(a)", "Fig. 2(b)", "Fig. 5", "Table A.1", "Hidden target", "Fig. 7 with",
                            "Fig. 7 without", "1–700 frames per second", "O(1) per agent"})
    EXPECT_NE(md.find(claim), std::string::npos) << claim;
  fs::remove_all(dir);
}

TEST(Reproduce, BadInputIsExitTwoAndWritesNothing) {
  const fs::path dir = scratchDir("reproduce_bad");
  auto r = runSteer("reproduce nosuchpaper --quick -q --out " + dir.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("goldenstein2001"), std::string::npos) << r.err;  // the choices are listed
  EXPECT_FALSE(fs::exists(dir));

  r = runSteer("reproduce goldenstein2001 --quick -q --scenarios /nonexistent/folder --out " + dir.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("/nonexistent/folder"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "REPORT.md"));
  // An empty value (an unset shell variable) read as the default suite.
  r = runSteer("reproduce reynolds1999 --quick -q --scenarios '' --out " + dir.string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--scenarios: must not be empty"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir));

  // A suite without the scenarios the claims need: the missing file is named, nothing is moved in.
  const fs::path empty = scratchDir("reproduce_empty_suite");
  fs::create_directories(empty);
  r = runSteer("reproduce goldenstein2001 --quick -q --scenarios " + empty.string() + " --out " + dir.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("hidden_target.yaml"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir / "REPORT.md"));
  EXPECT_FALSE(fs::exists(dir / "figures"));
  EXPECT_FALSE(fs::exists(dir)) << "the run made the folder, and leaves nothing of itself";
  // A folder that was there before stays.
  fs::create_directories(dir);
  r = runSteer("reproduce goldenstein2001 --quick -q --scenarios " + empty.string() + " --out " + dir.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(fs::is_directory(dir));
  EXPECT_TRUE(fs::is_empty(dir));
  // The suite less one file: said before any run (it failed after twenty runs), with its name.
  for (const auto& entry : fs::directory_iterator(std::string(STEER_SOURCE_DIR) + "/experiments/scenarios"))
    if (entry.is_regular_file() && entry.path().filename() != "maze_b.yaml") fs::copy_file(entry.path(), empty / entry.path().filename());
  r = runSteer("reproduce goldenstein2001 --quick --scenarios " + empty.string() + " --out " + dir.string());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("lacks maze_b.yaml (goldenstein2001 reads them; nothing was run)"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("[reproduce goldenstein2001] "), std::string::npos) << "a claim was started: " << r.err;
  fs::remove_all(dir);
  fs::remove_all(empty);
}

}  // namespace
