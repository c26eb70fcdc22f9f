#include "steer/experiments/metrics.hpp"

#include "agent_cells.hpp"
#include "contact_grid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <vector>

#include "steer/sim/team_shares.hpp"
#include "steer/sim/team_size.hpp"

namespace steer::experiments {

std::size_t RunMetrics::reached() const {
  return static_cast<std::size_t>(std::count_if(agents.begin(), agents.end(), [](const auto& a) { return a.reached; }));
}

std::size_t RunMetrics::standingAtEnd() const {
  return static_cast<std::size_t>(std::count_if(agents.begin(), agents.end(), [](const auto& a) {
    // Agents still there: one whose seek timed out after it stood 5 s, and that left, is gone.
    return !a.reached && a.presentAtEnd && a.stalledAtEnd >= kStandingAtEnd;
  }));
}

std::size_t RunMetrics::outsideWorld() const {
  return static_cast<std::size_t>(
      std::count_if(agents.begin(), agents.end(), [](const auto& a) { return a.farthestOutsideWorld > 0.0; }));
}

double RunMetrics::farthestOutsideWorld() const {
  double farthest = 0.0;
  for (const auto& a : agents) farthest = std::max(farthest, a.farthestOutsideWorld);
  return farthest;
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
  indexStaticPieces(world);
  // At t = 0 the rows show every agent, also those start() disabled at once (no goals, or goals
  // already complete: their finishTime is now). The clearance at the start is measured with
  // them (an agent beside one of them had a clearance of null); their path, time and stall
  // figures stay out (wasEnabled_ as it was).
  for (std::size_t i = 0; i < world.agents.size(); ++i)
    if (world.agents[i].finishTime >= world.time) wasEnabled_[i] = true;
  contacts(world);
  for (std::size_t i = 0; i < world.agents.size(); ++i) wasEnabled_[i] = world.agents[i].enabled;
}

void MetricsRecorder::frames(const sim::World& world, std::span<const sim::Vec3> previous, double t0, double t1) {
  const double dt = t1 - t0;
  if (dt <= 0.0) return;
  // Every SteerBench frame time inside (t0, t1] sees this step's mean velocity: the frames
  // nextFrame_ … last.
  const auto inStep = [&](std::uint64_t frame) { return static_cast<double>(frame) * kSteerBenchFrame <= t1 + 1e-9; };
  if (!inStep(nextFrame_)) return;
  // A few frames are added one by one, as they always were (the sums keep their last bits); a
  // step of many (dt of hours: 2·10^11 frames a step, counted one by one, hung the run) at once.
  constexpr std::uint64_t kOneByOne = 64;
  std::uint64_t last = nextFrame_;
  if (inStep(nextFrame_ + kOneByOne)) {
    last = static_cast<std::uint64_t>(std::floor((t1 + 1e-9) / kSteerBenchFrame));
    while (last >= nextFrame_ && !inStep(last)) --last;
  }
  while (inStep(last + 1)) ++last;
  const std::uint64_t n = last - nextFrame_ + 1;
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    if (!wasEnabled_[i]) continue;
    const sim::Vec3 v = (world.agents[i].state.position - previous[i]) / dt;
    auto& m = metrics_.agents[i];
    const double kinetic = 0.5 * v.squaredNorm();
    if (n <= kOneByOne) {
      for (std::uint64_t k = 0; k < n; ++k) m.kineticSum += kinetic;
    } else {
      m.kineticSum += static_cast<double>(n) * kinetic;
    }
    // Δv at the step's first frame; at its later frames Δv = 0.
    m.accelerationSum += (v - lastFrameVelocity_[i]).norm() / kSteerBenchFrame;
    lastFrameVelocity_[i] = v;
    m.frames += n;
  }
  nextFrame_ = last + 1;
}

MetricsRecorder::MetricsRecorder(double clearanceHorizon, int threads, int minAgentsPerThread)
    : horizon_(clearanceHorizon),
      threads_(std::max(1, threads)),
      minAgentsPerThread_(std::max(1, minAgentsPerThread)),
      agentCells_(std::make_unique<AgentCells>()) {}
MetricsRecorder::~MetricsRecorder() = default;

// The agents a step's end shows (its rows of trajectories.csv): those enabled now, and those
// that were enabled during the step, such as an agent that completed its goals in it, drawn
// where it arrived. The contacts looked at the enabled ones only, and an agent arriving onto a
// neighbour's body overlapped it uncounted (no collision, the clearance of the step before).
bool MetricsRecorder::present(const sim::Agent& a) const { return a.enabled || wasEnabled_[a.id]; }

double MetricsRecorder::reach(const sim::World& world) const {
  double maxRadius = 0.0;
  for (const auto& a : world.agents)
    if (present(a)) maxRadius = std::max(maxRadius, a.radius);
  return std::max(2.0 * maxRadius + horizon_, 1e-3);
}

// The static pieces are indexed once: rebuilding their grid every step cost ~30 ms per step
// among 25,600 boxes, for 20 agents. The cell size only sets the speed of the queries (they
// cover the reach of each step), so the reach at the start serves for the whole run.
void MetricsRecorder::indexStaticPieces(const sim::World& world) {
  staticPieces_ = std::make_unique<PieceGrid>(reach(world), world.dimension == 2);
  movingPieces_.clear();
  const auto& ps = world.pieces();
  for (std::uint32_t k = 0; k < ps.size(); ++k) {
    if (ps[k].moving)
      movingPieces_.push_back(k);
    else
      staticPieces_->add(ps[k], k);
  }
  // World::pieces() lists each obstacle's pieces in one run, in obstacle order.
  piecesOf_.assign(world.obstacles.size(), {0, 0});
  for (std::uint32_t k = 0; k < ps.size(); ++k) {
    auto& [first, count] = piecesOf_[ps[k].obstacle];
    if (count == 0) first = k;
    ++count;
  }
  staticSolids_ = std::make_unique<ContactGrid>(reach(world));
  largeSolids_.clear();
  movingSolids_.clear();
  for (std::uint32_t o = 0; o < world.obstacles.size(); ++o) {
    if (!sim::isSolid(world.obstacles[o])) continue;
    if (!world.obstacles[o].isStatic()) {
      movingSolids_.push_back(o);
      continue;
    }
    const auto [first, count] = piecesOf_[o];
    if (count == 0) continue;
    sim::Vec3 lo = sim::Vec3::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
    for (std::uint32_t k = first; k < first + count; ++k) {
      const sim::PieceBounds b = sim::pieceBounds(ps[k]);
      lo = lo.cwiseMin(b.lo);
      hi = hi.cwiseMax(b.hi);
    }
    constexpr double kMostCellsPerSolid = 4096;
    if (staticSolids_->cellsOf(lo, hi) > kMostCellsPerSolid)
      largeSolids_.push_back(o);
    else
      staticSolids_->insert(lo, hi, o);
  }
}

// One thread's share of a step's contact search: its smallest gaps and the contacts it found.
// Minima and sets do not depend on the order the agents are looked at, so neither does the
// merged result on the number of threads.
struct MetricsRecorder::ContactShare {
  std::optional<double> minClearance, minObstacleClearance;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> agents, obstacles;
  std::vector<std::uint32_t> near;
};

namespace {
void lower(std::optional<double>& least, double v) { least = std::min(least.value_or(v), v); }
}  // namespace

void MetricsRecorder::contactsAround(const sim::World& world, const AgentCells& cells, std::size_t entry, double reach,
                                     const PieceGrid& moving, ContactShare& share) const {
  const AgentCells::Entry& a = cells.entries()[entry];
  const sim::Vec3 r = sim::Vec3::Constant(reach), lo = a.position - r, hi = a.position + r;
  cells.query(lo, hi, [&](const AgentCells::Entry& b) {
    if (b.id <= a.id) return;
    const double gap = (b.position - a.position).norm() - a.radius - b.radius;
    if (gap <= horizon_) lower(share.minClearance, gap);
    if (gap < -kCollisionOverlap) share.agents.emplace_back(a.id, b.id);
  });
  const auto& ps = world.pieces();
  std::vector<std::uint32_t>& near = share.near;
  near.clear();
  const auto collect = [&](std::uint32_t k) { near.push_back(k); };
  staticPieces_->query(lo, hi, collect);
  moving.query(lo, hi, collect);
  std::sort(near.begin(), near.end());
  near.erase(std::unique(near.begin(), near.end()), near.end());
  const auto obstacleGap = [&](double gap, std::uint32_t obstacle) {
    if (gap <= horizon_) {
      lower(share.minClearance, gap);
      lower(share.minObstacleClearance, gap);
    }
    if (gap < -kCollisionOverlap) share.obstacles.emplace_back(a.id, obstacle);
  };
  // Into a circle or sphere the gap goes on falling below −radius (a body through a ball's centre
  // read −radius, however deep).
  for (const std::uint32_t k : near) obstacleGap(sim::signedDistanceToPiece(ps[k], a.position) - a.radius, ps[k].obstacle);
  // Inside a solid, the gap is the depth below its surface, negative: measured by its sides
  // alone, a body deep inside a box had a positive gap and no collision (one passing through
  // counted two, entering and leaving).
  const auto inside = [&](std::uint32_t o) {
    const sim::Obstacle& obstacle = world.obstacles[o];
    if (!sim::obstacleContains(obstacle, sim::obstacleOffset(obstacle, world.time), a.position, 0.0)) return;
    double depth = std::numeric_limits<double>::infinity();
    const auto [first, count] = piecesOf_[o];
    for (std::uint32_t k = first; k < first + count; ++k) depth = std::min(depth, sim::distanceToPiece(ps[k], a.position));
    if (count > 0) obstacleGap(-depth - a.radius, o);
  };
  const sim::Vec3 flat(a.position.x(), a.position.y(), 0.0);
  staticSolids_->query(flat, flat, inside);
  for (const std::uint32_t o : largeSolids_) inside(o);
  for (const std::uint32_t o : movingSolids_) inside(o);
}

void MetricsRecorder::contacts(const sim::World& world) {
  const double reach = this->reach(world);
  agentCells_->rebuild(world, reach, [&](const sim::Agent& a) { return present(a); });
  PieceGrid moving(reach, world.dimension == 2);
  for (const std::uint32_t k : movingPieces_) moving.add(world.pieces()[k], k);
  const auto n = static_cast<std::int64_t>(agentCells_->entries().size());
  const int threads = sim::teamSize(agentCells_->entries().size(), threads_, minAgentsPerThread_);
  std::vector<ContactShare> shares(static_cast<std::size_t>(threads));
  // In cell order: the agents near one another are near in memory (and a thread's share is one
  // part of the world).
  sim::forShares(threads, n, [&](int t, std::int64_t begin, std::int64_t end) {
    ContactShare& share = shares[static_cast<std::size_t>(t)];
    for (std::int64_t e = begin; e < end; ++e) contactsAround(world, *agentCells_, static_cast<std::size_t>(e), reach, moving, share);
  });
  std::set<std::pair<std::uint32_t, std::uint32_t>> nowAgents, nowObstacles;
  for (const ContactShare& share : shares) {
    if (share.minClearance) lower(metrics_.minClearance, *share.minClearance);
    if (share.minObstacleClearance) lower(metrics_.minObstacleClearance, *share.minObstacleClearance);
    nowAgents.insert(share.agents.begin(), share.agents.end());
    nowObstacles.insert(share.obstacles.begin(), share.obstacles.end());
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

void MetricsRecorder::onContacts(const sim::World& world, std::span<const sim::Contact> contacts) {
  stepObstacleContacts_.clear();
  for (const auto& c : contacts) {
    if (!c.withObstacle)
      ++metrics_.agentAgentContacts;
    else
      stepObstacleContacts_.emplace_back(c.a, world.pieces()[c.piece].obstacle);
  }
  // A body that reaches a box's corner touches two of its edges at once: one obstacle.
  std::sort(stepObstacleContacts_.begin(), stepObstacleContacts_.end());
  metrics_.agentObstacleContacts += static_cast<std::uint64_t>(
      std::unique(stepObstacleContacts_.begin(), stepObstacleContacts_.end()) - stepObstacleContacts_.begin());
}

void MetricsRecorder::onStep(const sim::World& world, const sim::Planner&, std::span<const sim::Vec3> previous) {
  const double dt = world.time - lastTime_;
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    if (!wasEnabled_[i]) continue;
    auto& m = metrics_.agents[i];
    const sim::Vec3& p = world.agents[i].state.position;
    const double moved = (p - previous[i]).norm();
    m.pathLength += moved;
    for (int k = 0; k < world.dimension; ++k)
      m.farthestOutsideWorld = std::max({m.farthestOutsideWorld, world.bounds.min[k] - p[k], p[k] - world.bounds.max[k]});
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
    m.presentAtEnd = a.enabled;
  }
}

}  // namespace steer::experiments
