// The obstacles of a run for ParaView (obstacle_frames.hpp): obstacles.vtp has every static
// obstacle's pieces, and moving_obstacles.pvd lists the moving ones at the agents' frame times,
// each where the obstacle's path has taken it (sim::obstacleOffset, the oracle). A run opened in
// ParaView showed moving dots and no walls: no output file held the obstacles.
#include <gtest/gtest.h>

#include <vtkCell.h>
#include <vtkCellData.h>
#include <vtkDataArray.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>
#include <vtkXMLPolyDataReader.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <pugixml.hpp>
#include <string>
#include <variant>
#include <vector>

#include "steer/experiments/run_command.hpp"
#include "steer/experiments/scenario.hpp"
#include "steer/geometry/distance.hpp"
#include "steer/sim/obstacle.hpp"

using namespace steer;
namespace fs = std::filesystem;

namespace {

struct Read {
  vtkSmartPointer<vtkPolyData> poly;
  std::vector<int> obstacle, moving;  // per line cell
};

Read readOutlines(const fs::path& file) {
  vtkNew<vtkXMLPolyDataReader> reader;
  reader->SetFileName(file.c_str());
  reader->Update();
  Read r;
  r.poly = reader->GetOutput();
  vtkDataArray* obstacle = r.poly->GetCellData()->GetArray("obstacle");
  vtkDataArray* moving = r.poly->GetCellData()->GetArray("moving");
  if (obstacle == nullptr || moving == nullptr) return r;
  for (vtkIdType c = 0; c < r.poly->GetNumberOfCells(); ++c) {
    r.obstacle.push_back(static_cast<int>(obstacle->GetTuple1(c)));
    r.moving.push_back(static_cast<int>(moving->GetTuple1(c)));
  }
  return r;
}

// How far point p (x, y) lies from the outline of a box displaced by `offset`.
double fromBox(const geometry::AlignedBox& box, const sim::Vec3& offset, const geometry::Vec2& p) {
  const geometry::Vec2 o(offset.x(), offset.y()), a = box.min + o, b = box.max + o;
  const geometry::Vec2 c(a.x(), b.y()), d(b.x(), a.y());
  double best = INFINITY;
  for (const auto& s : {geometry::Segment{a, c}, geometry::Segment{c, b}, geometry::Segment{b, d}, geometry::Segment{d, a}})
    best = std::min(best, geometry::distanceToSegment(p, s));
  return best;
}

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("steer_obstacle_outputs_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  return dir;
}

}  // namespace

TEST(ObstacleOutputs, StaticAndMovingObstaclesOpenBesideTheAgents) {
  const auto s = experiments::parseYamlScenario(R"(name: moving2d
world: {min: [-10, -10], max: [10, 10]}
duration: 1
obstacles:
  - box: {min: [-1, -1], max: [1, 1]}
  - box: {min: [3, 3], max: [4, 4]}
    path: {waypoints: [[3.5, 3.5], [3.5, 8]], speed: 2}
  - circle: {center: [-5, 5], radius: 1}
    path: {waypoints: [[-5, 5], [-5, -5]], speed: 1}
agents:
  - {position: [-8, 0], goals: [{target: [8, 0]}]}
)",
                                                "moving2d.yaml");
  const fs::path dir = scratch("2d");
  experiments::runScenario(s, dir, {0.5});
  const auto& boxStatic = std::get<geometry::AlignedBox>(s.world.obstacles[0].shape);
  const Read still = readOutlines(dir / "obstacles.vtp");
  ASSERT_EQ(still.obstacle.size(), 4u) << "the static box's four sides";
  for (std::size_t c = 0; c < 4; ++c) EXPECT_EQ(still.obstacle[c] * 10 + still.moving[c], 0);
  for (vtkIdType k = 0; k < still.poly->GetNumberOfPoints(); ++k) {
    const double* p = still.poly->GetPoint(k);
    EXPECT_NEAR(fromBox(boxStatic, sim::Vec3::Zero(), {p[0], p[1]}), 0.0, 1e-12);
  }
  pugi::xml_document pvd;
  ASSERT_TRUE(pvd.load_file((dir / "moving_obstacles.pvd").c_str()));
  std::vector<double> times;
  const auto& boxMoving = std::get<geometry::AlignedBox>(s.world.obstacles[1].shape);
  const auto& ball = std::get<geometry::Ball>(s.world.obstacles[2].shape);
  for (const auto& ds : pvd.child("VTKFile").child("Collection").children("DataSet")) {
    const double t = ds.attribute("timestep").as_double();
    times.push_back(t);
    const Read frame = readOutlines(dir / ds.attribute("file").as_string());
    ASSERT_EQ(frame.obstacle.size(), 5u) << "the moving box's four sides and the circle's ring";
    const sim::Vec3 boxAt = sim::obstacleOffset(s.world.obstacles[1], t), ballAt = sim::obstacleOffset(s.world.obstacles[2], t);
    for (vtkIdType c = 0; c < frame.poly->GetNumberOfCells(); ++c) {
      EXPECT_EQ(frame.moving[static_cast<std::size_t>(c)], 1);
      const int o = frame.obstacle[static_cast<std::size_t>(c)];
      vtkCell* cell = frame.poly->GetCell(c);
      for (vtkIdType k = 0; k < cell->GetNumberOfPoints(); ++k) {
        const double* p = frame.poly->GetPoint(cell->GetPointId(k));
        if (o == 1) EXPECT_NEAR(fromBox(boxMoving, boxAt, {p[0], p[1]}), 0.0, 1e-9) << "t = " << t;
        else EXPECT_NEAR((sim::Vec3(p[0], p[1], p[2]) - ball.center - ballAt).norm(), ball.radius, 1e-9) << "t = " << t;
      }
    }
  }
  EXPECT_EQ(times, (std::vector<double>{0, 0.5, 1})) << "the agents' frame times";
  fs::remove_all(dir);
}

// In 3D a wall or a box is a prism of every height: its sides are upright rectangles between the
// world's floor and ceiling. No file of moving obstacles when none moves.
TEST(ObstacleOutputs, PrismsIn3DStandBetweenTheWorldsFloorAndCeiling) {
  const auto s = experiments::parseYamlScenario(R"(name: prisms3d
dimension: 3
world: {min: [-10, -10, -5], max: [10, 10, 5]}
duration: 0.2
obstacles:
  - box: {min: [-1, -1], max: [1, 1]}
agents:
  - {position: [-8, 0, 0], goals: [{target: [8, 0, 0]}]}
)",
                                                "prisms3d.yaml");
  const fs::path dir = scratch("3d");
  experiments::runScenario(s, dir, {0.1});
  const Read still = readOutlines(dir / "obstacles.vtp");
  ASSERT_EQ(still.obstacle.size(), 4u);
  double bounds[6];
  still.poly->GetBounds(bounds);
  EXPECT_EQ(bounds[4], -5.0);
  EXPECT_EQ(bounds[5], 5.0);
  EXPECT_FALSE(fs::exists(dir / "moving_obstacles.pvd"));
  fs::remove_all(dir);
}
