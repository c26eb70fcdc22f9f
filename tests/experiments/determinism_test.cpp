// ARCHITECTURE.md §7: a hash of a short run's final state (positions, directions, speeds and
// the model's own state, bit for bit), the same for 1 and 2 threads and across two runs. The
// value is not pinned: any deliberate change of a model changes it. Separate processes are
// compared in command_test.cpp (byte-identical trajectories across the three providers).
#include <gtest/gtest.h>

#include <cstring>

#include "steer/experiments/factory.hpp"

using namespace steer;

namespace {
std::uint64_t fnv1a(std::uint64_t h, const void* data, std::size_t n) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001b3ULL;
  return h;
}

std::uint64_t finalStateHash(int threads, const std::string& model, const std::string& neighbors) {
  auto s = experiments::loadScenario(std::string(STEER_TEST_DATA_DIR) + "/steersuite/crowd_region_300.xml", 3, true);
  s.model = model;
  s.neighbors = neighbors;
  s.settings.threads = threads;
  s.settings.duration = 4.0;
  auto simulation = experiments::makeSimulation(s);
  simulation.run();
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const auto& a : simulation.world().agents) {
    h = fnv1a(h, a.state.position.data(), 3 * sizeof(double));
    h = fnv1a(h, a.state.direction.data(), 3 * sizeof(double));
    h = fnv1a(h, &a.state.speed, sizeof(double));
    h = fnv1a(h, a.state.model.data(), a.state.model.size() * sizeof(double));
  }
  return h;
}
}  // namespace

TEST(Determinism, SameHashForOneAndTwoThreadsAndAcrossRuns) {
  for (const std::string model : {"straight", "goldenstein", "reynolds"}) {
    SCOPED_TRACE(model);
    const auto once = finalStateHash(1, model, "brute");
    EXPECT_EQ(once, finalStateHash(1, model, "brute"));
    EXPECT_EQ(once, finalStateHash(2, model, "brute"));
  }
  // The Goldenstein model's default provider, too.
  EXPECT_EQ(finalStateHash(1, "goldenstein", "kinetic"), finalStateHash(2, "goldenstein", "kinetic"));
}
