#pragma once
/// @file Case generators. generateCase(seed) draws one of eight scenario families: a random mix
/// of everything (obstacles of every shape, crossing and collinear walls, coincident agents, exact
/// radii, teleports, speed-bound liars, agents disabled with positions that are not finite, tiny
/// and huge scales, far offsets), and seven targeted families.
#include <cstdint>
#include <optional>

#include "fuzz/case_random.hpp"
#include "fuzz/fuzz_case.hpp"

namespace steer::fuzz {

enum class Scenario {
  Mixed,            ///< the random mix
  Crowd,            ///< bench::CrowdMotion (the conformance tests' motion) with perturbations
  Long,             ///< a few agents over 4,100+ steps: the motion clock's epochs and rebases
  Clusters,         ///< agents on a few exact sites, hopping between them
  WallHuggers,      ///< agents walking along grid walls, past their ends and through junctions
  MovingObstacles,  ///< moving walls, boxes and balls sweeping through slow agents
  Renumbering,      ///< 1,000+ agents with a tiny renumberAfter (the Hilbert re-layout)
  NearCollinear,    ///< walls collinear up to rounding, far out, crossed by others
};
inline constexpr int kScenarioCount = 8;
const char* scenarioName(Scenario s);

struct GenerateOptions {
  std::optional<ProviderKind> provider = {};  ///< empty: drawn (and the dimension with it)
  std::optional<Scenario> scenario = {};      ///< empty: drawn
};

FuzzCase generateCase(std::uint64_t seed, const GenerateOptions& options = {});

// The families (generators_mixed.cpp, generators_scenarios.cpp). Each takes a case whose
// dimension, provider and provider settings are drawn, and fills in the rest.
FuzzCase generateMixed(std::uint64_t seed, const GenerateOptions& options);
FuzzCase generateCrowd(CaseRandom& random, FuzzCase c);
FuzzCase generateLong(CaseRandom& random, FuzzCase c);
FuzzCase generateClusters(CaseRandom& random, FuzzCase c);
FuzzCase generateWallHuggers(CaseRandom& random, FuzzCase c);
FuzzCase generateMovingObstacles(CaseRandom& random, FuzzCase c);
FuzzCase generateRenumbering(CaseRandom& random, FuzzCase c);
FuzzCase generateNearCollinear(CaseRandom& random, FuzzCase c);

/// A static wall from a to b.
void addWall(FuzzCase& c, const Vec2& a, const Vec2& b);

}  // namespace steer::fuzz
