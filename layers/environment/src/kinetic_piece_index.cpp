#include "kinetic_piece_index.hpp"

#include <algorithm>
#include <cmath>

namespace steer::environment::kinetic {

namespace {
struct Box {
  geometry::Vec2 lo, hi;
};
Box boxOf(const sim::ObstaclePiece& p) {
  const sim::PieceBounds b = sim::pieceBounds(p);
  return {geometry::xy(b.lo), geometry::xy(b.hi)};
}
}  // namespace

// Clamped as doubles: a point (or a world) far beyond the grid would overflow an int.
int PieceIndex::clampX(double x) const {
  return static_cast<int>(std::clamp(std::floor((x - origin_.x()) / cell_), 0.0, static_cast<double>(nx_ - 1)));
}
int PieceIndex::clampY(double y) const {
  return static_cast<int>(std::clamp(std::floor((y - origin_.y()) / cell_), 0.0, static_cast<double>(ny_ - 1)));
}

void PieceIndex::build(const std::vector<sim::ObstaclePiece>& pieces, double cell) {
  std::vector<std::uint32_t> still;
  for (std::uint32_t k = 0; k < pieces.size(); ++k)
    if (!pieces[k].moving) still.push_back(k);
  build(pieces, still, cell, std::size_t{2048} * 2048);
}

void PieceIndex::build(const std::vector<sim::ObstaclePiece>& pieces, std::span<const std::uint32_t> which, double cell,
                       std::size_t maxCells) {
  cells_.clear();
  start_.clear();
  // The marks are kept between builds (the moving pieces are indexed again every step: clearing
  // one mark per piece of the world each time would cost O(pieces)).
  if (seen_.size() != pieces.size()) {
    seen_.assign(pieces.size(), 0);
    stamp_ = 0;
  }
  nx_ = ny_ = 0;
  if (which.empty()) return;
  geometry::Vec2 lo(INFINITY, INFINITY), hi(-INFINITY, -INFINITY);
  for (const std::uint32_t k : which) {
    const Box b = boxOf(pieces[k]);
    lo = lo.cwiseMin(b.lo);
    hi = hi.cwiseMax(b.hi);
  }
  // Points outside the indexed box clamp to the border cells, which still hold every piece
  // that reaches them, so the query stays a superset.
  // Finite even for an infinite near radius ("see everything"): a query's reach of ±∞ over an
  // infinite cell made NaN indices (and a crash); over a finite cell it clamps to the border.
  cell_ = std::clamp(cell, 1e-6, 1e300);
  origin_ = lo;
  const double cellsAcross = std::floor((hi.x() - lo.x()) / cell_) + 1, cellsDown = std::floor((hi.y() - lo.y()) / cell_) + 1;
  const double most = static_cast<double>(std::max<std::size_t>(maxCells, 1));
  if (cellsAcross * cellsDown > most) cell_ *= std::sqrt(cellsAcross * cellsDown / most);
  nx_ = static_cast<int>(std::min(2048.0, std::floor((hi.x() - lo.x()) / cell_) + 1));
  ny_ = static_cast<int>(std::min(2048.0, std::floor((hi.y() - lo.y()) / cell_) + 1));
  cell_ = std::max({cell_, (hi.x() - lo.x()) / nx_ * (1 + 1e-12), (hi.y() - lo.y()) / ny_ * (1 + 1e-12)});
  std::vector<std::uint32_t> count(static_cast<std::size_t>(nx_) * ny_ + 1, 0);
  auto forCells = [&](const Box& b, auto&& f) {
    for (int y = clampY(b.lo.y()); y <= clampY(b.hi.y()); ++y)
      for (int x = clampX(b.lo.x()); x <= clampX(b.hi.x()); ++x) f(cellOf(x, y));
  };
  for (const std::uint32_t k : which) forCells(boxOf(pieces[k]), [&](std::size_t c) { ++count[c]; });
  start_.assign(count.size(), 0);
  for (std::size_t c = 0; c + 1 < count.size(); ++c) start_[c + 1] = start_[c] + count[c];
  cells_.resize(start_.back());
  std::vector<std::uint32_t> fill(start_.begin(), start_.end() - 1);
  for (const std::uint32_t k : which) forCells(boxOf(pieces[k]), [&](std::size_t c) { cells_[fill[c]++] = k; });
}

}  // namespace steer::environment::kinetic
