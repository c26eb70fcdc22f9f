// `steer render` on a short run of the U-trap: the still and the frames are pictures of the
// requested size, not blank, and show the target marker where the target is; the run's ParaView
// series reads back with VTK's readers to the numbers of trajectories.csv.
#include <gtest/gtest.h>
#include <pugixml.hpp>
#include <vtkDataArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkXMLPolyDataReader.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <map>

#include "png_image.hpp"
#include "render_command.hpp"
#include "steer/experiments/run_command.hpp"
#include "steer/experiments/scenario.hpp"

namespace steer::experiments {
namespace {

namespace fs = std::filesystem;
using viz::test::PngImage;

// One short run shared by the tests of this file.
class RenderTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    // One folder per process: ctest runs each test of this suite as its own process, in parallel.
    runDir_ = fs::temp_directory_path() / ("steer_viz_render_run_" + std::to_string(::getpid()));
    fs::remove_all(runDir_);
    scenario_ = loadScenario(STEER_SOURCE_DIR "/experiments/scenarios/u_trap.yaml");
    scenario_.settings.duration = 12.0;
    runScenario(scenario_, runDir_, {1.0});
  }
  static fs::path runDir_;
  static Scenario scenario_;
};
fs::path RenderTest::runDir_;
Scenario RenderTest::scenario_;

TEST_F(RenderTest, StillAndFramesArePicturesOfTheRequestedSize) {
  RenderOptions o;
  o.runDir = runDir_.string();
  o.out = (runDir_ / "pictures").string();
  o.frames = 3;
  o.width = 480;
  o.height = 360;
  o.quiet = true;
  ASSERT_EQ(renderCommand(o), 0);
  for (const char* name : {"trajectories.png", "frame_0000.png", "frame_0001.png", "frame_0002.png"}) {
    const PngImage png((fs::path(o.out) / name).string());
    ASSERT_TRUE(png.valid()) << name;
    EXPECT_EQ(png.width(), 480) << name;
    EXPECT_EQ(png.height(), 360) << name;
    EXPECT_GT(png.distinctColours(), 8u) << name << " is (nearly) blank";
  }
  EXPECT_FALSE(fs::exists(fs::path(o.out) / "frame_0003.png"));
}

TEST_F(RenderTest, TargetAndStartMarkersAreWhereTheyShouldBe) {
  RenderOptions o;
  o.runDir = runDir_.string();
  o.out = (runDir_ / "markers").string();
  o.frames = 0;
  o.width = 400;
  o.height = 300;
  o.quiet = true;
  ASSERT_EQ(renderCommand(o), 0);
  const PngImage png((fs::path(o.out) / "trajectories.png").string());
  ASSERT_TRUE(png.valid());
  const auto tracks = readTrajectories((runDir_ / "trajectories.csv").string());
  const viz::Scene scene = runScene(scenario_, tracks, o, -1.0);
  const auto& goal = scenario_.world.agents.at(0).goals.at(0).target.point;
  const auto target = viz::scenePixel(scene, {goal.x(), goal.y()});
  EXPECT_EQ(png.at(int(std::lround(target.x())), int(std::lround(target.y()))), kTargetColour);
  const auto& start = scenario_.world.agents.at(0).state.position;
  const auto startPixel = viz::scenePixel(scene, {start.x(), start.y()});
  EXPECT_EQ(png.at(int(std::lround(startPixel.x())), int(std::lround(startPixel.y()))), kStartColour);
  // The bottom of the U (the segment x = 3, −4 ≤ y ≤ 4) is drawn in the obstacle colour.
  const auto wall = viz::scenePixel(scene, {3.0, 0.0});
  EXPECT_EQ(png.at(int(std::lround(wall.x())), int(std::lround(wall.y()))), kObstacleColour);
  // Far from everything: background.
  const auto empty = viz::scenePixel(scene, {-2.0, 6.5});
  EXPECT_EQ(png.at(int(std::lround(empty.x())), int(std::lround(empty.y()))), (viz::Rgb{255, 255, 255}));
}

TEST_F(RenderTest, ColouringBySpeedDrawsAColourBar) {
  RenderOptions o;
  o.runDir = runDir_.string();
  o.out = (runDir_ / "speed").string();
  o.frames = 0;
  o.color = "speed";
  o.quiet = true;
  ASSERT_EQ(renderCommand(o), 0);
  const PngImage png((fs::path(o.out) / "trajectories.png").string());
  ASSERT_TRUE(png.valid());
  EXPECT_GT(png.distinctColours(), 40u) << "a colour map and its bar show many colours";
}

TEST_F(RenderTest, MissingRunIsBadInput) {
  RenderOptions o;
  o.runDir = (runDir_ / "no_such_run").string();
  o.quiet = true;
  EXPECT_EQ(renderCommand(o), 2);
}

// The ParaView series: every .vtp frame listed in run.pvd reads back to the positions, speeds
// and headings that trajectories.csv has for the same agent at the same time.
TEST_F(RenderTest, ParaViewSeriesReadsBackToTheTrajectories) {
  const auto tracks = readTrajectories((runDir_ / "trajectories.csv").string());
  pugi::xml_document pvd;
  ASSERT_TRUE(pvd.load_file((runDir_ / "run.pvd").c_str()));
  const auto datasets = pvd.child("VTKFile").child("Collection").children("DataSet");
  int frames = 0, points = 0;
  for (const auto& ds : datasets) {
    const double t = ds.attribute("timestep").as_double();
    vtkNew<vtkXMLPolyDataReader> reader;
    reader->SetFileName((runDir_ / ds.attribute("file").as_string()).c_str());
    reader->Update();
    vtkPolyData* poly = reader->GetOutput();
    ASSERT_NE(poly, nullptr);
    vtkDataArray* ids = poly->GetPointData()->GetArray("id");
    vtkDataArray* speed = poly->GetPointData()->GetArray("speed");
    vtkDataArray* heading = poly->GetPointData()->GetArray("heading");
    ASSERT_TRUE(ids && speed && heading);
    for (vtkIdType k = 0; k < poly->GetNumberOfPoints(); ++k) {
      const auto id = static_cast<std::uint32_t>(ids->GetTuple1(k));
      ASSERT_TRUE(tracks.count(id)) << "agent " << id << " is in the .vtp but not in the csv";
      const TrajectorySample* row = nullptr;
      for (const auto& s : tracks.at(id))
        if (std::abs(s.t - t) < 1e-9) row = &s;
      ASSERT_NE(row, nullptr) << "no csv row for agent " << id << " at t = " << t;
      double p[3];
      poly->GetPoint(k, p);
      for (int c = 0; c < 3; ++c) EXPECT_DOUBLE_EQ(p[c], row->position[c]);
      EXPECT_DOUBLE_EQ(speed->GetTuple1(k), row->speed);
      EXPECT_DOUBLE_EQ(heading->GetTuple1(k), row->heading);
      ++points;
    }
    ++frames;
  }
  EXPECT_GE(frames, 10);  // 12 s at one frame a second
  EXPECT_GE(points, 10);
}

}  // namespace
}  // namespace steer::experiments
