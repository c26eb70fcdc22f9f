// `steer field` and `steer render` on a SteerSuite case (issue #7: the commands work on SteerSuite
// cases as well as on YAML scenarios): the Fig. 7 trap written in SteerSuite's format, with box
// arms and an oriented wall. The pictures have the requested size, are not blank, and show the
// target marker at the target and the obstacle colour on the trap's back wall.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>

#include "field_command.hpp"
#include "png_image.hpp"
#include "render_command.hpp"
#include "scene_parts.hpp"
#include "steer/experiments/run_command.hpp"
#include "steer/experiments/scenario.hpp"

namespace steer::experiments {
namespace {

namespace fs = std::filesystem;
using viz::test::PngImage;

constexpr const char* kCase = STEER_TEST_DATA_DIR "/steersuite/u_trap_walls_boxes.xml";

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("steer_viz_steersuite_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  return dir;
}

viz::Rgb pixelAt(const PngImage& png, const geometry::Vec2& p) {
  return png.at(int(std::lround(p.x())), int(std::lround(p.y())));
}

TEST(SteerSuitePictures, FieldPictureOfASteerSuiteCase) {
  const fs::path out = scratch("field");
  FieldOptions o;
  o.resolution = 96;
  o.out = out.string();
  o.width = 500;
  o.height = 400;
  o.quiet = true;
  ASSERT_EQ(fieldCommand(kCase, o), 0);
  const PngImage png((out / "field.png").string());
  ASSERT_TRUE(png.valid());
  EXPECT_EQ(png.width(), 500);
  EXPECT_EQ(png.height(), 400);
  EXPECT_GT(png.distinctColours(), 40u) << "a colour map, its bar and streamlines show many colours";
  EXPECT_TRUE(fs::exists(out / "potential_0.vti"));
  fs::remove_all(out);
}

TEST(SteerSuitePictures, RenderOfASteerSuiteRunShowsTheTargetAndTheWall) {
  const fs::path run = scratch("run");
  Scenario scenario = loadScenario(kCase);
  scenario.settings.duration = 4.0;
  runScenario(scenario, run, {1.0});
  RenderOptions o;
  o.runDir = run.string();
  o.out = (run / "pictures").string();
  o.frames = 2;
  o.width = 480;
  o.height = 360;
  o.quiet = true;
  ASSERT_EQ(renderCommand(o), 0);
  for (const char* name : {"trajectories.png", "frame_0000.png", "frame_0001.png"}) {
    const PngImage png((fs::path(o.out) / name).string());
    ASSERT_TRUE(png.valid()) << name;
    EXPECT_EQ(png.width(), 480) << name;
    EXPECT_GT(png.distinctColours(), 8u) << name << " is (nearly) blank";
  }
  const PngImage still((fs::path(o.out) / "trajectories.png").string());
  const auto tracks = readTrajectories((run / "trajectories.csv").string());
  const viz::Scene scene = runScene(scenario, tracks, o, -1.0);
  const auto& goal = scenario.world.agents.at(0).goals.at(0).target.point;
  EXPECT_EQ(pixelAt(still, viz::scenePixel(scene, {goal.x(), goal.y()})), kTargetColour);
  // The back of the trap: SteerSuite's oriented wall centred at x = 8.3 (z maps to y).
  EXPECT_EQ(pixelAt(still, viz::scenePixel(scene, {8.3, 0.0})), kObstacleColour);
  fs::remove_all(run);
}

}  // namespace
}  // namespace steer::experiments
