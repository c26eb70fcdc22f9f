#pragma once
// A uniform hash grid of boxes (cells of side `cell`), for the run metrics' contact and
// clearance search (metrics.cpp): each box is listed in every cell it overlaps, and a query
// calls back every id listed in the cells a query box overlaps (an id may come more than once).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "cell_key.hpp"
#include "steer/sim/obstacle.hpp"

namespace steer::experiments {

class ContactGrid {
 public:
  explicit ContactGrid(double cell) : cell_(cell) {}

  /// Cells a box covers (as a double: a huge box must not overflow the count).
  double cellsOf(const sim::Vec3& lo, const sim::Vec3& hi) const {
    double n = 1.0;
    for (int k = 0; k < 3; ++k) n *= std::floor(hi[k] / cell_) - std::floor(lo[k] / cell_) + 1.0;
    return n;
  }
  void insert(const sim::Vec3& lo, const sim::Vec3& hi, std::uint32_t id) {
    for (int k = 0; k < 3; ++k) {
      first_[k] = cells_.empty() ? c(lo[k]) : std::min(first_[k], c(lo[k]));
      last_[k] = cells_.empty() ? c(hi[k]) : std::max(last_[k], c(hi[k]));
    }
    for (long x = c(lo.x()); x <= c(hi.x()); ++x)
      for (long y = c(lo.y()); y <= c(hi.y()); ++y)
        for (long z = c(lo.z()); z <= c(hi.z()); ++z) cells_[pack(x, y, z)].push_back(id);
  }
  /// The query box is cut to the cells that hold any box: the run metrics look up ~37 cells per
  /// agent and step, most of them empty where the obstacles stand in one part of the world.
  template <class F>
  void query(const sim::Vec3& lo, const sim::Vec3& hi, F&& f) const {
    if (cells_.empty()) return;
    long from[3], to[3];
    for (int k = 0; k < 3; ++k) {
      from[k] = std::max(c(lo[k]), first_[k]);
      to[k] = std::min(c(hi[k]), last_[k]);
      if (from[k] > to[k]) return;
    }
    for (long x = from[0]; x <= to[0]; ++x)
      for (long y = from[1]; y <= to[1]; ++y)
        for (long z = from[2]; z <= to[2]; ++z) {
          const auto it = cells_.find(pack(x, y, z));
          if (it != cells_.end())
            for (auto id : it->second) f(id);
        }
  }

 private:
  static std::uint64_t pack(long x, long y, long z) { return cellKey(x, y, z); }
  long c(double v) const { return cellIndex(v, cell_); }

  double cell_;
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> cells_;
  long first_[3] = {0, 0, 0}, last_[3] = {0, 0, 0};  // the cells holding any box, per axis
};

/// Obstacle pieces for the contact search: those of modest size in a grid, the rest (a piece far
/// larger than the cells, e.g. a lake of a kilometre among agents of half a metre, would fill
/// millions of cells) in a list checked against every agent. Balls are boxes in space; a
/// segment is a vertical prism (a wall, or a solid's side, of any height), so it is binned by
/// its x–y box alone and found from any height: binned at z = 0, it was missed by agents
/// flying over z = 0's cells in 3D. In a planar world (2D) the balls are binned flat too: every
/// centre is at z = 0, and their boxes' ±radius in z made each query look in two layers.
struct PieceGrid {
  PieceGrid(double cell, bool planar) : balls(cell), prisms(cell), planar_(planar) {}
  void add(const sim::ObstaclePiece& piece, std::uint32_t index) {
    constexpr double kMostCellsPerPiece = 4096;
    const sim::PieceBounds box = sim::pieceBounds(piece);  // a segment's at z = 0
    const bool ball = piece.kind == sim::ObstaclePiece::Kind::Ball;
    ContactGrid& grid = ball ? balls : prisms;
    const sim::Vec3 lo = ball && !planar_ ? box.lo : flat(box.lo), hi = ball && !planar_ ? box.hi : flat(box.hi);
    if (grid.cellsOf(lo, hi) > kMostCellsPerPiece)
      large.push_back(index);
    else
      grid.insert(lo, hi, index);
  }
  /// Calls f(index) for every piece that may lie within the box (some more than once).
  template <class F>
  void query(const sim::Vec3& lo, const sim::Vec3& hi, F&& f) const {
    if (planar_)
      balls.query(flat(lo), flat(hi), f);
    else
      balls.query(lo, hi, f);
    prisms.query(flat(lo), flat(hi), f);
    for (const std::uint32_t k : large) f(k);
  }

  ContactGrid balls, prisms;
  std::vector<std::uint32_t> large;

 private:
  static sim::Vec3 flat(const sim::Vec3& p) { return {p.x(), p.y(), 0.0}; }
  bool planar_;
};

}  // namespace steer::experiments
