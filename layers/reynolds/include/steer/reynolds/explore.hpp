#pragma once
/// @file The grid that explore covers. reynolds-1999 (the paragraph after
/// Wander, in "Steering Behaviors") only names the behaviour:
/// "Related to wander is explore (where the goal is to exhaustively cover a region of space)
/// and forage (combining wandering with resource seeking). See [Beer 90] and [Tu 96] for more
/// details." Our construction: a coarse grid of cells over a box; a cell is *seen* when its
/// centre comes within a sensing radius of the character, and each character remembers when it
/// last saw each cell. Explore seeks the least recently seen cell it can reach, nearest first
/// among equals (so never-seen cells are taken nearest first), then the lowest cell index.
/// Cells whose centre lies in (or near) a static obstacle are blocked; the others are grouped
/// into connected components by the straight moves between neighbouring cells that no static
/// obstacle cuts, and only the character's own component is reachable.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <span>
#include <vector>

#include "steer/geometry/vec.hpp"
#include "steer/sim/world.hpp"

namespace steer::reynolds {

using geometry::Vec3;

struct ExploreParameters {
  Vec3 min = Vec3(-10, -10, -10);  ///< the box to cover (m); z ignored in 2D
  Vec3 max = Vec3(10, 10, 10);
  double cellSize = 2.0;       ///< wanted cell edge (m), > 0; rounded up to tile the box exactly
  double sensingRadius = 2.0;  ///< a cell is seen when its centre is this close (m), > 0
  double clearance = 0.5;      ///< cells (and moves) this close to a static obstacle are blocked (m), ≥ 0
};

/// What a character remembers of a grid is the time it last saw each cell, kNeverSeen before.
inline constexpr double kNeverSeen = -INFINITY;

/// The coarse grid over a box: cell geometry, blocked cells and connected components.
class ExploreGrid {
 public:
  ExploreGrid() = default;
  /// A grid of ⌈extent/cellSize⌉ cells per axis (x, y; and z in 3D), with nothing blocked.
  ExploreGrid(const ExploreParameters& p, int dimension);

  /// Blocks the cells whose centre lies within `clearance` of a static obstacle of `world`,
  /// and labels the components (moves between face neighbours, cut when the straight move
  /// passes within `clearance` of a static wall or ball). Moving obstacles are ignored.
  void findReachable(const sim::World& world);

  std::size_t size() const { return blocked_.size(); }
  int dimension() const { return dimension_; }
  /// Cells along x, y, z (z = 1 in 2D).
  std::array<int, 3> counts() const { return counts_; }
  Vec3 center(std::size_t cell) const;
  /// The cell containing p (clamped to the box).
  std::size_t cellOf(const Vec3& p) const;
  bool blocked(std::size_t cell) const { return blocked_[cell] != 0; }
  int component(std::size_t cell) const { return component_[cell]; }
  /// The component a character at p may reach: its cell's, or the nearest unblocked cell's
  /// when its own is blocked; −1 when every cell is blocked.
  int componentAt(const Vec3& p) const;
  /// Unblocked cells: the cells coverage is measured over.
  std::size_t openCells() const;
  double sensingRadius() const { return sensing_; }

  /// Calls f(cell) for every cell whose centre is within the sensing radius of p (in the
  /// x–y plane in 2D), blocked or not, in increasing cell index.
  template <class F>
  void forEachSensed(const Vec3& p, F&& f) const {
    // The index range of the centres within ±sensing of p along each axis (clamped as doubles
    // first, so that a character far outside the box cannot overflow an int).
    int lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    for (int k = 0; k < dimension_; ++k) {
      const double first = std::ceil((p[k] - sensing_ - min_[k]) / edge_[k] - 0.5);
      const double last = std::floor((p[k] + sensing_ - min_[k]) / edge_[k] - 0.5);
      if (!(first <= last) || last < 0.0 || first > counts_[k] - 1) return;
      lo[k] = static_cast<int>(std::max(0.0, first));
      hi[k] = static_cast<int>(std::min<double>(counts_[k] - 1, last));
    }
    const double r2 = sensing_ * sensing_;
    for (int z = lo[2]; z <= hi[2]; ++z)
      for (int y = lo[1]; y <= hi[1]; ++y)
        for (int x = lo[0]; x <= hi[0]; ++x) {
          const std::size_t cell = index(x, y, z);
          Vec3 d = center(cell) - p;
          if (dimension_ == 2) d.z() = 0.0;
          if (d.squaredNorm() <= r2) f(cell);
        }
  }

 private:
  std::size_t index(int x, int y, int z) const {
    return (static_cast<std::size_t>(z) * counts_[1] + static_cast<std::size_t>(y)) * counts_[0] + x;
  }
  int dimension_ = 2;
  Vec3 min_ = Vec3::Zero();
  Vec3 edge_ = Vec3::Ones();  ///< actual cell edges (m)
  std::array<int, 3> counts_{1, 1, 1};
  double sensing_ = 1.0;
  double clearance_ = 0.0;
  std::vector<unsigned char> blocked_;
  std::vector<int> component_;
};

/// Explore's target cell for a character at `position`: among the unblocked cells of its
/// reachable component, the least recently seen one; ties go to the nearest cell centre, then
/// to the lowest index. `lastSeen` is empty when nothing has been seen yet. Returns grid.size()
/// when no cell is reachable.
std::size_t exploreTarget(const ExploreGrid& grid, std::span<const double> lastSeen, const Vec3& position);

/// The fraction of the grid's unblocked cells with a finite time in `lastSeen`.
double coverage(const ExploreGrid& grid, std::span<const double> lastSeen);

}  // namespace steer::reynolds
