#include "steer/environment/lattice_provider.hpp"

#include <algorithm>
#include <cmath>

#include "finite_positions.hpp"
#include "steer/environment/collision.hpp"
#include "steer/geometry/distance.hpp"

namespace steer::environment {

using geometry::Vec2;
using geometry::Vec3;
using sim::AgentIndex;
using sim::ObstaclePiece;
using sim::PieceIndex;

namespace {

double largestNearRadius(const sim::World& world) {
  double r = 0.0;
  for (const auto& a : world.agents) r = std::max(r, a.nearRadius);
  return r;
}

}  // namespace

void LatticeProvider::reset(const sim::World& world) {
  requireFinitePositions(world, "lattice");
  dimension_ = world.dimension;
  queries_ = candidatesTested_ = 0;
  const double nearMax = largestNearRadius(world);
  const double binSize =
      settings_.binSize > 0.0 ? settings_.binSize : std::max(nearMax, 1e-6) / std::max(settings_.binsPerRadius, 1e-3);
  Vec3 lo = world.bounds.min, hi = world.bounds.max;
  if (dimension_ == 2) lo.z() = hi.z() = 0.0;
  // Room for about four agents per bin on average at least, so that a huge empty world with
  // small near disks does not cost more memory than the agents do.
  const std::size_t maxBins = std::max<std::size_t>(4096, 4 * world.agents.size());
  agents_ = BinLattice(lo, hi, BinLattice::divisionsFor(lo, hi, binSize, dimension_, maxBins));
  agents_.reserve(world.agents.size());
  const std::size_t n = world.agents.size();
  nearRadius_.assign(n, 0.0);
  neighborStart_.assign(n, 0);
  neighborCount_.assign(n, 0);
  obstacleStart_.assign(n, 0);
  obstacleCount_.assign(n, 0);
  contacts_.clear();
  syncAgents(world);
  indexPieces(world);
  binPieces(world.pieces(), moving_, movingBins_);
  previousTime_ = world.time;
  computeNearSets(world);
}

void LatticeProvider::update(const sim::World& world, std::span<const sim::Vec3> previous) {
  requireFinitePositions(world, "lattice");
  if (world.agents.size() != neighborCount_.size() || world.dimension != dimension_) {
    reset(world);  // the world changed shape: start again
    return;
  }
  syncAgents(world);
  if (world.pieces().size() != pieceCount_) indexPieces(world);
  binPieces(world.pieces(), moving_, movingBins_);
  computeNearSets(world);
  contacts_.clear();
  if (settings_.detectContacts && previous.size() == world.agents.size()) detectContacts(world, previous);
  for (std::size_t m = 0; m < moving_.size(); ++m) movingBefore_[m] = world.pieces()[moving_[m]];
  previousTime_ = world.time;
}

void LatticeProvider::syncAgents(const sim::World& world) {
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    const sim::Agent& a = world.agents[i];
    const auto id = static_cast<BinLattice::Id>(i);
    const bool in = agents_.contains(id);
    nearRadius_[i] = a.nearRadius;
    if (a.enabled && in)
      agents_.move(id, a.state.position);
    else if (a.enabled)
      agents_.insert(id, a.state.position);
    else if (in)
      agents_.remove(id);
  }
}

// The static pieces go in the bins once (again only if the number of pieces changes); the moving
// ones go in bins of their own at each update. Re-binning every piece at each step because one
// moved cost ~7 ms per step for 20 agents among 25,600 boxes.
void LatticeProvider::indexPieces(const sim::World& world) {
  const auto& pieces = world.pieces();
  pieceCount_ = pieces.size();
  pieceStamp_.assign(pieces.size(), 0);
  stamp_ = 0;
  moving_.clear();
  movingBefore_.clear();
  movingSlot_.assign(pieces.size(), kStatic);
  std::vector<PieceIndex> fixed;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    if (!pieces[k].moving) {
      fixed.push_back(static_cast<PieceIndex>(k));
      continue;
    }
    movingSlot_[k] = static_cast<std::uint32_t>(moving_.size());
    moving_.push_back(static_cast<PieceIndex>(k));
    movingBefore_.push_back(pieces[k]);
  }
  binPieces(pieces, fixed, staticBins_);
}

// Two passes (count, then fill) build the compressed rows. A piece is put in every bin of its
// x–y bounding box: a superset of the bins it meets.
void LatticeProvider::binPieces(const std::vector<ObstaclePiece>& pieces, std::span<const PieceIndex> which,
                                PieceBins& bins) const {
  bins.list.clear();
  if (which.empty()) {  // the common case at every update (no moving piece): no pass over the bins
    bins.start.clear();
    return;
  }
  const auto& n = agents_.divisions();
  const std::size_t cells = static_cast<std::size_t>(n[0]) * n[1];
  bins.start.assign(cells + 1, 0);
  std::vector<std::pair<std::uint32_t, PieceIndex>> entries;
  for (const PieceIndex k : which) {
    const sim::PieceBounds box = sim::pieceBounds(pieces[k]);
    const int x0 = agents_.coordinate(0, box.lo.x()), x1 = agents_.coordinate(0, box.hi.x());
    const int y0 = agents_.coordinate(1, box.lo.y()), y1 = agents_.coordinate(1, box.hi.y());
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) entries.emplace_back(static_cast<std::uint32_t>(y * n[0] + x), k);
  }
  std::vector<std::uint32_t>& count = bins.start;
  for (const auto& e : entries) ++count[e.first + 1];
  for (std::size_t c = 0; c < cells; ++c) count[c + 1] += count[c];
  std::vector<std::uint32_t> fill(count.begin(), count.end() - 1);
  bins.list.assign(entries.size(), 0);
  for (const auto& e : entries) bins.list[fill[e.first]++] = e.second;
}

template <typename F>
void LatticeProvider::forEachPieceNear(const Vec3& lo, const Vec3& hi, F&& f) {
  if (staticBins_.list.empty() && movingBins_.list.empty()) return;
  if (++stamp_ == 0) {  // wrapped: clear the marks
    std::fill(pieceStamp_.begin(), pieceStamp_.end(), 0);
    stamp_ = 1;
  }
  const int nx = agents_.divisions()[0];
  const int x0 = agents_.coordinate(0, lo.x()), x1 = agents_.coordinate(0, hi.x());
  const int y0 = agents_.coordinate(1, lo.y()), y1 = agents_.coordinate(1, hi.y());
  for (const PieceBins* bins : {&staticBins_, &movingBins_}) {
    if (bins->list.empty()) continue;
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) {
        const auto cell = static_cast<std::size_t>(y * nx + x);
        for (std::uint32_t e = bins->start[cell]; e < bins->start[cell + 1]; ++e) {
          const PieceIndex k = bins->list[e];
          if (pieceStamp_[k] == stamp_) continue;
          pieceStamp_[k] = stamp_;
          f(k);
        }
      }
  }
}

void LatticeProvider::layOutByBin() {
  const std::size_t bins = agents_.binCount();
  const std::size_t n = agents_.size();
  binStart_.resize(bins + 1);
  sortedId_.resize(n);
  sortedX_.resize(n);
  sortedY_.resize(n);
  sortedZ_.resize(n);
  std::uint32_t slot = 0;
  for (std::size_t b = 0; b < bins; ++b) {
    binStart_[b] = slot;
    for (std::int32_t i = agents_.first(b); i != BinLattice::kAbsent; i = agents_.next(static_cast<BinLattice::Id>(i))) {
      const auto id = static_cast<BinLattice::Id>(i);
      const Vec3& p = agents_.position(id);
      sortedId_[slot] = id;
      sortedX_[slot] = p.x();
      sortedY_[slot] = p.y();
      sortedZ_[slot] = p.z();
      ++slot;
    }
  }
  binStart_[bins] = slot;
}

std::size_t LatticeProvider::appendAgentsWithin(std::size_t slot, std::size_t used) {
  const auto& n = agents_.divisions();
  const double cx = sortedX_[slot], cy = sortedY_[slot], cz = sortedZ_[slot];
  const double radius = nearRadius_[sortedId_[slot]];
  const int x0 = agents_.coordinate(0, cx - radius), x1 = agents_.coordinate(0, cx + radius);
  const int y0 = agents_.coordinate(1, cy - radius), y1 = agents_.coordinate(1, cy + radius);
  const int z0 = agents_.coordinate(2, cz - radius), z1 = agents_.coordinate(2, cz + radius);

  // The candidates' slots, row run after row run, in one list: the distance tests below then
  // run as one loop. Testing run by run costs a mispredicted loop exit per run, and at one
  // agent per bin a run holds only about three candidates. A short run's slots are written
  // as a fixed block of eight (consecutive integers; those past the run are overwritten by the
  // next run or never read), so that filling the list does not branch on the runs' lengths.
  if (candidates_.size() < sortedId_.size() + 8) candidates_.resize(sortedId_.size() + 8);
  std::uint32_t* candidates = candidates_.data();
  std::size_t count = 0;
  for (int z = z0; z <= z1; ++z)
    for (int y = y0; y <= y1; ++y) {
      const std::size_t row = (static_cast<std::size_t>(z) * n[1] + y) * n[0];
      const std::uint32_t begin = binStart_[row + x0], length = binStart_[row + x1 + 1] - begin;
      if (length <= 8) {
        for (std::uint32_t j = 0; j < 8; ++j) candidates[count + j] = begin + j;
      } else {
        for (std::uint32_t j = 0; j < length; ++j) candidates[count + j] = begin + j;
      }
      count += length;
    }
  ++queries_;
  candidatesTested_ += count;

  // |q − p| ≤ r decided on the squared distance, with the oracle's own test (the norm of the
  // difference, as Eigen computes it) only in a band of a few ulps around r², where rounding
  // could make the two differ: the sum of squares here may add the three terms in another order
  // than Eigen's, which moves it by at most 2 ulps, well inside the band (1e-15 ≈ 4.5 ulps). The
  // answer is exactly NeighborProvider's (and the brute-force oracle's) `norm() <= radius`.
  const double r2 = radius * radius;
  const double band = r2 * 1e-15;
  const Vec3 center(cx, cy, cz);
  if (used + count > neighborList_.size()) neighborList_.resize(std::max(2 * neighborList_.size(), used + count));
  AgentIndex* out = neighborList_.data();
  const double* xs = sortedX_.data();
  const double* ys = sortedY_.data();
  const double* zs = sortedZ_.data();
  const BinLattice::Id* ids = sortedId_.data();
  for (std::size_t t = 0; t < count; ++t) {
    const std::uint32_t k = candidates[t];
    const double dx = xs[k] - cx, dy = ys[k] - cy, dz = zs[k] - cz;
    const double d2 = dx * dx + dy * dy + dz * dz;
    bool in = d2 <= r2;
    if (std::abs(d2 - r2) <= band) [[unlikely]]
      in = (Vec3(xs[k], ys[k], zs[k]) - center).norm() <= radius;
    // Every candidate's id is written, and kept (the end advanced) when it is inside and not
    // the agent itself: no branch on the outcome, which a small fraction of the candidates
    // pass, so that a branch on it would mispredict often.
    out[used] = ids[k];
    used += (in && k != slot) ? 1 : 0;
  }
  return used;
}

void LatticeProvider::computeNearSets(const sim::World& world) {
  const auto& pieces = world.pieces();
  const bool sight = dimension_ == 2;
  // Agents outside the lattice (disabled) have empty lists.
  std::fill(neighborCount_.begin(), neighborCount_.end(), 0);
  std::fill(obstacleCount_.begin(), obstacleCount_.end(), 0);
  layOutByBin();
  std::size_t usedNeighbors = 0, usedObstacles = 0;
  for (std::size_t slot = 0; slot < sortedId_.size(); ++slot) {
    const BinLattice::Id i = sortedId_[slot];
    const double r = nearRadius_[i];
    nearWalls_.clear();
    if (!staticBins_.list.empty() || !movingBins_.list.empty()) {
      const Vec3& c = agents_.position(i);
      // Walls that could cut a sight line inside the near disk. A wall that meets segment pq
      // with |q − p| ≤ r is within r of p; the slack absorbs rounding so that the filter never
      // drops a wall the oracle's exact same intersection test would see.
      const double slack = 1e-9 * (1.0 + r + c.cwiseAbs().maxCoeff());
      const Vec3 reach = Vec3::Constant(r + slack);
      const std::size_t first = usedObstacles;
      forEachPieceNear(c - reach, c + reach, [&](PieceIndex k) {
        const double d = sim::distanceToPiece(pieces[k], c);
        if (d <= r) {
          if (usedObstacles == obstacleList_.size()) obstacleList_.resize(std::max<std::size_t>(64, 2 * usedObstacles));
          obstacleList_[usedObstacles++] = k;
        }
        if (sight && pieces[k].kind == ObstaclePiece::Kind::Segment && d <= r + slack)
          nearWalls_.push_back(pieces[k].segment);
      });
      std::sort(obstacleList_.begin() + static_cast<std::ptrdiff_t>(first),
                obstacleList_.begin() + static_cast<std::ptrdiff_t>(usedObstacles));
      obstacleStart_[i] = static_cast<std::uint32_t>(first);
      obstacleCount_[i] = static_cast<std::uint32_t>(usedObstacles - first);
    }
    const std::size_t first = usedNeighbors;
    usedNeighbors = appendAgentsWithin(slot, usedNeighbors);
    const auto begin = neighborList_.begin() + static_cast<std::ptrdiff_t>(first);
    auto end = neighborList_.begin() + static_cast<std::ptrdiff_t>(usedNeighbors);
    if (sight && !nearWalls_.empty()) {
      const Vec2 pc(sortedX_[slot], sortedY_[slot]);
      end = std::remove_if(begin, end, [&](AgentIndex j) {
        return !geometry::lineOfSight(pc, geometry::xy(agents_.position(j)), nearWalls_);
      });
      usedNeighbors = static_cast<std::size_t>(end - neighborList_.begin());
    }
    std::sort(begin, end);
    neighborStart_[i] = static_cast<std::uint32_t>(first);
    neighborCount_[i] = static_cast<std::uint32_t>(usedNeighbors - first);
  }
}

std::vector<sim::WorkCount> LatticeProvider::work() const {
  return {{"near_queries", static_cast<double>(queries_)}, {"candidates_tested", static_cast<double>(candidatesTested_)}};
}

void LatticeProvider::detectContacts(const sim::World& world, std::span<const sim::Vec3> previous) {
  const auto& pieces = world.pieces();
  const double dt = world.time - previousTime_;
  const auto timeAt = [&](double tau) { return previousTime_ + tau * dt; };
  double maxRadius = 0.0, maxStep = 0.0, maxShift = 0.0;
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    const sim::Agent& a = world.agents[i];
    if (!a.enabled) continue;
    maxRadius = std::max(maxRadius, a.radius);
    maxStep = std::max(maxStep, (a.state.position - previous[i]).norm());
  }
  // Only the moving pieces moved (static ones have no shift).
  std::vector<Vec3> shift(moving_.size(), Vec3::Zero());
  for (std::size_t m = 0; m < moving_.size(); ++m) {
    const auto& now = pieces[moving_[m]];
    const auto& before = movingBefore_[m];
    shift[m] = pieceShift(before, now);
    maxShift = std::max(maxShift, shift[m].norm());
  }
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    const sim::Agent& p = world.agents[i];
    if (!p.enabled) continue;
    const Vec3& p0 = previous[i];
    const Vec3& p1 = p.state.position;
    const double step = (p1 - p0).norm();
    // Two bodies that touch at some τ have end positions within this distance (triangle
    // inequality over both displacements).
    const double reach = p.radius + maxRadius + step + maxStep;
    agents_.forEachWithin(p1, reach, [&](BinLattice::Id j, const Vec3& q1) {
      if (j <= i) return;
      const auto tau = firstContactPoints(p0, p1, previous[j], q1, p.radius + world.agents[j].radius);
      if (tau) contacts_.push_back({static_cast<AgentIndex>(i), static_cast<AgentIndex>(j), 0, false, timeAt(*tau)});
    });
    const Vec3 grow = Vec3::Constant(p.radius + maxShift);
    forEachPieceNear(p0.cwiseMin(p1) - grow, p0.cwiseMax(p1) + grow, [&](PieceIndex k) {
      const std::uint32_t m = movingSlot_[k];
      const ObstaclePiece& start = m == kStatic ? pieces[k] : movingBefore_[m];
      const auto tau = firstContactPiece(p0, p1, p.radius, start, m == kStatic ? Vec3::Zero() : shift[m], dimension_);
      if (tau) contacts_.push_back({static_cast<AgentIndex>(i), sim::kNoAgent, k, true, timeAt(*tau)});
    });
  }
  sortContacts(contacts_);
}

}  // namespace steer::environment
