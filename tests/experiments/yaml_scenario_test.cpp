#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>

#include "part_configs.hpp"
#include "steer/experiments/scenario.hpp"
#include "steer/sim/planner.hpp"
#include "yaml_support.hpp"

using namespace steer;
using experiments::InputError;
using experiments::parseYamlScenario;

namespace {
const char* kHeader = "world: {min: [-50, -50], max: [50, 50]}\nmodel: straight\nneighbors: brute\n";
experiments::Scenario parse(const std::string& body) { return parseYamlScenario(kHeader + body, "test.yaml"); }
}  // namespace

TEST(YamlScenario, EveryObstacleKind) {
  const auto s = parse(R"(obstacles:
  - circle: {center: [10, 10], radius: 2}
  - segment: {from: [-10, 0], to: [-10, 10]}
  - polygon: {vertices: [[20, 20], [25, 20], [22, 25]]}
  - box: {min: [-30, -30], max: [-25, -20]}
  - oriented_box: {center: [0, -20], size: [4, 2], angle_deg: 90}
  - circle: {center: [0, 30], radius: 1}
    path: {waypoints: [[0, 30], [10, 30]], speed: 2, loop: true}
agents:
  - {position: [0, 0], goals: [{kind: idle, duration: 1}]}
)");
  ASSERT_EQ(s.world.obstacles.size(), 6u);
  EXPECT_TRUE(std::holds_alternative<geometry::Ball>(s.world.obstacles[0].shape));
  EXPECT_TRUE(std::holds_alternative<geometry::Segment>(s.world.obstacles[1].shape));
  EXPECT_TRUE(std::holds_alternative<geometry::Polygon>(s.world.obstacles[2].shape));
  EXPECT_TRUE(std::holds_alternative<geometry::AlignedBox>(s.world.obstacles[3].shape));
  const auto& ob = std::get<geometry::OrientedBox>(s.world.obstacles[4].shape);
  EXPECT_NEAR(ob.angle, M_PI / 2, 1e-12);
  EXPECT_EQ(ob.half, geometry::Vec2(2, 1));
  EXPECT_FALSE(s.world.obstacles[5].isStatic());
  // 1 ball + 1 segment + 3 + 4 + 4 polygon edges + 1 ball.
  EXPECT_EQ(s.world.pieces().size(), 14u);
}

// `world: {walls: true}` closes the world (its bounds are not walls): four segments along its
// edges, after the listed obstacles; an agent that starts across an edge then overlaps a wall.
TEST(YamlScenario, WorldWallsCloseTheWorld) {
  const auto s = parseYamlScenario(R"(world: {min: [-10, -4], max: [10, 4], walls: true}
obstacles:
  - circle: {center: [0, 0], radius: 1}
agents:
  - {position: [-5, 0], goals: [{kind: seek, target: [5, 0]}]}
)", "walls.yaml");
  ASSERT_EQ(s.world.obstacles.size(), 5u);
  EXPECT_TRUE(std::holds_alternative<geometry::Ball>(s.world.obstacles[0].shape)) << "the listed obstacles keep their numbers";
  std::set<std::pair<double, double>> ends;
  for (std::size_t k = 1; k < 5; ++k) {
    const auto& wall = std::get<geometry::Segment>(s.world.obstacles[k].shape);
    ends.insert({wall.a.x(), wall.a.y()});
    ends.insert({wall.b.x(), wall.b.y()});
    // Along an edge: one coordinate constant at a bound.
    EXPECT_TRUE((wall.a.x() == wall.b.x() && std::abs(wall.a.x()) == 10) || (wall.a.y() == wall.b.y() && std::abs(wall.a.y()) == 4));
  }
  EXPECT_EQ(ends, (std::set<std::pair<double, double>>{{-10, -4}, {10, -4}, {10, 4}, {-10, 4}}));
  EXPECT_EQ(parse("agents:\n  - {position: [0, 0], goals: [{kind: idle, duration: 1}]}\n").world.obstacles.size(), 0u)
      << "no walls by default";
  EXPECT_THROW(parseYamlScenario(R"(world: {min: [-10, -4], max: [10, 4], walls: true}
agents:
  - {position: [-9.8, 0], goals: [{kind: seek, target: [5, 0]}]}
)", "edge.yaml"), InputError);
}

// The near disk's default (5 m) grows to the body of a larger agent: with near_radius now
// refused inside the body, an agent of radius 6 that gave none failed on a key it never wrote.
TEST(YamlScenario, ALargeAgentsDefaultNearRadiusIsItsRadius) {
  const auto s = parse("agents:\n  - {position: [0, 0], radius: 6, goals: [{kind: idle, duration: 1}]}\n"
                       "  - {position: [20, 20], radius: 1, goals: [{kind: idle, duration: 1}]}\n"
                       "  - {position: [-20, -20], radius: 6, near_radius: 9, goals: [{kind: idle, duration: 1}]}\n");
  ASSERT_EQ(s.world.agents.size(), 3u);
  EXPECT_EQ(s.world.agents[0].nearRadius, 6.0);
  EXPECT_EQ(s.world.agents[1].nearRadius, 5.0);
  EXPECT_EQ(s.world.agents[2].nearRadius, 9.0);
  experiments::validateScenario(s);
}

TEST(YamlScenario, TargetsGoalsAndSettings) {
  const auto s = parse(R"(dt: 0.02
duration: 12
seed: 99
integrator: {kind: dopri5, abs_tolerance: 1e-8, rel_tolerance: 1e-7}
agents:
  - name: leader
    position: [0, 0]
    goals:
      - {kind: seek, target: {path: {waypoints: [[0, 0], [10, 0]], speed: 1}}}
  - position: [5, 5]
    heading_deg: 90
    personality: {courage: 0.9}
    goals:
      - {kind: seek, target: {agent: leader}, reach_radius: 1.5}
      - {kind: flee, target: [0, 0], duration: 2}
      - {kind: flow, direction: [0, 2], duration: 1}
      - {kind: region, min: [1, 1], max: [2, 2]}
      - {kind: idle, duration: 3}
)");
  EXPECT_DOUBLE_EQ(s.settings.dt, 0.02);
  EXPECT_DOUBLE_EQ(s.settings.duration, 12);
  EXPECT_EQ(s.settings.seed, 99u);
  EXPECT_EQ(s.settings.integrator.kind, sim::IntegratorKind::Dopri5);
  EXPECT_DOUBLE_EQ(s.settings.integrator.absTolerance, 1e-8);
  const auto& a = s.world.agents[1];
  ASSERT_EQ(a.goals.size(), 5u);
  EXPECT_EQ(a.goals[0].target.kind, sim::Target::Kind::Agent);
  EXPECT_EQ(a.goals[0].target.agent, 0u);
  EXPECT_DOUBLE_EQ(a.goals[0].reachRadius, 1.5);
  EXPECT_EQ(a.goals[1].kind, sim::Goal::Kind::Flee);
  EXPECT_EQ(a.goals[2].direction, sim::Vec3(0, 1, 0));
  EXPECT_EQ(a.goals[3].kind, sim::Goal::Kind::SeekRegion);
  EXPECT_EQ(a.goals[4].kind, sim::Goal::Kind::Idle);
  EXPECT_NEAR(a.state.direction.y(), 1.0, 1e-12);
  EXPECT_DOUBLE_EQ(a.personality.courage, 0.9);
  EXPECT_EQ(s.world.agents[0].goals[0].target.kind, sim::Target::Kind::Path);
}

TEST(YamlScenario, GroupPersonalitiesFollowTheirClippedNormal) {
  const auto s = parse(R"(groups:
  - name: brave
    count: 2000
    region: {min: [-49, -49], max: [49, 49]}
    radius: 0.3
    personality: {courage: {mean: 0.8, std: 0.1}, dexterity: {mean: 0.5, std: 2.0}, mass: 0.25}
    goals: [{kind: idle, duration: 1}]
)");
  ASSERT_EQ(s.world.agents.size(), 2000u);
  double sum = 0, sum2 = 0;
  int clippedLow = 0, clippedHigh = 0;
  for (const auto& a : s.world.agents) {
    EXPECT_EQ(a.group, "brave");
    EXPECT_DOUBLE_EQ(a.personality.mass, 0.25);
    sum += a.personality.courage;
    sum2 += a.personality.courage * a.personality.courage;
    ASSERT_GE(a.personality.dexterity, 0.0);
    ASSERT_LE(a.personality.dexterity, 1.0);
    clippedLow += a.personality.dexterity == 0.0;
    clippedHigh += a.personality.dexterity == 1.0;
  }
  const double mean = sum / 2000, sd = std::sqrt(sum2 / 2000 - mean * mean);
  EXPECT_NEAR(mean, 0.8, 0.01);
  EXPECT_NEAR(sd, 0.1, 0.01);
  // With sd 2 around 0.5, most draws fall outside [0, 1] and are clipped, about equally on both sides.
  EXPECT_GT(clippedLow, 600);
  EXPECT_GT(clippedHigh, 600);
  // No two agents overlap.
  for (std::size_t i = 0; i < 200; ++i)
    for (std::size_t j = i + 1; j < s.world.agents.size(); ++j)
      ASSERT_GE((s.world.agents[i].state.position - s.world.agents[j].state.position).norm(), 0.6 - 1e-12);
}

TEST(YamlScenario, RingGroupsWalkToTheOppositePoint) {
  const auto s = parse(R"(groups:
  - count: 12
    ring: {center: [1, 2], radius: 10}
    goals: [opposite]
)");
  ASSERT_EQ(s.world.agents.size(), 12u);
  for (const auto& a : s.world.agents) {
    ASSERT_EQ(a.goals.size(), 1u);
    EXPECT_TRUE((a.goals[0].target.point + a.state.position).isApprox(sim::Vec3(2, 4, 0)));
    EXPECT_NEAR((a.state.position - sim::Vec3(1, 2, 0)).norm(), 10.0, 1e-12);
  }
}

// A region group keeps clear of a ring group's members wherever the ring is listed (after the
// region, its members were placed over the crowd's: "starts overlapping"), and the ring stays
// where the file puts it.
TEST(YamlScenario, RegionGroupsKeepClearOfRingsListedAfterThem) {
  for (const bool ringFirst : {false, true}) {
    SCOPED_TRACE(ringFirst ? "ring first" : "region first");
    const std::string region = "  - {name: crowd, count: 300, region: {min: [-12, -12], max: [12, 12]}, radius: 0.4}\n";
    const std::string ring = "  - {name: swap, count: 40, ring: {center: [0, 0], radius: 9}, radius: 0.4, goals: [opposite]}\n";
    const auto s = parse("groups:\n" + (ringFirst ? ring + region : region + ring));
    ASSERT_EQ(s.world.agents.size(), 340u);
    const std::size_t firstRing = ringFirst ? 0 : 300;
    for (std::size_t i = 0; i < 40; ++i)
      EXPECT_NEAR(s.world.agents[firstRing + i].state.position.norm(), 9.0, 1e-12);
    for (std::size_t i = 0; i < s.world.agents.size(); ++i)
      for (std::size_t j = i + 1; j < s.world.agents.size(); ++j)
        ASSERT_GE((s.world.agents[i].state.position - s.world.agents[j].state.position).norm(), 0.8 - 1e-3) << i << " " << j;
  }
}

// `opposite` takes its place in the goal sequence like any goal (it was always appended last, so
// [opposite, idle] idled first).
TEST(YamlScenario, OppositeKeepsItsPlaceInTheGoalSequence) {
  for (const bool first : {true, false}) {
    SCOPED_TRACE(first ? "[opposite, idle]" : "[idle, opposite]");
    const std::string goals = first ? "[opposite, {kind: idle, duration: 3}]" : "[{kind: idle, duration: 3}, opposite]";
    const auto s = parse("groups:\n  - {count: 3, ring: {center: [1, 2], radius: 6}, goals: " + goals + "}\n");
    for (const auto& a : s.world.agents) {
      ASSERT_EQ(a.goals.size(), 2u);
      const auto& seek = a.goals[first ? 0 : 1];
      const auto& idle = a.goals[first ? 1 : 0];
      EXPECT_EQ(seek.kind, sim::Goal::Kind::Seek);
      EXPECT_TRUE((seek.target.point + a.state.position).isApprox(sim::Vec3(2, 4, 0)));
      EXPECT_EQ(idle.kind, sim::Goal::Kind::Idle);
    }
  }
}

// A group's keys are read once and copied to its members: each member still gets its own agent
// target, `opposite` point, draws and goal sources, and an agent target that names nobody is an
// error at the group's goal.
TEST(YamlScenario, EveryGroupMemberGetsItsOwnTargetsAndDraws) {
  const auto s = parse(R"(agents:
  - {name: leader, position: [0, 9], goals: [{kind: seek, target: [0, -9]}]}
groups:
  - count: 5
    ring: {center: [0, 0], radius: 4}
    radius: 0.3
    max_speed: 2
    personality: {courage: {mean: 0.5, std: 0.3}, mass: 0.7}
    goals: [opposite, {kind: seek, target: {agent: leader}, reach_radius: 1}]
)");
  ASSERT_EQ(s.world.agents.size(), 6u);
  std::set<double> courage;
  for (std::size_t i = 1; i < 6; ++i) {
    const auto& a = s.world.agents[i];
    ASSERT_EQ(a.goals.size(), 2u);
    EXPECT_TRUE((a.goals[0].target.point + a.state.position).isApprox(sim::Vec3::Zero(), 1e-12));
    EXPECT_EQ(a.goals[1].target.kind, sim::Target::Kind::Agent);
    EXPECT_EQ(a.goals[1].target.agent, 0u);
    EXPECT_DOUBLE_EQ(a.goals[1].reachRadius, 1.0);
    EXPECT_DOUBLE_EQ(a.radius, 0.3);
    EXPECT_DOUBLE_EQ(a.maxSpeed, 2.0);
    EXPECT_DOUBLE_EQ(a.personality.mass, 0.7);
    EXPECT_EQ(a.id, i);
    courage.insert(a.personality.courage);
    ASSERT_EQ(s.sources[i].goals.size(), 2u);
    EXPECT_EQ(s.sources[i].goals[1].line, 12);  // the goals' line, after kHeader's three
  }
  EXPECT_EQ(courage.size(), 5u) << "one draw per member";
  try {
    parse("groups:\n  - {count: 3, region: {min: [-5, -5], max: [5, 5]}, goals: [{kind: seek, target: {agent: nobody}}]}\n");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'nobody' is not a named agent"), std::string::npos) << e.what();
  }
}

TEST(YamlScenario, SeedChangesPlacementsAndTheSameSeedRepeatsThem) {
  const std::string body = "groups:\n  - {count: 5, region: {min: [-10, -10], max: [10, 10]}, goals: [{kind: idle, duration: 1}]}\n";
  const auto a = parse("seed: 1\n" + body), b = parse("seed: 1\n" + body), c = parse("seed: 2\n" + body);
  EXPECT_EQ(a.world.agents[3].state.position, b.world.agents[3].state.position);
  EXPECT_NE(a.world.agents[3].state.position, c.world.agents[3].state.position);
}

TEST(YamlScenario, ErrorsNameTheKeyPathLineAndColumn) {
  const std::string badLine = "      - {kind: seek, target: [1, 1], reach_radius: -2}";
  try {
    parse("agents:\n  - position: [0, 0]\n    goals:\n" + badLine + "\n");
    FAIL() << "expected an error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where().file, "test.yaml");
    EXPECT_EQ(e.where().line, 7);  // three header lines before
    EXPECT_EQ(e.where().column, static_cast<int>(badLine.find("-2")) + 1) << "the column of the bad value";
    EXPECT_NE(std::string(e.what()).find("agents[0].goals[0].reach_radius"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse("agents:\n  - {position: [0, 0], goals: [{kind: seek, target: {agent: nobody}}]}\n"), InputError);
  EXPECT_THROW(parse("groups:\n  - {count: 100000, radius: 5, region: {min: [0, 0], max: [1, 1]}}\n"), InputError);
  EXPECT_THROW(parse("agents: []\n"), InputError);
  EXPECT_THROW(parse("obstacles:\n  - {circle: {center: [0, 0], radius: 1}, box: {min: [0, 0], max: [1, 1]}}\nagents: [{position: [5, 5]}]\n"),
               InputError);
}

namespace {
// The message of the InputError that parsing `text` throws ("" when it parses).
std::string errorOf(const std::string& text) {
  try {
    parseYamlScenario(text, "test.yaml");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}
const char* kAgent = "agents:\n  - {position: [-5, -5], goals: [{kind: idle, duration: 1}]}\n";
// A scenario of the header, the given lines and one agent.
std::string withLines(const std::string& lines) { return std::string(kHeader) + lines + kAgent; }
const char* kAgent3 = "agents:\n  - {position: [-5, -5, 0], goals: [{kind: idle, duration: 1}]}\n";  // in 3D
}  // namespace

// In 3D a segment, polygon or box is a prism of every height, moved in x and y: its way-points
// are [x, y] as its corners (they had to be [x, y, z], and a z lengthened the path, so the prism
// moved slower than its speed). A sphere's way-points keep their z.
TEST(YamlScenario, APrismsWayPointsIn3DAreXY) {
  const std::string world3 = "dimension: 3\nworld: {min: [-10, -10, -10], max: [10, 10, 10]}\n";
  const auto s = parseYamlScenario(world3 +
                                       "obstacles:\n"
                                       "  - box: {min: [1, 1], max: [2, 2]}\n"
                                       "    path: {waypoints: [[1.5, 1.5], [1.5, 5.5, 0]], speed: 2}\n"
                                       "  - sphere: {center: [-3, 3, 1], radius: 0.5}\n"
                                       "    path: {waypoints: [[-3, 3, 1], [-3, 3, 4]]}\n" +
                                       kAgent3,
                                   "test.yaml");
  ASSERT_EQ(s.world.obstacles.size(), 2u);
  ASSERT_EQ(s.world.obstacles[0].path.waypoints.size(), 2u);
  EXPECT_EQ(s.world.obstacles[0].path.waypoints.back(), sim::Vec3(1.5, 5.5, 0));
  EXPECT_EQ(s.world.obstacles[1].path.waypoints.back(), sim::Vec3(-3, 3, 4));
  const std::string z = errorOf(world3 + "obstacles:\n  - segment: {from: [1, 1], to: [2, 2]}\n    path: {waypoints: [[1, 1, 3]]}\n" + kAgent3);
  EXPECT_NE(z.find("obstacles[0].path.waypoints[0]: segments, polygons and boxes are vertical prisms in 3D"), std::string::npos) << z;
  const std::string flat = errorOf(world3 + "obstacles:\n  - circle: {center: [0, 0, 0], radius: 1}\n    path: {waypoints: [[1, 1]]}\n" + kAgent3);
  EXPECT_NE(flat.find("expected [x, y, z]"), std::string::npos) << flat;
}

// A number beyond the doubles is said to be one (it read "expected a number"), as the SteerSuite
// reader says it; a word is still not a number.
TEST(YamlScenario, ANumberBeyondTheDoublesIsNotFinite) {
  const std::string big = errorOf(withLines("dt: 1e400\n"));
  EXPECT_NE(big.find("dt: must be a finite number, got '1e400' (beyond the largest double)"), std::string::npos) << big;
  const std::string word = errorOf(withLines("dt: fast\n"));
  EXPECT_NE(word.find("dt: expected a number, got 'fast'"), std::string::npos) << word;
}

// --param groups.NAME and agents.NAME pick one by name or index: two groups of one name, or a
// name that reads as an index, let it pick one of them without a word.
TEST(YamlScenario, NamesThatParamCouldConfuseAreErrors) {
  const std::string twice = errorOf(std::string(kHeader) +
                                    "groups:\n  - {name: crowd, count: 2, region: {min: [0, 0], max: [9, 9]}}\n"
                                    "  - {name: crowd, count: 2, region: {min: [-9, -9], max: [0, 0]}}\n");
  EXPECT_NE(twice.find("test.yaml:6:"), std::string::npos) << twice;
  EXPECT_NE(twice.find("duplicate group name 'crowd'"), std::string::npos) << twice;
  const std::string agent = errorOf(std::string(kHeader) + "agents:\n  - {name: \"1\", position: [0, 0]}\n");
  EXPECT_NE(agent.find("a name may not be a whole number ('1')"), std::string::npos) << agent;
  const std::string group = errorOf(std::string(kHeader) + "groups:\n  - {name: \"20\", count: 2, region: {min: [0, 0], max: [9, 9]}}\n");
  EXPECT_NE(group.find("a name may not be a whole number ('20')"), std::string::npos) << group;
  EXPECT_EQ(errorOf(std::string(kHeader) + "agents:\n  - {name: a1, position: [0, 0]}\n"), "");
}

// A world so far from the origin that neighbouring numbers there are more than a billionth of its
// side apart is an error: at 1e15 m they are 0.125 m apart, and the agent of a 10 km world stood
// still while its speed read 1.3 m/s.
TEST(YamlScenario, AWorldTooFarFromTheOriginToResolveIsAnError) {
  const auto validated = [](const std::string& lo, const std::string& hi, const std::string& at) -> std::string {
    try {
      const auto s = parseYamlScenario("world: {min: [" + lo + ", " + lo + "], max: [" + hi + ", " + hi + "]}\nagents: [{position: [" +
                                           at + ", " + at + "], goals: [{kind: idle, duration: 1}]}]\n",
                                       "far.yaml");
      experiments::validateScenario(s);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  };
  const std::string far = validated("1e15", "1.00000000001e15", "1.000000000005e15");
  EXPECT_NE(far.find("world: coordinates as far as 1e+15 m from the origin are 0.125 m apart"), std::string::npos) << far;
  EXPECT_EQ(validated("1e6", "1.0001e6", "1.00005e6"), "");  // 100 m at 1,000 km: 1.2e-10 m apart
  EXPECT_EQ(validated("-20", "20", "0"), "");
}

// An error is one line of reasonable length whatever the file quotes: a value with a newline split
// it over two lines, and a megabyte-long value made a megabyte-long line.
TEST(YamlScenario, AnErrorIsOneLineOfReasonableLength) {
  const std::string newline = errorOf(withLines("dt: \"0.0\\n5\"\n"));
  EXPECT_EQ(newline.find('\n'), std::string::npos) << newline;
  EXPECT_NE(newline.find("0.0\\n5"), std::string::npos) << newline;
  const std::string control = errorOf(withLines("planner: \"a\\x01b\"\n"));
  EXPECT_NE(control.find("a\\x01b"), std::string::npos) << control;
  const std::string huge = errorOf(withLines("dt: " + std::string(1000000, '7') + "x\n"));
  EXPECT_EQ(huge.rfind("test.yaml:", 0), 0u) << huge.substr(0, 200);
  EXPECT_LT(huge.size(), 2100u);
  EXPECT_NE(huge.find("characters left out"), std::string::npos) << huge.substr(0, 200);
}

// Obstacles far outside the world hung the metrics grid or overflowed the environment's
// allocations after the output folder existed; they are errors at the obstacle.
TEST(YamlScenario, ObstaclesMustLieInsideTheWorld) {
  for (const std::string shape : {"circle: {center: [0, 2e6], radius: 1e6}", "circle: {center: [0, 1e300], radius: 1e300}",
                                  "box: {min: [-1e300, 20], max: [1e300, 30]}",
                                  "segment: {from: [-1e300, 20], to: [1e300, 20]}",
                                  "polygon: {vertices: [[0, 0], [60, 0], [0, 5]]}",
                                  "oriented_box: {center: [49, 0], size: [4, 1], angle_deg: 0}",
                                  "circle: {center: [49.5, 0], radius: 1}"}) {
    SCOPED_TRACE(shape);
    const std::string err = errorOf(std::string(kHeader) + "obstacles:\n  - " + shape + "\n" + kAgent);
    EXPECT_EQ(err.rfind("test.yaml:5:", 0), 0u) << err;
    EXPECT_NE(err.find("obstacles[0]." + shape.substr(0, shape.find(':')) + ": the obstacle reaches outside the world"),
              std::string::npos)
        << err;
  }
  // A moving obstacle must stay inside over its whole path.
  EXPECT_NE(errorOf(std::string(kHeader) + "obstacles:\n  - circle: {center: [0, 10], radius: 1}\n"
                    "    path: {waypoints: [[0, 10], [0, 60]]}\n" + kAgent)
                .find("outside the world"),
            std::string::npos);
  // Touching the boundary is inside: walls along the world's edge are common.
  EXPECT_EQ(errorOf(std::string(kHeader) + "obstacles:\n  - segment: {from: [-50, 50], to: [50, 50]}\n"
                    "  - box: {min: [49, -50], max: [50, 50]}\n  - circle: {center: [0, -49], radius: 1}\n" + kAgent),
            "");
  // In 3D a sphere's z counts; in 2D only x and y do.
  const std::string world3 = "dimension: 3\nworld: {min: [-50, -50, -5], max: [50, 50, 5]}\nmodel: straight\nneighbors: brute\n";
  EXPECT_NE(errorOf(world3 + "obstacles:\n  - sphere: {center: [0, 0, 4.5], radius: 1}\n" + kAgent3).find("spans z"),
            std::string::npos);
  EXPECT_EQ(errorOf(world3 + "obstacles:\n  - sphere: {center: [0, 0, 3], radius: 1}\n" + kAgent3), "");
}

TEST(YamlScenario, SelfIntersectingPolygonsAreErrors) {
  for (const std::string vertices : {"[[0, 0], [4, 4], [4, 0], [0, 1]]",            // a bow tie
                                     "[[0, 0], [4, 0], [4, 4], [2, 0], [0, 4]]",     // a vertex on an edge
                                     "[[0, 0], [4, 0], [4, 4], [0, 4], [0, 0]]",     // the first vertex repeated
                                     "[[0, 0], [4, 0], [2, 0], [2, 3]]"}) {          // an edge folding back
    SCOPED_TRACE(vertices);
    const std::string err = errorOf(std::string(kHeader) + "obstacles:\n  - polygon: {vertices: " + vertices + "}\n" + kAgent);
    EXPECT_EQ(err.rfind("test.yaml:5:", 0), 0u) << err;
    EXPECT_NE(err.find("obstacles[0].polygon.vertices: the polygon crosses or touches itself"), std::string::npos) << err;
  }
  // Simple polygons, convex or not, in either orientation, are fine.
  for (const std::string vertices : {"[[0, 0], [4, 0], [4, 4], [2, 1], [0, 4]]", "[[0, 4], [2, 1], [4, 4], [4, 0], [0, 0]]",
                                     "[[0, 0], [4, 0], [2, 3]]"})
    EXPECT_EQ(errorOf(std::string(kHeader) + "obstacles:\n  - polygon: {vertices: " + vertices + "}\n" + kAgent), "")
        << vertices;
}

// count: 1000000 in a small region sampled for minutes before failing; the area check fails at once.
TEST(YamlScenario, GroupsTooLargeForTheirRegionFailAtTheCount) {
  const std::string err = errorOf(std::string(kHeader) + kAgent +
                                  "groups:\n  - count: 1000000\n    region: {min: [10, 10], max: [20, 20]}\n");
  EXPECT_EQ(err.rfind("test.yaml:7:12:", 0), 0u) << err;
  EXPECT_NE(err.find("groups[0].count: 1000000 agents of radius 0.5 cannot fit"), std::string::npos) << err;
  // In 3D the volume counts: a region flat in z holds a single layer.
  const std::string world3 = "dimension: 3\nworld: {min: [-50, -50, -50], max: [50, 50, 50]}\nmodel: straight\nneighbors: brute\n";
  EXPECT_NE(errorOf(world3 + kAgent3 + "groups:\n  - {count: 200, region: {min: [0, 0, 0], max: [5, 5, 0]}}\n")
                .find("groups[0].count"),
            std::string::npos);
  // The check is only a necessary condition: bodies may reach past the region's edges, so one
  // large agent in a tiny region, or a loose crowd in a flat 3D region, is placed.
  EXPECT_EQ(errorOf(std::string(kHeader) + kAgent + "groups:\n  - {count: 1, radius: 5, region: {min: [10, 10], max: [10.1, 10.1]}}\n"),
            "");
  EXPECT_EQ(errorOf(world3 + kAgent3 + "groups:\n  - {count: 20, region: {min: [0, 0, 0], max: [10, 10, 0]}}\n"), "");
}

TEST(YamlScenario, InvertedOrFlatGroupRegionsAreErrors) {
  for (const std::string region : {"{min: [-6, 6], max: [-10, -6]}", "{min: [0, 0], max: [0, 5]}", "{min: [0, 0], max: [5, 0]}"}) {
    const std::string err = errorOf(std::string(kHeader) + kAgent + "groups:\n  - {count: 2, region: " + region + "}\n");
    EXPECT_NE(err.find("groups[0].region.max: max must exceed min"), std::string::npos) << region << ": " << err;
  }
  const std::string world3 = "dimension: 3\nworld: {min: [-50, -50, -50], max: [50, 50, 50]}\nmodel: straight\nneighbors: brute\n";
  EXPECT_NE(errorOf(world3 + kAgent3 + "groups:\n  - {count: 2, region: {min: [0, 0, 1], max: [5, 5, 0]}}\n").find("region.max"),
            std::string::npos);
}

// Every point of a 2D scenario is [x, y] or has z = 0, polygon vertices and way-points included,
// and the world's corners have as many coordinates as each other.
TEST(YamlScenario, TwoDimensionalPointsAndWorldCornersAreConsistent) {
  const std::string err = errorOf(std::string(kHeader) + "obstacles:\n  - polygon: {vertices: [[0, 3], [4, 3], [4, 7, 1]]}\n" + kAgent);
  EXPECT_NE(err.find("obstacles[0].polygon.vertices[2]: a 2D scenario takes [x, y]"), std::string::npos) << err;
  EXPECT_NE(errorOf(std::string(kHeader) + "obstacles:\n  - circle: {center: [0, 10], radius: 1}\n"
                    "    path: {waypoints: [[0, 10], [5, 10, 2]]}\n" + kAgent)
                .find("waypoints[1]: a 2D scenario takes [x, y]"),
            std::string::npos);
  EXPECT_NE(errorOf(std::string("world: {min: [-10, -10, 0], max: [10, 10]}\n") + kAgent).find("world.max: min and max must have the same"),
            std::string::npos);
  EXPECT_NE(errorOf(std::string("world: {min: [-10, -10, -10], max: [10, 10]}\n") + kAgent).find("world.min: a 2D scenario takes [x, y]"),
            std::string::npos);
  EXPECT_NE(errorOf(std::string("dimension: 3\nworld: {min: [-10, -10, -10], max: [10, 10]}\n") + kAgent).find("world.max"),
            std::string::npos);
  EXPECT_EQ(errorOf(std::string("world: {min: [-10, -10, 0], max: [10, 10, 0]}\n") + kAgent), "");
}

// Directions whose squared length overflows or underflows a double are still made unit vectors
// along themselves ([1e300, 1e300] gave a zero heading, [1e-200, 0] one of length 1e-200); an
// ordinary one is unchanged to the bit.
TEST(YamlScenario, DirectionsOfAnyFiniteSizeBecomeUnitVectors) {
  const auto s = parse(R"(agents:
  - {position: [0, 0], direction: [1e300, 1e300], goals: [{kind: flow, direction: [1e-200, 0]}]}
  - {position: [5, 0], direction: [3, 4], goals: [{kind: flow, direction: [-1e-170, 1e-170]}]}
)");
  ASSERT_EQ(s.world.agents.size(), 2u);
  const double h = std::sqrt(0.5);
  EXPECT_NEAR(s.world.agents[0].state.direction.x(), h, 1e-15);
  EXPECT_NEAR(s.world.agents[0].state.direction.y(), h, 1e-15);
  EXPECT_EQ(s.world.agents[0].goals[0].direction, sim::Vec3(1, 0, 0));
  EXPECT_EQ(s.world.agents[1].state.direction, sim::Vec3(3, 4, 0).normalized());
  EXPECT_NEAR(s.world.agents[1].goals[0].direction.x(), -h, 1e-15);
  EXPECT_NEAR(s.world.agents[1].goals[0].direction.y(), h, 1e-15);
  for (const auto& a : s.world.agents) EXPECT_NEAR(a.state.direction.norm(), 1.0, 1e-15);
}

namespace {
const char* kHeader3 = "dimension: 3\nworld: {min: [-10, -10, -10], max: [10, 10, 10]}\nmodel: straight\nneighbors: brute\n";
}  // namespace

// In 3D a point given as [x, y] read as z = 0 without a word. Segments, polygons and boxes are
// vertical prisms there: their points are [x, y] by nature.
TEST(YamlScenario, ThreeDimensionalPointsHaveAZ) {
  for (const auto& [body, where] : std::vector<std::pair<std::string, std::string>>{
           {"agents:\n  - {position: [0, 0]}\n", "test.yaml:6:16: agents[0].position"},
           {"agents:\n  - {position: [0, 0, 0], goals: [{kind: seek, target: [5, 5]}]}\n",
            "test.yaml:6:56: agents[0].goals[0].target"},
           {"agents:\n  - {position: [0, 0, 0], goals: [{kind: seek, target: {path: {waypoints: [[5, 5, 5], [1, 1]]}}}]}\n",
            "test.yaml:6:87: agents[0].goals[0].target.path.waypoints[1]"},
           {"obstacles:\n  - sphere: {center: [0, 0], radius: 1}\nagents:\n  - {position: [5, 5, 5]}\n",
            "test.yaml:6:22: obstacles[0].sphere.center"},
           {"agents:\n  - {position: [0, 0, 0]}\ngroups:\n  - {count: 2, region: {min: [2, 2], max: [5, 5, 5]}}\n",
            "test.yaml:8:30: groups[0].region.min"}}) {
    SCOPED_TRACE(body);
    EXPECT_EQ(errorOf(kHeader3 + body), where + ": expected [x, y, z] in a 3D world");
  }
  const auto s = parseYamlScenario(std::string(kHeader3) + R"(obstacles:
  - segment: {from: [-8, 0], to: [-8, 5]}
  - polygon: {vertices: [[6, 6], [8, 6], [7, 8]]}
  - box: {min: [-9, -9], max: [-8, -8]}
  - oriented_box: {center: [0, -7], size: [2, 1]}
agents:
  - {position: [0, 0, 3], goals: [{kind: seek, target: [5, 0, -3]}]}
)", "test.yaml");
  EXPECT_EQ(s.world.obstacles.size(), 4u);
}

// `camera:` gives a 3D run's pictures their camera (the README promised "the scenario's camera",
// and there was no key for it); in 2D, or looking nowhere, it is an error at its place.
TEST(YamlScenario, A3DScenarioCarriesItsCamera) {
  const std::string agents = "agents:\n  - {position: [0, 0, 0]}\n";
  const auto s = parseYamlScenario(std::string(kHeader3) + "camera: {position: [0, -30, 20], look_at: [0, 0, 4], fov_deg: 35}\n" + agents,
                                   "test.yaml");
  ASSERT_EQ(s.cameras.size(), 1u);
  EXPECT_EQ(s.cameras[0].position, sim::Vec3(0, -30, 20));
  EXPECT_EQ(s.cameras[0].lookAt, sim::Vec3(0, 0, 4));
  EXPECT_EQ(s.cameras[0].up, sim::Vec3(0, 0, 1)) << "z is up by default";
  EXPECT_EQ(s.cameras[0].fovy, 35.0);
  EXPECT_TRUE(parseYamlScenario(std::string(kHeader3) + agents, "test.yaml").cameras.empty());
  EXPECT_EQ(errorOf(std::string(kHeader) + "camera: {position: [0, -30, 20], look_at: [0, 0, 4]}\nagents:\n  - {position: [0, 0]}\n"),
            "test.yaml:4:9: camera: a camera is for 3D scenarios (2D pictures are top views of the world)");
  for (const auto& [camera, where] : std::vector<std::pair<std::string, std::string>>{
           {"{position: [1, 2, 3], look_at: [1, 2, 3]}", "test.yaml:5:40: camera.look_at: must differ from the camera's position"},
           {"{position: [0, 0, 9], look_at: [0, 0, 0]}", "test.yaml:5:9: camera.up: must not be zero nor along the line of sight"},
           {"{position: [0, -9, 9], look_at: [0, 0, 0], up: [0, 0, 0]}",
            "test.yaml:5:56: camera.up: must not be zero nor along the line of sight"},
           {"{position: [0, -9, 9], look_at: [0, 0, 0], fov_deg: 180}", "test.yaml:5:61: camera.fov_deg: must be in [1, 179], got 180"},
           {"{position: [0, -9], look_at: [0, 0, 0]}", "test.yaml:5:20: camera.position: expected [x, y, z] in a 3D world"}}) {
    SCOPED_TRACE(camera);
    EXPECT_EQ(errorOf(std::string(kHeader3) + "camera: " + camera + "\n" + agents).rfind(where, 0), 0u)
        << errorOf(std::string(kHeader3) + "camera: " + camera + "\n" + agents);
  }
}

// A region goal's z was dropped in 3D: its box is now a box, reached with the centre inside it
// on every axis and aimed at inside it.
TEST(YamlScenario, ARegionGoalIn3DHasAZRange) {
  auto s = parseYamlScenario(std::string(kHeader3) +
                                 "agents:\n  - {position: [0, 0, 8], radius: 0.5, goals: [{kind: region, min: [4, -2, 1], max: [8, 2, 3]}]}\n",
                             "test.yaml");
  sim::Agent& a = s.world.agents[0];
  EXPECT_EQ(a.goals[0].regionZMin, 1.0);
  EXPECT_EQ(a.goals[0].regionZMax, 3.0);
  EXPECT_EQ(sim::goalPoint(s.world, a), sim::Vec3(4.5, 0, 2.5));  // inset by the radius
  a.state.position = sim::Vec3(6, 0, 5);
  EXPECT_FALSE(sim::goalReached(s.world, a));
  a.state.position = sim::Vec3(6, 0, 2);
  EXPECT_TRUE(sim::goalReached(s.world, a));
  // Below min in z, and a box above the world, are errors at the goal.
  EXPECT_NE(errorOf(kHeader3 + std::string("agents:\n  - {position: [0, 0, 0], goals: [{kind: region, min: [4, -2, 3], max: [8, 2, 1]}]}\n"))
                .find("agents[0].goals[0].max: max must not be below min"),
            std::string::npos);
  EXPECT_NE(errorOf(kHeader3 + std::string("agents:\n  - {position: [0, 0, 0], goals: [{kind: region, min: [4, -2, 11], max: [8, 2, 12]}]}\n"))
                .find("goal 0: the region is outside the world bounds"),
            std::string::npos);
  // In 2D the box stays a prism: any z is in it.
  const auto flat = parse("agents:\n  - {position: [0, 0], goals: [{kind: region, min: [4, -2], max: [8, 2]}]}\n");
  EXPECT_EQ(flat.world.agents[0].goals[0].regionZMin, -std::numeric_limits<double>::infinity());
  EXPECT_EQ(flat.world.agents[0].goals[0].regionZMax, std::numeric_limits<double>::infinity());
}

// `radius:` with the value left out read as the default radius.
TEST(YamlScenario, KeysWithoutAValueAreErrors) {
  EXPECT_EQ(errorOf(std::string(kHeader) + "agents:\n  - position: [0, 0]\n    radius:\n"),
            "test.yaml:6:5: agents[0].radius: a value is required");
  EXPECT_EQ(errorOf(std::string(kHeader) + "agents:\n  - {position: [0, 0], goals: [{kind: seek, target: ~}]}\n"),
            "test.yaml:5:45: agents[0].goals[0].target: a value is required");
  EXPECT_EQ(errorOf(std::string(kHeader) + kAgent + "local:\n"), "test.yaml:6:1: local: a value is required");
  EXPECT_EQ(errorOf(std::string("dt:\n") + kHeader + kAgent), "test.yaml:1:1: dt: a value is required");
}

// yaml-cpp read the first document of a file and dropped the others; an empty one after a
// closing `---` holds nothing and is fine.
TEST(YamlScenario, ASecondDocumentIsAnError) {
  const std::string first = std::string(kHeader) + kAgent;  // 5 lines
  EXPECT_EQ(errorOf(first + "---\n# more\n\nagents: []\n"), "test.yaml:6:1: a second YAML document starts here: a scenario is one document");
  EXPECT_EQ(errorOf(first + "--- {agents: []}\n"), "test.yaml:6:5: a second YAML document starts here: a scenario is one document");
  EXPECT_EQ(errorOf(first + "---\n"), "");
  EXPECT_EQ(errorOf(first + "...\n"), "");
}

// Points to seek or flee and a target path's way-points lie in the world, the boundary included;
// an obstacle's way-points only move its shape (whose sweep must lie inside).
TEST(YamlScenario, TargetsAndWayPointsLieInTheWorld) {
  EXPECT_EQ(errorOf(std::string(kHeader) + "agents:\n  - {position: [0, 0], goals: [{kind: seek, target: [50, -50]}, "
                                           "{kind: flee, target: [-50, 50], duration: 1}, "
                                           "{kind: seek, target: {path: {waypoints: [[50, 0], [0, 50]]}}}]}\n"),
            "");
  EXPECT_EQ(errorOf(std::string(kHeader) + "agents:\n  - {position: [0, 0], goals: [{kind: seek, target: {path: {waypoints: [[0, 0], [0, 50.5]]}}}]}\n"),
            "test.yaml:5:81: agents[0].goals[0].target.path.waypoints[1]: outside the world bounds");
  EXPECT_NE(errorOf(std::string(kHeader) + "agents:\n  - {position: [0, 0], goals: [{kind: flee, target: [60, 0], duration: 1}]}\n")
                .find("agents[0]: agent 0: goal 0 is outside the world bounds"),
            std::string::npos);
  EXPECT_EQ(errorOf(std::string(kHeader) + "obstacles:\n  - circle: {center: [0, 10], radius: 1}\n"
                                           "    path: {waypoints: [[100, 100], [110, 100]]}\n" + kAgent),
            "");
}

// The step count's bound names the dt key (the message asks whether dt is in seconds), else
// the duration's.
TEST(YamlScenario, TooManyStepsNameTheStepOrTheDuration) {
  EXPECT_EQ(errorOf(std::string(kHeader) + "duration: 100\ndt: 1e-7\n" + kAgent),
            "test.yaml:5:5: dt: duration / dt is over 10^8 steps: is dt in seconds?");
  EXPECT_EQ(errorOf(std::string(kHeader) + "duration: 1e8\n" + kAgent),
            "test.yaml:4:11: duration: duration / dt is over 10^8 steps: is dt in seconds?");
}

// The harmonic, hybrid and field planners work on a grid of the x-y plane.
TEST(YamlScenario, PlanarPlannersAreErrorsIn3D) {
  for (const std::string planner : {"harmonic", "hybrid", "field"})
    EXPECT_EQ(errorOf(kHeader3 + std::string("planner: ") + planner + "\nagents:\n  - {position: [0, 0, 0]}\n"),
              "test.yaml:5:10: planner: the " + planner +
                  " planner steers in the x-y plane only (2D scenarios); a 3D scenario takes the direct planner");
  EXPECT_EQ(errorOf(kHeader3 + std::string("planner: direct\nagents:\n  - {position: [0, 0, 0]}\n")), "");
}

// A hybrid mode's name is trajectories.csv's last column, unquoted: a comma would shift the row
// when it is read back (steer render), a line break would split it.
// yaml-cpp reads the first node of a text and drops the rest: what follows a flow collection or a
// quoted value is found (a --param value must be whole), and nothing is found in whole values.
TEST(YamlScenario, TextAfterAFlowValueIsFoundAndWholeValuesPass) {
  EXPECT_EQ(experiments::yaml::textAfterFlowValue("[-12,1]xyz"), "xyz");
  EXPECT_EQ(experiments::yaml::textAfterFlowValue("[-12,1],[-12,-1]"), ",[-12,-1]");
  EXPECT_EQ(experiments::yaml::textAfterFlowValue("{a: 1} b"), "b");
  EXPECT_EQ(experiments::yaml::textAfterFlowValue("\"q\" x"), "x");
  for (const std::string whole : {"[1, 2]", "[1, 2] # a note", "  [1, 2]  ", "'#'", "\"a # b\"", "\"a\": 1", "{a: [1, 2]}",
                                  "plain words", "3", "", "!!str 5", "&x [1]", "[1,\n 2]"}) {
    SCOPED_TRACE(whole);
    EXPECT_EQ(experiments::yaml::textAfterFlowValue(whole), "");
  }
}

TEST(YamlScenario, HybridModeNamesHoldNoCommasQuotesOrLineBreaks) {
  const auto withMode = [](const std::string& name) {
    return std::string(kHeader) + kAgent + "planning:\n  hybrid:\n    initial: " + name + "\n    modes: [{name: " + name +
           ", strategy: seek}]\n";
  };
  EXPECT_NO_THROW(experiments::readHybridPlannerParameters(parseYamlScenario(withMode("go"), "test.yaml")));
  for (const std::string name : {"'a,b'", "\"a\\nb\"", "'\"go'"}) {
    SCOPED_TRACE(name);
    try {
      experiments::readHybridPlannerParameters(parseYamlScenario(withMode(name), "test.yaml"));
      FAIL() << "expected an error";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("no commas, quotes or line breaks"), std::string::npos) << e.what();
    }
  }
}

// A list or a map where an integer belongs was shown as '?'.
TEST(YamlScenario, AnIntegerGivenAListOrAMapSaysWhichItGot) {
  EXPECT_NE(errorOf(withLines("seed: [1, 2]\n")).find("seed: expected a whole number ≥ 0, got a list"),
            std::string::npos);
  EXPECT_NE(errorOf(withLines("seed: {a: 1}\n")).find("seed: expected a whole number ≥ 0, got a map"),
            std::string::npos);
  EXPECT_NE(errorOf(withLines("threads: [1]\n")).find("threads: expected an integer, got a list"),
            std::string::npos);
}

// The file takes every seed --seed takes, 0 to 2^64 − 1 (it took 2^63 − 1 at most, so a run's
// recorded seed could not always be written back into its scenario), and a whole number out of
// range says so (it said "expected an integer").
TEST(YamlScenario, SeedsCoverTheCommandLinesRange) {
  EXPECT_EQ(parseYamlScenario(withLines("seed: 18446744073709551615\n"), "test.yaml").settings.seed,
            18446744073709551615ull);
  EXPECT_EQ(parseYamlScenario(withLines("seed: 9223372036854775808\n"), "test.yaml").settings.seed,
            9223372036854775808ull);
  EXPECT_EQ(parseYamlScenario(withLines("seed: 0\n"), "test.yaml").settings.seed, 0u);
  for (const std::string bad : {"18446744073709551616", "-1", "99999999999999999999999"}) {
    SCOPED_TRACE(bad);
    EXPECT_NE(errorOf(withLines("seed: " + bad + "\n")).find("seed: must be in [0, 18446744073709551615]"),
              std::string::npos);
  }
  EXPECT_NE(errorOf(withLines("seed: 1.5\n")).find("seed: expected a whole number ≥ 0, got '1.5'"),
            std::string::npos);
  EXPECT_NE(errorOf(withLines("threads: 99999999999999999999\n")).find("threads: must be in [1, 256]"),
            std::string::npos);
}

// A shape, path or ring given as a bare list of its values (`segment: [[0, -8], [0, -1]]`) read
// "expected a mapping of keys", and nothing of what the keys are: the message now writes the form.
TEST(YamlScenario, AShapeGivenAsAListIsToldHowItIsWritten) {
  const auto says = [](const std::string& obstacle, const std::string& path, const std::string& form) {
    const std::string err = errorOf(withLines("obstacles:\n  - " + obstacle + "\n"));
    EXPECT_EQ(err.rfind("test.yaml:5:", 0), 0u) << err;
    EXPECT_NE(err.find(": obstacles[0]." + path + ": expected a mapping of keys: a " + path + " is written " + path + ": " + form),
              std::string::npos) << err;
  };
  says("segment: [[0, -4], [0, -1]]", "segment", "{from: [x, y], to: [x, y]}");
  says("polygon: [[0, 0], [1, 0], [1, 1]]", "polygon", "{vertices: [[x, y], [x, y], [x, y], ...]}");
  says("box: [[0, 0], [1, 1]]", "box", "{min: [x, y], max: [x, y]}");
  says("oriented_box: [[0, 0], [2, 1], 30]", "oriented_box", "{center: [x, y], size: [width, depth], angle_deg: a}");
  says("circle: [[0, 0], 1]", "circle", "{center: [x, y], radius: r}");
  const std::string path = errorOf(withLines("obstacles:\n  - {circle: {center: [0, 0], radius: 1}, path: [[0, 0], [1, 1]]}\n"));
  EXPECT_NE(path.find("obstacles[0].path: expected a mapping of keys: a path is written path: {waypoints: [[x, y], ...], speed: v, loop: false}"),
            std::string::npos) << path;
  const std::string ring = errorOf(std::string(kHeader) + "groups:\n  - {count: 4, ring: [[0, 0], 3]}\n");
  EXPECT_NE(ring.find("groups[0].ring: expected a mapping of keys: a ring is written ring: {center: [x, y], radius: r}"), std::string::npos)
      << ring;
  // A mapping is read as before.
  EXPECT_EQ(errorOf(withLines("obstacles:\n  - segment: {from: [0, 0], to: [0, 0]}\n")),
            "test.yaml:5:33: obstacles[0].segment.to: a segment needs two distinct end points");
}

// yaml-cpp's message for lists nested past its depth limit is "bad file".
TEST(YamlScenario, NestingPastTheParsersLimitSaysSo) {
  const std::string deep = "seed: " + std::string(1000, '[') + "1" + std::string(1000, ']') + "\n";
  const std::string err = errorOf(std::string(kHeader) + deep + kAgent);
  EXPECT_EQ(err.rfind("test.yaml:4:", 0), 0u) << err;
  EXPECT_NE(err.find("malformed YAML: lists or maps nested more than"), std::string::npos) << err;
}

// A misspelt required key was reported as the required key missing, at the line of its map, and
// the misspelling never named: the message now names it, at its own line.
TEST(YamlScenario, AMisspeltRequiredKeyIsNamedAtItsLine) {
  const std::string obstacles = "obstacles:\n  - circle: {center: [0, 0], raduis: 1}\n";
  EXPECT_EQ(errorOf(withLines(obstacles)),
            "test.yaml:5:30: obstacles[0].circle.radius: required key is missing; 'raduis' here: a misspelling of 'radius'?");
  EXPECT_EQ(errorOf("wrold: {min: [-5, -5], max: [5, 5]}\n" + std::string(kAgent)),
            "test.yaml:1:1: world: required key is missing (the world bounds {min, max}); 'wrold' here: a misspelling of "
            "'world'?");
  // A key of the world beside it rather than in it: where it belongs.
  EXPECT_EQ(errorOf(withLines("walls: true\n")),
            "test.yaml:4:1: walls: unknown key here; it belongs in world: {min: [...], max: [...], walls: true}");
  // A trait beside `personality`, and a group's placement in a single agent.
  EXPECT_EQ(errorOf(std::string(kHeader) + "agents:\n  - {position: [0, 0], courage: 0.2}\n"),
            "test.yaml:5:24: agents[0].courage: unknown key here; it belongs in personality: {courage: ...}");
  EXPECT_EQ(errorOf(std::string(kHeader) + "agents:\n  - {position: [0, 0], count: 5}\n"),
            "test.yaml:5:24: agents[0].count: unknown key here; it belongs in a group: groups: [{count, region or ring, ...}]");
  EXPECT_EQ(errorOf(std::string(kHeader) + "groups:\n  - {count: 2, region: {min: [0, 0], max: [5, 5]}, mass: 0.2}\n"),
            "test.yaml:5:52: groups[0].mass: unknown key here; it belongs in personality: {mass: ...}");
  // A seek goal's `radius` is its reach_radius.
  EXPECT_EQ(errorOf(std::string(kHeader) + "agents:\n  - {position: [0, 0], goals: [{kind: seek, target: [5, 5], radius: 1}]}\n"),
            "test.yaml:5:61: agents[0].goals[0].radius: unknown key; did you mean 'reach_radius'?");
  // A circle's `r` (five edits from radius), and a box of the other kind's keys.
  EXPECT_EQ(errorOf(withLines("obstacles:\n  - circle: {center: [0, 0], r: 1}\n")),
            "test.yaml:5:33: obstacles[0].circle.r: unknown key; did you mean 'radius'?");
  EXPECT_EQ(errorOf(withLines("obstacles:\n  - sphere: {center: [0, 0, 0], diameter: 2}\n")),
            "test.yaml:5:43: obstacles[0].sphere.diameter: unknown key; a sphere takes its radius (m), half the diameter");
  EXPECT_EQ(errorOf(withLines("obstacles:\n  - box: {center: [0, 0], size: [2, 1]}\n")),
            "test.yaml:5:19: obstacles[0].box.center: a box takes its corners {min, max}, along the axes; one given by center, "
            "size and angle is an oriented_box: {center, size, angle_deg}");
  EXPECT_EQ(errorOf(withLines("obstacles:\n  - box: {min: [0, 0], max: [2, 1], angle_deg: 30}\n")),
            "test.yaml:5:48: obstacles[0].box.angle_deg: a box takes its corners {min, max}, along the axes; one given by "
            "center, size and angle is an oriented_box: {center, size, angle_deg}");
  EXPECT_EQ(errorOf(withLines("obstacles:\n  - oriented_box: {min: [0, 0], max: [2, 1]}\n")),
            "test.yaml:5:25: obstacles[0].oriented_box.min: an oriented_box takes {center, size, angle_deg}; one given by its "
            "corners is a box: {min, max}");
  // An agent's initial velocity is its speed and direction.
  EXPECT_EQ(errorOf(std::string(kHeader) + "agents:\n  - {position: [0, 0], velocity: [1, 0]}\n"),
            "test.yaml:5:24: agents[0].velocity: unknown key; did you mean 'speed' and 'direction'?");
  // A goal's `speed` is its desired_speed.
  EXPECT_EQ(errorOf(std::string(kHeader) + "agents:\n  - {position: [0, 0], goals: [{kind: idle, duration: 1, speed: 2}]}\n"),
            "test.yaml:5:58: agents[0].goals[0].speed: unknown key; did you mean 'desired_speed'?");
  // A target given as a word: `opposite` is a goal of its own; any other word, perhaps an agent.
  EXPECT_EQ(errorOf(std::string(kHeader) + "agents:\n  - {position: [0, 0], goals: [{target: opposite}]}\n"),
            "test.yaml:5:41: agents[0].goals[0].target: a target is [x, y(, z)], {point: ...}, {path: ...} or {agent: NAME}; "
            "'opposite' is a goal of its own in a group's list: goals: [opposite]");
  EXPECT_EQ(errorOf(std::string(kHeader) + "agents:\n  - {position: [0, 0], goals: [{target: leader}]}\n"),
            "test.yaml:5:41: agents[0].goals[0].target: a target is [x, y(, z)], {point: ...}, {path: ...} or {agent: NAME}; "
            "the agent named 'leader' is {agent: leader}");
  EXPECT_EQ(errorOf(std::string(kHeader) + "agents:\n  - {position: [0, 0], goals: [{target: 5}]}\n"),
            "test.yaml:5:41: agents[0].goals[0].target: a target is [x, y(, z)], {point: ...}, {path: ...} or {agent: NAME}");
  // Nothing close: the map's line, as before.
  EXPECT_EQ(errorOf(std::string(kHeader) + "agents:\n  - {goals: []}\n"), "test.yaml:5:5: agents[0].position: required key is missing");
}
