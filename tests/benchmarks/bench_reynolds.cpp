// Reynolds 2000's bin-lattice claim (issue #6): one flocking step of N boids with the lattice
// provider against brute force. reynolds-2000 timed the *locality queries* of a 1,000-bird
// flock ("performing locality queries with the bin-lattice spatial subdivision was about 16
// times faster than the naive O(n²) implementation"): BM_BoidsQueries_* measure exactly that,
// every boid's near set after the flock moved. BM_Boids_* measure the whole step, where the
// steering itself (the same for both) bounds the ratio. A step is: every boid gathers its near
// environment and runs ReynoldsModel (flocking + containment) through the simple vehicle model,
// then the provider is brought up to date. The density is the same for every N, so the lattice's
// time per boid should stay flat while brute force grows linearly per boid. Two densities, the
// third benchmark argument, in boids per lattice bin (bins are one near radius wide):
//   1: the 2000 paper's set-up, "a 10x10x10 lattice of 1000 bins" around the flock for 1000 birds
//      (about 4 boids per near sphere);
//   4: a denser flock (about 15 boids per near sphere), where a query reads ~100 candidates.
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>
#include <random>
#include <utility>
#include <vector>
#include <algorithm>

#include "steer/environment/brute_force_provider.hpp"
#include "steer/environment/lattice_provider.hpp"
#include "steer/reynolds/reynolds_model.hpp"

namespace {

using namespace steer;
using sim::Vec3;

constexpr double kNearRadius = 2.0;  // m

// Boids per m³ for `boidsPerBin` boids in each near-radius cube.
double densityFor(int boidsPerBin) { return boidsPerBin / (kNearRadius * kNearRadius * kNearRadius); }

// The flock's region: a cube of edge `side` centred on (0, 0, side/2 + kNearRadius), in the air.
// A flying Reynolds vehicle does not go through the ground (z = 0 without a height field): a
// flock straddling z = 0 would have its lower half flattened onto the ground plane in the first
// step, and the near sets the step's update computes would be those of that dense layer (11
// neighbours per boid at 1,000, 40 at 100,000, instead of 4).
Vec3 flockCenter(double side) { return Vec3(0.0, 0.0, side / 2 + kNearRadius); }

// `spatialIds`: number the boids in the order of the lattice bins that hold them (z, y, then x:
// the bins of a lattice over the world's bounds with bins of one near radius, as the provider
// builds it), as a simulation that renumbers its agents for locality would have them; otherwise
// the numbering is random in space. The step visits agents by number (as sim::Simulation does),
// so with random numbers every neighbour read is a cache miss once the flock outgrows the cache.
sim::World boidWorld(int n, bool spatialIds, double density) {
  const double side = std::cbrt(n / density);
  sim::World w;
  w.dimension = 3;
  // The lattice spans the world: as in the paper, "the big box is selected to surround the area of
  // interest", the flock's containment region plus one near radius.
  const double half = side / 2 + kNearRadius;
  const Vec3 center = flockCenter(side);
  w.bounds = {center - Vec3::Constant(half), center + Vec3::Constant(half)};
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> u(-side / 2, side / 2);
  std::normal_distribution<double> g(0, 1);
  std::vector<std::pair<Vec3, Vec3>> boids(n);
  for (auto& [position, direction] : boids) {
    position = center + Vec3(u(rng), u(rng), u(rng));
    direction = Vec3(g(rng), g(rng), g(rng)).normalized();
  }
  if (spatialIds) {
    const environment::BinLattice bins(w.bounds.min, w.bounds.max,
                                       environment::BinLattice::divisionsFor(w.bounds.min, w.bounds.max, kNearRadius, 3));
    std::stable_sort(boids.begin(), boids.end(),
                     [&](const auto& a, const auto& b) { return bins.binOf(a.first) < bins.binOf(b.first); });
  }
  w.agents.resize(n);
  for (int i = 0; i < n; ++i) {
    auto& a = w.agents[i];
    a.id = static_cast<sim::AgentIndex>(i);
    a.radius = 0.2;
    a.nearRadius = kNearRadius;
    a.maxSpeed = 2.0;
    a.staysAfterGoals = true;
    a.state.position = boids[i].first;
    a.state.direction = boids[i].second;
    a.state.speed = 1.0;
  }
  w.refreshPieces();
  return w;
}

reynolds::ReynoldsParameters boidParameters(double side) {
  reynolds::ReynoldsParameters p;
  reynolds::BehaviorSpec flock;
  flock.kind = reynolds::BehaviorKind::Flocking;
  flock.flocking.separation = {1.0, 3.14159265358979323846};
  flock.flocking.alignment = {kNearRadius, 2.5};
  flock.flocking.cohesion = {kNearRadius, 2.5};
  reynolds::BehaviorSpec contain;
  contain.kind = reynolds::BehaviorKind::Containment;
  contain.highRate = true;
  contain.region.min = flockCenter(side) - Vec3::Constant(side / 2);
  contain.region.max = flockCenter(side) + Vec3::Constant(side / 2);
  p.behaviors = {contain, flock};
  return p;
}

// `queriesOnly`: time only the provider's update (the locality queries of the 2000 paper's
// measurement), not the steering.
void flockingStep(benchmark::State& state, std::unique_ptr<sim::NeighborProvider> provider, bool queriesOnly) {
  const int n = static_cast<int>(state.range(0));
  const double density = densityFor(static_cast<int>(state.range(2)));
  const sim::World initial = boidWorld(n, state.range(1) != 0, density);
  sim::World world = initial;
  const reynolds::ReynoldsModel model(boidParameters(std::cbrt(n / density)));
  const sim::Noise noise(1);
  const sim::IntegratorSettings integrator;
  std::vector<sim::AgentState> next(n);
  std::vector<Vec3> previous(n);
  sim::NearEnvironment near;
  std::vector<sim::AgentKinematics> kinematics;
  double neighbours = 0.0;
  for (auto _ : state) {
    // Every iteration times the same step from the same state (the flock would clump otherwise).
    state.PauseTiming();
    world = initial;
    for (auto& a : world.agents) model.initialize(a, 3);
    provider->reset(world);
    if (queriesOnly) {
      for (int i = 0; i < n; ++i) {
        previous[i] = world.agents[i].state.position;
        world.agents[i].state.position += 0.05 * world.agents[i].state.velocity();
      }
      world.time += 0.05;
    }
    state.ResumeTiming();
    if (!queriesOnly) {
      // As sim::Simulation::step does: one dense snapshot of the agents, then the gathering.
      sim::snapshotKinematics(world, kinematics);
      for (int i = 0; i < n; ++i) {
        sim::gatherNearEnvironment(world, kinematics, *provider, static_cast<sim::AgentIndex>(i), near);
        neighbours += near.agents.size();
        const sim::StepInput in{world, world.agents[i], near, Vec3::Zero(), world.time, 0.05, 0, integrator, noise};
        next[i] = model.advance(in);
      }
      for (int i = 0; i < n; ++i) {
        previous[i] = world.agents[i].state.position;
        world.agents[i].state = next[i];
      }
      world.time += 0.05;
    }
    provider->update(world, previous);
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.counters["per_boid"] = benchmark::Counter(static_cast<double>(state.iterations()) * n,
                                                  benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  if (!queriesOnly) state.counters["neighbours"] = neighbours / (static_cast<double>(state.iterations()) * n);
}

// Near sets only on both sides: neither provider looks for contacts between steps.
environment::LatticeSettings latticeSettings() {
  environment::LatticeSettings s;
  s.detectContacts = false;
  return s;
}
constexpr environment::BruteForceSettings kBruteNearSetsOnly{.detectContacts = false};

void BM_Boids_Lattice(benchmark::State& state) {
  flockingStep(state, std::make_unique<environment::LatticeProvider>(latticeSettings()), false);
}
void BM_Boids_Brute(benchmark::State& state) {
  flockingStep(state, std::make_unique<environment::BruteForceProvider>(kBruteNearSetsOnly), false);
}
// The locality queries alone (every boid's near set after one move), as reynolds-2000 measured.
void BM_BoidsQueries_Lattice(benchmark::State& state) {
  flockingStep(state, std::make_unique<environment::LatticeProvider>(latticeSettings()), true);
}
void BM_BoidsQueries_Brute(benchmark::State& state) {
  flockingStep(state, std::make_unique<environment::BruteForceProvider>(kBruteNearSetsOnly), true);
}

}  // namespace

// Arguments: N; 1 for spatially numbered boids (0: random numbering); boids per lattice bin (1:
// the 2000 paper's 10x10x10 lattice for 1000 birds, 4: a denser flock).
BENCHMARK(BM_Boids_Lattice)
    ->Args({1000, 1, 1})->Args({10000, 1, 1})->Args({100000, 1, 1})
    ->Args({1000, 1, 4})->Args({10000, 1, 4})->Args({100000, 1, 4})->Args({1000, 0, 4})->Args({100000, 0, 4})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Boids_Brute)->Args({1000, 1, 1})->Args({10000, 1, 1})->Args({1000, 1, 4})->Args({10000, 1, 4})->Args({1000, 0, 4})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BoidsQueries_Lattice)
    ->Args({1000, 1, 1})->Args({100000, 1, 1})->Args({1000, 0, 1})->Args({100000, 0, 1})
    ->Args({1000, 1, 4})->Args({100000, 1, 4})->Args({1000, 0, 4})->Args({100000, 0, 4})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BoidsQueries_Brute)->Args({1000, 1, 1})->Args({1000, 0, 1})->Args({1000, 1, 4})->Args({1000, 0, 4})
    ->Unit(benchmark::kMillisecond);
