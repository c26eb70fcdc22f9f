// `steer compare` draws a bar chart per metric. Its own executable because it renders through
// the GL driver, which the sanitizer build runs without the leak check (see steer_test RENDERS).
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "experiments/command_helpers.hpp"

using steer::test::runSteer;
using steer::test::scratchDir;
using steer::test::slurp;
namespace fs = std::filesystem;

namespace {
const std::string kSmall = std::string(STEER_TEST_DATA_DIR) + "/yaml/batch_small.yaml";
}  // namespace

namespace {
// Width and height from a PNG's IHDR chunk.
std::pair<int, int> pngSize(const fs::path& p) {
  const std::string bytes = slurp(p);
  if (bytes.size() < 24 || bytes.compare(1, 3, "PNG") != 0) return {0, 0};
  auto be = [&](std::size_t at) {
    return (static_cast<unsigned char>(bytes[at]) << 24) | (static_cast<unsigned char>(bytes[at + 1]) << 16) |
           (static_cast<unsigned char>(bytes[at + 2]) << 8) | static_cast<unsigned char>(bytes[at + 3]);
  };
  return {be(16), be(20)};
}
}  // namespace

TEST(SteerCompare, DrawsABarChartPerMetricOfTheTable) {
  const fs::path out = scratchDir("compare_charts");
  const auto r = runSteer("compare " + kSmall + " --models goldenstein,straight --seeds 2 --duration 1 --quiet --out " +
                          out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* metric : {"success_rate", "collisions_agent_agent", "collisions_agent_obstacle", "mean_path_length",
                             "steerbench_composite01", "steerbench_composite02", "agent_steps_per_second"}) {
    SCOPED_TRACE(metric);
    const auto size = pngSize(out / "charts" / (std::string(metric) + ".png"));
    EXPECT_EQ(size.first, 900);
    EXPECT_EQ(size.second, 600);
  }
  // Run again into the same folder without charts: the first batch's charts do not stay beside
  // the second batch's tables.
  const auto again = runSteer("compare " + kSmall + " --models straight --seeds 1 --duration 1 --no-charts --quiet --out " +
                              out.string());
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_TRUE(fs::exists(out / "comparison.csv"));
  EXPECT_FALSE(fs::exists(out / "charts"));
  fs::remove_all(out);
}

// A sweep of one number draws each metric against the swept value too (only bars before: a
// trend over courage had to be read across bar labels); compare draws bars alone.
TEST(SteerSweep, DrawsEachMetricAgainstTheSweptNumber) {
  const fs::path out = scratchDir("sweep_line_charts");
  const auto r = runSteer("sweep " + kSmall + " --param groups.crowd.personality.courage.mean=0:1:3 --models straight --seeds 2 "
                          "--duration 1 --quiet --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* metric : {"success_rate", "mean_path_length"}) {
    SCOPED_TRACE(metric);
    EXPECT_EQ(pngSize(out / "charts" / (std::string(metric) + ".png")).first, 900);
    const auto size = pngSize(out / "charts" / (std::string(metric) + "_vs_courage_mean.png"));
    EXPECT_GT(size.first, 0);
    EXPECT_GT(size.second, 0);
  }
  fs::remove_all(out);
  const auto words = runSteer("sweep " + kSmall + " --param local.weights=integrated,direct_sum --models goldenstein --seeds 1 "
                              "--duration 1 --quiet --out " + out.string());
  ASSERT_EQ(words.status, 0) << words.err;
  EXPECT_TRUE(fs::exists(out / "charts" / "success_rate.png"));
  for (const auto& e : fs::directory_iterator(out / "charts"))
    EXPECT_EQ(e.path().filename().string().find("_vs_"), std::string::npos) << e.path() << ": the values are not numbers";
  fs::remove_all(out);
}
