#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <iterator>
#include <string>

#include "steer/experiments/scenario.hpp"

using namespace steer;

namespace {
const std::string kData = STEER_TEST_DATA_DIR;
}

TEST(SteerSuiteScenario, ReadsEveryElement) {
  const auto s = experiments::loadScenario(kData + "/steersuite/all_features.xml");
  EXPECT_EQ(s.name, "all-features");
  // box + 5 region boxes + circle + oriented box + wall in 3 pieces (two doorways) + polygon.
  EXPECT_EQ(s.world.obstacles.size(), 12u);
  ASSERT_EQ(s.cameras.size(), 1u);
  EXPECT_DOUBLE_EQ(s.cameras[0].fovy, 50.0);
  // SteerSuite's (x, y, z) with y up becomes our (x, z) plane position and z height.
  EXPECT_EQ(s.cameras[0].position, sim::Vec3(0, -10, 60));
  EXPECT_DOUBLE_EQ(s.world.bounds.min.x(), -40);
  EXPECT_DOUBLE_EQ(s.world.bounds.max.y(), 40);
  ASSERT_EQ(s.world.agents.size(), 12u);
  const auto& leader = s.world.agents[0];
  EXPECT_EQ(leader.name, "leader");
  ASSERT_EQ(leader.goals.size(), 5u);
  EXPECT_EQ(leader.goals[0].kind, sim::Goal::Kind::Seek);
  EXPECT_EQ(leader.goals[0].target.point, sim::Vec3(5, 0, 0));
  EXPECT_DOUBLE_EQ(leader.goals[0].desiredSpeed, 1.2);
  EXPECT_EQ(leader.goals[1].kind, sim::Goal::Kind::Idle);
  EXPECT_EQ(leader.goals[2].kind, sim::Goal::Kind::FlowDirection);
  EXPECT_EQ(leader.goals[2].direction, sim::Vec3(0, 1, 0));  // SteerSuite +z is our +y
  EXPECT_EQ(leader.goals[3].kind, sim::Goal::Kind::Flee);
  EXPECT_EQ(leader.goals[4].kind, sim::Goal::Kind::SeekRegion);
  EXPECT_EQ(leader.goals[4].region.min, geometry::Vec2(-5, -5));
  const auto& follower = s.world.agents[1];
  EXPECT_EQ(follower.goals[0].target.kind, sim::Target::Kind::Agent);
  EXPECT_EQ(follower.goals[0].target.agent, 0u);
  EXPECT_EQ(follower.goals[1].kind, sim::Goal::Kind::Flee);
  EXPECT_DOUBLE_EQ(follower.goals[0].timeDuration, 5.0);
  // The doorways leave gaps: the wall's middle (offset 0) is solid, the doorway centres are free.
  const auto contains = [&](double x, double y) {
    for (const auto& o : s.world.obstacles)
      if (sim::obstacleContains(o, sim::Vec3::Zero(), sim::Vec3(x, y, 0), 0.0)) return true;
    return false;
  };
  EXPECT_TRUE(contains(0, -30));
  EXPECT_FALSE(contains(-4, -30));
  EXPECT_FALSE(contains(5, -30));
  EXPECT_TRUE(contains(-9.5, -30));
  // An <agentRegion>'s agents are a group (summary.json's per_agent, steer render --color group),
  // named agentRegion<k> without a <name>; single <agent>s are of none.
  EXPECT_EQ(leader.group, "");
  std::size_t inRegion = 0;
  for (const auto& a : s.world.agents) inRegion += a.group == "agentRegion0";
  EXPECT_EQ(inRegion, 10u);
}

TEST(SteerSuiteScenario, RandomPlacementIsSeededAndFree) {
  const auto a = experiments::loadScenario(kData + "/steersuite/crowd_region_300.xml", 5, true);
  const auto b = experiments::loadScenario(kData + "/steersuite/crowd_region_300.xml", 5, true);
  const auto c = experiments::loadScenario(kData + "/steersuite/crowd_region_300.xml", 6, true);
  ASSERT_EQ(a.world.agents.size(), 300u);
  int same = 0;
  for (std::size_t i = 0; i < 300; ++i) {
    EXPECT_EQ(a.world.agents[i].state.position, b.world.agents[i].state.position);
    same += a.world.agents[i].state.position == c.world.agents[i].state.position;
    const auto& p = a.world.agents[i].state.position;
    EXPECT_GE(p.x(), -45);
    EXPECT_LE(p.x(), -15);
    for (std::size_t j = 0; j < i; ++j)
      ASSERT_GE((p - a.world.agents[j].state.position).norm(), 0.8 - 1e-12) << i << " overlaps " << j;
    for (const auto& o : a.world.obstacles) ASSERT_FALSE(sim::obstacleContains(o, sim::Vec3::Zero(), p, 0.4));
  }
  EXPECT_EQ(same, 0);
}

TEST(SteerSuiteScenario, AxisMapping) {
  const auto s = experiments::loadScenario(kData + "/steersuite/head_on_pillar.xml");
  EXPECT_TRUE(s.world.agents[0].state.position.isApprox(sim::Vec3(-10, 0.05, 0)));
  EXPECT_TRUE(s.world.agents[0].goals[0].target.point.isApprox(sim::Vec3(10, 0.05, 0)));
  EXPECT_EQ(s.world.agents[1].state.direction, sim::Vec3(-1, 0, 0));
}

namespace {
// tests/data/steersuite/minimal.xml with `from` replaced by `to`.
std::string minimalWith(const std::string& from, const std::string& to) {
  std::ifstream in(kData + "/steersuite/minimal.xml");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}
// The message of the InputError that reading `text` throws ("" when it reads).
std::string errorOf(const std::string& text) {
  try {
    experiments::parseSteerSuiteScenario(text, "t.xml", 1);
  } catch (const experiments::InputError& e) {
    return e.what();
  }
  return "";
}
// A camera with n's position, lookat, up and fovy, after the header.
std::string withCamera(const std::string& position, const std::string& lookat, const std::string& up, const std::string& fovy) {
  const auto v = [](const std::string& xyz) {
    std::istringstream in(xyz);
    std::string x, y, z;
    in >> x >> y >> z;
    return "<x>" + x + "</x><y>" + y + "</y><z>" + z + "</z>";
  };
  return minimalWith("  </header>\n", "  </header>\n  <suggestedCameraView><position>" + v(position) + "</position><lookat>" +
                                           v(lookat) + "</lookat><up>" + v(up) + "</up><fovy>" + fovy +
                                           "</fovy></suggestedCameraView>\n");
}
std::string withRegion(const std::string& numAgents, const std::string& lo = "-9", const std::string& hi = "-7") {
  return minimalWith("</SteerBenchTestCase>",
                     "  <agentRegion>\n    <numAgents>" + numAgents + "</numAgents>\n"
                     "    <regionBounds><xmin>" + lo + "</xmin><xmax>" + hi + "</xmax><ymin>0</ymin><ymax>0</ymax><zmin>" + lo +
                         "</zmin><zmax>" + hi + "</zmax></regionBounds>\n"
                         "    <initialConditions><radius>0.5</radius></initialConditions>\n"
                         "    <goalSequence><idle><timeDuration>1</timeDuration></idle></goalSequence>\n"
                         "  </agentRegion>\n</SteerBenchTestCase>");
}
}  // namespace

// 1e15 agents threw std::bad_alloc (and aborted `steer sweep`); 1e20 agents and 3000000000
// obstacles overflowed the conversion and were read as none.
// A camera is checked as a YAML one is: a field of view of 0, a camera at the point it looks at
// or an up along the line of sight were taken, and drew nothing or an undefined view.
TEST(SteerSuiteScenario, CamerasAreChecked) {
  EXPECT_EQ(errorOf(withCamera("0 20 -30", "0 0 0", "0 1 0", "45")), "");
  EXPECT_NE(errorOf(withCamera("0 20 -30", "0 0 0", "0 1 0", "0")).find("<fovy>: fovy must be in [1, 179]"), std::string::npos);
  EXPECT_NE(errorOf(withCamera("1 2 3", "1 2 3", "0 1 0", "45")).find("<lookat>: lookat must differ"), std::string::npos);
  EXPECT_NE(errorOf(withCamera("0 20 -30", "0 0 0", "0 0 0", "45")).find("<up>: up must not be zero"), std::string::npos);
  EXPECT_NE(errorOf(withCamera("0 20 0", "0 0 0", "0 1 0", "45")).find("<up>: up must not be zero nor along"), std::string::npos);
}

TEST(SteerSuiteScenario, CountsAreWholeNumbersInRange) {
  for (const std::string n : {"1e15", "1e20", "10000000", "-1", "2.5", "3000000000"}) {
    SCOPED_TRACE(n);
    const std::string err = errorOf(withRegion(n));
    EXPECT_EQ(err.rfind("t.xml:22:5: <numAgents>: must be a whole number in [0, 1000000], got '" + n + "'", 0), 0u) << err;
  }
  const std::string obstacles = minimalWith(
      "<circleObstacle>", "<obstacleRegion><numObstacles>3000000000</numObstacles><regionBounds><xmin>5</xmin><xmax>9</xmax>"
                          "<ymin>0</ymin><ymax>0</ymax><zmin>5</zmin><zmax>9</zmax></regionBounds><obstacleSize>0.5</obstacleSize>"
                          "</obstacleRegion>\n  <circleObstacle>");
  EXPECT_NE(errorOf(obstacles).find("t.xml:8:19: <numObstacles>: must be a whole number"), std::string::npos) << errorOf(obstacles);
  EXPECT_EQ(errorOf(withRegion("3")), "");
}

TEST(SteerSuiteScenario, RegionsTooSmallForTheirAgentsFailAtTheCount) {
  const std::string err = errorOf(withRegion("100000"));
  EXPECT_EQ(err.rfind("t.xml:22:5: <numAgents>: 100000 agents of radius 0.5 cannot fit", 0), 0u) << err;
  // Bodies may reach past a region's edges: one agent in a point-like region is fine.
  EXPECT_EQ(errorOf(withRegion("1", "-8", "-8")), "");
}

// A region without extent on x or z (a point or a line) holds one body: more were piled onto it.
TEST(SteerSuiteScenario, RegionsWithoutExtentHoldOneBody) {
  const std::string point = errorOf(withRegion("3", "-8", "-8"));
  EXPECT_EQ(point.rfind("t.xml:23:", 0), 0u) << point;
  EXPECT_NE(point.find("<xmax>: equals <xmin>: a region without extent holds one agent, not 3"), std::string::npos) << point;
  const std::string obstacles = errorOf(minimalWith(
      "<circleObstacle>", "<obstacleRegion><numObstacles>2</numObstacles><regionBounds><xmin>5</xmin><xmax>9</xmax>"
                          "<ymin>0</ymin><ymax>0</ymax><zmin>5</zmin><zmax>5</zmax></regionBounds><obstacleSize>0.5</obstacleSize>"
                          "</obstacleRegion>\n  <circleObstacle>"));
  EXPECT_NE(obstacles.find("<zmax>: equals <zmin>: a region without extent holds one obstacle, not 2"), std::string::npos) << obstacles;
}

// strtod read C's hexadecimal numbers: <numAgents>0x3</numAgents> placed three agents.
TEST(SteerSuiteScenario, NumbersAreDecimal) {
  for (const std::string n : {"0x3", "0X3", "0x1p1"}) {
    const std::string err = errorOf(withRegion(n));
    EXPECT_EQ(err.rfind("t.xml:22:5: <numAgents>: expected a decimal number, got '" + n + "'", 0), 0u) << err;
  }
  EXPECT_EQ(errorOf(withRegion("3e0")), "");
}

// A number is all of its element's character data, as XML reads it: pugixml's text() gave the
// first run only, and "1<!-- c -->2" placed one agent where XML says twelve.
TEST(SteerSuiteScenario, ANumberSplitByACommentIsReadWhole) {
  const auto agentsOf = [](const std::string& numAgents) {
    return experiments::parseSteerSuiteScenario(withRegion(numAgents, "-9", "-3"), "t.xml", 1).world.agents.size();
  };
  const std::size_t twelve = agentsOf("12");
  EXPECT_EQ(twelve, agentsOf("1") + 11);  // the region's agents, with the file's own
  EXPECT_EQ(agentsOf("1<!-- c -->2"), twelve);
  EXPECT_EQ(agentsOf("1<?pi?>2"), twelve);
  EXPECT_EQ(agentsOf("<![CDATA[1]]>2"), twelve);
}

TEST(SteerSuiteScenario, ObstaclesOutsideTheWorldAreErrors) {
  const std::string far = errorOf(minimalWith("<radius>1</radius><height>1</height><position><x>0</x><y>0</y><z>0</z>",
                                              "<radius>1e6</radius><height>1</height><position><x>0</x><y>0</y><z>2e6</z>"));
  EXPECT_EQ(far.rfind("t.xml:8:3: <circleObstacle>: the obstacle reaches outside the world", 0), 0u) << far;
  const std::string wall = errorOf(minimalWith(
      "<circleObstacle>", "<orientedWallObstacle><position><x>0</x><y>0</y><z>8</z></position><length>30</length>"
                          "</orientedWallObstacle>\n  <circleObstacle>"));
  EXPECT_NE(wall.find("<orientedWallObstacle>: the obstacle reaches outside the world"), std::string::npos) << wall;
}

TEST(SteerSuiteScenario, SelfIntersectingPolygonsAreErrors) {
  const std::string bowTie = errorOf(minimalWith(
      "<circleObstacle>", "<polygonObstacle><vertex><x>0</x><z>3</z></vertex><vertex><x>4</x><z>7</z></vertex>"
                          "<vertex><x>4</x><z>3</z></vertex><vertex><x>0</x><z>4</z></vertex></polygonObstacle>\n  <circleObstacle>"));
  EXPECT_NE(bowTie.find("t.xml:8:3: <polygonObstacle>: the polygon crosses or touches itself"), std::string::npos) << bowTie;
}

// The YAML reader's limits on an initial speed.
TEST(SteerSuiteScenario, InitialSpeedIsLimited) {
  const std::string err = errorOf(minimalWith("<speed>0</speed>", "<speed>1e300</speed>"));
  EXPECT_NE(err.find("t.xml:15:7: <speed>: must be in [-1000, 1000], got '1e300'"), std::string::npos) << err;
  EXPECT_EQ(errorOf(minimalWith("<speed>0</speed>", "<speed>-2</speed>")), "");
}

namespace {
// An <agent> at (x, z) with `position` either that point or <random>.
std::string agentAt(const std::string& x, const std::string& z, bool random = false) {
  const std::string position = random ? "<position><random>true</random></position>"
                                      : "<position><x>" + x + "</x><y>0</y><z>" + z + "</z></position>";
  return "  <agent>\n    <initialConditions><radius>0.5</radius>" + position +
         "</initialConditions>\n    <goalSequence><idle><timeDuration>1</timeDuration></idle></goalSequence>\n  </agent>\n";
}
}  // namespace

// Bodies overlapping at the start are an error, so random placement must keep clear of every
// agent at a given position, also of one listed after the region (it once saw only the agents
// read before it) and whatever the seed; a random <agent> position keeps clear of them too.
TEST(SteerSuiteScenario, RandomPlacementKeepsClearOfAgentsListedLater) {
  const std::string later = agentAt("-8", "-8") + agentAt("", "", true) + "</SteerBenchTestCase>";
  std::string text = withRegion("6", "-9.5", "-6.5");
  text.replace(text.rfind("</SteerBenchTestCase>"), std::string("</SteerBenchTestCase>").size(), later);
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    SCOPED_TRACE(seed);
    const auto s = experiments::parseSteerSuiteScenario(text, "t.xml", seed);
    ASSERT_EQ(s.world.agents.size(), 9u);
    for (std::size_t i = 0; i < s.world.agents.size(); ++i)
      for (std::size_t j = 0; j < i; ++j) {
        const auto& a = s.world.agents[i];
        const auto& b = s.world.agents[j];
        ASSERT_GE((a.state.position - b.state.position).norm(), a.radius + b.radius - 1e-12) << i << " overlaps " << j;
      }
  }
}

TEST(SteerSuiteScenario, AgentsGivenOverlappingPositionsAreAnError) {
  const std::string text = minimalWith("</SteerBenchTestCase>", agentAt("-5.5", "0") + "</SteerBenchTestCase>");
  EXPECT_EQ(errorOf(text).rfind("t.xml:21:3: agent 1: starts overlapping agent 0 'a' by 0.5 m", 0), 0u) << errorOf(text);
  EXPECT_EQ(errorOf(minimalWith("</SteerBenchTestCase>", agentAt("-4", "0") + "</SteerBenchTestCase>")), "");  // touching
}

// SteerSuite fixes no speed limit: a goal's desiredSpeed above our 2.6 m/s raises that agent's
// limit to it (the agent was capped at 2.6 without a word); goals at or below it change nothing.
TEST(SteerSuiteScenario, AGoalFasterThanTheDefaultLimitRaisesIt) {
  const auto read = [](const std::string& speed) {
    return experiments::parseSteerSuiteScenario(
        minimalWith("<desiredSpeed>1.3</desiredSpeed>", "<desiredSpeed>" + speed + "</desiredSpeed>"), "t.xml", 1);
  };
  const auto fast = read("5");
  ASSERT_EQ(fast.world.agents.size(), 1u);
  EXPECT_EQ(fast.world.agents[0].maxSpeed, 5.0);
  EXPECT_EQ(fast.world.agents[0].goals[0].desiredSpeed, 5.0);
  EXPECT_EQ(read("2").world.agents[0].maxSpeed, 2.6);
}

// Both spellings of SteerSuite's behaviour hints are skipped inside a goal, as between goals.
TEST(SteerSuiteScenario, BehaviourHintsInEitherSpellingAreSkippedInsideAGoal) {
  for (const std::string tag : {"Behaviour", "Behavior"}) {
    const std::string hint = "<" + tag + "><SteeringAlgorithm>x</SteeringAlgorithm></" + tag + ">";
    EXPECT_EQ(errorOf(minimalWith("<timeDuration>100</timeDuration>", "<timeDuration>100</timeDuration>" + hint)), "") << tag;
  }
}

// XML's own references are read (its five entities and character references, in text and in
// comments alike), and any other '&' is refused where it stands: pugixml left "&lol9;" and a bare
// '&' in the text as they were, and they became a scenario's name.
TEST(SteerSuiteScenario, ReferencesAreXmlsOwnOrRefused) {
  const auto named = [](const std::string& name) {
    return minimalWith("<name>ok</name>", "<name>" + name + "</name><!-- & and &lol; -->");
  };
  const auto s = experiments::parseSteerSuiteScenario(named("a &amp; b &#x41;&#65; &lt;&gt;&quot;&apos;"), "t.xml", 1);
  EXPECT_EQ(s.name, "a & b AA <>\"'");
  EXPECT_EQ(errorOf(named("<![CDATA[AT&T]]>")), "");
  EXPECT_NE(errorOf(named("crowd &lol9;")).find("t.xml:5:17: the entity '&lol9;' is not defined"), std::string::npos)
      << errorOf(named("crowd &lol9;"));
  for (const std::string bare : {"AT&T", "a & b"})
    EXPECT_NE(errorOf(named(bare)).find("t.xml:5:"), std::string::npos) << bare << ": " << errorOf(named(bare));
  for (const std::string bare : {"AT&T", "a & b"})
    EXPECT_NE(errorOf(named(bare)).find("a bare '&'"), std::string::npos) << bare << ": " << errorOf(named(bare));
  for (const std::string wrong : {"&#;", "&#xZ;", "&#12a;", "&verylongentityname;", "&a-b.c:d;"})
    EXPECT_NE(errorOf(named(wrong)).find("is not defined"), std::string::npos) << wrong << ": " << errorOf(named(wrong));
}
