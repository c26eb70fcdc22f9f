// `steer field`: the picture (field.png) shows the potential with its colour bar, the target
// marker where the target is, a colour map that runs from the target end to the far end and
// streamlines over the free space; the .vti reads back with VTK's reader to the in-memory field,
// and its gradient array is the gradient of its potential array.
#include <gtest/gtest.h>
#include <unistd.h>
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkType.h>
#include <vtkXMLImageDataReader.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <tuple>

#include "field_command.hpp"
#include "part_configs.hpp"
#include "png_image.hpp"
#include "scene_parts.hpp"
#include "steer/experiments/scenario.hpp"
#include "steer/planning/grid.hpp"
#include "steer/planning/harmonic_planner.hpp"
#include "steer/viz/field_image_writer.hpp"

namespace steer::experiments {
namespace {

namespace fs = std::filesystem;
using geometry::Vec2;
using viz::test::PngImage;

constexpr int kResolution = 96;  // 40 m × 30 m at 0.42 m cells: fast, still resolves the U

// The U-trap's field, computed once by the command and once here (the same solver and settings)
// for the oracle.
class FieldTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    out_ = fs::temp_directory_path() / ("steer_viz_field_" + std::to_string(::getpid()));
    fs::remove_all(out_);
    options_.resolution = kResolution;
    options_.out = out_.string();
    options_.width = 600;
    options_.height = 450;
    options_.quiet = true;
    status_ = fieldCommand(kScenario, options_);
    scenario_ = loadScenario(kScenario);
    auto p = readHarmonicPlannerParameters(scenario_);
    p.field.resolution = kResolution;
    const auto grid = planning::GridSpec::over(scenario_.world.bounds, kResolution);
    const auto raster = planning::rasterizeStaticObstacles(scenario_.world, grid,
                                                             planning::clearanceFor(p.field, scenario_.world));
    ASSERT_TRUE(planning::HarmonicFieldSet::staticTarget(scenario_.world.agents.at(0).goals.at(0), target_));
    field_ = planning::solveHarmonicField(planning::withTarget(raster, target_), p.field);
  }
  static constexpr const char* kScenario = STEER_SOURCE_DIR "/experiments/scenarios/u_trap.yaml";
  static fs::path out_;
  static FieldOptions options_;
  static int status_;
  static Scenario scenario_;
  static planning::TargetRegion target_;
  static planning::HarmonicField field_;
};
fs::path FieldTest::out_;
FieldOptions FieldTest::options_;
int FieldTest::status_ = -1;
Scenario FieldTest::scenario_;
planning::TargetRegion FieldTest::target_;
planning::HarmonicField FieldTest::field_;

int luminance(const viz::Rgb& c) { return (299 * c.r + 587 * c.g + 114 * c.b) / 1000; }

// The most frequent colour in the (2r+1)² patch around a pixel, other than the streamlines'
// white: the colour map's colour there.
viz::Rgb mapColourNear(const PngImage& png, const Vec2& pixel, int r = 3) {
  std::map<std::tuple<int, int, int>, int> votes;
  for (int dy = -r; dy <= r; ++dy)
    for (int dx = -r; dx <= r; ++dx) {
      const viz::Rgb c = png.at(int(std::lround(pixel.x())) + dx, int(std::lround(pixel.y())) + dy);
      if (c == viz::Rgb{255, 255, 255}) continue;
      ++votes[{c.r, c.g, c.b}];
    }
  std::tuple<int, int, int> best{255, 255, 255};
  int most = 0;
  for (const auto& [c, n] : votes)
    if (n > most) most = n, best = c;
  return {std::uint8_t(std::get<0>(best)), std::uint8_t(std::get<1>(best)), std::uint8_t(std::get<2>(best))};
}

TEST_F(FieldTest, PictureHasTheRequestedSizeAndIsNotBlank) {
  ASSERT_EQ(status_, 0);
  const PngImage png((out_ / "field.png").string());
  ASSERT_TRUE(png.valid());
  EXPECT_EQ(png.width(), 600);
  EXPECT_EQ(png.height(), 450);
  EXPECT_GT(png.distinctColours(), 60u) << "a colour map, its bar and streamlines show many colours";
}

TEST_F(FieldTest, TargetMarkerIsAtTheTarget) {
  ASSERT_EQ(status_, 0);
  const PngImage png((out_ / "field.png").string());
  ASSERT_TRUE(png.valid());
  const viz::Scene scene = fieldScene(scenario_, field_, target_, options_);
  const Vec2 p = viz::scenePixel(scene, target_.center);
  EXPECT_EQ(png.at(int(std::lround(p.x())), int(std::lround(p.y()))), kTargetColour);
  // The bottom of the U is drawn in the obstacle colour.
  const Vec2 wall = viz::scenePixel(scene, {3.0, 0.0});
  EXPECT_EQ(png.at(int(std::lround(wall.x())), int(std::lround(wall.y()))), kObstacleColour);
}

// Without a height the picture takes the grid's shape: the grid's corners reach the map's edges
// (left and bottom; the right at the colour bar's strip), where 900 × 700 left white bands.
TEST_F(FieldTest, WithoutAHeightThePictureTakesTheGridsShape) {
  FieldOptions o = options_;
  o.height = 0;
  const viz::Scene scene = fieldScene(scenario_, field_, target_, o);
  EXPECT_EQ(scene.width, 600);
  const Vec2 lowerLeft = viz::scenePixel(scene, scene.min), upperRight = viz::scenePixel(scene, scene.max);
  EXPECT_NEAR(lowerLeft.x(), 0.0, 1.5);
  EXPECT_NEAR(lowerLeft.y(), scene.height, 1.5);
  EXPECT_NEAR(upperRight.x(), 0.85 * scene.width, 1.5);
  EXPECT_GT(upperRight.y(), 10.0);  // below the title's strip
}

TEST_F(FieldTest, ColourMapRunsFromTheTargetEndToTheFarEnd) {
  ASSERT_EQ(status_, 0);
  const PngImage png((out_ / "field.png").string());
  ASSERT_TRUE(png.valid());
  const viz::Scene scene = fieldScene(scenario_, field_, target_, options_);
  ASSERT_TRUE(scene.field.has_value());
  // The U-trap's 1 − λ spans many orders of magnitude (the pocket of the U, the far corners):
  // the map is logarithmic, 0 at the target.
  EXPECT_EQ(scene.field->title, "log10(1 - lambda)");
  EXPECT_EQ(scene.field->valueMax, 0.0);
  EXPECT_LT(scene.field->valueMin, -3.0);
  const viz::Rgb nearTarget = mapColourNear(png, viz::scenePixel(scene, {11.8, 0.0}));
  for (const Vec2& far : {Vec2(-2.0, 0.0), Vec2(-18.5, 13.5), Vec2(-18.5, -13.5)}) {
    const viz::Rgb farColour = mapColourNear(png, viz::scenePixel(scene, far));
    EXPECT_NE(farColour, nearTarget) << far.transpose();
    // The map runs dark (low 1 − λ, far) to bright (the target end).
    EXPECT_GT(luminance(nearTarget), luminance(farColour) + 60) << far.transpose();
  }
}

// A field whose 1 − λ spans few orders of magnitude (the hidden target) takes the linear scale:
// 1 − λ, bright at the target as in the log scale (λ itself put the target at the dark end).
TEST(FieldScene, TheLinearScaleIsBrightAtTheTargetToo) {
  const Scenario scenario = loadScenario(STEER_SOURCE_DIR "/experiments/scenarios/hidden_target.yaml");
  auto p = readHarmonicPlannerParameters(scenario);
  p.field.resolution = kResolution;
  const auto grid = planning::GridSpec::over(scenario.world.bounds, kResolution);
  const auto raster =
      planning::rasterizeStaticObstacles(scenario.world, grid, planning::clearanceFor(p.field, scenario.world));
  planning::TargetRegion target;
  ASSERT_TRUE(planning::HarmonicFieldSet::staticTarget(scenario.world.agents.at(0).goals.at(0), target));
  const auto field = planning::solveHarmonicField(planning::withTarget(raster, target), p.field);
  FieldOptions o;
  o.width = 600;
  o.height = 450;
  const viz::Scene scene = fieldScene(scenario, field, target, o);
  ASSERT_TRUE(scene.field.has_value());
  ASSERT_EQ(scene.field->title, "1 - lambda") << "this field takes the linear scale";
  EXPECT_EQ(scene.field->valueMin, 0.0);
  EXPECT_EQ(scene.field->valueMax, 1.0);
  const auto valueAt = [&](const Vec2& x) {
    const int i = std::clamp(int(std::lround((x.x() - scene.field->origin.x()) / scene.field->spacing)), 0, scene.field->nx - 1);
    const int j = std::clamp(int(std::lround((x.y() - scene.field->origin.y()) / scene.field->spacing)), 0, scene.field->ny - 1);
    return scene.field->values[static_cast<std::size_t>(j) * scene.field->nx + i];
  };
  // 1 − λ is 1 at the target (the map's bright end) and falls away from it.
  EXPECT_GT(valueAt(target.center), 0.95);
  for (const Vec2& far : {Vec2(-18.0, 0.0), Vec2(-18.0, 18.0), Vec2(18.0, -18.0)})
    EXPECT_LT(valueAt(far), valueAt(target.center) - 0.2) << far.transpose();
}

TEST_F(FieldTest, StreamlinesCoverTheFreeSpace) {
  ASSERT_EQ(status_, 0);
  const PngImage png((out_ / "field.png").string());
  ASSERT_TRUE(png.valid());
  const viz::Scene scene = fieldScene(scenario_, field_, target_, options_);
  ASSERT_FALSE(scene.field->seeds.empty());
  // Inside the grid the background never shows: white pixels there are streamlines. Count them
  // in each quadrant of the world, so that lines from seeds spread over the free space show.
  const auto& b = scenario_.world.bounds;
  for (const Vec2& quadrantMin : {Vec2(b.min.x(), b.min.y()), Vec2(0, b.min.y()), Vec2(b.min.x(), 0), Vec2(0, 0)}) {
    const Vec2 lo = viz::scenePixel(scene, quadrantMin), hi = viz::scenePixel(scene, quadrantMin + Vec2(20, 15));
    std::size_t white = 0;
    for (int y = int(hi.y()) + 2; y < int(lo.y()) - 2; ++y)
      for (int x = int(lo.x()) + 2; x < int(hi.x()) - 2; ++x)
        if (png.at(x, y) == viz::Rgb{255, 255, 255}) ++white;
    EXPECT_GT(white, 200u) << "quadrant at " << quadrantMin.transpose();
  }
}

TEST_F(FieldTest, NoPngWritesNoPicture) {
  FieldOptions o = options_;
  o.png = false;
  o.out = (out_ / "no_png").string();
  ASSERT_EQ(fieldCommand(kScenario, o), 0);
  EXPECT_TRUE(fs::exists(fs::path(o.out) / "potential_0.vti"));
  EXPECT_FALSE(fs::exists(fs::path(o.out) / "field.png"));
}

// A .vti that cannot be written whole (a full disk; /dev/full stands in for it) is an error, and
// no cut-off file is left. VTK's writer returned success with the failure in its error code:
// `steer field` kept the cut-off file, wrote the summary and exited 0. (The command now writes
// into a staging folder of its own, where a link to /dev/full cannot be put, and moves the files
// in only when all are written.)
TEST_F(FieldTest, AFullDiskIsAFailureAndLeavesNoCutOffFile) {
  ASSERT_TRUE(fs::exists("/dev/full")) << "Linux's always-full device";
  const fs::path dir = out_ / "full_disk";
  fs::create_directories(dir);
  const fs::path vti = dir / "potential_0.vti";
  fs::create_symlink("/dev/full", vti);
  viz::FieldImage image;
  image.nx = image.ny = 64;
  image.scalars = {{"potential", std::vector<double>(64 * 64, 0.5)}};
  EXPECT_THROW(viz::writeFieldImage(vti.string(), image), std::runtime_error);
  EXPECT_FALSE(fs::exists(fs::symlink_status(vti)));
}

// The .vti: grid, λ, log(1 − λ) and ∇λ read back with vtkXMLImageDataReader to the in-memory
// field's numbers.
TEST_F(FieldTest, VtiReadsBackToTheField) {
  ASSERT_EQ(status_, 0);
  vtkNew<vtkXMLImageDataReader> reader;
  reader->SetFileName((out_ / "potential_0.vti").c_str());
  reader->Update();
  vtkImageData* image = reader->GetOutput();
  ASSERT_NE(image, nullptr);
  const auto& grid = field_.grid();
  int dims[3];
  image->GetDimensions(dims);
  ASSERT_EQ(dims[0], grid.nx);
  ASSERT_EQ(dims[1], grid.ny);
  double origin[3], spacing[3];
  image->GetOrigin(origin);
  image->GetSpacing(spacing);
  EXPECT_DOUBLE_EQ(origin[0], grid.center(0, 0).x());
  EXPECT_DOUBLE_EQ(origin[1], grid.center(0, 0).y());
  EXPECT_DOUBLE_EQ(spacing[0], grid.h);
  vtkDataArray* potential = image->GetPointData()->GetArray("potential");
  vtkDataArray* logU = image->GetPointData()->GetArray("log_complement");
  vtkDataArray* gradient = image->GetPointData()->GetArray("gradient");
  ASSERT_TRUE(potential && logU && gradient);
  // The cell's kind is a category, stored as UInt8 (it was Float64).
  vtkDataArray* cell = image->GetPointData()->GetArray("cell");
  ASSERT_NE(cell, nullptr);
  EXPECT_EQ(cell->GetDataType(), VTK_UNSIGNED_CHAR);
  for (int j = 0; j < grid.ny; ++j)
    for (int i = 0; i < grid.nx; ++i) {
      const std::size_t c = grid.index(i, j);
      EXPECT_EQ(cell->GetTuple1(static_cast<vtkIdType>(c)), static_cast<double>(field_.cells()[c]));
    }
  ASSERT_EQ(gradient->GetNumberOfComponents(), 3);
  ASSERT_EQ(gradient, image->GetPointData()->GetVectors()) << "the gradient is the active vector array";
  int finite = 0;
  for (int j = 0; j < grid.ny; ++j)
    for (int i = 0; i < grid.nx; ++i) {
      const auto c = static_cast<vtkIdType>(grid.index(i, j));
      EXPECT_DOUBLE_EQ(potential->GetTuple1(c), field_.potential(i, j));
      const double l = field_.logComplement()[grid.index(i, j)];
      if (std::isfinite(l)) {
        ++finite;
        EXPECT_DOUBLE_EQ(logU->GetTuple1(c), l);
        const Vec2 g = -std::exp(l) * field_.nodeLogGradient(i, j);
        EXPECT_DOUBLE_EQ(gradient->GetComponent(c, 0), g.x());
        EXPECT_DOUBLE_EQ(gradient->GetComponent(c, 1), g.y());
      } else {
        EXPECT_TRUE(std::isnan(logU->GetTuple1(c)));
        EXPECT_EQ(gradient->GetComponent(c, 0), 0.0);
        EXPECT_EQ(gradient->GetComponent(c, 1), 0.0);
      }
      EXPECT_EQ(gradient->GetComponent(c, 2), 0.0);
    }
  EXPECT_GT(finite, grid.nx * grid.ny / 2);
}

// The .vti's data follow its XML as raw LZ4 blocks (zlib and base64 took three quarters of a
// 4096² field's command): what the header declares, and no base64 text of the arrays.
TEST_F(FieldTest, VtiIsLz4CompressedRawAppendedData) {
  ASSERT_EQ(status_, 0);
  std::ifstream in(out_ / "potential_0.vti", std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("compressor=\"vtkLZ4DataCompressor\""), std::string::npos);
  EXPECT_NE(text.find("<AppendedData encoding=\"raw\">"), std::string::npos);
  EXPECT_EQ(text.find("encoding=\"base64\""), std::string::npos);
}

// The gradient array is the gradient of the potential array: against central differences of λ
// at nodes three cells from any wall and where λ is not rounded (1 − λ > 1e-3).
TEST_F(FieldTest, VtiGradientIsTheGradientOfThePotential) {
  ASSERT_EQ(status_, 0);
  vtkNew<vtkXMLImageDataReader> reader;
  reader->SetFileName((out_ / "potential_0.vti").c_str());
  reader->Update();
  vtkImageData* image = reader->GetOutput();
  vtkDataArray* potential = image->GetPointData()->GetArray("potential");
  vtkDataArray* gradient = image->GetPointData()->GetArray("gradient");
  ASSERT_TRUE(potential && gradient);
  const auto& grid = field_.grid();
  const auto& cells = field_.cells();
  auto free = [&](int i, int j) { return grid.inside(i, j) && cells[grid.index(i, j)] == planning::Cell::Free; };
  int checked = 0;
  for (int j = 1; j + 1 < grid.ny; ++j)
    for (int i = 1; i + 1 < grid.nx; ++i) {
      // Three free cells every way: next to a wall u = 1 − λ falls linearly to 0, where central
      // differences of log u (the field's gradient) and of λ part by far more than O(h²).
      bool clear = true;
      for (int b = -3; b <= 3 && clear; ++b)
        for (int a = -3; a <= 3 && clear; ++a) clear = free(i + a, j + b);
      if (!clear) continue;
      if (!(std::exp(field_.logComplement()[grid.index(i, j)]) > 1e-3)) continue;
      auto at = [&](int a, int b) { return potential->GetTuple1(static_cast<vtkIdType>(grid.index(a, b))); };
      const Vec2 fd((at(i + 1, j) - at(i - 1, j)) / (2 * grid.h), (at(i, j + 1) - at(i, j - 1)) / (2 * grid.h));
      const auto c = static_cast<vtkIdType>(grid.index(i, j));
      const Vec2 g(gradient->GetComponent(c, 0), gradient->GetComponent(c, 1));
      // Central differences of log(1 − λ) and of λ agree to second order in h.
      EXPECT_LT((g - fd).norm(), 0.05 * fd.norm() + 1e-6) << "node " << i << ", " << j;
      ++checked;
    }
  EXPECT_GT(checked, 1000);
}

}  // namespace
}  // namespace steer::experiments
