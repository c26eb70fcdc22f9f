#include "fuzz/generators.hpp"

namespace steer::fuzz {

const char* scenarioName(Scenario s) {
  static const char* const names[] = {"mixed",    "crowd",           "long",        "clusters",
                                      "wall-huggers", "moving-obstacles", "renumbering", "near-collinear"};
  return names[static_cast<int>(s)];
}

void addWall(FuzzCase& c, const Vec2& a, const Vec2& b) {
  ObstacleSpec wall;
  wall.shape = ObstacleSpec::Shape::Segment;
  wall.numbers = {a.x(), a.y(), b.x(), b.y()};
  c.obstacles.push_back(wall);
}

FuzzCase generateCase(std::uint64_t seed, const GenerateOptions& options) {
  CaseRandom random(seed ^ 0xABCDEF12345ull);
  Scenario scenario = Scenario::Mixed;
  if (options.scenario) {
    scenario = *options.scenario;
  } else {
    // The mix most of the time; the families by how much each has found or guards.
    const int r = random.integer(0, 99);
    scenario = r < 45   ? Scenario::Mixed
               : r < 55 ? Scenario::Crowd
               : r < 57 ? Scenario::Long
               : r < 67 ? Scenario::Clusters
               : r < 77 ? Scenario::WallHuggers
               : r < 86 ? Scenario::MovingObstacles
               : r < 88 ? Scenario::Renumbering
                        : Scenario::NearCollinear;
  }
  if (scenario == Scenario::Mixed) return generateMixed(seed, options);

  FuzzCase c;
  const auto forced = options.provider;
  c.dimension = forced == ProviderKind::Kinetic2D ? 2 : forced == ProviderKind::Kinetic3D ? 3 : (random.chance(0.7) ? 2 : 3);
  random.dimension = c.dimension;
  c.provider = forced ? *forced
                      : random.chance(0.8) ? (c.dimension == 2 ? ProviderKind::Kinetic2D : ProviderKind::Kinetic3D)
                                           : ProviderKind::Lattice;
  c.detectContacts = random.chance(0.9);
  c.skin = random.chance(0.5) ? 0.3 : std::pow(10.0, random.uniform(-4, 0.3));
  c.moveThreshold = random.chance(0.5) ? 0.2 : std::pow(10.0, random.uniform(-3, 0.3));
  c.binsPerRadius = random.uniform(0.5, 3);
  switch (scenario) {
    case Scenario::Crowd: c = generateCrowd(random, c); break;
    case Scenario::Long: c = generateLong(random, c); break;
    case Scenario::Clusters: c = generateClusters(random, c); break;
    case Scenario::WallHuggers: c = generateWallHuggers(random, c); break;
    case Scenario::MovingObstacles: c = generateMovingObstacles(random, c); break;
    case Scenario::Renumbering: c = generateRenumbering(random, c); break;
    default: c = generateNearCollinear(random, c); break;
  }
  // Families that are 2D only have set the dimension; the kinetic provider follows it.
  if (c.provider == ProviderKind::Kinetic2D && c.dimension == 3) c.provider = ProviderKind::Kinetic3D;
  if (c.provider == ProviderKind::Kinetic3D && c.dimension == 2) c.provider = ProviderKind::Kinetic2D;
  // WallHuggers and NearCollinear are 2D: a provider asked for in 3D gets the mix instead.
  if (forced && c.provider != *forced) return generateMixed(seed, options);
  c.checkValid = c.agents() <= 40 && c.steps() <= 100 && random.chance(0.3);
  return c;
}

}  // namespace steer::fuzz
