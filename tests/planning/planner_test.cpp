// Planners on the U-shaped trap of Goldenstein Fig. 7 and the hybrid automaton's guards.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <new>
#include <thread>
#include <vector>
#include <random>
#include <limits>

#include "maps.hpp"
#include "steer/geometry/distance.hpp"
#include "steer/environment/brute_force_provider.hpp"
#include "steer/planning/direct_planner.hpp"
#include "steer/planning/field_planner.hpp"
#include "steer/planning/field_cache.hpp"
#include "steer/planning/harmonic_planner.hpp"
#include "steer/planning/hybrid_planner.hpp"
#include "steer/sim/simulation.hpp"

// The largest block asked of operator new since it was last reset (FieldCache.ADamagedEntry...).
namespace allocation_probe {
std::atomic<std::size_t> largestNew{0};
}
void* operator new(std::size_t n) {
  std::size_t seen = allocation_probe::largestNew.load(std::memory_order_relaxed);
  while (n > seen && !allocation_probe::largestNew.compare_exchange_weak(seen, n, std::memory_order_relaxed)) {
  }
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
// The replacement pair is malloc/free; GCC's check cannot see that new above is malloc.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace steer::planning {
namespace {

// A test double of a local layer that respects walls: it moves along the goal direction at the
// desired speed and slides along any static obstacle piece it would otherwise penetrate. It
// has no avoidance of its own, so it gets stuck where the planner leads it into a dead end —
// the situation of Fig. 7 — while never crossing a wall.
class SlidingModel final : public sim::LocalModel {
 public:
  std::string_view name() const override { return "sliding"; }
  sim::AgentState advance(const sim::StepInput& in) const override {
    sim::AgentState next = in.agent.state;
    if (in.goalDirection.squaredNorm() == 0.0) return next.speed = 0.0, next;
    next.direction = in.goalDirection;
    next.speed = sim::desiredSpeedOf(in.world, in.agent);
    sim::Vec3 p = in.agent.state.position + in.dt * next.speed * next.direction;
    for (int pass = 0; pass < 3; ++pass)
      for (const auto& piece : in.world.pieces()) {
        const sim::Vec3 q = sim::closestPointOnPiece(piece, p);
        const sim::Vec3 away = p - q;
        const double d = away.norm();
        if (d < in.agent.radius && d > 1e-12) p = q + away * (in.agent.radius / d);
      }
    next.position = p;
    return next;
  }
};

struct RunResult {
  bool reached = false;
  double minClearance = 1e9;  // body surface to the nearest wall over the run (m)
  double maxX = -1e9;          // the farthest the agent got towards the target (m)
  sim::Vec3 end = sim::Vec3::Zero();
  std::vector<std::string> modes;
};

RunResult runTrap(std::unique_ptr<sim::LocalModel> model, std::unique_ptr<sim::Planner> planner, double duration) {
  auto trap = test::uTrap();
  sim::Agent a;
  a.radius = 0.4;
  a.desiredSpeed = 1.3;
  a.state.position = trap.start;
  sim::Goal g;
  g.target.point = trap.target;
  a.goals.push_back(g);
  trap.world.agents.push_back(a);
  sim::SimulationSettings settings;
  settings.dt = 0.05;
  settings.duration = duration;
  sim::Simulation simulation(trap.world, settings, std::move(model), std::make_unique<environment::BruteForceProvider>(),
                             std::move(planner));
  RunResult result;
  simulation.start();
  while (!simulation.finished()) {
    simulation.step();
    const sim::Agent& agent = simulation.world().agents[0];
    if (!agent.enabled) break;
    for (const auto& piece : simulation.world().pieces())
      result.minClearance = std::min(result.minClearance, sim::distanceToPiece(piece, agent.state.position) - agent.radius);
    result.maxX = std::max(result.maxX, agent.state.position.x());
    result.end = agent.state.position;
    const std::string mode(simulation.planner().mode(0));
    if (result.modes.empty() || result.modes.back() != mode) result.modes.push_back(mode);
  }
  result.reached = simulation.world().agents[0].finishTime >= 0.0;
  return result;
}

HarmonicPlannerParameters harmonicParameters(double clearance) {
  HarmonicPlannerParameters p;
  p.field.resolution = 160;
  p.field.clearance = clearance;
  return p;
}

// Trapped, not stuck at the start or lost elsewhere: the agent walks into the U (Fig. 7's room,
// x in (0, 8), |y| < 4) up to its back wall and is still inside it at the end.
TEST(UTrap, DirectPlannerStaysTrapped) {
  const RunResult r = runTrap(std::make_unique<SlidingModel>(), std::make_unique<DirectPlanner>(), 60.0);
  EXPECT_FALSE(r.reached);
  EXPECT_GT(r.maxX, 7.0) << "it reached the back wall (x = 8)";
  EXPECT_LT(r.maxX, 8.0) << "and never went through it";
  EXPECT_GT(r.end.x(), 0.0);
  EXPECT_LT(std::abs(r.end.y()), 4.0) << "still between the arms at the end: " << r.end.transpose();
  EXPECT_GT(r.minClearance, -1e-9);
}

TEST(UTrap, HarmonicPlannerReachesWithoutTouchingAWall) {
  // The straight model ignores obstacles entirely: only the field keeps the agent clear.
  const RunResult r = runTrap(std::make_unique<sim::StraightModel>(), std::make_unique<HarmonicPlanner>(harmonicParameters(0.6)), 60.0);
  EXPECT_TRUE(r.reached);
  EXPECT_GT(r.minClearance, 0.0);
  EXPECT_NE(std::find(r.modes.begin(), r.modes.end(), "field"), r.modes.end());
}

TEST(UTrap, HarmonicPlannerWithWallRespectingModel) {
  const RunResult r = runTrap(std::make_unique<SlidingModel>(), std::make_unique<HarmonicPlanner>(harmonicParameters(0.6)), 60.0);
  EXPECT_TRUE(r.reached);
  EXPECT_GT(r.minClearance, 1e-3);
}

TEST(UTrap, HybridDefaultAutomatonEscapesWithoutAField) {
  HybridPlannerParameters p;  // seekOrEscape(): seek / escape, no field
  auto planner = std::make_unique<HybridPlanner>(p);
  const RunResult r = runTrap(std::make_unique<SlidingModel>(), std::move(planner), 120.0);
  EXPECT_TRUE(r.reached);
  ASSERT_GE(r.modes.size(), 3u);
  EXPECT_EQ(r.modes[0], "seek");
  EXPECT_EQ(r.modes[1], "escape");
  EXPECT_EQ(r.modes.back(), "seek");
}

// Guards, one at a time, on a hand-moved agent.
struct GuardRig {
  sim::World world;
  environment::BruteForceProvider provider;
  std::vector<sim::Vec3> goals;
  GuardRig() {
    world = test::uTrap().world;
    sim::Agent a;
    a.radius = 0.4;
    a.state.position = sim::Vec3(7.0, 0, 0);  // inside the U, the target hidden behind its back
    sim::Goal g;
    g.target.point = test::uTrap().target;
    a.goals.push_back(g);
    world.agents.push_back(a);
    goals.assign(1, sim::Vec3::Zero());
  }
  void at(double t, const sim::Vec3& p, HybridPlanner& planner) {
    world.time = t;
    world.agents[0].state.position = p;
    planner.plan(world, provider, goals);
  }
};

// The field planners live on a grid of the x-y plane: in a 3D world built in code they refuse it
// (the harmonic planner ran, its agents following flat streamlines; the readers refuse such files).
TEST(Planners, TheFieldPlannersRefuseA3DWorld) {
  sim::World w;
  w.dimension = 3;
  w.bounds = {sim::Vec3(-10, -10, -10), sim::Vec3(10, 10, 10)};
  sim::Agent a;
  sim::Goal g;
  g.target.point = sim::Vec3(5, 0, 2);
  a.goals = {g};
  w.agents.push_back(a);
  HarmonicPlannerParameters harmonic;
  harmonic.field.resolution = 16;
  EXPECT_THROW(HarmonicPlanner(harmonic).prepare(w), std::invalid_argument);
  EXPECT_THROW(FieldPlanner(FieldPlannerParameters{}).prepare(w), std::invalid_argument);
  w.dimension = 2;
  w.agents[0].goals[0].target.point.z() = 0.0;
  EXPECT_NO_THROW(HarmonicPlanner(harmonic).prepare(w));
}

TEST(HybridPlanner, ProgressGuardFiresOnlyAfterItsWindow) {
  GuardRig rig;
  HybridPlanner planner({});
  planner.prepare(rig.world);
  for (double t = 0.0; t < 2.9; t += 0.1) {
    rig.at(t, sim::Vec3(7.0, 0, 0), planner);
    EXPECT_EQ(planner.mode(0), "seek") << t;
  }
  rig.at(3.05, sim::Vec3(7.0, 0, 0), planner);
  EXPECT_EQ(planner.mode(0), "escape");
  ASSERT_EQ(planner.modeChanges().size(), 1u);
  EXPECT_NEAR(planner.modeChanges()[0].time, 3.05, 1e-12);
}

TEST(HybridPlanner, ProgressGuardDoesNotFireWhileApproaching) {
  GuardRig rig;
  HybridPlanner planner({});
  planner.prepare(rig.world);
  // Moving towards the target at 0.5 m/s: 1.5 m per 3 s window, above the 0.5 m threshold.
  for (double t = 0.0; t < 6.0; t += 0.1) {
    rig.at(t, sim::Vec3(-10.0 + 0.5 * t, 0, 0), planner);
    EXPECT_EQ(planner.mode(0), "seek") << t;
  }
}

TEST(HybridPlanner, VisibilityAndTimeGuardsReturnToSeek) {
  GuardRig rig;
  HybridPlanner planner({});
  planner.prepare(rig.world);
  for (double t = 0.0; t <= 3.05; t += 0.05) rig.at(t, sim::Vec3(7.0, 0, 0), planner);
  ASSERT_EQ(planner.mode(0), "escape");
  // The escape direction keeps the wall on the left: at the back wall it heads for −y.
  EXPECT_LT(rig.goals[0].y(), -0.5);
  // Target in sight (beside the U, level with the target) but the mode is younger than 1 s.
  rig.at(3.5, sim::Vec3(12.0, -8.0, 0), planner);
  EXPECT_EQ(planner.mode(0), "escape");
  rig.at(4.1, sim::Vec3(12.0, -8.0, 0), planner);
  EXPECT_EQ(planner.mode(0), "seek");
}

// The guards measure the way to the current goal: when a goal is done and the next begins, the
// automaton starts again. (The distance history spanned both goals, so "no progress" fired the
// moment the first was reached: the jump to the farther second goal looked like going back.)
TEST(HybridPlanner, ANewGoalStartsTheAutomatonAgain) {
  GuardRig rig;
  auto& agent = rig.world.agents[0];
  agent.goals[0].target.point = sim::Vec3(-10, 0, 0);  // in the open, left of the U
  sim::Goal next;
  next.target.point = sim::Vec3(-12, 10, 0);
  agent.goals.push_back(next);
  agent.state.position = sim::Vec3(-12, 0, 0);
  HybridPlanner planner({});
  planner.prepare(rig.world);
  for (double t = 0.0; t < 2.99; t += 0.05) rig.at(t, sim::Vec3(-12 + 0.6 * t, 0, 0), planner);
  agent.goalIndex = 1;  // reached at (−10.2, 0): the second goal begins
  for (double t = 3.0; t < 8.0; t += 0.05) {
    rig.at(t, sim::Vec3(-10.2, 0.6 * (t - 3.0), 0), planner);  // heading for it
    EXPECT_EQ(planner.mode(0), "seek") << t;
  }
  EXPECT_TRUE(planner.modeChanges().empty());
}

// An idle goal, or none left for an agent that stays, has no place to approach: no guard applies
// and the agent keeps still (it went off following walls every few seconds).
TEST(HybridPlanner, AnAgentWithNothingToApproachKeepsStill) {
  GuardRig rig;
  auto& agent = rig.world.agents[0];
  sim::Goal idle;
  idle.kind = sim::Goal::Kind::Idle;
  idle.timeDuration = 100.0;
  agent.goals.assign(1, idle);
  HybridPlanner planner({});
  planner.prepare(rig.world);
  for (double t = 0.0; t < 10.0; t += 0.05) {
    rig.at(t, sim::Vec3(7.0, 0, 0), planner);
    EXPECT_EQ(rig.goals[0], sim::Vec3::Zero()) << t;
  }
  agent.goals.clear();  // none left (the agent stays)
  for (double t = 10.0; t < 20.0; t += 0.05) {
    rig.at(t, sim::Vec3(7.0, 0, 0), planner);
    EXPECT_EQ(rig.goals[0], sim::Vec3::Zero()) << t;
  }
  EXPECT_TRUE(planner.modeChanges().empty());
}

TEST(HybridPlanner, AutomatonValidation) {
  HybridAutomaton a = HybridAutomaton::seekOrEscape();
  EXPECT_EQ(a.validate(), "");
  a.transitions.push_back({"seek", "nowhere", {{HybridGuard::Kind::TargetVisible, 0, 0}}});
  EXPECT_NE(a.validate(), "");
  HybridPlannerParameters p;
  p.automaton = a;
  EXPECT_THROW(HybridPlanner{p}, std::invalid_argument);
}

// The mode says which direction an agent got: "field" (target hidden, the field leads), "sight"
// (target in clear sight) or "direct" (the field cannot lead: a moving target, or a place cut
// off from the target). The last was reported as "sight" with the target hidden.
TEST(HarmonicPlanner, TheModeSaysWhereTheDirectionCameFrom) {
  auto trap = test::uTrap();
  // A closed box of walls far from the U, with an agent inside: cut off from the target.
  const std::vector<geometry::Segment> box = {
      {{-16, 10}, {-12, 10}}, {{-12, 10}, {-12, 14}}, {{-12, 14}, {-16, 14}}, {{-16, 14}, {-16, 10}}};
  for (const auto& s : box) trap.world.obstacles.push_back({s, {}});
  trap.world.refreshPieces();
  // Agent 4 is walled in too, but beside the box's wall: the reachable cells outside lie within
  // the fallback's search for an agent inside an inflated obstacle, which led it into the wall
  // and called that following the field.
  const sim::Vec3 positions[] = {sim::Vec3(6, 0, 0), sim::Vec3(12, -6, 0), sim::Vec3(-14, 12, 0), sim::Vec3(-10, -10, 0),
                                 sim::Vec3(-12.7, 12, 0)};
  for (std::size_t k = 0; k < 5; ++k) {
    sim::Agent a;
    a.id = static_cast<sim::AgentIndex>(k);
    a.radius = 0.4;
    a.state.position = positions[k];
    sim::Goal g;
    g.target.point = trap.target;
    if (k == 3) {  // a target moving along a path: no static field
      g.target.kind = sim::Target::Kind::Path;
      g.target.path.waypoints = {sim::Vec3(14, 0, 0), sim::Vec3(14, 10, 0)};
      g.target.path.speed = 1.0;
    }
    a.goals.push_back(g);
    trap.world.agents.push_back(a);
  }
  HarmonicPlanner planner(harmonicParameters(0.4));
  planner.prepare(trap.world);
  environment::BruteForceProvider provider;
  provider.reset(trap.world);
  std::vector<sim::Vec3> goals(5, sim::Vec3::Zero());
  planner.plan(trap.world, provider, goals);
  EXPECT_EQ(planner.mode(0), "field");   // inside the U, the target behind its back wall
  EXPECT_EQ(planner.mode(1), "sight");   // beside the U, in the open
  EXPECT_EQ(planner.mode(2), "direct");  // walled in
  EXPECT_EQ(planner.mode(3), "direct");  // moving target
  EXPECT_EQ(planner.mode(4), "direct");  // walled in, beside the wall
  // The report counts the two walled-in agents (not the one with a moving target).
  double cutOff = -1;
  for (const auto& f : planner.report())
    if (f.name == "agents_cut_off_at_start") cutOff = f.value;
  EXPECT_EQ(cutOff, 2.0);
  EXPECT_LT(goals[0].x(), 0.0);          // the field leads out of the U first
}

TEST(HarmonicPlanner, OneFieldPerDistinctTargetAndCacheReuse) {
  auto trap = test::uTrap();
  for (int k = 0; k < 4; ++k) {
    sim::Agent a;
    a.id = static_cast<sim::AgentIndex>(k);
    a.state.position = sim::Vec3(-10, -3 + 2 * k, 0);
    sim::Goal g;
    g.target.point = k < 3 ? trap.target : sim::Vec3(-15, 15, 0);
    a.goals.push_back(g);
    trap.world.agents.push_back(a);
  }
  const auto dir = std::filesystem::path(STEER_BINARY_DIR) / "planning_test_cache";
  std::filesystem::remove_all(dir);
  HarmonicPlannerParameters p = harmonicParameters(0.4);
  p.field.resolution = 64;
  p.cacheDir = dir;
  HarmonicPlanner first(p);
  first.prepare(trap.world);
  EXPECT_EQ(first.fields().fieldCount(), 2u);
  EXPECT_EQ(first.fields().cacheHits(), 0u);
  HarmonicPlanner second(p);
  second.prepare(trap.world);
  EXPECT_EQ(second.fields().cacheHits(), 2u);
  // The cached field is the solved one.
  const auto* a = first.fields().fieldFor(trap.world, trap.world.agents[0]);
  const auto* b = second.fields().fieldFor(trap.world, trap.world.agents[0]);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(a->logComplement(), b->logComplement());
  // A changed obstacle changes the key.
  trap.world.obstacles.push_back({geometry::Ball{sim::Vec3(-15, -15, 0), 1.0}, {}});
  trap.world.refreshPieces();
  HarmonicPlanner third(p);
  third.prepare(trap.world);
  EXPECT_EQ(third.fields().cacheHits(), 0u);
  std::filesystem::remove_all(dir);
}

}  // namespace
namespace {
// The U trap with one agent seeking its target, and that target's field solved (no cache).
struct TrapField {
  test::UTrap trap = test::uTrap();
  std::unique_ptr<HarmonicPlanner> solver;
  const HarmonicField* field = nullptr;
  explicit TrapField(int resolution) {
    sim::Agent a;
    a.state.position = sim::Vec3(-10, -3, 0);
    sim::Goal g;
    g.target.point = trap.target;
    a.goals.push_back(g);
    trap.world.agents.push_back(a);
    HarmonicPlannerParameters p = harmonicParameters(0.4);
    p.field.resolution = resolution;
    solver = std::make_unique<HarmonicPlanner>(p);
    solver->prepare(trap.world);
    field = solver->fields().fieldFor(trap.world, trap.world.agents[0]);
  }
};
}  // namespace

// Several writers storing the same field at once (threads here; processes, e.g. the ranks of an
// MPI sweep, behave alike): each writes its own temporary file and renames it into place, so the
// entry is intact afterwards and no temporary file is left behind.
TEST(FieldCache, ConcurrentWritersOfOneFieldLeaveOneIntactEntry) {
  const TrapField solved(48);  // no cache: solve once, then store it from many threads
  const HarmonicField* field = solved.field;
  ASSERT_NE(field, nullptr);
  const auto dir = std::filesystem::path(STEER_BINARY_DIR) / "planning_test_cache_concurrent";
  std::filesystem::remove_all(dir);
  constexpr std::uint64_t kKey = 0x5eed;
  std::vector<std::thread> writers;
  for (int t = 0; t < 8; ++t)
    writers.emplace_back([&] {
      for (int k = 0; k < 5; ++k) storeCachedField(dir, kKey, *field);
    });
  for (auto& w : writers) w.join();
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    ++files;
    EXPECT_EQ(e.path().extension(), ".bin") << e.path();
  }
  EXPECT_EQ(files, 1);
  const auto loaded = loadCachedField(dir, kKey);
  ASSERT_TRUE(loaded.has_value());
  EXPECT_EQ(loaded->logComplement(), field->logComplement());
  EXPECT_EQ(loaded->cells(), field->cells());
  std::filesystem::remove_all(dir);
}

// Every setting that changes a solved field changes the cache key (the SOR ordering did not: a
// field solved in one order was handed out for the other, 1e-11 apart, breaking bit-identity).
TEST(FieldCache, EverySettingThatChangesTheFieldChangesTheKey) {
  auto trap = test::uTrap();
  const GridSpec grid = GridSpec::over(trap.world.bounds, 16);
  const Raster r = withTarget(rasterizeStaticObstacles(trap.world, grid, 0.4),
                              {TargetRegion::Kind::Disc, geometry::xy(trap.target), 0.3, {}});
  const HarmonicSettings base;
  std::vector<HarmonicSettings> changed(7, base);
  changed[0].solver.solver = LaplaceSolver::Sor;
  changed[1].solver.tolerance = 1e-12;
  changed[2].solver.omega = 1.5;
  changed[3].solver.maxIterations = 1000;
  changed[4].solver.sorOrdering = SorOrdering::Lexicographic;
  changed[5].acceptThreshold = 1e-5;
  changed[6].maxPasses = base.maxPasses + 1;
  for (std::size_t k = 0; k < changed.size(); ++k) EXPECT_NE(fieldKey(r, changed[k]), fieldKey(r, base)) << k;
  Raster moved = r;
  moved.cells[moved.cells.size() / 2] = moved.cells[moved.cells.size() / 2] == Cell::Free ? Cell::Obstacle : Cell::Free;
  EXPECT_NE(fieldKey(moved, base), fieldKey(r, base));
  EXPECT_EQ(fieldKey(r, base), fieldKey(r, HarmonicSettings{}));
}

// A cache entry damaged on disk (a changed byte anywhere, a cut-off or lengthened file) is not
// loaded, so the planner solves the field again: format 2 loaded any file of the right length,
// a NaN or a flipped cell included. Any one changed byte changes the FNV-1a checksum (each of
// its steps is a bijection of the hash), so every byte position is tried.
TEST(FieldCache, ADamagedEntryIsNotLoaded) {
  const TrapField solved(16);
  const HarmonicField* field = solved.field;
  ASSERT_NE(field, nullptr);
  const auto dir = std::filesystem::path(STEER_BINARY_DIR) / "planning_test_cache_damaged";
  std::filesystem::remove_all(dir);
  constexpr std::uint64_t kKey = 0xda3a9ed;
  storeCachedField(dir, kKey, *field);
  ASSERT_TRUE(loadCachedField(dir, kKey).has_value());
  const auto file = std::filesystem::directory_iterator(dir)->path();
  std::string bytes;
  {
    std::ifstream in(file, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  const auto write = [&](const std::string& content) { std::ofstream(file, std::ios::binary) << content; };
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    std::string damaged = bytes;
    damaged[at] = static_cast<char>(damaged[at] ^ (1 << (at % 8)));
    write(damaged);
    ASSERT_FALSE(loadCachedField(dir, kKey).has_value()) << "byte " << at << " of " << bytes.size();
  }
  write(bytes.substr(0, bytes.size() - 1));
  EXPECT_FALSE(loadCachedField(dir, kKey).has_value()) << "cut off";
  write(bytes + '\0');
  EXPECT_FALSE(loadCachedField(dir, kKey).has_value()) << "lengthened";
  // A grid size the file cannot hold (8000 x 8000 cells, 576 MB) is refused before anything is
  // allocated: it was allocated (46340² asked for 19 GB) and only then found short. Seen by the
  // largest block asked of operator new while loading.
  {
    std::string huge = bytes;
    const std::int32_t side = 8000;
    static_assert(sizeof(GridSpec::nx) == sizeof side);
    std::memcpy(huge.data() + 40, &side, sizeof side);  // nx, then ny (after magic, key, origin, h)
    std::memcpy(huge.data() + 44, &side, sizeof side);
    write(huge);
    allocation_probe::largestNew = 0;
    EXPECT_FALSE(loadCachedField(dir, kKey).has_value()) << "grid larger than the file";
    EXPECT_LT(allocation_probe::largestNew.load(), std::size_t{1} << 20) << "bytes in one allocation";
  }
  write(bytes);
  const auto loaded = loadCachedField(dir, kKey);
  ASSERT_TRUE(loaded.has_value());
  EXPECT_EQ(loaded->logComplement(), field->logComplement());
  std::filesystem::remove_all(dir);
}

// The field planner leads agents on their way somewhere (seek, region) along the designer's
// field; an idle agent stands and fleeing or flowing ones keep their own direction, as under the
// harmonic planner. An idle agent walked along a uniform wind out of the world.
TEST(FieldPlanner, OnlySeekAndRegionGoalsFollowTheField) {
  FieldPlannerParameters p;
  p.field.origin = geometry::Vec2(-10, -10);
  p.field.spacing = 20;
  p.field.nx = p.field.ny = 2;
  p.field.vectors.assign(4, geometry::Vec2(1, 0));  // a uniform wind towards +x
  FieldPlanner planner(p);
  sim::World w;
  w.bounds = {sim::Vec3(-10, -10, -1), sim::Vec3(10, 10, 1)};
  const auto add = [&](sim::Goal g) {
    sim::Agent a;
    a.id = static_cast<sim::AgentIndex>(w.agents.size());
    a.goals.push_back(g);
    w.agents.push_back(a);
  };
  sim::Goal seek;
  seek.target.point = sim::Vec3(0, 5, 0);
  add(seek);
  sim::Goal region;
  region.kind = sim::Goal::Kind::SeekRegion;
  region.region = {{-1, 4}, {1, 6}};
  add(region);
  sim::Goal idle;
  idle.kind = sim::Goal::Kind::Idle;
  idle.timeDuration = 10;
  add(idle);
  sim::Goal flee;
  flee.kind = sim::Goal::Kind::Flee;
  flee.target.point = sim::Vec3(-3, 0, 0);
  flee.timeDuration = 10;
  add(flee);
  sim::Goal flow;
  flow.kind = sim::Goal::Kind::FlowDirection;
  flow.direction = sim::Vec3(0, 1, 0);
  flow.timeDuration = 10;
  add(flow);
  planner.prepare(w);
  environment::BruteForceProvider provider;
  provider.reset(w);
  std::vector<sim::Vec3> goals(w.agents.size(), sim::Vec3::Constant(7));
  planner.plan(w, provider, goals);
  EXPECT_TRUE(goals[0].isApprox(sim::Vec3(1, 0, 0))) << goals[0].transpose();
  EXPECT_TRUE(goals[1].isApprox(sim::Vec3(1, 0, 0))) << goals[1].transpose();
  for (std::size_t i = 2; i < goals.size(); ++i)
    EXPECT_EQ(goals[i], sim::directGoalDirection(w, w.agents[i])) << i;
  EXPECT_TRUE(goals[2].isZero());
  EXPECT_GT(goals[3].x(), 0.9);  // away from (−3, 0)
  EXPECT_GT(goals[4].y(), 0.9);
}

// A field's vectors give directions whatever their size: one of 1e200 (its squared length
// overflows) came out as no direction, and the agent stood still.
TEST(FieldPlanner, HugeVectorsStillGiveTheirDirection) {
  for (const double size : {1e-6, 1.0, 1e200, 1e300}) {
    FieldPlannerParameters p;
    p.field.origin = geometry::Vec2(-10, -10);
    p.field.spacing = 20;
    p.field.nx = p.field.ny = 2;
    p.field.vectors.assign(4, geometry::Vec2(0.6, -0.8) * size);
    FieldPlanner planner(p);
    sim::World w;
    w.bounds = {sim::Vec3(-10, -10, -1), sim::Vec3(10, 10, 1)};
    sim::Agent a;
    a.goals.push_back(sim::Goal{});
    a.goals.back().target.point = sim::Vec3(0, 5, 0);
    w.agents.push_back(a);
    planner.prepare(w);
    environment::BruteForceProvider provider;
    provider.reset(w);
    std::vector<sim::Vec3> goals(1, sim::Vec3::Zero());
    planner.plan(w, provider, goals);
    EXPECT_TRUE(goals[0].isApprox(sim::Vec3(0.6, -0.8, 0))) << size << ": " << goals[0].transpose();
  }
}

}  // namespace steer::planning

namespace steer::planning {

// clearSight's first test (the walls' boxes) leaves its answer as the scan of every wall gives
// it: random sight lines among random walls, radii from 0 to 1 m, paths touching walls by a hair.
TEST(HarmonicFieldSet, ClearSightAgreesWithTheScanOfEveryWall) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> coordinate(-20.0, 20.0), unit(0.0, 1.0);
  sim::World w;
  w.bounds = {sim::Vec3(-25, -25, -1), sim::Vec3(25, 25, 1)};
  std::vector<geometry::Segment> walls;
  for (int k = 0; k < 60; ++k) {
    const geometry::Vec2 a(coordinate(rng), coordinate(rng));
    const geometry::Vec2 b = a + 3.0 * geometry::Vec2(unit(rng) - 0.5, unit(rng) - 0.5);
    walls.push_back({a, b});
    w.obstacles.push_back({walls.back(), {}});
  }
  w.refreshPieces();
  HarmonicSettings settings;
  settings.resolution = 32;
  HarmonicFieldSet set(settings, "");
  set.prepare(w);
  int blocked = 0;
  for (int q = 0; q < 4000; ++q) {
    const geometry::Vec2 from(coordinate(rng), coordinate(rng));
    const geometry::Vec2 to = q % 2 ? geometry::Vec2(coordinate(rng), coordinate(rng)) : from + geometry::Vec2(unit(rng), unit(rng));
    double radius = unit(rng);
    if (q % 7 == 0) {  // exactly as far from a wall as the nearest wall is: the boundary case
      radius = std::numeric_limits<double>::infinity();
      for (const auto& wall : walls) radius = std::min(radius, geometry::segmentDistance({from, to}, wall));
    }
    bool clear = true;
    for (const auto& wall : walls) clear = clear && geometry::segmentDistance({from, to}, wall) > radius;
    EXPECT_EQ(set.clearSight(from, to, radius), clear) << q;
    blocked += clear ? 0 : 1;
  }
  EXPECT_GT(blocked, 500);
  EXPECT_LT(blocked, 3500);
}

}  // namespace steer::planning
