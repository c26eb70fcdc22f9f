// Kinetic CDT near-environment vs a CGAL CDT rebuilt from scratch every step (issue #4).
// Crowd-like motion (benchmarks/crowd_motion.hpp): each agent moves at most 5% of the mean
// spacing per step with smoothly turning headings; near radius 3 spacings; N/200 random walls.
// The time measured is one step's maintenance of every agent's near set (the motion itself is
// excluded). BM_NearEnvironment_Kinetic maintains the near sets and obstacle pieces only, as the
// baseline does; ..._KineticWithContacts also finds the contacts between steps, as `steer run`
// uses it. Each times the same 200 steps after 10 untimed ones at every N (kTimedSteps).
// Counters: bytes per agent (heap held by the structure after the warm-up, measured with
// mallinfo2, small and mapped blocks, and the structure's own estimate), the peak of the heap
// from before reset() to the end of the timed steps (every block counted as it is taken and
// given back, heap_tracking.hpp, so blocks that live only within one update are in it; read
// between updates, as it was until 2026-11-30, it missed reset()'s transient, 1,305 B per agent
// at 10,000 agents against 865 after), certificate evaluations per agent per step and the
// renumberings in the window. The motion ignores walls (crowd_motion.hpp): crossings_per_step
// counts the agents whose step crossed one, each taken out of the triangulation and put back
// (~47 per step at 100,000 agents).
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Triangulation_vertex_base_with_info_2.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "benchmarks/crowd_motion.hpp"
#include "benchmarks/heap_tracking.hpp"
#include "benchmarks/near_environment_bench.hpp"
#include "steer/environment/brute_force_provider.hpp"
#include "steer/environment/kinetic_provider.hpp"
#include "steer/geometry/distance.hpp"

namespace {

using namespace steer;

using bench::checkSampleAgainstDefinition;
using bench::kTimedSteps;
using bench::kWarmUpSteps;

// The heap in use: small blocks (uordblks) and the large ones glibc maps on their own (hblkhd).
// uordblks alone left out the large arrays whenever glibc mapped them (whether it does depends on
// what was freed before in the process): 812 against 940 B per agent in one run at 10,000.
std::size_t heapBytes() {
  const struct mallinfo2 m = mallinfo2();
  return m.uordblks + m.hblkhd;
}

void runKinetic(benchmark::State& state, environment::KineticSettings kineticSettings) {
  const auto n = static_cast<std::size_t>(state.range(0));
  bench::CrowdMotion motion(bench::nearEnvironmentMotion(n));
  const std::size_t heapBefore = heapBytes();
  // The motion's own blocks are counted too, as mallinfo2 would; it takes none per step.
  bench::heapWindowStart();
  auto provider = std::make_unique<environment::KineticProvider>(kineticSettings);
  provider->reset(motion.world());
  for (int s = 0; s < kWarmUpSteps; ++s) {  // past the initial certification
    motion.step();
    provider->update(motion.world(), motion.previous());
  }
  const std::size_t heapAfter = heapBytes();
  const auto before = provider->counters();
  for (auto _ : state) {
    state.PauseTiming();
    motion.step();
    state.ResumeTiming();
    provider->update(motion.world(), motion.previous());
  }
  bench::heapWindowStop();
  const auto heapPeak = static_cast<double>(bench::heapWindowPeak());
  const auto allocations = static_cast<double>(bench::heapWindowAllocations());
  checkSampleAgainstDefinition(state, motion.world(), [&](sim::AgentIndex i) {
    const auto near = provider->neighbors(i);
    return std::vector<sim::AgentIndex>(near.begin(), near.end());
  });
  const auto& c = provider->counters();
  const double steps = static_cast<double>(c.steps - before.steps);
  state.counters["bytes_per_agent"] = static_cast<double>(heapAfter - heapBefore) / n;
  state.counters["peak_bytes_per_agent"] = heapPeak / n;
  // The counting costs each allocation an atomic add (the other benchmarks count nothing): few
  // per step, so the timed figure barely carries it.
  state.counters["allocations_per_step"] = allocations / (kWarmUpSteps + kTimedSteps);
  state.counters["est_bytes_per_agent"] = static_cast<double>(provider->memoryBytes()) / n;
  state.counters["cert_per_agent_step"] =
      static_cast<double>(c.certificateEvaluations() - before.certificateEvaluations()) / n / steps;
  state.counters["incircle_per_agent_step"] =
      static_cast<double>(c.inCircleEvaluations - before.inCircleEvaluations) / n / steps;
  state.counters["solves_per_agent_step"] =
      static_cast<double>(c.quarticSolves - before.quarticSolves) / n / steps;
  state.counters["distance_per_agent_step"] =
      static_cast<double>(c.distanceEvaluations - before.distanceEvaluations) / n / steps;
  state.counters["enters_per_agent_step"] = static_cast<double>(c.enters - before.enters) / n / steps;
  state.counters["visits_per_agent_step"] = static_cast<double>(c.agentVisits - before.agentVisits) / n / steps;
  state.counters["entries_per_visit"] = static_cast<double>(c.entriesScanned - before.entriesScanned) /
                                        std::max<double>(1.0, static_cast<double>(c.agentVisits - before.agentVisits));
  state.counters["walks_per_step"] = static_cast<double>(c.nearSetWalks - before.nearSetWalks) / steps;
  state.counters["crossings_per_step"] = static_cast<double>(c.wallCrossings - before.wallCrossings) / steps;
  state.counters["flips_per_step"] = static_cast<double>(c.flips - before.flips) / steps;
  state.counters["renumberings"] = static_cast<double>(c.renumberings - before.renumberings);
  state.counters["timed_steps"] = steps;
  state.counters["foldovers"] = static_cast<double>(c.foldOvers);
  state.counters["ns_per_agent"] = bench::nsPerAgent(n);
}

// Near sets (and obstacle pieces) only, as the Rebuild baseline and the lattice benchmark
// (bench_environment.cpp) compute them.
void BM_NearEnvironment_Kinetic(benchmark::State& state) {
  runKinetic(state, environment::KineticSettings{.detectContacts = false});
}

// The provider as `steer run` uses it: with continuous collision detection (contacts()).
void BM_NearEnvironment_KineticWithContacts(benchmark::State& state) { runKinetic(state, {}); }

// The baseline: the CGAL CDT of the agents and walls built from scratch each step, then each
// agent's near set by a walk of the triangulation inside its disc, filtered by line of sight,
// agent after agent in the triangulation's (spatially sorted) vertex order.
using K = CGAL::Exact_predicates_inexact_constructions_kernel;
using Vb = CGAL::Triangulation_vertex_base_with_info_2<std::uint32_t, K>;
using Fb = CGAL::Constrained_triangulation_face_base_2<K>;
using Tds = CGAL::Triangulation_data_structure_2<Vb, Fb>;
using CDT = CGAL::Constrained_Delaunay_triangulation_2<K, Tds, CGAL::Exact_predicates_tag>;

// The walls near each agent for the baseline's line-of-sight filter: a uniform grid of cells
// of side `cell`, each listing the walls whose bounding box grown by `reach` overlaps it, so an
// agent's cell lists every wall within `reach` of it. Walls are static, so the grid is built once
// outside the timed loop, as the kinetic provider builds its own static index in reset(). (An
// earlier version scanned every wall for every agent: N/200 walls each, an O(N) term that made
// the baseline 2.7 µs per agent slower at 100,000 agents than it needs to be.)
class WallGrid {
 public:
  WallGrid(std::vector<geometry::Segment> walls, double reach, double cell) : walls_(std::move(walls)), cell_(cell) {
    if (walls_.empty()) return;
    lo_ = hi_ = walls_.front().a;
    for (const auto& s : walls_)
      for (const auto& e : {s.a, s.b}) {
        lo_ = lo_.cwiseMin(e);
        hi_ = hi_.cwiseMax(e);
      }
    lo_.array() -= reach;
    hi_.array() += reach;
    nx_ = static_cast<int>((hi_.x() - lo_.x()) / cell_) + 1;
    ny_ = static_cast<int>((hi_.y() - lo_.y()) / cell_) + 1;
    cells_.resize(static_cast<std::size_t>(nx_) * ny_);
    for (std::uint32_t i = 0; i < walls_.size(); ++i) {
      const auto& s = walls_[i];
      const auto [x0, y0] = cellOf((s.a.cwiseMin(s.b).array() - reach).matrix());
      const auto [x1, y1] = cellOf((s.a.cwiseMax(s.b).array() + reach).matrix());
      for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) cells_[static_cast<std::size_t>(y) * nx_ + x].push_back(i);
    }
  }
  /// The walls within `reach` of p (and a few more), appended to `out`.
  void near(const geometry::Vec2& p, std::vector<geometry::Segment>& out) const {
    if (walls_.empty() || (p.array() < lo_.array()).any() || (p.array() > hi_.array()).any()) return;
    const auto [x, y] = cellOf(p);
    for (const auto i : cells_[static_cast<std::size_t>(y) * nx_ + x]) out.push_back(walls_[i]);
  }

 private:
  std::pair<int, int> cellOf(const geometry::Vec2& p) const {
    const auto clampTo = [](double v, int n) { return std::clamp(static_cast<int>(v), 0, n - 1); };
    return {clampTo((p.x() - lo_.x()) / cell_, nx_), clampTo((p.y() - lo_.y()) / cell_, ny_)};
  }
  std::vector<geometry::Segment> walls_;
  double cell_;
  geometry::Vec2 lo_ = geometry::Vec2::Zero(), hi_ = geometry::Vec2::Zero();
  int nx_ = 0, ny_ = 0;
  std::vector<std::vector<std::uint32_t>> cells_;
};

void BM_NearEnvironment_Rebuild(benchmark::State& state) {
  const auto n = static_cast<std::size_t>(state.range(0));
  bench::CrowdMotion motion(bench::nearEnvironmentMotion(n));
  std::vector<std::vector<sim::AgentIndex>> near(n);
  std::vector<std::uint32_t> mark;
  std::uint32_t stamp = 0;
  std::vector<CDT::Vertex_handle> stack;
  std::vector<std::uint32_t> order;
  std::vector<geometry::Segment> walls, sight;
  double reach = 0.0;
  for (const auto& a : motion.world().agents) reach = std::max(reach, a.nearRadius);
  for (const auto& piece : motion.world().pieces())
    if (piece.kind == sim::ObstaclePiece::Kind::Segment) walls.push_back(piece.segment);
  const WallGrid grid(walls, reach, 2.0 * reach);
  const auto rebuild = [&] {
    const sim::World& w = motion.world();
    CDT cdt;
    for (const auto& piece : w.pieces()) {
      if (piece.kind != sim::ObstaclePiece::Kind::Segment) continue;
      cdt.insert_constraint(K::Point_2(piece.segment.a.x(), piece.segment.a.y()),
                            K::Point_2(piece.segment.b.x(), piece.segment.b.y()));
    }
    std::uint32_t nextStatic = static_cast<std::uint32_t>(n);
    for (auto v = cdt.finite_vertices_begin(); v != cdt.finite_vertices_end(); ++v) v->info() = nextStatic++;
    std::vector<std::pair<K::Point_2, std::uint32_t>> points;
    points.reserve(n);
    for (std::uint32_t i = 0; i < n; ++i)
      points.push_back({K::Point_2(w.agents[i].state.position.x(), w.agents[i].state.position.y()), i});
    cdt.insert(points.begin(), points.end());
    std::vector<CDT::Vertex_handle> handle(n);
    for (auto v = cdt.finite_vertices_begin(); v != cdt.finite_vertices_end(); ++v)
      if (v->info() < n) handle[v->info()] = v;
    mark.assign(nextStatic, 0);
    // Queries in the triangulation's vertex order, i.e. CGAL's spatial sort of the insertion: a
    // query then reads what the previous one read. (In agent-id order, random in space, the
    // baseline was 35-55 % slower at 100,000 agents for reasons that have nothing to do with
    // rebuilding: the kinetic provider numbers its agents in space order too.)
    order.clear();
    for (auto v = cdt.finite_vertices_begin(); v != cdt.finite_vertices_end(); ++v)
      if (v->info() < n) order.push_back(v->info());
    for (std::uint32_t p : order) {
      ++stamp;
      auto& list = near[p];
      list.clear();
      const auto& pos = w.agents[p].state.position;
      const double r = w.agents[p].nearRadius;
      stack.assign(1, handle[p]);
      mark[p] = stamp;
      sight.clear();
      grid.near(geometry::xy(pos), sight);
      std::erase_if(sight, [&](const geometry::Segment& s) { return geometry::distanceToSegment(geometry::xy(pos), s) > r; });
      while (!stack.empty()) {
        auto v = stack.back();
        stack.pop_back();
        auto vc = cdt.incident_vertices(v), done = vc;
        do {
          if (cdt.is_infinite(vc)) continue;
          auto& m = mark[vc->info()];
          if (m == stamp) continue;
          m = stamp;
          const geometry::Vec2 q(vc->point().x(), vc->point().y());
          if ((q - geometry::xy(pos)).norm() > r) continue;
          stack.push_back(vc);
          if (vc->info() < n &&
              (sight.empty() || geometry::lineOfSight(geometry::xy(pos), q, sight)))
            list.push_back(vc->info());
        } while (++vc != done);
      }
      std::sort(list.begin(), list.end());
    }
    benchmark::DoNotOptimize(near.data());
  };
  // The same untimed steps as the kinetic benchmark (timed from the first, the figure was that of
  // the first rebuild in the process: first touch of every list, a fresh heap, 5-10 % above a
  // warm one).
  for (int s = 0; s < kWarmUpSteps; ++s) {
    motion.step();
    rebuild();
  }
  for (auto _ : state) {
    state.PauseTiming();
    motion.step();
    state.ResumeTiming();
    rebuild();
  }
  checkSampleAgainstDefinition(state, motion.world(), [&](sim::AgentIndex i) {
    return std::vector<sim::AgentIndex>(near[i].begin(), near[i].end());
  });
  state.counters["ns_per_agent"] = bench::nsPerAgent(n);
}

BENCHMARK(BM_NearEnvironment_Kinetic)->Arg(1000)->Arg(10000)->Arg(100000)->Iterations(kTimedSteps)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_NearEnvironment_KineticWithContacts)->Arg(1000)->Arg(10000)->Arg(100000)->Iterations(kTimedSteps)->Unit(benchmark::kMillisecond)->UseRealTime();
// A rebuild keeps nothing between steps, so its steps cost the same at any age: the first 20 of
// the window (timed for min_time, 100,000 agents timed a single step, the ratio's denominator,
// which moved by ± 1.2 µs per agent between repetitions).
BENCHMARK(BM_NearEnvironment_Rebuild)->Arg(1000)->Arg(10000)->Arg(100000)->Iterations(kTimedSteps / 10)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
