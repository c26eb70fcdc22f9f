#pragma once
// A uniform grid over obstacle pieces (segments and balls), so that each agent finds the pieces
// within its near radius in O(1) expected time: the static pieces, indexed once, or the moving
// ones, indexed again at every step.
#include <cstdint>
#include <span>
#include <vector>

#include "steer/sim/obstacle.hpp"

namespace steer::environment::kinetic {

class PieceIndex {
 public:
  /// Indexes the pieces with !moving; `cell` is the grid spacing (m), > 0.
  void build(const std::vector<sim::ObstaclePiece>& pieces, double cell);
  /// Indexes pieces[k] for k in `which`, with cells of at least `cell` metres and at most
  /// `maxCells` cells (cells grow to stay within it).
  void build(const std::vector<sim::ObstaclePiece>& pieces, std::span<const std::uint32_t> which, double cell,
             std::size_t maxCells);
  /// Calls visit(pieceIndex) once for every static piece whose bounding box meets the square of
  /// half side `radius` around `center` (a superset of the pieces within `radius`). Not safe to
  /// call from two threads at once, const as it is: it stamps the pieces it visited in the
  /// index's own scratch (the providers call it from update() and reset() alone).
  template <class Visit>
  void forEachNear(const geometry::Vec2& center, double radius, Visit&& visit) const {
    if (cells_.empty()) return;
    const int x0 = clampX(center.x() - radius), x1 = clampX(center.x() + radius);
    const int y0 = clampY(center.y() - radius), y1 = clampY(center.y() + radius);
    ++stamp_;
    for (int y = y0; y <= y1; ++y)
      for (int x = x0; x <= x1; ++x)
        for (std::uint32_t k = start_[cellOf(x, y)]; k < start_[cellOf(x, y) + 1]; ++k) {
          const std::uint32_t piece = cells_[k];
          if (seen_[piece] == stamp_) continue;
          seen_[piece] = stamp_;
          visit(piece);
        }
  }
  std::size_t memoryBytes() const {
    return cells_.capacity() * sizeof(std::uint32_t) + start_.capacity() * sizeof(std::uint32_t) +
           seen_.capacity() * sizeof(std::uint64_t);
  }

 private:
  int clampX(double x) const;
  int clampY(double y) const;
  std::size_t cellOf(int x, int y) const { return static_cast<std::size_t>(y) * nx_ + x; }

  geometry::Vec2 origin_ = geometry::Vec2::Zero();
  double cell_ = 1.0;
  int nx_ = 0, ny_ = 0;
  std::vector<std::uint32_t> start_;  // CSR offsets, one per cell plus one
  std::vector<std::uint32_t> cells_;  // piece indices per cell
  mutable std::vector<std::uint64_t> seen_;
  mutable std::uint64_t stamp_ = 0;
};

}  // namespace steer::environment::kinetic
