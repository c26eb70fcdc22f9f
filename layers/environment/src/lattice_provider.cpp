#include "steer/environment/lattice_provider.hpp"

#include <algorithm>
#include <cmath>

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

// The x–y bounding box of a piece, grown by `grow` (m).
void pieceBox(const ObstaclePiece& piece, double grow, Vec2& lo, Vec2& hi) {
  if (piece.kind == ObstaclePiece::Kind::Ball) {
    const Vec2 c = geometry::xy(piece.ball.center);
    lo = c.array() - (piece.ball.radius + grow);
    hi = c.array() + (piece.ball.radius + grow);
  } else {
    lo = piece.segment.a.cwiseMin(piece.segment.b).array() - grow;
    hi = piece.segment.a.cwiseMax(piece.segment.b).array() + grow;
  }
}

}  // namespace

void LatticeProvider::reset(const sim::World& world) {
  dimension_ = world.dimension;
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
  neighbors_.assign(n, {});
  obstacles_.assign(n, {});
  contacts_.clear();
  syncAgents(world);
  indexPieces(world);
  previousPieces_ = world.pieces();
  previousTime_ = world.time;
  computeNearSets(world);
}

void LatticeProvider::update(const sim::World& world, std::span<const sim::Vec3> previous) {
  if (world.agents.size() != neighbors_.size() || world.dimension != dimension_) {
    reset(world);  // the world changed shape: start again
    return;
  }
  syncAgents(world);
  if (movingPieces_ || world.pieces().size() != previousPieces_.size()) indexPieces(world);
  computeNearSets(world);
  contacts_.clear();
  if (settings_.detectContacts && previous.size() == world.agents.size()) detectContacts(world, previous);
  previousPieces_ = world.pieces();
  previousTime_ = world.time;
}

void LatticeProvider::syncAgents(const sim::World& world) {
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    const sim::Agent& a = world.agents[i];
    const auto id = static_cast<BinLattice::Id>(i);
    const bool in = agents_.contains(id);
    if (a.enabled && in)
      agents_.move(id, a.state.position);
    else if (a.enabled)
      agents_.insert(id, a.state.position);
    else if (in)
      agents_.remove(id);
  }
}

void LatticeProvider::indexPieces(const sim::World& world) {
  const auto& pieces = world.pieces();
  const auto& n = agents_.divisions();
  const std::size_t cells = static_cast<std::size_t>(n[0]) * n[1];
  movingPieces_ = std::any_of(pieces.begin(), pieces.end(), [](const ObstaclePiece& p) { return p.moving; });
  pieceStamp_.assign(pieces.size(), 0);
  stamp_ = 0;
  // Two passes (count, then fill) build the compressed rows. A piece is put in every bin of
  // its x–y bounding box: a superset of the bins it meets, and pieces are few.
  std::vector<std::uint32_t> count(cells + 1, 0);
  std::vector<std::pair<std::uint32_t, PieceIndex>> entries;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    Vec2 lo, hi;
    pieceBox(pieces[k], 0.0, lo, hi);
    const int x0 = agents_.coordinate(0, lo.x()), x1 = agents_.coordinate(0, hi.x());
    const int y0 = agents_.coordinate(1, lo.y()), y1 = agents_.coordinate(1, hi.y());
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x) {
        const auto cell = static_cast<std::uint32_t>(y * n[0] + x);
        entries.emplace_back(cell, static_cast<PieceIndex>(k));
      }
  }
  for (const auto& e : entries) ++count[e.first + 1];
  for (std::size_t c = 0; c < cells; ++c) count[c + 1] += count[c];
  pieceStart_ = count;
  pieceList_.assign(entries.size(), 0);
  for (const auto& e : entries) pieceList_[count[e.first]++] = e.second;
}

template <typename F>
void LatticeProvider::forEachPieceNear(const Vec3& lo, const Vec3& hi, F&& f) {
  if (pieceList_.empty()) return;
  if (++stamp_ == 0) {  // wrapped: clear the marks
    std::fill(pieceStamp_.begin(), pieceStamp_.end(), 0);
    stamp_ = 1;
  }
  const int nx = agents_.divisions()[0];
  const int x0 = agents_.coordinate(0, lo.x()), x1 = agents_.coordinate(0, hi.x());
  const int y0 = agents_.coordinate(1, lo.y()), y1 = agents_.coordinate(1, hi.y());
  for (int y = y0; y <= y1; ++y)
    for (int x = x0; x <= x1; ++x) {
      const auto cell = static_cast<std::size_t>(y * nx + x);
      for (std::uint32_t e = pieceStart_[cell]; e < pieceStart_[cell + 1]; ++e) {
        const PieceIndex k = pieceList_[e];
        if (pieceStamp_[k] == stamp_) continue;
        pieceStamp_[k] = stamp_;
        f(k);
      }
    }
}

void LatticeProvider::layOutByBin() {
  const std::size_t bins = agents_.binCount();
  binStart_.resize(bins + 1);
  sortedId_.clear();
  sortedPosition_.clear();
  for (std::size_t b = 0; b < bins; ++b) {
    binStart_[b] = static_cast<std::uint32_t>(sortedId_.size());
    for (std::int32_t i = agents_.first(b); i != BinLattice::kAbsent; i = agents_.next(static_cast<BinLattice::Id>(i))) {
      sortedId_.push_back(static_cast<BinLattice::Id>(i));
      sortedPosition_.push_back(agents_.position(static_cast<BinLattice::Id>(i)));
    }
  }
  binStart_[bins] = static_cast<std::uint32_t>(sortedId_.size());
}

template <typename F>
void LatticeProvider::forEachAgentWithin(const Vec3& center, double radius, F&& f) {
  const auto& n = agents_.divisions();
  const int x0 = agents_.coordinate(0, center.x() - radius), x1 = agents_.coordinate(0, center.x() + radius);
  const int y0 = agents_.coordinate(1, center.y() - radius), y1 = agents_.coordinate(1, center.y() + radius);
  const int z0 = agents_.coordinate(2, center.z() - radius), z1 = agents_.coordinate(2, center.z() + radius);
  // |p − c| ≤ r decided on the squared distance, with the square root taken only in a band of
  // a few ulps around r², where rounding could make the two tests differ: the answer is
  // exactly NeighborProvider's (and the brute-force oracle's) `norm() <= radius`.
  const double r2 = radius * radius;
  const double r2Low = r2 * (1.0 - 1e-15), r2High = r2 * (1.0 + 1e-15);
  if (inside_.size() < sortedId_.size()) inside_.resize(sortedId_.size());
  std::size_t kept = 0;
  for (int z = z0; z <= z1; ++z)
    for (int y = y0; y <= y1; ++y) {
      const std::size_t row = (static_cast<std::size_t>(z) * n[1] + y) * n[0];
      const std::uint32_t end = binStart_[row + x1 + 1];
      for (std::uint32_t k = binStart_[row + x0]; k < end; ++k) {
        const double d2 = (sortedPosition_[k] - center).squaredNorm();
        bool in = d2 <= r2Low;
        if (d2 > r2Low && d2 <= r2High) [[unlikely]]
          in = std::sqrt(d2) <= radius;
        inside_[kept] = k;
        kept += in ? 1 : 0;
      }
    }
  for (std::size_t m = 0; m < kept; ++m) f(sortedId_[inside_[m]], sortedPosition_[inside_[m]]);
}

void LatticeProvider::computeNearSets(const sim::World& world) {
  const auto& pieces = world.pieces();
  const bool sight = dimension_ == 2;
  for (std::size_t i = 0; i < world.agents.size(); ++i)
    if (!world.agents[i].enabled) {
      neighbors_[i].clear();
      obstacles_[i].clear();
    }
  layOutByBin();
  for (const BinLattice::Id i : sortedId_) {
    auto& nbrs = neighbors_[i];
    auto& obst = obstacles_[i];
    nbrs.clear();
    obst.clear();
    const sim::Agent& p = world.agents[i];
    const Vec3& c = p.state.position;
    const double r = p.nearRadius;
    // Walls that could cut a sight line inside the near disk. A wall that meets segment pq
    // with |q − p| ≤ r is within r of p; the slack absorbs rounding so that the filter never
    // drops a wall the oracle's exact same intersection test would see.
    const double slack = 1e-9 * (1.0 + r + c.cwiseAbs().maxCoeff());
    nearWalls_.clear();
    const Vec3 reach = Vec3::Constant(r + slack);
    forEachPieceNear(c - reach, c + reach, [&](PieceIndex k) {
      const double d = sim::distanceToPiece(pieces[k], c);
      if (d <= r) obst.push_back(k);
      if (sight && pieces[k].kind == ObstaclePiece::Kind::Segment && d <= r + slack)
        nearWalls_.push_back(pieces[k].segment);
    });
    std::sort(obst.begin(), obst.end());
    const Vec2 pc = geometry::xy(c);
    forEachAgentWithin(c, r, [&](BinLattice::Id j, const Vec3& q) {
      if (j == i) return;
      if (sight && !nearWalls_.empty() && !geometry::lineOfSight(pc, geometry::xy(q), nearWalls_)) return;
      nbrs.push_back(j);
    });
    std::sort(nbrs.begin(), nbrs.end());
  }
}

void LatticeProvider::detectContacts(const sim::World& world, std::span<const sim::Vec3> previous) {
  const auto& pieces = world.pieces();
  const bool samePieces = previousPieces_.size() == pieces.size();
  const double dt = world.time - previousTime_;
  const auto timeAt = [&](double tau) { return previousTime_ + tau * dt; };
  double maxRadius = 0.0, maxStep = 0.0, maxShift = 0.0;
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    const sim::Agent& a = world.agents[i];
    if (!a.enabled) continue;
    maxRadius = std::max(maxRadius, a.radius);
    maxStep = std::max(maxStep, (a.state.position - previous[i]).norm());
  }
  std::vector<Vec3> shift(pieces.size(), Vec3::Zero());
  if (samePieces)
    for (std::size_t k = 0; k < pieces.size(); ++k) {
      const auto& now = pieces[k];
      const auto& before = previousPieces_[k];
      shift[k] = now.kind == ObstaclePiece::Kind::Ball ? Vec3(now.ball.center - before.ball.center)
                                                       : geometry::lift(now.segment.a - before.segment.a);
      maxShift = std::max(maxShift, shift[k].norm());
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
      const ObstaclePiece& start = samePieces ? previousPieces_[k] : pieces[k];
      const auto tau = firstContactPiece(p0, p1, p.radius, start, shift[k], dimension_);
      if (tau) contacts_.push_back({static_cast<AgentIndex>(i), sim::kNoAgent, k, true, timeAt(*tau)});
    });
  }
  sortContacts(contacts_);
}

}  // namespace steer::environment
