// Harmonic fields over rasterized worlds: no local minima in mazes and U-traps, even where the
// potential has fallen 100+ orders of magnitude.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "maps.hpp"
#include "steer/planning/harmonic_field.hpp"

namespace steer::planning {
namespace {

#ifdef STEER_SANITIZE_BUILD
constexpr int kMazeResolution = 192;  // the sanitizer build is ~20x slower
#else
constexpr int kMazeResolution = 320;
#endif

HarmonicField fieldFor(const sim::World& world, const sim::Vec3& target, int resolution, LaplaceSolver solver,
                       double clearance = 0.0) {
  HarmonicSettings s;
  s.resolution = resolution;
  s.clearance = clearance;
  s.solver.solver = solver;
  const GridSpec grid = GridSpec::over(world.bounds, resolution);
  return solveHarmonicField(withTarget(rasterizeStaticObstacles(world, grid, clearance),
                                       {TargetRegion::Kind::Disc, geometry::xy(target), 0.3, {}}),
                            s);
}

double minimumLog(const HarmonicField& f) {
  double m = 0.0;
  for (const double l : f.logComplement())
    if (std::isfinite(l)) m = std::min(m, l);
  return m;
}

// Follows the interpolated descent direction in small steps; true when it gets within
// `radius` of the target.
bool streamlineReaches(const HarmonicField& f, geometry::Vec2 p, const geometry::Vec2& target, double radius) {
  const double step = 0.25 * f.grid().h;
  for (int k = 0; k < 400000; ++k) {
    if ((p - target).norm() < radius) return true;
    const geometry::Vec2 d = f.descentDirection(p);
    if (d.norm() == 0.0) return false;
    p += step * d;
  }
  return false;
}

TEST(HarmonicField, SerpentineMazeHasNoLocalMinimaDespite100OrdersOfDecay) {
  // 6 corridors of 30 m × 1.5 m (20:1), 5 turns.
  const auto maze = test::serpentineMaze(5, 30.0, 1.5, 0.5);
  for (const auto solver : {LaplaceSolver::Sor, LaplaceSolver::Multigrid}) {
    const HarmonicField f = fieldFor(maze.world, maze.target, kMazeResolution, solver);
    EXPECT_TRUE(f.stats().converged);
    // The regime the representation is for: u = 1 − λ falls below 1e-100.
    EXPECT_LT(minimumLog(f), std::log(1e-100)) << solverName(solver);
    const LocalMinimaReport r = countLocalMinima(f);
    EXPECT_GT(r.freeCells, 5000);
    EXPECT_EQ(r.disconnected, 0);
    EXPECT_EQ(r.localMinima, 0) << solverName(solver);
    EXPECT_TRUE(streamlineReaches(f, geometry::xy(maze.start), geometry::xy(maze.target), 0.3));
  }
}

TEST(HarmonicField, LambdaItselfWouldBeFlatInTheMaze) {
  // Why the complement's logarithm is stored: λ = 1 − u rounds to exactly 1 far down the maze,
  // so a field stored as λ would have no descent direction there.
  const auto maze = test::serpentineMaze(5, 30.0, 1.5, 0.5);
  const HarmonicField f = fieldFor(maze.world, maze.target, 256, LaplaceSolver::Multigrid);
  const GridSpec& g = f.grid();
  const int si = static_cast<int>((maze.start.x() - g.origin.x()) / g.h);
  const int sj = static_cast<int>((maze.start.y() - g.origin.y()) / g.h);
  EXPECT_EQ(f.potential(si, sj), 1.0);
  EXPECT_GT(f.nodeDescent(si, sj).norm(), 0.5);
}

TEST(HarmonicField, RandomMazesHaveNoLocalMinima) {
  for (unsigned seed : {1u, 2u, 3u}) {
    const auto maze = test::randomMaze(8, 4.0, seed);
    const HarmonicField f = fieldFor(maze.world, maze.target, 256, LaplaceSolver::Multigrid);
    const LocalMinimaReport r = countLocalMinima(f);
    EXPECT_EQ(r.disconnected, 0) << seed;
    EXPECT_EQ(r.localMinima, 0) << seed;
    EXPECT_TRUE(streamlineReaches(f, geometry::xy(maze.start), geometry::xy(maze.target), 0.3)) << seed;
  }
}

TEST(HarmonicField, UTrapRoomHasNoLocalMinimaForAnySolver) {
  const auto trap = test::uTrap();
  for (const auto solver : {LaplaceSolver::GaussSeidel, LaplaceSolver::Sor, LaplaceSolver::Multigrid}) {
    const HarmonicField f = fieldFor(trap.world, trap.target, 96, solver, 0.5);
    const LocalMinimaReport r = countLocalMinima(f);
    EXPECT_EQ(r.localMinima, 0) << solverName(solver);
    EXPECT_TRUE(streamlineReaches(f, geometry::xy(trap.start), geometry::xy(trap.target), 0.3));
    // Deep inside the U the descent points out of the room (towards −x), not at the target.
    EXPECT_LT(f.descentDirection({6.0, 0.0}).x(), -0.5) << solverName(solver);
  }
}

TEST(HarmonicField, FieldsFromDifferentSolversAgree) {
  const auto trap = test::uTrap();
  const HarmonicField a = fieldFor(trap.world, trap.target, 128, LaplaceSolver::Sor);
  const HarmonicField b = fieldFor(trap.world, trap.target, 128, LaplaceSolver::Multigrid);
  for (std::size_t k = 0; k < a.logComplement().size(); ++k) {
    const double x = a.logComplement()[k], y = b.logComplement()[k];
    if (std::isfinite(x) || std::isfinite(y)) {
      EXPECT_NEAR(x, y, 1e-6 * std::max(1.0, std::abs(x)));
    }
  }
}

// The default clearance is the configuration space of the largest body; a value given is kept.
TEST(HarmonicField, AutoClearanceIsTheLargestAgentRadius) {
  sim::World w;
  HarmonicSettings s;
  EXPECT_EQ(s.clearance, HarmonicSettings::kAutoClearance);
  EXPECT_EQ(clearanceFor(s, w), 0.0);  // no agents
  for (double r : {0.3, 0.55, 0.4}) {
    sim::Agent a;
    a.radius = r;
    w.agents.push_back(a);
  }
  EXPECT_EQ(clearanceFor(s, w), 0.55);
  s.clearance = 0.1;
  EXPECT_EQ(clearanceFor(s, w), 0.1);
  s.clearance = 0.0;
  EXPECT_EQ(clearanceFor(s, w), 0.0);
}

// The scenario readers accept a target on the world's boundary. On the upper edges its centre
// floored to the cell index n, outside the grid, and a small disc covers no cell centre, so the
// target had no cell: the field was "converged" with every free cell cut off from it. Every
// point of the grid's closed rectangle now marks a cell, and the field leads there.
TEST(HarmonicField, ATargetOnTheWorldsEdgeHasACell) {
  sim::World w;
  w.bounds.min = sim::Vec3(-10, -5, 0);
  w.bounds.max = sim::Vec3(10, 5, 0);
  const GridSpec grid = GridSpec::over(w.bounds, 40);
  const Raster empty = rasterizeStaticObstacles(w, grid, 0.0);
  for (const geometry::Vec2& target : {geometry::Vec2(10, 0), geometry::Vec2(10, 5), geometry::Vec2(-10, -5),
                                      geometry::Vec2(0, 5), geometry::Vec2(3, 0)}) {
    SCOPED_TRACE(testing::Message() << target.transpose());
    const Raster r = withTarget(empty, {TargetRegion::Kind::Disc, target, 0.01, {}});
    EXPECT_EQ(std::count(r.cells.begin(), r.cells.end(), Cell::Target), 1);
    HarmonicSettings s;
    s.resolution = 40;
    const HarmonicField field = solveHarmonicField(r, s);
    const LocalMinimaReport report = countLocalMinima(field);
    EXPECT_EQ(report.disconnected, 0);
    EXPECT_EQ(report.localMinima, 0);
    // The target's potential is 0, not −0 (the .vti of `steer field` showed "-0" there).
    for (int j = 0; j < grid.ny; ++j)
      for (int i = 0; i < grid.nx; ++i)
        if (field.cells()[grid.index(i, j)] == Cell::Target) {
          EXPECT_EQ(field.potential(i, j), 0.0);
          EXPECT_FALSE(std::signbit(field.potential(i, j)));
        }
  }
}

// A sealed room's free cells have no path to the target. Pass 1 started them at 0.5 like every
// unknown, and a loose tolerance (or a tiny τ) accepted the residue as a potential: the room's
// cells read as reachable local minima, and an agent there "followed the field" into its wall.
// Oracle: the free cells whose centres lie inside the room, counted from the geometry.
TEST(HarmonicField, ASealedRoomIsCutOffWhateverTheSolversTolerance) {
  sim::World w;
  w.bounds = {sim::Vec3(-10, -10, -1), sim::Vec3(10, 10, 1)};
  const double lo = -6, hi = -2;  // the room: walls along the square [lo, hi]²
  for (const geometry::Segment& s : {geometry::Segment{{lo, lo}, {hi, lo}}, geometry::Segment{{hi, lo}, {hi, hi}},
                                     geometry::Segment{{hi, hi}, {lo, hi}}, geometry::Segment{{lo, hi}, {lo, lo}}})
    w.obstacles.push_back({s, {}});
  w.refreshPieces();
  const GridSpec grid = GridSpec::over(w.bounds, 64);
  const Raster raster = withTarget(rasterizeStaticObstacles(w, grid, 0.0), {TargetRegion::Kind::Disc, {6, 6}, 0.5, {}});
  std::int64_t inside = 0;
  for (int j = 0; j < grid.ny; ++j)
    for (int i = 0; i < grid.nx; ++i) {
      const geometry::Vec2 c = grid.center(i, j);
      if (raster.cells[grid.index(i, j)] == Cell::Free && c.x() > lo && c.x() < hi && c.y() > lo && c.y() < hi) ++inside;
    }
  ASSERT_GT(inside, 50);
  struct Case {
    LaplaceSolver solver;
    double tolerance, accept;
  };
  for (const Case c : {Case{LaplaceSolver::GaussSeidel, 1e-15, 1e-6}, Case{LaplaceSolver::GaussSeidel, 1e-3, 1e-6},
                       Case{LaplaceSolver::GaussSeidel, 1e-15, 1e-300}, Case{LaplaceSolver::Multigrid, 1.0, 1e-6}}) {
    SCOPED_TRACE(testing::Message() << solverName(c.solver) << " tolerance " << c.tolerance << " accept " << c.accept);
    HarmonicSettings s;
    s.resolution = 64;
    s.solver.solver = c.solver;
    s.solver.tolerance = c.tolerance;
    s.acceptThreshold = c.accept;
    const HarmonicField f = solveHarmonicField(raster, s);
    const LocalMinimaReport r = countLocalMinima(f);
    EXPECT_EQ(r.disconnected, inside);
    const int centre = static_cast<int>(std::floor((-4.0 - grid.origin.x()) / grid.h));  // the room's centre cell
    EXPECT_FALSE(f.reachable(centre, centre));
    // Nowhere in the room, also beside its walls, does the field give a direction.
    for (const geometry::Vec2& p : {geometry::Vec2(-4, -4), geometry::Vec2(-2.4, -4), geometry::Vec2(-4, -5.6)})
      EXPECT_TRUE(f.descentDirection(p).isZero()) << p.transpose();
  }
}

// A square spiral of 9 rings, 2 m apart, each open by a 1.6 m gap on alternate sides, the target
// at its centre: u = 1 − λ falls below e^−709 in the outer rings, where e^(log u − scale) of a
// cell near the target overflows. A later pass gave every accepted cell of its region's box
// that value, and red–black SOR's and the multigrid's fixed-node arithmetic (0·inf) made NaN of
// the solve: SOR "converged" with 8,437 cells in local minima, the multigrid stopped short.
TEST(HarmonicField, ASpiralDeeperThanDoublesRangeHasNoLocalMinima) {
  sim::World w;
  w.bounds = {sim::Vec3(-20, -20, -1), sim::Vec3(20, 20, 1)};
  for (int ring = 1; ring <= 9; ++ring) {
    const double r = 2.0 * ring, gapSide = ring % 2 == 1 ? -r : r;  // the gap's wall: x = ∓r
    w.obstacles.push_back({geometry::Segment{{-r, -r}, {r, -r}}, {}});
    w.obstacles.push_back({geometry::Segment{{-r, r}, {r, r}}, {}});
    w.obstacles.push_back({geometry::Segment{{-gapSide, -r}, {-gapSide, r}}, {}});
    w.obstacles.push_back({geometry::Segment{{gapSide, -r}, {gapSide, -0.8}}, {}});
    w.obstacles.push_back({geometry::Segment{{gapSide, 0.8}, {gapSide, r}}, {}});
  }
  w.refreshPieces();
#ifdef STEER_SANITIZE_BUILD
  constexpr int kResolution = 192;
#else
  constexpr int kResolution = 256;
#endif
  // (Gauss–Seidel updates its unknowns only, and was right; it takes 6 s here.)
  for (const auto solver : {LaplaceSolver::Sor, LaplaceSolver::Multigrid}) {
    SCOPED_TRACE(solverName(solver));
    const HarmonicField f = fieldFor(w, sim::Vec3(0, 0, 0), kResolution, solver, 0.3);  // agents of 0.3 m
    EXPECT_TRUE(f.stats().converged);
    EXPECT_LT(minimumLog(f), -709.0) << "the regime of the overflow";
    const LocalMinimaReport r = countLocalMinima(f);
    EXPECT_EQ(r.localMinima, 0);
    EXPECT_GT(r.freeCells, 10000);
    for (const double l : f.logComplement()) ASSERT_FALSE(std::isnan(l));
    EXPECT_TRUE(streamlineReaches(f, {-19, -19}, {0, 0}, 0.5));
  }
}

// In the band a clearance grows along a wall, an agent belongs to the side its nearest free cell
// is on. One on a sealed side's band was steered through the wall to the reachable cells beyond
// it (and counted as following the field, not as cut off).
TEST(HarmonicField, AnAgentInASealedSidesWallBandGetsNoDirection) {
  sim::World w;
  w.bounds = {sim::Vec3(-10, -10, -1), sim::Vec3(10, 10, 1)};
  w.obstacles.push_back({geometry::Segment{{0, -10}, {0, 10}}, {}});  // across the world
  w.refreshPieces();
  const HarmonicField f = fieldFor(w, sim::Vec3(5, 0, 0), 80, LaplaceSolver::Multigrid, 0.4);
  for (const double x : {-0.5, -0.45, -0.42, -1.0})
    EXPECT_TRUE(f.descentDirection({x, 0.1}).isZero()) << "x = " << x;
  for (const double x : {0.42, 0.45, 0.5}) {
    const geometry::Vec2 d = f.descentDirection({x, 0.1});
    EXPECT_GT(d.x(), 0.5) << "x = " << x << ": away from the wall, to the target's side";
  }
}

// A region goal need only reach into the world. One reaching far out had its centre outside
// the grid, the only cell withTarget forces, and a box narrower than a cell then got no target
// cell at all: an empty field, every cell cut off.
TEST(HarmonicField, ARegionReachingOutOfTheWorldHasATargetCell) {
  sim::World w;
  w.bounds = {sim::Vec3(-10, -10, -1), sim::Vec3(10, 10, 1)};
  const GridSpec grid = GridSpec::over(w.bounds, 16);  // cells of 1.25 m
  const Raster empty = rasterizeStaticObstacles(w, grid, 0.0);
  TargetRegion region{TargetRegion::Kind::Box, geometry::Vec2::Zero(), 0.0, {{9.9, -0.2}, {30, 0.2}}};
  const Raster r = withTarget(empty, region);
  ASSERT_EQ(std::count(r.cells.begin(), r.cells.end(), Cell::Target), 1);
  const auto at = static_cast<std::size_t>(std::find(r.cells.begin(), r.cells.end(), Cell::Target) - r.cells.begin());
  EXPECT_EQ(static_cast<int>(at % grid.nx), grid.nx - 1);  // the box's end inside the world
  HarmonicSettings s;
  s.resolution = 16;
  const LocalMinimaReport report = countLocalMinima(solveHarmonicField(r, s));
  EXPECT_EQ(report.disconnected, 0);
  EXPECT_EQ(report.localMinima, 0);
}

// A clearance many cells wide covers the whole grid: every cell is an obstacle's. Its cell
// range overflowed int (1e6 m over 1 cm cells) and the obstacle was left out of the grid.
TEST(HarmonicField, AClearanceWiderThanIntCellsStillCoversTheGrid) {
  sim::World w;
  w.bounds = {sim::Vec3(-0.005, -0.005, -1), sim::Vec3(0.005, 0.005, 1)};
  w.obstacles.push_back({geometry::Ball{sim::Vec3(0.002, 0.002, 0), 0.001}, {}});
  w.refreshPieces();
  const GridSpec grid = GridSpec::over(w.bounds, 64);
  for (const double clearance : {0.02, 1.0, 1e6}) {
    const Raster r = rasterizeStaticObstacles(w, grid, clearance);
    EXPECT_EQ(std::count(r.cells.begin(), r.cells.end(), Cell::Free), 0) << "clearance " << clearance;
  }
}

// Far outside the grid no cell answers: the direction is zero, whatever the distance (an agent
// 1e8 m away overflowed an int cast: undefined behaviour, stopped by UBSan), and just outside it
// the search still finds the grid.
TEST(HarmonicField, FarOutsideTheGridTheDirectionIsZero) {
  sim::World w;
  w.bounds = {sim::Vec3(-10, -10, -1), sim::Vec3(10, 10, 1)};
  const HarmonicField f = fieldFor(w, sim::Vec3(5, 0, 0), 64, LaplaceSolver::Multigrid);
  for (const double far : {1e3, 1e8, 1e12, 1e300})
    for (const geometry::Vec2& p : {geometry::Vec2(far, 0), geometry::Vec2(-far, 3), geometry::Vec2(0, -far)})
      EXPECT_TRUE(f.descentDirection(p).isZero()) << p.transpose();
  EXPECT_FALSE(f.descentDirection({10.2, 0}).isZero()) << "just outside, the nearest cells answer";
}

}  // namespace
}  // namespace steer::planning
