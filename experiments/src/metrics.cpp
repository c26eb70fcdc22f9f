#include "steer/experiments/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <vector>

namespace steer::experiments {

std::size_t RunMetrics::reached() const {
  return static_cast<std::size_t>(std::count_if(agents.begin(), agents.end(), [](const auto& a) { return a.reached; }));
}

double RunMetrics::successRate() const { return agents.empty() ? 0.0 : static_cast<double>(reached()) / agents.size(); }

std::optional<double> RunMetrics::meanTimeToGoal() const {
  double sum = 0.0;
  std::size_t n = 0;
  for (const auto& a : agents)
    if (a.reached) sum += a.timeToGoal, ++n;
  if (n == 0) return std::nullopt;
  return sum / n;
}

double RunMetrics::meanPathLength() const {
  double sum = 0.0;
  for (const auto& a : agents) sum += a.pathLength;
  return agents.empty() ? 0.0 : sum / agents.size();
}

// SteerBench composite01: 50 × unique collisions + time enabled + Σ frames ½|v|², averaged over
// agents. composite02 adds Σ frames |Δv| / frame time.
double RunMetrics::composite01() const {
  double sum = 0.0;
  for (const auto& a : agents) sum += 50.0 * a.collisions + a.timeEnabled + a.kineticSum;
  return agents.empty() ? 0.0 : sum / agents.size();
}

double RunMetrics::composite02() const {
  double sum = 0.0;
  for (const auto& a : agents) sum += 50.0 * a.collisions + a.timeEnabled + a.kineticSum + a.accelerationSum;
  return agents.empty() ? 0.0 : sum / agents.size();
}

void MetricsRecorder::onStart(const sim::World& world, const sim::Planner&) {
  metrics_ = {};
  metrics_.agents.resize(world.agents.size());
  lastFrameVelocity_.resize(world.agents.size());
  wasEnabled_.resize(world.agents.size());
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    lastFrameVelocity_[i] = world.agents[i].state.velocity();
    wasEnabled_[i] = world.agents[i].enabled;
  }
  lastTime_ = world.time;
  nextFrame_ = 1;
  contacts(world);
}

void MetricsRecorder::frames(const sim::World& world, std::span<const sim::Vec3> previous, double t0, double t1) {
  const double dt = t1 - t0;
  if (dt <= 0.0) return;
  // Every SteerBench frame time inside (t0, t1] sees this step's mean velocity.
  while (nextFrame_ * kSteerBenchFrame <= t1 + 1e-9) {
    for (std::size_t i = 0; i < world.agents.size(); ++i) {
      if (!wasEnabled_[i]) continue;
      const sim::Vec3 v = (world.agents[i].state.position - previous[i]) / dt;
      auto& m = metrics_.agents[i];
      m.kineticSum += 0.5 * v.squaredNorm();
      m.accelerationSum += (v - lastFrameVelocity_[i]).norm() / kSteerBenchFrame;
      lastFrameVelocity_[i] = v;
      ++m.frames;
    }
    ++nextFrame_;
  }
}

namespace {
// Uniform hash grid over the x–y(–z) cells of side `cell`.
struct Grid {
  double cell;
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> cells;
  static std::uint64_t pack(long x, long y, long z) {
    return (static_cast<std::uint64_t>(x & 0x1fffff) << 42) | (static_cast<std::uint64_t>(y & 0x1fffff) << 21) |
           static_cast<std::uint64_t>(z & 0x1fffff);
  }
  long c(double v) const { return std::lround(std::floor(v / cell)); }
  /// Cells a box covers (as a double: a huge box must not overflow the count).
  double cellsOf(const sim::Vec3& lo, const sim::Vec3& hi) const {
    double n = 1.0;
    for (int k = 0; k < 3; ++k) n *= std::floor(hi[k] / cell) - std::floor(lo[k] / cell) + 1.0;
    return n;
  }
  void insertBox(const sim::Vec3& lo, const sim::Vec3& hi, std::uint32_t id) {
    for (long x = c(lo.x()); x <= c(hi.x()); ++x)
      for (long y = c(lo.y()); y <= c(hi.y()); ++y)
        for (long z = c(lo.z()); z <= c(hi.z()); ++z) cells[pack(x, y, z)].push_back(id);
  }
  template <class F>
  void query(const sim::Vec3& lo, const sim::Vec3& hi, F&& f) const {
    for (long x = c(lo.x()); x <= c(hi.x()); ++x)
      for (long y = c(lo.y()); y <= c(hi.y()); ++y)
        for (long z = c(lo.z()); z <= c(hi.z()); ++z) {
          const auto it = cells.find(pack(x, y, z));
          if (it != cells.end())
            for (auto id : it->second) f(id);
        }
  }
};
}  // namespace

void MetricsRecorder::contacts(const sim::World& world) {
  double maxRadius = 0.0;
  for (const auto& a : world.agents)
    if (a.enabled) maxRadius = std::max(maxRadius, a.radius);
  const double reach = 2.0 * maxRadius + horizon_;
  Grid agents{std::max(reach, 1e-3), {}};
  for (const auto& a : world.agents)
    if (a.enabled) agents.insertBox(a.state.position, a.state.position, a.id);
  Grid pieces{std::max(reach, 1e-3), {}};
  // A piece far larger than the cells (a lake of a kilometre among agents of half a metre) would
  // fill millions of cells every step: such pieces are checked against every agent instead.
  constexpr double kMostCellsPerPiece = 4096;
  std::vector<std::uint32_t> large;
  const auto& ps = world.pieces();
  for (std::uint32_t k = 0; k < ps.size(); ++k) {
    const auto& p = ps[k];
    sim::Vec3 lo, hi;
    if (p.kind == sim::ObstaclePiece::Kind::Ball) {
      const sim::Vec3 r = sim::Vec3::Constant(p.ball.radius);
      lo = p.ball.center - r;
      hi = p.ball.center + r;
    } else {
      const sim::Vec3 a = geometry::lift(p.segment.a), b = geometry::lift(p.segment.b);
      lo = a.cwiseMin(b);
      hi = a.cwiseMax(b);
    }
    if (pieces.cellsOf(lo, hi) > kMostCellsPerPiece)
      large.push_back(k);
    else
      pieces.insertBox(lo, hi, k);
  }
  std::set<std::pair<std::uint32_t, std::uint32_t>> nowAgents, nowObstacles;
  for (const auto& a : world.agents) {
    if (!a.enabled) continue;
    const sim::Vec3 r = sim::Vec3::Constant(reach);
    agents.query(a.state.position - r, a.state.position + r, [&](std::uint32_t j) {
      if (j <= a.id) return;
      const auto& b = world.agents[j];
      const double gap = (b.state.position - a.state.position).norm() - a.radius - b.radius;
      if (gap <= horizon_) metrics_.minClearance = std::min(metrics_.minClearance.value_or(gap), gap);
      if (gap < -kCollisionOverlap) nowAgents.insert({a.id, j});
    });
    std::set<std::uint32_t> seen;
    const auto piece = [&](std::uint32_t k) {
      if (!seen.insert(k).second) return;
      const double gap = sim::distanceToPiece(ps[k], a.state.position) - a.radius;
      if (gap <= horizon_) metrics_.minClearance = std::min(metrics_.minClearance.value_or(gap), gap);
      if (gap < -kCollisionOverlap) nowObstacles.insert({a.id, ps[k].obstacle});
    };
    pieces.query(a.state.position - r, a.state.position + r, piece);
    for (std::uint32_t k : large) piece(k);
  }
  for (const auto& c : nowAgents)
    if (!agentContacts_.count(c)) {
      ++metrics_.agentAgentCollisions;
      ++metrics_.agents[c.first].collisions;
      ++metrics_.agents[c.second].collisions;
    }
  for (const auto& c : nowObstacles)
    if (!obstacleContacts_.count(c)) {
      ++metrics_.agentObstacleCollisions;
      ++metrics_.agents[c.first].collisions;
    }
  agentContacts_ = std::move(nowAgents);
  obstacleContacts_ = std::move(nowObstacles);
}

void MetricsRecorder::onStep(const sim::World& world, const sim::Planner&, std::span<const sim::Vec3> previous) {
  const double dt = world.time - lastTime_;
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    if (!wasEnabled_[i]) continue;
    auto& m = metrics_.agents[i];
    const double moved = (world.agents[i].state.position - previous[i]).norm();
    m.pathLength += moved;
    m.timeEnabled += dt;
    if (moved < kStallSpeed * dt) {
      m.timeStalled += dt;
      m.stalledAtEnd += dt;
    } else {
      m.stalledAtEnd = 0.0;
    }
  }
  frames(world, previous, lastTime_, world.time);
  contacts(world);
  for (std::size_t i = 0; i < world.agents.size(); ++i) wasEnabled_[i] = world.agents[i].enabled;
  lastTime_ = world.time;
}

void MetricsRecorder::onFinish(const sim::World& world) {
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    const auto& a = world.agents[i];
    auto& m = metrics_.agents[i];
    m.reached = a.finishTime >= 0.0 && a.goalsTimedOut == 0 && !a.goals.empty();
    m.timeToGoal = m.reached ? a.finishTime : -1.0;
  }
}

}  // namespace steer::experiments
