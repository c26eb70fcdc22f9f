// `steer render` on a short run of the U-trap: the still and the frames are pictures of the
// requested size, not blank, and show the target marker where the target is; the run's ParaView
// series reads back with VTK's readers to the numbers of trajectories.csv.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <vtkDataArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkXMLPolyDataReader.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <tuple>

#include "png_image.hpp"
#include "render_command.hpp"
#include "scene_parts.hpp"
#include "steer/experiments/run_command.hpp"
#include "steer/experiments/scenario.hpp"
#include "steer/local/parameters.hpp"

namespace steer::experiments {
namespace {

namespace fs = std::filesystem;
using geometry::Vec2;
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

// A time beyond 10^9 s names its frame in the %g form: --at 1e300 wrote a name of 300 digits,
// cut before its ".png".
TEST_F(RenderTest, AFrameAtAVeryLateTimeIsAPngWithAShortName) {
  RenderOptions o;
  o.runDir = runDir_.string();
  o.out = (runDir_ / "late").string();
  o.frames = 0;
  o.width = 160;
  o.height = 120;
  o.at = {1e300, 2.5};
  o.quiet = true;
  ASSERT_EQ(renderCommand(o), 0);
  EXPECT_TRUE(PngImage((fs::path(o.out) / "at_1e+300.png").string()).valid());
  EXPECT_TRUE(PngImage((fs::path(o.out) / "at_2.50.png").string()).valid());
}

// --at between two rows of trajectories.csv draws the last row before it: agents exist in a
// picture only at their rows' times, and --at 2.53 on rows every 0.05 s drew the trails without
// the agent. Two times that share two decimals get names of their own (the second picture
// overwrote the first).
TEST_F(RenderTest, AFrameBetweenTwoRowsShowsTheAgentsOfTheRowBefore) {
  RenderOptions o;
  o.runDir = runDir_.string();
  o.out = (runDir_ / "between").string();
  o.frames = 0;
  o.width = 400;
  o.height = 300;
  o.at = {2.53, 2.534, 2.5};
  o.nearDisks = false;
  o.quiet = true;
  ASSERT_EQ(renderCommand(o), 0);
  const auto tracks = readTrajectories((runDir_ / "trajectories.csv").string());
  ASSERT_EQ(tracks.size(), 1u);
  const auto& [id, track] = *tracks.begin();
  const auto row = std::find_if(track.begin(), track.end(), [](const TrajectorySample& s) { return std::abs(s.t - 2.5) < 1e-9; });
  ASSERT_NE(row, track.end());
  const viz::Scene scene = runScene(scenario_, tracks, o, 2.5);
  for (const char* name : {"at_2.530.png", "at_2.534.png", "at_2.50.png"}) {
    const PngImage png((fs::path(o.out) / name).string());
    ASSERT_TRUE(png.valid()) << name;
    const Vec2 q = viz::scenePixel(scene, geometry::xy(row->position));
    EXPECT_TRUE(PngImage::near(png.at(int(std::lround(q.x())), int(std::lround(q.y()))), viz::paletteColour(id), 40))
        << name << ": the agent at its row of t = 2.5 s, pixel " << q.transpose();
  }
  EXPECT_FALSE(fs::exists(fs::path(o.out) / "at_2.53.png")) << "2.53 and 2.534 share two decimals: longer names";
}

// The pictures' titles say which run they show (model, planner, seed from summary.json): the
// pictures of a comparison's runs were told apart by their folders only.
TEST_F(RenderTest, TitlesNameTheRunsModelPlannerAndSeed) {
  const auto summary = nlohmann::json::parse(std::ifstream(runDir_ / "summary.json"));
  const std::string label = summary.at("model").get<std::string>() + ", " + summary.at("planner").get<std::string>() +
                            ", seed " + std::to_string(summary.at("seed").get<std::uint64_t>());
  EXPECT_EQ(runLabelOf(runDir_), label);
  RenderOptions o;
  o.runLabel = runLabelOf(runDir_);
  const auto tracks = readTrajectories((runDir_ / "trajectories.csv").string());
  EXPECT_EQ(runScene(scenario_, tracks, o, -1.0).title, scenario_.name + " (" + label + "): trajectories");
  EXPECT_EQ(runScene(scenario_, tracks, o, 2.5).title, scenario_.name + " (" + label + "): t = 2.50 s");
}

// --speed-max fixes the top of the speed colour scale, so two runs' pictures compare; without
// it the scale ends at the run's fastest speed.
TEST_F(RenderTest, SpeedMaxFixesTheTopOfTheSpeedScale) {
  const auto tracks = readTrajectories((runDir_ / "trajectories.csv").string());
  double fastest = 0.0;
  for (const auto& [id, track] : tracks)
    for (const auto& s : track) fastest = std::max(fastest, std::abs(s.speed));
  ASSERT_GT(fastest, 0.5);
  RenderOptions o;
  o.color = "speed";
  EXPECT_EQ(runScene(scenario_, tracks, o, -1.0).valueMax, fastest);
  o.speedMax = 3.0;
  EXPECT_EQ(runScene(scenario_, tracks, o, -1.0).valueMax, 3.0);
  EXPECT_EQ(runScene(scenario_, tracks, o, 2.5).valueMax, 3.0);
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
  // Where the agent was last: its body's outline in its colour, found beside the end of its trail
  // (across its last heading, where the trail does not pass); an agent that did not reach had no
  // end marker.
  ASSERT_EQ(tracks.size(), 1u);
  const auto& [id, track] = *tracks.begin();
  const auto& last = track.back();
  const double radius = scenario_.world.agents.at(0).radius;
  for (const double side : {-1.0, 1.0}) {
    const Vec2 edge = geometry::xy(last.position) + side * radius * Vec2(-std::sin(last.heading), std::cos(last.heading));
    const auto q = viz::scenePixel(scene, edge);
    bool found = false;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        found = found || PngImage::near(png.at(int(std::lround(q.x())) + dx, int(std::lround(q.y())) + dy), viz::paletteColour(id), 40);
    EXPECT_TRUE(found) << "the end outline at " << edge.transpose() << ", pixel " << q.transpose();
  }
}

// Two agents swapping places: each start lies under the other's target disc. The start markers
// are drawn over the targets (none was visible in a circle swap).
TEST(RenderStill, StartMarkersShowOverTheTargetsOfAgentsSwappingPlaces) {
  const Scenario scenario = parseYamlScenario(R"(name: swap
world: {min: [-10, -10], max: [10, 10]}
model: straight
agents:
  - {position: [-5, 0], radius: 0.5, goals: [{kind: seek, target: [5, 0], reach_radius: 1.5}]}
  - {position: [5, 0], radius: 0.5, goals: [{kind: seek, target: [-5, 0], reach_radius: 1.5}]}
)", "swap.yaml");
  const fs::path run = fs::temp_directory_path() / ("steer_render_swap_" + std::to_string(::getpid()));
  runScenario(scenario, run, {0.5});
  RenderOptions o;
  o.width = 400;
  o.height = 300;
  const auto tracks = readTrajectories((run / "trajectories.csv").string());
  const viz::Scene scene = runScene(scenario, tracks, o, -1.0);
  const fs::path png = run / "still.png";
  viz::writeScene(png.string(), scene);
  const PngImage image(png.string());
  ASSERT_TRUE(image.valid());
  for (const double x : {-5.0, 5.0}) {
    const Vec2 start = viz::scenePixel(scene, {x, 0.0}), ring = viz::scenePixel(scene, {x, 1.0});
    EXPECT_EQ(image.at(int(std::lround(start.x())), int(std::lround(start.y()))), kStartColour) << x;
    EXPECT_EQ(image.at(int(std::lround(ring.x())), int(std::lround(ring.y()))), kTargetColour) << x;
  }
  fs::remove_all(run);
}

// --color group colours each agent by its scenario group (agents of none share one more colour)
// and lists the groups in a legend in the picture's right strip: in a crowd each agent's own
// colour repeats after eight and tells nothing.
TEST(RenderStill, ColouringByGroupGivesEachGroupAColourAndALegend) {
  const Scenario scenario = parseYamlScenario(R"(name: groups
world: {min: [-10, -10], max: [10, 10]}
model: straight
agents:
  - {position: [0, -8], radius: 0.3, goals: [{kind: seek, target: [0, 8]}]}
groups:
  - {name: left, count: 3, region: {min: [-9, -6], max: [-6, 6]}, radius: 0.3, goals: [{kind: seek, target: [8, 0]}]}
  - {name: right, count: 3, region: {min: [6, -6], max: [9, 6]}, radius: 0.3, goals: [{kind: seek, target: [-8, 0]}]}
)", "groups.yaml");
  const fs::path run = fs::temp_directory_path() / ("steer_render_groups_" + std::to_string(::getpid()));
  runScenario(scenario, run, {0.5});
  RenderOptions o;
  o.width = 600;
  o.height = 400;
  o.color = "group";
  const auto tracks = readTrajectories((run / "trajectories.csv").string());
  const viz::Scene scene = runScene(scenario, tracks, o, -1.0);
  ASSERT_EQ(scene.legend.size(), 3u);
  EXPECT_EQ(scene.legend[0].name, "no group") << "the single agent comes first in the file";
  EXPECT_EQ(scene.legend[1].name, "left");
  EXPECT_EQ(scene.legend[2].name, "right");
  for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(scene.legend[k].colour, viz::paletteColour(k));
  // Each trail (the still draws one per agent, in agent order) has its group's colour.
  std::vector<viz::Rgb> trails;
  for (const auto& l : scene.polylines)
    if (l.width == 2.5f && l.colour != kTargetColour) trails.push_back(l.colour);  // the still's trails (not the world's edge)
  ASSERT_EQ(trails.size(), 7u);
  for (std::size_t id = 0; id < 7; ++id) {
    const std::string& group = scenario.world.agents[id].group;
    EXPECT_EQ(trails[id], viz::paletteColour(group.empty() ? 0 : group == "left" ? 1 : 2)) << id;
  }
  // The legend is drawn: each colour's swatch in the strip right of the map.
  const fs::path png = run / "groups.png";
  viz::writeScene(png.string(), scene);
  const PngImage image(png.string());
  ASSERT_TRUE(image.valid());
  const int strip = 600 - static_cast<int>(std::lround(0.15 * 600));
  for (std::size_t k = 0; k < 3; ++k) {
    int pixels = 0;
    for (int y = 0; y < 400; ++y)
      for (int x = strip; x < 600; ++x) pixels += image.at(x, y) == viz::paletteColour(k);
    EXPECT_GE(pixels, 40) << "the swatch of " << scene.legend[k].name;
  }
  // Colouring by agent has no legend.
  o.color = "agent";
  EXPECT_TRUE(runScene(scenario, tracks, o, -1.0).legend.empty());
  fs::remove_all(run);
}

// render reads the scenario as the run did, with its --param assignments (summary.json keeps
// them): the pictures drew the file's radii and groups, not the run's.
TEST(RenderStill, TheScenarioIsReadWithTheRunsParams) {
  const fs::path dir = fs::temp_directory_path() / ("steer_render_params_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const fs::path file = dir / "two.yaml";
  std::ofstream(file) << R"(name: two
world: {min: [-10, -10], max: [10, 10]}
model: straight
agents:
  - {position: [-5, 0], radius: 0.5, goals: [{kind: seek, target: [5, 0]}]}
groups:
  - {name: crowd, count: 2, region: {min: [-8, 4], max: [8, 8]}, radius: 0.3, goals: [{kind: idle, duration: 1}]}
)";
  RunOverrides overrides;
  overrides.params = {"agents.0.radius=1.25", "groups.crowd.count=5"};
  const Scenario run = loadWithOverrides(file.string(), overrides);
  runScenario(run, dir / "run", {0.5});
  const Scenario drawn = runScenarioOf(dir / "run");
  ASSERT_EQ(drawn.world.agents.size(), 6u);
  EXPECT_EQ(drawn.world.agents[0].radius, 1.25);
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(drawn.world.agents[i].state.position, run.world.agents[i].state.position) << i;
  // Without params, the file as it is.
  runScenario(loadScenario(file.string()), dir / "plain", {0.5});
  const Scenario plain = runScenarioOf(dir / "plain");
  ASSERT_EQ(plain.world.agents.size(), 3u);
  EXPECT_EQ(plain.world.agents[0].radius, 0.5);
  fs::remove_all(dir);
}

// A moving obstacle is drawn where it starts in the still, with its path through its middle: the
// trails bent round where it went later (without it they bent round empty space).
TEST(RenderStill, AMovingObstacleShowsItsPath) {
  const Scenario scenario = parseYamlScenario(R"(name: moving
world: {min: [-10, -10], max: [10, 10]}
model: straight
obstacles:
  - circle: {center: [2, -6], radius: 1}
    path: {waypoints: [[0, 0], [0, 12]], speed: 1.0}
agents:
  - {position: [-5, 0], goals: [{kind: seek, target: [5, 0]}]}
)", "moving.yaml");
  const std::map<std::uint32_t, std::vector<TrajectorySample>> tracks{
      {0, {{0.0, sim::Vec3(-5, 0, 0), 0.0, 1.0}, {1.0, sim::Vec3(-4, 0, 0), 0.0, 1.0}}}};
  RenderOptions o;
  const viz::Scene still = runScene(scenario, tracks, o, -1.0);
  std::size_t paths = 0;
  for (const auto& l : still.polylines) {
    if (l.colour != kObstacleColour || l.points.size() != 2) continue;
    ++paths;
    EXPECT_NEAR((l.points[0] - Vec2(2, -6)).norm(), 0.0, 0.05) << "from the circle's centre";
    EXPECT_NEAR((l.points[1] - Vec2(2, 6)).norm(), 0.0, 0.05) << "to where the path takes it";
  }
  EXPECT_EQ(paths, 1u);
  // A frame draws the obstacle where it is, without the path.
  for (const auto& l : runScene(scenario, tracks, o, 1.0).polylines)
    EXPECT_FALSE(l.colour == kObstacleColour && l.points.size() == 2 && (l.points[1] - Vec2(2, 6)).norm() < 0.05);
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
  // The frames too: their trails were grey whatever --color said.
  const auto tracks = readTrajectories((runDir_ / "trajectories.csv").string());
  const viz::Scene frame = runScene(scenario_, tracks, o, 8.0);
  EXPECT_TRUE(std::any_of(frame.polylines.begin(), frame.polylines.end(),
                          [](const viz::ScenePolyline& l) { return !l.values.empty() && l.values.size() == l.points.size(); }));
}

// The colour bar and the title have strips of their own: a polygon far larger than the region
// (as the world's box is when the region is a part of it) is drawn in the map only. Room made in
// the region instead left the padding of a tall region under the bar, and the world's edge ran
// through it.
TEST(RenderScene, NothingOfTheMapIsDrawnUnderTheColourBarOrTheTitle) {
  const viz::Rgb kFloor{10, 200, 30};
  for (const auto& [regionMax, width, height] : {std::tuple{Vec2(2, 10), 600, 400}, std::tuple{Vec2(10, 2), 400, 600}}) {
    viz::Scene scene;
    scene.width = width;
    scene.height = height;
    scene.min = Vec2(0, 0);
    scene.max = regionMax;
    scene.title = "a title";
    scene.valuesTitle = "speed (m/s)";
    scene.polygons.push_back({{Vec2(-1000, -1000), Vec2(1000, -1000), Vec2(1000, 1000), Vec2(-1000, 1000)}, kFloor});
    scene.polylines.push_back({{Vec2(0, 0), regionMax}, {0.0, 1.0}, {}, 2.0f});
    const fs::path png = fs::temp_directory_path() / ("steer_render_strips_" + std::to_string(::getpid()) + ".png");
    viz::writeScene(png.string(), scene);
    const PngImage image(png.string());
    ASSERT_TRUE(image.valid());
    // The region's corners off the polyline's diagonal are in the map, the floor's colour.
    for (const Vec2& corner : {Vec2(0.05, regionMax.y() - 0.05), Vec2(regionMax.x() - 0.05, 0.05)}) {
      const Vec2 q = viz::scenePixel(scene, corner);
      EXPECT_EQ(image.at(int(q.x()), int(q.y())), kFloor) << width << "x" << height;
    }
    std::size_t underBar = 0, underTitle = 0;
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) {
        if (image.at(x, y) != kFloor) continue;
        if (x >= int(0.85 * width)) ++underBar;
        if (y < 20) ++underTitle;
      }
    EXPECT_EQ(underBar, 0u) << width << "x" << height;
    EXPECT_EQ(underTitle, 0u) << width << "x" << height;
    fs::remove(png);
  }
}

// The fitted height: the region fills the map edge to edge in both directions (a 60 m by 12 m
// corridor was a strip across a square picture of white), within width/4 to 2 × width.
TEST(RenderScene, AFittedHeightShowsTheRegionEdgeToEdge) {
  for (const bool strips : {false, true}) {
    viz::Scene scene;
    scene.width = 900;
    scene.min = Vec2(-33, -9);
    scene.max = Vec2(33, 9);
    if (strips) {
      scene.title = "two-way corridor: trajectories";
      scene.legend = {{"east", {0, 114, 178}}, {"west", {213, 94, 0}}};
    }
    scene.height = viz::fittedHeight(scene);
    SCOPED_TRACE(strips ? "title and legend" : "no strips");
    EXPECT_LT(scene.height, 450);
    const Vec2 lowerLeft = viz::scenePixel(scene, scene.min), upperRight = viz::scenePixel(scene, scene.max);
    const double mapRight = strips ? 0.85 * scene.width : scene.width;
    EXPECT_NEAR(lowerLeft.x(), 0.0, 1.5);
    EXPECT_NEAR(upperRight.x(), mapRight, 1.5);
    EXPECT_NEAR(lowerLeft.y(), scene.height, 1.5);
    if (strips) EXPECT_GT(upperRight.y(), 10.0);  // below the title's strip
    else EXPECT_NEAR(upperRight.y(), 0.0, 1.5);
  }
  viz::Scene flat;
  flat.width = 600;
  flat.min = Vec2(0, 0);
  flat.max = Vec2(100, 1);
  EXPECT_EQ(viz::fittedHeight(flat), 150);
  flat.max = Vec2(1, 100);
  EXPECT_EQ(viz::fittedHeight(flat), 1200);
  flat.width = 64;  // the least --width: a quarter of it would be 16 pixels
  flat.max = Vec2(100, 1);
  EXPECT_EQ(viz::fittedHeight(flat), 64);
}

// Without --height every picture of a 2D run has the still's height: the first frame of
// --color speed has no trail yet and so no colour bar, which would have given it another shape.
TEST_F(RenderTest, WithoutAHeightEveryPictureHasTheStillsFittedShape) {
  RenderOptions o;
  o.runDir = runDir_.string();
  o.out = (runDir_ / "fitted").string();
  o.frames = 3;
  o.width = 480;
  o.color = "speed";
  o.quiet = true;
  ASSERT_EQ(renderCommand(o), 0);
  const int expected = viz::fittedHeight(runScene(scenario_, readTrajectories((runDir_ / "trajectories.csv").string()), o, -1.0));
  for (const char* name : {"trajectories.png", "frame_0000.png", "frame_0001.png", "frame_0002.png"}) {
    const PngImage png((fs::path(o.out) / name).string());
    ASSERT_TRUE(png.valid()) << name;
    EXPECT_EQ(png.width(), 480) << name;
    EXPECT_EQ(png.height(), expected) << name;
  }
}

// A frame at a given time with the triangulation overlaid: the walls' constrained edges in their
// colour at their midpoints, and the frame's triangulation is the CDT of the agent and the walls.
TEST_F(RenderTest, TriangulationOverlayDrawsTheConstrainedEdgesDistinctly) {
  RenderOptions o;
  o.runDir = runDir_.string();
  o.out = (runDir_ / "triangulation").string();
  o.frames = 0;
  o.at = {5.0};
  o.triangulation = true;
  o.width = 800;
  o.height = 600;
  o.quiet = true;
  ASSERT_EQ(renderCommand(o), 0);
  const PngImage png((fs::path(o.out) / "at_5.00.png").string());
  ASSERT_TRUE(png.valid());
  const auto tracks = readTrajectories((runDir_ / "trajectories.csv").string());
  const auto edges = frameTriangulation(scenario_, tracks, 5.0);
  // One agent and the U's four corners: 5 vertices; the hull holds all but the vertex inside
  // it, so 3·5 − 3 − h edges; the three walls are constrained.
  std::size_t constrained = 0;
  for (const auto& e : edges) constrained += e.constrained;
  EXPECT_EQ(constrained, 3u);
  EXPECT_GE(edges.size(), 7u);
  EXPECT_LE(edges.size(), 9u);
  const viz::Scene scene = runScene(scenario_, tracks, o, 5.0);
  int unconstrainedShown = 0, unconstrained = 0;
  for (const auto& e : edges) {
    const auto mid = viz::scenePixel(scene, 0.5 * (e.a + e.b));
    const viz::Rgb c = png.at(int(std::lround(mid.x())), int(std::lround(mid.y())));
    if (e.constrained) {
      EXPECT_EQ(c, kConstrainedEdgeColour) << e.a.transpose() << " -> " << e.b.transpose();
    } else {
      ++unconstrained;
      // A 1-pixel line may be rasterized a pixel beside its exact midpoint: look at the 3×3 patch.
      bool shown = false;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          shown = shown || png.at(int(std::lround(mid.x())) + dx, int(std::lround(mid.y())) + dy) == kTriangulationColour;
      unconstrainedShown += shown;
    }
  }
  // Other marks (the agent, its near disk, its trail) may cover a midpoint, not most of them.
  EXPECT_GT(2 * unconstrainedShown, unconstrained);
  // Without the option the walls keep the obstacle colour.
  o.triangulation = false;
  o.out = (runDir_ / "no_triangulation").string();
  ASSERT_EQ(renderCommand(o), 0);
  const PngImage plain((fs::path(o.out) / "at_5.00.png").string());
  const auto wall = viz::scenePixel(runScene(scenario_, tracks, o, 5.0), {3.0, 0.0});
  EXPECT_EQ(plain.at(int(std::lround(wall.x())), int(std::lround(wall.y()))), kObstacleColour);
}

// Frames: the agent is an arrowhead pointing along its heading, inside its near disk (drawn
// unless --no-near-disks).
TEST_F(RenderTest, FramesShowOrientedGlyphsAndNearDisks) {
  RenderOptions o;
  o.runDir = runDir_.string();
  o.out = (runDir_ / "glyphs").string();
  o.frames = 0;
  o.at = {4.0};
  o.width = 1200;
  o.height = 900;
  o.quiet = true;
  ASSERT_EQ(renderCommand(o), 0);
  const PngImage png((fs::path(o.out) / "at_4.00.png").string());
  ASSERT_TRUE(png.valid());
  const auto tracks = readTrajectories((runDir_ / "trajectories.csv").string());
  const viz::Scene scene = runScene(scenario_, tracks, o, 4.0);
  ASSERT_EQ(scene.glyphs.size(), 1u);
  const auto& g = scene.glyphs[0];
  const TrajectorySample* row = nullptr;
  for (const auto& s : tracks.at(0))
    if (std::abs(s.t - 4.0) < 1e-9) row = &s;
  ASSERT_NE(row, nullptr);
  EXPECT_NEAR(g.direction.x(), std::cos(row->heading), 1e-12);
  EXPECT_NEAR(g.direction.y(), std::sin(row->heading), 1e-12);
  const Vec2 dir = g.direction.normalized(), side(-dir.y(), dir.x());
  auto pixel = [&](const Vec2& p) {
    const auto q = viz::scenePixel(scene, p);
    return png.at(int(std::lround(q.x())), int(std::lround(q.y())));
  };
  // The arrowhead is wide at its back and narrow at its tip: a point beside the axis is inside
  // behind the centre and outside ahead of it. A glyph drawn backwards would swap the two.
  EXPECT_EQ(pixel(g.position - 0.25 * g.size * dir + 0.22 * g.size * side), g.colour);
  EXPECT_NE(pixel(g.position + 0.25 * g.size * dir + 0.22 * g.size * side), g.colour);
  EXPECT_EQ(pixel(g.position + 0.3 * g.size * dir), g.colour);
  // The near disk's outline, 5 m from the agent, beside its path.
  const double nearRadius = scenario_.world.agents[0].nearRadius;
  // (Within a pixel: the outline is one pixel wide, a 48-gon inside the circle by 0.4 pixel.)
  auto nearDiskAround = [&](const PngImage& image, const Vec2& p) {
    const auto q = viz::scenePixel(scene, p);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if (image.at(int(std::lround(q.x())) + dx, int(std::lround(q.y())) + dy) == kNearDiskColour) return true;
    return false;
  };
  EXPECT_TRUE(nearDiskAround(png, g.position + nearRadius * side));
  EXPECT_TRUE(nearDiskAround(png, g.position - nearRadius * dir));
  o.nearDisks = false;
  o.out = (runDir_ / "no_near_disks").string();
  ASSERT_EQ(renderCommand(o), 0);
  const PngImage plain((fs::path(o.out) / "at_4.00.png").string());
  EXPECT_FALSE(nearDiskAround(plain, g.position + nearRadius * side));
  EXPECT_FALSE(nearDiskAround(plain, g.position - nearRadius * dir));
}

// Near disks are drawn by default up to kNearDisksUpTo agents (in a crowd of thousands they
// covered the agents in every frame); --near-disks and --no-near-disks decide either way.
TEST(RenderScene, NearDisksByDefaultOnlyForSmallRuns) {
  Scenario scenario = parseYamlScenario(R"(name: crowd
world: {min: [-50, -50], max: [50, 50]}
model: straight
agents:
  - {position: [0, 0], goals: [{kind: seek, target: [5, 0]}]}
)", "crowd.yaml");
  const auto nearDisks = [&](std::size_t agents, std::optional<bool> option) {
    scenario.world.agents.resize(agents, scenario.world.agents.front());
    std::map<std::uint32_t, std::vector<TrajectorySample>> tracks;
    for (std::uint32_t i = 0; i < agents; ++i) tracks[i] = {{0.0, sim::Vec3(0.1 * i - 20.0, 0, 0), 0.0, 1.0}};
    RenderOptions o;
    o.nearDisks = option;
    std::size_t n = 0;
    for (const auto& d : runScene(scenario, tracks, o, 0.0).discs) n += d.colour == kNearDiskColour;
    return n;
  };
  EXPECT_EQ(nearDisks(kNearDisksUpTo, std::nullopt), kNearDisksUpTo);
  EXPECT_EQ(nearDisks(kNearDisksUpTo + 1, std::nullopt), 0u);
  EXPECT_EQ(nearDisks(kNearDisksUpTo + 1, true), kNearDisksUpTo + 1);
  EXPECT_EQ(nearDisks(5, false), 0u);
}

// --video without ffmpeg on PATH: the frames are written, a plain message says how to get
// ffmpeg, and the command succeeds.
TEST_F(RenderTest, VideoWithoutFfmpegSaysHowToGetItAndKeepsTheFrames) {
  const fs::path emptyBin = runDir_ / "empty_bin";
  fs::create_directories(emptyBin);
  const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", emptyBin.c_str(), 1);
  RenderOptions o;
  o.runDir = runDir_.string();
  o.out = (runDir_ / "video").string();
  o.frames = 2;
  o.width = 320;
  o.height = 240;
  o.video = true;
  o.quiet = true;
  ::testing::internal::CaptureStderr();
  const int status = renderCommand(o);
  const std::string err = ::testing::internal::GetCapturedStderr();
  setenv("PATH", path.c_str(), 1);
  EXPECT_EQ(status, 0);
  EXPECT_NE(err.find("apt-get install ffmpeg"), std::string::npos) << err;
  EXPECT_TRUE(fs::exists(fs::path(o.out) / "frame_0000.png"));
  EXPECT_TRUE(fs::exists(fs::path(o.out) / "frame_0001.png"));
  EXPECT_FALSE(fs::exists(fs::path(o.out) / "run.mp4"));
}

// ffmpeg gets the frames' and the video's paths as arguments of their own: a folder named with a
// quote and a `;` ran the rest of its name as a shell command (the command line went through
// std::system).
TEST_F(RenderTest, VideoPathsReachFfmpegAsTheyAre) {
  const fs::path bin = runDir_ / "fake_bin", log = runDir_ / "ffmpeg_args.txt", injected = runDir_ / "INJECTED";
  fs::create_directories(bin);
  {
    std::ofstream script(bin / "ffmpeg");
    script << "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '" << log.string() << "'\n";
  }
  fs::permissions(bin / "ffmpeg", fs::perms::owner_all);
  const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", (bin.string() + ":" + path).c_str(), 1);
  RenderOptions o;
  o.runDir = runDir_.string();
  o.out = (runDir_ / ("it's; touch " + injected.string() + "; echo '")).string();
  o.frames = 1;
  o.width = 160;
  o.height = 120;
  o.video = true;
  o.quiet = true;
  const int status = renderCommand(o);
  setenv("PATH", path.c_str(), 1);
  EXPECT_EQ(status, 0);
  EXPECT_FALSE(fs::exists(injected));
  std::ifstream in(log);
  std::vector<std::string> args;
  for (std::string line; std::getline(in, line);) args.push_back(line);
  EXPECT_NE(std::find(args.begin(), args.end(), (fs::path(o.out) / "frame_%04d.png").string()), args.end());
  ASSERT_FALSE(args.empty());
  EXPECT_EQ(args.back(), (fs::path(o.out) / "run.mp4").string());
  fs::remove_all(o.out);
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

// A frame's arrays follow its XML as raw LZ4 blocks, as the field's .vti: zlib and base64 took
// 19 % of a 10,000-agent run (the reads above check that VTK gets the values back).
TEST_F(RenderTest, FramesAreLz4CompressedRawAppendedData) {
  std::ifstream in(runDir_ / "run_00000.vtp", std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(text.empty());
  EXPECT_NE(text.find("compressor=\"vtkLZ4DataCompressor\""), std::string::npos);
  EXPECT_NE(text.find("<AppendedData encoding=\"raw\">"), std::string::npos);
  EXPECT_EQ(text.find("encoding=\"base64\""), std::string::npos);
}

// A frame's model arrays are named by the model: the Goldenstein weights w_tar, w_obs (at t = 0
// the initial weights), a Reynolds bird's behavioral state and annoyance (the Reynolds run's
// frames carried "w_tar" and "w_obs" holding its state index and the time that state began),
// and nothing for the straight model.
TEST(ParaViewSeries, FramesNameTheModelsOwnFields) {
  const fs::path dir = fs::temp_directory_path() / ("steer_viz_fields_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  const auto arrays = [](const fs::path& vtp) {
    vtkNew<vtkXMLPolyDataReader> reader;
    reader->SetFileName(vtp.c_str());
    reader->Update();
    std::map<std::string, std::vector<double>> out;
    vtkPointData* pd = reader->GetOutput()->GetPointData();
    for (int k = 0; k < pd->GetNumberOfArrays(); ++k) {
      vtkDataArray* a = pd->GetArray(k);
      auto& values = out[a->GetName()];
      for (vtkIdType i = 0; i < a->GetNumberOfTuples(); ++i) values.push_back(a->GetTuple1(i));
    }
    return out;
  };
  Scenario goldenstein = loadScenario(STEER_SOURCE_DIR "/experiments/scenarios/hidden_target.yaml");
  goldenstein.settings.duration = 0.5;
  runScenario(goldenstein, dir / "goldenstein", {0.1});
  const auto g = arrays(dir / "goldenstein" / "run_00000.vtp");
  ASSERT_TRUE(g.count("w_tar") && g.count("w_obs"));
  EXPECT_EQ(g.at("w_tar"), std::vector<double>(g.at("id").size(), local::GoldensteinParameters{}.initialTargetWeight));
  EXPECT_EQ(g.at("w_obs"), std::vector<double>(g.at("id").size(), local::GoldensteinParameters{}.initialObstacleWeight));

  Scenario pigeons = loadScenario(STEER_SOURCE_DIR "/experiments/scenarios/pigeons.yaml");
  pigeons.settings.duration = 0.5;
  runScenario(pigeons, dir / "pigeons", {0.1});
  const auto r = arrays(dir / "pigeons" / "run_00000.vtp");
  EXPECT_FALSE(r.count("w_tar") || r.count("w_obs"));
  ASSERT_TRUE(r.count("behavior_state") && r.count("annoyance"));
  EXPECT_EQ(r.at("behavior_state"), std::vector<double>(280, 0.0));  // every bird walking, state 0
  EXPECT_EQ(r.at("annoyance"), std::vector<double>(280, 0.0));

  Scenario straight = goldenstein;
  straight.model = "straight";
  runScenario(straight, dir / "straight", {0.1});
  const auto s = arrays(dir / "straight" / "run_00000.vtp");
  EXPECT_FALSE(s.count("w_tar") || s.count("behavior_state"));
  EXPECT_TRUE(s.count("speed") && s.count("mode"));
  fs::remove_all(dir);
}

// Every frame of a run is seen from one view (fitted to the trail so far, static things moved
// between frames, and in a video), the world's bounds are drawn, and a region goal is its box,
// not a disc at its centre (which read as a target the agents missed).
TEST(RenderScene, FramesShareOneViewAndRegionGoalsAreBoxes) {
  const fs::path run = fs::temp_directory_path() / ("steer_viz_render_theater_" + std::to_string(::getpid()));
  fs::remove_all(run);
  Scenario scenario = loadScenario(STEER_SOURCE_DIR "/experiments/scenarios/theater.yaml");
  scenario.settings.duration = 6.0;
  runScenario(scenario, run, {1.0});
  const auto tracks = readTrajectories((run / "trajectories.csv").string());
  RenderOptions o;
  const viz::Scene first = runScene(scenario, tracks, o, 0.5), last = runScene(scenario, tracks, o, 5.5);
  EXPECT_EQ(first.min, last.min);
  EXPECT_EQ(first.max, last.max);
  const sim::Goal& goal = scenario.world.agents.at(0).goals.at(0);
  ASSERT_EQ(goal.kind, sim::Goal::Kind::SeekRegion);
  const viz::Scene still = runScene(scenario, tracks, o, -1.0);
  const auto hasRectangle = [&](const Vec2& lo, const Vec2& hi, viz::Rgb colour) {
    return std::any_of(still.polylines.begin(), still.polylines.end(), [&](const viz::ScenePolyline& l) {
      return l.colour == colour && l.points.size() == 5 && l.points[0] == lo && l.points[2] == hi;
    });
  };
  EXPECT_TRUE(hasRectangle(goal.region.min, goal.region.max, kTargetColour));
  EXPECT_TRUE(hasRectangle(geometry::xy(scenario.world.bounds.min), geometry::xy(scenario.world.bounds.max), kWorldBoundsColour));
  const Vec2 centre = 0.5 * (goal.region.min + goal.region.max);
  EXPECT_TRUE(std::none_of(still.discs.begin(), still.discs.end(), [&](const viz::SceneDisc& d) {
    return d.colour == kTargetColour && (d.centre - centre).norm() < 1e-9;
  }));
  fs::remove_all(run);
}

}  // namespace
}  // namespace steer::experiments
