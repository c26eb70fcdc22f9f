#pragma once
// Obstacle pieces near each agent for the kinetic provider: the pieces within r_p (the
// provider's obstacles() list), the segments that may block sight inside C_p, whether a static
// wall reaches into C_p (then the near set is kept by walks, not by Lemma 1's local updates), the
// wall contacts of continuous collision detection, and whether an agent's step crosses a wall.
//
// Static pieces sit in a uniform grid (kinetic_piece_index.hpp). Each agent's lists carry one
// certificate: the least distance from the agent to a change — a piece's distance crossing r_p,
// the sight reach, or the body radius (a contact), or a piece beyond the searched square coming
// in range. An agent's pieces are looked at again only when it could have moved that far (the
// motion clock, kinetic_clock.hpp). The moving pieces sit in a grid of their own, built again at
// each step; an agent's pieces are also looked at in every step in which a moving piece is near
// it (within its sight reach, or where its body could meet one in the step) or was near it at
// the last look, and only then. (The moving pieces follow world time, not the motion clock,
// which stands still when no agent moves: a certificate on them would need both.)
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "kinetic_list_pool.hpp"
#include "kinetic_near_sets.hpp"
#include "kinetic_piece_index.hpp"
#include "kinetic_shared.hpp"

namespace steer::environment::kinetic {

class Obstacles final : public NearSets::Sight {
 public:
  explicit Obstacles(Shared& shared) : s_(shared) {}

  /// Indexes the static pieces of the world and clears every agent's lists.
  void build(const std::vector<sim::ObstaclePiece>& pieces);
  /// The world's pieces for this call (same indices as at build; moving ones move).
  void attach(const std::vector<sim::ObstaclePiece>& pieces) {
    pieces_ = &pieces;
    movingIndexed_ = false;
  }
  /// Whether agent p's pieces must be looked at in this step: never looked at, certificate due,
  /// or a moving piece near it now or at the last look. `previous` (its start position, or null)
  /// and `dt` as for refresh(). The caller adds radius changes.
  bool due(std::uint32_t p, const sim::Vec3* previous, double dt);
  /// Per piece: how far the triangulation's constraint pieces of that wall may stray from it
  /// (Triangulation::wallStraying(); empty: none strays). refresh() sets Shared::kOnStrayingWall
  /// for an agent within that of such a wall, and certifies that it stays farther.
  void setStraying(std::vector<double> perPiece) { straying_ = std::move(perPiece); }
  /// Looks at agent p's pieces for its end position and sets Shared::kWallsNow and kLosMoving.
  /// With `previous` (its start position) it also appends the contacts its body begins with
  /// pieces in the step [t0, t0 + dt].
  void refresh(std::uint32_t p, const sim::Vec3* previous, double t0, double dt, std::vector<sim::Contact>& contacts);
  /// End of an update: the moving pieces as they are now are where the next step starts.
  void endStep();
  /// Whether a static wall (a constraint of the triangulation) comes within `radius` of c.
  bool wallWithin(const geometry::Vec2& c, double radius) const;
  /// Whether the segment from → to meets a static wall.
  bool crossesWall(const geometry::Vec2& from, const geometry::Vec2& to) const;
  void clearAgent(std::uint32_t p);
  /// Compacts the lists when they left many holes (once per update).
  void tidy();
  /// Sorted indices of the pieces within r_p (internal p).
  std::span<const sim::PieceIndex> obstacles(std::uint32_t p) const { return pool_.view(obstRef_[p]); }
  std::span<const sim::PieceIndex> sightPieces(std::uint32_t p) const override { return pool_.view(sightRef_[p]); }
  bool anyMoving() const { return !moving_.empty(); }
  void rebase(double shift);
  std::size_t memoryBytes() const;

 private:
  void indexMoving();  // the grid of the moving pieces where they are now
  // Sight: a wall meeting the segment pq for some q within r_p is within r_p of p; the tiny
  // slack keeps the floating-point distance from dropping a wall the oracle's test would meet.
  double sightReach(std::uint32_t p) const { return s_.radius[p] * (1.0 + 1e-9) + 1e-9; }
  // Half side of the square around p's end position that holds every moving piece refresh() reads.
  double movingReach(std::uint32_t p, const sim::Vec3* previous, double dt) const;

  Shared& s_;
  PieceIndex index_;  // the static pieces
  std::vector<sim::PieceIndex> moving_;
  PieceIndex movingIndex_;
  bool movingIndexed_ = false;  // for the pieces attached
  double cell_ = 1.0;           // the static grid's cell (m)
  // The moving pieces where the last update left them (by position in moving_), and how far
  // each moved since (indexMoving()): a contact test starts each piece from where it really was,
  // not from its velocity × dt, which is off when its path turns (or ends) within the step.
  std::vector<sim::ObstaclePiece> movingBefore_;
  std::vector<geometry::Vec2> movingShift_;
  std::vector<std::uint32_t> movingSlot_;  // per piece: its position in moving_, or kStatic
  static constexpr std::uint32_t kStatic = 0xffffffffu;
  double maxShift_ = 0.0;  // the longest of movingShift_ (m)
  ListPool<sim::PieceIndex> pool_;
  std::vector<ListPool<sim::PieceIndex>::Ref> obstRef_, sightRef_;
  std::vector<float> due_;
  std::vector<double> straying_;  // per piece (setStraying)
  const std::vector<sim::ObstaclePiece>* pieces_ = nullptr;
  std::vector<sim::PieceIndex> candidates_;
};

}  // namespace steer::environment::kinetic
