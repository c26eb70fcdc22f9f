#include "steer/environment/brute_force_provider.hpp"

#include <cmath>

#include "finite_positions.hpp"
#include "steer/environment/collision.hpp"
#include "steer/geometry/distance.hpp"

namespace steer::environment {

using sim::AgentIndex;
using sim::ObstaclePiece;
using sim::PieceIndex;

std::vector<geometry::Segment> sightBlockers(const sim::World& world) {
  std::vector<geometry::Segment> walls;
  for (const auto& piece : world.pieces())
    if (piece.kind == ObstaclePiece::Kind::Segment) walls.push_back(piece.segment);
  return walls;
}

bool isNearNeighbor(const sim::World& world, std::span<const geometry::Segment> walls,
                    const sim::Agent& p, const sim::Agent& q) {
  if (&p == &q || !p.enabled || !q.enabled) return false;
  if ((q.state.position - p.state.position).norm() > p.nearRadius) return false;
  if (world.dimension == 3) return true;  // 3D has no walls (A.3.2)
  return geometry::lineOfSight(geometry::xy(p.state.position), geometry::xy(q.state.position), walls);
}

void BruteForceProvider::reset(const sim::World& world) {
  requireFinitePositions(world, "brute");
  recompute(world);
  contacts_.clear();
  piecesBefore_ = world.pieces();
  previousTime_ = world.time;
}

void BruteForceProvider::update(const sim::World& world, std::span<const sim::Vec3> previous) {
  requireFinitePositions(world, "brute");
  recompute(world);
  contacts_.clear();
  if (settings_.detectContacts && previous.size() == world.agents.size()) detectContacts(world, previous);
  piecesBefore_ = world.pieces();
  previousTime_ = world.time;
}

void BruteForceProvider::detectContacts(const sim::World& world, std::span<const sim::Vec3> previous) {
  const std::size_t n = world.agents.size(), pieces = world.pieces().size();
  allAgents_.resize(n);
  for (std::size_t i = 0; i < n; ++i) allAgents_[i] = static_cast<AgentIndex>(i);
  allPieces_.resize(pieces);
  for (std::size_t k = 0; k < pieces; ++k) allPieces_[k] = static_cast<PieceIndex>(k);
  // Pieces added or removed since the last update have no start to move from: taken as static.
  const std::span<const ObstaclePiece> before =
      piecesBefore_.size() == pieces ? std::span<const ObstaclePiece>(piecesBefore_) : std::span<const ObstaclePiece>();
  for (std::size_t i = 0; i < n; ++i)
    if (world.agents[i].enabled)
      agentContactsInStep(world, previous, before, previousTime_, static_cast<AgentIndex>(i), allAgents_, allPieces_,
                          contacts_);
  sortContacts(contacts_);
}

void BruteForceProvider::recompute(const sim::World& world) {
  const std::size_t n = world.agents.size();
  // Cleared, not reallocated: the lists keep their capacity from step to step, as the other
  // providers' do, so that the naive baseline pays for its O(n²) tests and not for malloc.
  neighbors_.resize(n);
  obstacles_.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    neighbors_[i].clear();
    obstacles_[i].clear();
  }
  const auto walls = sightBlockers(world);
  const auto& pieces = world.pieces();
  // The pairs are screened on a dense array of positions by squared distance, with a margin for
  // the rounding of the square root, and each pair that may be near is decided by
  // isNearNeighbor itself, so the sets are the definition's to the last bit. (Scanning the
  // ~360-byte Agent records with a square root per pair made the naive baseline of the lattice
  // and kinetic benchmarks slower than a naive O(n²) scan need be.)
  positions_.resize(n);
  for (std::size_t j = 0; j < n; ++j)
    positions_[j] = world.agents[j].enabled ? world.agents[j].state.position : sim::Vec3::Constant(std::nan(""));
  for (std::size_t i = 0; i < n; ++i) {
    const sim::Agent& p = world.agents[i];
    if (!p.enabled) continue;
    const sim::Vec3 at = positions_[i];
    const double screen = p.nearRadius * p.nearRadius * (1.0 + 1e-9);
    for (std::size_t j = 0; j < n; ++j) {
      if (!((positions_[j] - at).squaredNorm() <= screen)) continue;  // far, or disabled (NaN)
      if (isNearNeighbor(world, walls, p, world.agents[j])) neighbors_[i].push_back(static_cast<AgentIndex>(j));
    }
    for (std::size_t k = 0; k < pieces.size(); ++k)
      if (sim::distanceToPiece(pieces[k], p.state.position) <= p.nearRadius)
        obstacles_[i].push_back(static_cast<PieceIndex>(k));
  }
}

}  // namespace steer::environment
