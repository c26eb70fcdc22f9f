// 3D pictures (issue #7): spheres appear where the perspective projection puts them, through a
// given camera and through the default one that frames the scene; `steer render` on a 3D run
// draws each agent at its projected position.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <Eigen/Geometry>
#include <filesystem>

#include "png_image.hpp"
#include "render_command.hpp"
#include "scene_parts.hpp"
#include "steer/experiments/run_command.hpp"
#include "steer/experiments/scenario.hpp"
#include "steer/viz/scene3d.hpp"

namespace steer::experiments {
namespace {

namespace fs = std::filesystem;
using geometry::Vec2;
using geometry::Vec3;
using viz::test::PngImage;

fs::path scratch(const std::string& name) {
  auto d = fs::temp_directory_path() / ("steer_viz_3d_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

viz::Rgb pixelAt(const PngImage& png, const Vec2& p) { return png.at(int(std::lround(p.x())), int(std::lround(p.y()))); }

// Shaded spheres show their own colour where they face the camera (ambient + diffuse = 1).
constexpr int kShadeTolerance = 24;

viz::Scene3D twoSpheres() {
  viz::Scene3D s;
  s.width = 640;
  s.height = 480;
  s.spheres = {{Vec3(2, 1, 3), 0.8, {213, 94, 0}}, {Vec3(-3, -2, 0), 1.0, {0, 114, 178}}};
  s.polylines = {{{Vec3(-5, -5, 0), Vec3(5, -5, 0), Vec3(5, 5, 0)}, {0, 158, 115}, 3.0f}};
  return s;
}

void expectSpheresWhereProjected(const viz::Scene3D& s, const std::string& file) {
  viz::writeScene3D(file, s);
  const PngImage png(file);
  ASSERT_TRUE(png.valid());
  EXPECT_EQ(png.width(), s.width);
  EXPECT_EQ(png.height(), s.height);
  EXPECT_GT(png.distinctColours(), 20u);
  for (const auto& sp : s.spheres) {
    const Vec2 p = viz::scene3dPixel(s, sp.centre);
    ASSERT_GE(p.x(), 0);
    ASSERT_LT(p.x(), s.width);
    ASSERT_GE(p.y(), 0);
    ASSERT_LT(p.y(), s.height);
    EXPECT_TRUE(PngImage::near(pixelAt(png, p), sp.colour, kShadeTolerance)) << sp.centre.transpose();
  }
  // The polyline's middle vertex, drawn flat.
  const Vec2 corner = viz::scene3dPixel(s, s.polylines[0].points[1]);
  bool found = false;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      found = found || png.at(int(std::lround(corner.x())) + dx, int(std::lround(corner.y())) + dy) == s.polylines[0].colour;
  EXPECT_TRUE(found);
}

TEST(Scene3D, SpheresAppearWhereTheGivenCameraProjectsThem) {
  viz::Scene3D s = twoSpheres();
  s.camera = viz::SceneCamera{Vec3(4, -14, 9), Vec3(0, 0, 1), Vec3(0, 0, 1), 40.0};
  expectSpheresWhereProjected(s, (scratch("camera") / "scene.png").string());
  // Beside the first sphere, off its silhouette: the background.
  const PngImage png((fs::temp_directory_path() / ("steer_viz_3d_" + std::to_string(::getpid()) + "_camera") / "scene.png").string());
  const viz::SceneCamera& c = *s.camera;
  const Vec3 right = (c.focalPoint - c.position).cross(c.up).normalized();
  const Vec2 empty = viz::scene3dPixel(s, s.spheres[0].centre + 2.5 * s.spheres[0].radius * right);
  ASSERT_TRUE(empty.x() >= 0 && empty.x() < s.width && empty.y() >= 0 && empty.y() < s.height);
  EXPECT_EQ(pixelAt(png, empty), (viz::Rgb{255, 255, 255}));
}

TEST(Scene3D, DefaultCameraFramesTheScene) {
  viz::Scene3D s = twoSpheres();
  const viz::SceneCamera c = viz::sceneCamera(s);
  // It looks at the middle of what is drawn, from above.
  EXPECT_GT(c.position.z(), c.focalPoint.z());
  // Every drawn point projects inside the picture.
  for (const auto& p : s.polylines[0].points) {
    const Vec2 q = viz::scene3dPixel(s, p);
    EXPECT_TRUE(q.x() > 0 && q.x() < s.width && q.y() > 0 && q.y() < s.height) << p.transpose();
  }
  expectSpheresWhereProjected(s, (scratch("default") / "scene.png").string());
}

// The distinct points of the scene's polylines drawn in `colour` (a box's or a prism's corners).
std::vector<Vec3> distinctPoints(const viz::Scene3D& scene, const viz::Rgb& colour) {
  std::vector<Vec3> points;
  for (const auto& l : scene.polylines)
    if (l.colour == colour)
      for (const Vec3& p : l.points)
        if (std::find(points.begin(), points.end(), p) == points.end()) points.push_back(p);
  return points;
}

// `steer render` on a short 3D run.
TEST(Render3D, RunStillAndFramesShowTheAgentsWhereProjected) {
  const fs::path run = scratch("run");
  Scenario scenario = loadScenario(STEER_TEST_DATA_DIR "/yaml/three_agents_3d.yaml");
  ASSERT_EQ(scenario.world.dimension, 3);
  runScenario(scenario, run, {0.5});
  RenderOptions o;
  o.runDir = run.string();
  o.out = (run / "pictures").string();
  o.frames = 2;
  o.at = {3.0};
  o.width = 640;
  o.height = 480;
  o.quiet = true;
  ASSERT_EQ(renderCommand(o), 0);
  for (const char* name : {"trajectories.png", "frame_0000.png", "frame_0001.png", "at_3.00.png"}) {
    const PngImage png((fs::path(o.out) / name).string());
    ASSERT_TRUE(png.valid()) << name;
    EXPECT_EQ(png.width(), 640);
    EXPECT_EQ(png.height(), 480);
    EXPECT_GT(png.distinctColours(), 20u) << name << " is (nearly) blank";
  }
  const auto tracks = readTrajectories((run / "trajectories.csv").string());
  const viz::Scene3D scene = runScene3D(scenario, tracks, o, 3.0);
  EXPECT_FALSE(runScene3D(scenario, tracks, o, -1.0).camera.has_value()) << "the YAML scenario has no camera: the default frames it";
  const PngImage png((fs::path(o.out) / "at_3.00.png").string());
  int agents = 0;
  for (const auto& [id, track] : tracks) {
    const TrajectorySample* row = nullptr;
    for (const auto& s : track)
      if (std::abs(s.t - 3.0) < 1e-9) row = &s;
    if (row == nullptr) continue;  // already at its goal
    ++agents;
    EXPECT_TRUE(PngImage::near(pixelAt(png, viz::scene3dPixel(scene, row->position)), viz::paletteColour(id), kShadeTolerance))
        << "agent " << id << " at " << row->position.transpose();
  }
  EXPECT_GE(agents, 2);
  // Without a scenario camera every frame looks through the still's, fitted to the whole run
  // (fitted to each frame, static obstacles jumped between frames).
  const viz::SceneCamera whole = viz::sceneCamera(runScene3D(scenario, tracks, o, -1.0));
  for (const double t : {0.5, 3.0}) {
    const viz::Scene3D frame = runScene3D(scenario, tracks, o, t);
    ASSERT_TRUE(frame.camera.has_value()) << t;
    EXPECT_EQ(frame.camera->position, whole.position) << t;
    EXPECT_EQ(frame.camera->focalPoint, whole.focalPoint) << t;
  }
  // A scenario camera is used as given.
  scenario.cameras.push_back({Vec3(0, -30, 20), Vec3(0, 0, 4), Vec3(0, 0, 1), 35.0});
  const viz::Scene3D withCamera = runScene3D(scenario, tracks, o, 3.0);
  ASSERT_TRUE(withCamera.camera.has_value());
  EXPECT_EQ(withCamera.camera->position, Vec3(0, -30, 20));
  EXPECT_EQ(withCamera.camera->fovyDegrees, 35.0);
}

// A region goal is drawn in 3D as the edges of its box, over the goal's z range (clipped to the
// world): found at each projected corner of the picture.
TEST(Render3D, RegionGoalsAreDrawnAsTheEdgesOfTheirBoxes) {
  const fs::path run = scratch("region");
  Scenario scenario = loadScenario(STEER_TEST_DATA_DIR "/yaml/three_agents_3d.yaml");
  runScenario(scenario, run, {0.5});
  sim::Goal region;
  region.kind = sim::Goal::Kind::SeekRegion;
  region.region = {Vec2(2, -6), Vec2(6, -2)};
  region.regionZMin = 3.0;
  region.regionZMax = 1e9;  // clipped to the world's top, z = 12
  scenario.world.agents[1].goals.push_back(region);
  RenderOptions o;
  o.width = 640;
  o.height = 480;
  const viz::Scene3D scene = runScene3D(scenario, readTrajectories((run / "trajectories.csv").string()), o, 3.0);
  const std::vector<Vec3> corners = distinctPoints(scene, kTargetColour);
  ASSERT_EQ(corners.size(), 8u) << "the box's corners, each drawn";
  for (const Vec3& c : corners) {
    EXPECT_TRUE(c.x() == 2 || c.x() == 6) << c.transpose();
    EXPECT_TRUE(c.y() == -6 || c.y() == -2) << c.transpose();
    EXPECT_TRUE(c.z() == 3 || c.z() == 12) << c.transpose();
  }
  const std::string file = (run / "region.png").string();
  viz::writeScene3D(file, scene);
  const PngImage png(file);
  ASSERT_TRUE(png.valid());
  for (const Vec3& c : corners) {
    const Vec2 q = viz::scene3dPixel(scene, c);
    bool found = false;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx)
        found = found || png.at(int(std::lround(q.x())) + dx, int(std::lround(q.y())) + dy) == kTargetColour;
    EXPECT_TRUE(found) << "corner " << c.transpose() << " at pixel " << q.transpose();
  }
}

// A wall in 3D is a vertical prism over the world's height (the metrics and the models meet it
// at any z): drawn as its outline at the world's floor and ceiling and an upright edge at each
// end, each found at its projected pixels (it was a line at z = 0, under agents flying at z = 8).
TEST(Render3D, WallsAreDrawnAsUprightPrismsOverTheWorldsHeight) {
  const fs::path run = scratch("wall");
  Scenario scenario = loadScenario(STEER_TEST_DATA_DIR "/yaml/three_agents_3d.yaml");
  runScenario(scenario, run, {0.5});
  sim::Obstacle wall;
  wall.shape = geometry::Segment{Vec2(6, -8), Vec2(6, -4)};
  scenario.world.obstacles.push_back(wall);
  RenderOptions o;
  o.width = 640;
  o.height = 480;
  const viz::Scene3D scene = runScene3D(scenario, readTrajectories((run / "trajectories.csv").string()), o, 3.0);
  const std::vector<Vec3> corners = distinctPoints(scene, kObstacleColour);
  ASSERT_EQ(corners.size(), 4u) << "the wall's two ends at the floor and at the ceiling";
  for (const Vec3& c : corners) {
    EXPECT_EQ(c.x(), 6) << c.transpose();
    EXPECT_TRUE(c.y() == -8 || c.y() == -4) << c.transpose();
    EXPECT_TRUE(c.z() == -2 || c.z() == 12) << c.transpose() << ": the world spans z in [-2, 12]";
  }
  const std::string file = (run / "wall.png").string();
  viz::writeScene3D(file, scene);
  const PngImage png(file);
  ASSERT_TRUE(png.valid());
  // Each upright edge: its middle is drawn, not only its ends.
  for (const double y : {-8.0, -4.0}) {
    const Vec2 q = viz::scene3dPixel(scene, Vec3(6, y, 5));
    bool found = false;
    for (int dy = -2; dy <= 2; ++dy)
      for (int dx = -2; dx <= 2; ++dx)
        found = found || png.at(int(std::lround(q.x())) + dx, int(std::lround(q.y())) + dy) == kObstacleColour;
    EXPECT_TRUE(found) << "the edge at y = " << y << " half way up, pixel " << q.transpose();
  }
}

}  // namespace
}  // namespace steer::experiments
